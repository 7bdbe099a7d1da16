"""The table picture: any game state drawn as SVG text and as a PNG.

``render_svg(game)`` gives the SVG document, ``render_png(game, size=1000)`` the PNG bytes with
the picture's long side ``size`` pixels. Both only read the game. The picture shows the city
with every line, building and passenger, the clock, the action board, a panel per player, who
must act now and, highlighted, everything that changed since the previous picture.

At start-up, ``configure(layers)`` sizes the caches from the settings and ``warm_up()`` draws the
parts every table shares in the background, before the first command needs them.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.text import ENGLISH, Text, Words
from render import caches
from render.caches import DEFAULT_LAYERS
from render.layout import LAYOUTS, default_layout, layout_named, set_default_layout
from render.png import render_png
from render.scene import GameView, Scene
from render.svg import layers
from render.warm import warm_up


def render_svg(game: GameView, *, move_highlight: bool = True,
               previous: GameView | None = None, layout: str | None = None,
               note: str | Text = "", seat_notes: Mapping[str, str | Text] | None = None,
               words: Words = ENGLISH) -> str:
    """The table as an SVG document (user units are pixels: 1450 x 1000 in landscape).

    ``previous`` is the position the previous picture showed: every change since is
    highlighted and its moves listed (without it, only the last move). ``layout`` is
    "landscape", "portrait" or "phone" (default: as configured, else landscape). ``note`` is
    marked at the top of the banner, so a picture of a position that is not the table's (a
    preview) cannot be taken for it. ``seat_notes`` (player name -> a few words: "dropped",
    "away until 2 Dec", "bot (normal)") are written on those players' rows, so a seat's state
    reads in words, not from colour alone. ``words`` writes every label (and ``note`` and
    ``seat_notes`` where they are ``Text``) in the reader's language: the caller passes a
    catalogue's; the renderer never loads one."""
    chosen = layout_named(layout) if layout is not None else default_layout()
    return layers(Scene.of(game, move_highlight=move_highlight, previous=previous, note=note,
                           seat_notes=seat_notes, words=words), chosen).svg()


def configure(layers: int = DEFAULT_LAYERS, layout: str = "landscape") -> None:
    """Apply the settings: ``layers`` shared picture layers kept (``picture_cache``) and the
    layout pictures take unless asked otherwise (``picture_layout``)."""
    set_default_layout(layout)
    caches.configure(layers)


__all__ = ["LAYOUTS", "GameView", "configure", "render_png", "render_svg", "warm_up"]
