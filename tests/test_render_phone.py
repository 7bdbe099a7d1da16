"""The picture at a glance and on a phone: small print measured at 390 px, nothing cut at the
edges, buildings tied to their crossings, heads and badges that hide nothing, a banner that
summarises rather than cuts, and seat states written on the cards."""

from __future__ import annotations

import io
import math
from itertools import combinations

import pytest
from PIL import Image

from engine import BOARD, Game, random_game
from render import render_png, render_svg, theme
from render.geometry import HEAD_R, LOT, geometry, square_gap, tie_ends
from render.layout import BANNER, LANDSCAPE, MAP_W, PHONE, PLAYERS, PORTRAIT
from render.measure import PHONE_WIDTH, READABLE, SMALL_PRINT, label_heights
from render.players import TAGS_END, row_top
from render.scene import player_tags
from tests.render_support import at_move, five_on_one_street, parse, sample_game, with_class

LATE = random_game(5, 33)  # a full city: many lines, badges and markers


def pixels(game: Game, **kw: object) -> Image.Image:
    """The landscape picture at 1:1, so canvas coordinates are pixel coordinates."""
    data = render_png(game, size=int(LANDSCAPE.width), layout="landscape", **kw)  # type: ignore[arg-type]
    return Image.open(io.BytesIO(data)).convert("RGB")


def rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def close_to(pixel: object, colour: str, within: int = 40) -> bool:
    assert isinstance(pixel, tuple)
    channels = [int(v) for v in pixel[:3]]
    return sum(abs(a - b) for a, b in zip(channels, rgb(colour), strict=True)) <= within


@pytest.mark.parametrize("game", [at_move(LATE, len(LATE.history) - 1), sample_game(94)],
                         ids=["late", "choosing"])
def test_on_a_phone_every_label_count_and_marker_is_at_least_9_px(game: Game) -> None:
    heights = label_heights(render_svg(game, layout="phone"))
    assert heights.keys() == SMALL_PRINT.keys()  # the position shows all three kinds
    assert min(heights.values()) >= READABLE, heights
    # the portrait picture, measured the same way, is what needed the phone layout
    assert min(label_heights(render_svg(game, layout="portrait")).values()) < READABLE


def test_the_phone_picture_is_the_screen_s_width_with_the_cards_enlarged_under_the_city() -> None:
    root = parse(render_svg(sample_game(94), layout="phone"))
    assert root.get("viewBox") == f"0 0 {PHONE.width:g} {PHONE.height:g}"
    assert PHONE.width == MAP_W and PHONE.height > 2 * PHONE.width
    for region in ("banner", "actions", "players"):
        dx, dy, scale = PHONE.placement(region)
        assert 1.9 < scale < 2.0 and dy > 0
    # on a phone the cards are twice as large as the portrait picture's
    assert PHONE.scale("actions") * PHONE_WIDTH / PHONE.width > 1.9 * PHONE_WIDTH / PORTRAIT.width


@pytest.mark.parametrize("lots", ["connector", "touching"])
def test_no_lot_comes_near_the_picture_s_edges(lots: str) -> None:
    g = geometry(lots)
    for lot in BOARD.lots:
        x, y = g.lots[lot.index]
        assert LOT / 2 + 10 <= x <= MAP_W - LOT / 2 - 10, lot
    left = pixels(LATE)
    paper = rgb(theme.PAPER)
    for y in range(0, 1000, 2):  # the W4 lot once touched the left edge
        for x in (0, 1, 2, 3, 4, 5, int(MAP_W) - 6, int(MAP_W) - 3):
            assert close_to(left.getpixel((x, y)), theme.PAPER, 12) or y > 1000 - 200, \
                (x, y, left.getpixel((x, y)), paper)


def test_a_building_is_tied_to_its_crossing_by_a_connector_in_its_colour() -> None:
    game = Game(["Ada", "Bram", "Cleo"])
    game.play("Ada", "Place Office at C1")
    picture = pixels(game, move_highlight=False)  # no ring round the new building
    g = geometry()
    built = [i for i, kind in enumerate(game.state.lots) if kind == "office"]
    assert built
    for i in built:
        node = BOARD.lots[i].node
        start, end = tie_ends(g.nodes[node], g.radius[node], g.lots[i])
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        assert math.dist(start, end) >= 6  # a visible stretch between disc and card
        assert close_to(picture.getpixel((round(middle[0]), round(middle[1]))),
                        theme.BUILDING_INK["office"]), i
    empty = next(lot for lot in BOARD.lots if game.state.lots[lot.index] is None)
    start, end = tie_ends(g.nodes[empty.node], g.radius[empty.node], g.lots[empty.index])
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    assert close_to(picture.getpixel((round(middle[0]), round(middle[1]))), theme.TIE, 60)


def test_touching_lots_touch_their_own_crossing() -> None:
    g = geometry("touching")
    for lot in BOARD.lots:
        gap = square_gap(g.lots[lot.index], LOT / 2, g.nodes[lot.node]) - g.radius[lot.node]
        assert -4 <= gap <= 0, lot


@pytest.mark.parametrize("game", [five_on_one_street(), at_move(LATE, len(LATE.history) - 1),
                                  sample_game(152)], ids=["five", "late", "delivery"])
