"""The look of the table picture: colours, type sizes and the player palette in one place.

Every drawing module takes its colours from here, so that the map, the panels and the legend
always agree, and a change of taste is one edit.
"""

from __future__ import annotations

FONT = "DejaVu Sans, sans-serif"
#: The family cairo is asked for when text is measured; the first name of ``FONT``.
FONT_FACE = "DejaVu Sans"

# ---- surfaces ---------------------------------------------------------------------------------
PAPER = "#f3efe4"  # the city
COLUMN = "#e4ddcd"  # the side column behind the cards
CARD = "#fffdf8"
CARD_EDGE = "#cfc6b2"
SHADOW = "#cbc2ad"
SLOT = "#f1ece0"  # an empty action space
INK = "#2b2b33"  # text and outlines
INK_SOFT = "#6b6658"  # captions
INK_FAINT = "#a39c8a"

# ---- the city ---------------------------------------------------------------------------------
ROAD = "#d6cfbe"
ROAD_EDGE = "#c4bba6"
PARK = "#cfe3bf"
PARK_EDGE = "#9fc48a"
PARK_NODE = "#e9f4e0"
NODE_FILL = "#ffffff"
NODE_EDGE = "#3d3d48"
STATION = "#34495e"
STATION_TEXT = "#ffffff"
TIE = "#8d846f"  # a lot's connector to its crossing

#: An empty lot: a neutral square with a dashed edge (a plot not built yet) and its zone letter
#: in light italics, so it never reads as a player's initial (bold, in a coloured disc).
LOT_FILL = "#ebe6da"
LOT_EDGE = "#9c9482"
LOT_INK = "#6b6658"

#: Building cards: background tint and icon colour per building type.
BUILDING_FILL = {"house": "#f7dccb", "office": "#d9e4f0", "pub": "#f7e6b8"}
BUILDING_INK = {"house": "#9a4a2b", "office": "#34557a", "pub": "#8a5a0c"}
BUILDING_DETAIL = "#fffdf8"

PASSENGER = "#23232b"  # a passenger who wants to leave: dark badge, white figure
PASSENGER_TEXT = "#ffffff"
WANTED = "#e8590c"  # edge of the badge: wants to leave now
SITTING = "#23232b"  # the dot on a building with a passenger sitting in it

HIGHLIGHT = "#ff2e88"  # the last move
HIGHLIGHT_GLOW = "#ff8fc0"
ACT = "#e8590c"  # who must act now

# ---- players ----------------------------------------------------------------------------------
#: Player colours by the names the engine uses. The five game colours were searched for to stay
#: apart under simulated protanopia, deuteranopia and tritanopia as well as with normal vision:
#: no pair closer than 26 CIEDE2000 units under any of the four (``python -m render.palette``
#: prints them). That takes a deep red, a dark blue and a bright violet purple, so that red and
#: purple differ in lightness as well as hue. Every marker and line head carries the player's
#: initial besides.
PLAYER_COLOURS: dict[str, str] = {
    "red": "#b60c11",
    "blue": "#15247a",
    "yellow": "#eecb1b",
    "green": "#24a086",
    "purple": "#cb42f5",
    "orange": "#f07f18",
    "pink": "#e86aa6",
    "black": "#2c2c2c",
    "white": "#f4f4f4",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
    "brown": "#8b5a2b",
    "cyan": "#1cb5c9",
    "teal": "#128a88",
    "navy": "#1d2f6f",
    "lime": "#7fc31c",
    "magenta": "#c2188f",
}
#: Colours for names the table does not know, by seat.
FALLBACK_COLOURS = tuple(PLAYER_COLOURS[name] for name in ("red", "blue", "yellow", "green",
                                                            "purple"))


def player_colour(name: str, seat: int) -> str:
    """The fill colour for a player's colour name (a seat colour when the name is unknown)."""
    return PLAYER_COLOURS.get(name.lower(), FALLBACK_COLOURS[seat % len(FALLBACK_COLOURS)])


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def text_on(fill: str) -> str:
    """Ink that reads on ``fill``: white on dark colours, near-black on light ones."""
    return INK if _luminance(fill) > 0.33 else "#ffffff"


def edge_for(fill: str) -> str:
    """A darker outline for light fills (yellow, white) so they stand out on paper."""
    return INK if _luminance(fill) > 0.33 else "#ffffff"
