"""Where each part of the picture goes on the canvas, in user units (pixels at 1:1).

The canvas is drawn landscape: the city on the left, a column of cards on the right (who acts and
what was last done, the action board, the players). The clock and the legend sit in the empty
corners of the city, where the board has no streets. At 1000 pixels wide the map is about
two-thirds of the picture. The portrait layout moves the cards under the city (``PORTRAIT``);
the phone layout stacks them under it, enlarged (``PHONE``). The settings choose the server's
(``picture_layout``); each player and each channel may choose their own (``layout``).
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


# ---- the arrangements ----------------------------------------------------------------------------

#: The regions of the landscape canvas that move together when the picture is rearranged.
REGIONS = ("map", "banner", "actions", "players")

#: How a region is placed: moved by (dx, dy) after being scaled by ``scale`` about the origin.
Placement = tuple[float, float, float]

#: How each lot is tied to its crossing (``render.geometry``): a drawn connector from the
#: crossing to a lot spread where there is room, or the lot itself drawn touching its crossing.
LOT_TIES = ("connector", "touching")


@dataclass(frozen=True, slots=True)
class Layout:
    """One arrangement of the picture: its canvas, and where each region of the landscape canvas
    is moved (and how much it is enlarged) on it. Every part is drawn in landscape coordinates;
    a region that moves is wrapped in one transformation, so nothing is laid out twice."""

    name: str
    width: float
    height: float
    #: (dx, dy, scale) per region that moves; the others stay where landscape puts them
    moves: tuple[tuple[str, Placement], ...]
    #: pixels of the long side when nobody asks for a size
    size: int
    #: the paper under the city, and the line between it and the cards
    paper: Box
    edge: Box
    #: how built and empty lots show which crossing they belong to (``LOT_TIES``)
    lots: str = "connector"

    def placement(self, region: str) -> Placement:
        return dict(self.moves).get(region, (0.0, 0.0, 1.0))

    def move(self, region: str) -> tuple[float, float]:
        dx, dy, _ = self.placement(region)
        return dx, dy

    def scale(self, region: str) -> float:
        return self.placement(region)[2]


#: The city on the left, the cards in a column on its right: best on a computer screen.
LANDSCAPE = Layout("landscape", CANVAS_W, CANVAS_H, (), 1000, Box(0.0, 0.0, MAP_W, CANVAS_H),
                   Box(COLUMN.x, 0.0, 1.5, CANVAS_H))

_PW = 2 * _CW + 3 * GAP  # two cards side by side under the city
#: The city on top, the banner and the action board under it on the left, the players beside
#: them: on a tablet, or a phone turned or zoomed, the picture fills the screen's width.
PORTRAIT = Layout(
    "portrait", _PW, CANVAS_H + 3 * GAP + BANNER.h + ACTIONS.h,
    (
        ("map", ((_PW - MAP_W) / 2, 0.0, 1.0)),
        ("banner", (GAP - BANNER.x, CANVAS_H, 1.0)),
        ("actions", (GAP - ACTIONS.x, CANVAS_H, 1.0)),
        ("players", (2 * GAP + _CW - PLAYERS.x, CANVAS_H + GAP - PLAYERS.y, 1.0)),
    ),
    1400, Box(0.0, 0.0, _PW, CANVAS_H), Box(0.0, CANVAS_H, _PW, 1.5),
)


def _column(boxes: tuple[tuple[str, Box], ...], width: float, top: float,
            ) -> tuple[tuple[tuple[str, Placement], ...], float]:
    """Cards stacked under each other, each enlarged to the canvas's width less the gaps."""
    out: list[tuple[str, Placement]] = []
    y = top + GAP
    for name, box in boxes:
        k = (width - 2 * GAP) / box.w
        out.append((name, (GAP - box.x * k, y - box.y * k, k)))
        y += box.h * k + GAP
    return tuple(out), y


_PHONE_CARDS, _PHONE_H = _column((("banner", BANNER), ("actions", ACTIONS), ("players", PLAYERS)),
                                 MAP_W, CANVAS_H)
#: Phone first: the city exactly as wide as the screen, then the banner, the action board and
#: the players, one under the other, each enlarged to the full width (almost twice their
#: landscape size). At 390 CSS pixels across, every crossing label, passenger count and marker
#: on the action board is at least 9 pixels tall (``benchmarks/bench_render.py`` measures it);
#: the picture is read by scrolling down, as a phone is.
PHONE = Layout("phone", MAP_W, _PHONE_H, (("map", (0.0, 0.0, 1.0)), *_PHONE_CARDS), 1940,
               Box(0.0, 0.0, MAP_W, CANVAS_H), Box(0.0, CANVAS_H, MAP_W, 1.5))
LAYOUTS: dict[str, Layout] = {layout.name: layout for layout in (LANDSCAPE, PORTRAIT, PHONE)}

_default = [LANDSCAPE]


def layout_named(name: str) -> Layout:
    """A layout by name; ``ValueError`` naming the choices for an unknown one."""
    try:
        return LAYOUTS[name]
    except KeyError:
        choices = ", ".join(list(LAYOUTS)[:-1]) + f" or {list(LAYOUTS)[-1]}"
        raise ValueError(f"unknown picture layout {name!r}; choose {choices}") from None


def default_layout() -> Layout:
    """The layout pictures take when none is asked for (``render.configure`` sets it)."""
    return _default[0]


def set_default_layout(name: str) -> None:
    _default[0] = layout_named(name)
