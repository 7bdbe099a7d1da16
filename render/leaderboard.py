"""The leaderboard picture: a server's best players as a table of names, ratings and records.

Drawn as SVG in the table picture's style (the paper, the card, the type) and turned into a PNG
the same way as the score chart (cairosvg draws, Pillow packs a palette image). The rows are
plain values (``BoardRow``) that the service fills from its rating tables; this module only
places them. Each row carries its rating as a bar too, so the gaps between players read at a
glance; a provisional rating (too few games yet) is said in words on its row, not by colour
alone.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import cairosvg
from PIL import Image

from engine.text import ENGLISH, Msg, Plural, Words
from render import theme
from render.png import encode
from render.svgkit import caps, card, document, element, path, rect_path, text, text_lines
from render.textfit import fit_block, fit_line, shorten, width

BOARD_W = 1000.0
MARGIN = 14.0
HEAD = 118.0  # the title and subtitle above the first row
ROW = 40.0
FOOT = 52.0
#: rows drawn at most (the service lists the top ones; more would not be read)
MOST_ROWS = 20
#: the columns' left edges (the name column takes what the others leave)
COL_PLACE = 40.0
COL_NAME = 92.0
COL_BAR = 430.0
BAR_W = 190.0
COL_RATING = 690.0  # right-aligned numbers end here
COL_GAMES = 800.0
COL_WINS = 900.0
BAR = "#4f7cac"
BAR_SOFT = "#bfd0e3"
YOU = "#fff1c9"  # the row of whoever asked
STRIPE = "#f7f3ea"

#: The picture's labels. ``scope`` is "all time" or a season's name (the caller's words).
TITLE = Msg("render.leaderboard.title", "Leaderboard: {scope}")
#: ``players`` and ``games`` are the two counts (``PLAYERS``, ``GAMES``).
SUBTITLE = Msg("render.leaderboard.subtitle",
               "{players}, {games}; the rating is mu - 3 sigma")
PLAYERS = Plural("render.leaderboard.players", "{n} rated player", "{n} rated players")
GAMES = Plural("render.leaderboard.games", "{n} rated game", "{n} rated games")
PROVISIONAL = Msg("render.leaderboard.provisional", "provisional")
HEADINGS = (Msg("render.leaderboard.head.place", "#"),
            Msg("render.leaderboard.head.player", "player"),
            Msg("render.leaderboard.head.rating", "rating"),
            Msg("render.leaderboard.head.games", "games"),
            Msg("render.leaderboard.head.wins", "wins"))
FOOTNOTE = Msg("render.leaderboard.footnote",
               "Computer players are fixed reference points (mu): easy {easy}, normal {normal}, "
               "hard {hard}")
EMPTY = Msg("render.leaderboard.empty", "No rated game has finished here yet.")
#: Where the card's text must end; a heading's room (right-aligned ones end at their column,
#: the place's ends where the names begin), and the smallest a longer translation shrinks to.
TEXT_RIGHT = BOARD_W - MARGIN - 16
HEAD_ROOMS = (COL_NAME - COL_PLACE - 8, COL_BAR - 16 - COL_NAME, COL_RATING - (COL_BAR + BAR_W) - 8,
              COL_GAMES - COL_RATING - 12, COL_WINS - COL_GAMES - 12)
SMALLEST = 8.0


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One player's line: their place on the board, name, shown rating (mu - 3 sigma), mu and
    sigma, rated games and wins, whether the rating is still provisional, and whether it is the
    reader's own row (drawn highlighted)."""

    place: int
    name: str
    shown: float
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool = False
    you: bool = False


def _height(rows: int) -> float:
    return HEAD + ROW * (max(1, rows) + 1) + FOOT


def _bar(row: BoardRow, low: float, high: float, y: float) -> str:
    """The shown rating as a bar, with the mean (mu) as a paler extension beyond it."""
    span = max(1e-9, high - low)

    def x(v: float) -> float:
        return COL_BAR + BAR_W * min(1.0, max(0.0, (v - low) / span))

    shown, mean = x(row.shown), x(row.mu)
    out = [path(rect_path(COL_BAR, y - 7, max(2.0, mean - COL_BAR), 14, 4), fill=BAR_SOFT)]
    out.append(path(rect_path(COL_BAR, y - 7, max(2.0, shown - COL_BAR), 14, 4), fill=BAR))
    return "".join(out)


