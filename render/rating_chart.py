"""A player's rating over time: one point per rated game, the shown rating (mu - 3 sigma) as the
line, the band up to mu above it (it narrows as the games make the rating surer), and the
computer levels' fixed skills as dashed reference lines, so a climb past ``normal`` shows.

Drawn as SVG in the score chart's style (``render/chart.py``: the paper, the card, the grid, the
type) and turned into a PNG the same way. The points are plain values (``RatingPoint``) that
the service reads from its rating tables; this module only places them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cairosvg
from PIL import Image

from engine.text import ENGLISH, Msg, Plural, Words
from render import theme
from render.png import encode
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
from render.textfit import fit_block, fit_line, shorten

RATING_W = 1200.0
RATING_H = 640.0
MARGIN = 14.0
LEFT = 86.0
RIGHT = RATING_W - 150.0
TOP = 128.0
BOTTOM = RATING_H - 96.0
GRID = "#ebe5d7"
LINE = "#34557a"
BAND = "#d9e4f0"
WIN = "#e8590c"  # a game the player won
LEVEL = "#8d846f"
#: points drawn at most: the latest games (older ones are summed up in the subtitle)
MOST_POINTS = 500

#: The picture's labels. ``first`` and ``last`` are dates, written by the caller.
TITLE = Msg("render.rating.title", "{name}: rating over time")
SUBTITLE = Plural("render.rating.subtitle",
                  "{games} rated game, {first} to {last}. The line is the rating (mu - 3 sigma); "
                  "the band reaches up to mu and narrows as the rating grows surer.",
                  "{games} rated games, {first} to {last}. The line is the rating (mu - 3 "
                  "sigma); the band reaches up to mu and narrows as the rating grows surer.",
                  count="games")
SUBTITLE_ONE = Msg("render.rating.subtitle_one",
                   "One rated game, on {first}. The line is the rating (mu - 3 sigma); the band "
                   "reaches up to mu.")
AXIS = Msg("render.rating.axis", "rated games")
WON = Msg("render.rating.won", "a game won")
#: ``level`` is the computer level's name as players type it (``easy``, ``normal``, ``hard``).
#: the line of each computer player's level (``easy``, ``normal``, ``hard``: the ratings' keys)
LEVEL_LABELS = {
    "easy": Msg("render.rating.level_easy", "easy bot"),
    "normal": Msg("render.rating.level_normal", "normal bot"),
    "hard": Msg("render.rating.level_hard", "hard bot"),
}
#: a level with no label of its own (none today), named as its key
LEVEL_LABEL = Msg("render.rating.level", "{level} bot")
#: Where the card's text must end, and the smallest a longer translation may shrink to.
TEXT_RIGHT = RATING_W - MARGIN - 16
SMALLEST = 10.0


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one rated game: its mu and sigma, and whether the player won it."""

    mu: float
    sigma: float
    won: bool = False

    @property
    def shown(self) -> float:
        return self.mu - 3.0 * self.sigma


def _ticks(low: float, high: float) -> list[float]:
    span = max(1.0, high - low)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if span / s <= 8)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return [float(v) for v in range(int(first), int(last) + step, step)]


class _Axes:
    def __init__(self, count: int, ticks: list[float]) -> None:
        self.count = max(1, count)
        self.low, self.high = ticks[0], ticks[-1]

    def x(self, i: int) -> float:
        """Where game ``i`` lands (0: before the first game, the prior)."""
        return LEFT + (RIGHT - LEFT) * i / self.count

    def y(self, v: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (v - self.low) / max(1e-9, self.high - self.low)


def _x_ticks(count: int) -> list[int]:
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200) if count / s <= 12)
    return list(range(0, count + 1, step))


def _fitted(x: float, y: float, said: str, size: float, *, fill: str) -> str:
    """One line of words from ``x``, smaller (then cut) where it would pass the card's right
    edge: a longer translation."""
    line = fit_line(said, size, TEXT_RIGHT - x, smallest=min(size, SMALLEST))
    return text(x, y, line.content, line.size, fill=fill)