def test_head_discs_never_hide_a_street_and_badges_never_overlap(game: Game) -> None:
    root = parse(render_svg(game))
    g = geometry()
    heads = [(float(n.get("x") or 0), float(n.get("y") or 0) - 13 * 0.36, int(n.get("data-street")
             or -1)) for n in with_class(root, "head")]
    for street in {s for _, _, s in heads}:
        shape = g.streets[street]
        a = shape.a
        ra, rb = g.radius[BOARD.streets[street].a], g.radius[BOARD.streets[street].b]
        steps = [ra + (shape.length - ra - rb) * k / 40 for k in range(41)]
        free = [t for t in steps
                if all(math.hypot(a[0] + shape.u[0] * t - x, a[1] + shape.u[1] * t - y)
                       > HEAD_R for x, y, _ in heads)]
        assert len(free) >= 4, (BOARD.streets[street], len(free))  # some of it shows
    boxes = [tuple(float(v) for v in (n.get("data-box") or "").split())
             for n in with_class(root, "waiting")]
    for (x1, y1, w1, h1), (x2, y2, w2, h2) in combinations(boxes, 2):
        assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1


def test_the_short_street_c2_e3_shows_between_its_line_s_two_heads() -> None:
    game = Game(["Ada", "Bram", "Cleo"])
    for name, text in [("Ada", "Place Office at C2"), ("Ada", "Place Pub at E3"),
                       ("Bram", "Place House at C1"), ("Bram", "Place Office at C4"),
                       ("Cleo", "Place Pub at W3"), ("Cleo", "Place House at W5"),
                       ("Ada", "Start line between C2 and E3")]:
        game.play(name, text)
    street = next(s.index for s in BOARD.streets if {s.a, s.b} == {"C2", "E3"})
    root = parse(render_svg(game))
    heads = [(float(n.get("x") or 0), float(n.get("y") or 0) - 13 * 0.36)
             for n in with_class(root, "head") if n.get("data-street") == str(street)]
    assert len(heads) == 2  # one line on one short street: a head at each end
    g = geometry()
    a, b = g.nodes["C2"], g.nodes["E3"]
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert all(math.dist(middle, head) > HEAD_R + 2 for head in heads)
    picture = pixels(game, move_highlight=False)
    line = theme.player_colour(game.state.players[0].colour, 0)
    assert close_to(picture.getpixel((round(middle[0]), round(middle[1]))), line, 60)


def test_a_long_list_of_moves_is_summarised_never_cut() -> None:
    for game, previous in ((sample_game(202), sample_game(150)),  # game over: two lines
                           (sample_game(152), sample_game(100))):
        root = parse(render_svg(game, previous=previous))
        lines = [n.text or "" for n in with_class(root, "last-move-text")]
        news = " ".join(lines)
        total = len(game.history) - len(previous.history)
        assert news.startswith(f"{total} new moves: ") and news.endswith("more"), lines
        shown = sum(news.count(str(move)) > 0 for _, move in game.history[-total:])
        assert shown >= 2
    picture = pixels(sample_game(202), previous=sample_game(150))
    margin = int(BANNER.right) - 12
    for y in range(int(BANNER.y) + 100, int(BANNER.bottom) - 14):  # clear of the corner
        for x in range(margin, int(BANNER.right) - 4):
            assert close_to(picture.getpixel((x, y)), theme.CARD, 30), (x, y)  # no text


def test_a_seat_s_state_is_written_on_its_row() -> None:
    game = sample_game(94)
    notes = {"Daemonis": "dropped", "Hedgethorn": "away until 2 Dec"}
    root = parse(render_svg(game, seat_notes=notes))
    marks = {n.get("data-seat"): n for n in with_class(root, "seat-note")}
    seats = {p.name: str(p.seat) for p in game.state.players}
    assert marks.keys() == {seats["Daemonis"], seats["Hedgethorn"]}
    words = [n.text for n in with_class(root, "tags", "g") for n in n.iter() if n.text]
    assert "DROPPED" in words and "AWAY UNTIL 2 DEC" in words
    plain, marked = pixels(game), pixels(game, seat_notes=notes)
    seat = game.state.players[int(seats["Daemonis"])].seat
    n = len(game.state.players)
    top = row_top(seat, n)
    area = (int(PLAYERS.x + 56), int(top), int(PLAYERS.x + TAGS_END), int(top + 70))
    before, after = plain.crop(area), marked.crop(area)
    def inked(image: Image.Image) -> int:
        return sum(close_to(image.getpixel((x, y)), theme.INK, 60)
                   for x in range(image.width) for y in range(image.height))

    assert inked(after) > inked(before) + 40  # the outlined tag and its words


def test_initials_cannot_be_read_as_zone_letters() -> None:
    tags = player_tags(["Ada", "Bram", "Cleo", "Dora"])
    assert all(len(tag) == 2 and tag not in "ABCD" for tag in tags)
    root = parse(render_svg(Game(["Ada", "Bram", "Cleo", "Dora"])))
    zones = {n.text for n in with_class(root, "zone")}
    assert zones == {"A", "B", "C", "D"}
    assert not zones & {n.text for n in with_class(root, "marker") + with_class(root, "head")}


def test_badges_never_overlap_nor_leave_the_city_in_many_positions() -> None:
    for seed in range(3):
        full = random_game(5, seed)
        for moves in range(30, len(full.history), 30):
            root = parse(render_svg(at_move(full, moves)))
            boxes = [tuple(float(v) for v in (n.get("data-box") or "").split())
                     for n in with_class(root, "waiting")]
            for x, y, w, h in boxes:
                assert x >= 0 and y >= 0 and x + w <= MAP_W and y + h <= 1000, (seed, moves)
            for (x1, y1, w1, h1), (x2, y2, w2, h2) in combinations(boxes, 2):
                assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1, \
                    (seed, moves)
