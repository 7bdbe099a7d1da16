"""What the ratings cost with many stored games: rating a finished game, and ``leaderboard``.

A database is filled with ``--games`` (default 10,000) rated games of one server (3 to 5
seats drawn from ``--members`` members and the computer levels, some practice and imported
games among them), each rated as it finished. Then, timed ``--runs`` times each:

- **rating a finished game**: a real finished game (the sample game, played through the
  service at the console so that its records are the service's) read into its facts
  (``facts.game_facts``: who held each seat, places, the numbers ``stats`` needs) and rated in
  one transaction (``tables.update``: the verdict, its rows, the members' changes and lines),
  as the commit that ends a game does; each run rates a new game after all the others;
- **leaderboard**: the board's two indexed reads and its text (``views.board``,
  ``views.board_text``), and separately its picture (``render.leaderboard``), which the bot
  draws after the command, off the database thread.

Goal (issue 35): under 50 ms each. Prints medians and 95th percentiles in ms.

Run: nice -n 10 .venv/bin/python benchmarks/bench_ratings.py [--games 10000] [--runs 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace

from bot.service.game.live_game import LiveGame, build_game
from bot.service.game.records import GameRecord, GameStatus, Record
from bot.service.ratings import tables, views
from bot.service.ratings.counting import GameFacts, SeatFacts, Status
from bot.service.ratings.model import LEVEL_SKILLS
from bot.service.store import schema
from bot.service.store.store import Store
from bot.service.words.catalogue import say

SERVER = "bench-server"


def synthetic(game_id: int, at: float, rng: random.Random, members: int) -> GameFacts:
    n = rng.randint(3, 5)
    people = rng.sample(range(members), rng.randint(1, n))
    scores = [rng.randint(-2, 20) for _ in range(n)]
    seats = []
    for i in range(n):
        place = 1 + sum(s > scores[i] for s in scores)
        common = {"decisions": 40, "score": scores[i], "stones": rng.randint(0, 2),
                  "streets": rng.randint(3, 14), "deliveries": rng.randint(0, 9),
                  "actions": {"buses": rng.randint(0, 4), "vroom": rng.randint(0, 6)}}
        if i < len(people):
            seats.append(SeatFacts(f"Player {people[i]}", place, member=f"m{people[i]}",
                                   held=40, assisted=rng.choice([0, 0, 0, 12]),
                                   thinking=rng.uniform(100, 9000), timed=30,
                                   **common))  # type: ignore[arg-type]
        else:
            seats.append(SeatFacts(f"Bot {i}", place, level=rng.choice(sorted(LEVEL_SKILLS)),
                                   **common))  # type: ignore[arg-type]
    kind = rng.random()
    return GameFacts(game_id, SERVER, Status.FINISHED, at, tuple(seats),
                     practice=kind < 0.03, imported=kind > 0.97)


def fill(store: Store, games: int, members: int) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    with store.transaction() as db:
        schema.create_side_tables(db)
        for g in range(1, games + 1):
            tables.update(db, synthetic(g, 1_000_000.0 + g * 60, rng, members))
    return time.perf_counter() - start


def timed(call: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def line(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"{name:<52} median {statistics.median(ms):6.2f} ms  p95 "
            f"{ms[int(0.95 * (len(ms) - 1))]:6.2f} ms  (n={len(ms)})")


def sample_game(folder: str) -> tuple[LiveGame, list[Record]]:
    """The sample game played at the console table: its live game and records."""
    from pathlib import Path

    from bot.api import Actor
    from bot.service import GameService
    from engine import GameLog

    log = GameLog.parse((Path(__file__).resolve().parent.parent / "engine" / "data"
                         / "sample-game.txt").read_text())
    service = GameService(os.path.join(folder, "sample.db"), renderer=None, rate_limits=False)
    first = Actor(log.players[0], log.players[0])
    service.handle("console", first, "new game")
    for name in log.players:
        service.handle("console", Actor(name, name), "join")
    service.handle("console", first, "start order: " + ", ".join(log.players))
    for name, move in log.moves:
        service.handle("console", Actor(name, name), str(move))
    summary = service.store.latest_game("console")
    assert summary is not None
    records = service.store.records(summary.id)
    record = GameRecord.fold(summary.id, "console", records)
    live = LiveGame(record, build_game(record))
    service.close()
    assert live.status == GameStatus.OVER, live.status
    return live, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=300)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, nice "
          f"{os.nice(0)}")
    from bot.service.ratings.facts import game_facts
    from render.leaderboard import BoardRow, leaderboard_png

    with tempfile.TemporaryDirectory() as folder:
        live, records = sample_game(folder)
        store = Store(os.path.join(folder, "ratings.db"))
        took = fill(store, args.games, args.members)
        print(f"{args.games:,} games rated one after another in {took:.1f} s "
              f"({took / args.games * 1000:.2f} ms a game, one transaction)")
        next_id = [args.games + 1]
        at = [1_000_000.0 + (args.games + 1) * 60]

        def rate_one() -> None:
            facts = game_facts(live, records, server=SERVER,
                               practice=False)
            facts = replace(facts, game_id=next_id[0], finished_at=at[0])
            next_id[0] += 1
            at[0] += 60
            with store.transaction() as db:
                tables.update(db, facts)

        def facts_only() -> None:
            game_facts(live, records, server=SERVER, practice=False)

        def board() -> str:
            with store.lock:
                found = views.board(store.db, SERVER, tables.ALL_TIME, 20)
            return say(views.board_text(found, None))

        with store.lock:
            found = views.board(store.db, SERVER, tables.ALL_TIME, 20)
        rows = [BoardRow(i, ln.name, ln.skill.shown, ln.skill.mu, ln.skill.sigma, ln.games,
                         ln.wins, ln.provisional) for i, ln in enumerate(found.lines, start=1)]
        print(line("a finished game's facts, from its records", timed(facts_only, args.runs)))
        print(line("rating a finished game (facts + rows + changes)", timed(rate_one, args.runs)))
        print(line("leaderboard: reads and text", timed(board, args.runs)))
        print(line("leaderboard: its picture (after the command)",
                   timed(lambda: leaderboard_png("all time", rows, games=found.games),
                         max(10, args.runs // 10))))
        print(f"(board: {found.players} members, {found.games:,} rated games)")
        store.close()


if __name__ == "__main__":
    main()
