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

#: A waiting count's badge: a dark card holding a figure and the count. It touches its own
#: crossing's disc, joined to it by a short neck of its own colour, so which crossing it counts
#: for is never a guess (before every Vrrooomm that is the whole decision); only where no place
#: touching the disc is free does it stand off, nearer its own crossing than any other, on a
#: longer neck.
BADGE_CORNER = 7.0
#: How far the badge's box reaches into the disc's radius: the two outlines overlap (less than a
#: pixel, so that no piece covers a crossing).
BADGE_TOUCH = 0.75
#: The neck from the disc's rim to the badge.
NECK_W = 12.0
#: A badge keeps this far from every other crossing's disc, so it never seems to touch one.
OTHER_DISC_GAP = 8.0
#: Rings of places tried round a crossing when none touching it is free (the later, the worse).
BADGE_STEPS = (3, 6, 12, 26, 44, 66, 90)
#: Directions tried round a crossing.
BADGE_ANGLES = 72
#: Between a badge and a line head's disc.
HEAD_APART = 2.0
#: Streets and lot connectors a badge may lie over, as their half-widths plus a little.
STREET_REACH = 9.0
TIE_REACH = 4.0

Box4 = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class BadgeSpot:
    """A place for a crossing's badge (its centre), whether it touches the crossing's disc, and
    the streets it lies over (a line there would be partly hidden)."""

    x: float
    y: float
    touching: bool
    streets: tuple[int, ...]


def rect_distance(p: Point, box: Box4) -> float:
    """How far a point lies from a box (0 inside it)."""
    left, top, right, bottom = box
    return math.hypot(max(left - p[0], 0.0, p[0] - right), max(top - p[1], 0.0, p[1] - bottom))


def _box(x: float, y: float, w: float) -> Box4:
    return (x - w / 2, y - BADGE_H / 2, x + w / 2, y + BADGE_H / 2)


def _segment_box_distance(a: Point, b: Point, box: Box4) -> float:
    """How far a segment passes from a box (0 where it crosses it)."""
    left, top, right, bottom = box
    if _crosses(a, b, box):
        return 0.0
    corners = ((left, top), (right, top), (right, bottom), (left, bottom))
    return min(min(rect_distance(a, box), rect_distance(b, box)),
               min(segment_distance(c, a, b) for c in corners))


