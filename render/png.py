"""The table picture as PNG bytes: cairosvg draws, Pillow packs.

Speed comes from drawing less. The two shared layers of the picture (``render.svg``) are
rasterised once per player count and size, for every game alike, and kept; each picture starts
from a copy of the lower one, lets cairosvg draw only the lines (and the acting player's tint)
on it, lays the upper shared layer over them, and lets cairosvg draw the game's pieces and names.
Drawing goes straight onto one cairo surface, so no layer is ever encoded or decoded on the way.
However many games are drawn in turn, a picture costs the same: no game has layers of its own.

Pillow then turns the pixels into a 256-colour palette image: the picture is flat colours and
anti-aliased edges, which a palette keeps without visible loss at a quarter of the bytes, and the
smaller image also compresses faster. zlib level 6 is the knee of the curve: on the benchmark's
late-game table at 1000 px it packs 68 KB in about 7 ms, where level 1 gives 84 KB in 3 ms and
level 9 saves 3 KB more for some 120 ms.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Mapping
from typing import Any

import cairocffi  # type: ignore[import-untyped]
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image

from engine.text import ENGLISH, Text, Words
from render.caches import sized
from render.layout import LANDSCAPE, Layout, default_layout, layout_named
from render.scene import GameView, Scene
from render.svg import Layers, layers, shared_above, shared_below
from render.svgkit import document

ZLIB_LEVEL = 6
#: cairo keeps pixels as native-endian 32-bit ARGB words; the alpha byte is ignored (opaque)
_RAW_MODE = "BGRX" if sys.byteorder == "little" else "XRGB"
COLOURS = 256


#: The cached fixed layers are shared by the bot's drawing threads; one copies from them at a time.
_SHARED = threading.Lock()


class _DrawOnto(PNGSurface):  # type: ignore[misc]
    """cairosvg's PNG surface, drawing onto a cairo surface it is given instead of a new one."""

    def __init__(self, target: Any, svg: str, width: int, height: int) -> None:
        self._target = target
        super().__init__(Tree(bytestring=svg.encode()), None, 96, output_width=width,
                         output_height=height)

    def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
        return self._target, width, height


def pixel_size(size: int, layout: Layout = LANDSCAPE) -> tuple[int, int]:
    """Width and height in pixels of a picture whose long side is ``size`` pixels."""
    if size < 100:
        raise ValueError(f"a picture of {size} pixels would be unreadable; ask for 100 or more")
    scale = size / max(layout.width, layout.height)
    return round(layout.width * scale), round(layout.height * scale)


def _draw(target: Any, layout: Layout, body: str, width: int, height: int) -> None:
    _DrawOnto(target, document(layout.width, layout.height, body), width, height)


@sized("picture-layers")
def shared_layer(which: str, players: int, layout: Layout, width: int, height: int,
                 words: Words = ENGLISH) -> Any:
    """A shared layer (``below`` for ``players`` players with its labels in ``words``, or
    ``above``, which has no words) rasterised at one size."""
    body = shared_below(players, layout, words) if which == "below" else shared_above(layout)
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
    _draw(surface, layout, body, width, height)
    surface.flush()
    return surface


def rasterise(picture: Layers, size: int) -> Image.Image:
    """The picture's pixels as an RGB image, long side ``size``."""
    layout = picture.layout
    width, height = pixel_size(size, layout)
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
    context = cairocffi.Context(surface)
    below = shared_layer("below", picture.players, layout, width, height, picture.words)
    above = shared_layer("above", 0, layout, width, height)
    with _SHARED:
        context.set_source_surface(below)
        context.paint()
    _draw(surface, layout, picture.under, width, height)
    with _SHARED:
        context.set_source_surface(above)
        context.paint()
    _draw(surface, layout, picture.pieces, width, height)
    surface.flush()
    data = bytes(surface.get_data())
    stride = surface.get_stride()
    return Image.frombuffer("RGB", (width, height), data, "raw", _RAW_MODE, stride, 1)


def encode(image: Image.Image) -> bytes:
    """PNG bytes of an RGB image, as a 256-colour palette image."""
    palette = image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, "PNG", compress_level=ZLIB_LEVEL)
    return out.getvalue()


def render_png(game: GameView, *, size: int | None = None, move_highlight: bool = True,
               previous: GameView | None = None, layout: str | None = None,
               note: str | Text = "", seat_notes: Mapping[str, str | Text] | None = None,
               words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes, ``size`` pixels on its long side (by default the layout's own:
    1000 landscape, 1400 portrait, 1940 phone); ``previous``, ``layout``, ``note``,
    ``seat_notes`` and ``words`` as for ``render_svg``."""
    chosen = layout_named(layout) if layout is not None else default_layout()
    picture = layers(Scene.of(game, move_highlight=move_highlight, previous=previous,
                              note=note, seat_notes=seat_notes, words=words), chosen)
    return encode(rasterise(picture, size or chosen.size))
