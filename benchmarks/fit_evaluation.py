"""Fit the computer player's evaluation (``ai/evaluate.py``) and write its numbers to
``ai/fitted.py``.

Positions: the start of every round of games whose seats each play the playout policy with
their own share of random moves (none to all, drawn per seat and game), 3 to 5 players, so the
positions are as varied as a search's playouts reach. Each position is played to the end
``--playouts`` times by the playout policy (``ai.playout.finish``, the policy the search
truncates), and each seat's mean final score and share of wins are the labels. The weights are
the least-squares fit (with a little ridge) of the points each seat adds from there, from
``ai.evaluate.features``; the temperature of ``ai.evaluate.chances`` is the one that makes the
shares of wins most likely. A fifth of the positions (whole games) are held out and the fit's
R^2 on them is printed and written down with the numbers.

Run: nice -n 10 .venv/bin/python benchmarks/fit_evaluation.py [--games 4000] [--playouts 8]
[--jobs 2] [--seed 10000] [--out ai/fitted.py]
Pure Python (no numpy): about 20 CPU minutes with the defaults. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from pathlib import Path

from ai.evaluate import FEATURES, features
from ai.greedy import greedy_pick
from ai.playout import finish, outcome
from engine import Game, Move
from engine.playout import uniform
from engine.state import GameState

ROOT = Path(__file__).resolve().parent.parent
#: the shares of random moves a seat of a game that makes positions may play
NOISES = (0.0, 0.1, 0.3, 0.6, 1.0)
#: the weight of the ridge term, per row (keeps rarely-seen measurements' weights small)
RIDGE = 1e-3

#: one labelled position: each seat's measurements, points added by the end (mean), share of
#: wins and score now
Row = tuple[list[list[float]], list[float], list[float], list[int]]


def positions(seed: int) -> list[GameState]:
    """The round starts of one game whose seats play the policy with their own noise."""
    rng = random.Random(seed)
    count = rng.choice((3, 4, 4, 4, 5))
    game = Game([f"P{i + 1}" for i in range(count)])
    noise = [rng.choice(NOISES) for _ in range(count)]
    st = game.state
    pick_any = uniform(rng)

    def pick(legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = st.current if st.phase == "choosing" else st.task.seat  # type: ignore[union-attr]
        assert seat is not None
        if rng.random() < noise[seat]:
            return pick_any(legal)
        return greedy_pick(st, st.players[seat], legal)

    out = []
    while not game.is_over:
        if st.phase == "choosing" and st.round >= 1 and not any(p.placed for p in st.players):
            out.append(st.copy())
        game.play_out(pick, until_round=st.round + 1)
    return out


def labelled(seed: int, playouts: int) -> list[Row]:
    """One game's positions, each played out ``playouts`` times."""
    rng = random.Random(seed * 7919 + 1)
    rows: list[Row] = []
    for st in positions(seed):
        seats = len(st.players)
        added = [0.0] * seats
        wins = [0.0] * seats
        for _ in range(playouts):
            game = _game_at(st)
            end = finish(game, rng)
            _, won, _ = outcome(end)
            for i, c in enumerate(won):
                wins[i] += c / playouts
            for i, p in enumerate(end.players):
                added[i] += (p.score - st.players[i].score) / playouts
        rows.append(([features(st, i) for i in range(seats)], added, wins,
                     [p.score for p in st.players]))
    return rows


def _game_at(st: GameState) -> Game:
    """A game standing at a copy of ``st`` (its history is not needed to play on)."""
    game = Game([p.name for p in st.players])
    game.state = st.copy()
    game._legal = None
    return game


def fit(rows: list[Row]) -> list[float]:
    """Least-squares weights of the points added, on every seat of every row."""
    d = len(FEATURES)
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    n = 0
    for measured, added, _, _ in rows:
        for f, y in zip(measured, added, strict=True):
            n += 1
            for i in range(d):
                fi = f[i]
                if fi:
                    ai_ = a[i]
                    for j in range(i, d):
                        ai_[j] += fi * f[j]
                    b[i] += fi * y
    for i in range(d):
        for j in range(i):
            a[i][j] = a[j][i]
        a[i][i] += RIDGE * n
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= factor * top[k]
    return [m[i][n] / m[i][i] for i in range(n)]


def predict(weights: list[float], f: list[float]) -> float:
    return sum(w * x for w, x in zip(weights, f, strict=True))


def r_squared(weights: list[float], rows: list[Row]) -> float:
    ys = [y for _, added, _, _ in rows for y in added]
    mean = sum(ys) / len(ys)
    sse = sum((y - predict(weights, f)) ** 2 for measured, added, _, _ in rows
              for f, y in zip(measured, added, strict=True))
    sst = sum((y - mean) ** 2 for y in ys)
    return 1 - sse / sst


def temperature(weights: list[float], rows: list[Row]) -> float:
    """The softmax temperature over expected final scores (``ai.evaluate.values``) that makes
    the shares of wins most likely (a golden-section search: the likelihood has one peak)."""
    predicted = [[score + predict(weights, f) for f, score in zip(measured, now, strict=True)]
                 for measured, _, _, now in rows]

    def loss(t: float) -> float:
        total = 0.0
        for gains, (_, _, wins, _) in zip(predicted, rows, strict=True):
            top = max(gains)
            log_sum = math.log(sum(math.exp((g - top) / t) for g in gains))
            total -= sum(w * ((g - top) / t - log_sum) for g, w in zip(gains, wins, strict=True))
        return total / len(rows)

    low, high = 0.05, 10.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        x1, x2 = high - ratio * (high - low), low + ratio * (high - low)
        if loss(x1) < loss(x2):
            high = x2
        else:
            low = x1
    return (low + high) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--out", default=str(ROOT / "ai" / "fitted.py"))
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    tasks = [(s, args.playouts) for s in seeds]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        games = pool.starmap(labelled, tasks, chunksize=8)
    held = [rows for g, rows in enumerate(games) if g % 5 == 4]
    kept = [rows for g, rows in enumerate(games) if g % 5 != 4]
    train = [row for rows in kept for row in rows]
    test = [row for rows in held for row in rows]
    weights = fit(train)
    fit_r2, test_r2 = r_squared(weights, train), r_squared(weights, test)
    t = temperature(weights, train)
    print(f"{len(train)} positions fitted, {len(test)} held out; R^2 of the points added "
          f"{fit_r2:.3f} (held out {test_r2:.3f}); temperature {t:.3f} "
          f"({time.perf_counter() - start:.0f} s)")
    lines = [
        '"""The numbers of the computer player\'s evaluation (``ai/evaluate.py``): written by',
        f"``benchmarks/fit_evaluation.py --games {args.games} --playouts {args.playouts} "
        f"--seed {args.seed}``, do not edit.",
        "",
        f"Fitted on {len(train)} round starts of {len(kept)} games, each played out "
        f"{args.playouts} times;",
        f"R^2 of the points each seat adds: {fit_r2:.3f} (on {len(test)} held-out positions: "
        f"{test_r2:.3f}).",
        '"""',
        "",
        "#: each measurement's weight in the points a seat adds by the end",
        "WEIGHTS: dict[str, float] = {",
        *(f'    "{name}": {w!r},' for name, w in zip(FEATURES, weights, strict=True)),
        "}",
        "#: the softmax temperature, in points, of the chances of winning",
        f"TEMPERATURE = {t!r}",
        "",
    ]
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
