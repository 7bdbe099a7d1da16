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
from engine.text import ENGLISH, Msg, Text, Words
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
    text_lines,
)
from render.textfit import fit_block, fit_line, shorten, width

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

TITLE = Msg("render.chart.title", "Scores round by round")
#: The subtitle: what the lines are, and how far the game has come (one sentence each).
SUBTITLE_OVER = Msg("render.chart.subtitle.over",
                    "Carried passengers minus clock stones, at the end of each round: game over "
                    "after round {rounds}; {winner} wins")
SUBTITLE_ROUND = Msg("render.chart.subtitle.round",
                     "Carried passengers minus clock stones, at the end of each round: round "
                     "{rounds} so far")
SUBTITLE_SETUP = Msg("render.chart.subtitle.setup",
                     "Carried passengers minus clock stones, at the end of each round: setup "
                     "so far")
#: Round 0 on the round axis, and the axis's name.
SETUP = Msg("render.chart.setup", "setup")
AXIS = Msg("render.chart.axis", "round")
STONE_TAKEN = Msg("render.chart.stone_taken", "a clock stone taken in that round (1 point off)")
NO_STONE = Msg("render.chart.no_stone", "no clock stone has been taken")
#: Where the card's text must end, and the smallest a longer translation may shrink to.
TEXT_RIGHT = CHART_W - MARGIN - 16
SMALLEST = 10.0


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


def _line(x: float, y: float, said: str, size: float, *, fill: str, bold: bool = False) -> str:
    """One line of the chart's words from ``x``, smaller (then cut) where it would pass the
    card's right edge: a longer translation, or a long name."""
    line = fit_line(said, size, TEXT_RIGHT - x, smallest=min(size, SMALLEST), bold=bold)
    return text(x, y, line.content, line.size, fill=fill, bold=bold)


def _subtitle(tale: GameStory) -> Text:
    if tale.over:
        return SUBTITLE_OVER(rounds=tale.rounds, winner=tale.ranking[0])
    return SUBTITLE_ROUND(rounds=tale.rounds) if tale.rounds else SUBTITLE_SETUP()


def _frame(tale: GameStory, axes: _Axes, ticks: list[int], words: Words) -> str:
    out = [element("rect", x=0, y=0, width=CHART_W, height=CHART_H, fill=theme.PAPER),
           card(MARGIN, MARGIN, CHART_W - 2 * MARGIN, CHART_H - 2 * MARGIN, fill=theme.CARD,
                edge=theme.CARD_EDGE, shadow=theme.SHADOW)]
    out.append(_line(40, 50, words(TITLE()), 28, fill=theme.INK, bold=True))
    # on one line; a longer translation (or a long name) wraps onto a second, above the plot
    block = fit_block(words(_subtitle(tale)), 16, TEXT_RIGHT - 40, TOP - 8 - 76,
                      smallest=SMALLEST)
    out.append(text_lines(40, 84, block.lines, block.size, block.step, fill=theme.INK_SOFT,
                          class_="subtitle"))
    grid = "".join(f"M{LEFT:.1f} {axes.y(t):.1f}H{RIGHT:.1f}" for t in ticks if t != 0)
    rounds = "".join(f"M{axes.x(r):.1f} {TOP:.1f}V{BOTTOM:.1f}"
                     for r in range(tale.rounds + 1))
    out.append(path(grid + rounds, stroke=GRID, stroke_width=1.2))
    if ticks[0] <= 0 <= ticks[-1]:
        out.append(path(f"M{LEFT:.1f} {axes.y(0):.1f}H{RIGHT:.1f}", stroke=theme.INK_FAINT,
                        stroke_width=1.6))
    for t in ticks:
        out.append(text(LEFT - 14, axes.y(t), str(t), 15, fill=theme.INK_SOFT, anchor="end"))
    step = axes.x(1) - axes.x(0)
    for r in range(tale.rounds + 1):
        out.append(_round_label(axes.x(r), r, r == tale.rounds, step, words))
    # the axis's name, then the legend for the stone mark beside it
    lx = LEFT + 120
    axis = fit_line(words(AXIS()).upper(), 12, lx - 12 - LEFT, smallest=8.0, bold=True,
                    spacing=1.2)
    out.append(caps(LEFT, BOTTOM + 50, axis.content, axis.size, fill=theme.INK_SOFT))
    out.append(path(circle_path(lx, BOTTOM + 50, 8), fill=STONE, stroke=theme.INK,
                    stroke_width=1.2))
    taken = any(p.stones for p in tale.players)
    legend = STONE_TAKEN() if taken else NO_STONE()
    out.append(_line(lx + 16, BOTTOM + 50, words(legend), 14, fill=theme.INK_SOFT))
    return "".join(out)


