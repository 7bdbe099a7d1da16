"""The table picture as SVG text, in four layers.

Two layers hold what does not change during a game (the city, the cards, the names) and two hold
what does. The players' lines must run above the streets but below the crossing discs and
labels, and the tint of the acting player's row below their name: so a changing layer ("under")
lies between the two fixed ones, and the other changing layer ("pieces": buildings, passengers,
markers, numbers, highlights) lies on top. The fixed layers are made once per table and reused
for every picture; the PNG side also rasterises them once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from render.action_board import actions_frame, actions_values
from render.banner import banner_frame, banner_values
from render.city import city_above, city_below
from render.clock import clock_frame, clock_values
from render.layout import CANVAS_H, CANVAS_W
from render.legend import legend_frame
from render.lines import lines_layer
from render.pieces import pieces_layer
from render.players import (
    PlayerKey,
    acting_row,
    players_frame,
    players_names,
    players_values,
)
from render.scene import Scene
from render.svgkit import document


@dataclass(frozen=True, slots=True)
class Layers:
    """The picture's four layers, bottom first; ``below`` and ``above`` never change in a game."""

    below: str
    under: str
    above: str
    pieces: str

    def svg(self) -> str:
        """The whole picture as one SVG document."""
        return document(CANVAS_W, CANVAS_H, self.below + self.under + self.above + self.pieces)


@lru_cache(maxsize=4)
def _below(players: int) -> str:
    return "".join((
        city_below(), clock_frame(), legend_frame(), banner_frame(), actions_frame(),
        players_frame(players),
    ))


@lru_cache(maxsize=16)
def _above(players: PlayerKey, tags: tuple[str, ...]) -> str:
    return city_above() + players_names(players, tags)


def layers(scene: Scene) -> Layers:
    players = tuple((p.name, p.colour) for p in scene.state.players)
    pieces = "".join((
        pieces_layer(scene), clock_values(scene), actions_values(scene),
        players_values(scene), banner_values(scene),
    ))
    return Layers(_below(len(players)), lines_layer(scene) + acting_row(scene),
                  _above(players, scene.tags), pieces)
