"""Measuring text the way the PNG will draw it, to wrap and shorten it before it overflows.

cairosvg draws text with cairo's own font selection, so cairo is asked for the widths too: the
measure then matches the picture on any machine, whatever font fontconfig finds for the family.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

import cairocffi  # type: ignore[import-untyped]

from render.caches import TEXTS_PER_LAYER, sized
from render.theme import FONT_FACE


@cache
def _context(bold: bool) -> Any:
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, 1, 1)
    context = cairocffi.Context(surface)
    weight = cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL
    context.select_font_face(FONT_FACE, cairocffi.FONT_SLANT_NORMAL, weight)
    context.set_font_size(100.0)
    return context


#: The bot draws pictures on several threads; a cairo context must not be used by two at once.
_MEASURING = threading.Lock()


@sized("text-widths", TEXTS_PER_LAYER)
def width(content: str, size: float, bold: bool = False) -> float:
    """The advance width of ``content`` at ``size`` user units."""
    with _MEASURING:
        advance: float = _context(bold).text_extents(content)[4]
    return advance * size / 100.0


def shorten(content: str, size: float, room: float, bold: bool = False) -> str:
    """``content``, cut with an ellipsis where it would be wider than ``room``."""
    if width(content, size, bold) <= room:
        return content
    cut = content
    while cut and width(cut + "…", size, bold) > room:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def wrap(content: str, size: float, room: float, lines: int, bold: bool = False) -> list[str]:
    """``content`` broken at spaces into at most ``lines`` lines no wider than ``room``."""
    out: list[str] = []
    current = ""
    words = content.split()
    for i, word in enumerate(words):
        trial = f"{current} {word}" if current else word
        if width(trial, size, bold) <= room or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        out.append(current)
    return [shorten(line, size, room, bold) for line in out[:lines]]
