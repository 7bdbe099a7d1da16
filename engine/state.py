"""The game state: plain mutable records that the rules change and everything else only reads.

Readers (the map drawing, the JSON view, the service) use these fields directly; only the turn
machine (``engine.game``) and the rule modules (``engine.rules``) write them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Literal

from engine.board import BOARD
from engine.decisions import DecisionKind, either
from engine.errors import BusError, OptionError
from engine.limits import check_option
from engine.text import Listing, Msg, Plural

SEATS = Msg("state.seats", "Bus is played by 3 to 5 players, not {count}")
NAME_EMPTY = Msg("state.name_empty", "a player name is empty")
SAME_NAME = Msg("state.same_name", "two players have the same name")
NAME_MARKS = Msg("state.name_marks",
                 "the player name {name} may not contain ':' or ',' or start with #")
COLOUR_COUNT = Plural("state.colour_count", "{n} colour was given for {players} players",
                      "{n} colours were given for {players} players")
SAME_COLOUR = Msg("state.same_colour", "two players have the same colour")
NOT_A_COLOUR = Msg("state.not_a_colour", "{colour} is not a colour name")
UNKNOWN_EDITION = Msg("state.unknown_edition", "unknown edition {edition}; choose {editions}")
UNKNOWN_OPTION = Msg("state.unknown_option", "unknown option {name} (known: {known})")
TRUE_OR_FALSE = Msg("state.true_or_false", "option {name} takes true or false, not {value}")
WHOLE_NUMBER = Msg("state.whole_number", "option {name} takes a whole number, not {value}")

Phase = Literal["setup", "choosing", "resolving", "over"]
#: each zone with what picks its lots' buildings out of ``GameState.lots`` (a tuple, in C:
#: every zone has several lots, so ``itemgetter`` gives a tuple)
_ZONE_LOTS = tuple((zone, itemgetter(*indices)) for zone, indices in BOARD.lots_in_zone.items())
assert all(len(indices) > 1 for indices in BOARD.lots_in_zone.values())
CLOCK: tuple[str, str, str] = ("house", "office", "pub")
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple")
EDITIONS: tuple[str, ...] = ("capstone", "splotter-2nd")


def seat_names(players: list[str]) -> list[str]:
    """The players' names as seated, or the ``BusError`` that says what is wrong with them."""
    names = [p.strip() for p in players]
    if not 3 <= len(names) <= 5:
        raise BusError(SEATS(count=len(names)))
    if any(not n for n in names):
        raise BusError(NAME_EMPTY())
    if len({n.casefold() for n in names}) != len(names):
        raise BusError(SAME_NAME())
    for n in names:
        if ":" in n or "," in n or n.startswith("#"):
            raise BusError(NAME_MARKS(name=repr(n)))
    return names


def seat_colours(colours: list[str] | None, players: int) -> list[str]:
    """The seats' colours (the first of ``COLOURS`` when none are given), or a ``BusError``."""
    chosen = list(colours) if colours else list(COLOURS[:players])
    if len(chosen) != players:
        raise BusError(COLOUR_COUNT(n=len(chosen), players=players))
    chosen = [c.strip().lower() for c in chosen]
    if len(set(chosen)) != len(chosen):
        raise BusError(SAME_COLOUR())
    for c in chosen:
        if not c.isalpha():
            raise BusError(NOT_A_COLOUR(colour=repr(c)))
    return chosen


#: how an option or a setting that is true or false may be written
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def truth(name: str, value: str) -> bool:
    """A true-or-false option's value from its text (``OptionError`` for anything else)."""
    text = value.strip().lower()
    if text not in TRUE_WORDS + FALSE_WORDS:
        raise OptionError(TRUE_OR_FALSE(name=name, value=repr(value)))
    return text in TRUE_WORDS


