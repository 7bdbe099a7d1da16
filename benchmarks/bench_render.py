"""How long the table picture takes, and how big it is: late-game 5-player tables at 1000 px.

Run: ``.venv/bin/python benchmarks/bench_render.py [--size 1000] [--runs 40] [--turns 120]``

It prints, in one run:

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
import statistics
import subprocess
import sys
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="long side in pixels")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--turns", type=int, default=120,
                        help="pictures timed for each number of games drawn in turn")
    args = parser.parse_args()
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
