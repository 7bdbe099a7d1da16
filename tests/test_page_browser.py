"""The game's page in a real browser (chromium, headless): it opens from a file, the slider,
the keys, the jump box, the round list and the log move the table, nothing is requested but
the file itself, and at a phone's width it reflows with the phone's picture."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from engine.worth import space_worth
from render.page import LABELS, NARROW_LAYOUT, build_page
from render.page_frames import PARTS, frames
from tests.browser_support import browser, playwright
from tests.page_support import NAMES, sample_game, sample_page, short_game, short_page
from tests.words_support import LONGER, stretched

if TYPE_CHECKING:  # typing only, without importing playwright where it is missing
    from playwright.sync_api import BrowserContext, Page, Playwright


@pytest.fixture(scope="module")
def driver() -> Iterator[Playwright]:
    with playwright() as started:
        yield started


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("page") / "game.html"
    path.write_text(short_page().html, encoding="utf-8")
    return path


def opened(context: BrowserContext, url: str, requests: list[str]) -> Page:
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    return page


def shown(page: Page) -> int:
    return int(page.get_attribute("#table", "data-move") or "-1")


@pytest.fixture(scope="module")
def wide_browser(driver: Playwright,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with browser(driver, tmp_path_factory.mktemp("profile"),
                 viewport={"width": 1280, "height": 900}) as context:
        yield context


@pytest.fixture
def wide(wide_browser: BrowserContext, saved: Path) -> Iterator[tuple[Page, list[str]]]:
    """The page just opened, in a wide window (each test its own: tests do not depend on what
    another did to the page, whatever runs first or elsewhere)."""
    requests: list[str] = []
    page = opened(wide_browser, saved.as_uri(), requests)
    yield page, requests
    page.close()


def test_the_slider_shows_the_position_and_its_log_line(wide: tuple[Page, list[str]]) -> None:
    page, _ = wide
    game = short_game()
    assert shown(page) == 23 and page.is_visible("#m23.current")
    slider = page.locator("#slider")
    slider.focus()
    page.keyboard.press("Home")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    assert shown(page) == 12
    assert page.inner_text("#caption") == (
        "After move 12 of 23 · Setup · Arcsyn: Extend line from C1 to W3")
    assert page.get_attribute("#m12", "class") == "move current"
    assert page.evaluate("document.querySelectorAll('#log .current').length") == 1
    # the table is position 12's: each part holds the elements stored for it, and the banner
    # names who acts there
    drawn = frames(game)
    for k, (name, _where, _draw) in enumerate(PARTS):
        count = page.evaluate(f"document.getElementById('part-{name}').childElementCount")
        assert count == len(drawn.lists[drawn.positions[12][k]]), name
    to_act = game.position_at(12).to_act()
    assert to_act is not None and to_act.player in (page.text_content("#part-banner") or "")
    marker = float(page.get_attribute("#chart-marker", "x1") or "0")
    assert marker < float(page.evaluate("JSON.parse(document.getElementById('page-data')"
                                        ".textContent).chartX[23]"))


def test_keys_the_jump_box_the_rounds_and_the_log_move_the_table(
        wide: tuple[Page, list[str]]) -> None:
    page, _ = wide
    page.locator("#board").click()  # the keys work wherever the page has the focus
    page.keyboard.press("Home")
    page.locator("#next").click()
    start = shown(page)
    assert start == 1
    page.locator("#board").click()
    page.keyboard.press("ArrowLeft")
    assert shown(page) == start - 1
    page.keyboard.press("End")
    assert shown(page) == 23 and page.is_disabled("#next")
    page.keyboard.press("PageUp")
    assert shown(page) == 12 and page.input_value("#round") == "12"  # round 1 begins
    page.fill("#jump", "5")
    page.press("#jump", "Enter")
    assert shown(page) == 5 and "After move 5 of 23" in page.inner_text("#caption")
    page.select_option("#round", label="Round 1")
    assert shown(page) == 12
    page.click("#m20 .goto")
    assert shown(page) == 20 and page.is_visible("#m20.current")
    page.keyboard.press("Home")
    assert shown(page) == 0 and page.is_visible("#r0.current") and page.is_disabled("#prev")
    assert page.evaluate("location.hash") == "#move=0"


def test_no_request_leaves_the_file(saved: Path, wide: tuple[Page, list[str]]) -> None:
    page, requests = wide
    page.click("#zoom-in")
    page.click("#play")  # from the end it starts again at the start, a move at a time
    page.wait_for_selector('#table[data-move="2"]')
    page.click("#play")
    assert requests and set(requests) == {saved.as_uri()}, requests


def test_at_a_phone_s_width_the_page_reflows_with_the_phone_picture(
        driver: Playwright, saved: Path, tmp_path: Path) -> None:
    requests: list[str] = []
    with browser(driver, tmp_path / "profile", viewport={"width": 390, "height": 844},
                 device_scale_factor=2, is_mobile=True, has_touch=True) as context:
        page = opened(context, saved.as_uri() + "#move=7", requests)
        assert shown(page) == 7
        assert page.get_attribute("#table", "data-layout") == NARROW_LAYOUT
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        board = page.locator("#board").bounding_box()
        log = page.locator("#log").bounding_box()
        assert board is not None and log is not None
        assert board["width"] > 340 and log["y"] > board["y"] + board["height"]  # one column
        shot = tmp_path / "phone.png"
        page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        assert image.size == (780, 1688)
        colours = image.convert("RGB").resize((39, 84)).getcolors(39 * 84)
        assert colours is not None and len(colours) > 50  # drawn, not a blank page
    assert {r.split("#")[0] for r in requests} == {saved.as_uri()}


#: What a spectator must see of the table at any width: who acts or who won (the banner), the
#: markers on the action board, and each player's name and score.
MUST_SHOW = {"banner": "#part-banner text", "markers": "#part-actions .marker",
             "names": "#part-names .player-name", "scores": "#part-values .score"}

SEEN = """(selector) => {
  const table = document.getElementById("table").getBoundingClientRect();
  return Array.from(document.querySelectorAll(selector)).map((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= table.left - 1
      && r.right <= table.right + 1 && r.top >= table.top - 1 && r.bottom <= table.bottom + 1;
    return [el.textContent, inside];
  });
}"""


def seen(page: Page, selector: str) -> list[tuple[str, bool]]:
    """Each element's text and whether it is drawn inside the table (not off its canvas)."""
    return [(str(t), bool(ok)) for t, ok in page.evaluate(SEEN, selector)]


