"""The score chart: every player's score round by round, with the clock stones where they fell.

Drawn as SVG in the table picture's style (the same paper, card, type and player colours) and
turned into a PNG the same way (cairosvg draws, Pillow packs a 256-colour palette image). The
numbers come from ``engine.stats.story``; this module only places them.

Lines of players with equal scores would hide one another, so each player's line runs in its own
lane a few units above or below the true value, as shared streets do on the map; the axis and
the labels give the exact numbers.
"""

from __future__ import annotations

import io
import math

import cairosvg
from PIL import Image

from engine.game import Game
from engine.stats import GameStory, PlayerStory, story
from render import theme
from render.png import encode
from render.scene import player_tags
from render.svgkit import (
    Point,
    caps,
    card,
    circle_path,
    document,
    element,
    path,
    polyline_path,
    text,
)
from render.textfit import shorten, width

CHART_W = 1200.0
CHART_H = 675.0
MARGIN = 14.0
#: the plot area, in user units
LEFT = 86.0
RIGHT = CHART_W - 236.0
TOP = 128.0
BOTTOM = CHART_H - 104.0
LANE = 3.5  # between the lanes of two players' lines
LABEL_GAP = 30.0  # between two end labels
STONE = "#5b5f6b"  # the clock stones' grey, as on the clock card
GRID = "#ebe5d7"


def _ticks(low: int, high: int) -> list[int]:
    """Whole-number grid values from ``low`` to ``high``, at most about eight of them."""
    span = max(1, high - low)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500) if span / s <= 8)
    first = math.floor(low / step) * step
    return list(range(first, high + step, step))


