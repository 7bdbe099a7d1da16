"""How long the table picture takes, and how big it is: late-game 5-player tables at 1000 px.

Run: ``.venv/bin/python benchmarks/bench_render.py [--size 1000] [--runs 40] [--turns 120]
[--baseline REF] [--layouts-only] [--language de]``

It prints, in one run:

- **per layout** (issue 24): for landscape, portrait and phone, each at its own size, the
  median time of a picture of the same late-game positions, the PNG's size, and the smallest
  crossing label, passenger count and action-board marker in CSS pixels on a phone 390 pixels
  wide (read from the SVG by ``render.measure``; the phone layout promises 9). The same is
  measured, in the same run and alternately, for the renderer as it was at ``--baseline`` (by
  default the commit before the phone layout: "today's"), unpacked from git into a temporary
  folder and run in its own process; the phone layout, which did not exist, is compared with
  that day's portrait picture, which has as many pixels. Target: at most 1.2x today's time,
  compared as the CPU time of the drawing process (``time.process_time``), which the other work
  of a shared machine does not inflate as it does the wall-clock time (both are printed).
  With ``--language de`` today's pictures are drawn with that language's catalogue (its longer
  labels measured and fitted), against the baseline's English ones (issue 34).

- **one table**: the last positions of a seeded random 5-player game (a full city, many lines, a
  decision pending), each drawn once, in order, as the bot draws a running game after each
  update. Targets (issue 3): median at most 120 ms, PNG at most 400 KB.
- **many tables in turn** (issue 11): 1, 8, 12 and 50 different 5-player games (different
  players, so nothing of one table's picture can be reused for another), drawn round-robin, one
  move further each time a game comes round, as a server with that many busy channels would.
  One untimed round first, then ``--turns`` pictures timed: median and p99. Target: the same
  figures for 50 games as for one.
- **the first picture of a process** (issue 11): a fresh Python process imports the renderer and
  draws one table, cold; another first lets the warm-up the bot and the console start with
  (``render.warm_up``) finish, as it does while the bot connects to Discord. Target: the first
  picture after the warm-up at most twice a warm picture.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from engine import Game, random_game
from render import render_png, render_svg

SEED = 33  # a 5-player game that fills 42 of the 47 lots


def late_game(moves_before_end: int = 1) -> Game:
    """The benchmark's game, ``moves_before_end`` moves before its last move."""
    full = random_game(5, SEED)
    game = Game(full.players)
    for name, move in full.history[:len(full.history) - moves_before_end]:
        game.push(move, name)
    return game


def table_positions(index: int, count: int) -> list[Game]:
    """``count`` consecutive positions late in one game (up to its last move), its players
    named after the game (``index``), so that no two games share a name."""
    names = [f"{who}{index}" for who in ("Ada", "Bram", "Cleo", "Dora", "Emil")]
    full = random_game(5, 1000 + index, names=names)
    game = Game(full.players)
    start = max(1, len(full.history) - count)
    out: list[Game] = []
    for i, (name, move) in enumerate(full.history):
        game.push(move, name)
        if i + 1 >= start and len(out) < count:
            out.append(game.copy())
    return out


def quantile(ms: list[float], q: float) -> float:
    ordered = sorted(ms)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def in_turn(games: int, turns: int, size: int) -> list[float]:
    """Milliseconds per picture, ``games`` tables drawn round-robin (after one untimed round)."""
    rounds = -(-turns // games) + 1
    tables = [table_positions(g, rounds) for g in range(games)]
    for g in range(games):
        render_png(tables[g][0], size=size)
    ms: list[float] = []
    for k in range(turns):
        g = k % games
        table = tables[g][1 + k // games]
        start = time.perf_counter()
        render_png(table, size=size)
        ms.append((time.perf_counter() - start) * 1000)
    return ms


FIRST = """
import sys, time
from engine import random_game
import render
game = random_game(5, 33)
if sys.argv[1] == "warm":
    render.warm_up(size={size}).join()
start = time.perf_counter()
render.render_png(game, size={size})
print((time.perf_counter() - start) * 1000)
"""


def first_picture(size: int, warm: bool) -> float:
    """Milliseconds for the first picture in a new process (median of three processes)."""
    code = FIRST.format(size=size)
    times = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code, "warm" if warm else "cold"],
                             capture_output=True, text=True, check=True).stdout
        times.append(float(out.split()[-1]))
    return statistics.median(times)


