"""Engine speed: random games per second, listings per decision, replaying a logged game,
listing legal choices, and taking back / looking back at move 20 and move 200.

Run: taskset -c 0 .venv/bin/python benchmarks/bench_engine.py
Targets: >= 300 games/s on one core; 1.0 listing of the legal moves per decision; <= 10 ms per
replay; <= 50 us per legal-choice listing; undo and the position at move N the same at move 20
and at move 200. Times are CPU time of this process (``time.process_time``), so other work on a
shared machine does not count against the engine.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable

from engine import Game, GameLog, random_game, replay
from engine.game import SNAPSHOT_EVERY
from engine.moves import Move
from engine.rules import Rule
from engine.state import PlayerState

clock = time.process_time


def games_per_second(seconds: float = 5.0) -> tuple[float, float]:
    start = clock()
    games = moves = 0
    while clock() - start < seconds:
        game = random_game(4, games)
        games += 1
        moves += len(game.history)
    elapsed = clock() - start
    return games / elapsed, moves / games


def listings_per_decision(games: int = 100) -> tuple[float, float]:
    """How often the engine lists the legal moves per move played in random games played the
    way the service plays (``legal_moves`` and ``push`` for every move; 1.0 means one listing
    per position, whether read or not), and apart from those, how many listings per move found
    a step with no legal move at all (forfeited, R6). Playouts (``random_game``) list each
    marker choice in their quiet loop without ``Game._list``, one lookup a choice, so they are
    not what this counts."""
    calls = empty = moves = 0
    original = Game._list

    def counted(self: Game, rule: Rule, p: PlayerState) -> list[Move]:
        nonlocal calls, empty
        found = original(self, rule, p)
        calls += 1
        empty += not found
        return found

    Game._list = counted  # type: ignore[method-assign]
    try:
        for seed in range(games):
            rng = random.Random(5000 + seed)
            game = Game(["Ada", "Bram", "Cleo", "Dirk"])
            while not game.is_over:
                game.push(rng.choice(game.legal_moves()))
            moves += len(game.history)
    finally:
        Game._list = original  # type: ignore[method-assign]
    return (calls - empty) / moves, empty / moves


def replay_ms(samples: int = 200) -> tuple[float, int]:
    logs = [random_game(4, 1000 + i).log().format() for i in range(20)]
    times = []
    for i in range(samples):
        text = logs[i % len(logs)]
        t0 = clock()
        replay(GameLog.parse(text))
        times.append(clock() - t0)
    longest = max(len(GameLog.parse(t).moves) for t in logs)
    return statistics.median(times) * 1000, longest


def legal_choices_us(repeat: int = 2000) -> dict[str, float]:
    """A first listing in a fresh position (the cache is emptied before each)."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    for seed in range(10):
        log = random_game(4, 2000 + seed).log()
        cut = int(len(log.moves) * 0.8)  # late game: four fifths of the way through
        for upto in range(cut, len(log.moves) - 1):
            game = replay(log, upto=upto)
            decision = game.to_act()
            if decision is None:
                continue
            copies = [game.copy() for _ in range(repeat // 20)]
            for g in copies:
                g._legal = None
            t0 = clock()
            for g in copies:
                g.legal_moves()
            by_kind[decision.kind].append((clock() - t0) / len(copies))
    return {k: statistics.median(v) * 1e6 for k, v in sorted(by_kind.items())}


def _median_us(work: Callable[[], object], repeat: int = 200) -> float:
    times = []
    for _ in range(repeat):
        t0 = clock()
        work()
        times.append(clock() - t0)
    return statistics.median(times) * 1e6


def looking_back() -> list[str]:
    """Undo (``pop``) and the position after move N, at move 20 and at move 200 of a long game,
    and the memory its kept positions take."""
    game = random_game(5, 13)  # 228 moves
    out = []
    for n in (20, 200):
        at = game.position_at(n)
        undo = _median_us(lambda at=at: at.copy().pop()) - _median_us(at.copy)  # type: ignore[misc]
        look = _median_us(lambda n=n: game.position_at(n))  # type: ignore[misc]
        out.append(f"at move {n}: undo {undo / 1000:.2f} ms, position at move {n} "
                   f"{look / 1000:.2f} ms")
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [s.copy() for s in game._snapshots if s is not None]
    size = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
    tracemalloc.stop()
    written = [len(game.written_position(m)) for m in game.kept_positions()]
    out.append(f"kept positions: one every {SNAPSHOT_EVERY} moves, {size / 1024:.1f} KB each, "
               f"{len(kept) * size / 1024:.0f} KB for this {len(game.history)}-move game; "
               f"written down to be stored, {sum(written) / len(written):.0f} bytes each")
    log = game.log()
    stored = [game.written_position(m) for m in game.kept_positions()]
    for n in (20, 200):
        whole = _median_us(lambda n=n: replay(log, n))  # type: ignore[misc]
        resumed = _median_us(lambda n=n: replay(log, n, kept=stored))  # type: ignore[misc]
        out.append(f"a stored game rebuilt at move {n}: {whole / 1000:.2f} ms replaying every "
                   f"move, {resumed / 1000:.2f} ms from its latest stored position")
    return out


def main() -> None:
    rate, moves = games_per_second()
    print(f"random complete 4-player games: {rate:.0f} per second "
          f"({moves:.0f} moves per game; target >= 300)")
    per_decision, forfeits = listings_per_decision()
    print(f"listings of the legal moves per decision in pushed random games: {per_decision:.2f} "
          f"(target 1.0), plus {forfeits:.3f} per move that found nothing to do (R6 forfeits)")
    ms, longest = replay_ms()
    print(f"replay of a complete logged game: median {ms:.2f} ms "
          f"(games of up to {longest} moves; target <= 10 ms)")
    for kind, us in legal_choices_us().items():
        print(f"legal choices late in the game, {kind:>10}: median {us:.1f} us (target <= 50 us)")
    for line in looking_back():
        print(line)


if __name__ == "__main__":
    main()