def _crosses(a: Point, b: Point, box: Box4) -> bool:
    """Whether the segment enters the box (clipped against it, Liang-Barsky)."""
    left, top, right, bottom = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - left), (dx, right - a[0]), (-dy, a[1] - top), (dy, bottom - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _touching_at(centre: Point, reach: float, angle: float, w: float) -> Point:
    """The badge's centre in direction ``angle`` from ``centre`` where its box comes ``reach``
    from ``centre`` (the box's distance grows with the centre's, so halving finds it)."""
    ux, uy = math.cos(angle), math.sin(angle)
    low, high = 0.0, reach + w
    for _ in range(30):
        mid = (low + high) / 2
        if rect_distance(centre, _box(centre[0] + ux * mid, centre[1] + uy * mid, w)) < reach:
            low = mid
        else:
            high = mid
    return (centre[0] + ux * high, centre[1] + uy * high)


def _map_room(box: Box4) -> float:
    """How far a box stays inside the city and off the clock and legend cards (< 0: it does
    not)."""
    left, top, right, bottom = box
    room = min(left, MAP_W - right, top, CANVAS_H - bottom) - 4
    for card_box in (CLOCK_BOX, LEGEND):
        dx = max(card_box.x - right, left - card_box.right)
        dy = max(card_box.y - bottom, top - card_box.bottom)
        room = min(room, max(dx, dy) - 4)
    return room


@cache
def _badge_spots(node: str, w: float, lots: str = "connector") -> tuple[BadgeSpot, ...]:
    """Places for a crossing's badge ``w`` wide, best first: touching its disc, clear of every
    other disc and of the lots, over as few streets and lot connectors as can be; then, where
    none is free, places standing off, nearer this crossing than any other."""
    g = geometry(lots)
    centre = g.nodes[node]
    r = g.radius[node]
    near = 200.0  # what lies further cannot touch a badge in the nearer rings
    cx, cy = centre
    discs = [(g.nodes[c], g.radius[c]) for c in g.nodes if c != node
             and abs(g.nodes[c][0] - cx) < near and abs(g.nodes[c][1] - cy) < near]
    cards = [p for p in g.lots if abs(p[0] - cx) < near and abs(p[1] - cy) < near]
    streets = [s for s in g.streets if segment_distance(centre, s.a, s.b) < near]
    ties = [tie_ends(g.nodes[lot.node], g.radius[lot.node], g.lots[lot.index])
            for lot in BOARD.lots if lot.node == node] if lots == "connector" else []
    half = LOT / 2
    scored: list[tuple[float, BadgeSpot]] = []

    def consider(x: float, y: float, touching: bool, cost: float) -> None:
        box = _box(x, y, w)
        if _map_room(box) < 0:
            return  # never cut by the picture's edge or over the clock or legend
        own = rect_distance(centre, box) - r
        others = min((rect_distance(p, box) - rr for p, rr in discs), default=near)
        if others < OTHER_DISC_GAP or others < own + OTHER_DISC_GAP:
            return  # it must be nearer its own crossing than any other, and clearly so
        if any(rect_distance(p, (box[0] - half, box[1] - half, box[2] + half, box[3] + half))
               < 3 for p in cards):
            return  # never over a building or a lot
        over = tuple(s.index for s in streets if _segment_box_distance(s.a, s.b, box)
                     < STREET_REACH)
        tied = sum(_segment_box_distance(a, b, box) < TIE_REACH for a, b in ties)
        scored.append((cost + 10 * len(over) + 6 * tied, BadgeSpot(x, y, touching, over)))

    for k in range(BADGE_ANGLES):
        angle = 2 * math.pi * k / BADGE_ANGLES
        x, y = _touching_at(centre, r - BADGE_TOUCH, angle, w)
        consider(x, y, True, 0.0)
    for step in BADGE_STEPS:
        for k in range(24):
            angle = k * math.pi / 12
            x, y = _touching_at(centre, r - BADGE_TOUCH + step, angle, w)
            consider(x, y, False, 1000.0 + 4 * step)
    scored.sort(key=lambda item: item[0])
    return tuple(spot for _, spot in scored)


@cache
def _touching_places(label: str, w: float, lots: str) -> int:
    return sum(spot.touching for spot in _badge_spots(label, w, lots))


def warm_pieces(labels: Iterable[str]) -> None:
    """Work out, ahead of the first picture, where passenger badges go around these crossings."""
    for label in labels:
        for digits in (1, 2):
            _badge_spots(label, badge_width("0" * digits))


def _clear(box: Box4, taken: list[Box4], gap: float = 3.0) -> bool:
    left, top, right, bottom = box
    return all(left >= r + gap or right + gap <= lf or top >= b + gap or bottom + gap <= t
               for lf, t, r, b in taken)


def badge_width(digits: str) -> float:
    return 38 + 14 * len(digits)


def _badge_place(state: GameState, label: str, w: float, taken: list[Box4],
                 heads: list[Head], lots: str) -> BadgeSpot:
    """The best free place for a badge: touching its crossing where one is free (over the
    streets with the fewest lines on them), else the best free one standing off. It keeps
    clear of the badges placed before (``taken``) and of every line head's disc."""
    spots = _badge_spots(label, w, lots)
    best: tuple[int, int, BadgeSpot] | None = None
    for rank, spot in enumerate(spots):
        box = _box(spot.x, spot.y, w)
        if not _clear(box, taken) or any(rect_distance((h.x, h.y), box) < HEAD_R + HEAD_APART
                                         for h in heads):
            continue
        if not spot.touching:
            if best is None:
                best = (0, rank, spot)
            break  # standing off only when nothing touching is free
        hidden = sum(len(state.street_lines[s]) for s in spot.streets)
        if best is None or (hidden, rank) < best[:2]:
            best = (hidden, rank, spot)
        if hidden == 0:
            break
    return best[2] if best is not None else spots[0]


def passengers(state: GameState, heads: list[Head], lots: str = "connector") -> str:
    """A dark badge with the count of passengers who want to leave, at each crossing, touching
    its disc; no badge ever overlaps another or a line head."""
    pills: list[str] = []
    necks: list[str] = []
    figures: list[str] = []
    counts: list[str] = []
    taken: list[Box4] = []
    person = icon("passenger")
    g = geometry(lots)
    waiting_at = {label: state.waiting_at(label) for label in BOARD.labels}
    # the crossings with the fewest places touching them choose first
    order = sorted((label for label, n in waiting_at.items() if n > 0),
                   key=lambda label: _touching_places(label, badge_width(
                       count_text(waiting_at[label])), lots))
    for label in order:
        digits = count_text(waiting_at[label])
        w = badge_width(digits)
        spot = _badge_place(state, label, w, taken, heads, lots)
        x, y = spot.x, spot.y
        left, top = x - w / 2, y - BADGE_H / 2
        taken.append((left, top, left + w, top + BADGE_H))
        nx, ny = g.nodes[label]
        reach = math.hypot(x - nx, y - ny) or 1.0
        edge = (g.radius[label] - 3) / reach  # from just inside the rim, clear of the label
        necks.append(f"M{num(nx + (x - nx) * edge)} {num(ny + (y - ny) * edge)}"
                     f"L{num(x)} {num(y)}")
        pills.append(rect_path(left, top, w, BADGE_H, BADGE_CORNER))
        figures.append(person.at(left + 17, y, 21))
        counts.append(text(left + w - 9, y, digits, COUNT_SIZE, fill=theme.PASSENGER_TEXT,
                           bold=True, anchor="end", class_="waiting", data_node=label,
                           data_count=digits,
                           data_box=f"{num(left)} {num(top)} {num(w)} {num(BADGE_H)}"))
    if not pills:
        return ""
    joined = "".join(necks)
    return "".join((
        path(joined, stroke=theme.WANTED, stroke_width=NECK_W + 5),
        path(joined, stroke=theme.PASSENGER, stroke_width=NECK_W,
             class_="waiting-neck"),
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
