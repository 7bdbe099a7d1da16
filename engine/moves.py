"""Typed moves and their one canonical text form (what logs store).

A move does not carry its player: the game knows whose decision it is, and the log line does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

ActionName = Literal["lines", "buses", "passengers", "buildings", "clock", "vroom", "start"]
BuildingType = Literal["house", "office", "pub"]

#: Resolution order (R4) and the names printed on the action board.
ACTIONS: tuple[ActionName, ...] = (
    "lines", "buses", "passengers", "buildings", "clock", "vroom", "start",
)
ACTION_TITLES: dict[str, str] = {
    "lines": "Line expansion",
    "buses": "Buses",
    "passengers": "Passengers",
    "buildings": "Buildings",
    "clock": "Clock",
    "vroom": "Vrrooomm",
    "start": "Starting player",
}
#: Actions with one space per round; the others have six (R3).
SINGLE_SPACE: frozenset[str] = frozenset({"buses", "clock", "start"})
BUILDING_TYPES: tuple[BuildingType, ...] = ("house", "office", "pub")


@dataclass(frozen=True, slots=True)
class PlaceBuilding:
    kind: BuildingType
    node: str

    def __str__(self) -> str:
        return f"Place {self.kind.capitalize()} at {self.node}"


@dataclass(frozen=True, slots=True)
class StartLine:
    a: str
    b: str

    def __str__(self) -> str:
        return f"Start line between {self.a} and {self.b}"


@dataclass(frozen=True, slots=True)
class ExtendLine:
    frm: str
    to: str

    def __str__(self) -> str:
        return f"Extend line from {self.frm} to {self.to}"


@dataclass(frozen=True, slots=True)
class ChooseAction:
    action: ActionName

    def __str__(self) -> str:
        return f"Choose {ACTION_TITLES[self.action]}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "Pass"


@dataclass(frozen=True, slots=True)
class PlacePassenger:
    station: str

    def __str__(self) -> str:
        return f"Place passenger at {self.station}"


@dataclass(frozen=True, slots=True)
class ClockChoice:
    stop: bool

    def __str__(self) -> str:
        return "Stop time" if self.stop else "Advance clock"


@dataclass(frozen=True, slots=True)
class Deliver:
    frm: str
    to: str

    def __str__(self) -> str:
        return f"Deliver from {self.frm} to {self.to}"


Move: TypeAlias = (
    PlaceBuilding | StartLine | ExtendLine | ChooseAction | Pass | PlacePassenger | ClockChoice
    | Deliver
)
