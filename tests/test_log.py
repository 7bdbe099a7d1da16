"""Game logs: the text format, replay, and the ``busbot replay`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import BusError, GameLog, LogError, random_game, replay
from engine.game import SNAPSHOT_EVERY

HEADER = """# a comment
players: Arcsyn, Daemonis, Hedgethorn, discrider
edition: capstone
option: first_line_on_empty_street = true
"""


def test_log_text_reads_seats_options_and_moves() -> None:
    log = GameLog.parse(HEADER + "Arcsyn: Place Office at C1\n")
    assert log.players == ["Arcsyn", "Daemonis", "Hedgethorn", "discrider"]
    assert log.options == {"first_line_on_empty_street": "true"}
    game = replay(log)
    assert game.state.options.first_line_on_empty_street is True
    assert game.to_json()["buildings"] == {"C1": ["office"]}
    assert game.to_act().player == "Arcsyn"  # type: ignore[union-attr]
    game.play("Arcsyn", "Place House at C4")
    game.play("Daemonis", "place pub c3")
    assert "Daemonis: Place Pub at C3" in game.log().format()


def test_format_then_parse_gives_the_same_game() -> None:
    game = random_game(5, 11, "splotter-2nd")
    text = game.log().format()
    assert text.splitlines()[2] == "edition: splotter-2nd"
    again = replay(GameLog.parse(text))
    assert again.to_json() == game.to_json()
    assert again.log().format() == text


@pytest.mark.parametrize(("text", "line", "reason"), [
    ("players: A, B, C\nA: Place Office at C1\nB: pass\n", 3, "not B's turn"),
    ("players: A, B\n", 1, "3 to 5 players"),
    ("A: pass\n", 1, "'players:' line must come before"),
    ("players: A, B, C\nedition: deluxe\n", 2, "unknown edition"),
    ("players: A, B, C\noption: clocks = 3\n", 2, "unknown option"),
    ("# two seats\nplayers: A, B, C\ncolours: red, red, blue\n", 3, "same colour"),
    ("players: A, B, C\nthis is not a move\n", 2, "expected 'Name: move'"),
])
def test_bad_logs_name_the_line(text: str, line: int | None, reason: str) -> None:
    with pytest.raises(LogError) as err:
        replay(GameLog.parse(text))
    assert err.value.line == line
    assert reason in str(err.value)


def _busbot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_replay_command_exit_codes_and_json(tmp_path: Path) -> None:
    game = random_game(4, 5)
    good = tmp_path / "game.txt"
    good.write_text(game.log().format())
    result = _busbot("replay", str(good), "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["phase"] == "over" and state["winner"] == game.winner
    assert [p["name"] for p in state["players"]] == game.players
    for key in ("round", "clock", "clock_stones_left", "passenger_supply", "buildings",
                "passengers", "to_act", "ranking"):
        assert key in state
    assert set(state["players"][0]) >= {"name", "colour", "score", "carried", "stones", "buses",
                                        "markers", "line"}
    lines = good.read_text().splitlines()
    lines[20] = lines[20].split(":")[0] + ": Extend line from C1 to W9"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    result = _busbot("replay", str(bad))
    assert result.returncode == 1
    # issue 19: the guess is a crossing the extension could reach
    assert result.stdout.strip() == ("line 21, move 18: W9 is not a crossing; did you mean W3 "
                                     "(next to C1)?")
    lines[20] = lines[20].split(":")[0] + ": Extend line from C1 to N3"
    bad.write_text("\n".join(lines))
    result = _busbot("replay", str(bad))
    assert result.returncode == 1
    assert result.stdout.startswith("line 21, move 18 (rule R"), result.stdout


def test_replay_errors_name_line_move_and_rule() -> None:
    text = "players: A, B, C\n# setup\nA: Place Office at C1\n\nA: Place Office at Q9\n"
    with pytest.raises(LogError) as err:
        replay(GameLog.parse(text))
    assert (err.value.line, err.value.move) == (5, 2)
    assert str(err.value).startswith("line 5, move 2")
    game = random_game(3, 4)
    log = game.log()  # built, not read: no text lines, still the move number and the rule
    log.moves[30] = (log.moves[30][0], "Deliver from E1 to C1")
    with pytest.raises(LogError) as err:
        replay(log)
    assert err.value.line is None and err.value.move == 31
    assert str(err.value).startswith("move 31 (rule R")


def test_taking_moves_back_one_by_one_gives_every_earlier_position() -> None:
    game = random_game(5, 13)
    log = game.log()
    for cut in range(len(log.moves) - 1, -1, -1):
        assert str(game.pop()) == log.moves[cut][1]
        if cut % 7 == 0 or cut % 32 in (0, 1, 31):
            assert game.to_json() == replay(log, upto=cut).to_json()
    with pytest.raises(BusError):
        game.pop()


def test_a_refused_message_across_a_kept_position_leaves_no_trace() -> None:
    """A message of two moves whose second is refused is undone whole, even when its first
    move reached a move count at which the game keeps a copy of its position."""
    for seed in range(40):
        game = random_game(4, seed)
        log = game.log()
        for cut in range(SNAPSHOT_EVERY - 1, len(log.moves), SNAPSHOT_EVERY):
            past = replay(log, upto=cut)
            decision = past.to_act()
            legal = past.legal_moves()
            if decision is None or decision.count < 2 or len(legal) < 2:
                continue
            with pytest.raises(BusError):
                past.play(decision.player, f"{legal[0]}; Pass")
            assert past.to_json() == replay(log, upto=cut).to_json()
            past.push(legal[1])
            assert past.position_at(cut + 1).to_json() == past.to_json()
            assert past.position_at(cut).to_json() == replay(log, upto=cut).to_json()
            return
    raise AssertionError("no position with two moves owed at a kept move count")
