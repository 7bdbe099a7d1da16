"""The bot over time: messages delivered twice, restarts, reminders and nudges."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import cast

import pytest

from bot.discord_app.cogs.reminders import Reminders
from tests.discord_support import Table, busbot_table
from tests.test_discord_game import MODERATOR_ROLE, Players, only, seat_players

HOURS = 24


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)  # dpytest stores the files the bot sends in the working directory
    async with busbot_table(
        tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE, reminder_hours=HOURS
    ) as table:
        yield table


@pytest.fixture
def people(table: Table) -> Players:
    return Players.at(table.server)


async def test_a_restarted_bot_carries_on_without_reading_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    database = tmp_path / "busbot.db"
    async with busbot_table(database, moderator_role=MODERATOR_ROLE) as before:
        server = before.server
        people = Players.at(server)
        await seat_players(before, people)
        only(await server.say(people.arcsyn, "Place House at C1"))
        delivered = server.last_message_id
        layout = server.layout()
        ids = {name: getattr(people, name).id for name in ("arcsyn", "daemonis", "hedgethorn")}

    # A new process: new bot, new service, the same database and the same Discord places.
    # (The fake server refuses any read of channel history, so none happens.)
    async with busbot_table(database, layout, moderator_role=MODERATOR_ROLE) as after:
        server = after.server
        arcsyn = server.person("Arcsyn", user_id=ids["arcsyn"])
        server.person("Daemonis", user_id=ids["daemonis"])

        # The gateway hands over the old message once more: it is neither applied nor
        # answered again (it was answered before the restart).
        replayed = await server.say(arcsyn, "Place House at C1", message_id=delivered)
        assert replayed == []
        assert after.moves_played(server.table) == [("Arcsyn", "Place House at C1")]

        post = only(await server.say(arcsyn, "Place Office at C1"))
        assert post.pictures == [after.expected_picture(server.table)]
        assert post.pings == {ids["daemonis"]}
        assert after.moves_played(server.table) == [
            ("Arcsyn", "Place House at C1"), ("Arcsyn", "Place Office at C1")
        ]


async def test_one_reminder_to_the_player_who_keeps_the_table_waiting(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)
    only(await server.say(people.arcsyn, "Place House at C1"))
    only(await server.say(people.arcsyn, "Place Office at C1"))
    # Extensions are loaded as fresh modules, so the cog is not an instance of the class
    # imported here; its name and behaviour are what count.
    cog = table.bot.get_cog("Reminders")
    assert type(cog).__name__ == "Reminders"
    reminders = cast(Reminders, cog)

    assert await reminders.send_due(time.time() + (HOURS - 1) * 3600) == 0
    assert await server.sent() == []

    assert await reminders.send_due(time.time() + (HOURS + 1) * 3600) == 1
    reminder = only(await server.sent())
    assert reminder.channel_id == server.table.id
    assert "Reminder" in reminder.content and "Daemonis" in reminder.content
    assert reminder.pings == {people.daemonis.id}

    assert await reminders.send_due(time.time() + (HOURS + 2) * 3600) == 0
    assert await server.sent() == []


async def test_a_moderator_nudges_the_player_to_act(table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)

    answer = await server.slash(people.moderator, "do", command="nudge")
    nudge = only(answer.public)
    assert "nudges Arcsyn" in nudge.content
    assert nudge.pings == {people.arcsyn.id}

    answer = await server.slash(people.daemonis, "do", command="nudge")
    assert answer.public == []
    assert "moderator" in only(answer.private).content

    # Managing the server is as good as the moderator role; a decision is nudged once an hour.
    owner = server.person("Owner", manager=True)
    nudge = only(await server.say(owner, "!bus nudge"))
    assert "nudged for this decision already" in nudge.content and nudge.pings == frozenset()


async def test_a_deadline_reminds_and_times_out_through_the_scheduler_loop(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)
    only(await server.say(people.moderator, "!bus deadline 24h"))
    only(await server.say(people.moderator, "!bus on timeout idle"))
    cog = table.bot.get_cog("Reminders")
    assert type(cog).__name__ == "Reminders"
    scheduler = cast(Reminders, cog)

    assert await scheduler.run_due(time.time() + 11 * 3600) == 0
    assert await server.sent() == []
    assert await scheduler.run_due(time.time() + 12.5 * 3600) == 1
    half = only(await server.sent())
    assert "halfway" in half.content and half.pings == {people.arcsyn.id}
    assert await scheduler.run_due(time.time() + 12.5 * 3600) == 0  # given once

    assert await scheduler.run_due(time.time() + 25 * 3600) == 1
    passed = only(await server.sent())
    assert "Time ran out" in passed.content and "Arcsyn: Place" in passed.content
    assert people.moderator.id in passed.pings
    assert passed.pictures == [table.expected_picture(server.table)]
    assert table.moves_played(server.table)[0][0] == "Arcsyn"
