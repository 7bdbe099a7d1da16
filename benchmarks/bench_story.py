"""How long the game's story takes to make, and how big the animation is: a whole 5-player game.

Run: ``.venv/bin/python benchmarks/bench_story.py [--seed 33] [--size 800] [--apng]``

The game is a seeded random 5-player game played to its end (``engine.playout.random_game``),
``--sample`` takes the 4-player sample game instead. Timed: the statistics (one replay), the
score chart as SVG and as PNG, and the animation with a frame per player's update (and, with
``--every-move``, per move) at the bot's default size, with its file size against Discord's
10 MB limit and the memory the process peaked at.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable
from typing import TypeVar

from engine import Game, random_game, replay
from engine.stats import story, summary
from render.animation import DISCORD_LIMIT, animate, every_move, update_positions
from render.chart import chart_png, chart_svg
from render.gallery import sample_log

T = TypeVar("T")


def timed(job: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = job()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=33, help="the random game's seed")
    parser.add_argument("--sample", action="store_true", help="the 4-player sample game")
    parser.add_argument("--size", type=int, help="animation long side (default: the bot's)")
    parser.add_argument("--layout", default="landscape", help="landscape or portrait")
    parser.add_argument("--apng", action="store_true", help="an animated PNG, not a GIF")
    parser.add_argument("--every-move", action="store_true", help="a frame per move as well")
    args = parser.parse_args()
    game: Game = replay(sample_log()) if args.sample else random_game(5, args.seed)
    name = "the sample game" if args.sample else f"random_game(5, {args.seed})"
    print(f"{name}: {len(game.players)} players, {len(game.history)} moves, "
          f"{game.state.round} rounds, ended by {game.state.ended_by}")

    tale, seconds = timed(lambda: story(game))
    print(f"statistics (one replay): {seconds * 1000:.0f} ms; {summary(tale)}")
    _, seconds = timed(lambda: chart_svg(game, tale))
    print(f"chart SVG: {seconds * 1000:.0f} ms")
    png, seconds = timed(lambda: chart_png(game, size=1000, tale=tale))
    print(f"chart PNG at 1000 px: {seconds * 1000:.0f} ms, {len(png) / 1000:.0f} KB")

    fmt = "png" if args.apng else "gif"
    runs = [("updates", update_positions(game))]
    if args.every_move:
        runs.append(("moves", every_move(game)))
    for label, positions in runs:
        start = time.perf_counter()
        made = animate(game, positions, fmt=fmt, size=args.size, layout=args.layout)
        seconds = time.perf_counter() - start
        per_frame = seconds / len(made.moves) * 1000
        print(f"animation, a frame per {label[:-1]}: {len(made.moves)} frames of {made.width} x "
              f"{made.height} px as {fmt.upper()}: {seconds:.1f} s ({per_frame:.0f} ms a frame), "
              f"{len(made.data) / 1_000_000:.2f} MB ({len(made.data) / DISCORD_LIMIT:.0%} of "
              f"Discord's 10 MB){'; ' + made.note if made.note else ''}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
