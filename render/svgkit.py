"""Writing SVG as plain text.

The picture is built as one string, element by element, without a document tree: it is the
cheapest way to make SVG, and the text is what the tests read back. Numbers are written with at
most one decimal, which keeps the document short and the drawing exact enough at any size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from render.theme import FONT

Point = tuple[float, float]

#: Characters XML 1.0 cannot hold at all: one in a player's name must not break every picture
#: of the game, so they are left out of the text (the service refuses them in names anyway).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(content: str) -> str:
    """``content`` without the characters an XML document cannot contain."""
    return content if content.isprintable() else _NOT_XML.sub("", content)


def num(v: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros."""
    text = f"{v:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def point(p: Point) -> str:
    """A point as two numbers, for path data."""
    return f"{num(p[0])} {num(p[1])}"


def attr(value: str | float) -> str:
    """An attribute value, quoted and escaped."""
    if isinstance(value, str):
        return quoteattr(xml_safe(value))
    return f'"{num(value)}"'


def element(tag: str, body: str = "", /, **attrs: str | float | None) -> str:
    """One element; ``class_`` and ``data_x`` style keywords become ``class`` and ``data-x``."""
    parts = [f"<{tag}"]
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f" {name}={attr(value)}")
    if body:
        parts.append(f">{body}</{tag}>")
    else:
        parts.append("/>")
    return "".join(parts)


def text(x: float, y: float, content: str, size: float, *, fill: str, bold: bool = False,
         anchor: str = "start", **extra: str | float | None) -> str:
    """A line of text whose ``y`` is the middle of the capital letters, not the baseline.

    Centring on the cap height is what makes labels sit in the middle of discs and pills.
    """
    return element(
        "text", escape(xml_safe(content)), x=x, y=y + size * 0.36, font_size=size, fill=fill,
        font_weight="bold" if bold else None, text_anchor=None if anchor == "start" else anchor,
        **extra,
    )


def text_lines(x: float, y: float, lines: Iterable[str], size: float, step: float, *,
               fill: str, bold: bool = False, anchor: str = "start",
               **extra: str | float | None) -> str:
    """Lines of text one under another, ``step`` apart, the first one's middle at ``y``
    (a block fitted by ``render.textfit.fit_block``)."""
    return "".join(text(x, y + i * step, line, size, fill=fill, bold=bold, anchor=anchor, **extra)
                   for i, line in enumerate(lines))


def circle_path(cx: float, cy: float, r: float) -> str:
    """A circle as path data, so that many circles of one colour can share one element."""
    return (f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
            f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z")


def rect_path(x: float, y: float, w: float, h: float, r: float = 0) -> str:
    """A rectangle with rounded corners of radius ``r`` as path data."""
    if r <= 0:
        return f"M{num(x)} {num(y)}h{num(w)}v{num(h)}h{num(-w)}Z"
    r = min(r, w / 2, h / 2)
    q = num(r)
    return (f"M{num(x + r)} {num(y)}h{num(w - 2 * r)}a{q} {q} 0 0 1 {q} {q}"
            f"v{num(h - 2 * r)}a{q} {q} 0 0 1 {num(-r)} {q}h{num(-(w - 2 * r))}"
            f"a{q} {q} 0 0 1 {num(-r)} {num(-r)}v{num(-(h - 2 * r))}a{q} {q} 0 0 1 {q} {num(-r)}Z")


def square_core(x: float, y: float, side: float, r: float) -> str:
    """The inner square of a rounded square centred on (x, y), as path data.

    Stroked ``2 r`` wide with round joins, it becomes the rounded square of ``side`` with corner
    radius ``r``: five numbers per card instead of some thirty for a path with four arcs, which
    matters when cairosvg parses every number of fifty cards for every picture.
    """
    inner = side - 2 * r
    return f"M{num(x - inner / 2)} {num(y - inner / 2)}h{num(inner)}v{num(inner)}h{num(-inner)}Z"


def rounded_squares(cores: str, *, r: float, fill: str, edge: str, edge_width: float,
                    **attrs: str | float | None) -> str:
    """Rounded squares drawn from ``square_core`` data: an edge ring, then the fill inside it."""
    if not cores:
        return ""
    return (path(cores, fill=edge, stroke=edge, stroke_width=2 * r + 2 * edge_width,
                 stroke_linejoin="round", **attrs)
            + path(cores, fill=fill, stroke=fill, stroke_width=2 * r, stroke_linejoin="round"))


def polyline_path(points: Iterable[Point], closed: bool = False) -> str:
    pts = list(points)
    head = f"M{num(pts[0][0])} {num(pts[0][1])}"
    body = "".join(f"L{num(x)} {num(y)}" for x, y in pts[1:])
    return head + body + ("Z" if closed else "")


def path(d: str, *, fill: str = "none", **attrs: str | float | None) -> str:
    """A path element; nothing at all when ``d`` is empty."""
    if not d:
        return ""
    return element("path", d=d, fill=fill, **attrs)


def document(width: float, height: float, body: str) -> str:
    """A complete SVG document of ``width`` x ``height`` user units, shown at that many pixels."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">{body}</svg>'
    )


def card(x: float, y: float, w: float, h: float, *, fill: str, edge: str, shadow: str) -> str:
    """A rounded card with a soft offset shadow, the frame of every panel."""
    return (path(rect_path(x + 1.5, y + 3, w, h, 12), fill=shadow)
            + path(rect_path(x, y, w, h, 12), fill=fill, stroke=edge, stroke_width=1.2))


def caps(x: float, y: float, content: str, size: float, *, fill: str,
         anchor: str = "start") -> str:
    """A small spaced-out heading in capitals."""
    return text(x, y, content.upper(), size, fill=fill, bold=True, anchor=anchor,
                letter_spacing="1.2")