#: The renderer before the phone layout ("today's", issue 24).
TODAY = "2995d6d"
ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ("landscape", "portrait", "phone")

#: Times pictures of each layout in a process of its own, with either renderer on its path.
LAYOUT_WORKER = """
import json, statistics, sys, time
from engine import Game, random_game
from render import render_png, render_svg
import render.layout
layouts = [name for name in sys.argv[2].split(",")]
runs = int(sys.argv[1])
kw = {}
if len(sys.argv) > 3 and sys.argv[3] not in ("", "en"):
    from bot.service.words.catalogue import words_for
    kw["words"] = words_for(sys.argv[3])
full = random_game(5, 33)
tables = []
for back in range(runs, 0, -1):
    game = Game(full.players)
    for name, move in full.history[:len(full.history) - back]:
        game.push(move, name)
    tables.append(game)
out = {}
for layout in layouts:
    known = layout in render.layout.LAYOUTS
    drawn = layout if known else "portrait"
    png = render_png(tables[0], layout=drawn, **kw)
    ms, cpu, sizes = [], [], []
    for table in tables:
        start, used = time.perf_counter(), time.process_time()
        png = render_png(table, layout=drawn, **kw)
        cpu.append((time.process_time() - used) * 1000)
        ms.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    out[layout] = {"drawn": drawn, "ms": statistics.median(ms), "cpu": statistics.median(cpu),
                   "kb": statistics.median(sizes) / 1024,
                   "svg": render_svg(tables[-1], layout=drawn, **kw)}
print(json.dumps(out))
"""


