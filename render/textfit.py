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
from render.svgkit import xml_safe
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


#: No visible character of the font is narrower than this share of the type size (``i`` and
#: ``l`` are 0.28). Half of it bounds how many characters can possibly fit in a room, so text
#: that is thousands of characters long is cut before anything is measured, and fitting text
#: costs the same for a hostile 30,000-character name as for a long ordinary one.
NARROWEST = 0.25


def _advance(content: str, size: float, bold: bool) -> float:
    with _MEASURING:
        advance: float = _context(bold).text_extents(content)[4]
    return advance * size / 100.0


@sized("text-widths", TEXTS_PER_LAYER)
def width(content: str, size: float, bold: bool = False) -> float:
    """The advance width of ``content`` at ``size`` user units."""
    return _advance(content, size, bold)


def most_chars(size: float, room: float) -> int:
    """More characters than can ever fit in ``room`` (with zero-width marks among them)."""
    return 2 * (int(room / (size * NARROWEST)) + 2)


def shorten(content: str, size: float, room: float, bold: bool = False) -> str:
    """``content``, cut with an ellipsis where it would be wider than ``room``.

    The longest prefix that fits is found by halving, on at most ``most_chars`` characters: a
    few measurements of bounded text, whatever the length of ``content``.
    """
    most = most_chars(size, room)
    content = xml_safe(content[:most * 2])  # what the picture can show, measured as drawn
    if len(content) <= most and width(content, size, bold) <= room:
        return content
    cut = content[:most]
    fits, too_long = 0, len(cut) + 1  # prefix lengths: ``fits`` fits, ``too_long`` does not
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if _advance(cut[:mid] + "…", size, bold) <= room:
            fits = mid
        else:
            too_long = mid
    return cut[:fits].rstrip() + "…"


_UNITS = ((10**3, "k"), (10**6, "M"), (10**9, "G"))


def count_text(n: int) -> str:
    """A count in at most five characters, so no number can push a panel apart: ``12k``."""
    if -9999 <= n <= 9999:
        return str(n)
    for unit, suffix in _UNITS:
        if abs(n) < unit * 1000:
            return f"{n // unit if n > 0 else -(-n // unit)}{suffix}"
    return "1T+" if n > 0 else "-1T+"


def wrap(content: str, size: float, room: float, lines: int, bold: bool = False) -> list[str]:
    """``content`` broken at spaces into at most ``lines`` lines no wider than ``room``."""
    # more cannot show, so is never measured
    content = xml_safe(content[:lines * most_chars(size, room)])
    out: list[str] = []
    current = ""
    words = content.split()
    for i, word in enumerate(words):
        trial = f"{current} {word}" if current else word
        if width(trial, size, bold) <= room or not current:
            current = trial
            continue
        if len(out) == lines - 1:  # the last line takes the rest, cut with an ellipsis
            current = " ".join([current, *words[i:]])
            break
        out.append(current)
        current = word
    if current:
        out.append(current)
    return [shorten(line, size, room, bold) for line in out[:lines]]
