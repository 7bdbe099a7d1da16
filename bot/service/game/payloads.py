"""What each kind of record carries: one frozen dataclass per kind, as the 18xx engine's action
classes each hold their own fields.

A record is stored as its kind and a JSON object (``Record.data``); this module is the only
place that knows which keys each kind writes and how an old or imported one is read. The
service writes a record by handing ``Draft.add`` a payload (the kind comes from its class), and
reads one with ``rec.payload`` (``read``), so a misspelt key is a type error, not a silent
``None``. ``to_data`` writes exactly the keys the service has always written, in the same
order and only when they say something, so stored bytes and exports stay as they were; ``read``
accepts what older versions and foreign files hold (a missing key takes its default) and raises
``KeyError``/``TypeError``/``ValueError`` for a malformed one, which the fold reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: A record's stored ``data``: a JSON object.
Data = Mapping[str, Any]


def _ints(values: object) -> tuple[int, ...]:
    """A list of record numbers as stored (a string or a mapping is not a list)."""
    if isinstance(values, str | bytes | Mapping):
        raise TypeError("a list of record numbers expected")
    return tuple(int(v) for v in values)  # type: ignore[attr-defined]


def _strs(values: object) -> tuple[str, ...]:
    if isinstance(values, str | bytes | Mapping):
        raise TypeError("a list of names expected")
    return tuple(str(v) for v in values)  # type: ignore[attr-defined]


def _text(value: object) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True, slots=True)
class Payload:
    """The fields of one kind of record; subclasses name their ``KIND``."""

    KIND: ClassVar[str] = ""

    @classmethod
    def from_data(cls, data: Data) -> Payload:
        """A payload without fields reads any object (older files may carry notes)."""
        return cls()

    def to_data(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class Create(Payload):
    """A new game: its edition and the options that differ from the edition's."""

    KIND: ClassVar[str] = "create"
    edition: str
    options: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: Data) -> Create:
        options = {str(k): str(v) for k, v in dict(data.get("options", {})).items()}
        return cls(str(data["edition"]), options)

    def to_data(self) -> dict[str, Any]:
        return {"edition": self.edition, "options": dict(self.options)}


@dataclass(frozen=True, slots=True)
class Join(Payload):
    """A seat taken (``seat`` of the record). ``named``: the seat is for ``user_id`` (None: for
    nobody yet), not for the record's user (an imported game's seats); ``agreed``: that user
    took it (the console binds names to users)."""

    KIND: ClassVar[str] = "join"
    colour: str | None
    named: bool = False
    user_id: str | None = None
    user_name: str | None = None
    agreed: bool = False

    @classmethod
    def from_data(cls, data: Data) -> Join:
        return cls(_text(data.get("colour")), "user_id" in data, _text(data.get("user_id")),
                   _text(data.get("user_name")), data.get("agreed") is True)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"colour": self.colour}
        if self.named:
            out["user_id"] = self.user_id
        if self.user_name is not None:
            out["user_name"] = self.user_name
        if self.agreed:
            out["agreed"] = True
        return out


@dataclass(frozen=True, slots=True)
class Leave(Payload):
    KIND: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Colour(Payload):
    KIND: ClassVar[str] = "colour"
    colour: str

    @classmethod
    def from_data(cls, data: Data) -> Colour:
        return cls(str(data["colour"]))

    def to_data(self) -> dict[str, Any]:
        return {"colour": self.colour}


@dataclass(frozen=True, slots=True)
class Start(Payload):
    """The seat order and colours the game starts with, the seed that drew the order (None:
    not drawn) and who ordered it (random, moderator or import)."""

    KIND: ClassVar[str] = "start"
    order: tuple[str, ...]
    colours: tuple[str, ...]
    seed: int | None = None
    order_by: str = "random"

    @classmethod
    def from_data(cls, data: Data) -> Start:
        seed = data.get("seed")
        return cls(_strs(data["order"]), _strs(data["colours"]),
                   None if seed is None else int(seed), str(data.get("order_by", "random")))

    def to_data(self) -> dict[str, Any]:
        return {"order": list(self.order), "colours": list(self.colours), "seed": self.seed,
                "order_by": self.order_by}


