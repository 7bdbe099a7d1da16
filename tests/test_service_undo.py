"""Undo that cannot hurt: forms that say what they take back, and ``redo`` to put it back."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.api import Attachment
from tests.service_support import SETUP, Table, open_table, play, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def log_moves(table: Table) -> list[str]:
    """The numbered lines of ``log all``."""
    text = table.ok("Zed", "log all").text
    return [line for line in text.splitlines() if line[:1].isdigit()]


def test_a_bare_undo_n_explains_both_readings_and_changes_nothing(table: Table) -> None:
    started(table)
    play(table, SETUP)
    before = table.snapshot()
    reply = table.say("Arcsyn", "undo 2")
    assert not reply.ok and not reply.changed
    assert "`undo 2` could mean two things, so nothing was changed" in reply.text
    assert ("`undo last 2`: takes back the last 2 moves, moves 5 (Hedgethorn: Place Pub at E3) "
            "to 6 (Hedgethorn: Place House at W3)") in reply.text
    assert ("`undo to 2`: takes back move 2 and every move after it (5 moves), moves 2 "
            "(Arcsyn: Place Pub at C2) to 6") in reply.text
    reply = table.say("Arcsyn", "undo 100")
    assert "`undo last 100`: not possible, the log has 6 moves" in reply.text
    assert "`undo to 100`: not possible, there is no move 100" in reply.text
    assert table.snapshot() == before


def test_undo_last_k_and_undo_to_n_take_what_they_say(table: Table) -> None:
    started(table)
    play(table, SETUP)
    reply = table.ok("Arcsyn", "undo last 2")
    assert "took back 2 moves" in reply.text
    assert [line.split(". ", 1)[0] for line in log_moves(table)] == ["1", "2", "3", "4"]
    reply = table.ok("Arcsyn", "undo to 3")
    assert "took back 2 moves" in reply.text and "3. Daemonis: Place House at C3" in reply.text
    assert log_moves(table) == ["1. Arcsyn: Place Office at C1", "2. Arcsyn: Place Pub at C2"]
    assert table.to_act() == "Daemonis"
    for text, reason in (("undo to 3", "There is no move 3: the log has 2 moves"),
                         ("undo last 5", "The log has 2 moves; `undo last K` takes back 1 to 2"),
                         ("undo to 0", "There is no move 0")):
        reply = table.say("Arcsyn", text)
        assert not reply.ok and reason in reply.text, reply.text
    reply = table.say("Daemonis", "undo to 1")
    assert not reply.ok and "Only a moderator" in reply.text


def test_undo_is_the_writers_own_move_and_a_moderator_names_someone_elses(
        table: Table) -> None:
    """Issue 19: ``undo`` by a seated moderator once took back another player's move."""
    started(table)
    play(table, SETUP[:3])
    before = table.snapshot()
    reply = table.say("Arcsyn", "undo")  # Arcsyn moderates and sits; the last move is Daemonis's
    assert not reply.ok and "As a moderator you can take it back with `undo Daemonis`" in reply.text
    assert table.snapshot() == before
    reply = table.say("Arcsyn", "undo Hedgethorn")
    assert not reply.ok and "The last move was Daemonis's (Place House at C3)" in reply.text
    reply = table.ok("Arcsyn", "undo daemonis")
    assert "Moderator Arcsyn took back Daemonis's move:\n  · 3. Daemonis: Place House at C3" \
        in reply.text
    assert len(log_moves(table)) == 2
    # A player who is no moderator still only takes back their own.
    table.ok("Daemonis", "Place House at C3")
    table.ok("Daemonis", "Place Office at C4")
    reply = table.say("Hedgethorn", "undo")
    assert not reply.ok and "only your own last move" in reply.text


def test_redo_puts_back_exactly_what_the_undo_took_as_a_new_record(table: Table) -> None:
    started(table)
    play(table, SETUP)
    before = table.export("txt").split("\n", 1)[1]
    asked = table.say("Arcsyn", "undo to 2")  # five moves: asked first
    assert "would take back 5 moves (of 6)" in asked.text and len(log_moves(table)) == 6
    table.ok("Arcsyn", "confirm")
    assert len(log_moves(table)) == 1
    reply = table.ok("Arcsyn", "redo")
    assert "Moderator Arcsyn put back what the undo took back:" in reply.text
    assert "2. Arcsyn: Place Pub at C2" in reply.text and "6. Hedgethorn: Place House" in reply.text
    assert reply.picture is not None and reply.changed
    assert table.export("txt").split("\n", 1)[1] == before
    records = json.loads(table.export("json"))["records"]
    assert [r["kind"] for r in records[-2:]] == ["undo", "redo"]
    assert all(m["in_force"] for m in json.loads(table.export("json"))["moves"])
    assert "Arcsyn put back 5 moves (redo)" in table.ok("Zed", "log").text
    reply = table.say("Arcsyn", "redo")
    assert not reply.ok and "nothing to redo" in reply.text


