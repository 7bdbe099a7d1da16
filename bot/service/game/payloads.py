"""What each kind of record carries: one frozen dataclass per kind, named for what happened
(``Joined``, ``Undone``: a record is a fact; the requests that lead to one are the commands of
``bot/service/verbs/``, named for what is asked, ``Join``, ``Undo``), as the 18xx engine's
action classes each hold their own fields.

A record is stored as its kind and a JSON object (``Record.data``); this module is the only
place that knows which keys each kind writes and how an old or imported one is read. The
service writes a record by handing ``Draft.add`` a payload (the kind comes from its class), and
reads one with ``rec.payload`` (``read``), so a misspelt key is a type error, not a silent
``None``.

One codec writes and reads every kind, from its fields: each field is a key, written in the
order of the fields, always, or (``sparse``) only when it says something; a field with a
default may be missing (older versions, foreign files), one without must be there
(``KeyError``); each value is read by its type (``TypeError``/``ValueError`` for a malformed
one, which the fold reports). Two marks say the rest: ``presence`` (a flag not written, true
when another key is there) and ``exact`` (a flag read as set only when the data says exactly
``true``). So the stored bytes and exports stay as the service has always written them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import NoneType, UnionType
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin, get_type_hints

#: A record's stored ``data``: a JSON object.
Data = Mapping[str, Any]

P = TypeVar("P", bound="Payload")


def sparse(default: object = None) -> Any:
    """A field written only when it says something (when it is not its default)."""
    return field(default=default, metadata={"sparse": True})


def presence(key: str) -> Any:
    """A flag that is not written: it is true when ``key`` is there (which is then written,
    even when it is None)."""
    return field(default=False, metadata={"presence": key})


def exact() -> Any:
    """A flag written only when set, and read as set only when the data says exactly ``true``
    (a file cannot set it with ``1`` or ``"yes"``)."""
    return field(default=False, metadata={"sparse": True, "exact": True})


@dataclass(frozen=True, slots=True)
class Payload:
    """The fields of one kind of record; subclasses name their ``KIND``."""

    KIND: ClassVar[str] = ""

    @classmethod
    def from_data(cls: type[P], data: Data) -> P:
        """The payload a stored (or imported) ``data`` holds; a payload without fields reads
        any object (older files may carry notes)."""
        return cls(*[read(data) for read in _codec(cls).readers])

    def to_data(self) -> dict[str, Any]:
        """The keys this payload writes, in the order of its fields."""
        out: dict[str, Any] = {}
        for name, flag, sparse, default in _codec(type(self)).writers:
            value = getattr(self, name)
            if (flag is None or getattr(self, flag)) and not (sparse and value == default):
                out[name] = value if type(value) in _AS_IS else _plain(value)
        return out


# ---- the codec ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Codec:
    """A payload class's keys, each read and written as its field says: ``readers`` give
    each field's value from the data, in the order of the fields; ``writers`` name the keys
    written, in the same order, each with when: only while its ``presence`` flag (a field's
    name) is set, or (``sparse``) only when it is not its default."""

    readers: tuple[Callable[[Data], object], ...]
    writers: tuple[tuple[str, str | None, bool, object], ...]


#: each payload class's codec, made once from its fields (``_codec``)
_CODECS: dict[type[Payload], _Codec] = {}


def _codec(cls: type[Payload]) -> _Codec:
    """The codec of a payload class, from its fields and their types."""
    known = _CODECS.get(cls)
    if known is not None:
        return known
    hints = get_type_hints(cls)
    fields = dataclasses.fields(cls)
    flags = {f.metadata["presence"]: f.name for f in fields if "presence" in f.metadata}
    readers: list[Callable[[Data], object]] = []
    writers: list[tuple[str, str | None, bool, object]] = []
    for f in fields:
        required, default = _default(f)
        convert = _exactly_true if f.metadata.get("exact") else _reader(
            hints[f.name], f"a {cls.KIND}'s {f.name}")
        if "presence" in f.metadata:
            readers.append(_present(f.metadata["presence"]))
            continue  # the flag itself is not written
        readers.append(_read(f.name, convert, required, default))
        writers.append((f.name, flags.get(f.name), bool(f.metadata.get("sparse")), default))
    _CODECS[cls] = _Codec(tuple(readers), tuple(writers))
    return _CODECS[cls]


def _present(key: str) -> Callable[[Data], object]:
    return lambda data: key in data


def _read(name: str, convert: Callable[[object], object], required: bool,
          default: object) -> Callable[[Data], object]:
    """A key read by ``convert``: one that must be there, or one that may be missing (its
    default; a missing or null key of a field that may be None is None)."""
    if required:
        return lambda data: convert(data[name])
    if default is None:
        def optional(data: Data) -> object:
            value = data.get(name)
            return None if value is None else convert(value)
        return optional
    return lambda data: convert(data.get(name, default))


def _default(f: dataclasses.Field[Any]) -> tuple[bool, object]:
    """Whether a field must be in the data, and its default when it need not."""
    if f.default is not dataclasses.MISSING:
        return False, f.default
    if callable(factory := f.default_factory):
        return False, factory()
    return True, None


def _reader(kind: object, what: str) -> Callable[[object], object]:
    """How a stored value of the type ``kind`` is read."""
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, UnionType):
        scalars = tuple(a for a in args if a is not NoneType)
        if len(scalars) == 1:
            one = _reader(scalars[0], what)
            return lambda value: None if value is None else one(value)
        return _scalar(scalars, what)
    if origin is tuple:
        return _ints if args[0] is int else _strs
    if origin is Mapping:
        return _texts
    if kind is bool:
        return bool
    if kind in (str, int, float):
        return kind  # type: ignore[return-value]
    raise TypeError(f"no reader for {kind!r}")


def _scalar(allowed: tuple[object, ...], what: str) -> Callable[[object], object]:
    """A value of one of several scalar types (a whole number where a float is allowed is
    read as that float)."""
    plain = tuple(a for a in allowed if isinstance(a, type))
    accepted = plain + ((int,) if float in plain else ())

    def read(value: object) -> object:
        if not (value is None or isinstance(value, accepted)):
            raise TypeError(f"{what} is a number, a word, true/false or null")
        return float(value) if type(value) is int and float in plain else value
    return read


def _ints(values: object) -> tuple[int, ...]:
    """A list of record numbers as stored (a string or a mapping is not a list)."""
    if isinstance(values, str | bytes | Mapping):
        raise TypeError("a list of record numbers expected")
    return tuple(int(v) for v in values)  # type: ignore[attr-defined]


def _strs(values: object) -> tuple[str, ...]:
    if isinstance(values, str | bytes | Mapping):
        raise TypeError("a list of names expected")
    return tuple(str(v) for v in values)  # type: ignore[attr-defined]


def _texts(values: object) -> dict[str, str]:
    return {str(k): str(v) for k, v in dict(values).items()}  # type: ignore[call-overload]


def _exactly_true(value: object) -> bool:
    return value is True


#: the values JSON holds as they are
_AS_IS = frozenset((str, int, float, bool, NoneType))


def _plain(value: object) -> object:
    """A value as JSON holds it (a tuple as a list, a mapping as an object)."""
    if type(value) in _AS_IS:
        return value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


# ---- the kinds ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Created(Payload):
    """A new game: its edition and the options that differ from the edition's."""

    KIND: ClassVar[str] = "create"
    edition: str
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Joined(Payload):
    """A seat taken (``seat`` of the record). ``named``: the seat is for ``user_id`` (None: for
    nobody yet), not for the record's user (an imported game's seats); ``agreed``: that user
    took it (the console binds names to users)."""

    KIND: ClassVar[str] = "join"
    colour: str | None = None
    named: bool = presence("user_id")
    user_id: str | None = None
    user_name: str | None = sparse()
    agreed: bool = exact()


