"""The game index (every posted picture by round) and reminders (once per decision)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.service import GameService
from tests.service_support import Table, fake_png, started


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_index_lists_each_posted_picture_by_round_and_map_jumps_back(tmp_path: Path) -> None:
    table = Table(GameService(str(tmp_path / "db"), renderer=fake_png, rate_limits=False))
    started(table)
    assert "Setup" in table.ok("Zed", "index").text
    table.play_random(70, seed=4)
    pictures = [r for r in table.replies if r.changed and r.picture is not None]
    table.ok("Arcsyn", "undo last 1")
    index = table.ok("Zed", "index").text
    assert "**Setup**" in index and "**Round 1**" in index and "**Round 2**" in index
    assert len(re.findall(r"\d+ at ", index)) == len(pictures) + 1  # and after the undo
    assert "(Moderator Arcsyn took back 1 move)" in index
    assert "(since taken back)" in index
    # Jumping to an update draws the table as it was then.
    picture_at_5 = [r for r in pictures if r.picture_name.endswith("move005.png")][0]
    assert table.ok("Zed", "map 5").picture == picture_at_5.picture


def test_the_index_without_pictures_says_so(tmp_path: Path) -> None:
    table = Table(GameService(str(tmp_path / "db"), renderer=None))
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    assert "No picture" in table.ok("Zed", "index").text
    assert "cannot be drawn" in table.ok("Zed", "map").text


def test_one_reminder_per_decision_never_repeated(tmp_path: Path) -> None:
    clock = Clock()
    service = GameService(str(tmp_path / "db"), renderer=None, clock=clock)
    table = Table(service)
    started(table)
    day = 24 * 3600
    assert service.due_reminders(clock.now + day - 60, 24) == []
    [reminder] = service.due_reminders(clock.now + day, 24)
    assert reminder.place == table.place and reminder.user_ids == ("id-Arcsyn",)
    assert "Arcsyn: place 2 starting buildings" in reminder.text
    assert service.due_reminders(clock.now + 3 * day, 24) == []
    assert service.due_reminders(clock.now + 3 * day, 0) == []
    clock.now += 2 * day
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "nudge")  # a nudge does not restart the wait
    assert service.due_reminders(clock.now + day - 1, 24) == []
    [again] = service.due_reminders(clock.now + day, 24)
    assert again.user_ids == ("id-Arcsyn",) and "1 starting building" in again.text
    table.ok("Arcsyn", "Place Pub at C2")
    table.ok("Arcsyn", "pause")
    assert service.due_reminders(clock.now + 9 * day, 24) == []
    clock.now += 10 * day
    table.ok("Arcsyn", "resume")
    [after] = service.due_reminders(clock.now + day, 24)
    assert after.user_ids == ("id-Daemonis",)
    table.ok("Arcsyn", "drop Daemonis")
    assert service.due_reminders(clock.now + 5 * day, 24)[0].user_ids == ("id-Hedgethorn",)
