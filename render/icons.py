"""The icons of ``assets/``: loaded once, then moved and scaled as path data.

An icon is not placed with ``<use>`` or a transformed group: its path data is rewritten at the
spot where it stands, so every house on the map (say) joins one path element per colour. One
element for thirty houses draws much faster than thirty groups, and the SVG stays small.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from importlib import resources

from render.svgkit import num

ICON_BOX = 24.0  # every asset is drawn in a 24 x 24 box

_TOKEN = re.compile(r"[MLHVQCAZ]|-?(?:\d+\.?\d*|\.\d+)")
#: numbers each absolute command takes, and which of them are x (0) or y (1) or kept (2)
_ARGS: dict[str, tuple[int, ...]] = {
    "M": (0, 1), "L": (0, 1), "H": (0,), "V": (1,), "Q": (0, 1, 0, 1),
    "C": (0, 1, 0, 1, 0, 1), "A": (3, 3, 2, 2, 2, 0, 1), "Z": (),
}


@dataclass(frozen=True, slots=True)
class Icon:
    name: str
    #: path data per role ("body", "detail"), in the 24 x 24 box
    roles: dict[str, str]

    def at(self, x: float, y: float, size: float, role: str = "body") -> str:
        """The path data of one role with the icon's box centred on (x, y), ``size`` wide."""
        data = self.roles.get(role)
        if data is None:
            return ""
        return place(data, x - size / 2, y - size / 2, size / ICON_BOX)


def place(data: str, dx: float, dy: float, scale: float) -> str:
    """Absolute path data scaled by ``scale`` then moved by (dx, dy).

    Arc radii (kind 3) scale too; arc rotation and flags (kind 2) stay as they are.
    """
    out: list[str] = []
    tokens = _TOKEN.findall(data)
    i = 0
    command = ""
    while i < len(tokens):
        token = tokens[i]
        if token in _ARGS:
            command = token
            out.append(token)
            i += 1
            if command == "Z":
                continue
        kinds = _ARGS[command]
        values: list[str] = []
        for kind in kinds:
            v = float(tokens[i])
            i += 1
            if kind == 0:
                values.append(num(v * scale + dx))
            elif kind == 1:
                values.append(num(v * scale + dy))
            elif kind == 3:
                values.append(num(v * scale))
            else:
                values.append(tokens[i - 1])
        out.append(" ".join(values))
        if i < len(tokens) and tokens[i] not in _ARGS:
            out.append(" ")  # implicit repetition of the command
    return "".join(out)


def asset_text(filename: str) -> str:
    """A file of the packaged ``assets`` package."""
    return resources.files("assets").joinpath(filename).read_text(encoding="utf-8")


@cache
def icon(name: str) -> Icon:
    """One icon of the packaged ``assets`` folder."""
    root = ET.fromstring(asset_text(f"{name}.svg"))
    roles: dict[str, str] = {}
    for node in root.iter():
        if node.tag.rsplit("}", 1)[-1] != "path":
            continue
        role = node.get("data-role", "body")
        d = node.get("d", "")
        if any(c.islower() for c in d if c.isalpha()):
            raise ValueError(f"{name}.svg: icons use absolute path commands only")
        roles[role] = f"{roles[role]} {d}" if role in roles else d
    return Icon(name, roles)
