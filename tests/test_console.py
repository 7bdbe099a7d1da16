"""The console table, run as ``busbot console`` with lines on standard input."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from engine import random_game
from tests.service_support import PNG_SIGNATURE

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ada", "Bram", "Cleo"]


def console(db: Path, lines: list[str], *extra: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--db", str(db), *extra],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=300,
        check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def lobby() -> list[str]:
    return ["Ada: new game auto_single=false", "Ada: join", "Bram: join", "Cleo: join",
            "Ada: start order: Ada, Bram, Cleo"]


def game_lines(seed: int) -> tuple[list[str], str]:
    game = random_game(3, seed=seed, names=NAMES)
    assert game.winner is not None
    return [f"{name}: {move}" for name, move in game.history], game.winner


def test_a_whole_game_through_standard_input(tmp_path: Path) -> None:
    moves, winner = game_lines(seed=7)
    out = console(tmp_path / "games.db", [*lobby(), *moves, "Bram: status"], "--no-pictures")
    assert "only you see this" not in out  # every line was accepted
    assert out.count("busbot: ") == len(lobby()) + len(moves) + 1
    assert f"The game is over: {winner} wins" in out
    assert out.rstrip().endswith("Goodbye; every game is saved.")
    assert "ping: @Bram" in out


@pytest.mark.long
def test_quitting_and_starting_again_continues_the_game(tmp_path: Path) -> None:
    moves, winner = game_lines(seed=3)
    db = tmp_path / "games.db"
    half = len(moves) // 2
    first = console(db, [*lobby(), *moves[:half], "quit", "Ada: status"], "--no-pictures")
    assert "Ada: status" not in first and first.count("busbot: ") == len(lobby()) + half
    second = console(db, [*moves[half:]], "--no-pictures")
    assert "only you see this" not in second
    assert f"The game is over: {winner} wins" in second


def test_pictures_are_written_and_their_paths_printed(tmp_path: Path) -> None:
    pictures = tmp_path / "pics"
    out = console(tmp_path / "games.db", [*lobby(), "Ada: Place Office at C1", "Bram: map"],
                  "--pictures", str(pictures))
    printed = [line.split("picture: ", 1)[1] for line in out.splitlines() if "picture: " in line]
    # ``map`` of the same move is a picture of its own beside the posted one (issue 32 item
    # 12: the folder is a history of what was shown; it once wrote over the posted one)
    assert printed == [str(pictures / "bus-game1-move000.png"),
                       str(pictures / "bus-game1-move001.png"),
                       str(pictures / "bus-game1-move001_2.png")]
    for path in printed:
        assert Path(path).read_bytes().startswith(PNG_SIGNATURE)


def test_pictures_of_the_same_move_never_overwrite_each_other(tmp_path: Path) -> None:
    """``map`` after ``layout phone`` overwrote the posted ``move075.png``, and after ``undo``
    the next move reused the number: the folder is a history of what was shown."""
    pictures = tmp_path / "pics"
    out = console(tmp_path / "games.db", [
        *lobby(), "Ada: Place Office at C1", "Bram: layout phone", "Bram: map",
        "Ada: undo", "Ada: Place Pub at C2"], "--pictures", str(pictures))
    printed = [line.split("picture: ", 1)[1] for line in out.splitlines() if "picture: " in line]
    assert printed == [str(pictures / name) for name in (
        "bus-game1-move000.png", "bus-game1-move001.png", "bus-game1-move001_2.png",
        "bus-game1-move000_2.png", "bus-game1-move001_3.png")]
    shown = {path: Path(path).read_bytes() for path in printed}
    assert len(set(shown.values())) == len(printed)  # five pictures, none written over
    assert sorted(os.listdir(pictures)) == sorted(os.path.basename(p) for p in printed)


def test_an_update_at_the_console_is_short_unless_described(tmp_path: Path) -> None:
    """Each update printed about five lines (picture path, three or four of alt text, pings):
    by default its text, whom it pings and the picture's path; ``--describe`` adds what the
    picture shows."""
    lines = [*lobby(), "Ada: Place Office at C1"]
    short = console(tmp_path / "a.db", lines, "--pictures", str(tmp_path / "a"))
    update = short[short.index("busbot: Ada: Place Office at C1"):].splitlines()
    assert update[:4] == [
        "busbot: Ada: Place Office at C1",
        "  Next: Ada: place 1 starting building on free zone-A lots.",
        f"  picture: {tmp_path / 'a' / 'bus-game1-move001.png'}",
        "Goodbye; every game is saved."]
    assert "picture shows:" not in short
    described = console(tmp_path / "b.db", lines, "--pictures", str(tmp_path / "b"),
                        "--describe")
    assert "  picture shows: Bus table, setup; clock: house" in described


def test_refusals_hints_export_and_import_at_the_console(tmp_path: Path) -> None:
    pictures = tmp_path / "out"
    moves, _ = game_lines(seed=11)
    out = console(tmp_path / "games.db", [
        *lobby(), "just chatting", "Bram: Place Office at C1", "Ada: undo 3",
        *moves[:10], "Cleo: export txt", "Ada: abandon", "Ada: confirm",
        f"Zed: import {pictures / 'bus-game1.txt'}", "Zed: status", "Bram: moves",
        "Zed: import /no/such/file",
    ], "--no-pictures", "--pictures", str(pictures))
    assert "Write `Name: text`" in out
    assert "busbot (only you see this): It is not your decision now." in out
    assert "`undo 3` could mean two things" in out
    assert f"file: {pictures / 'bus-game1.txt'}" in out
    assert "Zed imported a game (text log)" in out
    assert "Empty seats" not in out  # at the console, seats go to the users of those names
    assert "Game 2 (capstone edition): active." in out
    assert "Legal now" in out
    assert "cannot read /no/such/file" in out


@pytest.mark.long
def test_a_restart_says_which_game_waits_for_whom(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    console(db, [*lobby(), "Ada: Place Office at C1", "Ada: Place Pub at C2"], "--no-pictures")
    again = console(db, ["Bram: Place House at C3"], "--no-pictures").splitlines()
    assert again[1] == ("Game 1 here (capstone edition; Ada, Bram, Cleo) is under way; 2 moves "
                        "played, round 0. Next: Bram: place 2 starting buildings on free zone-A "
                        "lots.")
    assert "Bram: Place House at C3" in again[2]


def test_import_at_the_console_is_explained_and_names_ignore_case(tmp_path: Path) -> None:
    out = console(tmp_path / "games.db", [
        "Ada: import", "Ada: new game", "dave: join", "Bram: join", "Cleo: join",
        "ADA: start order: Dave, Bram, Cleo", "Dave: Place Office at C1", "ada: help",
    ], "--no-pictures")
    assert ("busbot (only you see this): `import PATH` makes a game from an exported log file"
            in out)
    assert "Attach" not in out
    assert "busbot: dave: Place Office at C1" in out
    assert "**At the console**: `import PATH`" in out and "You are a moderator" in out


def test_the_terminal_console_has_line_editing_and_history(tmp_path: Path) -> None:
    """At a terminal the up arrow brings back the last line, as in a shell."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "console", "--db", str(tmp_path / "games.db"),
         "--no-pictures"], stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
        env={**os.environ, "HOME": str(tmp_path)})
    os.close(slave)
    output = b""

    def read_until(*markers: bytes) -> None:
        """Read until the markers were printed, one after the other."""
        nonlocal output
        start = len(output)
        for marker in markers:
            while marker not in output[start:]:
                ready, _, _ = select.select([master], [], [], 60)
                assert ready, output.decode(errors="replace")
                output += os.read(master, 4096)
            start = output.index(marker, start) + len(marker)

    try:
        read_until(b"> ")  # type only at the prompt, as a person would
        os.write(master, b"Ada: new game\r")
        read_until(b"created by Ada", b"> ")
        os.write(master, b"\x1b[A\r")  # up arrow, Enter: the same line again
        read_until(b"already a game here", b"> ")
        os.write(master, b"\x04")  # Ctrl-D ends
        read_until(b"Goodbye")
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        os.close(master)
    assert b"^[[A" not in output
    assert (tmp_path / ".busbot_history").read_text().splitlines()[-1] == "Ada: new game"