@dataclass(frozen=True, slots=True)
class Left(Payload):
    KIND: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Recoloured(Payload):
    KIND: ClassVar[str] = "colour"
    colour: str


@dataclass(frozen=True, slots=True)
class Started(Payload):
    """The seat order and colours the game starts with, the seed that drew the order (None:
    not drawn) and who ordered it (random, moderator or import)."""

    KIND: ClassVar[str] = "start"
    order: tuple[str, ...]
    colours: tuple[str, ...]
    seed: int | None = None
    order_by: str = "random"


@dataclass(frozen=True, slots=True)
class Moved(Payload):
    """A move (the record's ``text``) and how it came: a moderator for the seat, the service
    itself (``reason``: dropped or single) or an imported log."""

    KIND: ClassVar[str] = "move"
    by_moderator: bool = sparse(False)
    reason: str | None = sparse()
    imported: bool = sparse(False)
    #: a move played because the deadline passed: the timeout policy and the deadline (s)
    policy: str | None = sparse()
    after: float | None = sparse()


@dataclass(frozen=True, slots=True)
class Undone(Payload):
    """The moves (record numbers) taken back."""

    KIND: ClassVar[str] = "undo"
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Corrected(Payload):
    """A move (``target``, shown as ``number``, once ``replaced``) replaced by the record's
    text; the later moves that no longer fit are ``withdrawn``, for ``reason``."""

    KIND: ClassVar[str] = "correct"
    target: int
    number: int | None = None
    replaced: str | None = None
    withdrawn: tuple[int, ...] = ()
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Redone(Payload):
    """The last undo or correction (``target``) reversed: the moves made since ``withdrawn``,
    the taken ones ``restored``, and a corrected move's old one (``reverted``) back."""

    KIND: ClassVar[str] = "redo"
    target: int
    withdrawn: tuple[int, ...] = ()
    restored: tuple[int, ...] = ()
    reverted: int | None = None


