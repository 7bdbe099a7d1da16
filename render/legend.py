"""The legend in the city's empty bottom-left corner: what the map's marks mean.

Only the marks a newcomer could not guess are explained; they are drawn with the same shapes
and colours as on the map, from the same theme.
"""

from __future__ import annotations

from engine.text import ENGLISH, Msg, Words
from render import theme
from render.geometry import HEAD_R
from render.icons import icon
from render.layout import LEGEND as BOX
from render.scene import player_tags
from render.svgkit import caps, card, circle_path, path, rect_path, text
from render.textfit import fit_block, fit_line

SIZE = 13.0
ROW = 24.0
#: The smallest a longer translation may shrink an entry to (on two lines where it has a
#: space), and the gap kept to the card's right edge.
SMALLEST = 7.5
EDGE = 8.0

#: The tag on the example line head: a player's, as the map shows it (no word of any
#: language: the first letters of a name, here a player called Bob).
EXAMPLE_TAG = player_tags(["Bob"])[0]

TITLE = Msg("render.legend.title", "Legend")
WANT_TO_LEAVE = Msg("render.legend.want_to_leave", "want to leave now")
SITS = Msg("render.legend.sits", "sits in a building")
CLOCK_TYPE = Msg("render.legend.clock_type", "bold edge: clock's type")
HEAD = Msg("render.legend.head", "head of a line")
NEW = Msg("render.legend.new", "new since last picture")
TO_ACT = Msg("render.legend.to_act", "to act now")


def _entry(x: float, y: float, label: str) -> str:
    """One entry's words right of its mark: one line, or smaller (two lines) where a
    translation is longer; within the row and the card."""
    block = fit_block(label, SIZE, BOX.right - EDGE - x, ROW - 1, smallest=SMALLEST)
    first = y - (block.height - block.step) / 2
    return "".join(text(x, first + i * block.step, line, block.size, fill=theme.INK)
                   for i, line in enumerate(block.lines))


def legend_frame(words: Words = ENGLISH) -> str:
    out = [card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)]
    title = fit_line(words(TITLE()).upper(), 11.5, BOX.w - 14 - EDGE, smallest=SMALLEST,
                     bold=True, spacing=1.2)
    out.append(caps(BOX.x + 14, BOX.y + 18, title.content, title.size, fill=theme.INK_SOFT))
    x = BOX.x + 30
    tx = BOX.x + 56
    y = BOX.y + 40
    person = icon("passenger")
    # a waiting passenger's badge
    out.append(path(rect_path(x - 17, y - 10, 34, 20, 5), fill=theme.PASSENGER,
                    stroke=theme.WANTED, stroke_width=2))
    out.append(path(person.at(x - 6, y, 14), fill=theme.PASSENGER_TEXT))
    out.append(text(x + 10, y, "2", 13, fill=theme.PASSENGER_TEXT, bold=True, anchor="middle"))
    out.append(_entry(tx, y, words(WANT_TO_LEAVE())))
    # a passenger sitting in a building
    y += ROW
    out.append(path(rect_path(x - 11, y - 11, 22, 22, 5), fill=theme.BUILDING_FILL["office"],
                    stroke=theme.INK, stroke_width=2.2))
    out.append(path(icon("office").at(x, y, 17), fill=theme.BUILDING_INK["office"]))
    out.append(path(circle_path(x + 10, y - 9, 8), fill=theme.SITTING, stroke="#ffffff",
                    stroke_width=1.5))
    out.append(path(person.at(x + 10, y - 8.6, 12.5), fill="#ffffff"))
    out.append(_entry(tx, y, words(SITS())))
    # buildings of the clock's type
    y += ROW
    for dx, kind, edge, width in ((-7, "pub", theme.BUILDING_INK["pub"], 1.0),
                                  (7, "house", theme.INK, 2.2)):
        out.append(path(rect_path(x + dx - 9, y - 9, 18, 18, 4), fill=theme.BUILDING_FILL[kind],
                        stroke=edge, stroke_width=width))
        out.append(path(icon(kind).at(x + dx, y, 14), fill=theme.BUILDING_INK[kind]))
    out.append(_entry(tx, y, words(CLOCK_TYPE())))
    # a line head
    y += ROW
    out.append(path(f"M{x - 22:.1f} {y:.1f}h14", stroke=theme.FALLBACK_COLOURS[1],
                    stroke_width=6.5, stroke_linecap="round"))
    out.append(path(circle_path(x + 2, y, HEAD_R), fill=theme.FALLBACK_COLOURS[1],
                    stroke="#ffffff", stroke_width=2))
    out.append(text(x + 2, y, EXAMPLE_TAG, 11, fill="#ffffff", bold=True, anchor="middle"))
    out.append(_entry(tx, y, words(HEAD())))
    # what changed since the previous picture
    y += ROW
    out.append(path(rect_path(x - 14, y - 7, 28, 14, 7), fill=theme.HIGHLIGHT_GLOW,
                    stroke=theme.HIGHLIGHT, stroke_width=2.5))
    out.append(_entry(tx, y, words(NEW())))
    # the action being resolved / who acts
    y += ROW
    out.append(path(rect_path(x - 12, y - 10, 24, 20, 6), fill=theme.SLOT, stroke=theme.ACT,
                    stroke_width=3))
    out.append(_entry(tx, y, words(TO_ACT())))
    return "".join(out)
