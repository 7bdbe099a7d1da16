"""The city's geometry on the canvas: crossings, streets, lanes and where the lots are drawn.

The board data places each lot near its crossing; drawn at a readable size, some cards would
touch a street, a crossing or each other, so the lot cards are nudged apart once per process
(a few hundred cheap relaxation steps). Which crossing a lot belongs to must never be guesswork
(a delivery depends on it), so each lot is tied to it one of two ways (``LOT_TIES``): a solid
connector from the crossing's disc to the card ("connector", the default), or the card moved
until it touches its crossing's disc ("touching"). The gallery shows both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.board import BOARD
from render.layout import CANVAS_H, CLOCK, LEGEND, LOT_TIES, MAP_DX, MAP_DY, MAP_W, Box

Point = tuple[float, float]

NODE_R = 23.0  # crossing disc: holds a label 9 CSS pixels tall on a phone
STATION_R = 31.0  # station octagon
LOT = 30.0  # side of a lot card
LANE = 8.0  # distance between parallel lanes of one street
LINE_W = 7.0  # stroke of a player's line; less than LANE, so lanes never overlap
HEAD_R = 12.0  # the disc that marks a line's head
HEAD_GAP = 13.0  # from the crossing's edge to the first head marker's centre
#: Length of street kept clear of head markers at its middle, so that a short street with a
#: head at both ends (C2-E3) still shows its street and lines between them.
HEAD_CLEAR = 12.0
#: A lot card's corner stays this far outside its own crossing's disc, so that the connector
#: between them shows (with ``touching`` the card is pulled onto the disc instead).
OWN_GAP = 12.0
#: Lots stay this far inside the city's edges, so no card is cut by the picture's edge.
EDGE_MARGIN = 14.0
HEAD_STEP = 3.0  # how far a head marker moves along its street to get clear of another


@dataclass(frozen=True, slots=True)
class StreetShape:
    index: int
    a: Point
    b: Point
    #: unit vector from a to b, and its left normal (lanes are offset along it)
    u: Point
    n: Point
    length: float


@dataclass(frozen=True, slots=True)
class MapGeometry:
    nodes: dict[str, Point]
    radius: dict[str, float]
    streets: tuple[StreetShape, ...]
    lots: tuple[Point, ...]


def to_canvas(x: float, y: float) -> Point:
    return (x + MAP_DX, y + MAP_DY)


def lane_offset(lanes: int, index: int) -> float:
    """Offset of lane ``index`` of ``lanes`` from the street's centre line, along its normal."""
    return (index - (lanes - 1) / 2) * LANE


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


@cache
def geometry(lots: str = "connector") -> MapGeometry:
    """The map geometry, computed on first use and shared by every picture; ``lots`` is how
    the lots are tied to their crossings (``LOT_TIES``)."""
    if lots not in LOT_TIES:
        raise ValueError(f"unknown lot ties {lots!r}")
    nodes = {label: to_canvas(c.x, c.y) for label, c in BOARD.crossings.items()}
    radius = {
        label: STATION_R if c.kind == "station" else NODE_R for label, c in BOARD.crossings.items()
    }
    streets = []
    for s in BOARD.streets:
        a, b = nodes[s.a], nodes[s.b]
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        streets.append(StreetShape(s.index, a, b, u, (-u[1], u[0]), length))
    spread = _spread_lots(nodes, radius, streets, lots == "touching")
    return MapGeometry(nodes, radius, tuple(streets), spread)