@dataclass(slots=True)
class Options:
    """Per-game rule options; every component limit of RULINGS.md is one of them, and nothing
    else: how a table runs the game (whether single choices play themselves, hints) is a table
    setting, which a log carries on ``setting:`` lines apart from these (``engine/log.py``).
    """

    markers: int = 20
    clock_stones: int = 5
    bus_limit: int = 5
    passengers: int = 15
    building_type_limit: int = 30  # 0 means unlimited
    first_line_on_empty_street: bool = False

    @classmethod
    def for_edition(cls, edition: str, players: int) -> Options:
        if edition not in EDITIONS:
            raise OptionError(UNKNOWN_EDITION(edition=repr(edition), editions=either(EDITIONS)))
        if edition == "splotter-2nd":
            return cls(clock_stones=4 if players == 3 else 5, building_type_limit=0)
        return cls()

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def set(self, name: str, value: str) -> None:
        """Set one option from its text form, as written in a log's ``option:`` line
        (``OptionError`` for a name or value it cannot take, ``LimitError`` out of range)."""
        if name not in self.names():
            known = Listing(self.names(), ", ")
            raise OptionError(UNKNOWN_OPTION(name=repr(name[:40]), known=known))
        current = getattr(self, name)
        text = value.strip().lower()
        if isinstance(current, bool):
            setattr(self, name, truth(name, value))
            return
        try:
            number = int(text) if len(text) <= 9 else None
        except ValueError:
            number = None
        if number is None:
            raise OptionError(WHOLE_NUMBER(name=name, value=repr(value[:20])))
        check_option(name, number)
        setattr(self, name, number)

    def differences(self, other: Options) -> dict[str, object]:
        """The options that differ from ``other`` (used to write only non-default options)."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(other, f.name)
        }


@dataclass(slots=True)
class PlayerState:
    name: str
    colour: str
    seat: int
    markers: int
    buses: int = 1
    carried: int = 0
    stones: int = 0
    #: crossing labels in trail order; the first and last are the heads (R7)
    line: list[str] = field(default_factory=list)
    #: indices of the streets the line runs on
    streets: set[int] = field(default_factory=set)
    placed: int = 0  # markers placed this round
    passed: bool = False
    #: move number at which ``carried`` reached its value (R15's last tie-break)
    reached_at: int = 0

    @property
    def score(self) -> int:
        return self.carried - self.stones

    @property
    def heads(self) -> tuple[str, ...]:
        if not self.line:
            return ()
        return (self.line[0], self.line[-1])

    def copy(self) -> PlayerState:
        """A copy sharing ``line`` and ``streets``: the rules replace them, never change them in
        place (copy on write), which keeps a copy of the position cheap for the computer player's
        search and the kept positions."""
        return PlayerState(
            self.name, self.colour, self.seat, self.markers, self.buses, self.carried,
            self.stones, self.line, self.streets, self.placed, self.passed,
            self.reached_at,
        )


@dataclass(slots=True)
class Task:
    """One chosen action space being resolved (or a setup step), with what is left to do."""

    action: DecisionKind  # an action being resolved, or a setup step
    seat: int | None
    space: int = 0  # 0 is space a
    remaining: int = 0

    def copy(self) -> Task:
        return Task(self.action, self.seat, self.space, self.remaining)


@dataclass(slots=True)
class GameState:
    edition: str
    options: Options
    players: list[PlayerState]
    phase: Phase = "setup"
    round: int = 0
    clock: int = 0  # index into CLOCK
    clock_stones_left: int = 5
    passenger_supply: int = 15
    #: waiting or sitting passengers per crossing label (zero counts kept out)
    passengers: dict[str, int] = field(default_factory=dict)
    #: building type per lot index, None for a free lot
    lots: list[str | None] = field(default_factory=list)
    #: seats whose line runs on each street, in the order they arrived; each street's list is
    #: replaced when a line arrives, never changed in place, so copies share them
    street_lines: list[list[int]] = field(default_factory=list)
    #: seats on each action's spaces in placement order (index 0 is space a)
    spaces: dict[str, list[int]] = field(default_factory=dict)
    start_seat: int = 0
    next_start: int | None = None
    current: int | None = None  # seat whose marker placement it is (choosing phase)
    task: Task | None = None
    queue: list[Task] = field(default_factory=list)
    ended_by: str | None = None  # "clock", "markers" or "lots"
    moves_played: int = 0

    @property
    def clock_type(self) -> str:
        return CLOCK[self.clock]

    def copy(self) -> GameState:
        return GameState(
            self.edition, self.options, [p.copy() for p in self.players], self.phase,
            self.round, self.clock, self.clock_stones_left, self.passenger_supply,
            dict(self.passengers), list(self.lots), list(self.street_lines),
            {a: list(s) for a, s in self.spaces.items()}, self.start_seat, self.next_start,
            self.current, self.task.copy() if self.task else None,
            [t.copy() for t in self.queue], self.ended_by, self.moves_played,
        )

    # ---- derived views used by the rules and by readers -------------------------------------

    def balance_at(self, label: str) -> int:
        """Passengers at a crossing minus its buildings of the clock's type (R12): above zero,
        that many want to leave; below zero, that many such buildings are free."""
        wanted = CLOCK[self.clock]
        lots = self.lots
        seats = 0
        for i in BOARD.lots_at[label]:
            if lots[i] == wanted:
                seats += 1
        return self.passengers.get(label, 0) - seats

    def waiting_at(self, label: str) -> int:
        """Passengers at a crossing who want to leave under the current clock (R12)."""
        return max(0, self.balance_at(label))

    def free_at(self, label: str) -> int:
        """Buildings of the clock's type at a crossing with nobody sitting in them (R12)."""
        return max(0, -self.balance_at(label))

    def open_zone(self) -> str | None:
        """The lowest zone that still has a free lot (R10), or None when the city is full."""
        lots = self.lots
        for zone, of_zone in _ZONE_LOTS:
            if None in of_zone(lots):
                return zone
        return None

    def type_count(self, kind: str) -> int:
        return self.lots.count(kind)
