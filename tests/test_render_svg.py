"""The table picture as SVG: what a player reads off it matches the game."""

from __future__ import annotations

import io
import math

import cairosvg
import pytest
from PIL import Image

from engine import BOARD, ChooseAction, Deliver, ExtendLine, Game, PlaceBuilding, random_game
from engine.state import CLOCK
from render import render_svg
from render.geometry import HEAD_GAP, HEAD_R, LINE_W, LOT, geometry
from render.icons import asset_text, icon
from render.layout import CANVAS_H, LEGEND, MAP_W
from render.layout import CLOCK as CLOCK_CARD
from render.pieces import HEAD_TEXT
from render.scene import player_tags
from render.svgkit import document, path
from tests.render_support import (
    SVG,
    at_move,
    circle_game,
    five_on_one_street,
    parse,
    polyline,
    positions,
    sample_game,
    square_centres,
    subpath_starts,
    texts,
    with_class,
)

LATE = random_game(5, 33)


def games() -> list[Game]:
    """Positions from the first move to the end: setup, choosing, resolving, over."""
    return [at_move(LATE, 3), sample_game(16), sample_game(94), five_on_one_street(),
            at_move(LATE, len(LATE.history) - 1), LATE]


def near(p: tuple[float, float], q: tuple[float, float], reach: float) -> bool:
    return math.hypot(p[0] - q[0], p[1] - q[1]) <= reach


def street_of(a: tuple[float, float], b: tuple[float, float]) -> int:
    """The street whose two crossings lie (within the width of five lanes) at a and b."""
    g = geometry()
    ends = []
    for p in (a, b):
        found = [c for c, xy in g.nodes.items() if near(p, xy, 17)]
        assert len(found) == 1, f"lane end {p} is at no single crossing"
        ends.append(found[0])
    street = BOARD.street_between(ends[0], ends[1])
    assert street is not None, f"{ends} are not neighbours"
    return street


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_every_crossing_label_is_written_exactly_once(game: Game) -> None:
    words = texts(parse(render_svg(game)))
    for label in BOARD.labels:
        assert words.count(label) == 1, label
    assert len(BOARD.labels) == 36


def rect_distance(p: tuple[float, float], x: float, y: float, w: float, h: float) -> float:
    """How far a point lies from a rectangle (0 inside it)."""
    dx = max(x - p[0], 0.0, p[0] - (x + w))
    dy = max(y - p[1], 0.0, p[1] - (y + h))
    return math.hypot(dx, dy)


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_no_piece_covers_a_crossing_or_its_label(game: Game) -> None:
    root = parse(render_svg(game))
    g = geometry()
    boxes: list[tuple[float, float, float, float]] = []
    for badge in with_class(root, "waiting"):
        x, y, w, h = (float(v) for v in (badge.get("data-box") or "").split())
        boxes.append((x, y, w, h))
    reach = LOT / 2 + 2.2  # half a card and its thickest edge
    for card in with_class(root, "building"):
        for x, y in square_centres(card.get("d") or ""):
            boxes.append((x - reach, y - reach, 2 * reach, 2 * reach))
    heads = [(float(n.get("x") or 0), float(n.get("y") or 0) - 13 * 0.36)
             for n in with_class(root, "head")]
    assert boxes
    for label, centre in g.nodes.items():
        r = g.radius[label]
        for box in boxes:
            assert rect_distance(centre, *box) >= r - 1, (label, box)
        for head in heads:
            assert math.hypot(head[0] - centre[0], head[1] - centre[1]) >= r + HEAD_R - 1, label