def unpack(ref: str, into: Path) -> Path:
    """The engine and renderer as they were at ``ref``, unpacked into ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "engine",
                              "render", "assets"], capture_output=True, check=True).stdout
    tar = into / "today.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as unpacked:
        unpacked.extractall(into, filter="data")
    return into


def layout_times(where: Path, runs: int, language: str = "") -> dict[str, dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=str(where))
    out = subprocess.run([sys.executable, "-c", LAYOUT_WORKER, str(runs), ",".join(LAYOUTS),
                          language],
                         capture_output=True, text=True, check=True, env=env, cwd=str(where))
    result: dict[str, dict[str, object]] = json.loads(out.stdout)
    return result


def per_layout(baseline: str | None, runs: int, rounds: int = 3, language: str = "") -> None:
    """Each layout's picture time (against ``baseline``'s, in English), size and smallest
    labels; today's drawn in ``language`` where one is named."""
    from render.measure import PHONE_WIDTH, SMALL_PRINT, label_heights

    with tempfile.TemporaryDirectory() as tmp:
        today = unpack(baseline, Path(tmp)) if baseline else None
        now_ms: dict[str, list[float]] = {name: [] for name in LAYOUTS}
        then_ms: dict[str, list[float]] = {name: [] for name in LAYOUTS}
        now_cpu: dict[str, list[float]] = {name: [] for name in LAYOUTS}
        then_cpu: dict[str, list[float]] = {name: [] for name in LAYOUTS}
        now: dict[str, dict[str, object]] = {}
        then: dict[str, dict[str, object]] = {}
        for _ in range(rounds):  # alternately, so a busy machine weighs on both alike
            now = layout_times(ROOT, runs, language)
            if today is not None:
                then = layout_times(today, runs)
            for name in LAYOUTS:
                now_ms[name].append(float(now[name]["ms"]))  # type: ignore[arg-type]
                now_cpu[name].append(float(now[name]["cpu"]))  # type: ignore[arg-type]
                if then:
                    then_ms[name].append(float(then[name]["ms"]))  # type: ignore[arg-type]
                    then_cpu[name].append(float(then[name]["cpu"]))  # type: ignore[arg-type]
    if language:
        print(f"today's pictures drawn in {language!r}, the baseline's in English")
    print(f"per layout, at its own size, median of {rounds} alternate runs of {runs} "
          f"positions (wall-clock ms, and the CPU ms of the process, which other work on the "
          f"machine does not inflate: the ratio to today's is of CPU time); small print in CSS "
          f"px at {PHONE_WIDTH:g} px wide (phone target >= 9):")
    for name in LAYOUTS:
        ms = statistics.median(now_ms[name])
        cpu = statistics.median(now_cpu[name])
        heights = label_heights(str(now[name]["svg"]))
        smallest = ", ".join(f"{SMALL_PRINT[k]} {heights[k]:.1f}" for k in SMALL_PRINT
                             if k in heights)
        line = (f"  {name:9s} {ms:6.1f} ms ({cpu:5.1f} ms CPU), "
                f"{float(now[name]['kb']):5.1f} KB")  # type: ignore[arg-type]
        if then:
            was = statistics.median(then_ms[name])
            was_cpu = statistics.median(then_cpu[name])
            drawn = then[name]["drawn"]
            old = label_heights(str(then[name]["svg"]))
            line += (f" (today's {drawn}: {was:.1f} ms ({was_cpu:.1f} ms CPU), "
                     f"{float(then[name]['kb']):.1f} KB; {cpu / was_cpu:.2f}x, "  # type: ignore[arg-type]
                     f"target <= 1.2x)")
            smallest += "; today's " + ", ".join(f"{old[k]:.1f}" for k in SMALL_PRINT if k in old)
        print(line)
        print(f"  {'':9s} smallest: {smallest}; lowest {min(heights.values()):.1f} px")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="long side in pixels")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--turns", type=int, default=120,
                        help="pictures timed for each number of games drawn in turn")
    parser.add_argument("--baseline", default=TODAY,
                        help="git revision of today's renderer to compare with ('' for none)")
    parser.add_argument("--layouts-only", action="store_true",
                        help="only the per-layout figures")
    parser.add_argument("--language", default="",
                        help="draw today's pictures in this language (its catalogue)")
    args = parser.parse_args()
    per_layout(args.baseline or None, args.runs, language=args.language)
    if args.layouts_only:
        return
    tables = [late_game(k) for k in range(args.runs, 0, -1)]
    game = tables[-1]
    state = game.state
    print(f"tables: the last {args.runs} positions of a 5-player game; the last is round "
          f"{state.round}, move {len(game.history)}, {sum(1 for k in state.lots if k)} "
          f"buildings, {sum(len(p.streets) for p in state.players)} line streets")

    start = time.perf_counter()
    png = render_png(tables[0], size=args.size)
    first = time.perf_counter() - start

    png_times = []
    sizes = []
    for table in tables:
        start = time.perf_counter()
        png = render_png(table, size=args.size)
        png_times.append(time.perf_counter() - start)
        sizes.append(len(png))
    svg_times = []
    for table in tables:
        start = time.perf_counter()
        render_svg(table)
        svg_times.append(time.perf_counter() - start)

    ms = sorted(t * 1000 for t in png_times)
    warm = statistics.median(ms)
    print(f"first PNG (with the fixed layers): {first * 1000:.0f} ms")
    print(f"PNG at {args.size} px: median {warm:.1f} ms, "
          f"min {ms[0]:.1f} ms, 90th percentile {ms[int(len(ms) * 0.9) - 1]:.1f} ms "
          f"over {args.runs} positions (target <= 120 ms)")
    print(f"PNG size: median {statistics.median(sizes) / 1024:.1f} KB, largest "
          f"{max(sizes) / 1024:.1f} KB (target <= 400 KB)")
    print(f"SVG text alone: median {statistics.median(svg_times) * 1000:.1f} ms")

    for games in (1, 8, 12, 50):
        turn = in_turn(games, args.turns, args.size)
        print(f"{games:2d} different 5-player games drawn in turn: median "
              f"{statistics.median(turn):.1f} ms, p99 {quantile(turn, 0.99):.1f} ms "
              f"over {len(turn)} pictures")

    cold = first_picture(args.size, warm=False)
    line = (f"first picture in a fresh process: {cold:.0f} ms cold ({cold / warm:.1f}x a warm "
            f"one, {warm:.0f} ms)")
    import render

    if hasattr(render, "warm_up"):
        after = first_picture(args.size, warm=True)
        line += (f"; after the start-up warm-up {after:.0f} ms ({after / warm:.1f}x; "
                 f"target <= 2x)")
    print(line)


if __name__ == "__main__":
    main()
