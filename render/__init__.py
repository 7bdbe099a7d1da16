"""The table picture: any game state drawn as SVG text and as a PNG.

``render_svg(game)`` gives the SVG document, ``render_png(game, size=1000)`` the PNG bytes with
the picture's long side ``size`` pixels. Both only read the game. The picture shows the city
with every line, building and passenger, the clock, the action board, a panel per player, who
must act now and, highlighted, everything that changed since the previous picture.

At start-up, ``configure(layers)`` sizes the caches from the settings and ``warm_up()`` draws the
parts every table shares in the background, before the first command needs them.
"""

from __future__ import annotations

from render.caches import configure
from render.png import render_png
from render.scene import GameView, Scene
from render.svg import layers
from render.warm import warm_up


def render_svg(game: GameView, *, move_highlight: bool = True,
               previous: GameView | None = None) -> str:
    """The table as an SVG document (user units are pixels of the 1450 x 1000 canvas).

    ``previous`` is the position the previous picture showed: every change since is
    highlighted and its moves listed (without it, only the last move)."""
    return layers(Scene.of(game, move_highlight=move_highlight, previous=previous)).svg()


__all__ = ["GameView", "configure", "render_png", "render_svg", "warm_up"]
