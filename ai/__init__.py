"""busbot's computer player: a Monte Carlo tree search over the engine's own moves.

Pure like ``engine``: no I/O, no Discord, no database; the only clock it reads is the optional
time budget of ``choose_move``::

    move = ai.choose_move(game, playouts=400, seed=7)   # deterministic for a seed
    move = ai.choose_move(game, seconds=0.5)             # stops in time
    move = ai.choose_move(game, level="hard")            # a named budget (easy, normal, hard)

How it thinks and how to make it stronger: docs/ai.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.levels import BUDGETS, Budget, Level, level_named
from ai.search import Search
from engine.errors import GameOver
from engine.game import Game
from engine.moves import Move
from engine.notation import MoveText
from engine.text import Msg, Plural, Text

#: the refusals when the game is over (an ``engine.errors.GameOver``)
NO_MOVE_TO_CHOOSE = Msg("ai.over.choose", "the game is over: there is no move to choose")
NO_MOVE_TO_SUGGEST = Msg("ai.over.suggest", "the game is over: there is no move to suggest")
#: why a hint suggests its move (``advise``): the only one, or how the games played out after it
#: ended, and after the runner-up
ONLY_LEGAL = Msg("ai.reason.only_legal", "it is the only legal move.")
LOOKED_AHEAD = Plural(
    "ai.reason.looked_ahead",
    "of the {playouts} game I played out from here, the {looked} after it left you {ahead:+.1f} "
    "points against the best other player on average.",
    "of the {playouts} games I played out from here, the {looked} after it left you "
    "{ahead:+.1f} points against the best other player on average.", count="playouts")
LOOKED_AHEAD_OTHER = Plural(
    "ai.reason.looked_ahead_other",
    "of the {playouts} game I played out from here, the {looked} after it left you {ahead:+.1f} "
    "points against the best other player on average (after {other}: {other_ahead:+.1f}).",
    "of the {playouts} games I played out from here, the {looked} after it left you "
    "{ahead:+.1f} points against the best other player on average (after {other}: "
    "{other_ahead:+.1f}).", count="playouts")

__all__ = ["BUDGETS", "Advice", "Budget", "Level", "advise", "choose_move", "level_named"]


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move and, in one line, why (written in the reader's language where it is
    shown)."""

    move: Move
    reason: Text


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


def advise(game: Game, *, playouts: int | None = 24, seconds: float | None = 1.0,
           seed: int = 0, clock: Callable[[], float] = time.perf_counter) -> Advice:
    """The move the computer would play for whoever decides now, with a one-line reason (what
    ``hint`` tells a player): how the games it looked ahead at ended after it."""
    legal = game.legal_moves()
    if not legal:
        raise GameOver(NO_MOVE_TO_SUGGEST())
    if len(legal) == 1:
        return Advice(legal[0], ONLY_LEGAL())
    search = Search(game, random.Random(seed))
    search.run(playouts, seconds, clock)
    ranked = search.ranked()
    move, looked, ahead = ranked[0]
    if len(ranked) < 2:
        return Advice(move, LOOKED_AHEAD(playouts=search.playouts, looked=looked, ahead=ahead))
    other, _, other_ahead = ranked[1]
    return Advice(move, LOOKED_AHEAD_OTHER(playouts=search.playouts, looked=looked, ahead=ahead,
                                           other=MoveText(other), other_ahead=other_ahead))


def _budget(playouts: int | None, seconds: float | None, level: str | Level | None) -> Budget:
    """The budget asked for: explicit bounds win over the level's; no bound at all means the
    level's (``normal`` by default)."""
    named = BUDGETS[level_named(level)]
    if level is None and (playouts is not None or seconds is not None):
        return Budget(playouts=playouts, seconds=seconds)
    return Budget(playouts=playouts if playouts is not None else named.playouts,
                  seconds=seconds if seconds is not None else named.seconds,
                  careless=named.careless)