class _Axes:
    """Where a round and a score land on the canvas."""

    def __init__(self, rounds: int, ticks: list[int]) -> None:
        self.rounds = max(1, rounds)
        self.low = ticks[0]
        self.high = ticks[-1]

    def x(self, round_number: int) -> float:
        return LEFT + (RIGHT - LEFT) * round_number / self.rounds

    def y(self, score: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (score - self.low) / max(1, self.high - self.low)


def _lane(seat: int, players: int) -> float:
    return (seat - (players - 1) / 2) * LANE


def _frame(tale: GameStory, axes: _Axes, ticks: list[int]) -> str:
    out = [element("rect", x=0, y=0, width=CHART_W, height=CHART_H, fill=theme.PAPER),
           card(MARGIN, MARGIN, CHART_W - 2 * MARGIN, CHART_H - 2 * MARGIN, fill=theme.CARD,
                edge=theme.CARD_EDGE, shadow=theme.SHADOW)]
    out.append(text(40, 50, "Scores round by round", 28, fill=theme.INK, bold=True))
    if tale.over:
        state = f"game over after round {tale.rounds}; {tale.ranking[0]} wins"
    else:
        state = f"round {tale.rounds} so far" if tale.rounds else "setup so far"
    out.append(text(40, 84, f"Carried passengers minus clock stones, at the end of each round: "
                    f"{state}", 16, fill=theme.INK_SOFT, class_="subtitle"))
    grid = "".join(f"M{LEFT:.1f} {axes.y(t):.1f}H{RIGHT:.1f}" for t in ticks if t != 0)
    rounds = "".join(f"M{axes.x(r):.1f} {TOP:.1f}V{BOTTOM:.1f}"
                     for r in range(tale.rounds + 1))
    out.append(path(grid + rounds, stroke=GRID, stroke_width=1.2))
    if ticks[0] <= 0 <= ticks[-1]:
        out.append(path(f"M{LEFT:.1f} {axes.y(0):.1f}H{RIGHT:.1f}", stroke=theme.INK_FAINT,
                        stroke_width=1.6))
    for t in ticks:
        out.append(text(LEFT - 14, axes.y(t), str(t), 15, fill=theme.INK_SOFT, anchor="end"))
    for r in range(tale.rounds + 1):
        out.append(text(axes.x(r), BOTTOM + 22, "setup" if r == 0 else str(r), 15,
                        fill=theme.INK_SOFT, anchor="middle", bold=r == tale.rounds))
    out.append(caps(LEFT, BOTTOM + 50, "round", 12, fill=theme.INK_SOFT))
    # the legend for the stone mark
    lx = LEFT + 120
    out.append(path(circle_path(lx, BOTTOM + 50, 8), fill=STONE, stroke=theme.INK,
                    stroke_width=1.2))
    taken = any(p.stones for p in tale.players)
    legend = ("a clock stone taken in that round (1 point off)" if taken
              else "no clock stone has been taken")
    out.append(text(lx + 16, BOTTOM + 50, legend, 14, fill=theme.INK_SOFT))
    return "".join(out)


def _points(p: PlayerStory, axes: _Axes, players: int) -> list[Point]:
    lane = _lane(p.seat, players)
    return [(axes.x(r), axes.y(score) + lane) for r, score in enumerate(p.scores)]


def _player(p: PlayerStory, axes: _Axes, players: int) -> str:
    colour = theme.player_colour(p.colour, p.seat)
    edge = theme.edge_for(colour)
    pts = _points(p, axes, players)
    dots = "".join(circle_path(x, y, 4.5) for x, y in pts)
    body = [path(polyline_path(pts), stroke=edge, stroke_width=7, stroke_linejoin="round",
                 stroke_linecap="round") if len(pts) > 1 else "",
            path(polyline_path(pts), stroke=colour, stroke_width=4.2, stroke_linejoin="round",
                 stroke_linecap="round") if len(pts) > 1 else "",
            path(dots, fill=colour, stroke=edge, stroke_width=1.5)]
    for r in p.stones:
        x, y = pts[r]
        body.append(path(circle_path(x, y, 9), fill=STONE, stroke=colour, stroke_width=3.2,
                         class_="stone", data_player=p.name, data_round=str(r)))
    return element("g", "".join(body), class_="player-line", data_player=p.name,
                   data_scores=" ".join(str(s) for s in p.scores))


def _labels(tale: GameStory, axes: _Axes) -> str:
    """Each player's chip, name and score at the right end of their line, kept apart."""
    n = len(tale.players)
    tags = player_tags([p.name for p in tale.players])
    wanted = sorted((_points(p, axes, n)[-1][1], p.seat) for p in tale.players)
    ys: list[float] = []
    for y, _ in wanted:
        ys.append(max(y, ys[-1] + LABEL_GAP) if ys else y)
    overflow = ys[-1] - (BOTTOM + 10) if ys else 0.0
    if overflow > 0:
        ys = [y - overflow for y in ys]
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - LABEL_GAP)
    out: list[str] = []
    end_x = axes.x(tale.rounds)
    for (line_y, seat), y in zip(wanted, ys, strict=True):
        p = tale.players[seat]
        colour = theme.player_colour(p.colour, seat)
        chip_x = RIGHT + 34
        out.append(path(f"M{end_x + 8:.1f} {line_y:.1f}L{chip_x - 14:.1f} {y:.1f}",
                        stroke=colour, stroke_width=1.6, stroke_dasharray="3 3"))
        out.append(path(circle_path(chip_x, y, 12), fill=colour, stroke=theme.edge_for(colour),
                        stroke_width=1.8))
        out.append(text(chip_x, y, tags[seat], 12, fill=theme.text_on(colour), bold=True,
                        anchor="middle"))
        score = str(p.score)
        room = CHART_W - MARGIN - 16 - (chip_x + 20) - width(score, 18, bold=True) - 10
        name = shorten(p.name, 17, room, bold=True)
        out.append(text(chip_x + 20, y, name, 17, fill=theme.INK, bold=True))
        out.append(text(CHART_W - MARGIN - 16, y, score, 18, fill=theme.INK, bold=True,
                        anchor="end", class_="final-score", data_player=p.name,
                        data_score=score))
    return "".join(out)


def chart_svg(game: Game, tale: GameStory | None = None) -> str:
    """The score chart of ``game`` as an SVG document (``tale`` when already computed)."""
    tale = tale or story(game)
    values = [s for p in tale.players for s in p.scores]
    ticks = _ticks(min(0, *values), max(1, *values))
    axes = _Axes(tale.rounds, ticks)
    n = len(tale.players)
    # the leading player's line is drawn last, on top
    order = sorted(tale.players, key=lambda p: (p.score, -p.seat))
    body = _frame(tale, axes, ticks) + "".join(_player(p, axes, n) for p in order)
    return document(CHART_W, CHART_H, body + _labels(tale, axes))


def chart_size(size: int) -> tuple[int, int]:
    """Width and height in pixels of a chart whose long side is ``size`` pixels."""
    if size < 200:
        raise ValueError(f"a chart of {size} pixels would be unreadable; ask for 200 or more")
    return size, round(size * CHART_H / CHART_W)


def chart_png(game: Game, *, size: int = 1000, tale: GameStory | None = None) -> bytes:
    """The score chart as PNG bytes, ``size`` pixels wide."""
    w, h = chart_size(size)
    drawn = cairosvg.svg2png(bytestring=chart_svg(game, tale).encode(), output_width=w,
                             output_height=h)
    with Image.open(io.BytesIO(drawn)) as image:
        return encode(image.convert("RGB"))


__all__ = ["CHART_H", "CHART_W", "chart_png", "chart_size", "chart_svg"]
