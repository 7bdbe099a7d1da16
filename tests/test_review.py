"""The game reviewed (``ai.review``): the same game gives the same numbers, every decision with
a real choice is judged and only those, the chances are chances that run on unbroken from one
move to the next and end with the result, the turning points are the costliest moves that had
a better one, and a stored review reads back the same."""

from __future__ import annotations

import json

import pytest

from ai.review import GOOD_COST, Review, review
from engine import random_game

#: a few playouts a position: the tests check the review's shape, not the search's strength
PLAYOUTS = 6


@pytest.fixture(scope="module")
def judged() -> tuple[Review, int]:
    game = random_game(3, 17)
    return review(game, playouts=PLAYOUTS), len(game.history)


def test_the_same_game_gives_the_same_review(judged: tuple[Review, int]) -> None:
    first, _ = judged
    assert review(random_game(3, 17), playouts=PLAYOUTS) == first


def test_every_decision_with_a_real_choice_is_judged_and_only_those(
        judged: tuple[Review, int]) -> None:
    done, moves = judged
    game = random_game(3, 17)
    board = game.position_at(0)
    real = []
    for number, (player, move) in enumerate(game.history, start=1):
        if len(board.legal_moves()) > 1:
            real.append((number, player, str(move)))
        board.push(move, player)
    assert [(d.number, d.player, d.played) for d in done.decisions] == real
    assert done.moves == moves and all(d.choices > 1 for d in done.decisions)


def test_the_chances_run_on_from_move_to_move_and_end_with_the_result(
        judged: tuple[Review, int]) -> None:
    done, _ = judged
    game = random_game(3, 17)
    winner = game.players.index(game.ranking()[0])
    assert done.final[winner] == 1.0 and sum(done.final) == 1.0
    for d, following in zip(done.decisions, done.decisions[1:], strict=False):
        assert d.after == following.before
        assert sum(d.before) == pytest.approx(1.0) and all(0 < c < 1 for c in d.before)
    assert done.decisions[-1].after == done.final


def test_a_move_the_search_prefers_costs_nothing_and_the_others_name_the_better_move(
        judged: tuple[Review, int]) -> None:
    done, _ = judged
    for d in done.decisions:
        assert d.cost >= 0
        assert (d.better is None) <= (d.cost == 0)
        assert d.better != d.played
    points = done.turning_points()
    assert 0 < len(points) <= 3
    assert [p.cost for p in points] == sorted((p.cost for p in points), reverse=True)
    costly = [d for d in done.decisions if d.better is not None and d.cost >= GOOD_COST]
    assert points[-1].cost >= max(d.cost for d in costly if d not in points)


def test_each_players_good_decisions_are_counted(judged: tuple[Review, int]) -> None:
    done, _ = judged
    shares = done.good_share()
    assert list(shares) == list(done.players)
    assert sum(total for _, total in shares.values()) == len(done.decisions)
    for name, (good, total) in shares.items():
        assert good == sum(d.good for d in done.decisions if d.player == name) <= total


def test_who_was_ahead_covers_every_round_once(judged: tuple[Review, int]) -> None:
    done, _ = judged
    runs = done.leaders()
    rounds = sorted({d.round for d in done.decisions})
    assert runs[0].first == rounds[0] and runs[-1].last == rounds[-1]
    for a, b in zip(runs, runs[1:], strict=False):
        assert a.player != b.player and a.last < b.first


def test_a_stored_review_reads_back_the_same(judged: tuple[Review, int]) -> None:
    done, _ = judged
    assert Review.from_json(json.loads(json.dumps(done.to_json()))) == done


def test_progress_is_told_move_by_move() -> None:
    game = random_game(3, 4)
    seen: list[tuple[int, int]] = []
    review(game, playouts=2, progress=lambda done, whole: seen.append((done, whole)))
    total = len(game.history)
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_a_budget_below_one_playout_is_refused() -> None:
    with pytest.raises(ValueError):
        review(random_game(3, 4), playouts=0)


def test_a_game_not_over_ends_with_the_chances_of_the_position_now() -> None:
    """A practice game reviewed part of the way: its last decision's "after" is the position
    now, judged like every other (chances of winning, none certain)."""
    part = random_game(3, 4).position_at(40)
    done = review(part, playouts=PLAYOUTS)
    assert done.moves == 40 and done.decisions[-1].after == done.final
    assert sum(done.final) == pytest.approx(1.0) and all(0 < c < 1 for c in done.final)
