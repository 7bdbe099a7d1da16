"""Drawing the shared layers before the first command needs them.

A fresh process pays for much more than a picture on its first one: the city's geometry, the
fonts cairo looks up, the shared layers rasterised at the picture's size, the places around
every crossing where a passenger badge can go. ``warm_up`` pays all of that on a background
thread while the bot connects to Discord (or the console waits for its first line), so the first
command after a restart answers about as fast as any other.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

from engine import BOARD, Game
from render.pieces import warm_pieces
from render.png import render_png

log = logging.getLogger(__name__)

#: Stand-in players for the warm-up tables; their names are never shown anywhere.
NAMES = ("Ada", "Bram", "Cleo", "Dora", "Emil")


def warm_up(size: int | None = None, players: Iterable[int] = (3, 4, 5)) -> threading.Thread:
    """Start drawing the shared layers for these player counts at ``size`` (by default the size
    pictures are drawn at), in the configured layout; returns the thread (a daemon, so it never
    holds up a shutdown; ``join`` it to wait)."""
    thread = threading.Thread(target=_warm, args=(size, tuple(players)), daemon=True,
                              name="busbot-picture-warm-up")
    thread.start()
    return thread


def _warm(size: int | None, players: tuple[int, ...]) -> None:
    try:
        warm_pieces(BOARD.labels)
        for count in players:
            render_png(Game(list(NAMES[:count])), size=size)
    except Exception:  # a warm-up is an optimisation: the first picture will say what is wrong
        log.exception("warming up the picture failed")
