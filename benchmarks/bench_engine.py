"""Engine speed: random games per second, replaying a logged game, listing legal choices.

Run: .venv/bin/python benchmarks/bench_engine.py   (targets: >= 300 games/s on one core,
<= 10 ms per replay, <= 50 us per legal-choice listing in a late-game position)
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict

from engine import GameLog, random_game, replay


def games_per_second(seconds: float = 5.0) -> tuple[float, float]:
    start = time.perf_counter()
    games = moves = 0
    while time.perf_counter() - start < seconds:
        game = random_game(4, games)
        games += 1
        moves += len(game.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def replay_ms(samples: int = 200) -> tuple[float, int]:
    logs = [random_game(4, 1000 + i).log().format() for i in range(20)]
    times = []
    for i in range(samples):
        text = logs[i % len(logs)]
        t0 = time.perf_counter()
        replay(GameLog.parse(text))
        times.append(time.perf_counter() - t0)
    longest = max(len(GameLog.parse(t).moves) for t in logs)
    return statistics.median(times) * 1000, longest


def legal_choices_us(repeat: int = 2000) -> dict[str, float]:
    by_kind: dict[str, list[float]] = defaultdict(list)
    for seed in range(10):
        log = random_game(4, 2000 + seed).log()
        cut = int(len(log.moves) * 0.8)  # late game: four fifths of the way through
        for upto in range(cut, len(log.moves) - 1):
            game = replay(log, upto=upto)
            decision = game.to_act()
            if decision is None:
                continue
            t0 = time.perf_counter()
            for _ in range(repeat // 20):
                game.legal_moves()
            by_kind[decision.kind].append((time.perf_counter() - t0) / (repeat // 20))
    return {k: statistics.median(v) * 1e6 for k, v in sorted(by_kind.items())}


def main() -> None:
    rate, moves = games_per_second()
    print(f"random complete 4-player games: {rate:.0f} per second "
          f"({moves:.0f} moves per game; target >= 300)")
    ms, longest = replay_ms()
    print(f"replay of a complete logged game: median {ms:.2f} ms "
          f"(games of up to {longest} moves; target <= 10 ms)")
    for kind, us in legal_choices_us().items():
        print(f"legal choices late in the game, {kind:>10}: median {us:.1f} us (target <= 50 us)")


if __name__ == "__main__":
    main()
