"""Buttons and menus on the table's updates, and ``/bus preview`` with its Play this button.

Presses are delivered as Discord delivers them (component interactions, type 3, with the
component's custom id and the chosen values) and checked for what the players would see: who
is answered, privately or not, what was played, and which messages still carry components.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.components import menus
from tests.discord_support import Table, busbot_table
from tests.test_discord_game import (
    MODERATOR_ROLE,
    SHORT_GAME,
    Players,
    only,
    seat_players,
    steps,
)


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


@pytest.fixture
def people(table: Table) -> Players:
    return Players.at(table.server)


async def started(table: Table, people: Players) -> None:
    await seat_players(table, people)


async def test_a_decision_comes_with_a_menu_and_a_pick_plays_it(
        table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    first = only(await server.say(people.arcsyn, "Place House at C1"))
    assert first.labels == ["Choose your move", "Undo", "Moves"]  # no Pass while it is illegal
    menu = first.component("Choose your move")
    assert "Place Office at C1" in [o["label"] for o in menu["options"]]
    assert len(menu["options"]) <= 25
    answer = await server.press(people.arcsyn, first, "Choose your move",
                                choose="Place Office at C1")
    update = only(answer.public)
    assert update.content.startswith("Arcsyn: Place Office at C1")
    assert update.pictures == [table.expected_picture(server.table)]
    assert update.pings == {people.daemonis.id}
    assert table.moves_played(server.table)[-1] == ("Arcsyn", "Place Office at C1")
    assert server.components_of(first) == ()  # the old update lost its components
    assert "Choose your move" in update.labels


async def test_presses_by_others_and_on_old_positions_are_refused_privately(
        table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    first = only(await server.say(people.arcsyn, "Place House at C1"))
    other = await server.press(people.daemonis, first, "Choose your move",
                               choose="Place Office at C1")
    assert other.public == [] and "These buttons are for Arcsyn" in other.text
    assert all(post.ephemeral for post in other.posts)
    moves = await server.press(people.daemonis, first, "Moves")
    assert moves.public == [] and "for Arcsyn" in moves.text
    only(await server.say(people.arcsyn, "Place Office at C1"))
    played = table.moves_played(server.table)
    stale = await server.press(people.arcsyn, first, "Choose your move",
                               choose="Place Pub at C2")
    assert stale.public == []
    assert ("The table has moved on: Arcsyn: Place Office at C1. That message is of an "
            "earlier position, so nothing was changed.") in stale.text
    assert table.moves_played(server.table) == played


async def test_moves_lists_every_choice_privately_and_undo_takes_back_the_own_move(
        table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    first = only(await server.say(people.arcsyn, "Place House at C1"))
    listed = await server.press(people.arcsyn, first, "Moves")
    assert listed.public == [] and listed.deferred_ephemeral
    assert "Every legal choice now" in listed.text and "Place Office at C1" in listed.text
    undone = await server.press(people.arcsyn, first, "Undo")
    assert "Arcsyn takes back: Place House at C1" in only(undone.public).content
    assert table.moves_played(server.table) == []


async def test_pass_is_a_button_when_passing_is_legal(table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    script = steps(SHORT_GAME)
    passing = next(i for i, step in enumerate(script) if step.move == "Pass")
    posts = []
    for step in script[:passing]:
        posts = await server.say(people.named(step.player), f"!bus {step.move}")
    update = only(posts)
    assert "Pass" in update.labels
    passed = await server.press(people.arcsyn, update, "Pass")
    assert only(passed.public).content.startswith("Arcsyn passes.")
    assert table.moves_played(server.table)[-1] == ("Arcsyn", "Pass")


async def test_a_preview_is_private_and_play_this_plays_exactly_it(
        table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    answer = await server.slash(people.arcsyn, "preview", moves="Place House at C1, Office at C1")
    shown = only(answer.posts)
    assert answer.public == [] and shown.ephemeral
    assert shown.content.startswith("Preview only: nothing was played.")
    assert len(shown.pictures) == 1 and shown.labels == ["Play this"]
    assert table.moves_played(server.table) == []
    played = await server.press(people.arcsyn, shown, "Play this")
    update = only(played.public)
    # the table the preview showed, drawn again without the preview's mark
    assert update.pictures == [table.expected_picture(server.table)] != shown.pictures
    assert table.moves_played(server.table) == [("Arcsyn", "Place House at C1"),
                                                 ("Arcsyn", "Place Office at C1")]
    again = await server.press(people.arcsyn, shown, "Play this")
    assert again.public == [] and "The table has moved on: Arcsyn: Place House at C1; " \
        "Arcsyn: Place Office at C1." in again.text


async def test_an_illegal_preview_is_refused_privately(table: Table, people: Players) -> None:
    server = table.server
    await started(table, people)
    answer = await server.slash(people.daemonis, "preview", moves="Place Pub at N4")
    assert answer.public == [] and "Not allowed" in answer.text
    assert all(post.pictures == [] and post.labels == [] for post in answer.posts)
    said = only(await server.say(people.daemonis, "!bus preview Place House at C1"))
    assert said.reply_to is not None and said.labels == ["Play this"]
    refused = await server.press(people.daemonis, said, "Play this")
    assert refused.public == [] and "These buttons are for Arcsyn" in refused.text


async def test_buttons_posted_before_a_restart_still_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    database = tmp_path / "busbot.db"
    async with busbot_table(database, moderator_role=MODERATOR_ROLE) as before:
        server = before.server
        people = Players.at(server)
        await seat_players(before, people)
        posted = only(await server.say(people.arcsyn, "Place House at C1"))
        layout, arcsyn_id = server.layout(), people.arcsyn.id

    async with busbot_table(database, layout, moderator_role=MODERATOR_ROLE) as after:
        server = after.server
        arcsyn = server.person("Arcsyn", user_id=arcsyn_id)
        answer = await server.press(arcsyn, posted, "Choose your move",
                                    choose="Place Office at C1")
        assert only(answer.public).content.startswith("Arcsyn: Place Office at C1")
        assert after.moves_played(server.table) == [
            ("Arcsyn", "Place House at C1"), ("Arcsyn", "Place Office at C1")]


def test_many_choices_get_a_menu_per_group_that_fits() -> None:
    extensions = [f"Extend line from {head} to {to}" for head in ("C1", "W3")
                  for to in ("N1", "N2", "N3", "N4", "N5")]
    buildings = [f"Place Office at {zone}{n}" for zone in "NESW" for n in range(1, 8)]
    shown = menus([*extensions, *buildings, "Pass"])
    assert [placeholder for placeholder, _ in shown] == [
        "Extend line from C1...", "Extend line from W3..."]  # 28 offices: too many for one
    assert shown[0][1] == extensions[:5]
    assert menus(["Pass"]) == [] and menus(["Choose Clock", "Pass"]) == [
        ("Choose your move", ["Choose Clock"])]
