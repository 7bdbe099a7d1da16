"""How quickly the ``busbot`` command line starts, against a bare interpreter in the same run.

Run: ``.venv/bin/python benchmarks/bench_cli.py [--runs 15]``

Target (issue 10): ``busbot --help`` and ``busbot replay`` of a 200-move log within 4x a bare
``python -c pass`` measured in the same run. Each command runs as a fresh process, as a user
would start it (the installed ``busbot`` script when present, else ``python -m bot.cli``); the
median of ``--runs`` starts is reported. The imports each command loads are listed too, so a
regression names its culprit (discord.py, the renderer, sqlite-utils must not appear). The
project's modules are byte-compiled first, as installing a package does: an editable install run
with ``PYTHONDONTWRITEBYTECODE=1`` would otherwise compile every module at every start, and the
figure would measure the compiler.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine import random_game

HEAVY = ("discord", "render", "sqlite_utils", "cairosvg", "PIL", "aiohttp")
MOVES = 200


def _command() -> list[str]:
    script = Path(sys.executable).with_name("busbot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]


def _median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _heavy_imports(args: list[str]) -> list[str]:
    probe = ("import sys, runpy; sys.argv = ['busbot', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('bot.cli', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "loaded = {m.split('.')[0] for m in sys.modules}\n"
             f"print('HEAVY:', *sorted(loaded & {set(HEAVY)!r}), file=sys.stderr)")
    err = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                         check=True).stderr.splitlines()
    marked = [line for line in err if line.startswith("HEAVY:")]
    return marked[-1].split()[1:] if marked else ["(probe failed)"]


def _log_with_moves(folder: str) -> str:
    seed = 1
    while True:
        game = random_game(4, seed)
        if len(game.history) >= MOVES:
            break
        seed += 1
    text = game.log().format()
    header = [line for line in text.splitlines() if line.partition(":")[0] not in game.players]
    moves = [line for line in text.splitlines() if line.partition(":")[0] in game.players]
    path = os.path.join(folder, "game.txt")
    Path(path).write_text("\n".join(header + moves[:MOVES]) + "\n", encoding="utf-8")
    return path


def _byte_compile() -> None:
    root = Path(__file__).resolve().parents[1]
    for package in ("bot", "engine", "render"):
        compileall.compile_dir(root / package, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    _byte_compile()
    with tempfile.TemporaryDirectory() as folder:
        log = _log_with_moves(folder)
        bare = _median_seconds([sys.executable, "-c", "pass"], args.runs)
        cases = {"busbot --help": ["--help"], f"busbot replay ({MOVES} moves)": ["replay", log]}
        print(f"python -c pass: {bare * 1000:6.1f} ms (median of {args.runs})")
        for name, argv in cases.items():
            took = _median_seconds([*_command(), *argv], args.runs)
            heavy = _heavy_imports(argv)
            print(f"{name:28} {took * 1000:6.1f} ms = {took / bare:4.1f}x bare "
                  f"(target 4x; heavy imports: {', '.join(heavy) or 'none'})")


if __name__ == "__main__":
    main()
