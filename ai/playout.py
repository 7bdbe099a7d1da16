"""Playing a game out to its end quickly, and what the end is worth to each seat."""

from __future__ import annotations

import random

from engine.game import Game
from engine.state import GameState

#: weight of winning in a seat's reward; the rest is its score against the others
WIN_WEIGHT = 0.6


def seat_to_act(st: GameState) -> int | None:
    """The seat whose decision it is (None when the game is over)."""
    if st.phase == "over":
        return None
    if st.phase == "choosing":
        return st.current
    return st.task.seat if st.task is not None else None


def finish(game: Game, rng: random.Random) -> GameState:
    """Play the game out to its end by the playout policy; return the final position."""
    choice = rng.choice
    while not game.is_over:
        game.push(choice(game.legal_moves()))
    return game.state


def outcome(st: GameState) -> list[float]:
    """Each seat's reward in 0..1 for a finished game: a share of winning (R15's order) and
    where its score lies between the lowest and the highest."""
    scores = [p.score for p in st.players]
    low, high = min(scores), max(scores)
    spread = (high - low) or 1
    rank_key = [(-p.score, -p.stones, p.reached_at, p.seat) for p in st.players]
    winner = min(range(len(scores)), key=lambda i: rank_key[i])
    return [(1 - WIN_WEIGHT) * (s - low) / spread + (WIN_WEIGHT if i == winner else 0.0)
            for i, s in enumerate(scores)]
