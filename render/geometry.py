"""The city's geometry on the canvas: crossings, streets, lanes and where the lots are drawn.

The board data places each lot near its crossing; drawn at a readable size, some cards would
touch a street, a crossing or each other, so the lot cards are nudged apart once per process
(a few hundred cheap relaxation steps) and tied to their crossing with a short line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.board import BOARD
from render.layout import CANVAS_H, CLOCK, LEGEND, MAP_DX, MAP_DY, MAP_W, Box

Point = tuple[float, float]

NODE_R = 21.0  # crossing disc
STATION_R = 31.0  # station octagon
LOT = 30.0  # side of a lot card
LANE = 8.0  # distance between parallel lanes of one street
LINE_W = 7.0  # stroke of a player's line; less than LANE, so lanes never overlap
HEAD_R = 11.0  # the disc that marks a line's head
HEAD_GAP = 13.0  # from the crossing's edge to the first head marker's centre
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
def geometry() -> MapGeometry:
    """The map geometry, computed on first use and shared by every picture."""
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
    lots = _spread_lots(nodes, radius, streets)
    return MapGeometry(nodes, radius, tuple(streets), lots)


def _spread_lots(nodes: dict[str, Point], radius: dict[str, float],
                 streets: list[StreetShape]) -> tuple[Point, ...]:
    """Lot card centres near the board's positions, clear of streets, crossings and each other."""
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
            [(nodes[c], radius[c] + corner + (5 if c == lot.node else 7)) for c in nodes
             if close(nodes[c], home[i])],
            [s for s in streets if segment_distance(home[i], s.a, s.b) < near],
            [j for j in range(len(home)) if j != i and close(home[j], home[i])],
        )
        for i, lot in enumerate(BOARD.lots)
    ]
    for _ in range(200):
        moved = 0.0
        for i in range(len(pos)):
            x, y = pos[i]
            fx = (home[i][0] - x) * 0.05  # a weak pull back to the board's position
            fy = (home[i][1] - y) * 0.05
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
                gap = LOT + 4 - max(abs(dx), abs(dy))
                if gap > 0:
                    if abs(dx) >= abs(dy):
                        fx += math.copysign(gap * 0.8, dx or 1.0)
                    else:
                        fy += math.copysign(gap * 0.8, dy or 1.0)
            nx_ = min(max(x + fx, half + 4), MAP_W - half - 4)
            ny_ = min(max(y + fy, half + 4), CANVAS_H - half - 4)
            for box in keep_out:
                nx_, ny_ = _out_of(box, nx_, ny_, half + 4)
            moved = max(moved, abs(nx_ - x) + abs(ny_ - y))
            pos[i] = [nx_, ny_]
        if moved < 0.02:
            break
    return tuple((p[0], p[1]) for p in pos)


def _out_of(box: Box, x: float, y: float, margin: float) -> Point:
    """Push a point out of a box (grown by ``margin``) by the shortest way."""
    left, right = box.x - margin, box.right + margin
    top, bottom = box.y - margin, box.bottom + margin
    if not (left < x < right and top < y < bottom):
        return (x, y)
    moves = [(right - x, 0.0), (left - x, 0.0), (0.0, bottom - y), (0.0, top - y)]
    dx, dy = min(moves, key=lambda m: abs(m[0]) + abs(m[1]))
    return (x + dx, y + dy)
