"""How long a preview takes: ``preview MOVE`` in a late 5-player game, picture included.

Run: ``.venv/bin/python benchmarks/bench_preview.py [--runs 30]``

A preview plays the move on a copy of the game (with the automatic moves after it) and draws
that copy with the changes highlighted; nothing is stored. Printed: the median and 90th
percentile of the whole command, with and without the picture, against the same move played
for real (whose picture is drawn the same way).
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
    late_game_service,
)

from bot.service.drawing.renderer import default_renderer  # noqa: E402


def times(folder: str, runs: int, with_picture: bool) -> tuple[list[float], list[float]]:
    """(preview times, played-move times) in seconds."""
    path = os.path.join(folder, f"preview-{with_picture}.db")
    renderer = default_renderer() if with_picture else None
    service = late_game_service(path, renderer=renderer, rate_limits=False)
    rng = random.Random(1)
    previews, moves = [], []
    for _ in range(runs):
        who, text = _the_move(service, rng)
        start = time.perf_counter()
        shown = service.handle(PLACE, who, f"preview {text}")
        previews.append(time.perf_counter() - start)
        assert shown.ok and not shown.changed and (shown.picture is not None) == with_picture
        start = time.perf_counter()
        played = service.handle(PLACE, who, text)
        moves.append(time.perf_counter() - start)
        assert played.ok and played.changed
        service.handle(PLACE, who, "undo")
    service.close()
    return previews, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="busbot-bench-") as folder:
        for with_picture in (False, True):
            previews, moves = times(folder, args.runs, with_picture)
            label = "with picture:   " if with_picture else "without picture:"
            for name, runs in (("preview", previews), ("move", moves)):
                ms = [t * 1000 for t in runs]
                print(f"{name:7} {label} median {statistics.median(ms):.1f} ms, "
                      f"p90 {statistics.quantiles(ms, n=10)[-1]:.1f} ms over {len(ms)} runs")


if __name__ == "__main__":
    main()
