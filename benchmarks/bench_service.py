"""The game service's speed and memory, on a late-game 5-player game.

Run: ``.venv/bin/python benchmarks/bench_service.py [--runs 200] [--games 1000] [--active 50]``

Targets (issue 4): a command from text to stored move and reply, without the picture, at most
20 ms (median); with the picture at most 150 ms; 1,000 stored games with 50 of them active in
memory at most 300 MB. The database sits in a temporary folder on the same disk as the system's
temp files, with the service's real durability settings (WAL, synchronous=FULL).

Each timed command is a legal move by the player to act, taken back (untimed) before the next
run, so every run is the same late-game position with a warm cache, as in a running bot.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.api import Actor
from bot.service import GameService
from bot.service.drawing.renderer import default_renderer
from engine import GameLog, random_game

PLACE = "bench"


def late_game_log(seed: int, fraction: float = 0.85) -> str:
    """A 5-player game cut at ``fraction`` of its moves (round 5 or so, the city filling up)."""
    game = random_game(5, seed=seed)
    log = game.log()
    log.moves = log.moves[: int(len(log.moves) * fraction)]
    return log.format()


def late_game_service(path: str, **options: Any) -> GameService:
    """A service on ``path`` holding the benchmarks' late-game 5-player game at ``PLACE``."""
    service = GameService(path, bind_imported_names=True, **options)
    reply = service.import_text(PLACE, Actor("bench", "bench"), late_game_log(seed=17))
    assert reply.ok, reply.text
    return service


def _the_move(service: GameService, rng: random.Random) -> tuple[Actor, str]:
    summary = service.store.latest_game(PLACE)
    assert summary is not None and summary.waiting_seat is not None
    seat = summary.waiting_seat
    who = Actor(seat, seat)
    return who, rng.choice(service.choices(PLACE, who))


def command_times(folder: str, runs: int, with_picture: bool) -> tuple[list[float], float]:
    path = os.path.join(folder, f"timing-{with_picture}.db")
    renderer = default_renderer() if with_picture else None
    late_game_service(path, renderer=renderer).close()
    service = GameService(path, bind_imported_names=True, renderer=renderer, rate_limits=False)
    rng = random.Random(1)
    # The first command after a start replays the game once: timed apart.
    who, text = _the_move(service, rng)
    start = time.perf_counter()
    service.handle(PLACE, who, text)
    cold = time.perf_counter() - start
    service.handle(PLACE, who, "undo")
    times = []
    for _ in range(runs):
        who, text = _the_move(service, rng)
        start = time.perf_counter()
        reply = service.handle(PLACE, who, text)
        times.append(time.perf_counter() - start)
        assert reply.ok and reply.changed, reply.text
        assert (reply.picture is not None) == with_picture
        undone = service.handle(PLACE, who, "undo")
        assert undone.ok, undone.text
    service.close()
    return times, cold


def build_games(path: str, games: int) -> None:
    """Store ``games`` games in as many places, at every stage from the lobby to late games."""
    # the daily budgets would stop a member importing a thousand games: a benchmark imports them
    service = GameService(path, renderer=None, bind_imported_names=True, rate_limits=False)
    logs = [random_game(5, seed=s).log() for s in range(20)]
    for i in range(games):
        log = logs[i % len(logs)]
        cut = log.moves[: int(len(log.moves) * ((i % 10) + 0.5) / 10)]
        text = GameLog(log.players, log.edition, log.options, log.colours, cut).format()
        reply = service.import_text(f"place-{i}", Actor("bench", "bench"), text)
        assert reply.ok, reply.text
    service.close()


def memory_child(path: str, active: int) -> None:
    """Run in a fresh process: open the service, make ``active`` late games live, print RSS."""
    import render  # noqa: F401 - the bot process has the renderer loaded too

    base = _rss_mb()
    service = GameService(path)
    for i in range(active):
        place = f"place-{9 - (i % 10) + 10 * (i // 10)}"  # the latest stages first
        reply = service.handle(place, Actor("x", "x"), "status")
        assert reply.ok
    print(f"{base:.1f} {_rss_mb():.1f} {len(service.games())}")


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--picture-runs", type=int, default=30)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--active", type=int, default=50)
    parser.add_argument("--memory-child", nargs=2, metavar=("DB", "ACTIVE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory_child(args.memory_child[0], int(args.memory_child[1]))
        return
    with tempfile.TemporaryDirectory(prefix="busbot-bench-") as folder:
        times, cold = command_times(folder, args.runs, with_picture=False)
        ms = [t * 1000 for t in times]
        print(f"command without picture: median {statistics.median(ms):.2f} ms, "
              f"p90 {statistics.quantiles(ms, n=10)[-1]:.2f} ms over {len(ms)} runs "
              f"(target <= 20 ms); first command after a start {cold * 1000:.1f} ms")
        times, _ = command_times(folder, args.picture_runs, with_picture=True)
        ms = [t * 1000 for t in times]
        print(f"command with picture:    median {statistics.median(ms):.1f} ms, "
              f"p90 {statistics.quantiles(ms, n=10)[-1]:.1f} ms over {len(ms)} runs "
              f"(target <= 150 ms)")
        path = os.path.join(folder, "many.db")
        start = time.perf_counter()
        build_games(path, args.games)
        built = time.perf_counter() - start
        size = Path(path).stat().st_size / 1e6
        out = subprocess.run(
            [sys.executable, __file__, "--memory-child", path, str(args.active)],
            capture_output=True, text=True, check=True).stdout.split()
        base, total, count = float(out[0]), float(out[1]), int(out[2])
        print(f"memory: {count} stored games ({size:.1f} MB file, built in {built:.0f} s), "
              f"{args.active} active: {total:.0f} MB resident ({base:.0f} MB of it is Python "
              f"with the engine and renderer loaded) (target <= 300 MB)")


if __name__ == "__main__":
    main()
