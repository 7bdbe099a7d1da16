"""Many tables at once: shared layers, caches sized by the settings, and the warm start."""

from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.config import ConfigError, load_config
from bot.service.drawing.renderer import start_pictures
from engine import Game, random_game
from render import caches, configure, render_png, warm_up
from render.png import shared_layer


@pytest.fixture(autouse=True)
def default_caches() -> Iterator[None]:
    yield
    configure(caches.DEFAULT_LAYERS, "landscape")


def table(index: int, players: int = 5) -> Game:
    """A late position of a game whose players are named after ``index``: no two share a name."""
    names = [f"{who}{index}" for who in ("Ada", "Bram", "Cleo", "Dora", "Emil")][:players]
    full = random_game(players, 500 + index, names=names)
    game = Game(full.players)
    for name, move in full.history[: len(full.history) * 3 // 4]:
        game.push(move, name)
    return game


@functools.cache
def many_tables() -> tuple[Game, ...]:
    """More games than the cache holds layers, of 3, 4 and 5 players."""
    return tuple(table(i, 3 + i % 3) for i in range(9))


@functools.cache
def drawn_alone(layout: str) -> tuple[bytes, ...]:
    """Each of ``many_tables`` drawn on its own, from empty caches: the reference pictures,
    drawn once per test process (whatever the cache's size, one picture from nothing is the
    same picture)."""
    alone = []
    for game in many_tables():
        caches.clear()
        alone.append(render_png(game, size=300, layout=layout))
    return tuple(alone)


@pytest.mark.long
@pytest.mark.parametrize("layers", [1, caches.DEFAULT_LAYERS])  # too small to keep anything
@pytest.mark.parametrize("layout", ["landscape", "portrait"])   # useful; the default
def test_many_games_drawn_in_turn_give_the_pixels_each_gives_alone(layout: str,
                                                                    layers: int) -> None:
    alone = drawn_alone(layout)
    configure(layers)
    caches.clear()
    assert tuple(render_png(game, size=300, layout=layout) for game in many_tables()) == alone


def test_drawing_more_games_draws_no_more_shared_layers() -> None:
    caches.clear()
    render_png(table(0), size=400)
    drawn = shared_layer.info().misses  # type: ignore[attr-defined]
    for i in range(1, 20):
        render_png(table(i), size=400)
    assert shared_layer.info().misses == drawn  # type: ignore[attr-defined]


def test_every_cache_is_sized_by_the_setting() -> None:
    configure(3)
    sizes = caches.sizes()
    assert sizes["picture-layers"] == 3
    assert sizes["text-widths"] == 3 * caches.TEXTS_PER_LAYER
    assert all(size >= 3 for size in sizes.values())
    configure(20)
    assert caches.sizes()["picture-layers"] == 20
    with pytest.raises(ValueError, match="at least 1"):
        configure(0)


def test_after_the_warm_up_the_first_picture_draws_no_shared_layer() -> None:
    caches.clear()
    warm_up(size=450).join()
    drawn = shared_layer.info().misses  # type: ignore[attr-defined]
    for players in (3, 4, 5):
        render_png(table(players, players), size=450)
    assert shared_layer.info().misses == drawn  # type: ignore[attr-defined]


def test_the_settings_given_at_start_choose_the_pictures_drawn() -> None:
    start_pictures(5, "portrait")
    assert caches.sizes()["picture-layers"] == 5
    width, height = Image.open(io.BytesIO(render_png(table(1)))).size
    assert height > width  # portrait, as configured
    start_pictures(8, "landscape")
    width, height = Image.open(io.BytesIO(render_png(table(1)))).size
    assert (width, height) == (1000, 690)


def test_picture_cache_is_read_from_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("picture_cache = 12\n", encoding="utf-8")
    assert load_config(path, environ={}).picture_cache == 12
    for bad in ("0", "2.5", '"many"', "true"):
        path.write_text(f"picture_cache = {bad}\n", encoding="utf-8")
        with pytest.raises(ConfigError, match="picture_cache must be a whole number"):
            load_config(path, environ={})