@dataclass(frozen=True, slots=True)
class Replaced(Payload):
    """A seat given to another user; ``offered``: only offered until they ``accept``;
    ``name``: the seat's new name (the new player's)."""

    KIND: ClassVar[str] = "replace"
    user_id: str
    user_name: str
    name: str | None = sparse()
    offered: bool = sparse(False)


@dataclass(frozen=True, slots=True)
class Accepted(Payload):
    """An offered seat taken by its user, under their ``name`` when it takes theirs."""

    KIND: ClassVar[str] = "accept"
    name: str | None = sparse()


@dataclass(frozen=True, slots=True)
class Dropped(Payload):
    KIND: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Paused(Payload):
    KIND: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Resumed(Payload):
    KIND: ClassVar[str] = "resume"


@dataclass(frozen=True, slots=True)
class Abandoned(Payload):
    KIND: ClassVar[str] = "abandon"


@dataclass(frozen=True, slots=True)
class Nudged(Payload):
    KIND: ClassVar[str] = "nudge"


@dataclass(frozen=True, slots=True)
class Imported(Payload):
    """A game brought in from a file (``source``); the seats ``offered`` to the file's users."""

    KIND: ClassVar[str] = "import"
    source: str = "a file"
    offered: tuple[str, ...] = sparse(())


# ---- waiting: settings, time away, plans, reminders (``game/deadlines.py``) --------------


@dataclass(frozen=True, slots=True)
class SettingChanged(Payload):
    """A moderator's setting: ``deadline`` (seconds, None: off), ``timeout`` and ``away``
    (a policy: wait, idle or bot), ``auto_single`` (on or off), ``language`` (the language of
    the game's public posts, a code of ``words/catalogue.LANGUAGES``; None: the server's)."""

    KIND: ClassVar[str] = "setting"
    name: str
    value: str | float | bool | None = None


@dataclass(frozen=True, slots=True)
class WentAway(Payload):
    """The record's seat is away until ``until`` (a time)."""

    KIND: ClassVar[str] = "away"
    until: float


@dataclass(frozen=True, slots=True)
class CameBack(Payload):
    """The record's seat is back: its time away ends now."""

    KIND: ClassVar[str] = "back"


@dataclass(frozen=True, slots=True)
class PlanChanged(Payload):
    """The seat's plan: its ``steps`` (moves as text; none: the plan ends), repeated through
    ``round`` when given; ``broken``: why it ended (a step not legal when its turn came)."""

    KIND: ClassVar[str] = "plan"
    steps: tuple[str, ...] = ()
    round: int | None = sparse()
    broken: str | None = sparse()


@dataclass(frozen=True, slots=True)
class Reminded(Payload):
    """The moments of the current decision's deadline that came (half, hour, passed)."""

    KIND: ClassVar[str] = "remind"
    stages: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BankSet(Payload):
    """A moderator's time bank (``timebank 3d +12h max 5d``): each seat's bank starts at
    ``start`` seconds, gains ``gain`` after each of its decisions, holds at most ``most``;
    ``start`` None: no time bank. Every seat's bank starts again from it."""

    KIND: ClassVar[str] = "timebank"
    start: float | None = None
    gain: float = 0.0
    most: float = 0.0


@dataclass(frozen=True, slots=True)
class BankLeft(Payload):
    """What is left of the record's seat's time bank after a decision of theirs: ``left``
    seconds; ``credited``: the moves in force when it last gained (0: unchanged), so a move
    taken back and made again gains nothing twice. Written by the service when a decision ends
    (``game/timebank.py``)."""

    KIND: ClassVar[str] = "bank"
    left: float
    credited: int = sparse(0)


@dataclass(frozen=True, slots=True)
class BotAdded(Payload):
    """A seat (the record's ``seat``) taken in the lobby by the computer player at ``level``."""

    KIND: ClassVar[str] = "bot"
    level: str
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class BotSeated(Payload):
    """A seat of a running game handed to the computer player at ``level`` (a moderator's
    ``replace NAME with bot``)."""

    KIND: ClassVar[str] = "bot_seat"
    level: str


@dataclass(frozen=True, slots=True)
class MarkedRated(Payload):
    """A moderator marked an imported game ``rated`` (``on``: it counts for the ratings from
    this record's time) or took the mark back (``rated off``)."""

    KIND: ClassVar[str] = "rated"
    on: bool = True


#: Each kind of record and the class of what it carries, in the order the kinds were added.
PAYLOADS: dict[str, type[Payload]] = {cls.KIND: cls for cls in (
    Created, Joined, Left, Recoloured, Started, Moved, Undone, Corrected, Replaced, Dropped,
    Paused, Resumed, Abandoned, Nudged, Imported, Redone, Accepted, SettingChanged, WentAway,
    CameBack, PlanChanged, Reminded, BotAdded, BotSeated, MarkedRated, BankSet, BankLeft)}


def read(kind: str, data: Data) -> Payload:
    """The payload of a stored record; ``KeyError`` for a kind nobody knows."""
    return PAYLOADS[kind].from_data(data)
