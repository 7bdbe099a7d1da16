"""The table picture as SVG text, in four layers.

Two layers hold what is the same for every table with as many players (the city, the lots, the
empty cards and action board) and two hold what belongs to one game. The players' lines must
run above the streets but below the crossing discs and labels: so a game's layer ("under": the
lines and the acting player's row tint) lies between the two shared ones, and the other
("pieces": names, buildings, passengers, markers, numbers, highlights) lies on top. Nothing of
one game is in a shared layer, so the shared layers are made once per player count and reused
for every picture of every game; the PNG side rasterises them once per size (``render.png``).

Every part is drawn in the landscape canvas's coordinates; a layout (``render.layout``) moves
whole regions (the city, the banner, the action board, the players' card) with one translation
(and, for the phone, an enlargement) each, which is how the portrait and phone pictures are
made from the same drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.text import ENGLISH, Words
from render.action_board import actions_frame, actions_values
from render.banner import banner_frame, banner_values
from render.caches import sized
from render.city import city_above, city_below, ground
from render.clock import clock_frame, clock_values
from render.layout import LANDSCAPE, Layout
from render.legend import legend_frame
from render.lines import lines_layer
from render.pieces import pieces_layer
from render.players import acting_row, players_frame, players_names, players_values
from render.scene import Scene
from render.svgkit import document, element, num


@dataclass(frozen=True, slots=True)
class Layers:
    """The picture's four layers, bottom first; ``below`` and ``above`` are shared by every
    table of ``players`` players in ``layout`` (``shared_below`` and ``shared_above``)."""

    players: int
    layout: Layout
    below: str
    under: str
    above: str
    pieces: str
    #: the language of the labels (of ``below`` too: the PNG side caches it by language)
    words: Words = ENGLISH

    def svg(self) -> str:
        """The whole picture as one SVG document."""
        return document(self.layout.width, self.layout.height,
                        self.below + self.under + self.above + self.pieces)


def placement(layout: Layout, name: str) -> str:
    """The ``transform`` that moves region ``name`` (drawn in landscape coordinates) to where
    ``layout`` puts it, enlargement included; "" where it stays put. The picture and the game's
    page both use it, so the page can never place a region elsewhere than the picture does."""
    dx, dy, k = layout.placement(name)
    if (dx, dy, k) == (0.0, 0.0, 1.0):
        return ""
    scale = "" if k == 1.0 else f" scale({k:.4g})"
    return f"translate({num(dx)} {num(dy)}){scale}"


def region(layout: Layout, name: str, body: str) -> str:
    """``body``, drawn in landscape coordinates, moved to where ``layout`` puts region ``name``."""
    transform = placement(layout, name)
    if not body or not transform:
        return body
    return element("g", body, transform=transform)


@sized("svg-below")
def shared_below(players: int, layout: Layout = LANDSCAPE, words: Words = ENGLISH) -> str:
    """The paper, streets, lot ties, and every card's frame for ``players`` players, its
    headings and captions written with ``words`` (so kept per language too)."""
    return "".join((
        ground(layout),
        region(layout, "map", city_below(layout.lots) + clock_frame(words)
               + legend_frame(words)),
        region(layout, "banner", banner_frame()),
        region(layout, "actions", actions_frame(words)),
        region(layout, "players", players_frame(players, words)),
    ))


@sized("svg-above")
def shared_above(layout: Layout = LANDSCAPE) -> str:
    """The lots, crossings and labels, over the lines (the same for every table)."""
    return region(layout, "map", city_above(layout.lots))


def layers(scene: Scene, layout: Layout = LANDSCAPE) -> Layers:
    players = len(scene.state.players)
    pieces = "".join((
        region(layout, "players", players_names(scene)),
        region(layout, "map", pieces_layer(scene, layout.lots) + clock_values(scene)),
        region(layout, "actions", actions_values(scene)),
        region(layout, "players", players_values(scene)),
        region(layout, "banner", banner_values(scene)),
    ))
    under = region(layout, "map", lines_layer(scene)) + region(layout, "players", acting_row(scene))
    return Layers(players, layout, shared_below(players, layout, scene.words), under,
                  shared_above(layout), pieces, scene.words)
