"""Drawing the table: the one place the service turns a position into a PNG.

The renderer is imported only when the service starts drawing (a plain import inside the
function), so the service works (without pictures) where the drawing package or its native
libraries are missing, a command line that draws nothing starts quickly, and tests can pass
their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine import Game
from engine.text import ENGLISH, Words


class Renderer(Protocol):
    """Draws a position; ``previous`` is the one the previous picture showed, so that what
    changed since can be highlighted (None: only the last move); ``note`` is marked on the
    picture (``preview.NOTE`` on a preview's); ``layout`` is "landscape", "portrait" or
    "phone" (None: the server's); ``seat_notes`` are a few words per player name, written on
    that player's row; ``words`` writes its labels (the readers' language). ``layout``,
    ``seat_notes`` and ``words`` are passed only when set (``words``: another language than
    English)."""

    def __call__(self, game: Game, /, *, previous: Game | None = None, note: str = "",
                 layout: str | None = None,
                 seat_notes: Mapping[str, str] | None = None,
                 words: Words = ENGLISH) -> bytes: ...


def default_renderer() -> Renderer | None:
    """``render.render_png`` when it can be imported, else None (replies carry no picture)."""
    try:
        from render import render_png
    except ImportError:
        return None
    return render_png


def start_pictures(cache_layers: int, layout: str) -> None:
    """Apply the picture settings and draw the shared layers in the background (a no-op where
    the renderer cannot be imported), so the first picture after a start is not a slow one."""
    try:
        from render import configure, warm_up
    except ImportError:
        return
    configure(cache_layers, layout)
    warm_up()


def picture_name(game_id: int, moves: int) -> str:
    return f"bus-game{game_id}-move{moves:03d}.png"