def test_lot_cards_sit_apart_inside_the_map_near_their_crossing() -> None:
    g = geometry()
    half = LOT / 2
    for lot in BOARD.lots:
        x, y = g.lots[lot.index]
        assert half <= x <= MAP_W - half and half <= y <= CANVAS_H - half
        assert near((x, y), g.nodes[lot.node], 75), lot  # close enough to read as its own
        for box in (CLOCK_CARD, LEGEND):
            assert rect_distance((x, y), box.x, box.y, box.w, box.h) >= half
        for other in BOARD.lots[lot.index + 1:]:
            ox, oy = g.lots[other.index]
            assert max(abs(x - ox), abs(y - oy)) >= LOT + 2, (lot, other)


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_one_line_path_per_player_along_its_streets(game: Game) -> None:
    root = parse(render_svg(game))
    lines = with_class(root, "line", "path")
    drawn = {int(node.get("data-seat") or -1): node for node in lines}
    assert len(drawn) == len(lines)
    for p in game.state.players:
        if len(p.line) < 2:
            assert p.seat not in drawn
            continue
        points = polyline(drawn[p.seat].get("d") or "")
        streets = [street_of(a, b) for a, b in zip(points[::2], points[1::2], strict=True)]
        trail = [BOARD.street_between(a, b) for a, b in zip(p.line, p.line[1:], strict=False)]
        assert streets == trail
        assert set(streets) == p.streets
        assert drawn[p.seat].get("data-player") == p.name


def test_five_lines_on_one_street_run_in_lanes_that_do_not_overlap() -> None:
    game = five_on_one_street()
    street = BOARD.street_between("C1", "C2")
    assert street is not None
    assert len(game.state.street_lines[street]) == 5
    shape = geometry().streets[street]
    offsets = []
    for node in with_class(parse(render_svg(game)), "line", "path"):
        width = float(node.get("stroke-width") or 0)
        points = polyline(node.get("d") or "")
        for a, b in zip(points[::2], points[1::2], strict=True):
            if street_of(a, b) != street:
                continue
            ends = [(p[0] - shape.a[0]) * shape.n[0] + (p[1] - shape.a[1]) * shape.n[1]
                    for p in (a, b)]
            assert abs(ends[0] - ends[1]) < 0.2  # the lane runs parallel to the street
            offsets.append(ends[0])
    assert len(offsets) == 5
    offsets.sort()
    assert all(b - a >= width for a, b in zip(offsets, offsets[1:], strict=False))
    assert offsets[-1] - offsets[0] + width < 2 * geometry().radius["C1"]  # inside the discs


def test_each_line_has_two_heads_marked_at_its_ends() -> None:
    crowded = random_game(5, 19)  # two setup lines on one short street: four heads on it
    for game in (five_on_one_street(), LATE, sample_game(94), at_move(crowded, 14)):
        root = parse(render_svg(game))
        g = geometry()
        tags = player_tags(game.players)
        paths = {n.get("data-seat"): polyline(n.get("d") or "")
                 for n in with_class(root, "line", "path")}
        spots = []
        for p in game.state.players:
            heads = [node for node in with_class(root, "head")
                     if node.get("data-seat") == str(p.seat)]
            if len(p.line) < 2:  # no line yet, no heads
                assert not heads
                continue
            assert len(heads) == 2
            # each head on the street that ends the line there, also for circles and for lines
            # that pass through their own head crossing
            trail = p.line
            ends = sorted([(trail[0], BOARD.street_between(trail[0], trail[1])),
                           (trail[-1], BOARD.street_between(trail[-2], trail[-1]))])
            assert sorted((node.get("data-node"), int(node.get("data-street") or -1))
                          for node in heads) == ends
            points = paths[str(p.seat)]
            for node in heads:
                assert node.text == tags[p.seat]
                label = node.get("data-node") or ""
                street = BOARD.streets[int(node.get("data-street") or -1)]
                x, y = float(node.get("x") or 0), float(node.get("y") or 0) - HEAD_TEXT * 0.36
                # the marker's disc lies on its own line's lane of that street ...
                (a, b), = [(a, b) for a, b in zip(points[::2], points[1::2], strict=True)
                           if street_of(a, b) == street.index]
                length = math.hypot(b[0] - a[0], b[1] - a[1])
                across = abs((x - a[0]) * (b[1] - a[1]) - (y - a[1]) * (b[0] - a[0])) / length
                assert across <= HEAD_R + LINE_W / 2  # it touches its line
                # ... between its own crossing's disc and the far one's
                shape = g.streets[street.index]
                cx, cy = g.nodes[label]
                along = abs((x - cx) * shape.u[0] + (y - cy) * shape.u[1])
                far = street.other(label)
                assert g.radius[label] + HEAD_GAP - 0.5 <= along <= shape.length - g.radius[far]
                spots.append((x, y))
        for i, a in enumerate(spots):  # no head marker hides another
            assert all(not near(a, b, 2 * HEAD_R - 0.5) for b in spots[i + 1:])


