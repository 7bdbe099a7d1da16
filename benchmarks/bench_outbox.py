"""What keeping announcements in the outbox costs a command, and what a retried post costs.

Run: ``.venv/bin/python benchmarks/bench_outbox.py [--runs 200] [--owed 20]``

Prints the median time of a move (text to stored move and reply, without the picture) with the
outbox off and on (one more row in the same transaction), of marking a post sent (its own small
transaction, after the post went out), and the time to
rebuild and draw the picture of an announcement owed from a late-game position, as a retry after
a restart does. Same late 5-player game and durability settings as ``bench_service.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from bench_service import (  # type: ignore[import-not-found]  # noqa: E402
    PLACE,
    _the_move,
    late_game_log,
    late_game_service,
)

from bot.api import Actor  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.service.drawing.renderer import default_renderer  # noqa: E402


def move_times(folder: str, runs: int, announce: bool) -> tuple[list[float], list[float]]:
    """The time of each move (to the reply) and of marking its announcement sent after it."""
    path = os.path.join(folder, f"outbox-{announce}.db")
    service = late_game_service(path, renderer=None, announce=announce)
    rng = random.Random(1)
    times, marks = [], []
    for _ in range(runs):
        who, text = _the_move(service, rng)
        start = time.perf_counter()
        reply = service.handle(PLACE, who, text)
        times.append(time.perf_counter() - start)
        assert reply.ok, reply.text
        if reply.announcement is not None:
            start = time.perf_counter()
            service.mark_sent([reply.announcement])
            marks.append(time.perf_counter() - start)
        assert service.handle(PLACE, who, "undo").ok
    service.close()
    return times, marks


def owed_times(folder: str, count: int) -> list[float]:
    path = os.path.join(folder, "owed.db")
    service = GameService(path, bind_imported_names=True, announce=True,
                          renderer=default_renderer(), rate_limits=False)
    # Mid-game, so that ``count`` more moves fit before the end.
    reply = service.import_text(PLACE, Actor("bench", "bench"), late_game_log(17, 0.6))
    assert reply.ok, reply.text
    rng = random.Random(2)
    for _ in range(count):
        who, text = _the_move(service, rng)
        assert service.handle(PLACE, who, text).ok
    service.close()
    service = GameService(path, bind_imported_names=True, announce=True,
                          renderer=default_renderer(), rate_limits=False)  # as after a restart
    times = []
    for item in service.unsent(PLACE)[-count:]:
        start = time.perf_counter()
        drawn = service.owed(item).complete()
        times.append(time.perf_counter() - start)
        assert drawn.picture is not None
    service.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--owed", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="busbot-bench-") as folder:
        for announce in (False, True):
            times, marks = move_times(folder, args.runs, announce)
            ms = [t * 1000 for t in times]
            print(f"move with the outbox {'on ' if announce else 'off'}: median "
                  f"{statistics.median(ms):.2f} ms, p90 {statistics.quantiles(ms, n=10)[-1]:.2f} "
                  f"ms over {len(ms)} runs")
        ms = [t * 1000 for t in marks]
        print(f"marking a post sent (after it went out, off the reply's path): median "
              f"{statistics.median(ms):.2f} ms")
        ms = [t * 1000 for t in owed_times(folder, args.owed)]
        print(f"owed post rebuilt and drawn after a restart: median {statistics.median(ms):.1f} "
              f"ms over {len(ms)} posts")


if __name__ == "__main__":
    main()
