"""A seat passed to a new player starts clean (issue 33, findings 3 to 5): ``replace`` and its
``accept`` clear the old player's time away, plan, nudge and wait, the new player is pinged
when the seat's decisions come, an offered seat is played by no policy (a deadline on it waits
and tells the moderator), and a plan is cleared by anything that rewrites a move made before
it was written (undo, redo, correction)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.api import Actor, Reply
from bot.service.game.records import GameRecord, Record
from tests.service_support import SETUP, Table, open_table, play, started

HOUR = 3600.0
#: the member a seat is offered to on Discord (a snowflake), and how the table calls her
DORA = Actor("4242", "Dora")


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(tmp_path: Path, clock: Clock) -> Table:
    table = open_table(str(tmp_path / "g.db"), clock=clock)
    started(table, 3)  # Arcsyn (moderates), Daemonis, Hedgethorn
    return table


def records(table: Table) -> list[Record]:
    return table.service.store.records(table.game_id())


def folded(table: Table) -> GameRecord:
    return GameRecord.fold(table.game_id(), table.place, records(table))


def dora(table: Table, text: str) -> Reply:
    return table.service.handle(table.place, DORA, text)


def automatic_moves(table: Table, seat: str) -> list[Record]:
    return [r for r in records(table) if r.kind == "move" and r.seat == seat and r.auto]


def test_an_accepted_seat_drops_the_old_players_time_away_and_its_new_player_is_pinged(
        table: Table) -> None:
    table.ok("Arcsyn", "on away idle")
    table.ok("Daemonis", "away 30d")
    table.ok("Arcsyn", "replace Daemonis with <@4242>")
    assert dora(table, "accept").ok
    assert "Daemonis" not in folded(table).away  # the seat's time away went with its player
    moved = table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    assert automatic_moves(table, "Daemonis") == []  # nothing played "away" for Dora
    assert table.to_act() == "Daemonis"
    assert moved.mentions == ["4242"]  # and she is pinged for her first decision
    assert "away until" not in table.ok("Zed", "status").text


def test_an_accepted_seat_drops_the_old_players_plan(table: Table) -> None:
    table.ok("Daemonis", "plan: Place House at C3, then Place Office at C4")
    table.ok("Arcsyn", "replace Daemonis with <@4242>")
    assert dora(table, "accept").ok
    assert "Daemonis" not in folded(table).plans
    moved = table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    assert automatic_moves(table, "Daemonis") == []  # Bram's plan does not play Dora's moves
    assert moved.mentions == ["4242"]


def test_a_seat_given_at_once_starts_clean_too(table: Table) -> None:
    """At the console a seat goes to a named user at once: the same clean start."""
    table.ok("Arcsyn", "on away idle")
    table.ok("Daemonis", "away 30d")
    table.ok("Daemonis", "plan: Place House at C3")
    table.ok("Arcsyn", "replace Daemonis with Walt")
    record = folded(table)
    assert not record.away and not record.plans and record.nudged is None
    table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    assert automatic_moves(table, "Walt") == [] and table.to_act() == "Walt"


def test_an_offered_seat_is_played_by_no_policy(table: Table) -> None:
    table.ok("Arcsyn", "on away idle")
    table.ok("Daemonis", "away 30d")
    table.ok("Arcsyn", "replace Daemonis with <@4242>")  # offered, not yet taken
    moved = table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    assert automatic_moves(table, "Daemonis") == []
    assert table.to_act() == "Daemonis" and moved.mentions == []


def test_an_offered_seat_waits_past_its_deadline_and_the_moderator_hears_of_it(
        table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "deadline 24h")
    table.ok("Arcsyn", "on timeout idle")
    table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    table.ok("Arcsyn", "replace Daemonis with <@4242>")
    clock.now += 25 * HOUR
    told = [prepared.complete() for _, prepared in table.service.run_due()]
    passed = [reply for reply in told if "Time ran out" in reply.text]
    assert passed, [reply.text for reply in told]
    assert "id-Arcsyn" in passed[-1].mentions  # the moderator is told
    assert "offered" in passed[-1].text and "accept" in passed[-1].text
    assert automatic_moves(table, "Daemonis") == []  # and nothing was played for the seat
    assert table.to_act() == "Daemonis"
    clock.now += 25 * HOUR
    later = [prepared.complete() for _, prepared in table.service.run_due()]
    assert automatic_moves(table, "Daemonis") == [] and not later  # said once, never played


def test_a_redo_of_a_move_made_before_a_plan_clears_it(table: Table) -> None:
    play(table, SETUP)
    table.ok("Arcsyn", "Start line between E5 and S5")
    table.ok("Arcsyn", "undo")
    table.ok("Hedgethorn", "plan: Start line between E2 and ES")  # for its next decision
    table.ok("Arcsyn", "redo")  # the table the plan was written for is gone again
    assert "Hedgethorn" not in folded(table).plans
    assert "has a plan" not in table.ok("Zed", "status").text


def test_a_correction_of_a_move_made_before_a_plan_clears_it(table: Table) -> None:
    play(table, SETUP)
    table.ok("Arcsyn", "Start line between E5 and S5")
    table.ok("Hedgethorn", "plan: Start line between E2 and ES")
    table.ok("Arcsyn", "correct 7: Start line between C1 and C2")
    assert "Hedgethorn" not in folded(table).plans