def test_a_line_that_closed_a_circle_shows_both_heads_on_its_two_end_streets() -> None:
    game, seat = circle_game()
    p = game.state.players[seat]
    root = parse(render_svg(game))
    heads = [node for node in with_class(root, "head") if node.get("data-seat") == str(seat)]
    assert [node.get("data-node") for node in heads] == [p.line[0], p.line[0]]
    first = BOARD.street_between(p.line[0], p.line[1])
    last = BOARD.street_between(p.line[-2], p.line[-1])
    assert sorted(str(node.get("data-street")) for node in heads) == sorted([str(first), str(last)])


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_buildings_drawn_match_the_lots(game: Game) -> None:
    root = parse(render_svg(game))
    g = geometry()
    for kind in ("house", "office", "pub"):
        expected = [i for i, k in enumerate(game.state.lots) if k == kind]
        cards = [n for n in with_class(root, "building", "path") if kind in n.get("class", "")]
        if not expected:
            assert not cards
            continue
        (card,) = cards
        centres = square_centres(card.get("d") or "")
        assert len(centres) == len(expected)
        for centre, lot in zip(centres, expected, strict=True):
            assert near(centre, g.lots[lot], 0.2)  # the card covers the lot's letter
    empty = [i for i, k in enumerate(game.state.lots) if k is None]
    lots = with_class(root, "lot", "g")
    assert len(lots) == len(BOARD.lots)
    for i in empty:
        (letter,) = lots[i].iter(SVG + "text")
        assert letter.text == BOARD.lots[i].zone


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_passengers_drawn_match_the_state(game: Game) -> None:
    state = game.state
    root = parse(render_svg(game))
    badges = {n.get("data-node"): int(n.text or 0) for n in with_class(root, "waiting")}
    assert badges == {label: state.waiting_at(label) for label in BOARD.labels
                      if state.waiting_at(label)}
    sitting_nodes = with_class(root, "sitting")
    sitting = [int(i) for n in sitting_nodes for i in (n.get("data-lots") or "").split()]
    wanted = CLOCK[state.clock]
    assert all(state.lots[i] == wanted for i in sitting)
    assert len(sitting) == sum(state.passengers.values()) - sum(badges.values())
    if sitting_nodes:
        assert len(subpath_starts(sitting_nodes[0].get("d") or "")) == len(sitting)


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_clock_round_phase_and_stones_are_shown(game: Game) -> None:
    state = game.state
    root = parse(render_svg(game))
    (clock,) = with_class(root, "clock")
    assert clock.get("data-clock") == state.clock_type
    (round_text,) = with_class(root, "round")
    assert round_text.text == ("Setup" if state.phase == "setup" else f"Round {state.round}")
    (phase,) = with_class(root, "phase")
    expected = {"setup": "starting buildings", "choosing": "choosing actions",
                "over": "game over"}
    assert (phase.text or "").startswith(expected.get(state.phase, "resolving"))
    (stones,) = with_class(root, "stones-left")
    assert stones.get("data-count") == str(state.clock_stones_left)
    assert len(subpath_starts(stones.get("d") or "")) == state.clock_stones_left


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_action_board_shows_every_marker_on_its_space(game: Game) -> None:
    state = game.state
    root = parse(render_svg(game))
    titles = [n.text for n in with_class(root, "action")]
    assert titles == ["Line expansion", "Buses", "Passengers", "Buildings", "Clock",
                      "Vrrooomm", "Starting player"]
    tags = player_tags([p.name for p in state.players])
    drawn = sorted((n.get("data-action"), n.get("data-space"), n.text)
                   for n in with_class(root, "marker"))
    expected = sorted((action, "abcdef"[i], tags[seat])
                      for action, seats in state.spaces.items() for i, seat in enumerate(seats))
    assert drawn == expected
    for letter in "abcdef":  # the space letters head the columns
        assert letter in texts(root)


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_player_panels_show_what_each_player_has(game: Game) -> None:
    state = game.state
    root = parse(render_svg(game))
    names = {n.get("data-seat"): n.text for n in with_class(root, "player-name")}
    assert names == {str(p.seat): p.name for p in state.players}
    for field in ("carried", "stones", "buses", "markers", "score"):
        shown = {n.get("data-seat"): n.text for n in with_class(root, field, "text")}
        assert shown == {str(p.seat): str(getattr(p, field)) for p in state.players}, field
    tags = {n.get("data-seat"): " ".join(t.text or "" for t in n.iter(SVG + "text"))
            for n in with_class(root, "tags")}
    if not game.is_over:
        assert "STARTS" in tags[str(state.start_seat)]
        assert sum("STARTS" in t.split() for t in tags.values()) == 1
    else:
        assert tags[str(state.players[[p.name for p in state.players].index(game.ranking()[0])]
                        .seat)] == "WINNER"


