"""What stands on the city: buildings, passengers, the heads of the lines, what is new.

Pieces never cover a crossing's label: passengers' badges go in the emptiest direction around
their crossing (worked out once per crossing), away from the line heads and from each other;
heads sit on their street just outside the crossing disc, and never over the middle of a street,
so a short street with a head at each end still shows. Shapes of one colour share one path element,
which keeps the picture quick to draw however full the city gets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.board import BOARD, STATIONS
from engine.lines import end_segments
from engine.moves import BUILDING_TYPES, Deliver, PlacePassenger
from engine.state import CLOCK, GameState
from render import theme
from render.geometry import (
    HEAD_CLEAR,
    HEAD_GAP,
    HEAD_R,
    HEAD_STEP,
    LOT,
    MapGeometry,
    Point,
    geometry,
    lane_offset,
    segment_distance,
    tie_ends,
)
from render.icons import icon
from render.layout import CANVAS_H, LEGEND, MAP_W
from render.layout import CLOCK as CLOCK_BOX
from render.scene import Scene
from render.svgkit import (
    circle_path,
    element,
    num,
    path,
    rect_path,
    rounded_squares,
    square_core,
    text,
)
from render.textfit import count_text

CARD_R = 7.0  # corner radius of a building card
BADGE_H = 30.0
COUNT_SIZE = 22.5  # 9.2 CSS pixels in the phone picture at 390 px
HEAD_TEXT = 13.0
#: The mark on a building with a passenger sitting in it: a dark disc with a white figure.
SITTING_R = 11.0
#: A building's connector to its crossing, in the building's colour.
TIE_W = 4.5


@dataclass(frozen=True, slots=True)
class Head:
    seat: int
    node: str
    street: int
    x: float
    y: float


def pieces_layer(scene: Scene, lots: str = "connector") -> str:
    """Buildings, waiting passengers, line heads and what is new, over the city (``lots``: how
    lots are tied to their crossings, ``render.geometry``)."""
    state = scene.state
    g = geometry(lots)
    heads = head_markers(state)
    return "".join((
        _asked(scene, heads, g),
        buildings(state, g, connectors=lots == "connector"),
        _heads(scene, heads),
        passengers(state, heads, lots),
        _changed(scene, g),
    ))


def _asked(scene: Scene, heads: list[Head], g: MapGeometry) -> str:
    """Orange rings where the player who must act can act: heads, stations or free lots."""
    decision = scene.decision
    if decision is None:
        return ""
    rings: list[str] = []
    if decision.kind in ("lines", "second_street"):
        rings = [circle_path(h.x, h.y, HEAD_R + 4.5) for h in heads if h.seat == decision.seat]
    elif decision.kind == "passengers":
        rings = [circle_path(*g.nodes[s], g.radius[s] + 7) for s in STATIONS]
    elif decision.kind in ("buildings", "setup_building"):
        zone = "A" if decision.kind == "setup_building" else scene.state.open_zone()
        size = LOT + 10
        rings = [rect_path(x - size / 2, y - size / 2, size, size, 11)
                 for (x, y), lot, kind in zip(g.lots, BOARD.lots, scene.state.lots, strict=True)
                 if kind is None and lot.zone == zone]
    if not rings:
        return ""
    return path("".join(rings), stroke=theme.ACT, stroke_width=3, stroke_dasharray="5 3",
                class_="asked", data_kind=decision.kind)


# ---- buildings -----------------------------------------------------------------------------------

def sitting_lots(state: GameState) -> list[int]:
    """Lots whose building has a passenger sitting in it under the current clock (R12).

    At a crossing, as many passengers sit as there are buildings of the clock's type; they fill
    those buildings in lot order.
    """
    wanted = CLOCK[state.clock]
    out: list[int] = []
    for label, count in state.passengers.items():
        if count <= 0:
            continue
        lots = [i for i in BOARD.lots_at[label] if state.lots[i] == wanted]
        out.extend(lots[:count])
    return sorted(out)


def buildings(state: GameState, g: MapGeometry | None = None, *,
              connectors: bool = True) -> str:
    """Building cards (the clock's type with a bold edge), each tied to its crossing by a
    connector in the building's colour, and the marks of the passengers sitting in them."""
    g = g or geometry()
    half = LOT / 2
    wanted = CLOCK[state.clock]
    cards: dict[str, list[str]] = {kind: [] for kind in BUILDING_TYPES}
    bodies: dict[str, list[str]] = {kind: [] for kind in BUILDING_TYPES}
    details: list[str] = []
    lots: dict[str, list[str]] = {kind: [] for kind in BUILDING_TYPES}
    ties: dict[str, list[str]] = {kind: [] for kind in BUILDING_TYPES}
    for i, kind in enumerate(state.lots):
        if kind is None:
            continue
        x, y = g.lots[i]
        node = BOARD.lots[i].node
        start, end = tie_ends(g.nodes[node], g.radius[node] - 1, (x, y))
        ties[kind].append(f"M{num(start[0])} {num(start[1])}L{num(end[0])} {num(end[1])}")
        cards[kind].append(square_core(x, y, LOT, CARD_R))
        shape = icon(kind)
        bodies[kind].append(shape.at(x, y, 24))
        details.append(shape.at(x, y, 24, "detail"))
        lots[kind].append(str(i))
    out: list[str] = []
    if connectors:
        out.extend(path("".join(ties[kind]), stroke=theme.BUILDING_INK[kind], stroke_width=TIE_W,
                        stroke_linecap="round", class_=f"connector {kind}")
                   for kind in BUILDING_TYPES)
    for kind in BUILDING_TYPES:
        if not cards[kind]:
            continue
        is_wanted = kind == wanted
        out.append(rounded_squares(
            "".join(cards[kind]), r=CARD_R, fill=theme.BUILDING_FILL[kind],
            edge=theme.INK if is_wanted else theme.BUILDING_INK[kind],
            edge_width=2.2 if is_wanted else 1.0, class_=f"building {kind}",
            data_lots=" ".join(lots[kind]),
        ))
        out.append(path("".join(bodies[kind]), fill=theme.BUILDING_INK[kind]))
    out.append(path("".join(details), fill=theme.BUILDING_DETAIL))
    sitting = sitting_lots(state)
    if sitting:
        dots = []
        figures = []
        person = icon("passenger")
        for i in sitting:
            x, y = g.lots[i]
            cx, cy = x + half - 2, y - half + 2
            dots.append(circle_path(cx, cy, SITTING_R))
            figures.append(person.at(cx, cy + 0.5, 17))
        out.append(path("".join(dots), fill=theme.SITTING, stroke="#ffffff", stroke_width=2,
                        class_="sitting", data_lots=" ".join(str(i) for i in sitting)))
        out.append(path("".join(figures), fill="#ffffff"))
    return "".join(out)


# ---- line heads ----------------------------------------------------------------------------------

def head_markers(state: GameState) -> list[Head]:
    """Where each line's two heads are marked: on the end street, just outside the crossing.

    Each marker sits in its line's lane as near its crossing as it can without touching a
    marker placed before it (on this street or another): crowded street ends fan out along the
    street, and a little to the side, while lone heads stay close to their crossing.
    """
    g = geometry()
    ends: dict[tuple[int, str], list[tuple[float, int]]] = {}
    for p in state.players:
        for node, street in end_segments(p):
            owners = state.street_lines[street]
            offset = lane_offset(len(owners), owners.index(p.seat))
            ends.setdefault((street, node), []).append((offset, p.seat))
    placed: list[Head] = []
    apart = 2 * HEAD_R + 1
    for (street, node), seats in sorted(ends.items()):
        shape = g.streets[street]
        nx, ny = g.nodes[node]
        far = BOARD.streets[street].other(node)
        sign = 1.0 if BOARD.streets[street].a == node else -1.0
        ux, uy = shape.u[0] * sign, shape.u[1] * sign
        first = g.radius[node] + HEAD_GAP
        last = max(first, shape.length - g.radius[far] - HEAD_R - 2)
        # with heads at both ends, past the street's middle a head goes beside the street
        middle = (shape.length - HEAD_CLEAR) / 2 - HEAD_R if (street, far) in ends else last
        for offset, seat in sorted(seats):
            best: tuple[float, float, float] | None = None  # room, x, y
            for along, side in _head_spots(first, last, offset, middle):
                x = nx + ux * along + shape.n[0] * side
                y = ny + uy * along + shape.n[1] * side
                room = min((math.hypot(x - h.x, y - h.y) for h in placed), default=apart)
                if best is None or room > best[0]:
                    best = (room, x, y)
                if room >= apart:
                    break
            assert best is not None
            placed.append(Head(seat, node, street, best[1], best[2]))
    return placed


@cache
def _head_spots(first: float, last: float, offset: float,
                middle: float) -> tuple[tuple[float, float], ...]:
    """Places for a head marker, nearest first: along its street, and up to a little beside its
    lane (away from the street's other lanes) so that it still touches its own line. Beyond
    ``middle`` only places clear of the street's centre line are given: the street between two
    heads stays in sight."""
    outward = (1.0,) if offset > 0 else (-1.0,) if offset < 0 else (1.0, -1.0)
    sides = [offset] + [offset + k * step for step in (HEAD_R / 2, HEAD_R + 2) for k in outward]
    spots: list[tuple[float, float, float]] = []
    along = first
    while along <= last:
        spots.extend((along - first + abs(side - offset) * 1.2, along, side) for side in sides
                     if along <= middle or abs(side) >= HEAD_R + 1)
        along += HEAD_STEP
    spots.sort()
    return tuple((along, side) for _, along, side in spots)


def _heads(scene: Scene, heads: list[Head]) -> str:
    state = scene.state
    discs: dict[int, list[str]] = {}
    labels: list[str] = []
    for h in heads:
        discs.setdefault(h.seat, []).append(circle_path(h.x, h.y, HEAD_R))
    out: list[str] = []
    for seat, shapes in discs.items():
        p = state.players[seat]
        colour = theme.player_colour(p.colour, seat)
        out.append(path("".join(shapes), fill=colour, stroke=theme.edge_for(colour),
                        stroke_width=2, class_="heads", data_seat=str(seat)))
    for h in heads:
        colour = theme.player_colour(state.players[h.seat].colour, h.seat)
        labels.append(text(h.x, h.y, scene.tags[h.seat], HEAD_TEXT, fill=theme.text_on(colour),
                           bold=True, anchor="middle", class_="head", data_seat=str(h.seat),
                           data_node=h.node, data_street=str(h.street)))
    out.extend(labels)
    return "".join(out)


# ---- passengers ----------------------------------------------------------------------------------

#: A badge's half-width as far as the city's fixed things go (discs, lots, streets); badges and
#: heads are kept apart by their real boxes.
BADGE_REACH = 27.0
#: Rings of places tried round a crossing, beyond the nearest (the later, the worse).
BADGE_STEPS = (0, 12, 26, 44, 66, 90)


@cache
def _badge_spots(node: str, lots: str = "connector") -> tuple[Point, ...]:
    """Places for a crossing's passenger badge, best first: clear of discs, lots and streets."""
    g = geometry(lots)
    cx, cy = g.nodes[node]
    r = g.radius[node]
    lot_reach = LOT * 0.72
    near = 160.0  # what lies further cannot touch a badge in the nearer rings
    discs = [(g.nodes[c], g.radius[c]) for c in g.nodes if abs(g.nodes[c][0] - cx) < near
             and abs(g.nodes[c][1] - cy) < near]
    lot_list = [p for p in g.lots if abs(p[0] - cx) < near and abs(p[1] - cy) < near]
    streets = [s for s in g.streets if segment_distance((cx, cy), s.a, s.b) < near]
    scored: list[tuple[float, Point]] = []
    for step in BADGE_STEPS:
        for k in range(24):
            angle = k * math.pi / 12
            d = r + BADGE_H / 2 + 4 + step
            x, y = cx + math.cos(angle) * d, cy + math.sin(angle) * d
            edge = _edge_room(x, y)
            if edge < 0:
                continue  # never cut by the picture's edge or over the clock or legend
            room = min(
                min(math.hypot(x - p[0], y - p[1]) - rr for p, rr in discs) - BADGE_REACH,
                min((math.hypot(x - p[0], y - p[1]) for p in lot_list), default=near)
                - lot_reach - BADGE_REACH,
                min((segment_distance((x, y), s.a, s.b) for s in streets), default=near)
                - 10 - BADGE_H / 2,
                edge,
            )
            scored.append((min(room, 6.0) - step * 0.12, (x, y)))
    scored.sort(key=lambda item: -item[0])
    return tuple(p for _, p in scored)


def warm_pieces(labels: Iterable[str]) -> None:
    """Work out, ahead of the first picture, where passenger badges go around these crossings."""
    for label in labels:
        _badge_spots(label)


def _edge_room(x: float, y: float) -> float:
    room = min(x - BADGE_REACH, MAP_W - x - BADGE_REACH, y - BADGE_H / 2,
               CANVAS_H - y - BADGE_H / 2) - 4
    for box in (CLOCK_BOX, LEGEND):
        dx = max(box.x - x, 0.0, x - box.right) - BADGE_REACH
        dy = max(box.y - y, 0.0, y - box.bottom) - BADGE_H / 2
        room = min(room, max(dx, dy) - 4)
    return room


Box4 = tuple[float, float, float, float]  # left, top, right, bottom


def _clear(box: Box4, taken: list[Box4], gap: float = 3.0) -> bool:
    left, top, right, bottom = box
    return all(left >= r + gap or right + gap <= lf or top >= b + gap or bottom + gap <= t
               for lf, t, r, b in taken)


def badge_width(digits: str) -> float:
    return 38 + 14 * len(digits)


def passengers(state: GameState, heads: list[Head], lots: str = "connector") -> str:
    """A dark badge with the count of passengers who want to leave, at each crossing; no badge
    ever overlaps another or a line head (each takes the best free place round its crossing)."""
    pills: list[str] = []
    ties: list[str] = []
    figures: list[str] = []
    counts: list[str] = []
    taken: list[Box4] = [(h.x - HEAD_R, h.y - HEAD_R, h.x + HEAD_R, h.y + HEAD_R) for h in heads]
    person = icon("passenger")
    g = geometry(lots)
    for label in BOARD.labels:
        waiting = state.waiting_at(label)
        if waiting <= 0:
            continue
        digits = count_text(waiting)
        w = badge_width(digits)
        spots = _badge_spots(label, lots)
        x, y = spots[0]
        for sx, sy in spots:
            if _clear((sx - w / 2, sy - BADGE_H / 2, sx + w / 2, sy + BADGE_H / 2), taken):
                x, y = sx, sy
                break
        left, top = x - w / 2, y - BADGE_H / 2
        taken.append((left, top, left + w, top + BADGE_H))
        nx, ny = g.nodes[label]
        reach = math.hypot(x - nx, y - ny) or 1.0
        edge = g.radius[label] / reach  # the tie starts at the disc's edge, off the label
        ties.append(f"M{num(nx + (x - nx) * edge)} {num(ny + (y - ny) * edge)}L{num(x)} {num(y)}")
        pills.append(rect_path(left, top, w, BADGE_H, BADGE_H / 2))
        figures.append(person.at(left + 17, y, 21))
        counts.append(text(left + w - 9, y, digits, COUNT_SIZE, fill=theme.PASSENGER_TEXT,
                           bold=True, anchor="end", class_="waiting", data_node=label,
                           data_count=digits,
                           data_box=f"{num(left)} {num(top)} {num(w)} {num(BADGE_H)}"))
    if not pills:
        return ""
    return "".join((
        path("".join(ties), stroke=theme.PASSENGER, stroke_width=4),
        path("".join(pills), fill=theme.PASSENGER, stroke=theme.WANTED, stroke_width=2.5),
        path("".join(figures), fill=theme.PASSENGER_TEXT),
        *counts,
    ))


# ---- what changed since the previous picture ------------------------------------------------

def _changed(scene: Scene, g: MapGeometry) -> str:
    """Rings round every lot built and station given a passenger since the previous picture,
    and an arrow for every delivery."""
    state = scene.state
    out: list[str] = []
    size = LOT + 12
    for lot in sorted(scene.changes.lots):
        x, y = g.lots[lot]
        out.append(path(rect_path(x - size / 2, y - size / 2, size, size, 11),
                        stroke=theme.HIGHLIGHT, stroke_width=4, class_="last-move",
                        data_lot=str(lot)))
    stations: list[str] = []
    for seat, move in scene.changes.moves:
        if isinstance(move, PlacePassenger) and move.station not in stations:
            stations.append(move.station)
            x, y = g.nodes[move.station]
            out.append(path(circle_path(x, y, g.radius[move.station] + 8),
                            stroke=theme.HIGHLIGHT, stroke_width=4.5, class_="last-move",
                            data_node=move.station))
        elif isinstance(move, Deliver):
            colour = theme.player_colour(state.players[seat].colour, seat)
            out.append(_arrow(g.nodes[move.frm], g.nodes[move.to], g.radius[move.frm] + 6,
                              g.radius[move.to] + 8, colour, move))
    return "".join(out)


def _arrow(a: Point, b: Point, trim_a: float, trim_b: float, colour: str, move: Deliver) -> str:
    """A curved arrow from a to b, for a delivery."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    bend = min(60.0, length * 0.22)
    cx, cy = (a[0] + b[0]) / 2 + nx * bend, (a[1] + b[1]) / 2 + ny * bend
    # trim along the directions to the control point, so the curve starts at the discs' edges
    sa = _towards(a, (cx, cy), trim_a)
    sb = _towards(b, (cx, cy), trim_b)
    tx, ty = sb[0] - cx, sb[1] - cy
    tl = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    tip = (sb[0] + tx * 2, sb[1] + ty * 2)
    wing = 12.0
    left = (sb[0] - tx * wing - ty * wing * 0.6, sb[1] - ty * wing + tx * wing * 0.6)
    right = (sb[0] - tx * wing + ty * wing * 0.6, sb[1] - ty * wing - tx * wing * 0.6)
    curve = (f"M{num(sa[0])} {num(sa[1])}Q{num(cx)} {num(cy)} "
             f"{num(sb[0] - tx * 6)} {num(sb[1] - ty * 6)}")
    head = (f"M{num(tip[0])} {num(tip[1])}L{num(left[0])} {num(left[1])}"
            f"L{num(right[0])} {num(right[1])}Z")
    return element(
        "g",
        path(curve, stroke="#ffffff", stroke_width=9, stroke_linecap="round")
        + path(curve, stroke=theme.HIGHLIGHT, stroke_width=5, stroke_linecap="round")
        + path(head, fill=theme.HIGHLIGHT, stroke="#ffffff", stroke_width=1.5)
        + path(circle_path(sa[0], sa[1], 5), fill=colour, stroke="#ffffff", stroke_width=1.5),
        class_="last-move delivery", data_from=move.frm, data_to=move.to,
    )


def _towards(p: Point, q: Point, d: float) -> Point:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    return (p[0] + dx / length * d, p[1] + dy / length * d)
