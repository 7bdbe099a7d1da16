"""The review's chart (issue 36): every seat's chance of winning over the moves of a game, as
the computer's search judged it (``ai.review``), the turning points marked with their number.

Drawn in the score chart's style (``render.chart``: the same paper, card, type and player
colours) and turned into a PNG the same way. It reads the review only; its words come from
``words`` (the caller's catalogue), each fitted to its room so a longer translation shrinks.
"""

from __future__ import annotations

import io

import cairosvg
from PIL import Image

from ai.review import Review
from engine.text import ENGLISH, Msg, Words
from render import theme
from render.chart import end_chip, spread_ends
from render.png import encode
from render.scene import player_tags
from render.svgkit import Point, card, circle_path, document, element, path, polyline_path, text
from render.textfit import fit_line, shorten, width

CHART_W = 1200.0
CHART_H = 675.0
MARGIN = 14.0
LEFT = 86.0
RIGHT = CHART_W - 236.0
TOP = 128.0
BOTTOM = CHART_H - 104.0
GRID = "#ebe5d7"
MARK = "#2f3340"
TEXT_RIGHT = CHART_W - MARGIN - 16
SMALLEST = 10.0

TITLE = Msg("render.review.title", "Chance of winning, move by move")
SUBTITLE = Msg("render.review.subtitle", "As the computer's search judged each position "
               "({playouts} lines of play from each); numbered: the biggest turning points")
AXIS = Msg("render.review.axis", "move")
ROUND = Msg("render.review.round", "round {round}")


