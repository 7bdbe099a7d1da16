"""busbot's computer player: a Monte Carlo tree search over the engine's own moves.

Pure like ``engine``: no I/O, no Discord, no database; the only clock it reads is the optional
time budget of ``choose_move``::

    move = ai.choose_move(game, playouts=400, seed=7)   # deterministic for a seed
    move = ai.choose_move(game, seconds=0.5)             # stops in time
    move = ai.choose_move(game, level="hard")            # a named budget (easy, normal, hard)

How it thinks and how to make it stronger: docs/ai.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ai.levels import BUDGETS, Budget, Level, level_named
from ai.search import Option, Search
from engine.errors import GameOver
from engine.game import Game
from engine.moves import Move
from engine.text import Msg

#: the refusals when the game is over (an ``engine.errors.GameOver``)
NO_MOVE_TO_CHOOSE = Msg("ai.over.choose", "the game is over: there is no move to choose")
NO_MOVE_TO_SUGGEST = Msg("ai.over.suggest", "the game is over: there is no move to suggest")

__all__ = ["BUDGETS", "Advice", "Budget", "Level", "Option", "Sure", "advise", "choose_move",
           "level_named", "win_chances"]


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move, the moves it was weighed against (best first: ``options[0]`` is the
    move), the playouts behind it and how sure the search is (``Sure``). The first ``tried``
    options were played out often enough to be ranked by their numbers (the search looked at
    each at least a quarter as often as at its favourite); the rest fell behind early and
    follow, most played out first."""

    move: Move
    options: tuple[Option, ...]
    playouts: int
    sure: Sure
    tried: int


class Sure(StrEnum):
    """How clearly the suggested move is ahead of the next best, in standard errors of the two
    win chances' difference: ``ONLY`` (the only legal move), ``CLEAR`` (two or more),
    ``LIKELY`` (one or more), ``CLOSE`` (less: either is about as good)."""

    ONLY = "only"
    CLEAR = "clear"
    LIKELY = "likely"
    CLOSE = "close"


def choose_move(game: Game, *, playouts: int | None = None, seconds: float | None = None,
                seed: int = 0, level: str | Level | None = None,
                clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move the computer plays for whoever must decide now in ``game`` (left unchanged).

    ``playouts`` bounds the search by simulated games (the same move for the same seed);
    ``seconds`` bounds it by time, read from ``clock``; a ``level`` supplies both from its
    budget unless given. With neither and no level, the ``normal`` budget is used.
    """
    legal = game.legal_moves()
    if not legal:
        raise GameOver(NO_MOVE_TO_CHOOSE())
    if len(legal) == 1:
        return legal[0]
    budget = _budget(playouts, seconds, level)
    rng = random.Random(seed)
    if budget.careless and rng.random() < budget.careless:
        return rng.choice(legal)
    search = Search(game, rng)
    search.run(budget.playouts, budget.seconds, clock)
    return search.best_move()


def advise(game: Game, *, playouts: int | None = None, seconds: float | None = 1.0,
           seed: int = 0, clock: Callable[[], float] = time.perf_counter) -> Advice:
    """What ``hint`` tells the player deciding now: the move the search ranks first, the others
    it weighed, and how sure it is. The ranking is by the numbers the advice carries (the
    chance of winning after each move, then the margin), among the moves the search looked at
    often enough to tell (at least a quarter as often as its most looked-at move), so the
    suggestion is always the one its own numbers put first."""
    legal = game.legal_moves()
    if not legal:
        raise GameOver(NO_MOVE_TO_SUGGEST())
    if len(legal) == 1:
        return Advice(legal[0], (), 0, Sure.ONLY, 0)
    search = Search(game, random.Random(seed))
    search.run(playouts, seconds, clock)
    options = search.options()
    top = max(o.playouts for o in options)
    trusted = [o for o in options if 4 * o.playouts >= top]
    ranked = sorted(trusted, key=lambda o: (-o.win, -o.margin, -o.playouts))
    ranked += sorted((o for o in options if 4 * o.playouts < top), key=lambda o: -o.playouts)
    return Advice(ranked[0].move, tuple(ranked), search.playouts,
                  _sure(ranked[0], ranked[1] if len(trusted) > 1 else None), len(trusted))


def win_chances(game: Game, *, playouts: int | None = 200, seconds: float | None = None,
                seed: int = 0, clock: Callable[[], float] = time.perf_counter
                ) -> tuple[float, ...]:
    """Each seat's chance of winning from this position, in seat order (``game.players``),
    summing to 1: the search that plays (``choose_move``) run from here at the budget given,
    each seat's chance averaged over all its playouts (a playout that ends the game counts 1
    for its winner by R15's order; one that stops at the next round counts the evaluation's
    chance). A finished game gives its winner 1 and the others 0; the game is left unchanged.

    With ``playouts`` alone (``seconds=None``, the default) exactly that many playouts are run
    and the answer is the same for the same position, budget and ``seed`` on any machine (what
    a game review wants: its chart does not change when drawn again); ``seconds`` also bounds it
    by ``clock``, which makes it depend on the machine. The cost is about 0.2 ms of CPU a
    playout: 200 playouts, the default, take about 40 ms."""
    seats = len(game.state.players)
    if game.is_over:
        winner = game.ranking()[0]
        return tuple(1.0 if p.name == winner else 0.0 for p in game.state.players)
    search = Search(game, random.Random(seed))
    search.run(playouts, seconds, clock, settle=False)
    wins = search.root.wins
    # one imagined game shared out evenly: a chance read off few playouts is never quite 0 or 1
    return tuple((w + 1 / seats) / (search.playouts + 1) for w in wins)


def _sure(best: Option, second: Option | None) -> Sure:
    """How many standard errors the best move's win chance is ahead of the next one's."""
    if second is None:
        return Sure.CLEAR
    spread = math.sqrt(_variance(best) + _variance(second))
    ahead = (best.win - second.win) / spread if spread else math.inf
    if ahead >= 2:
        return Sure.CLEAR
    return Sure.LIKELY if ahead >= 1 else Sure.CLOSE


def _variance(option: Option) -> float:
    """The variance of a win share measured over ``option.playouts`` games (with one game's
    worth of doubt added, so a share of 0 or 1 from a few games is not taken as certain)."""
    p = (option.win * option.playouts + 0.5) / (option.playouts + 1)
    return p * (1 - p) / (option.playouts + 1)


def _budget(playouts: int | None, seconds: float | None, level: str | Level | None) -> Budget:
    """The budget asked for: explicit bounds win over the level's; no bound at all means the
    level's (``normal`` by default)."""
    named = BUDGETS[level_named(level)]
    if level is None and (playouts is not None or seconds is not None):
        return Budget(playouts=playouts, seconds=seconds)
    return Budget(playouts=playouts if playouts is not None else named.playouts,
                  seconds=seconds if seconds is not None else named.seconds,
                  careless=named.careless)