@pytest.mark.parametrize("game", games(), ids=lambda g: f"move{len(g.history)}")
def test_who_must_act_and_what_is_asked(game: Game) -> None:
    root = parse(render_svg(game))
    decision = game.to_act()
    if decision is None:
        (winner,) = with_class(root, "winner")
        assert winner.text == f"{game.winner} wins"
        assert not with_class(root, "acting")
        return
    (name,) = with_class(root, "to-act")
    assert name.text == decision.player
    asked = " ".join(n.text or "" for n in with_class(root, "ask"))
    words = decision.text.split(": ", 1)[1].split()
    assert asked.lower().split()[:3] == [w.lower() for w in words[:3]]
    (row,) = with_class(root, "acting")
    assert row.get("data-seat") == str(decision.seat)


def _after_first(kind: type) -> Game:
    """The sample game right after the first move of a kind played after setup."""
    full = sample_game()
    for i, (_, move) in enumerate(full.history):
        if isinstance(move, kind) and i >= 16:
            return sample_game(i + 1)
    raise AssertionError(kind)


def test_the_last_move_is_highlighted_by_its_kind() -> None:
    game = _after_first(ExtendLine)
    assert game.last_move is not None
    move = game.last_move[1]
    assert isinstance(move, ExtendLine)
    (glow,) = with_class(parse(render_svg(game)), "last-move")
    assert glow.get("data-street") == str(BOARD.street_between(move.frm, move.to))

    game = _after_first(PlaceBuilding)
    assert game.last_move is not None
    build = game.last_move[1]
    assert isinstance(build, PlaceBuilding)
    (ring,) = with_class(parse(render_svg(game)), "last-move")
    lot = int(ring.get("data-lot") or -1)
    assert BOARD.lots[lot].node == build.node and game.state.lots[lot] == build.kind

    game = _after_first(Deliver)
    assert with_class(parse(render_svg(game)), "delivery")

    game = _after_first(ChooseAction)
    assert len(with_class(parse(render_svg(game)), "last-move")) == 1

    for game in games()[1:]:
        root = parse(render_svg(game, move_highlight=False))
        assert not with_class(root, "last-move")
        assert not with_class(root, "last-move-text")