def rating_chart_svg(name: str, points: Sequence[RatingPoint], *, first: str, last: str,
                     start: RatingPoint, levels: Mapping[str, float],
                     words: Words = ENGLISH) -> str:
    """The chart of ``name``'s rating: ``start`` is the rating before the first game drawn
    (the prior, or the rating before the oldest point kept), ``points`` one per game after it
    (at most ``MOST_POINTS``, the latest), ``first`` and ``last`` the dates of the first and
    last game (written by the caller, in the reader's language), ``levels`` the computer
    levels' mu by name; its words written with ``words``."""
    pts = list(points[-MOST_POINTS:])
    values = [v for p in (start, *pts) for v in (p.shown, p.mu)] + list(levels.values())
    ticks = _ticks(min(values), max(values))
    axes = _Axes(len(pts), ticks)
    out = [element("rect", x=0, y=0, width=RATING_W, height=RATING_H, fill=theme.PAPER),
           card(MARGIN, MARGIN, RATING_W - 2 * MARGIN, RATING_H - 2 * MARGIN, fill=theme.CARD,
                edge=theme.CARD_EDGE, shadow=theme.SHADOW)]
    out.append(text(40, 50, shorten(words(TITLE(name=name)), 28, RATING_W - 80, bold=True), 28,
                    fill=theme.INK, bold=True))
    sub = (SUBTITLE(games=len(points), first=first, last=last) if len(points) > 1
           else SUBTITLE_ONE(first=first))
    # on one line; a longer translation (or long dates) wraps onto a second, above the plot
    block = fit_block(words(sub), 15, RATING_W - 80, TOP - 8 - 76, smallest=11.0)
    out.append(text_lines(40, 84, block.lines, block.size, block.step, fill=theme.INK_SOFT,
                          class_="subtitle"))
    grid = "".join(f"M{LEFT:.1f} {axes.y(t):.1f}H{RIGHT:.1f}" for t in ticks)
    out.append(path(grid, stroke=GRID, stroke_width=1.2))
    for t in ticks:
        out.append(text(LEFT - 14, axes.y(t), f"{t:g}", 15, fill=theme.INK_SOFT, anchor="end"))
    for i in _x_ticks(len(pts)):
        out.append(text(axes.x(i), BOTTOM + 22, str(i), 15, fill=theme.INK_SOFT,
                        anchor="middle"))
    lx = LEFT + 170
    axis = fit_line(words(AXIS()).upper(), 12, lx - 12 - LEFT, smallest=8.0, bold=True,
                    spacing=1.2)
    out.append(caps(LEFT, BOTTOM + 52, axis.content, axis.size, fill=theme.INK_SOFT))
    for level, mu in sorted(levels.items(), key=lambda kv: kv[1]):
        y = axes.y(mu)
        out.append(path(f"M{LEFT:.1f} {y:.1f}H{RIGHT:.1f}", stroke=LEVEL, stroke_width=1.4,
                        stroke_dasharray="6 5", class_="level", data_level=level))
        label = LEVEL_LABELS[level]() if level in LEVEL_LABELS else LEVEL_LABEL(level=level)
        out.append(_fitted(RIGHT + 10, y, words(label), 14, fill=LEVEL))
    series = [start, *pts]
    upper: list[Point] = [(axes.x(i), axes.y(p.mu)) for i, p in enumerate(series)]
    lower: list[Point] = [(axes.x(i), axes.y(p.shown)) for i, p in enumerate(series)]
    out.append(path(polyline_path(upper + lower[::-1], closed=True), fill=BAND))
    if len(lower) > 1:
        out.append(path(polyline_path(lower), stroke=LINE, stroke_width=4,
                        stroke_linejoin="round", stroke_linecap="round", class_="rating-line",
                        data_shown=" ".join(f"{p.shown:.2f}" for p in pts)))
    dots = "".join(circle_path(x, y, 4) for (x, y), p in zip(lower[1:], pts, strict=True)
                   if not p.won)
    wins = "".join(circle_path(x, y, 6.5) for (x, y), p in zip(lower[1:], pts, strict=True)
                   if p.won)
    out.append(path(dots, fill=LINE, stroke=theme.CARD, stroke_width=1.2))
    out.append(path(wins, fill=WIN, stroke=theme.INK, stroke_width=1.4, class_="wins"))
    out.append(path(circle_path(lx, BOTTOM + 52, 6.5), fill=WIN, stroke=theme.INK,
                    stroke_width=1.4))
    out.append(_fitted(lx + 14, BOTTOM + 52, words(WON()), 14, fill=theme.INK_SOFT))
    return document(RATING_W, RATING_H, "".join(out))


def rating_chart_png(name: str, points: Sequence[RatingPoint], *, first: str, last: str,
                     start: RatingPoint, levels: Mapping[str, float], size: int = 1000,
                     words: Words = ENGLISH) -> bytes:
    """The chart as PNG bytes, ``size`` pixels wide."""
    svg = rating_chart_svg(name, points, first=first, last=last, start=start, levels=levels,
                           words=words)
    height = round(size * RATING_H / RATING_W)
    drawn = cairosvg.svg2png(bytestring=svg.encode(), output_width=size, output_height=height)
    with Image.open(io.BytesIO(drawn)) as image:
        return encode(image.convert("RGB"))


__all__ = ["MOST_POINTS", "RatingPoint", "rating_chart_png", "rating_chart_svg"]
