"""Every position of random complete games draws without error, and stays consistent."""

from __future__ import annotations

import io
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine import BOARD, Game, random_game
from render import render_png, render_svg
from render.geometry import HEAD_R
from render.png import pixel_size
from tests.render_support import parse, positions, texts, with_class

PNG_EVERY = 40  # positions between two PNGs; every position gets an SVG


def check_svg(game: Game) -> None:
    root = parse(render_svg(game))
    words = texts(root)
    assert all(words.count(label) == 1 for label in BOARD.labels)
    lines = with_class(root, "line", "path")
    assert len(lines) == sum(1 for p in game.state.players if len(p.line) >= 2)
    heads = with_class(root, "head")
    assert len(heads) == 2 * len(lines)
    spots = [(float(n.get("x") or 0), float(n.get("y") or 0)) for n in heads]
    for i, (x, y) in enumerate(spots):  # no line head hides another
        assert all(math.hypot(x - a, y - b) >= 2 * HEAD_R - 0.5 for a, b in spots[i + 1:])
    waiting = sum(int(n.text or 0) for n in with_class(root, "waiting"))
    assert waiting == sum(game.state.waiting_at(label) for label in BOARD.labels)
    markers = with_class(root, "marker")
    assert len(markers) == sum(len(s) for s in game.state.spaces.values())


def check_png(game: Game, size: int) -> None:
    picture = Image.open(io.BytesIO(render_png(game, size=size)))
    picture.load()
    assert picture.size == pixel_size(size)


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (3, 17), (4, 8), (4, 18), (5, 9), (5, 19)])
def test_every_position_of_a_random_game_renders(players: int, seed: int) -> None:
    finished = random_game(players, seed)
    count = 0
    for i, game in enumerate(positions(finished)):
        check_svg(game)
        if i % PNG_EVERY == 0 or game.is_over:
            check_png(game, 700)
        count += 1
    assert count == len(finished.history) + 1
    assert finished.is_over


@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6))
def test_any_finished_game_renders(players: int, seed: int) -> None:
    game = random_game(players, seed)
    check_svg(game)
    check_png(game, 500)
