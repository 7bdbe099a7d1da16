"""The least disruptive policy (docs/RULINGS.md, "Seats that play themselves"): one test per
kind of decision, each on positions reached by playing whole games with the policy itself and
random players, so every kind comes up many times in many shapes."""

from __future__ import annotations

import random
from collections import defaultdict
from functools import cache

import pytest

from bot.service.game.seat_policy import CHOOSE_ORDER, least_disruptive
from engine import (
    BOARD,
    ChooseAction,
    ClockChoice,
    DecisionKind,
    ExtendLine,
    Game,
    Move,
    Pass,
)
from engine.moves import StartLine
from tests.engine_support import new_game

K = DecisionKind


@cache
def positions() -> dict[DecisionKind, list[tuple[Game, Move]]]:
    """Positions of every kind of decision, each with the move the policy takes there: three
    4-player games where seat Bram plays by the policy and the others at random (the policy's
    move is noted at every decision, whoever plays it)."""
    found: dict[DecisionKind, list[tuple[Game, Move]]] = defaultdict(list)
    for seed in range(3):
        rng = random.Random(seed)
        game = new_game(4)
        while not game.is_over:
            decision = game.to_act()
            assert decision is not None
            policy = least_disruptive(game)
            if len(found[decision.kind]) < 40:
                found[decision.kind].append((game.copy(), policy))
            game.push(policy if decision.player == "Bram" else rng.choice(game.legal_moves()))
    return found


def cases(kind: DecisionKind) -> list[tuple[Game, Move]]:
    found = positions()[kind]
    assert found, f"no {kind} decision came up"
    return found


def test_the_move_is_always_legal_and_a_pass_when_passing_is() -> None:
    for kind, found in positions().items():
        for game, move in found:
            legal = game.legal_moves()
            assert move in legal, kind
            if Pass() in legal:
                assert move == Pass(), kind


def test_choosing_takes_the_least_giving_action_never_starting_player_or_line_space_a() -> None:
    forced = [(g, m) for g, m in cases(K.CHOOSE) if Pass() not in g.legal_moves()]
    assert forced
    for game, move in forced:
        assert isinstance(move, ChooseAction)
        free = [m.action for m in game.legal_moves() if isinstance(m, ChooseAction)]
        lines_a = not game.state.spaces["lines"]
        if move.action == "start":
            assert free == ["start"]
        if move.action == "lines" and lines_a:
            assert set(free) <= {"lines", "start"}
        names = [("lines a" if a == "lines" and lines_a else a) for a in free]
        chosen = "lines a" if move.action == "lines" and lines_a else move.action
        assert CHOOSE_ORDER.index(chosen) == min(CHOOSE_ORDER.index(n) for n in names)


def test_choosing_passes_once_two_markers_are_placed() -> None:
    free = [(g, m) for g, m in cases(K.CHOOSE) if Pass() in g.legal_moves()]
    assert free and all(m == Pass() for _, m in free)


def test_the_clock_is_never_stopped() -> None:
    for _, move in cases(K.CLOCK):
        assert move == ClockChoice(stop=False)


def _empty(game: Game, move: Move) -> bool:
    if isinstance(move, ExtendLine):
        index = BOARD.street_between(move.frm, move.to)
    else:
        assert isinstance(move, StartLine)
        index = BOARD.street_between(move.a, move.b)
    assert index is not None
    return not game.state.street_lines[index]


@pytest.mark.parametrize("kind", [K.FIRST_LINE, K.SECOND_STREET, K.LINES])
def test_a_line_goes_on_a_street_of_its_own_when_there_is_one(kind: DecisionKind) -> None:
    for game, move in cases(kind):
        legal = game.legal_moves()
        own = [m for m in legal if _empty(game, m)]
        assert move == (own[0] if own else legal[0])


@pytest.mark.parametrize("kind", [K.SETUP_BUILDING, K.PASSENGERS, K.BUILDINGS, K.VROOM])
def test_the_other_decisions_take_the_engines_first_choice(kind: DecisionKind) -> None:
    for game, move in cases(kind):
        assert move == game.legal_moves()[0]


def test_a_position_without_a_legal_move_is_refused() -> None:
    game = new_game(3)
    while not game.is_over:
        game.push(least_disruptive(game))
    with pytest.raises(ValueError):
        least_disruptive(game)
