"""Playing a game out to its end quickly, and what the end is worth to each seat."""

from __future__ import annotations

import math
import random

from ai.evaluate import chances, values
from ai.greedy import greedy_pick
from engine.game import Game
from engine.moves import Move
from engine.playout import uniform
from engine.state import GameState

#: weight of winning in a seat's reward; the rest is its score against the others
WIN_WEIGHT = 0.5
#: points of margin at which the margin's half of the reward is three quarters full
MARGIN_SCALE = 4.0
#: the chance a playout move is drawn at random rather than the greedy player's
NOISE = 0.1


def seat_to_act(st: GameState) -> int | None:
    """The seat whose decision it is (None when the game is over)."""
    if st.phase == "over":
        return None
    if st.phase == "choosing":
        return st.current
    return st.task.seat if st.task is not None else None


def finish(game: Game, rng: random.Random, noise: float | list[float] = NOISE,
           until_round: int | None = None) -> GameState:
    """Play the game out to its end by the playout policy: the greedy player's move
    (``ai.greedy``), or with chance ``noise`` (one for every seat, or each seat's own) a
    uniformly random one; return the final position."""
    st = game.state
    players = st.players
    draw = rng.random
    pick_any = uniform(rng)
    each = noise if isinstance(noise, list) else [noise] * len(players)

    def pick(legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = st.current if st.phase == "choosing" else st.task.seat  # type: ignore[union-attr]
        assert seat is not None
        if draw() < each[seat]:
            return pick_any(legal)
        return greedy_pick(st, players[seat], legal)

    game.play_out(pick, until_round=until_round)
    return game.state


def margin(scores: list[float], seat: int) -> float:
    """A seat's score minus the best of the others'."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def outcome(st: GameState, win_weight: float = WIN_WEIGHT,
            margin_scale: float = MARGIN_SCALE
            ) -> tuple[list[float], list[float], list[float]]:
    """Each seat's reward in 0..1, its chance of winning and its final score (expected, in an
    unfinished game), for a finished game (the winner
    by R15's order has chance 1) or an unfinished one (from ``ai.evaluate``'s expected final
    scores). The reward is ``win_weight`` times the chance of winning plus the rest times the
    margin over the best of the others, squashed (a point ahead is worth most)."""
    players = st.players
    if st.phase == "over":
        scores = [float(p.score) for p in players]
        winner = min(players, key=lambda p: (-p.score, -p.stones, p.reached_at, p.seat)).seat
        chance = [0.0] * len(players)
        chance[winner] = 1.0
    else:
        scores = values(st)
        chance = chances(scores)
    out = []
    for i, s in enumerate(scores):
        best_other = max(x for j, x in enumerate(scores) if j != i)
        ahead = 0.5 + 0.5 * math.tanh((s - best_other) / margin_scale)
        out.append(win_weight * chance[i] + (1 - win_weight) * ahead)
    return out, chance, scores
