"""Where each part of the picture goes on the canvas, in user units (pixels at 1:1).

The canvas is landscape: the city on the left, a column of cards on the right (who acts and
what was last done, the action board, the players). The clock and the legend sit in the empty
corners of the city, where the board has no streets. At 1000 pixels wide the map is about
two-thirds of the picture, which is what a phone shows first.
"""

from __future__ import annotations

from dataclasses import dataclass

CANVAS_W = 1450.0
CANVAS_H = 1000.0

#: The board's 1000 x 1000 coordinates land on the canvas shifted by this much.
MAP_DX = -25.0
MAP_DY = 0.0
MAP_W = 950.0

GAP = 14.0  # between cards and around the edges


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


COLUMN = Box(MAP_W, 0.0, CANVAS_W - MAP_W, CANVAS_H)
_CX = COLUMN.x + GAP
_CW = COLUMN.w - 2 * GAP

BANNER = Box(_CX, GAP, _CW, 176.0)
ACTIONS = Box(_CX, BANNER.bottom + GAP, _CW, 352.0)
PLAYERS = Box(_CX, ACTIONS.bottom + GAP, _CW, CANVAS_H - ACTIONS.bottom - 2 * GAP)

#: The empty top-left corner of the city holds the clock and the round.
CLOCK = Box(GAP, GAP, 252.0, 206.0)
#: The empty bottom-left corner holds the legend.
LEGEND = Box(GAP, CANVAS_H - GAP - 176.0, 236.0, 176.0)


#: Height of the players card's column heads, above the first row.
PLAYERS_HEAD = 50.0


def player_row_height(players: int) -> float:
    """Height of one player's row: the players share their card, but rows never grow huge."""
    return min(110.0, (PLAYERS.h - PLAYERS_HEAD - 6.0) / players)
