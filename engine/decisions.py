"""What the turn machine hands out: the kind of step it stands at, the decision it waits for,
and the events that happen by themselves.

These are plain values with no rules in them, so the state, every rule module and the game can
share them without importing one another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, TypeVar

T = TypeVar("T")


class DecisionKind(StrEnum):
    """Every step the turn machine can stand at; ``engine.rules.RULES`` has one rule for each.

    The three setup steps and choosing come first; then one per action, in resolution order (R4).
    Buses and Starting player never wait for a choice: they resolve as events (R6).
    A ``StrEnum``, so a kind compares equal to its value (``kind == "vroom"``) and prints as it.
    """

    SETUP_BUILDING = "setup_building"
    FIRST_LINE = "first_line"
    SECOND_STREET = "second_street"
    CHOOSE = "choose"
    LINES = "lines"
    BUSES = "buses"
    PASSENGERS = "passengers"
    BUILDINGS = "buildings"
    CLOCK = "clock"
    VROOM = "vroom"
    START = "start"


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. ``count`` is how many more moves of this kind are owed."""

    player: str
    seat: int
    kind: DecisionKind
    count: int
    text: str


class Event(NamedTuple):
    """Something that happened by itself, or the outcome of a move, told in a sentence.

    A named tuple (immutable, like a frozen dataclass) because a random game makes about 170
    of them and a frozen dataclass takes three times as long to make."""

    kind: str
    text: str
    player: str | None = None


def noun(n: int, word: str, many: str | None = None) -> str:
    """``word`` for one, its plural otherwise ("bus", "buses")."""
    return word if n == 1 else (many or word + "s")


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: "1 street", "2 streets"."""
    return f"{n} {noun(n, word, many)}"


#: a shortened list leaves out at least this many: naming one or two costs no more than
#: "and 2 more" and spares the reader a question
_LEAST_LEFT_OUT = 3


def shortened(items: Sequence[T], most: int) -> tuple[list[T], int]:
    """The items a shortened list shows and how many it leaves out: every item when at most
    ``most + 2`` (a list never ends "and 1 more" or "and 2 more"), else the first ``most``."""
    if len(items) < most + _LEAST_LEFT_OUT:
        return list(items), 0
    return list(items[:most]), len(items) - most