def leaderboard_svg(scope: str, rows: Sequence[BoardRow], *, games: int,
                    levels: tuple[float, float, float] | None = None,
                    words: Words = ENGLISH) -> str:
    """The leaderboard of ``scope`` ("all time", a season's name) as an SVG document: the
    ``rows`` in order (at most ``MOST_ROWS``), the count of rated ``games``, and the computer
    levels' fixed mu (easy, normal, hard) in the footnote; its words written with ``words``."""
    shown_rows = list(rows[:MOST_ROWS])
    h = _height(len(shown_rows))
    out = [element("rect", x=0, y=0, width=BOARD_W, height=h, fill=theme.PAPER),
           card(MARGIN, MARGIN, BOARD_W - 2 * MARGIN, h - 2 * MARGIN, fill=theme.CARD,
                edge=theme.CARD_EDGE, shadow=theme.SHADOW)]
    title = shorten(words(TITLE(scope=scope)), 28, BOARD_W - 80, bold=True)
    out.append(text(40, 50, title, 28, fill=theme.INK, bold=True))
    sub = words(SUBTITLE(players=PLAYERS(n=len(rows)), games=GAMES(n=games)))
    block = fit_block(sub, 16, TEXT_RIGHT - 40, HEAD - 8 - 76, smallest=11.0)
    out.append(text_lines(40, 84, block.lines, block.size, block.step, fill=theme.INK_SOFT,
                          class_="subtitle"))
    y = HEAD
    for x, heading, anchor, room in zip((COL_PLACE, COL_NAME, COL_RATING, COL_GAMES, COL_WINS),
                                        HEADINGS, ("start", "start", "end", "end", "end"),
                                        HEAD_ROOMS, strict=True):
        head = fit_line(words(heading()).upper(), 12, room, smallest=SMALLEST, bold=True,
                        spacing=1.2)
        out.append(caps(x, y, head.content, head.size, fill=theme.INK_SOFT, anchor=anchor))
    if not shown_rows:
        empty = fit_line(words(EMPTY()), 17, TEXT_RIGHT - COL_NAME, smallest=SMALLEST)
        out.append(text(COL_NAME, y + ROW, empty.content, empty.size, fill=theme.INK_SOFT))
    # the provisional mark takes at most half the name's column; a longer one is shortened
    provisional = shorten(words(PROVISIONAL()), 13, (COL_BAR - 16 - COL_NAME) / 2)
    values = [v for r in shown_rows for v in (r.shown, r.mu)]
    low, high = (min(0.0, *values), max(1.0, *values)) if values else (0.0, 1.0)
    for i, row in enumerate(shown_rows):
        y = HEAD + ROW * (i + 1)
        fill = YOU if row.you else STRIPE if i % 2 else None
        if fill is not None:
            out.append(path(rect_path(MARGIN + 12, y - ROW / 2, BOARD_W - 2 * MARGIN - 24, ROW,
                                      6), fill=fill))
        out.append(text(COL_PLACE, y, str(row.place), 17, fill=theme.INK, bold=True))
        note = provisional if row.provisional else ""
        room = COL_BAR - 16 - COL_NAME - (width(f"  {note}", 13) if note else 0)
        name = shorten(row.name, 18, room, bold=row.you)
        out.append(text(COL_NAME, y, name, 18, fill=theme.INK, bold=row.you,
                        class_="player", data_place=str(row.place)))
        if note:
            out.append(text(COL_NAME + width(name, 18, row.you) + 8, y, note, 13,
                            fill=theme.INK_SOFT, class_="provisional"))
        out.append(_bar(row, low, high, y))
        out.append(text(COL_RATING, y, f"{row.shown:.1f}", 18, fill=theme.INK, bold=True,
                        anchor="end", class_="rating", data_mu=f"{row.mu:.2f}",
                        data_sigma=f"{row.sigma:.2f}"))
        out.append(text(COL_GAMES, y, str(row.games), 17, fill=theme.INK, anchor="end"))
        out.append(text(COL_WINS, y, str(row.wins), 17, fill=theme.INK, anchor="end"))
    if levels is not None:
        easy, normal, hard = (f"{v:.1f}" for v in levels)
        foot = fit_line(words(FOOTNOTE(easy=easy, normal=normal, hard=hard)), 14,
                        TEXT_RIGHT - 40, smallest=SMALLEST)
        out.append(text(40, h - MARGIN - 26, foot.content, foot.size, fill=theme.INK_SOFT))
    return document(BOARD_W, h, "".join(out))


def leaderboard_png(scope: str, rows: Sequence[BoardRow], *, games: int,
                    levels: tuple[float, float, float] | None = None,
                    size: int = 1000, words: Words = ENGLISH) -> bytes:
    """The leaderboard as PNG bytes, ``size`` pixels wide."""
    svg = leaderboard_svg(scope, rows, games=games, levels=levels, words=words)
    rows_drawn = min(len(rows), MOST_ROWS)
    height = round(size * _height(rows_drawn) / BOARD_W)
    drawn = cairosvg.svg2png(bytestring=svg.encode(), output_width=size, output_height=height)
    with Image.open(io.BytesIO(drawn)) as image:
        return encode(image.convert("RGB"))


__all__ = ["MOST_ROWS", "BoardRow", "leaderboard_png", "leaderboard_svg"]
