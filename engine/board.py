"""The city board: crossings, streets and building lots.

The topology is data, not code: it is read once from the packaged ``data/city.json`` (the project's
own copy) so that the rules and the map drawing share one source of truth.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache

ZONES = ("A", "B", "C", "D")
STATIONS = ("WS", "ES")


@dataclass(frozen=True, slots=True)
class Crossing:
    label: str
    kind: str  # "crossing", "park" or "station"
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Lot:
    index: int
    node: str
    zone: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Street:
    index: int
    a: str
    b: str

    def other(self, label: str) -> str:
        return self.b if label == self.a else self.a

    @property
    def name(self) -> str:
        return f"{self.a}-{self.b}"


class Board:
    """Immutable board topology with the look-up tables the rules need on every move."""

    def __init__(self, data: dict[str, object]) -> None:
        nodes = data["nodes"]
        streets = data["streets"]
        lots = data["lots"]
        assert isinstance(nodes, list) and isinstance(streets, list) and isinstance(lots, list)
        self.crossings: dict[str, Crossing] = {
            n["label"]: Crossing(n["label"], n["kind"], float(n["x"]), float(n["y"])) for n in nodes
        }
        self.labels: tuple[str, ...] = tuple(self.crossings)
        self.streets: tuple[Street, ...] = tuple(
            Street(i, a, b) for i, (a, b) in enumerate(streets)
        )
        self.lots: tuple[Lot, ...] = tuple(
            Lot(i, lot["node"], lot["zone"], float(lot["x"]), float(lot["y"]))
            for i, lot in enumerate(lots)
        )
        # label -> list of (neighbour label, street index)
        self.adjacent: dict[str, tuple[tuple[str, int], ...]] = {}
        for label in self.labels:
            self.adjacent[label] = tuple(
                (s.other(label), s.index) for s in self.streets if label in (s.a, s.b)
            )
        self._street_between: dict[tuple[str, str], int] = {}
        for s in self.streets:
            self._street_between[(s.a, s.b)] = s.index
            self._street_between[(s.b, s.a)] = s.index
        self.lots_at: dict[str, tuple[int, ...]] = {
            label: tuple(lot.index for lot in self.lots if lot.node == label)
            for label in self.labels
        }
        self.lots_in_zone: dict[str, tuple[int, ...]] = {
            z: tuple(lot.index for lot in self.lots if lot.zone == z) for z in ZONES
        }
        self.park: tuple[str, ...] = tuple(
            c.label for c in self.crossings.values() if c.kind == "park"
        )

    def street_between(self, a: str, b: str) -> int | None:
        """The index of the street joining two crossings, or None when they are not neighbours."""
        return self._street_between.get((a, b))

    def is_label(self, label: str) -> bool:
        return label in self.crossings


@cache
def load_board() -> Board:
    """The packaged city board, loaded once per process (read beside this module rather than
    through ``importlib.resources``, whose import alone costs a fast command line more)."""
    with open(os.path.join(os.path.dirname(__file__), "data", "city.json"),
              encoding="utf-8") as handle:
        return Board(json.load(handle))


BOARD = load_board()
