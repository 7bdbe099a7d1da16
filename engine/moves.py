"""Typed moves and their one canonical text form (what logs store).

A move does not carry its player: the game knows whose decision it is, and the log line does.
The canonical text is notation (``engine.notation.write_move`` writes a move in a language);
the names of actions and buildings and what each kind of move does, as a sentence says them,
are catalogue entries here (``ACTION_NAMES``, ``BUILDING_NAMES``, ``what``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from engine.text import Msg, Text

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
#: The actions' names as a sentence says them (the same words as ``ACTION_TITLES``, which is
#: notation: "Choose Line expansion" in a log never changes with a catalogue).
ACTION_NAMES: dict[str, Msg] = {
    "lines": Msg("action.lines", "Line expansion"),
    "buses": Msg("action.buses", "Buses"),
    "passengers": Msg("action.passengers", "Passengers"),
    "buildings": Msg("action.buildings", "Buildings"),
    "clock": Msg("action.clock", "Clock"),
    "vroom": Msg("action.vroom", "Vrrooomm"),
    "start": Msg("action.start", "Starting player"),
}
#: Spaces per action on the action board (R3): one for Buses, Clock and Starting player, six for
#: the others. The rules, the parser and the picture all read this table.
SPACES: dict[str, int] = {
    "lines": 6, "buses": 1, "passengers": 6, "buildings": 6, "clock": 1, "vroom": 6, "start": 1,
}
#: The most spaces any action has: the most markers one action can take in a round.
MOST_SPACES = max(SPACES.values())
#: The names of the spaces as printed on the board, space a first.
SPACE_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:MOST_SPACES]
BUILDING_TYPES: tuple[BuildingType, ...] = ("house", "office", "pub")
#: A building type as a sentence names one ("a free office") and several ("to offices")
BUILDING_NAME: dict[str, Msg] = {
    "house": Msg("building.house", "house"),
    "office": Msg("building.office", "office"),
    "pub": Msg("building.pub", "pub"),
}
BUILDING_NAMES: dict[str, Msg] = {
    "house": Msg("building.houses", "houses"),
    "office": Msg("building.offices", "offices"),
    "pub": Msg("building.pubs", "pubs"),
}


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
    """``space``: the space the player named ("line expansion space a"), or None. A marker
    always goes on the lowest free space (R3), so a named space only checks that it is that
    one; it is not part of the move (the log writes the action alone)."""

    action: ActionName
    space: str | None = field(default=None, compare=False)

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


PlayedMove: TypeAlias = (
    PlaceBuilding | StartLine | ExtendLine | ChooseAction | Pass | PlacePassenger | ClockChoice
    | Deliver
)


# ---- messages that name moves without playing them ------------------------------------------
# The parser knows no game state, so it hands these to the game like moves; the game answers
# them from a copy of itself (engine/intent.py) and changes nothing. They never reach a log.

IntentKind = Literal["negation", "question", "hypothetical"]
#: How each kind is written back as text, so that a parsed message's text parses to it again.
_INTENT_TEXT: dict[str, tuple[str, str]] = {
    "negation": ("Not ", ""), "question": ("Is ", " legal?"), "hypothetical": ("Maybe ", ""),
}


@dataclass(frozen=True, slots=True)
class Question:
    """Moves named in a message that does not mean to play them: a question (``?``, ``should
    I``), a hypothetical (``maybe``, ``preview``) or a negation (``don't``). ``word`` is the word
    that decided it, as the player wrote it."""

    kind: IntentKind
    moves: tuple[PlayedMove | Unfinished, ...]
    word: str = field(default="", compare=False)

    def __str__(self) -> str:
        before, after = _INTENT_TEXT[self.kind]
        return before + "; ".join(str(m) for m in self.moves) + after


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A move named without the crossings it needs (``extend my line``, ``extend from C4``,
    ``deliver to W7``): what is missing depends on the game, so the game says it (the
    extensions from that head, the deliveries to that crossing)."""

    verb: Literal["extend", "deliver"]
    frm: str | None = None
    to: str | None = None

    def __str__(self) -> str:
        if self.verb == "extend":
            return "Extend line" if self.frm is None else f"Extend line from {self.frm}"
        if self.frm is not None:
            return f"Deliver from {self.frm}"
        return "Deliver" if self.to is None else f"Deliver to {self.to}"


Move: TypeAlias = PlayedMove | Question | Unfinished

_WHAT: dict[type, Msg] = {
    PlaceBuilding: Msg("move.what.place_building", "place a building"),
    StartLine: Msg("move.what.start_line", "start a line"),
    ExtendLine: Msg("move.what.extend_line", "extend a line"),
    ChooseAction: Msg("move.what.choose_action", "choose an action"),
    Pass: Msg("move.what.pass", "pass"),
    PlacePassenger: Msg("move.what.place_passenger", "place a passenger"),
    ClockChoice: Msg("move.what.clock", "stop or advance the clock"),
    Deliver: Msg("move.what.deliver", "deliver a passenger"),
}


def what(move: Move) -> Text:
    """What a move does, in the words of a refusal ("Ada cannot extend a line now")."""
    return _WHAT[type(move)]()
