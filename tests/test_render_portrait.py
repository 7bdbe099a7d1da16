"""The portrait picture: the same table arranged for a phone held upright."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from bot.config import PICTURE_LAYOUTS, ConfigError, load_config
from engine import BOARD
from render import LAYOUTS, render_png, render_svg
from render.city import LABEL_SIZE
from render.layout import ACTIONS, BANNER, CANVAS_H, LANDSCAPE, MAP_W, PLAYERS, PORTRAIT, Box
from render.players import NAME_SIZE
from render.png import pixel_size
from tests.render_support import parse, sample_game, texts, with_class

PHONE = 390  # CSS pixels across a phone held upright, which is what a picture is fitted to


def moved(box: Box, region: str) -> Box:
    dx, dy = PORTRAIT.move(region)
    return Box(box.x + dx, box.y + dy, box.w, box.h)


def overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def test_the_cards_sit_under_the_city_side_by_side_inside_the_canvas() -> None:
    parts = [moved(Box(0, 0, MAP_W, CANVAS_H), "map"), moved(BANNER, "banner"),
             moved(ACTIONS, "actions"), moved(PLAYERS, "players")]
    for i, part in enumerate(parts):
        assert part.x >= 0 and part.right <= PORTRAIT.width
        assert part.y >= 0 and part.bottom <= PORTRAIT.height
        assert all(not overlap(part, other) for other in parts[i + 1:])
    assert PORTRAIT.height > PORTRAIT.width  # upright
    assert all(part.y >= CANVAS_H for part in parts[1:])


def test_on_a_phone_the_portrait_labels_are_half_as_large_again() -> None:
    landscape, portrait = PHONE / LANDSCAPE.width, PHONE / PORTRAIT.width
    assert portrait / landscape >= 1.45
    assert LABEL_SIZE * portrait >= 7.0 and NAME_SIZE * portrait >= 7.0


def test_the_portrait_picture_shows_the_same_table() -> None:
    game = sample_game(94)
    wide, tall = parse(render_svg(game)), parse(render_svg(game, layout="portrait"))
    assert tall.get("viewBox") == f"0 0 {PORTRAIT.width:g} {PORTRAIT.height:g}"
    assert sorted(texts(wide)) == sorted(texts(tall))
    for label in BOARD.labels:
        assert texts(tall).count(label) == 1
    moves = {node.get("transform") for node in tall.iter() if node.get("transform")}
    assert moves == {f"translate({dx:g} {dy:g})" for _, (dx, dy, _) in PORTRAIT.moves}
    for name in ("to-act", "player-name", "marker", "head", "waiting"):
        assert len(with_class(wide, name)) == len(with_class(tall, name)), name


@pytest.mark.parametrize("size", [None, 1000])
def test_the_portrait_png_is_upright_and_small(size: int | None) -> None:
    data = render_png(sample_game(202), size=size, layout="portrait",
                      previous=sample_game(150))
    picture = Image.open(io.BytesIO(data))
    assert picture.size == pixel_size(size or PORTRAIT.size, PORTRAIT)
    assert picture.size[1] == (size or 1400) and picture.size[0] < picture.size[1]
    assert len(data) <= 400 * 1024


def test_an_unknown_layout_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="landscape, portrait or phone"):
        render_svg(sample_game(10), layout="sideways")


def test_the_config_chooses_the_layout(tmp_path: Path) -> None:
    assert tuple(LAYOUTS) == PICTURE_LAYOUTS
    path = tmp_path / "config.toml"
    path.write_text('picture_layout = "portrait"\n', encoding="utf-8")
    assert load_config(path, environ={}).picture_layout == "portrait"
    path.write_text('picture_layout = "sideways"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape("one of landscape, portrait, phone")):
        load_config(path, environ={})


def test_busbot_render_draws_a_portrait_picture(tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text(sample_game(60).log().format(), encoding="utf-8")
    out = tmp_path / "phone.png"
    assert main(["render", str(log), "--out", str(out), "--layout", "portrait"]) == 0
    assert Image.open(out).size == pixel_size(PORTRAIT.size, PORTRAIT)
