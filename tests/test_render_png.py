"""The table picture as PNG: a valid image of the promised size, with everything drawn in it."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine import random_game
from render import render_png
from render.geometry import geometry
from render.layout import CANVAS_W
from render.lines import line_points
from render.theme import player_colour
from tests.render_support import at_move, sample_game

LATE = random_game(5, 33)


def image(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


@pytest.mark.parametrize(("size", "expected"), [(1000, (1000, 690)), (500, (500, 345)),
                                                (1600, (1600, 1103))])
def test_png_is_valid_with_its_long_side_the_size_asked(size: int,
                                                        expected: tuple[int, int]) -> None:
    data = render_png(sample_game(60), size=size)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    picture = image(data)
    assert picture.format == "PNG"
    assert picture.size == expected


def test_too_small_a_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="unreadable"):
        render_png(sample_game(10), size=50)


def test_png_is_not_blank() -> None:
    picture = image(render_png(sample_game(94))).convert("RGB")
    colours = picture.getcolors(maxcolors=1 << 16)
    assert colours is not None
    assert len(colours) > 60
    sums = [sum(rgb) for _, rgb in colours if isinstance(rgb, tuple)]
    assert len(sums) == len(colours)
    darkest, lightest = min(sums), max(sums)
    assert darkest < 150 and lightest > 700


def _crop_label(picture: Image.Image, label: str, scale: float) -> Image.Image:
    x, y = geometry().nodes[label]
    r = geometry().radius[label] * 0.75 * scale
    return picture.crop((round(x * scale - r), round(y * scale - r),
                         round(x * scale + r), round(y * scale + r))).convert("L")


def test_crossing_labels_are_rendered_as_real_letters() -> None:
    """Each label leaves dark ink in its disc, and different labels look different.

    Without a working font cairo draws nothing or the same empty box for every letter, and
    this fails; it is the check that the machine's fonts serve the picture.
    """
    size = 1000
    picture = image(render_png(sample_game(16), size=size))
    scale = size / CANVAS_W
    crops = {label: _crop_label(picture, label, scale) for label in ("N4", "N5", "W2", "S3")}
    for label, crop in crops.items():
        ink = sum(1 for v in crop.tobytes() if v < 110)
        assert ink > 15, label
    pixels = [bytes(crop.tobytes()) for crop in crops.values()]
    assert len(set(pixels)) == len(pixels)


def test_each_line_is_drawn_in_its_players_colour() -> None:
    game = at_move(LATE, len(LATE.history) - 1)
    size = 1450
    picture = image(render_png(game, size=size, move_highlight=False)).convert("RGB")
    for p in game.state.players:
        if len(p.line) < 2:
            continue
        colour = player_colour(p.colour, p.seat)
        expected = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        points = line_points(game.state, p.seat)
        best = 10**9
        for a, b in zip(points[::2], points[1::2], strict=True):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            rgb = picture.getpixel((round(mid[0]), round(mid[1])))
            assert isinstance(rgb, tuple)
            best = min(best, sum(abs(c - e) for c, e in zip(rgb, expected, strict=True)))
        assert best < 40, p.colour


def test_late_game_png_stays_small() -> None:
    data = render_png(LATE, size=1000)
    assert len(data) <= 400 * 1024


def test_pictures_drawn_on_two_threads_at_once_are_the_same_as_one_by_one() -> None:
    """The bot draws on a small thread pool; sharing the cached layers must not garble them."""
    tables = [sample_game(n) for n in (30, 90, 150, 202)] * 2
    alone = [render_png(t, size=700) for t in tables]
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = list(pool.map(lambda t: render_png(t, size=700), tables))
    assert together == alone