def test_redo_steps_back_through_several_undos_but_not_over_a_new_move(table: Table) -> None:
    started(table)
    play(table, SETUP)
    table.ok("Arcsyn", "undo Hedgethorn")
    table.ok("Arcsyn", "undo Hedgethorn")
    table.ok("Arcsyn", "redo")
    assert log_moves(table)[-1] == "5. Hedgethorn: Place Pub at E3"
    table.ok("Arcsyn", "redo")
    assert log_moves(table)[-1] == "6. Hedgethorn: Place House at W3"
    table.ok("Arcsyn", "undo Hedgethorn")
    table.ok("Hedgethorn", "Place House at W5")  # a new move: the old one cannot come back
    before = table.snapshot()
    reply = table.say("Arcsyn", "redo")
    assert not reply.ok and "no move was chosen since" in reply.text
    assert table.snapshot() == before


def test_a_player_may_redo_their_own_undo_but_not_a_moderators(table: Table) -> None:
    started(table)
    play(table, SETUP[:4])
    table.ok("Daemonis", "undo")
    reply = table.say("Hedgethorn", "redo")
    assert not reply.ok and "Only a moderator" in reply.text
    reply = table.ok("Daemonis", "redo")
    assert reply.text.startswith("Daemonis put back what the undo took back:")
    assert log_moves(table)[-1] == "4. Daemonis: Place Office at C4"
    table.ok("Arcsyn", "undo Daemonis")
    reply = table.say("Daemonis", "redo")
    assert not reply.ok and "Only a moderator" in reply.text


def test_a_correction_to_the_same_move_is_refused_and_redo_reverses_one(table: Table) -> None:
    started(table)
    play(table, SETUP)
    before = table.snapshot()
    reply = table.say("Arcsyn", "correct 2: place pub at c2")
    assert not reply.ok
    assert "Move 2 is already Place Pub at C2 (Arcsyn). Nothing was changed." in reply.text
    assert table.snapshot() == before
    table.ok("Arcsyn", "correct 3: Place House at E3")  # takes back moves 5 and 6 as well
    assert len(log_moves(table)) == 4
    reply = table.ok("Arcsyn", "redo")
    assert ("reversed the correction of move 3 (Daemonis): Place House at E3 → Place House at "
            "C3 again") in reply.text
    assert log_moves(table) == [f"{i}. {seat}: {text}"
                                for i, (seat, text) in enumerate(SETUP, start=1)]


def test_the_log_lists_a_corrected_move_in_its_place(table: Table) -> None:
    started(table)
    play(table, SETUP)
    table.ok("Arcsyn", "nudge")
    table.ok("Arcsyn", "correct 3: Place House at E5")
    log = table.ok("Zed", "log").text.splitlines()
    numbered = [line.split(".", 1)[0] for line in log if line[:1].isdigit()]
    assert numbered == ["1", "2", "3", "4", "5", "6"]
    assert "3. Daemonis: Place House at E5 (corrected by Arcsyn)" in log
    assert log.index("  — Arcsyn nudged Arcsyn") > log.index(
        "6. Hedgethorn: Place House at W3")


def test_a_game_with_redos_exports_and_imports_to_the_same_table(table: Table,
                                                                 tmp_path: Path) -> None:
    started(table)
    play(table, SETUP)
    table.ok("Arcsyn", "correct 4: Place Office at E5")
    table.ok("Arcsyn", "undo last 3")
    table.ok("Arcsyn", "redo")
    table.ok("Arcsyn", "redo")
    exported = table.export("json")
    other = open_table(str(tmp_path / "other.db"), place="elsewhere")
    reply = other.ok("Arcsyn", "import", attachments=[Attachment("g.json", exported.encode())])
    assert "6 moves replayed" in reply.text
    assert other.export("txt").split("\n", 1)[1] == table.export("txt").split("\n", 1)[1]
    assert "4. Daemonis: Place Office at C4" in other.ok("Arcsyn", "log").text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 80), st.integers(0, 1000), st.sampled_from(["undo last", "undo to"]))
def test_any_undo_then_redo_gives_back_the_same_game(moves: int, pick: int, form: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        table = open_table(str(Path(folder) / "busbot.db"))
        started(table)
        played = table.play_random(moves, seed=moves)
        before = table.export("txt").split("\n", 1)[1]
        number = pick % played + 1
        if "`confirm`" in table.say("Arcsyn", f"{form} {number}").text:
            table.ok("Arcsyn", "confirm")  # more than a few moves, or a finished game
        assert table.export("txt").split("\n", 1)[1] != before
        table.ok("Arcsyn", "redo")
        assert table.export("txt").split("\n", 1)[1] == before
        table.service.close()