def test_the_console_keeps_games_in_memory_as_the_bots_configuration_says(
        tmp_path: Path) -> None:
    """``live_games`` and ``live_idle_hours`` reach the console's service as they reach the
    Discord bot's, whichever way the console is started."""
    from bot import console
    from bot.config import load_config

    config = tmp_path / "busbot.toml"
    config.write_text('db_path = "games.db"\nlive_games = 3\nlive_idle_hours = 0.5\n',
                      encoding="utf-8")
    opts = console.settings(["--config", str(config), "--no-pictures"])
    service = console.open_service(opts)
    try:
        assert (service.cache_size, service.cache_idle) == (3, 1800.0)
        assert service.store.path == str(tmp_path / "games.db")
    finally:
        service.close()
    # --db and --pictures name the files; the settings file still says the rest
    opts = console.settings(["--config", str(config), "--db", str(tmp_path / "other.db"),
                             "--pictures", str(tmp_path / "pictures")])
    assert (opts.db_path, opts.live_games, opts.live_idle_hours) == (
        str(tmp_path / "other.db"), 3, 0.5)
    # `busbot run` without a token hands the console its Config; 0 hours is no time limit
    config.write_text('db_path = "games.db"\nlive_games = 7\nlive_idle_hours = 0\n',
                      encoding="utf-8")
    service = console.open_service(console.settings(load_config(config, environ={})))
    try:
        assert (service.cache_size, service.cache_idle) == (7, None)
    finally:
        service.close()
