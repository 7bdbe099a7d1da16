"""Big changes ask first, unknown commands are unknown in every state, and long lists are
summed up (issue 19)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import console
from bot.service import GameService
from bot.service.store.privacy import forget
from tests.service_support import SETUP, Table, fake_png, open_table, play, started


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _table(path: Path, clock: Clock) -> Table:
    return Table(GameService(str(path), renderer=fake_png, rate_limits=False, clock=clock))


def log_count(table: Table) -> int:
    return sum(line[:1].isdigit() for line in table.ok("Zed", "log all").text.splitlines())


def test_a_big_undo_asks_and_waits_for_the_same_person(tmp_path: Path) -> None:
    clock = Clock()
    table = _table(tmp_path / "g.db", clock)
    started(table)
    play(table, SETUP)
    before = table.snapshot()
    asked = table.say("Arcsyn", "undo to 2")
    assert not asked.ok and "`undo to 2` would take back 5 moves (of 6)" in asked.text
    assert "Write `confirm` within 5 minutes" in asked.text and table.snapshot() == before
    reply = table.say("Daemonis", "confirm")  # not theirs to confirm
    assert not reply.ok and "nothing for you to confirm" in reply.text
    assert table.snapshot() == before
    done = table.ok("Arcsyn", "confirm")
    assert done.changed and log_count(table) == 1
    assert not table.say("Arcsyn", "confirm").ok  # confirmed once


def test_a_question_waits_a_few_minutes_and_survives_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    table = _table(tmp_path / "g.db", clock)
    started(table)
    play(table, SETUP)
    table.say("Arcsyn", "undo last 4")
    table.service.close()
    table = _table(tmp_path / "g.db", clock)  # the bot restarted
    clock.now += 60
    assert table.ok("Arcsyn", "confirm").changed and log_count(table) == 2
    play(table, SETUP[2:])
    assert "would take back 6 moves" in table.say("Arcsyn", "undo to 1").text
    clock.now += 301
    reply = table.say("Arcsyn", "confirm")
    assert not reply.ok and "nothing for you to confirm" in reply.text and log_count(table) == 6


def test_a_question_is_void_once_the_table_changed(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    play(table, SETUP)
    table.say("Arcsyn", "undo to 1")
    table.ok("Arcsyn", "Start line between C1 and C2")
    reply = table.say("Arcsyn", "confirm")
    assert not reply.ok and "The table has changed since you asked for `undo to 1`" in reply.text
    assert log_count(table) == 7


def test_few_moves_go_at_once_and_a_finished_game_always_asks(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    play(table, SETUP)
    assert table.ok("Arcsyn", "undo last 3").changed  # a few: no question
    play(table, SETUP[3:])
    table.play_random(400, seed=2)
    assert table.to_act() is None  # over
    asked = table.say("Arcsyn", "undo last 1")
    assert "The game is over; this reopens it." in asked.text
    moves = log_count(table)
    asked = table.say("Arcsyn", "correct 7: Choose Clock")
    assert "`correct 7` would replace move 7" in asked.text or "cannot replace" in asked.text
    assert log_count(table) == moves


def test_abandon_after_many_moves_asks_first(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    play(table, SETUP)
    asked = table.say("Arcsyn", "abandon")
    assert "`abandon` would end this game after 6 moves, for good." in asked.text
    assert "active" in table.ok("Zed", "status").text
    assert "abandoned" in table.ok("Arcsyn", "confirm").text


def test_long_lists_are_summed_up(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    played = table.play_random(60, seed=4)
    table.say("Arcsyn", "undo to 2")
    undone = table.ok("Arcsyn", "confirm").text
    assert f"... and {played - 1 - 10} more (`log all` lists them)" in undone
    redone = table.ok("Arcsyn", "redo").text
    assert f"... and {played - 1 - 10} more" in redone
    assert len(redone.splitlines()) < 16


@pytest.mark.parametrize("word", ["rematch", "my games", "vacation", "timeout"])
def test_an_unknown_command_is_unknown_in_every_state(tmp_path: Path, word: str) -> None:
    table = open_table(str(tmp_path / "g.db"))
    said = [table.say("Zed", word)]  # no game
    table.ok("Arcsyn", "new game")
    said.append(table.say("Arcsyn", word))  # the lobby
    started_table = open_table(str(tmp_path / "h.db"))
    started(started_table)
    said.append(started_table.say("Arcsyn", word))
    started_table.play_random(500, seed=3)
    said.append(started_table.say("Arcsyn", word))  # over
    for reply in said:
        assert not reply.ok and f"I do not know the command `{word}`" in reply.text
        assert "wins" not in reply.text


def test_the_console_forces_a_command_with_the_prefix(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"), place=console.PLACE)
    started(table)
    out = io.StringIO()
    console.answer_line(table.service, "id-Zed: I pass", out, str(tmp_path))
    assert out.getvalue() == console.TALK.en + "\n"
    for line in ("id-Zed: !bus moves", "id-Zed: !BUS moves?", "id-Arcsyn: !bus I pass"):
        out = io.StringIO()
        console.answer_line(table.service, line, out, str(tmp_path))
        assert out.getvalue().startswith("busbot"), line
        assert "do not understand" not in out.getvalue()
    assert "`Name: !bus text` always gets one" in console.HINT.en


def test_forget_me_deletes_a_question_waiting_for_confirm(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    play(table, SETUP)
    table.say("Arcsyn", "undo to 1")
    forget(table.service.store, "id-Arcsyn")
    rows = table.service.store.db.execute("SELECT COUNT(*) FROM pending").fetchone()[0]
    assert rows == 0
