"""The computer player: every move it chooses is legal, the same seed gives the same move, and
its budgets are honoured (read through an injected clock, so nothing here is timed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ai
from engine import Game, random_game


def _position(seed: int, players: int, fraction: float) -> Game:
    """A position part of the way through a random game."""
    whole = random_game(players, seed)
    return whole.position_at(int(len(whole.history) * fraction))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5),
       fraction=st.floats(0.0, 0.98))
def test_the_move_chosen_is_legal_and_leaves_the_game_unchanged(seed: int, players: int,
                                                                fraction: float) -> None:
    game = _position(seed, players, fraction)
    if game.is_over:
        return
    before = game.log().format()
    move = ai.choose_move(game, playouts=6, seed=seed)
    assert move in game.legal_moves()
    assert game.log().format() == before


def test_the_same_seed_gives_the_same_move() -> None:
    game = _position(3, 4, 0.3)
    first = [ai.choose_move(game, playouts=30, seed=s) for s in range(4)]
    again = [ai.choose_move(game, playouts=30, seed=s) for s in range(4)]
    assert first == again


def test_a_time_budget_stops_the_search() -> None:
    """A clock that moves one second per reading: a 3-second budget ends after a few readings,
    however fast the machine is."""
    game = _position(5, 4, 0.4)
    readings: list[float] = []

    def clock() -> float:
        readings.append(float(len(readings)))
        return readings[-1]

    move = ai.choose_move(game, seconds=3.0, clock=clock)
    assert move in game.legal_moves()
    assert len(readings) == 4
