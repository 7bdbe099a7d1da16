"""The game's page after a review (issue 36): a strip of every seat's chance of winning under
the slider, the turning points marked on it and in the log, and the played move beside the
computer's at each position; in a real browser at a computer's width (1280 px) and a phone's
(390 px), by what is drawn (pixels) and what is written (text)."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from ai.review import Review, review
from bot.cli import main as cli_main
from render.page import build_page
from render.page_notes import PageNotes
from tests.browser_support import browser, playwright
from tests.page_support import NAMES, short_game, short_log, short_page

if TYPE_CHECKING:
    from playwright.sync_api import Page, Playwright

#: playouts a position: enough for a review with turning points, quick for a test
PLAYOUTS = 40


@functools.cache
def reviewed() -> Review:
    return review(short_game(), playouts=PLAYOUTS)


@functools.cache
def reviewed_page() -> str:
    return build_page(short_game(), PageNotes(game=1), review=reviewed()).html


def test_a_page_without_a_review_has_no_strip() -> None:
    html = short_page().html
    assert 'id="review-strip"' not in html and "turning point" not in html
    assert '"practice"' not in html  # a log's page is of no stored game: nothing to copy


def test_the_strip_has_a_line_for_every_seat_and_a_button_on_every_turning_point() -> None:
    html = reviewed_page()
    points = reviewed().turning_points()
    assert points  # the short game has some
    assert html.count("<polyline points=") == len(NAMES)
    for name in NAMES:
        assert f'data-player="{name}"/>' in html
    for k, d in enumerate(points, start=1):
        assert f'class="tp" data-move="{d.number}"' in html
        assert f'turning point {k}</span>' in html  # the log's mark


def test_a_review_of_other_moves_is_left_out() -> None:
    """A practice game reviewed earlier and played on since: its page has no strip until it
    is reviewed again."""
    done = reviewed()
    older = Review(done.players, done.colours, done.playouts, done.moves - 1, done.decisions,
                   done.final)
    assert 'id="review-strip"' not in build_page(short_game(), review=older).html


def test_busbot_html_reads_the_review_busbot_review_wrote(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    log = tmp_path / "game.txt"
    log.write_text(short_log(), encoding="utf-8")
    out, page = tmp_path / "review.json", tmp_path / "game.html"
    assert cli_main(["review", str(log), "--out", str(out), "--playouts", str(PLAYOUTS)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("The computer's search judged the game's ")
    assert Review.from_json(json.loads(out.read_text(encoding="utf-8"))) == reviewed()
    assert cli_main(["html", str(log), "--out", str(page), "--review", str(out)]) == 0
    assert 'id="review-strip"' in page.read_text(encoding="utf-8")
    other = tmp_path / "other.txt"
    other.write_text(short_log().rsplit("\n", 2)[0] + "\n", encoding="utf-8")
    assert cli_main(["html", str(other), "--out", str(page), "--review", str(out)]) == 2
    assert "reviews 23 moves, but the log has 22" in capsys.readouterr().err


@pytest.fixture(scope="module")
def driver() -> Iterator[Playwright]:
    with playwright() as started:
        yield started


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("page") / "game.html"
    path.write_text(reviewed_page(), encoding="utf-8")
    return path


def _strip_colours(page: Page) -> int:
    """How many colours the strip is drawn in, from a picture of it."""
    shot = page.locator("#review-strip").screenshot()
    with Image.open(io.BytesIO(shot)) as image:
        colours = image.convert("RGB").getcolors(1 << 16)
    assert colours is not None
    return sum(1 for count, _ in colours if count >= 4)


@pytest.mark.parametrize("width", [1280, 390])
def test_stepping_to_a_turning_point_shows_the_better_move_at_every_width(
        driver: Playwright, saved: Path, tmp_path: Path, width: int) -> None:
    first = reviewed().turning_points()[0]
    with browser(driver, tmp_path / "profile", viewport={"width": width, "height": 900}) as ctx:
        page = ctx.new_page()
        page.goto(saved.as_uri())
        page.wait_for_selector("html[data-ready]")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        strip = page.locator("#review-strip").bounding_box()
        board = page.locator("#board").bounding_box()
        assert strip is not None and board is not None
        assert strip["width"] > 0.8 * board["width"] and strip["height"] >= 40
        assert strip["y"] < board["y"]  # under the slider, above the table
        assert _strip_colours(page) > 4  # the seats' lines are drawn, not an empty box
        page.locator(f'#review .tp[data-move="{first.number}"]').click()
        assert page.get_attribute("#table", "data-move") == str(first.number)
        said = page.inner_text("#review-move")
        assert said.startswith(f"Move {first.number}: {first.player} played {first.played}; "
                               f"the computer preferred {first.better}")
        assert "Chance of winning here: Arcsyn " in said
        marker = float(page.get_attribute("#strip-marker", "x1") or "-1")
        assert marker == pytest.approx(1000 * first.number / reviewed().moves, abs=0.01)
        button = page.locator(f'#review .tp[data-move="{first.number}"]').bounding_box()
        assert button is not None
        assert strip["x"] - 12 <= button["x"] and button["x"] + button["width"] <= (
            strip["x"] + strip["width"] + 12)
        assert page.is_visible(f"#m{first.number} .mark.turning")
        # the line that starts a practice game at the position shown, to copy (none at the
        # end: the game is over there)
        page.click("#prev")
        assert page.inner_text("#practice-line") == (
            f"Practise from here: busbot practice --from 1 --move {first.number - 1}")
        page.click("#last")
        assert page.inner_text("#practice-line") == ""
        # a click on the strip steps to the move under it
        page.mouse.click(strip["x"] + 2, strip["y"] + strip["height"] / 2)
        assert int(page.get_attribute("#table", "data-move") or "-1") <= 1
