"""The computer player: every move it chooses is legal at every level, the same seed gives the
same move, its budgets are honoured (read through an injected clock, so nothing here is timed),
its chances of winning are chances, the hint's advice ranks first what its own numbers rank
first, and ``ai`` imports nothing but ``engine`` and the standard library."""

from __future__ import annotations

import ast
import itertools
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai
from ai import evaluate, fitted
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


def _ticking(step: float = 0.01) -> Callable[[], float]:
    """A clock that moves ``step`` seconds at every reading: a time budget then allows a fixed
    number of playouts, whatever the machine, so a level's search is reproducible here."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]
    return clock


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5),
       fraction=st.floats(0.0, 0.98), level=st.sampled_from(list(ai.Level)))
def test_every_level_chooses_a_legal_move_and_the_same_one_for_the_same_seed(
        seed: int, players: int, fraction: float, level: ai.Level) -> None:
    game = _position(seed, players, fraction)
    if game.is_over:
        return
    before = game.log().format()
    move = ai.choose_move(game, level=level, seed=seed, clock=_ticking(0.05))
    assert move in game.legal_moves()
    assert ai.choose_move(game, level=level, seed=seed, clock=_ticking(0.05)) == move
    assert game.log().format() == before


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), fraction=st.floats(0.0, 1.0))
def test_the_chances_of_winning_are_chances_and_reproducible(seed: int, players: int,
                                                             fraction: float) -> None:
    game = _position(seed, players, fraction)
    chances = ai.win_chances(game, playouts=20, seed=seed)
    assert len(chances) == players
    assert all(0 <= c <= 1 for c in chances) and abs(sum(chances) - 1) < 1e-9
    assert ai.win_chances(game, playouts=20, seed=seed) == chances


def test_a_finished_game_is_won_by_its_winner_for_certain() -> None:
    game = random_game(4, 11)
    chances = ai.win_chances(game)
    assert chances[game.players.index(game.ranking()[0])] == 1.0 and sum(chances) == 1.0


def test_the_player_far_ahead_near_the_end_is_the_favourite() -> None:
    """The evaluation reads the score: a seat given a lead of ten points with a round to go
    is almost sure to win, by the search's playouts and by the evaluation alone."""
    whole = random_game(4, 5)
    game = whole.position_at(len(whole.history) - 30)
    game.state.players[2].carried += 10
    assert ai.win_chances(game, playouts=30)[2] > 0.8
    assert evaluate.chances(evaluate.values(game.state))[2] > 0.8


def test_the_fitted_numbers_are_those_of_the_evaluation() -> None:
    """A measurement added to ``ai.evaluate`` needs the fit run again: its weight would be 0."""
    assert tuple(fitted.WEIGHTS) == evaluate.FEATURES
    assert fitted.TEMPERATURE > 0


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), fraction=st.floats(0.0, 0.95))
def test_the_advice_ranks_first_what_its_numbers_rank_first(seed: int, fraction: float) -> None:
    """Issue 32's hint said "Choose Buses ... +0.0 (after Choose Passengers: +0.6)": the move
    suggested must be the best by the numbers shown beside it, and the next best is the one
    ranked next."""
    game = _position(seed, 4, fraction)
    if game.is_over:
        return
    advice = ai.advise(game, playouts=60, seconds=None, seed=seed)
    assert advice.move in game.legal_moves()
    if advice.sure is ai.Sure.ONLY:
        assert len(game.legal_moves()) == 1
        return
    ranked = advice.options[:advice.tried]
    assert ranked[0].move == advice.move
    assert all((a.win, a.margin) >= (b.win, b.margin) for a, b in itertools.pairwise(ranked))
    assert sum(o.playouts for o in advice.options) <= advice.playouts
    if advice.tried > 1 and ranked[0].win - ranked[1].win < 0.01:
        assert advice.sure is ai.Sure.CLOSE


def test_ai_imports_only_the_engine() -> None:
    """The layering: ``ai`` plays through the engine's API and reads no other part of busbot
    (nor anything outside the standard library)."""
    root = Path(ai.__file__).parent
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in ("ai", "engine", "__future__") or top in sys.stdlib_module_names, (
                    f"{path.name} imports {name}")


def test_the_chances_of_winning_read_every_playout_of_their_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game review charts ``win_chances`` at a budget in playouts: it must spend all of them
    (the move search stops once its choice is settled; the chances must not, or a clear
    position would be read off a few playouts), and the same budget gives the same chances."""
    from ai import search

    grown = 0
    grow = search.Search.grow

    def counted(self: search.Search) -> None:
        nonlocal grown
        grown += 1
        grow(self)

    monkeypatch.setattr(search.Search, "grow", counted)
    game = random_game(4, 5).position_at(7)  # the move search settles here before 300
    chances = ai.win_chances(game, playouts=300, seed=3)
    assert grown == 300
    assert ai.win_chances(game, playouts=300, seed=3) == chances
