"""Playing a game out to its end quickly, and what the end is worth to each seat."""

from __future__ import annotations

import math
import random

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


def finish(game: Game, rng: random.Random, noise: float = NOISE) -> GameState:
    """Play the game out to its end by the playout policy: the greedy player's move
    (``ai.greedy``), or with chance ``noise`` a uniformly random one; return the final
    position."""
    st = game.state
    players = st.players
    draw = rng.random
    pick_any = uniform(rng)

    def pick(legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if draw() < noise:
            return pick_any(legal)
        seat = seat_to_act(st)
        assert seat is not None
        return greedy_pick(st, players[seat], legal)

    game.play_out(pick)
    return game.state


def margin(st: GameState, seat: int) -> int:
    """A seat's final score minus the best of the others'."""
    scores = [p.score for p in st.players]
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def outcome(st: GameState) -> list[float]:
    """Each seat's reward in 0..1 for a finished game: half for winning (R15's order), half
    for its margin over the best of the others, squashed (a point ahead is worth most)."""
    scores = [p.score for p in st.players]
    rank_key = [(-p.score, -p.stones, p.reached_at, p.seat) for p in st.players]
    winner = min(range(len(scores)), key=lambda i: rank_key[i])
    out = []
    for i, s in enumerate(scores):
        best_other = max(x for j, x in enumerate(scores) if j != i)
        margin = 0.5 + 0.5 * math.tanh((s - best_other) / MARGIN_SCALE)
        out.append(WIN_WEIGHT * (i == winner) + (1 - WIN_WEIGHT) * margin)
    return out