def _round_label(x: float, r: int, last: bool, step: float, words: Words) -> str:
    """A round's number under the plot ("setup" for round 0), within its share of the axis
    (the first reaches back to the plot's left edge)."""
    said = words(SETUP()) if r == 0 else str(r)
    room = step - 6 if r else min(step - 6, 2 * (x - 16 - MARGIN))
    line = fit_line(said, 15, room, smallest=9.0, bold=last)
    return text(x, BOTTOM + 22, line.content, line.size, fill=theme.INK_SOFT, anchor="middle",
                bold=last)


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


def spread_ends(wanted: list[float]) -> list[float]:
    """The heights of the labels at the lines' right ends, from the heights of the ends
    (ascending): each at least ``LABEL_GAP`` below the one above, the lowest no lower than
    the plot's bottom (those above it pushed up as far as needed). Shared by every chart
    whose lines end in a chip and a name (the score chart, the review's chart)."""
    ys: list[float] = []
    for y in wanted:
        ys.append(max(y, ys[-1] + LABEL_GAP) if ys else y)
    overflow = ys[-1] - (BOTTOM + 10) if ys else 0.0
    if overflow > 0:
        ys = [y - overflow for y in ys]
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - LABEL_GAP)
    return ys


def end_chip(end_x: float, line_y: float, y: float, colour: str, tag: str) -> str:
    """A line's end label's chip: a dashed lead from the line's end (``end_x``, ``line_y``)
    to the chip at height ``y``, the chip in the seat's colour and its tag."""
    chip_x = RIGHT + 34
    return (path(f"M{end_x + 8:.1f} {line_y:.1f}L{chip_x - 14:.1f} {y:.1f}",
                 stroke=colour, stroke_width=1.6, stroke_dasharray="3 3")
            + path(circle_path(chip_x, y, 12), fill=colour, stroke=theme.edge_for(colour),
                   stroke_width=1.8)
            + text(chip_x, y, tag, 12, fill=theme.text_on(colour), bold=True,
                   anchor="middle"))


def _labels(tale: GameStory, axes: _Axes) -> str:
    """Each player's chip, name and score at the right end of their line, kept apart."""
    n = len(tale.players)
    tags = player_tags([p.name for p in tale.players])
    wanted = sorted((_points(p, axes, n)[-1][1], p.seat) for p in tale.players)
    ys = spread_ends([y for y, _ in wanted])
    out: list[str] = []
    end_x = axes.x(tale.rounds)
    for (line_y, seat), y in zip(wanted, ys, strict=True):
        p = tale.players[seat]
        colour = theme.player_colour(p.colour, seat)
        chip_x = RIGHT + 34
        out.append(end_chip(end_x, line_y, y, colour, tags[seat]))
        score = str(p.score)
        room = CHART_W - MARGIN - 16 - (chip_x + 20) - width(score, 18, bold=True) - 10
        name = shorten(p.name, 17, room, bold=True)
        out.append(text(chip_x + 20, y, name, 17, fill=theme.INK, bold=True))
        out.append(text(CHART_W - MARGIN - 16, y, score, 18, fill=theme.INK, bold=True,
                        anchor="end", class_="final-score", data_player=p.name,
                        data_score=score))
    return "".join(out)


def chart_svg(game: Game, tale: GameStory | None = None, words: Words = ENGLISH) -> str:
    """The score chart of ``game`` as an SVG document (``tale`` when already computed), its
    words written with ``words``."""
    tale = tale or story(game)
    values = [s for p in tale.players for s in p.scores]
    ticks = _ticks(min(0, *values), max(1, *values))
    axes = _Axes(tale.rounds, ticks)
    n = len(tale.players)
    # the leading player's line is drawn last, on top
    order = sorted(tale.players, key=lambda p: (p.score, -p.seat))
    body = _frame(tale, axes, ticks, words) + "".join(_player(p, axes, n) for p in order)
    return document(CHART_W, CHART_H, body + _labels(tale, axes))


def chart_size(size: int) -> tuple[int, int]:
    """Width and height in pixels of a chart whose long side is ``size`` pixels."""
    if size < 200:
        raise ValueError(f"a chart of {size} pixels would be unreadable; ask for 200 or more")
    return size, round(size * CHART_H / CHART_W)


def chart_png(game: Game, *, size: int = 1000, tale: GameStory | None = None,
              words: Words = ENGLISH) -> bytes:
    """The score chart as PNG bytes, ``size`` pixels wide."""
    w, h = chart_size(size)
    drawn = cairosvg.svg2png(bytestring=chart_svg(game, tale, words).encode(), output_width=w,
                             output_height=h)
    with Image.open(io.BytesIO(drawn)) as image:
        return encode(image.convert("RGB"))


__all__ = ["CHART_H", "CHART_W", "chart_png", "chart_size", "chart_svg"]
