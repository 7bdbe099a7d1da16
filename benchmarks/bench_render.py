"""How long the table picture takes, and how big it is: a late-game 5-player table at 1000 px.

Run: ``.venv/bin/python benchmarks/bench_render.py [--size 1000] [--runs 40]``

The tables are the last positions of a seeded random 5-player game (a full city, many lines, a
decision pending), each drawn once, in order, as the bot draws a running game after each
update. The first picture of a table also rasterises the parts that never change, so it is
timed apart. Targets (issue 3): median at most 120 ms, PNG at most 400 KB.
"""

from __future__ import annotations

import argparse
import statistics
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="long side in pixels")
    parser.add_argument("--runs", type=int, default=40)
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
    print(f"first PNG (with the fixed layers): {first * 1000:.0f} ms")
    print(f"PNG at {args.size} px: median {statistics.median(ms):.1f} ms, "
          f"min {ms[0]:.1f} ms, 90th percentile {ms[int(len(ms) * 0.9) - 1]:.1f} ms "
          f"over {args.runs} positions (target <= 120 ms)")
    print(f"PNG size: median {statistics.median(sizes) / 1024:.1f} KB, largest "
          f"{max(sizes) / 1024:.1f} KB (target <= 400 KB)")
    print(f"SVG text alone: median {statistics.median(svg_times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