def test_players_are_told_apart_by_letters_as_well_as_colour() -> None:
    # never a lone capital, which could be read as a lot's zone letter A-D
    assert player_tags(["Ada", "Bram", "Cleo", "Dora"]) == ("Ad", "Br", "Cl", "Do")
    assert player_tags(["Ada", "Anna", "Bram", "discrider"]) == ("Ad", "An", "Br", "Di")
    assert player_tags(["Ada", "Adam", "Bo"]) == ("Aa", "Am", "Bo")
    assert player_tags(["Al", "Al2", "B"]) == ("Al", "A2", "B3")
    assert player_tags(["Ann", "Ann", "-"]) == ("A1", "A2", "P3")
    game = five_on_one_street()
    tags = player_tags(game.players)
    assert len(set(tags)) == 5
    root = parse(render_svg(game))
    for p in game.state.players:
        heads = {n.text for n in with_class(root, "head") if n.get("data-seat") == str(p.seat)}
        assert heads == {tags[p.seat]}


def test_drawing_never_changes_the_game() -> None:
    game = sample_game(133)
    before = game.to_json(), game.state.copy(), list(game.history)
    render_svg(game)
    assert game.to_json() == before[0]
    assert game.state == before[1]
    assert game.history == before[2]


def test_where_the_acting_player_may_act_is_ringed() -> None:
    """Free lots of the open zone, the stations, or the player's line heads, by what is asked."""
    seen: set[str] = set()
    for game in positions(sample_game()):
        decision = game.to_act()
        if decision is None or decision.kind in seen:
            continue
        seen.add(decision.kind)
        root = parse(render_svg(game))
        rings = with_class(root, "asked")
        state = game.state
        if decision.kind in ("setup_building", "buildings"):
            zone = "A" if decision.kind == "setup_building" else state.open_zone()
            free = [i for i, k in enumerate(state.lots) if k is None and BOARD.lots[i].zone == zone]
            (ring,) = rings
            assert len(subpath_starts(ring.get("d") or "")) == len(free) > 0
        elif decision.kind in ("passengers", "lines", "second_street"):
            (ring,) = rings  # around the two stations, or the line's two heads
            assert len(subpath_starts(ring.get("d") or "")) == 2
        else:
            assert not rings
    assert {"setup_building", "buildings", "passengers", "lines", "second_street",
            "choose", "vroom", "clock"} <= seen


@pytest.mark.parametrize("name", ["house", "office", "pub", "passenger", "bus"])
def test_icons_are_standalone_svg_files_drawn_where_they_stand(name: str) -> None:
    """Each icon opens on its own (a 24 x 24 drawing), and the map draws it in its box."""
    root = parse(asset_text(f"{name}.svg"))
    assert root.tag == SVG + "svg" and root.get("viewBox") == "0 0 24 24"
    assert root.findall(f"{SVG}path")
    for x, y in ((40.0, 50.0), (60.0, 45.0)):
        body = path(icon(name).at(x, y, 40), fill="#000000")
        png = cairosvg.svg2png(bytestring=document(100, 100, body).encode())
        picture = Image.open(io.BytesIO(png))
        left, top, right, bottom = picture.getchannel("A").getbbox() or (0, 0, 0, 0)
        assert x - 20 - 1 <= left and right <= x + 20 + 1
        assert y - 20 - 1 <= top and bottom <= y + 20 + 1
        assert right - left > 25 and bottom - top > 25  # it fills most of its box


@pytest.mark.parametrize("layout", ["landscape", "portrait"])
def test_a_note_is_marked_in_the_banner_beside_who_is_to_act(layout: str) -> None:
    game = sample_game(16)
    plain = texts(parse(render_svg(game, layout=layout)))
    marked = texts(parse(render_svg(game, layout=layout, note="Preview: not played")))
    assert "PREVIEW: NOT PLAYED" in marked and "PREVIEW: NOT PLAYED" not in plain
    assert "TO ACT" in marked  # beside the heading, not instead of it
    assert sorted(marked) == sorted([*plain, "PREVIEW: NOT PLAYED"])
