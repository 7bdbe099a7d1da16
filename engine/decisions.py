"""What the turn machine hands out: the kind of step it stands at, the decision it waits for,
and the events that happen by themselves.

These are plain values with no rules in them, so the state, every rule module and the game can
share them without importing one another; with them, the counted words several steps say
("3 streets") and the way a choice between a few is written ("C4 or W3").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, TypeAlias, TypeVar

from engine.text import AND, ENGLISH, Listing, Msg, Plural, Text

T = TypeVar("T")
#: what a sentence's argument may be (``engine.text``)
Arg: TypeAlias = str | int | float | Text | Listing
#: what an event's argument may be: an argument, or a message without arguments (an action's or
#: a building's name), made a ``Text`` only when the event is read
Told: TypeAlias = Arg | Msg

#: the decision the game waits for: the player and what they must decide
DECIDES = Msg("game.decision", "{name}: {asks}")
#: a move by someone whose decision it is not (the turn machine's refusals)
NOT_YOUR_TURN = Msg("game.not_your_turn", "it is not {name}'s turn: waiting for {waiting}")
NOT_PLAYING = Msg("game.not_playing",
                  "{name} is not playing in this game (the players are {players})")
#: two or more alternatives, the last after "or" ("C4, W3 or W5")
OR = Msg("list.or", "{head} or {last}")

#: counted words several steps say (the owed moves a forfeit names, ``Rule.unit``)
STREETS = Plural("count.streets", "{n} street", "{n} streets")
PASSENGERS = Plural("count.passengers", "{n} passenger", "{n} passengers")
BUILDINGS = Plural("count.buildings", "{n} building", "{n} buildings")
DELIVERIES = Plural("count.deliveries", "{n} delivery", "{n} deliveries")
STEPS = Plural("count.steps", "{n} step", "{n} steps")


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
    """Who must decide what now. ``count`` is how many more moves of this kind are owed;
    ``asks`` what the player must decide, ``said`` the whole ("Ada: choose an action ...") and
    ``text`` its English."""

    player: str
    seat: int
    kind: DecisionKind
    count: int
    asks: Text

    @property
    def said(self) -> Text:
        return DECIDES(name=self.player, asks=self.asks)

    @property
    def text(self) -> str:
        return ENGLISH(self.said)


class Event(NamedTuple):
    """Something that happened by itself, or the outcome of a move, told in a sentence:
    ``said`` is that sentence (a ``Text``, written in the reader's language where it is
    shown), ``text`` its English. Made with ``told``.

    A named tuple (immutable, like a frozen dataclass) because a random game makes about 170
    of them and a frozen dataclass takes three times as long to make. For the same reason it
    keeps its message and arguments as they were given (``args``, never changed) and makes the
    ``Text`` when read: a replay and the computer player's search make thousands of events
    nobody reads, and a ``Text`` costs five times an event to make."""

    kind: str
    msg: Msg | Plural
    args: Mapping[str, Told]
    player: str | None = None

    @property
    def said(self) -> Text:
        return self.msg(**{name: value() if isinstance(value, Msg) else value
                           for name, value in self.args.items()})

    @property
    def text(self) -> str:
        return ENGLISH(self.said)

    def __hash__(self) -> int:
        return hash((self.kind, self.msg, frozenset(self.args.items()), self.player))


#: a named tuple's own ``__new__`` is a Python function; this is the tuple's, a third of the
#: cost of an event
_make = tuple.__new__


def told(kind: str, msg: Msg | Plural, player: str | None = None, /, **args: Told) -> Event:
    """An event of ``kind`` about ``player`` (None when it is about nobody in particular) that
    says ``msg`` with ``args`` (a ``Msg`` among them stands for its ``Text``)."""
    return _make(Event, (kind, msg, args, player))


def either(items: Sequence[str | Text]) -> str | Text:
    """A choice between ``items`` as a sentence names it ("C4", "C4 or W3", "C4, W3 or W5")."""
    if len(items) < 2:
        return items[0] if items else ""
    return OR(head=Listing(tuple(items[:-1]), ", "), last=items[-1])


#: a shortened list leaves out at least this many: naming one or two costs no more than
#: "and 2 more" and spares the reader a question
_LEAST_LEFT_OUT = 3


def shortened(items: Sequence[T], most: int) -> tuple[list[T], int]:
    """The items a shortened list shows and how many it leaves out: every item when at most
    ``most + 2`` (a list never ends "and 1 more" or "and 2 more"), else the first ``most``."""
    if len(items) < most + _LEAST_LEFT_OUT:
        return list(items), 0
    return list(items[:most]), len(items) - most


def each_and(items: Sequence[str | Text]) -> str | Text:
    """``items`` with "and" between each two ("C4-C3 and C4-S5 and C4-W5"), where a
    ``Listing`` would write "C4-C3, C4-S5 and C4-W5"."""
    if not items:
        return ""
    out: str | Text = items[0]
    for item in items[1:]:
        out = AND(head=out, last=item)
    return out
