"""Random playouts, today's engine against an earlier one, in the same run.

Two worker processes play random complete games (``engine.random_game``): one imports the
engine of this checkout, the other the engine of an earlier commit, unpacked into a temporary
directory with ``git archive`` (never kept in the package). They take turns, one short slice
each, so both see the same load on a shared machine (a virtual machine's speed drifts by half
from minute to minute: long slices measured the drift, not the engines); each slice's games are
counted against the CPU time of its own process, and the speed-up is the ratio of the two
engines' games over all their CPU time, with the pairs' ratios (median, quartiles) beside it.

Run: .venv/bin/python benchmarks/bench_playouts.py [--base REV] [--slices 40] [--seconds 0.4]
Target (issue 23): at least twice the base's random 4-player games per second.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engine before the playout speed-ups of issue 23
BASE = "2995d6da1593de56209a58eb7210b53d6c841b2a"

WORKER = """
import sys, time
from engine.playout import random_game
seed = 0
for line in sys.stdin:
    seconds = float(line)
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        random_game(4, seed)
        seed += 1
        games += 1
    print(games, time.process_time() - start, flush=True)
"""


def unpack(rev: str, into: Path) -> None:
    """The engine package of ``rev``, written under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "engine"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def start(path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WORKER], cwd=path, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env={"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin"})


def slice_rate(worker: subprocess.Popen[str], seconds: float) -> float:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{seconds}\n")
    worker.stdin.flush()
    games, cpu = worker.stdout.readline().split()
    return int(games) / float(cpu)


def compare(base: str, slices: int, seconds: float) -> tuple[list[float], list[float]]:
    """Games per CPU second of the base's engine and of this checkout's, slice by slice."""
    with tempfile.TemporaryDirectory() as tmp:
        unpack(base, Path(tmp))
        old, new = start(Path(tmp)), start(ROOT)
        try:
            rates: tuple[list[float], list[float]] = ([], [])
            for i in range(slices):
                order = (0, 1) if i % 2 == 0 else (1, 0)
                for which in order:
                    rates[which].append(slice_rate((old, new)[which], seconds))
            return rates
        finally:
            for worker in (old, new):
                assert worker.stdin is not None
                worker.stdin.close()
                worker.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--slices", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.4)
    args = parser.parse_args()
    old, new = compare(args.base, args.slices, args.seconds)
    ratios = sorted(n / o for o, n in zip(old, new, strict=True))
    quartiles = statistics.quantiles(ratios, n=4)
    print(f"random complete 4-player games per CPU second, {args.slices} alternating slices "
          f"of {args.seconds} s each:")
    print(f"  base {args.base[:10]}: median {statistics.median(old):.0f} "
          f"(slices {', '.join(f'{r:.0f}' for r in old)})")
    print(f"  this checkout:    median {statistics.median(new):.0f} "
          f"(slices {', '.join(f'{r:.0f}' for r in new)})")
    print(f"  speed-up: {statistics.mean(new) / statistics.mean(old):.2f}x over all the slices; "
          f"slice pairs median {statistics.median(ratios):.2f}x, quartiles "
          f"{quartiles[0]:.2f}-{quartiles[2]:.2f}x (target >= 2x)")


if __name__ == "__main__":
    main()
