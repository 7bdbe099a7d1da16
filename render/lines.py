"""The players' lines: one path per player, in parallel lanes where streets are shared.

A street holding k lines gives each line a lane, in the order the lines arrived, offset from the
street's centre by whole lane widths; lanes are wider apart than a line is thick, so every line
on a shared street stays visible. A line's path jumps from lane to lane inside the crossing
discs, which are drawn above it.
"""

from __future__ import annotations

from engine.board import BOARD
from engine.state import GameState
from render import theme
from render.geometry import LANE, LINE_W, geometry, lane_offset
from render.scene import Scene
from render.svgkit import Point, path, point, polyline_path


def lane_point(state: GameState, street: int, seat: int, end: str) -> Point:
    """The point of ``seat``'s lane on ``street`` at the crossing ``end``."""
    shape = geometry().streets[street]
    owners = state.street_lines[street]
    offset = lane_offset(len(owners), owners.index(seat))
    x, y = geometry().nodes[end]
    return (x + shape.n[0] * offset, y + shape.n[1] * offset)


def line_points(state: GameState, seat: int) -> list[Point]:
    """The corners of a player's line along its trail, lane by lane."""
    trail = state.players[seat].line
    points: list[Point] = []
    for a, b in zip(trail, trail[1:], strict=False):
        street = BOARD.street_between(a, b)
        assert street is not None
        points.append(lane_point(state, street, seat, a))
        points.append(lane_point(state, street, seat, b))
    return points


def lines_layer(scene: Scene) -> str:
    """Every line, with the streets added since the previous picture glowing underneath."""
    state = scene.state
    out: list[str] = [_new_street_glow(scene)]
    casings: list[str] = []
    strokes: list[str] = []
    for p in state.players:
        if len(p.line) < 2:
            continue
        d = polyline_path(line_points(state, p.seat))
        casings.append(d)
        colour = theme.player_colour(p.colour, p.seat)
        streets = " ".join(str(s) for s in sorted(p.streets))
        strokes.append(path(d, stroke=colour, stroke_width=LINE_W, stroke_linejoin="round",
                            stroke_linecap="round", class_="line", data_seat=str(p.seat),
                            data_player=p.name, data_streets=streets))
    if casings:
        out.append(path("".join(casings), stroke=theme.INK, stroke_width=LINE_W + 2.2,
                        stroke_linejoin="round", stroke_linecap="round", stroke_opacity=0.75))
    out.extend(strokes)
    return "".join(out)


def _new_street_glow(scene: Scene) -> str:
    """A glow under every street added to a line since the previous picture."""
    g = geometry()
    out: list[str] = []
    for street in scene.changes.streets:
        shape = g.streets[street]
        lanes = max(1, len(scene.state.street_lines[street]))
        out.append(path(f"M{point(shape.a)}L{point(shape.b)}", stroke=theme.HIGHLIGHT_GLOW,
                        stroke_width=lanes * LANE + 16, stroke_linecap="round",
                        stroke_opacity=0.8, class_="last-move", data_street=str(street)))
    return "".join(out)
