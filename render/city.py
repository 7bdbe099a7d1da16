"""The parts of the city that never change: park, streets, lots, crossings and labels.

They come in two layers because the players' lines run between them: above the streets and the
lot connectors, below the crossing discs, their labels and the lot cards. Both layers are made
once per process and way of tying lots (``render.geometry``); the PNG side also rasterises them
once per picture size.
"""

from __future__ import annotations

import math
from functools import cache

from engine.board import BOARD
from render import theme
from render.geometry import LOT, geometry, tie_ends
from render.layout import Layout
from render.svgkit import (
    Point,
    circle_path,
    element,
    path,
    point,
    polyline_path,
    rect_path,
    text,
)

LABEL_SIZE = 22.5  # read on a phone: 9.2 CSS pixels in the phone picture at 390 px
STATION_LABEL_SIZE = 24.0
#: The connector from a crossing's disc to each of its empty lots (a building's own, in its
#: colour, is drawn over it: ``render.pieces``).
TIE_W = 3.0
ZONE_SIZE = 15.0


@cache
def city_below(lots: str = "connector") -> str:
    """Park, streets and (``lots`` of "connector") the connector from each lot to its crossing."""
    g = geometry(lots)
    out = [_park(g.nodes)]
    roads = "".join(f"M{point(s.a)}L{point(s.b)}" for s in g.streets)
    out.append(path(roads, stroke=theme.ROAD_EDGE, stroke_width=15, stroke_linecap="round"))
    out.append(path(roads, stroke=theme.ROAD, stroke_width=12, stroke_linecap="round"))
    if lots == "connector":
        ties = []
        for lot in BOARD.lots:
            start, end = tie_ends(g.nodes[lot.node], g.radius[lot.node] - 2, g.lots[lot.index])
            ties.append(f"M{point(start)}L{point(end)}")
        out.append(path("".join(ties), stroke=theme.TIE, stroke_width=TIE_W,
                        stroke_linecap="round", class_="lot-ties"))
    return "".join(out)


def ground(layout: Layout) -> str:
    """The colour behind the cards, the paper under the city, and the line between them."""
    paper, edge = layout.paper, layout.edge
    return "".join((
        element("rect", x=0, y=0, width=layout.width, height=layout.height, fill=theme.COLUMN),
        element("rect", x=paper.x, y=paper.y, width=paper.w, height=paper.h, fill=theme.PAPER),
        element("rect", x=edge.x, y=edge.y, width=edge.w, height=edge.h, fill=theme.CARD_EDGE),
    ))


@cache
def city_above(lots: str = "connector") -> str:
    """Empty lots with their zone letters, then the crossing discs and their labels."""
    g = geometry(lots)
    out: list[str] = []
    half = LOT / 2
    for lot in BOARD.lots:
        x, y = g.lots[lot.index]
        out.append(element(
            "g",
            path(rect_path(x - half, y - half, LOT, LOT, 3), fill=theme.LOT_FILL,
                 stroke=theme.LOT_EDGE, stroke_width=1.3, stroke_dasharray="4 3")
            + text(x, y, lot.zone, ZONE_SIZE, fill=theme.LOT_INK, anchor="middle",
                   font_style="italic", class_="zone"),
            class_="lot", data_lot=str(lot.index), data_node=lot.node, data_zone=lot.zone,
        ))
    discs: dict[str, list[str]] = {"crossing": [], "park": []}
    labels: list[str] = []
    for label, crossing in BOARD.crossings.items():
        x, y = g.nodes[label]
        r = g.radius[label]
        if crossing.kind == "station":
            out.append(path(_octagon(x, y, r), fill=theme.STATION, stroke="#ffffff",
                            stroke_width=3, class_="station", data_node=label))
            labels.append(text(x, y, label, STATION_LABEL_SIZE, fill=theme.STATION_TEXT,
                               bold=True, anchor="middle", class_="label"))
            continue
        discs[crossing.kind].append(circle_path(x, y, r))
        labels.append(text(x, y, label, LABEL_SIZE, fill=theme.INK, bold=True, anchor="middle",
                           class_="label"))
    out.append(path("".join(discs["crossing"]), fill=theme.NODE_FILL, stroke=theme.NODE_EDGE,
                    stroke_width=2.5, class_="crossings"))
    out.append(path("".join(discs["park"]), fill=theme.PARK_NODE, stroke="#4f7f3c",
                    stroke_width=2.5, class_="crossings park"))
    out.extend(labels)
    return "".join(out)


def _park(nodes: dict[str, Point]) -> str:
    """The park: the four park crossings' quadrilateral, grown and rounded."""
    corners = [nodes[label] for label in BOARD.park]
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    corners.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    shape = polyline_path(corners, closed=True)
    return (
        path(shape, fill=theme.PARK_EDGE, stroke=theme.PARK_EDGE, stroke_width=64,
             stroke_linejoin="round")
        + path(shape, fill=theme.PARK, stroke=theme.PARK, stroke_width=60,
               stroke_linejoin="round", class_="park")
    )


def _octagon(x: float, y: float, r: float) -> str:
    pts = [(x + r * math.cos(math.pi / 8 + k * math.pi / 4),
            y + r * math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]
    return polyline_path(pts, closed=True)
