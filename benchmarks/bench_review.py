"""The processor time of a game's review (``ai.review``, issue 36): five-player games played
by the computer, each reviewed at the review's budget (``REVIEW_PLAYOUTS`` a position), timed
on the process's CPU clock (``time.process_time``: another program on the machine slows the
review's wall time, not its CPU time). Prints each game's moves, decisions and CPU seconds, the
seconds a position (median and range) and the figure scaled to a 240-move game, with the
machine's load average beside it.

Run: nice -n 10 .venv/bin/python benchmarks/bench_review.py [--games 3] [--playouts N]
Target (issue 36): a 240-move five-player game under 90 s of CPU on the 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import ai
from ai.review import REVIEW_PLAYOUTS, review
from engine.game import Game

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
#: the playouts a move of the games reviewed was chosen with (quick, yet not random play)
PLAY_PLAYOUTS = 8
TARGET_SECONDS = 90.0
TARGET_MOVES = 240


def played(seed: int) -> Game:
    """A five-player game the computer plays with a small budget, the same for a seed."""
    game = Game(NAMES)
    while not game.is_over:
        turn = seed * 1000 + len(game.history)
        game.push(ai.choose_move(game, playouts=PLAY_PLAYOUTS, seed=turn))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=REVIEW_PLAYOUTS)
    args = parser.parse_args()
    per_position: list[float] = []
    scaled: list[float] = []
    print(f"review budget: {args.playouts} playouts a position; load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    for seed in range(args.games):
        game = played(seed)
        start = time.process_time()
        done = review(game, playouts=args.playouts)
        cpu = time.process_time() - start
        each = cpu / max(1, len(done.decisions))
        per_position.append(each)
        scaled.append(each * TARGET_MOVES)
        print(f"game {seed}: {done.moves} moves, {len(done.decisions)} decisions, "
              f"{cpu:.1f} s CPU ({each * 1000:.0f} ms a position)")
    print(f"ms a position: median {statistics.median(per_position) * 1000:.0f}, "
          f"range {min(per_position) * 1000:.0f}..{max(per_position) * 1000:.0f}")
    print(f"a {TARGET_MOVES}-move game: median {statistics.median(scaled):.1f} s CPU, "
          f"range {min(scaled):.1f}..{max(scaled):.1f} (target under {TARGET_SECONDS:.0f} s); "
          f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
