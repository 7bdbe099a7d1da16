"""The game's page as a file: every position is exactly the posted picture, the log says what
happened, nothing is fetched, and a long game stays small."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from engine import GameLog, replay
from render import render_svg
from render.layout import LAYOUTS
from render.page import NARROW_LAYOUT, POLICY, build_page
from render.page_frames import PARTS, UNDER, elements, frames, position_svg
from render.page_notes import Aside, MoveMark, PageNotes
from tests.page_support import ROOT, addresses, sample_game, sample_page, short_game, short_page


def page_data(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html,
                      flags=re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def test_every_position_put_back_together_is_the_picture_the_channel_saw() -> None:
    game = short_game()
    drawn = frames(game)
    assert len(drawn.positions) == len(game.history) + 1
    for n in range(len(game.history) + 1):
        for name in ("landscape", NARROW_LAYOUT):
            assert position_svg(drawn, n, LAYOUTS[name]) == render_svg(
                game.position_at(n), layout=name), (n, name)


def test_the_page_s_own_data_put_together_as_its_script_does_is_the_picture() -> None:
    """What the browser shows: the page's data (not ``Frames``), each part in its group under
    the transform the page gives it, in every layout the page uses (the phone's enlarges)."""
    game = short_game()
    data = page_data(short_page().html)
    elements_, lists, positions = (data["elements"], data["lists"], data["positions"])
    layouts = data["layouts"]
    assert isinstance(elements_, list) and isinstance(lists, list)
    assert isinstance(positions, list) and isinstance(layouts, dict)
    for name in ("landscape", NARROW_LAYOUT):
        lay = layouts[name]
        for n in (0, 17, len(game.history)):
            bodies = ["".join(elements_[i] for i in lists[k]) for k in positions[n]]
            placed = [f'<g transform="{move}">{body}</g>' if move and body else body
                      for move, body in zip(lay["moves"], bodies, strict=True)]
            inner = (lay["below"] + "".join(placed[:UNDER]) + lay["above"]
                     + "".join(placed[UNDER:]))
            picture = render_svg(game.position_at(n), layout=name)
            assert picture.endswith(inner + "</svg>"), (name, n)


def test_a_position_stores_only_numbers_and_each_element_is_kept_once() -> None:
    drawn = frames(short_game())
    assert len(set(drawn.elements)) == len(drawn.elements)
    assert len(set(drawn.lists)) == len(drawn.lists)
    assert all(len(row) == len(PARTS) for row in drawn.positions)
    # the sample game's 203 positions: a whole picture is over 60 KB; all the elements
    # together are a few times that, not 203 times
    whole = len(render_svg(sample_game()))
    assert sample_page().positions == 203 and sample_page().element_bytes < 10 * whole


def test_a_part_that_is_not_whole_elements_is_refused() -> None:
    assert elements('<g a="1"><path d="M0 0"/></g><text>x</text>') == [
        '<g a="1"><path d="M0 0"/></g>', "<text>x</text>"]
    with pytest.raises(ValueError):
        elements("<g><path/>")


def test_the_page_fetches_nothing_and_forbids_every_request() -> None:
    html = short_page().html
    assert addresses(html) == []
    assert f'http-equiv="Content-Security-Policy" content="{POLICY}"' in html
    assert "default-src 'none'" in POLICY
    assert not re.search(r"<(link|img|iframe|object|embed)\b", html)
    assert not re.search(r"\b(src|href)=\"(?!#)", html)
    assert "@import" not in html and "url(" not in html


def test_the_log_has_rounds_events_and_the_moves_each_leading_to_its_position() -> None:
    html = short_page().html
    assert '<li class="round" id="r0" data-move="0"><h3>Setup</h3>' in html
    assert re.search(r'<li class="round" id="r1" data-move="12"><h3>Round 1</h3>', html)
    move = re.search(r'<li class="move clock" id="m23" data-move="23">(.*?)</li></ul></li>',
                     html)
    assert move is not None, "the last move, a clock move with what followed it"
    said = unescape(re.sub(r"<[^>]+>", " ", move.group(1)))
    assert "Arcsyn : Stop time" in said and "Daemonis wins" in said
    assert len(re.findall(r'<li class="move[^"]*" id="m\d+"', html)) == 23


def test_the_sample_game_marks_deliveries_and_the_clock() -> None:
    html = sample_page().html
    delivery = re.search(r'<li class="move delivery" id="m(\d+)"[^>]*><button[^>]*>'
                         r'<span class="n">\d+</span> <b>([^<]+)</b>: Deliver from', html)
    assert delivery is not None
    assert '<li class="ev clock">Nobody took the clock: it moves to office.</li>' in html


def test_notes_from_the_records_are_marked_where_they_happened() -> None:
    notes = PageNotes("Game 7", (MoveMark(3, "automatic", "automatic (dropped)"),
                                 MoveMark(5, "correction", "corrected by Ada")),
                      (Aside(4, "undo", "Ada took back 1 move (Daemonis: Pass)"),))
    html = build_page(short_game(), notes).html
    assert "<title>Game 7</title>" in html
    third = html.index('id="m3"')
    assert html.index('<span class="mark automatic">automatic (dropped)</span>', third) < \
        html.index('id="m4"')
    assert re.search(r'<li class="move[^"]* correction" id="m5"', html)
    aside = html.index('<li class="aside undo" data-move="4">Ada took back 1 move')
    assert html.index('id="m4"') < aside < html.index('id="m5"')


def test_what_players_wrote_cannot_open_markup_in_the_page() -> None:
    game = replay(GameLog.parse('players: Bo&amp, Cy"x, D\'y\n'))
    html = build_page(game, PageNotes(title="<script>alert(1)</script>")).html
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html
    assert "Bo&amp;amp" in html and "Bo&amp," not in html
    assert "<h1>A game of Bus: Bo&amp;amp, Cy&quot;x, D&#x27;y</h1>" in build_page(game).html
    assert "Bo&amp" in json.dumps(page_data(html))  # the data says it as text


def test_the_chart_marker_and_the_captions_follow_the_positions() -> None:
    data = page_data(short_page().html)
    xs = [float(str(x)) for x in data["chartX"]]  # type: ignore[attr-defined]
    assert xs == sorted(xs) and xs[0] < xs[-1]
    captions = data["captions"]
    assert isinstance(captions, list) and len(captions) == 24
    assert captions[23] == "After move 23 of 23 · Round 1 · Arcsyn: Stop time"
    assert data["narrow"] == NARROW_LAYOUT


def test_the_final_standings_rank_everyone() -> None:
    html = short_page().html
    table = html[html.index("<h2>Final standings</h2>"):]
    order = re.findall(r'<span class="chip"[^>]*></span>([^<]+)</td>', table)
    assert order == short_game().ranking()


def test_the_gallery_page_is_the_sample_game_and_small() -> None:
    made = sample_page()
    assert made.size < 3_000_000
    kept = (ROOT / "docs" / "gallery" / "game.html").read_text(encoding="utf-8")
    # the same game, move by move (the drawing may have changed since: `busbot gallery`)
    assert page_data(kept)["captions"] == page_data(made.html)["captions"]
    assert len(kept) < 3_000_000
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    gallery = (ROOT / "docs" / "gallery" / "README.md").read_text(encoding="utf-8")
    assert "docs/gallery/game.html" in readme and "(game.html)" in gallery
