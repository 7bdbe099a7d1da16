"""How large the picture's small print is on a screen: read back from the SVG, not assumed.

A picture posted to Discord is fitted to the width of the screen that shows it; on a phone held
upright that is about 390 CSS pixels. ``label_heights`` reads every crossing label, passenger
count and marker on the action board out of the SVG document, follows the transformations of
the groups around it (a layout moves and enlarges whole regions), and gives each kind's
smallest type size in CSS pixels at that width. The benchmark prints it per layout and a test
holds the phone layout to its promise, so the figure can never drift from the drawing.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping

#: A phone held upright: the CSS pixels across that a posted picture is fitted to.
PHONE_WIDTH = 390.0
#: The smallest readable type on a phone, in CSS pixels (the phone layout's promise).
READABLE = 9.0
#: The small print that must stay readable, by the class the drawing gives it.
SMALL_PRINT = {"label": "crossing label", "waiting": "passenger count",
               "marker": "action-board marker"}
#: The small print a position shows only at times: what each action space gives now (while
#: choosing and resolving the spaces that have a count).
AT_TIMES = {"worth": "action-space value"}

_SCALE = re.compile(r"scale\(\s*([-\d.eE+]+)")


def _scale_of(node: ET.Element) -> float:
    match = _SCALE.search(node.get("transform") or "")
    return float(match.group(1)) if match else 1.0


def label_heights(svg: str, width: float = PHONE_WIDTH,
                  kinds: Mapping[str, str] = SMALL_PRINT) -> dict[str, float]:
    """The smallest type size, in CSS pixels, of each kind of ``kinds`` (by the class the
    drawing gives it; ``SMALL_PRINT`` unless told) in ``svg`` shown ``width`` CSS pixels wide;
    a kind the picture does not show is left out."""
    root = ET.fromstring(svg)
    view = (root.get("viewBox") or "").split()
    canvas = float(view[2]) if len(view) == 4 else float(root.get("width") or width)
    smallest: dict[str, float] = {}
    stack: list[tuple[ET.Element, float]] = [(root, width / canvas)]
    while stack:
        node, scale = stack.pop()
        scale *= _scale_of(node)
        classes = set((node.get("class") or "").split())
        for kind in classes & kinds.keys():
            size = float(node.get("font-size") or 0.0) * scale
            smallest[kind] = min(size, smallest.get(kind, size))
        stack.extend((child, scale) for child in node)
    return smallest
