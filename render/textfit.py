"""Measuring text the way the PNG will draw it, to wrap and shorten it before it overflows.

cairosvg draws text with cairo's own font selection, so cairo is asked for the widths too: the
measure then matches the picture on any machine, whatever font fontconfig finds for the family.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
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


def spaced_width(content: str, size: float, bold: bool = False, spacing: float = 0.0) -> float:
    """The advance width of ``content`` drawn with ``spacing`` user units after each character
    (SVG's ``letter-spacing``), as the capitals of the picture's tags are."""
    return width(content, size, bold) + spacing * len(content)


@dataclass(frozen=True, slots=True)
class Block:
    """Text fitted into a box: the type size chosen and its lines (each fits the box's width)."""

    size: float
    lines: tuple[str, ...]
    #: distance between two lines' middles
    step: float
    #: whether some of the text had to be cut (it did not fit even at the smallest size)
    cut: bool = False

    @property
    def height(self) -> float:
        return self.step * len(self.lines)


def fit_block(content: str, size: float, room: float, height: float, *, smallest: float,
              bold: bool = False, spacing: float = 0.0, leading: float = 1.18) -> Block:
    """``content`` at the largest type size from ``size`` down to ``smallest`` (in half units)
    whose lines, broken at spaces, each fit ``room`` and together fit ``height``; measured as
    drawn (letter spacing included), so a longer translation shrinks or wraps instead of
    running out of its box. Only what cannot fit even at ``smallest`` is cut, with an ellipsis,
    on the last line that fits."""
    content = xml_safe(" ".join(content.split()))
    steps = max(0, round((size - smallest) * 2))
    for k in range(steps + 1):
        at = size - k / 2
        step = at * leading
        most = max(1, int(height // step))
        lines = _broken(content, at, room, most, bold, spacing)
        if lines is not None:
            return Block(at, tuple(lines), step)
    at = smallest
    step = at * leading
    most = max(1, int(height // step))
    # more than the box can show is never measured
    cut = content[:most * most_chars(at, room)]
    lines = _broken(cut, at, room, len(cut) + 1, bold, spacing, strict=False) or [cut]
    kept = lines[:most]
    if len(lines) > most:
        kept[-1] = " ".join(lines[most - 1:])
    return Block(at, tuple(_cut(line, at, room, bold, spacing) for line in kept), step, True)


def fit_few_lines(content: str, size: float, room: float, height: float, *, few: int,
                  readable: float, smallest: float, bold: bool = False, spacing: float = 0.0,
                  leading: float = 1.18) -> Block:
    """``fit_block``, preferring at most ``few`` lines at ``readable`` size or larger (two lines
    a little smaller read better than four at full size); only text that does not fit so takes
    more lines of the ``height``, and smaller type down to ``smallest``."""
    block = fit_block(content, size, room, min(height, few * readable * leading + 0.5),
                      smallest=readable, bold=bold, spacing=spacing, leading=leading)
    if not block.cut:
        return block
    return fit_block(content, size, room, height, smallest=smallest, bold=bold,
                     spacing=spacing, leading=leading)


def _broken(content: str, size: float, room: float, most: int, bold: bool,
            spacing: float, strict: bool = True) -> list[str] | None:
    """``content`` broken at spaces into lines no wider than ``room``, or None when that takes
    more than ``most`` lines or a word alone is wider (not ``strict``: such a word takes a line
    of its own, to be cut)."""
    out: list[str] = []
    current = ""
    for word in content.split(" "):
        trial = f"{current} {word}" if current else word
        if spaced_width(trial, size, bold, spacing) <= room:
            current = trial
            continue
        if strict and (not current or spaced_width(word, size, bold, spacing) > room):
            return None
        if current:
            out.append(current)
        current = word
        if len(out) >= most:
            return None
    out.append(current)
    return out if len(out) <= most else None


def _cut(content: str, size: float, room: float, bold: bool, spacing: float) -> str:
    """``content`` cut with an ellipsis where it would be wider than ``room`` (halving)."""
    if spaced_width(content, size, bold, spacing) <= room:
        return content
    fits, too_long = 0, len(content) + 1
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if spaced_width(content[:mid] + "…", size, bold, spacing) <= room:
            fits = mid
        else:
            too_long = mid
    return content[:fits].rstrip() + "…"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text fitted into a room: what is drawn and at what type size."""

    content: str
    size: float


def fit_line(content: str, size: float, room: float, *, smallest: float, bold: bool = False,
             spacing: float = 0.0) -> Line:
    """``content`` on one line no wider than ``room``: at ``size`` where it fits (a label in
    English does, so its picture is unchanged), else at the largest size down to ``smallest``
    (in half units) where it does, measured as drawn; only what does not fit even at
    ``smallest`` is cut with an ellipsis. For labels with one line of room: a column head, a
    caption beside a count, a tag. One measurement when the label fits."""
    most = most_chars(smallest, room)  # more can never fit, so is never measured
    content = xml_safe(content[:most + 1])
    if len(content) > most:
        return Line(_cut(content[:most], smallest, room, bold, spacing), smallest)
    if spaced_width(content, size, bold, spacing) <= room:
        return Line(content, size)
    steps = max(0, round((size - smallest) * 2))
    for k in range(1, steps + 1):
        at = size - k / 2
        if spaced_width(content, at, bold, spacing) <= room:
            return Line(content, at)
    return Line(_cut(content, smallest, room, bold, spacing), smallest)