@dataclass(frozen=True, slots=True)
class Move(Payload):
    """A move (the record's ``text``) and how it came: a moderator for the seat, the service
    itself (``reason``: dropped or single) or an imported log."""

    KIND: ClassVar[str] = "move"
    by_moderator: bool = False
    reason: str | None = None
    imported: bool = False
    #: a move played because the deadline passed: the timeout policy and the deadline (s)
    policy: str | None = None
    after: float | None = None

    @classmethod
    def from_data(cls, data: Data) -> Move:
        after = data.get("after")
        return cls(bool(data.get("by_moderator")), _text(data.get("reason")),
                   bool(data.get("imported")), _text(data.get("policy")),
                   None if after is None else float(after))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.by_moderator:
            out["by_moderator"] = True
        if self.reason is not None:
            out["reason"] = self.reason
        if self.imported:
            out["imported"] = True
        if self.policy is not None:
            out["policy"] = self.policy
        if self.after is not None:
            out["after"] = self.after
        return out


@dataclass(frozen=True, slots=True)
class Undo(Payload):
    """The moves (record numbers) taken back."""

    KIND: ClassVar[str] = "undo"
    targets: tuple[int, ...]

    @classmethod
    def from_data(cls, data: Data) -> Undo:
        return cls(_ints(data["targets"]))

    def to_data(self) -> dict[str, Any]:
        return {"targets": list(self.targets)}


@dataclass(frozen=True, slots=True)
class Correct(Payload):
    """A move (``target``, shown as ``number``, once ``replaced``) replaced by the record's
    text; the later moves that no longer fit are ``withdrawn``, for ``reason``."""

    KIND: ClassVar[str] = "correct"
    target: int
    number: int | None = None
    replaced: str | None = None
    withdrawn: tuple[int, ...] = ()
    reason: str | None = None

    @classmethod
    def from_data(cls, data: Data) -> Correct:
        number = data.get("number")
        return cls(int(data["target"]), None if number is None else int(number),
                   _text(data.get("replaced")), _ints(data.get("withdrawn", [])),
                   _text(data.get("reason")))

    def to_data(self) -> dict[str, Any]:
        return {"target": self.target, "number": self.number, "replaced": self.replaced,
                "withdrawn": list(self.withdrawn), "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Redo(Payload):
    """The last undo or correction (``target``) reversed: the moves made since ``withdrawn``,
    the taken ones ``restored``, and a corrected move's old one (``reverted``) back."""

    KIND: ClassVar[str] = "redo"
    target: int
    withdrawn: tuple[int, ...] = ()
    restored: tuple[int, ...] = ()
    reverted: int | None = None

    @classmethod
    def from_data(cls, data: Data) -> Redo:
        reverted = data.get("reverted")
        return cls(int(data["target"]), _ints(data.get("withdrawn", [])),
                   _ints(data.get("restored", [])), None if reverted is None else int(reverted))

    def to_data(self) -> dict[str, Any]:
        return {"target": self.target, "withdrawn": list(self.withdrawn),
                "restored": list(self.restored), "reverted": self.reverted}


@dataclass(frozen=True, slots=True)
class Replace(Payload):
    """A seat given to another user; ``offered``: only offered until they ``accept``;
    ``name``: the seat's new name (the new player's)."""

    KIND: ClassVar[str] = "replace"
    user_id: str
    user_name: str
    name: str | None = None
    offered: bool = False

    @classmethod
    def from_data(cls, data: Data) -> Replace:
        return cls(str(data["user_id"]), str(data["user_name"]), _text(data.get("name")),
                   bool(data.get("offered")))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"user_id": self.user_id, "user_name": self.user_name}
        if self.name is not None:
            out["name"] = self.name
        if self.offered:
            out["offered"] = True
        return out


@dataclass(frozen=True, slots=True)
class Accept(Payload):
    """An offered seat taken by its user, under their ``name`` when it takes theirs."""

    KIND: ClassVar[str] = "accept"
    name: str | None = None

    @classmethod
    def from_data(cls, data: Data) -> Accept:
        return cls(_text(data.get("name")))

    def to_data(self) -> dict[str, Any]:
        return {} if self.name is None else {"name": self.name}


@dataclass(frozen=True, slots=True)
class Drop(Payload):
    KIND: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Pause(Payload):
    KIND: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Resume(Payload):
    KIND: ClassVar[str] = "resume"


@dataclass(frozen=True, slots=True)
class Abandon(Payload):
    KIND: ClassVar[str] = "abandon"


@dataclass(frozen=True, slots=True)
class Nudge(Payload):
    KIND: ClassVar[str] = "nudge"