def _spread_lots(nodes: dict[str, Point], radius: dict[str, float],
                 streets: list[StreetShape], touching: bool) -> tuple[Point, ...]:
    """Lot card centres near the board's positions, clear of streets, crossings and each other
    (``touching``: each card's edge on its own crossing's disc)."""
    home = [to_canvas(lot.x, lot.y) for lot in BOARD.lots]
    pos = [list(p) for p in home]
    half = LOT / 2
    corner = half * math.sqrt(2)
    keep_out = (CLOCK, LEGEND)
    near = 140.0  # only what starts this close to a lot can ever touch it

    def close(p: Point, q: Point) -> bool:
        return abs(p[0] - q[0]) < near and abs(p[1] - q[1]) < near

    hood = [
        (
            [(nodes[c], radius[c] + corner + (OWN_GAP if c == lot.node else 9)) for c in nodes
             if close(nodes[c], home[i]) and not (touching and c == lot.node)],
            [s for s in streets if segment_distance(home[i], s.a, s.b) < near],
            [j for j in range(len(home)) if j != i and close(home[j], home[i])],
        )
        for i, lot in enumerate(BOARD.lots)
    ]
    for _ in range(200):
        moved = 0.0
        for i in range(len(pos)):
            x, y = pos[i]
            fx = (home[i][0] - x) * (0.01 if touching else 0.05)  # a weak pull back home
            fy = (home[i][1] - y) * (0.01 if touching else 0.05)
            node_list, street_list, lot_list = hood[i]
            for (nx, ny), need in node_list:
                d = math.hypot(x - nx, y - ny)
                if d < need:
                    k = (need - d) / max(d, 1e-6)
                    fx += (x - nx) * k * 0.5
                    fy += (y - ny) * k * 0.5
            for s in street_list:
                need = half + 10
                d = segment_distance((x, y), s.a, s.b)
                if d < need:
                    side = (x - s.a[0]) * s.n[0] + (y - s.a[1]) * s.n[1]
                    sign = 1.0 if side >= 0 else -1.0
                    fx += s.n[0] * sign * (need - d) * 0.5
                    fy += s.n[1] * sign * (need - d) * 0.5
            for j in lot_list:
                dx, dy = x - pos[j][0], y - pos[j][1]
                gap = LOT + 6 - max(abs(dx), abs(dy))
                if gap > 0:
                    if abs(dx) >= abs(dy):
                        fx += math.copysign(gap * 0.8, dx or 1.0)
                    else:
                        fy += math.copysign(gap * 0.8, dy or 1.0)
            if touching:  # slide along the crossing's disc, never away from it
                fx, fy = fx * 0.6, fy * 0.6
            margin = half + EDGE_MARGIN
            nx_ = min(max(x + fx, margin), MAP_W - margin)
            ny_ = min(max(y + fy, margin), CANVAS_H - margin)
            for box in keep_out:
                nx_, ny_ = _out_of(box, nx_, ny_, half + 4)
            if touching:
                node = BOARD.lots[i].node
                nx_, ny_ = touch(nodes[node], radius[node] - 3.0, (nx_, ny_))
            moved = max(moved, abs(nx_ - x) + abs(ny_ - y))
            pos[i] = [nx_, ny_]
        if moved < 0.02:
            break
    return tuple((p[0], p[1]) for p in pos)


def square_gap(centre: Point, half: float, p: Point) -> float:
    """How far ``p`` is from the axis-aligned square of half-side ``half`` round ``centre``."""
    dx = max(abs(p[0] - centre[0]) - half, 0.0)
    dy = max(abs(p[1] - centre[1]) - half, 0.0)
    return math.hypot(dx, dy)


def touch(node: Point, reach: float, lot: Point) -> Point:
    """The lot card moved along the line from ``node`` through its centre until its nearest
    point is ``reach`` from ``node``: the card touches a disc of that radius."""
    dx, dy = lot[0] - node[0], lot[1] - node[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    low, high = 0.0, reach + LOT  # distances of the centre from the node
    for _ in range(30):
        mid = (low + high) / 2
        if square_gap((node[0] + ux * mid, node[1] + uy * mid), LOT / 2, node) < reach:
            low = mid
        else:
            high = mid
    return (node[0] + ux * high, node[1] + uy * high)


def tie_ends(node: Point, r: float, lot: Point) -> tuple[Point, Point]:
    """Where a lot's connector starts (the crossing disc's edge) and ends (the card's edge)."""
    dx, dy = lot[0] - node[0], lot[1] - node[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    # the card's edge along the same line: the larger of the two axis crossings' fractions
    t = (LOT / 2) / max(abs(ux), abs(uy), 1e-6)
    return (node[0] + ux * r, node[1] + uy * r), (lot[0] - ux * t, lot[1] - uy * t)


def _out_of(box: Box, x: float, y: float, margin: float) -> Point:
    """Push a point out of a box (grown by ``margin``) by the shortest way."""
    left, right = box.x - margin, box.right + margin
    top, bottom = box.y - margin, box.bottom + margin
    if not (left < x < right and top < y < bottom):
        return (x, y)
    moves = [(right - x, 0.0), (left - x, 0.0), (0.0, bottom - y), (0.0, top - y)]
    dx, dy = min(moves, key=lambda m: abs(m[0]) + abs(m[1]))
    return (x + dx, y + dy)
