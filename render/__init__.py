"""The table picture: any game state drawn as SVG text and as a PNG.

``render_svg(game)`` gives the SVG document, ``render_png(game, size=1000)`` the PNG bytes with
the picture's long side ``size`` pixels. Both only read the game. The picture shows the city
with every line, building and passenger, the clock, the action board, a panel per player, who
must act now and the last move, highlighted.
"""

from __future__ import annotations

from render.png import render_png
from render.scene import GameView, Scene
from render.svg import layers


def render_svg(game: GameView, *, move_highlight: bool = True) -> str:
    """The table as an SVG document (user units are pixels of the 1450 x 1000 canvas)."""
    return layers(Scene.of(game, move_highlight=move_highlight)).svg()


__all__ = ["GameView", "render_png", "render_svg"]
