"""What a game's record keeps about waiting: the plans of its seats, the clock of the decision
it waits for, and its time bank (folded by ``records.GameRecord``; read by ``deadlines.py``,
``automatic.py`` and ``timebank.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Planned:
    """What a seat will play at its next decisions (``plan: ...``), from the record ``seq``.
    With ``round`` the one step repeats at each of its decisions in that round."""

    seq: int
    steps: tuple[str, ...]
    round: int | None = None


@dataclass(slots=True)
class DecisionClock:
    """How long the decision the game waits for has waited: ``waited`` seconds before the
    clock last started (its stretches, ``runs``, each (from, to)), plus the time since
    ``since`` (None while the game is paused), and which of its reminders
    (``deadlines.STAGES``) were given. It starts again whenever the position, or who must
    answer it, changes; a pause stops it and ``resume`` lets it run on. What of that time
    counts against a deadline or a time bank (not the player's time away or quiet hours) is
    ``deadlines.counted``."""

    key: int = 0
    since: float | None = None
    waited: float = 0.0
    reminded: frozenset[str] = frozenset()
    runs: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True, slots=True)
class TimeBank:
    """A game's time bank (``timebank 3d +12h max 5d``): each seat's bank starts at ``start``
    seconds, gains ``gain`` after each of its decisions, and never holds more than ``most``."""

    start: float
    gain: float
    most: float


@dataclass(slots=True)
class Banks:
    """A game's time bank as its records left it: the setting (None: no time bank), each
    seat's bank after its last decision (``left``; a seat missing has the whole ``start``), and
    the moves in force when it last gained (``credited``: a move taken back and made again
    gains nothing twice). A seat passed on, or a new setting, starts whole."""

    setting: TimeBank | None = None
    left: dict[str, float] = field(default_factory=dict)
    credited: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Banks:
        return Banks(self.setting, dict(self.left), dict(self.credited))

    def of(self, seat: str) -> float | None:
        """The seat's bank before the decision at hand (None: no time bank)."""
        return None if self.setting is None else self.left.get(seat, self.setting.start)

    def set(self, setting: TimeBank | None) -> None:
        self.setting = setting
        self.left.clear()
        self.credited.clear()

    def note(self, seat: str, left: float, credited: int) -> None:
        """A ``bank`` record: what is left of the seat's bank (and the moves in force when it
        gained, when it did)."""
        self.left[seat] = left
        if credited:
            self.credited[seat] = credited

    def rename(self, old: str, new: str) -> None:
        if old in self.left:
            self.left[new] = self.left.pop(old)
        if old in self.credited:
            self.credited[new] = self.credited.pop(old)

    def drop(self, seat: str) -> None:
        self.left.pop(seat, None)
        self.credited.pop(seat, None)
