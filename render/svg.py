"""The table picture as SVG text, in four layers.

Two layers hold what is the same for every table with as many players (the city, the lots, the
empty cards and action board) and two hold what belongs to one game. The players' lines must
run above the streets but below the crossing discs and labels: so a game's layer ("under": the
lines and the acting player's row tint) lies between the two shared ones, and the other
("pieces": names, buildings, passengers, markers, numbers, highlights) lies on top. Nothing of
one game is in a shared layer, so the shared layers are made once per player count and reused
for every picture of every game; the PNG side rasterises them once per size (``render.png``).
"""

from __future__ import annotations

from dataclasses import dataclass

from render.action_board import actions_frame, actions_values
from render.banner import banner_frame, banner_values
from render.caches import sized
from render.city import city_above, city_below
from render.clock import clock_frame, clock_values
from render.layout import CANVAS_H, CANVAS_W
from render.legend import legend_frame
from render.lines import lines_layer
from render.pieces import pieces_layer
from render.players import acting_row, players_frame, players_names, players_values
from render.scene import Scene
from render.svgkit import document


@dataclass(frozen=True, slots=True)
class Layers:
    """The picture's four layers, bottom first; ``below`` and ``above`` are shared by every
    table of ``players`` players (``shared_below(players)`` and ``shared_above()``)."""

    players: int
    below: str
    under: str
    above: str
    pieces: str

    def svg(self) -> str:
        """The whole picture as one SVG document."""
        return document(CANVAS_W, CANVAS_H, self.below + self.under + self.above + self.pieces)


@sized("svg-below")
def shared_below(players: int) -> str:
    """The paper, streets, lot ties, and every card's frame for ``players`` players."""
    return "".join((
        city_below(), clock_frame(), legend_frame(), banner_frame(), actions_frame(),
        players_frame(players),
    ))


def shared_above() -> str:
    """The lots, crossings and labels, over the lines (the same for every table)."""
    return city_above()


def layers(scene: Scene) -> Layers:
    players = len(scene.state.players)
    pieces = "".join((
        players_names(scene), pieces_layer(scene), clock_values(scene),
        actions_values(scene), players_values(scene), banner_values(scene),
    ))
    return Layers(players, shared_below(players), lines_layer(scene) + acting_row(scene),
                  shared_above(), pieces)
