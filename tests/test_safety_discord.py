"""busbot on a public Discord server (issue 8): long and flooding messages, pings nobody agreed
to, picture floods, and hostile mentions, through discord.py and the dpytest harness with every
rate limit switched on."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.guards import opens_a_game
from bot.service.router.reading import parse_command
from engine.limits import COMMANDS_PER_USER, MAX_MESSAGE_CHARS, PICTURES_PER_USER
from tests.discord_support import Table, busbot_table
from tests.hostile_text import command_cases
from tests.test_discord_game import MODERATOR_ROLE, Players, only, seat_players
from tests.test_safety_service import COMMAND_GUARD


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)  # dpytest stores the files the bot sends in the working directory
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE,
                            rate_limits=True) as table:
        yield table


@pytest.fixture
def people(table: Table) -> Players:
    return Players.at(table.server)


def stored(table: Table) -> tuple[object, ...]:
    summary = table.service.store.latest_game(str(table.server.table.id))
    if summary is None:
        return (None,)
    return (summary, tuple(table.service.store.records(summary.id)))


async def test_a_long_message_is_refused_by_the_prefix_and_ignored_as_chat(
        table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    before = stored(table)
    refusal = only(await server.say(people.arcsyn, "!bus drop " + "x" * 3000))
    assert refusal.reply_to == server.last_message_id
    assert "the message limit" in refusal.content and len(refusal.content) < 200
    chat = "Place Office at C1 " * (MAX_MESSAGE_CHARS // 10)
    assert await server.say(people.arcsyn, chat) == []
    assert stored(table) == before


async def test_the_message_that_froze_the_bot_is_answered_at_once(
        table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    for text in ("!bus replace a" + " " * 1985 + "b", "as" + " " * 1995 + "x"):
        start = time.process_time()
        posts = await server.say(people.moderator, text)
        assert time.process_time() - start < 2.0
        assert all(not post.pings for post in posts)


def test_the_discord_layer_reads_commands_in_linear_time() -> None:
    # What the Discord layer checks before the service (does this open a game? is it a
    # replace?) uses the service's reader: the worst cases at the cap take milliseconds.
    cases = list(command_cases(MAX_MESSAGE_CHARS).values())
    parse_command.cache_clear()
    start = time.process_time()
    for text in cases:
        opens_a_game(text)
    assert time.process_time() - start < COMMAND_GUARD


async def test_a_flood_from_one_member_is_told_once_when_to_go_on(
        table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)  # Arcsyn joined by plain text: one command of theirs
    answered = [await server.say(people.arcsyn, "!bus status") for _ in range(15)]
    real = [posts for posts in answered if posts and "faster than the table" not in
            posts[0].content]
    slowed = [posts for posts in answered if posts and "faster than the table" in
              posts[0].content]
    assert len(real) == COMMANDS_PER_USER.burst - 1
    assert len(slowed) == 1 and slowed[0][0].reply_to is not None
    assert "try again in" in slowed[0][0].content
    # Others at the table are not held up by one member's flood.
    assert "Game" in only(await server.say(people.daemonis, "!bus status")).content
    answer = await server.slash(people.arcsyn, "status")
    assert answer.public == [] and "faster than the table" in only(answer.private).content


async def test_replace_offers_the_seat_and_nobody_is_pinged_until_they_accept(
        table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    victim = server.person("Victim")
    offer = only(await server.say(people.moderator,
                                  f"!bus replace Daemonis with {victim.mention}"))
    assert "offered Daemonis's seat" in offer.content and offer.pings == frozenset()
    moved = only(await server.say(people.arcsyn, "Place House at C1"))
    moved = only(await server.say(people.arcsyn, "Place Office at C2"))
    assert moved.pings == frozenset()  # Daemonis decides now, but the seat is only offered
    nudge = only(await server.say(people.moderator, "!bus nudge"))
    assert "nudges Daemonis" in nudge.content and nudge.pings == frozenset()
    again = only(await server.say(people.moderator, "!bus nudge"))
    assert "at most once an hour" in again.content and again.pings == frozenset()
    taken = only(await server.say(victim, "!bus accept"))
    assert "takes Daemonis's seat" in taken.content and taken.pings == frozenset()
    assert "plays as Victim from now on" in taken.content  # the seat takes its player's name
    assert "Victim: Place Pub at C3" in only(await server.say(victim, "Place Pub at C3")).content


async def test_mentions_and_markdown_in_text_ping_nobody(table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    for text in ("!bus join as @everyone", f"!bus drop {people.arcsyn.mention} @here",
                 "!bus as <@&1>: Pass", "!bus ```\n@everyone\n```", "!bus **Arcsyn** ||x||"):
        for post in await server.say(people.daemonis, text):
            assert post.pings == frozenset() and not post.pings_everyone, text


async def test_a_stranger_asking_for_pictures_is_told_when_to_try_again(
        table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    stranger = server.person("Stranger")
    answers = [only((await server.slash(stranger, "map", number=0)).posts)
               for _ in range(PICTURES_PER_USER.burst + 1)]
    assert all(post.pictures for post in answers[:-1])
    assert answers[-1].ephemeral and answers[-1].pictures == []
    assert "try `map` again in" in answers[-1].content
