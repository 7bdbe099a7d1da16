"""Nothing lost on Discord: a refused channel, a bot that was away, a mistyped plain move.

Through the real bot, service, engine and renderer on dpytest's fake server: posts refused with
403 stay owed and go out (once) when the channel takes them again, the moderator hears of it in
private once; messages posted while the bot was down are read from the channel's history at the
next start and handled in order, with one summary; a typo from the player to act is answered.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.cogs.recovery import Recovery
from tests.discord_support import Table, busbot_table
from tests.test_discord_game import MODERATOR_ROLE, Players, only, seat_players


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)  # dpytest stores the files the bot sends in the working directory
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


def _recovery(table: Table) -> Recovery:
    """The running cog (loaded as an extension, so its class is the extension module's)."""
    cog = table.bot.get_cog("Recovery")
    assert type(cog).__name__ == "Recovery"
    return cog  # type: ignore[return-value]


async def test_a_refused_move_is_posted_once_the_channel_takes_posts_again(table: Table) -> None:
    server, people = table.server, Players.at(table.server)
    await seat_players(table, people)
    server.refuse_posts()
    posts = await server.say(people.arcsyn, "Place House at C1")
    posts += await server.say(people.arcsyn, "Place Office at C1")
    assert [p for p in posts if p.channel_id == server.table.id] == []
    assert table.moves_played(server.table)[-2:] == [("Arcsyn", "Place House at C1"),
                                                     ("Arcsyn", "Place Office at C1")]
    # The game's moderator (its creator) hears of it privately, once for both posts.
    dm = people.moderator.member.dm_channel
    assert dm is not None and [p.channel_id for p in posts] == [dm.id]
    assert f"cannot post in <#{server.table.id}>" in posts[0].content
    assert "Missing Permissions" in posts[0].content

    server.refuse_posts(False)
    await _recovery(table).recover()
    posts = await server.sent()
    assert {p.channel_id for p in posts} == {server.table.id}
    # One current update for both: the moves in order, the table now, the ping of who is to act.
    assert len(posts) == 1
    assert posts[0].content.index("House at C1") < posts[0].content.index("Office at C1")
    assert posts[-1].pings == {people.daemonis.id}
    assert posts[-1].pictures == [table.expected_picture(server.table)]
    await _recovery(table).recover()  # delivered exactly once
    assert await server.sent() == []


async def test_moves_posted_while_the_bot_was_away_are_applied_in_order(table: Table) -> None:
    server, people = table.server, Players.at(table.server)
    await seat_players(table, people)
    server.posted_while_away(people.arcsyn, "Place House at C1")
    server.posted_while_away(people.hedgethorn, "brb, coffee")
    server.posted_while_away(people.arcsyn, "!bus Place Office at C1")
    server.posted_while_away(people.daemonis, "Place House at C2")
    table.bot.dispatch("ready")  # what discord.py does once connected (again)
    summary = only([p for p in await server.sent() if p.channel_id == server.table.id])
    assert "While I was away, 3 messages here were for me" in summary.content
    lines = [line for line in summary.content.splitlines() if line.startswith("•")]
    assert [line.split(":")[0] for line in lines] == ["• Arcsyn", "• Arcsyn", "• Daemonis"]
    assert "coffee" not in summary.content
    assert table.moves_played(server.table) == [("Arcsyn", "Place House at C1"),
                                                ("Arcsyn", "Place Office at C1"),
                                                ("Daemonis", "Place House at C2")]
    assert summary.pictures == [table.expected_picture(server.table)]
    assert summary.pings == {people.daemonis.id}
    # A second start reads nothing new: each message is applied at most once.
    await _recovery(table).recover()
    assert await server.sent() == []
    assert len(table.moves_played(server.table)) == 3


async def test_a_mistyped_plain_move_from_the_player_to_act_gets_the_hint(table: Table) -> None:
    server, people = table.server, Players.at(table.server)
    await seat_players(table, people)
    hint = only(await server.say(people.arcsyn, "Place Pub at W9"))
    assert "W9 is not a crossing; did you mean W8?" in hint.content
    assert hint.reply_to == server.last_message_id
    assert await server.say(people.daemonis, "Place Pub at W9") == []  # not their turn: chat
    assert await server.say(people.arcsyn, "see you all at 9 tonight") == []


async def test_what_was_owed_goes_out_before_the_summary(table: Table) -> None:
    server, people = table.server, Players.at(table.server)
    await seat_players(table, people)
    server.refuse_posts()
    await server.say(people.arcsyn, "Place House at C1")
    server.refuse_posts(False)
    server.posted_while_away(people.arcsyn, "Place Office at C1")
    await _recovery(table).recover()
    posts = [p for p in await server.sent() if p.channel_id == server.table.id]
    # One post: what was owed first, then the summary of what was caught up.
    assert len(posts) == 1
    owed = posts[0].content.index("House at C1")
    assert owed < posts[0].content.index("While I was away, 1 message here was for me")
    assert posts[0].pings == {people.daemonis.id}


async def test_a_german_table_s_catch_up_summary_is_german(table: Table) -> None:
    """The summary after an absence is written in the game's language (issue 34), its moves
    named in German notation however they were typed."""
    server, people = table.server, Players.at(table.server)
    await seat_players(table, people)
    only(await server.say(people.moderator, "!bus language de"))
    server.posted_while_away(people.arcsyn, "Haus auf C1")
    server.posted_while_away(people.daemonis, "!bus Status bitte")
    server.posted_while_away(people.arcsyn, "Place Office at C1")
    table.bot.dispatch("ready")
    summary = only([p for p in await server.sent() if p.channel_id == server.table.id])
    assert summary.content.startswith("Während ich weg war, waren hier 3 Nachrichten an mich "
                                      "gerichtet. Ich habe sie jetzt der Reihe nach bearbeitet:")
    assert "Arcsyn: Platziere Büro auf C1" in summary.content
    assert "• Daemonis: `Status bitte`: abgelehnt: " in summary.content
    assert "While I was away" not in summary.content and "refused" not in summary.content
    assert table.moves_played(server.table) == [("Arcsyn", "Place House at C1"),
                                                ("Arcsyn", "Place Office at C1")]