@pytest.mark.parametrize("width", [390, 700])
@pytest.mark.parametrize("at", ["", "#move=17"])
def test_on_a_phone_the_banner_markers_names_and_scores_are_drawn(
        driver: Playwright, saved: Path, tmp_path: Path, width: int, at: str) -> None:
    game = short_game()
    n = int(at.split("=")[1]) if at else len(game.history)
    position = game.position_at(n)
    with browser(driver, tmp_path / "profile", viewport={"width": width, "height": 844},
                 is_mobile=True, has_touch=True) as context:
        page = opened(context, saved.as_uri() + at, [])
        assert shown(page) == n and page.get_attribute("#table", "data-layout") == NARROW_LAYOUT
        found = {what: seen(page, selector) for what, selector in MUST_SHOW.items()}
        worth = seen(page, "#part-actions .worth")
        shot = page.locator("#board").screenshot()
    for what, items in found.items():
        assert items and all(inside for _, inside in items), (what, items)
    banner = " ".join(t for t, _ in found["banner"])
    decision = position.to_act()
    if decision is not None:
        assert decision.player in banner
    else:
        assert f"{position.ranking()[0]} wins" in banner
    names = {t for t, _ in found["names"]}
    assert names == set(game.players)
    scores = sorted(int(t) for t, _ in found["scores"])
    assert scores == sorted(p.score for p in position.state.players)
    markers = sum(len(s) for s in position.state.spaces.values())
    assert len(found["markers"]) == markers
    # what each space gives now, as the picture shows it
    assert len(worth) == len(space_worth(position.state)) and all(ok for _, ok in worth)
    # and the pixels agree: the cards under the city are not left blank
    with Image.open(io.BytesIO(shot)) as image:
        grey = image.convert("L")
        below = grey.crop((0, grey.height * 3 // 5, grey.width, grey.height))
        ink = sum(1 for v in below.tobytes() if v < 70)  # dark type: names, numbers, tags
        assert ink > below.width * below.height // 200, ink


@pytest.mark.parametrize("width", [390, 700])
def test_the_sample_game_s_page_at_move_100_on_a_phone(
        driver: Playwright, tmp_path: Path, width: int) -> None:
    path = tmp_path / "game.html"
    path.write_text(sample_page().html, encoding="utf-8")
    position = sample_game().position_at(100)
    assert not any(position.state.spaces.values())
    with browser(driver, tmp_path / "profile", viewport={"width": width, "height": 844},
                 is_mobile=True, has_touch=True) as context:
        page = opened(context, path.as_uri() + "#move=100", [])
        assert shown(page) == 100
        found = {what: seen(page, selector) for what, selector in MUST_SHOW.items()}
        page.evaluate("location.hash = '#move=110'")  # a round's board full of markers
        page.wait_for_selector('#table[data-move="110"]')
        markers = seen(page, MUST_SHOW["markers"])
    for what, items in found.items():
        if what != "markers":  # round 5 has just begun: the board is empty
            assert items and all(inside for _, inside in items), (what, items)
    decision = position.to_act()
    assert decision is not None and decision.player in " ".join(t for t, _ in found["banner"])
    assert {t for t, _ in found["names"]} == set(sample_game().players)
    placed = sum(len(s) for s in sample_game().position_at(110).state.spaces.values())
    assert len(markers) == placed and all(inside for _, inside in markers), markers


def test_at_a_computer_s_width_nothing_stands_between_the_table_and_the_chart(
        driver: Playwright, tmp_path: Path) -> None:
    # a long game's log in a tall window (the log is as tall as the window) is the taller column
    path = tmp_path / "game.html"
    path.write_text(sample_page().html, encoding="utf-8")
    with browser(driver, tmp_path / "profile", viewport={"width": 1280, "height": 2400}) \
            as context:
        page = opened(context, path.as_uri(), [])
        boxes = {sel: page.locator(sel).bounding_box() for sel in ("#view", "#chart",
                                                                   "#standings", "#log")}
    view, chart, standings, log = (boxes[s] for s in ("#view", "#chart", "#standings", "#log"))
    assert view and chart and standings and log
    assert log["height"] > standings["y"] + standings["height"] - view["y"]  # it is taller
    gap = 12  # the grid's gap
    assert chart["y"] - (view["y"] + view["height"]) <= gap + 1
    assert standings["y"] - (chart["y"] + chart["height"]) <= gap + 1


def test_a_script_slipped_into_a_name_does_not_run(
        driver: Playwright, tmp_path: Path) -> None:
    html = short_page().html
    name = NAMES[0]
    # as if the escaping had let markup through where the standings write the name
    hostile = ('<script>document.documentElement.dataset.pwned = "script"</script>'
               '<img src="x" onerror="document.documentElement.dataset.pwned = \'onerror\'">'
               '<svg onload="document.documentElement.dataset.pwned = \'onload\'"></svg>')
    assert f"{name}</td>" in html
    path = tmp_path / "game.html"
    path.write_text(html.replace(f"{name}</td>", f"{hostile}</td>", 1), encoding="utf-8")
    said: list[str] = []
    with browser(driver, tmp_path / "profile", viewport={"width": 1280, "height": 900}) \
            as context:
        page = context.new_page()
        page.on("console", lambda message: said.append(message.text))
        page.goto(path.as_uri())
        page.wait_for_selector("html[data-ready]")  # the page's own script ran
        assert shown(page) == len(short_game().history)
        pwned = page.evaluate("document.documentElement.dataset.pwned || ''")
    assert pwned == ""
    assert any("Content Security Policy" in s for s in said), said


#: Each control of the toolbar, each heading and each cell of the standings: whether its words
#: fit inside it (nothing clipped) and it inside the page's width.
FITS = """() => {
  const width = document.documentElement.clientWidth;
  const boxes = document.querySelectorAll(
    ".controls > *, .controls button, .controls label, h1, h2, .sub, .keys, footer, th, td");
  return Array.from(boxes).map((el) => {
    const r = el.getBoundingClientRect();
    return [el.id || el.tagName + ":" + el.textContent.slice(0, 30),
            el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0,
            el.closest("#standings") !== null || (r.left >= -1 && r.right <= width + 1)];
  });
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_in_a_longer_language_the_page_s_words_fit_and_it_does_not_scroll_sideways(
        driver: Playwright, tmp_path: Path, width: int) -> None:
    # every word of the page 40% longer (the standings may scroll inside their own box)
    page_html = build_page(short_game(), words=LONGER).html
    assert LONGER(LABELS["zoom_fit"]()) in page_html and 'lang="en"' in page_html
    path = tmp_path / "game.html"
    path.write_text(page_html, encoding="utf-8")
    with browser(driver, tmp_path / "profile", viewport={"width": width, "height": 900},
                 is_mobile=width < 700, has_touch=width < 700) as context:
        page = opened(context, path.as_uri(), [])
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        fits = page.evaluate(FITS)
        caption = page.inner_text("#caption")
    assert fits and all(inside and within for _, inside, within in fits), fits
    assert caption.startswith(stretched("After move 23 of 23"))  # the captions too
