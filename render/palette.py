"""How far apart the players' colours look, with normal colour vision and with each of the
three kinds of colour blindness.

A colour blind player sees a colour as Machado, Oliveira and Fernandes (2009) simulate it: a
3 x 3 matrix on linear RGB, at full severity. How different two colours look is CIEDE2000, the
CIE's colour difference formula: about 2 is a just-noticeable difference, and two thin lines side
by side on a phone need far more. ``python -m render.palette`` prints the closest pairs for each
kind of vision; the tests hold the player colours to ``SEPARATION``.
"""

from __future__ import annotations

import itertools
import math

from engine.state import COLOURS
from render.theme import PAPER, player_colour

Matrix = tuple[tuple[float, float, float], ...]
Lab = tuple[float, float, float]

#: The least CIEDE2000 difference between two player colours under every kind of vision.
SEPARATION = 25.0

VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def seen(colour: str, vision: str) -> Lab:
    """``colour`` (``#rrggbb``) as someone with ``vision`` sees it, in CIELAB (D65)."""
    rgb = [_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]
    matrix = VISIONS[vision]
    if matrix is not None:
        rgb = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
               for row in matrix]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def difference(one: Lab, other: Lab) -> float:
    """CIEDE2000 colour difference."""
    l1, a1, b1 = one
    l2, a2, b2 = other
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh) / 2)
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6))
         - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_cp
    sh = 1 + 0.015 * mean_cp * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    dl, dc, dhh = (l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh
    return math.sqrt(dl * dl + dc * dc + dhh * dhh + rt * dc * dhh)


def pairs(vision: str, names: tuple[str, ...] = COLOURS) -> list[tuple[float, str, str]]:
    """Every pair of the game's colours with their difference under ``vision``, closest first."""
    labs = {name: seen(player_colour(name, seat), vision) for seat, name in enumerate(names)}
    return sorted((difference(labs[a], labs[b]), a, b)
                  for a, b in itertools.combinations(names, 2))


def on_paper(vision: str, names: tuple[str, ...] = COLOURS) -> list[tuple[float, str]]:
    """Each colour's difference from the city's paper under ``vision``, closest first."""
    paper = seen(PAPER, vision)
    return sorted((difference(seen(player_colour(n, s), vision), paper), n)
                  for s, n in enumerate(names))


def main() -> None:
    for vision in VISIONS:
        closest = "  ".join(f"{a}/{b} {d:.1f}" for d, a, b in pairs(vision)[:3])
        paper = on_paper(vision)[0]
        print(f"{vision:13s} closest pairs: {closest}; nearest the paper: {paper[1]} "
              f"{paper[0]:.1f}")


if __name__ == "__main__":
    main()
