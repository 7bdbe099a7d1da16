"""The table at every position of a game, stored once: the parts of the picture that change,
split into elements, each distinct element kept once.

The picture is four layers (``render.svg``): two shared by every table with as many players,
drawn once per layout, and two of the game's own. Those two are made of parts (the lines, the
acting row, the names, the map's pieces and clock, the action board's values, the players'
values, the banner), each drawn in the landscape canvas's coordinates and moved (and, for the
phone, enlarged) into place by its region's ``render.svg.placement``. Between one move and the
next most elements of most parts stay as they were, so a position is stored as, per part, the
number of a list of element numbers; elements and lists are each kept once. A 5-player game
of 250 moves comes to a few hundred kilobytes (``benchmarks/bench_page.py`` prints it), where
250 whole pictures would take ten megabytes. ``position_svg`` puts one back together the way
the page's script does; the tests check it is exactly ``render_svg`` of that position.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.game import Game
from engine.history import walk
from engine.text import ENGLISH, Words
from render.action_board import actions_values
from render.banner import banner_values
from render.clock import clock_values
from render.layout import Layout
from render.lines import lines_layer
from render.pieces import pieces_layer
from render.players import acting_row, players_names, players_values
from render.scene import Scene
from render.svg import region, shared_above, shared_below
from render.svgkit import document

#: Where the game's parts go, bottom first: (name, region); ``SPLIT`` lists the shared "above"
#: layer's place among them.
PARTS: tuple[tuple[str, str, Callable[[Scene], str]], ...] = (
    ("lines", "map", lines_layer),
    ("acting", "players", acting_row),
    ("names", "players", players_names),
    ("map", "map", lambda scene: pieces_layer(scene) + clock_values(scene)),
    ("actions", "actions", actions_values),
    ("values", "players", players_values),
    ("banner", "banner", banner_values),
)
#: the parts under the shared "above" layer (the lines run below the crossings and labels)
UNDER = 2

_TAG = re.compile(r"<(/?)[^>]*?(/?)>")


def elements(body: str) -> list[str]:
    """``body``'s top-level elements, in order (one pass; the renderer escapes every ``<``
    inside text and attributes, so each ``<`` opens or closes a tag)."""
    out: list[str] = []
    depth = start = 0
    for tag in _TAG.finditer(body):
        if tag.group(1):
            depth -= 1
        elif not tag.group(2):
            depth += 1
        if depth == 0:
            out.append(body[start:tag.end()])
            start = tag.end()
    if start != len(body) or depth:
        raise ValueError("a part of the picture is not a list of whole elements")
    return out


class _Table:
    """Distinct values, each numbered once, in order of first use."""

    def __init__(self) -> None:
        self.index: dict[object, int] = {}

    def number(self, value: object) -> int:
        found = self.index.get(value)
        if found is None:
            found = self.index[value] = len(self.index)
        return found

    def values(self) -> list[object]:
        return list(self.index)


@dataclass(frozen=True, slots=True)
class Frames:
    """Every position of a game: ``positions[n][k]`` is the list (in ``lists``) of the element
    numbers (in ``elements``) part ``k`` shows after ``n`` moves."""

    players: int
    elements: tuple[str, ...]
    lists: tuple[tuple[int, ...], ...]
    positions: tuple[tuple[int, ...], ...]

    def part(self, n: int, k: int) -> str:
        return "".join(self.elements[i] for i in self.lists[self.positions[n][k]])


def frames(game: Game, words: Words = ENGLISH) -> Frames:
    """The game's parts at every position from the start to its last move, each highlighting
    the move that led to it, as the posted picture did; labels written with ``words``."""
    shapes, lists = _Table(), _Table()
    positions: list[tuple[int, ...]] = []
    for _played, table in walk(game):
        scene = Scene.of(table, words=words)
        positions.append(tuple(
            lists.number(tuple(shapes.number(e) for e in elements(draw(scene))))
            for _name, _region, draw in PARTS))
    return Frames(len(game.players), tuple(str(e) for e in shapes.values()),
                  tuple(_ints(v) for v in lists.values()), tuple(positions))


def _ints(value: object) -> tuple[int, ...]:
    assert isinstance(value, tuple)
    return tuple(int(i) for i in value)


def position_svg(data: Frames, n: int, layout: Layout, words: Words = ENGLISH) -> str:
    """Position ``n`` as one SVG document, assembled as the page's script assembles it (the
    shared layer's labels in ``words``, as ``data`` was made)."""
    bodies: Iterable[str] = (region(layout, where, data.part(n, k))
                             for k, (_name, where, _draw) in enumerate(PARTS))
    drawn = list(bodies)
    return document(layout.width, layout.height,
                    shared_below(data.players, layout, words) + "".join(drawn[:UNDER])
                    + shared_above(layout) + "".join(drawn[UNDER:]))
