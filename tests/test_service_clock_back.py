"""Deadlines when the machine's clock is set back (issue 33, finding 7): a deadline is kept in
wall-clock time, so setting the clock back 50 h once delayed a 1 h deadline by 50 h. What busbot
does now: a decision's deadline passes at most its length after the moment the scheduler (or
any change to the game) first saw the clock earlier than the decision's start; its wait counts
again from then, and the table is told."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.api import Reply
from tests.service_support import Table, open_table, started

HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def due(table: Table) -> list[Reply]:
    return [prepared.complete() for _, prepared in table.service.run_due()]


def with_deadline(path: Path, clock: Clock, deadline: str = "1h") -> Table:
    table = open_table(str(path), clock=clock)
    started(table, 3)
    table.ok("Arcsyn", f"deadline {deadline}")
    table.ok("Arcsyn", "on timeout idle")
    return table


def test_a_clock_set_back_delays_a_deadline_by_no_more_than_its_length(
        tmp_path: Path, clock: Clock) -> None:
    table = with_deadline(tmp_path / "g.db", clock)
    clock.now += 0.25 * HOUR
    assert due(table) == []
    clock.now -= 50 * HOUR  # the machine's clock is set back two days
    [told] = due(table)
    assert "clock was set back" in told.text and "at most 1 h" in told.text
    clock.now += 1 * HOUR + 60  # the deadline's length later (and the scheduler's minute)
    passed = [reply for reply in due(table) if "Time ran out" in reply.text]
    assert passed and "Arcsyn: Place" in passed[0].text  # played by the `idle` policy


def test_a_restart_after_the_clock_was_set_back_notices_it_too(
        tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "g.db"
    table = with_deadline(path, clock, "24h")
    clock.now += 2 * HOUR
    table.service.close()
    clock.now -= 50 * HOUR  # set back while the bot was stopped
    again = open_table(str(path), clock=clock)
    [told] = due(again)
    assert "clock was set back" in told.text
    assert due(again) == []  # said once
    clock.now += 24 * HOUR + 60
    assert any("Time ran out" in reply.text for reply in due(again))


def test_a_change_made_after_the_clock_was_set_back_restarts_the_wait_as_well(
        tmp_path: Path, clock: Clock) -> None:
    """Any record the game gets is a moment the service knows: a wait that began "later"
    counts from it."""
    table = with_deadline(tmp_path / "g.db", clock)
    clock.now -= 50 * HOUR
    table.ok("Daemonis", "away 3d")  # any change to the game, not a move
    clock.now += 1 * HOUR + 60
    assert any("Time ran out" in reply.text for reply in due(table))
