"""How long the table picture takes, and how big it is: a late-game 5-player table at 1000 px.

Run: ``.venv/bin/python benchmarks/bench_render.py [--size 1000] [--runs 40]``

The table is a seeded random 5-player game one move before its end (a full city, many lines,
a decision pending). The first picture of a table also rasterises the parts that never change,
so it is timed apart; the median is over the pictures after it, which is what the bot pays for
each update of a running game. Targets (issue 3): median at most 120 ms, PNG at most 400 KB.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import Game, random_game
from render import render_png, render_svg

SEED = 33  # a 5-player game that fills 42 of the 47 lots


def late_game() -> Game:
    full = random_game(5, SEED)
    game = Game(full.players)
    for name, move in full.history[:-1]:
        game.push(move, name)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="long side in pixels")
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    game = late_game()
    state = game.state
    print(f"table: 5 players, round {state.round}, {len(game.history)} moves, "
          f"{sum(1 for k in state.lots if k)} buildings, "
          f"{sum(len(p.streets) for p in state.players)} line streets")

    start = time.perf_counter()
    png = render_png(game, size=args.size)
    first = time.perf_counter() - start

    png_times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        png = render_png(game, size=args.size)
        png_times.append(time.perf_counter() - start)
    svg_times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        render_svg(game)
        svg_times.append(time.perf_counter() - start)

    ms = sorted(t * 1000 for t in png_times)
    print(f"first PNG (with the fixed layers): {first * 1000:.0f} ms")
    print(f"PNG at {args.size} px: median {statistics.median(ms):.1f} ms, "
          f"min {ms[0]:.1f} ms, 90th percentile {ms[int(len(ms) * 0.9) - 1]:.1f} ms "
          f"over {args.runs} runs (target <= 120 ms)")
    print(f"PNG size: {len(png) / 1024:.1f} KB (target <= 400 KB)")
    print(f"SVG text alone: median {statistics.median(svg_times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