@dataclass(frozen=True, slots=True)
class Import(Payload):
    """A game brought in from a file (``source``); the seats ``offered`` to the file's users."""

    KIND: ClassVar[str] = "import"
    source: str = "a file"
    offered: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, data: Data) -> Import:
        return cls(str(data.get("source", "a file")), _strs(data.get("offered", [])))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"source": self.source}
        if self.offered:
            out["offered"] = list(self.offered)
        return out


# ---- waiting: settings, time away, plans, reminders (``bot/service/deadlines.py``) ----------


@dataclass(frozen=True, slots=True)
class Setting(Payload):
    """A moderator's setting: ``deadline`` (seconds, None: off), ``timeout`` and ``away``
    (a policy: wait, idle or bot), ``auto_single`` (on or off)."""

    KIND: ClassVar[str] = "setting"
    name: str
    value: str | float | bool | None = None

    @classmethod
    def from_data(cls, data: Data) -> Setting:
        value = data.get("value")
        if not (value is None or isinstance(value, str | float | int | bool)):
            raise TypeError("a setting's value is a number, a word, true/false or null")
        return cls(str(data["name"]), float(value) if type(value) is int else value)

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value}


@dataclass(frozen=True, slots=True)
class Away(Payload):
    """The record's seat is away until ``until`` (a time)."""

    KIND: ClassVar[str] = "away"
    until: float

    @classmethod
    def from_data(cls, data: Data) -> Away:
        return cls(float(data["until"]))

    def to_data(self) -> dict[str, Any]:
        return {"until": self.until}


@dataclass(frozen=True, slots=True)
class Back(Payload):
    """The record's seat is back: its time away ends now."""

    KIND: ClassVar[str] = "back"


@dataclass(frozen=True, slots=True)
class Plan(Payload):
    """The seat's plan: its ``steps`` (moves as text; none: the plan ends), repeated through
    ``round`` when given; ``broken``: why it ended (a step not legal when its turn came)."""

    KIND: ClassVar[str] = "plan"
    steps: tuple[str, ...] = ()
    round: int | None = None
    broken: str | None = None

    @classmethod
    def from_data(cls, data: Data) -> Plan:
        bound = data.get("round")
        return cls(_strs(data.get("steps", [])), None if bound is None else int(bound),
                   _text(data.get("broken")))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": list(self.steps)}
        if self.round is not None:
            out["round"] = self.round
        if self.broken is not None:
            out["broken"] = self.broken
        return out


@dataclass(frozen=True, slots=True)
class Remind(Payload):
    """The moments of the current decision's deadline that came (half, hour, passed)."""

    KIND: ClassVar[str] = "remind"
    stages: tuple[str, ...]

    @classmethod
    def from_data(cls, data: Data) -> Remind:
        return cls(_strs(data["stages"]))

    def to_data(self) -> dict[str, Any]:
        return {"stages": list(self.stages)}


@dataclass(frozen=True, slots=True)
class AddBot(Payload):
    """A seat (the record's ``seat``) taken in the lobby by the computer player at ``level``."""

    KIND: ClassVar[str] = "bot"
    level: str
    colour: str | None = None

    @classmethod
    def from_data(cls, data: Data) -> AddBot:
        return cls(str(data["level"]), _text(data.get("colour")))

    def to_data(self) -> dict[str, Any]:
        return {"level": self.level, "colour": self.colour}


@dataclass(frozen=True, slots=True)
class BotSeat(Payload):
    """A seat of a running game handed to the computer player at ``level`` (a moderator's
    ``replace NAME with bot``)."""

    KIND: ClassVar[str] = "bot_seat"
    level: str

    @classmethod
    def from_data(cls, data: Data) -> BotSeat:
        return cls(str(data["level"]))

    def to_data(self) -> dict[str, Any]:
        return {"level": self.level}


#: Each kind of record and the class of what it carries, in the order the kinds were added.
PAYLOADS: dict[str, type[Payload]] = {cls.KIND: cls for cls in (
    Create, Join, Leave, Colour, Start, Move, Undo, Correct, Replace, Drop, Pause, Resume,
    Abandon, Nudge, Import, Redo, Accept, Setting, Away, Back, Plan, Remind, AddBot, BotSeat)}


def read(kind: str, data: Data) -> Payload:
    """The payload of a stored record; ``KeyError`` for a kind nobody knows."""
    return PAYLOADS[kind].from_data(data)
