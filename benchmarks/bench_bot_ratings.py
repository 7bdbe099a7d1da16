"""The computer levels' fixed ratings, from bot-against-bot games: what ``LEVEL_SKILLS`` in
``bot/service/ratings/model.py`` holds.

Each game seats ``easy``, ``normal`` and ``hard`` at one 3-player table, in the six seat orders
in turn (game ``g`` plays order ``g mod 6`` with seed ``g``), and notes each level's place at the
end (R15, ``engine.standings.places``). The levels play their playout budgets without their
time caps (the cap is set far out of reach), so a game is the same on any machine, however
busy: the figures reproduce exactly, and they measure the levels as they play where the time cap
does not bite. ``bot.service.ratings.model.calibrate`` then rates the games in order (every
level from the prior, no drift) and shifts the scale so that ``normal`` sits at the prior's
mean. The spread is a bootstrap: the same estimate on 100 resamplings of the games (with
replacement, in their order), as 2.5th-97.5th percentiles.

Run (small enough for a shared 2-core machine; never more than 2 workers):

    nice -n 10 .venv/bin/python benchmarks/bench_bot_ratings.py --games 24 --jobs 2 \\
        --out /tmp/levels.jsonl

``--first-seed K`` plays more games after an earlier run (with the same ``--out`` file, whose
games all count); ``--from FILE`` only estimates from games already played; ``--quick`` plays
two fast games (playouts cut to a tenth) to check that it runs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import ai
from ai.levels import BUDGETS, Level
from bot.service.ratings.model import Skill, calibrate
from engine import Game
from engine.standings import places

LEVELS = ("easy", "normal", "hard")
ORDERS = list(itertools.permutations(LEVELS))
#: far beyond any decision's search: the levels' playout budgets decide, not the clock
NO_CAP = 600.0
RESAMPLES = 100

Result = list[tuple[str, int]]


def play(g: int, quick: bool = False) -> tuple[int, Result, float]:
    """Game ``g``: its levels' places and the seconds it took."""
    start = time.perf_counter()
    order = ORDERS[g % len(ORDERS)]
    game = Game(list(order))
    turn = 0
    while not game.is_over:
        decision = game.to_act()
        assert decision is not None
        turn += 1
        level = order[decision.seat]
        budget = BUDGETS[Level(level)]
        playouts = max(1, (budget.playouts or 1) // 10) if quick else budget.playouts
        game.push(ai.choose_move(game, level=level, playouts=playouts, seconds=NO_CAP,
                                 seed=g * 1000 + turn))
    place = places(game.state.players)
    return g, [(level, place[level]) for level in order], time.perf_counter() - start


def _play(task: tuple[int, bool]) -> tuple[int, Result, float]:
    return play(*task)


def estimate(games: Sequence[Result]) -> dict[str, Skill]:
    return calibrate(games)


def spread(games: Sequence[Result]) -> dict[str, tuple[float, float]]:
    """The 2.5th and 97.5th percentiles of each level's mu over resamplings of the games."""
    rng = random.Random(0)
    mus: dict[str, list[float]] = {level: [] for level in LEVELS}
    for _ in range(RESAMPLES):
        picked = sorted(rng.randrange(len(games)) for _ in games)
        for level, skill in estimate([games[i] for i in picked]).items():
            mus[level].append(skill.mu)
    out: dict[str, tuple[float, float]] = {}
    for level, values in mus.items():
        values.sort()
        if values:
            out[level] = (values[int(0.025 * (len(values) - 1))],
                          values[int(0.975 * (len(values) - 1))])
    return out


def report(games: Sequence[Result]) -> None:
    print(f"{len(games)} games")
    for level in LEVELS:
        seen = [place for game in games for lv, place in game if lv == level]
        wins = sum(place == 1 for place in seen)
        print(f"  {level:<7} first {wins:>3}/{len(seen):<3} mean place "
              f"{statistics.mean(seen) if seen else 0:.2f}")
    for a, b in itertools.combinations(LEVELS, 2):
        ahead = sum(dict(game)[a] < dict(game)[b] for game in games)
        behind = sum(dict(game)[a] > dict(game)[b] for game in games)
        print(f"  {a} ahead of {b}: {ahead}, behind: {behind}, level: "
              f"{len(games) - ahead - behind}")
    skills = estimate(games)
    bounds = spread(games) if len(games) > 1 else {}
    print("estimate (normal anchored at 25), mu with its 95% bootstrap range, sigma:")
    for level, skill in skills.items():
        low, high = bounds.get(level, (skill.mu, skill.mu))
        print(f"  {level:<7} mu {skill.mu:6.2f} [{low:6.2f}, {high:6.2f}]  sigma "
              f"{skill.sigma:.2f}  shown {skill.shown:6.2f}")
    print("LEVEL_SKILLS = {")
    for level in LEVELS:
        if level in skills:
            s = skills[level]
            print(f'    "{level}": Skill({s.mu:.2f}, {s.sigma:.2f}),')
    print("}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2),
                        help="worker processes (at most 2 on the shared machine)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None,
                        help="a JSON-lines file the games are added to (and read back from)")
    parser.add_argument("--from", dest="source", type=Path, default=None,
                        help="only estimate from the games in this file")
    parser.add_argument("--quick", action="store_true", help="two fast games: a check")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, nice "
          f"{os.nice(0)}, {args.jobs} worker(s)", flush=True)
    if args.source is not None:
        lines = args.source.read_text().splitlines()
        games = [[(str(lv), int(p)) for lv, p in json.loads(line)["places"]] for line in lines
                 if line.strip()]
        report(games)
        return
    count = 2 if args.quick else args.games
    seeds = list(range(args.first_seed, args.first_seed + count))
    started = time.perf_counter()
    played: dict[int, Result] = {}
    seconds: list[float] = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        # each game is noted as it ends, so an interrupted run keeps what it played
        for g, result, took in pool.imap_unordered(_play, [(g, args.quick) for g in seeds]):
            played[g] = result
            seconds.append(took)
            print(f"  game {g}: {result} ({took:.0f} s)", flush=True)
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps({"game": g, "places": result}) + "\n")
    if args.out is not None:
        games = [[(str(lv), int(p)) for lv, p in json.loads(line)["places"]]
                 for line in sorted(args.out.read_text().splitlines(),
                                    key=lambda line: int(json.loads(line)["game"]))
                 if line.strip()]
    else:
        games = [played[g] for g in seeds]
    print(f"played {count} games in {time.perf_counter() - started:.0f} s wall; seconds a game "
          f"median {statistics.median(seconds):.0f}, max {max(seconds):.0f}; load average now "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    report(games)


if __name__ == "__main__":
    main()
