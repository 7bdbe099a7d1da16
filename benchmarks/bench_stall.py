"""How often a game hands the table to a human, with plans and auto_single and without, and what
the scheduler's look at due work costs with many stored games.

Run: ``.venv/bin/python benchmarks/bench_stall.py [--games 10000] [--runs 200]``

1. Hand-offs: the sample 4-player game (``engine/data/sample-game.txt``) and random ones
   (``--seeds``) are played through the service as their players would: each time the game
   waits for a player, that player writes the moves they make before anyone else moves, in
   one message (one hand-off). Without help
   (``auto_single=false``) every decision waits for its player. With ``auto_single`` (a single
   legal choice plays itself) and plans (at the start of each round's choosing, every player
   writes ``plan: ...`` with their choices for that round, in any order, while nobody waits for
   them), the game waits only for the rest. Both games end in the same position.
2. Due work: a database with ``--games`` stored games, each with its row in ``schedule`` (a
   tenth of them with a deadline, none due yet), then the time of ``Store.due_games`` (the one
   indexed range read the scheduler makes every minute) and of a whole ``run_due`` that finds
   nothing to do.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.api import Actor  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.service.game.records import GameRecord  # noqa: E402
from engine import GameLog  # noqa: E402
from engine.playout import random_game  # noqa: E402

SAMPLE = Path(__file__).resolve().parent.parent / "engine" / "data" / "sample-game.txt"
PLACE = "bench"


def _rounds(moves: list[tuple[str, str]]) -> dict[int, dict[str, list[str]]]:
    """For each move that opens a choosing phase, every player's choices in that phase."""
    phases: dict[int, dict[str, list[str]]] = {}
    start: int | None = None
    for i, (seat, text) in enumerate(moves):
        choosing = text.startswith(("Choose", "Pass"))
        if choosing and start is None:
            start = i
            phases[i] = {}
        if not choosing:
            start = None
        elif start is not None:
            phases[start].setdefault(seat, []).append(text)
    return phases


def play(log: GameLog, folder: str, helped: bool) -> tuple[int, int, int]:
    """Play the sample game through the service; returns (hand-offs, plan messages, moves the
    service played by itself)."""
    os.makedirs(folder, exist_ok=True)
    service = GameService(os.path.join(folder, "stall.db"), renderer=None,
                          rate_limits=False)
    people = {name: Actor(name, name) for name in log.players}
    first = people[log.players[0]]
    service.handle(PLACE, first, f"new game auto_single={'true' if helped else 'false'}")
    for name in log.players:
        service.handle(PLACE, people[name], "join")
    service.handle(PLACE, first, f"start order: {', '.join(log.players)}")
    moves = list(log.moves)
    phases = _rounds(moves) if helped else {}
    hand_offs = plans = 0
    while (done := _moves_in_force(service)) < len(moves):
        if done in phases:
            for name, steps in phases.pop(done).items():
                service.handle(PLACE, people[name], "plan: " + ", then ".join(steps))
                plans += 1
            continue
        seat = moves[done][0]
        run = [text for _, text in _run_of(moves, done)]
        reply = service.handle(PLACE, people[seat], "; ".join(run))
        assert reply.ok, reply.text
        hand_offs += 1
    automatic = sum(1 for r in service.store.records(1) if r.kind == "move" and r.auto)
    service.close()
    return hand_offs, plans, automatic


def _moves_in_force(service: GameService) -> int:
    """How many moves the game has in force (a fold of its records)."""
    summary = service.store.latest_game(PLACE)
    assert summary is not None
    return len(GameRecord.fold(summary.id, PLACE, service.store.records(summary.id)).moves)


def _run_of(moves: list[tuple[str, str]], start: int) -> list[tuple[str, str]]:
    """The moves from ``start`` that one seat makes before anyone else moves (a message holds
    at most 30)."""
    seat = moves[start][0]
    end = start
    while end < len(moves) and moves[end][0] == seat and end - start < 30:
        end += 1
    return moves[start:end]


def hand_off_figures(folder: str, seeds: list[int]) -> None:
    games = [("the sample 4-player game", GameLog.parse(SAMPLE.read_text()))]
    games += [(f"a random 4-player game (seed {seed})", random_game(4, seed=seed).log())
              for seed in seeds]
    for i, (name, log) in enumerate(games):
        plain, _, auto_plain = play(log, os.path.join(folder, f"p{i}"), helped=False)
        helped, plans, auto_helped = play(log, os.path.join(folder, f"h{i}"), helped=True)
        print(f"{name}, {len(log.moves)} moves:")
        print(f"  without plans or auto_single: {plain} hand-offs to a human "
              f"({auto_plain} moves played by the service)")
        print(f"  with auto_single and plans:   {helped} hand-offs to a human, plus {plans} "
              f"plan messages written while nobody waited ({auto_helped} moves played by the "
              f"service)")


def due_figures(folder: str, games: int, runs: int) -> None:
    path = os.path.join(folder, "due.db")
    service = GameService(path, renderer=None, rate_limits=False)
    now = 2_000_000_000.0
    rng = random.Random(5)
    with service.store.transaction() as db:
        db.conn.executemany(
            "INSERT INTO games (id, place, status, edition, players, last_seq, created_at, "
            "updated_at) VALUES (?, ?, 'active', 'capstone', 'A, B, C', 0, ?, ?)",
            [(i, f"place-{i}", now, now) for i in range(1, games + 1)])
        db.conn.executemany(
            "INSERT INTO schedule (game_id, due_at, deadline) VALUES (?, ?, ?)",
            [(i, now + rng.uniform(60, 86400) if i % 10 == 0 else None,
              86400.0 if i % 10 == 0 else None) for i in range(1, games + 1)])
    plan = service.store.db.execute(
        "EXPLAIN QUERY PLAN SELECT game_id FROM schedule WHERE due_at <= ? ORDER BY due_at "
        "LIMIT 100", [now]).fetchall()
    scans = [_median(lambda: service.store.due_games(now)) for _ in range(3)]
    nothing = _median(lambda: service.run_due(now), runs)
    print(f"due-work scan over {games:,} stored games ({games // 10:,} with a deadline, none "
          f"due): {min(scans) * 1e6:.0f} µs per look (query plan: {plan[0][-1]}); a whole "
          f"run_due that finds nothing: {nothing * 1e6:.0f} µs")
    service.close()


def _median(call: object, runs: int = 200) -> float:
    assert callable(call)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seeds", type=int, nargs="*", default=[1],
                        help="random games to play besides the sample game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hand_off_figures(folder, args.seeds)
        due_figures(folder, args.games, args.runs)


if __name__ == "__main__":
    main()