class _Axes:
    """Where a move and a chance land on the canvas."""

    def __init__(self, moves: int) -> None:
        self.moves = max(1, moves)

    def x(self, move: float) -> float:
        return LEFT + (RIGHT - LEFT) * move / self.moves

    @staticmethod
    def y(chance: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * chance


def _line(x: float, y: float, said: str, size: float, *, fill: str, bold: bool = False) -> str:
    line = fit_line(said, size, TEXT_RIGHT - x, smallest=min(size, SMALLEST), bold=bold)
    return text(x, y, line.content, line.size, fill=fill, bold=bold)


def _frame(done: Review, axes: _Axes, words: Words) -> str:
    out = [element("rect", x=0, y=0, width=CHART_W, height=CHART_H, fill=theme.PAPER),
           card(MARGIN, MARGIN, CHART_W - 2 * MARGIN, CHART_H - 2 * MARGIN, fill=theme.CARD,
                edge=theme.CARD_EDGE, shadow=theme.SHADOW)]
    out.append(_line(40, 50, words(TITLE()), 28, fill=theme.INK, bold=True))
    out.append(_line(40, 84, words(SUBTITLE(playouts=done.playouts)), 16,
                     fill=theme.INK_SOFT))
    grid = "".join(f"M{LEFT:.1f} {axes.y(c / 4):.1f}H{RIGHT:.1f}" for c in range(1, 5))
    out.append(path(grid, stroke=GRID, stroke_width=1.2))
    out.append(path(f"M{LEFT:.1f} {axes.y(0):.1f}H{RIGHT:.1f}", stroke=theme.INK_FAINT,
                    stroke_width=1.6))
    for c in range(5):
        out.append(text(LEFT - 14, axes.y(c / 4), f"{25 * c}%", 15, fill=theme.INK_SOFT,
                        anchor="end"))
    # each round's first move: a faint line and the round's name under the axis
    starts: dict[int, int] = {}
    for d in done.decisions:
        starts.setdefault(d.round, d.number)
    shown = [(r, n) for r, n in sorted(starts.items()) if r > 0]
    step = (RIGHT - LEFT) / max(1, len(shown))
    for r, n in shown:
        x = axes.x(n - 1)
        out.append(path(f"M{x:.1f} {TOP:.1f}V{BOTTOM:.1f}", stroke=GRID, stroke_width=1.2))
        label = fit_line(words(ROUND(round=r)), 13, step - 4, smallest=8.0)
        out.append(text(x + 3, BOTTOM + 20, label.content, label.size, fill=theme.INK_SOFT))
    axis = fit_line(words(AXIS()).upper(), 12, 200, smallest=8.0, bold=True)
    out.append(text(LEFT, BOTTOM + 50, axis.content, axis.size, fill=theme.INK_SOFT, bold=True))
    out.append(text(RIGHT, BOTTOM + 50, str(done.moves), 13, fill=theme.INK_SOFT,
                    anchor="end"))
    return "".join(out)


def _points(done: Review, seat: int, axes: _Axes) -> list[Point]:
    """The seat's chance before each judged move, then after the last (the result)."""
    pts = [(axes.x(d.number - 1), axes.y(d.before[seat])) for d in done.decisions]
    pts.append((axes.x(done.moves), axes.y(done.final[seat])))
    return pts


def _seat(done: Review, seat: int, axes: _Axes) -> str:
    colour = theme.player_colour(done.colours[seat], seat)
    edge = theme.edge_for(colour)
    pts = _points(done, seat, axes)
    body = [path(polyline_path(pts), stroke=edge, stroke_width=5.5, stroke_linejoin="round",
                 stroke_linecap="round"),
            path(polyline_path(pts), stroke=colour, stroke_width=3.2, stroke_linejoin="round",
                 stroke_linecap="round")]
    return element("g", "".join(body), class_="seat-line", data_player=done.players[seat])


def _turning_points(done: Review, axes: _Axes) -> str:
    """Each turning point: a numbered mark on the mover's line where the move was played."""
    out: list[str] = []
    for k, d in enumerate(done.turning_points(), start=1):
        colour = theme.player_colour(done.colours[d.seat], d.seat)
        x, y = axes.x(d.number - 1), axes.y(d.before[d.seat])
        out.append(path(f"M{x:.1f} {TOP:.1f}V{BOTTOM:.1f}", stroke=MARK, stroke_width=1.2,
                        stroke_dasharray="4 4"))
        out.append(path(circle_path(x, y, 12), fill=theme.CARD, stroke=colour,
                        stroke_width=3.2, class_="turning-point", data_move=str(d.number),
                        data_player=d.player))
        out.append(text(x, y, str(k), 13, fill=MARK, bold=True, anchor="middle"))
    return "".join(out)


def _labels(done: Review, axes: _Axes) -> str:
    """Each seat's chip, name and final chance at the right end of its line, kept apart."""
    tags = player_tags(list(done.players))
    wanted = sorted((axes.y(done.final[s]), s) for s in range(len(done.players)))
    ys = spread_ends([y for y, _ in wanted])
    out: list[str] = []
    end_x = axes.x(done.moves)
    for (line_y, seat), y in zip(wanted, ys, strict=True):
        colour = theme.player_colour(done.colours[seat], seat)
        chip_x = RIGHT + 34
        out.append(end_chip(end_x, line_y, y, colour, tags[seat]))
        share = f"{round(100 * done.final[seat])}%"
        room = TEXT_RIGHT - (chip_x + 20) - width(share, 18, bold=True) - 10
        out.append(text(chip_x + 20, y, shorten(done.players[seat], 17, room, bold=True), 17,
                        fill=theme.INK, bold=True))
        out.append(text(TEXT_RIGHT, y, share, 18, fill=theme.INK, bold=True, anchor="end"))
    return "".join(out)


def review_chart_svg(done: Review, words: Words = ENGLISH) -> str:
    """The review's chart as an SVG document, its words written with ``words``."""
    axes = _Axes(done.moves)
    seats = range(len(done.players))
    # the winner's (or the favourite's) line is drawn last, on top
    order = sorted(seats, key=lambda s: (done.final[s], -s))
    body = (_frame(done, axes, words) + "".join(_seat(done, s, axes) for s in order)
            + _turning_points(done, axes) + _labels(done, axes))
    return document(CHART_W, CHART_H, body)


def review_chart_png(done: Review, *, size: int = 1000, words: Words = ENGLISH) -> bytes:
    """The review's chart as PNG bytes, ``size`` pixels wide."""
    if size < 200:
        raise ValueError(f"a chart of {size} pixels would be unreadable; ask for 200 or more")
    h = round(size * CHART_H / CHART_W)
    drawn = cairosvg.svg2png(bytestring=review_chart_svg(done, words).encode(),
                             output_width=size, output_height=h)
    with Image.open(io.BytesIO(drawn)) as image:
        return encode(image.convert("RGB"))


__all__ = ["review_chart_png", "review_chart_svg"]
