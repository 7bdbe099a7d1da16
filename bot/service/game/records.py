"""A game as the service stores it: an append-only list of records, and what they add up to.

The records are the truth; ``GameRecord`` is their fold (seats, status, the moves still in force).
Undo and corrections are records too, so the fold is the only place that knows how a later record
changes the meaning of an earlier one, and an imported file is checked by folding it the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

from bot.service.game import payloads
from bot.service.game.payloads import Payload
from bot.service.game.waits import Banks, DecisionClock, Planned, TimeBank
from engine.limits import LimitError, check_name, look_alike

#: Every kind of record; a record of another kind is refused on import.
RECORD_KINDS: tuple[str, ...] = tuple(payloads.PAYLOADS)


P = TypeVar("P", bound=Payload)

#: What a deadline's passing, or an away player's decision, does (``on timeout``, ``on away``).
POLICIES: tuple[str, ...] = ("wait", "idle", "bot")



class GameStatus(StrEnum):
    """Where a game stands. ``OVER`` is read from the engine (a finished position); the others
    are what the records say."""

    LOBBY = "lobby"
    ACTIVE = "active"
    PAUSED = "paused"
    OVER = "over"
    ABANDONED = "abandoned"


#: The statuses of a game still open at its place (one that takes commands about it).
OPEN_STATUSES: tuple[GameStatus, ...] = (GameStatus.LOBBY, GameStatus.ACTIVE, GameStatus.PAUSED)
#: The statuses of a started game not yet ended: moves, seats and offers are about it.
PLAYING_STATUSES: tuple[GameStatus, ...] = (GameStatus.ACTIVE, GameStatus.PAUSED)


def same_user(a: str | None, b: str | None) -> bool:
    """Whether two user ids are the same person. Console users are their names, and names
    compare case-insensitively (Discord ids are digits, unchanged by case)."""
    return a is not None and b is not None and a.casefold() == b.casefold()


def discord_user(user_id: str | None) -> bool:
    """Whether a user id is a Discord user's (a snowflake: digits), someone who can be pinged;
    the console's users are names, which nobody can ping."""
    return user_id is not None and user_id.isdigit()


class RecordError(Exception):
    """Records that do not add up to a game (only ever seen when importing a foreign file)."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"record {seq}: {reason}")
        self.seq = seq
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of a game's log.

    ``user_id``/``user_name`` are who really issued it (a moderator acting for a player is the
    user here, the player is ``seat``); ``auto`` marks moves the service took itself.
    """

    game_id: int
    seq: int
    kind: str
    at: float
    user_id: str
    user_name: str
    seat: str | None = None
    text: str | None = None
    auto: bool = False
    message_id: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, payload: Payload, *, game_id: int, seq: int, at: float, user_id: str,
           user_name: str, seat: str | None = None, text: str | None = None,
           auto: bool = False, message_id: str | None = None) -> Record:
        """A new record carrying ``payload`` (its kind is the payload's)."""
        return cls(game_id, seq, payload.KIND, at, user_id, user_name, seat, text, auto,
                   message_id, payload.to_data())

    @property
    def payload(self) -> Payload:
        """What the record carries, as its kind's class; ``KeyError``, ``TypeError`` or
        ``ValueError`` when the stored data does not fit it (only a foreign file's can)."""
        return payloads.read(self.kind, self.data)

    def carried(self, cls: type[P]) -> P:
        """The payload, which must be of ``cls`` (``TypeError`` otherwise)."""
        payload = self.payload
        if not isinstance(payload, cls):
            raise TypeError(f"a {self.kind} record carries no {cls.KIND}")
        return payload

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq, "kind": self.kind, "at": self.at, "user_id": self.user_id,
            "user_name": self.user_name, "seat": self.seat, "text": self.text,
            "auto": self.auto, "message_id": self.message_id, "data": dict(self.data),
        }


#: the user a computer player's seat is played by (nobody can ping it)
BOT_PLAYER = "busbot"


def bot_name(level: str) -> str:
    """How a bot seat's player is shown: ``bot (normal)``."""
    return f"bot ({level})"


@dataclass(slots=True)
class Seat:
    """A chair at the table: the engine's player name and the user who sits in it.

    ``user_id`` is None for a seat nobody has claimed yet (a game imported from a text log).
    ``agreed`` is False while the seat is only offered to ``user_id`` (by a moderator's
    ``replace NAME with @user`` or an imported file): until that user takes it (``accept``),
    they neither play it nor are pinged for it. ``bot`` is the level of the computer player
    that plays the seat (``add bot``, ``replace NAME with bot``), None for a person's seat.
    """

    name: str
    user_id: str | None
    user_name: str
    colour: str | None
    dropped: bool = False
    agreed: bool = True
    bot: str | None = None
    by: str | None = None  # who put the computer there (its thinking counts against them)

    @property
    def player(self) -> str | None:
        """The user who plays this seat: someone who took it themselves (nobody for a bot's
        seat, so nobody is pinged or reminded for it)."""
        return self.user_id if self.agreed and self.bot is None else None


@dataclass(frozen=True, slots=True)
class LiveMove:
    """A move in force; ``seq`` is the record that put it there (a move or a correction)."""

    seq: int
    seat: str
    text: str
    auto: bool
    user_id: str
    user_name: str
    at: float
    #: why the service made it: "dropped", "single", "timeout", "away", "plan" (None: chosen)
    why: str | None = None

    @property
    def chosen(self) -> bool:
        """Chosen for this decision by a player (a plan is the player's choice made ahead;
        a timeout stands for a choice and is what a moderator's ``undo`` takes back)."""
        return not self.auto or self.why in ("plan", "timeout")


@dataclass(frozen=True, slots=True)
class Takeback:
    """What one undo or correction took back, so that ``redo`` can put exactly that back."""

    seq: int
    user_id: str
    #: the move a correction replaced (None for an undo)
    replaced: int | None
    #: the moves it withdrew, in move order
    gone: tuple[int, ...]


@dataclass(slots=True)
class GameRecord:
    """What a game's records say now: its seats, options, status and the moves in force."""

    game_id: int
    place: str
    edition: str = "capstone"
    options: dict[str, str] = field(default_factory=dict)
    creator_id: str = ""
    creator_name: str = ""
    status: GameStatus = GameStatus.LOBBY
    seats: list[Seat] = field(default_factory=list)
    seed: int | None = None
    order_by: str | None = None
    moves: list[LiveMove] = field(default_factory=list)
    last_seq: int = 0
    created_at: float = 0.0
    paused_by: str | None = None
    #: seq of the last record that changed the position or who must answer it
    position_seq: int = 0
    #: every move ever put in force, by its record seq (what ``redo`` can put back)
    archive: dict[int, LiveMove] = field(default_factory=dict)
    #: the undos and corrections ``redo`` can still reverse, the latest last; a move chosen
    #: by a player clears it (nothing is put back over a move made since)
    takebacks: list[Takeback] = field(default_factory=list)
    #: seats that took their new player's name: (moves in force then, old name, new name)
    renames: list[tuple[int, str, str]] = field(default_factory=list)
    #: (position_seq, time) of the last nudge, so a decision is nudged at most so often
    nudged: tuple[int, float] | None = None
    #: seconds a decision may wait (None: no deadline), and what its passing does
    deadline: float | None = None
    on_timeout: str = "wait"
    #: what an away player's decisions do
    on_away: str = "wait"
    #: single choices play themselves (None: as the game's ``auto_single`` option says)
    auto_single: bool | None = None
    #: each seat's latest time away ends (or ended): away while it is still to come
    away: dict[str, float] = field(default_factory=dict)
    plans: dict[str, Planned] = field(default_factory=dict)
    clock: DecisionClock = field(default_factory=DecisionClock)
    #: the records that change the game, which the records cap counts (``_COUNTS``): lobby
    #: churn folds (a leave takes its join back, a colour replaces the seat's), an undo and
    #: the redo of the same moves compact to nothing, a pause, resume or nudge is not counted
    counted: int = 0
    #: brought in from a file (an ``import`` record), and when a moderator marked it ``rated``
    #: (None: not marked, or the mark was taken back): such a game counts for the ratings
    #: only from that moment (``bot/service/ratings/``)
    imported: bool = False
    rated_at: float | None = None
    #: the language the game's public posts are written in (a ``language`` setting; None: none
    #: was chosen, so the server's default, else English: ``store/languages.py``)
    language: str | None = None
    #: the game's time bank and each seat's (``timebank``, ``bank`` records)
    banks: Banks = field(default_factory=Banks)

    @classmethod
    def fold(cls, game_id: int, place: str, records: list[Record]) -> GameRecord:
        game = cls(game_id, place)
        for rec in records:
            game.apply(rec)
        return game

    def copy(self) -> GameRecord:
        return replace(self, options=dict(self.options),
                       seats=[replace(s) for s in self.seats], moves=list(self.moves),
                       archive=dict(self.archive), takebacks=list(self.takebacks),
                       renames=list(self.renames), away=dict(self.away),
                       plans=dict(self.plans), clock=replace(self.clock),
                       banks=self.banks.copy())

    # ---- reading ------------------------------------------------------------------------------

    def seat(self, name: str) -> Seat | None:
        for s in self.seats:  # records name seats exactly: the fold's fast path
            if s.name == name:
                return s
        key = name.strip().casefold()
        for s in self.seats:
            if s.name.casefold() == key:
                return s
        return None

    def seat_of_user(self, user_id: str) -> Seat | None:
        """The seat ``user_id`` plays (took themselves); an offer does not count."""
        for s in self.seats:
            if same_user(s.user_id, user_id) and s.agreed and s.bot is None:
                return s
        return None

    def name_for(self, seat: Seat, user_name: str) -> str | None:
        """The name a seat takes when a new player takes it over: the player's, when that is
        a seat name (``engine.limits``) unlike every other seat's; None keeps the seat's."""
        try:
            name = check_name(user_name)
        except LimitError:
            return None
        others = [s.name for s in self.seats if s is not seat]
        return name if name != seat.name and look_alike(name, others) is None else None

    def offered_to(self, user_id: str) -> Seat | None:
        """The seat offered to ``user_id`` and not yet taken."""
        for s in self.seats:
            if same_user(s.user_id, user_id) and not s.agreed:
                return s
        return None

    @property
    def dropped(self) -> frozenset[str]:
        return frozenset(s.name for s in self.seats if s.dropped)

    def is_away(self, name: str, now: float) -> bool:
        """Whether the seat's player is away at ``now``."""
        return self.away.get(name, 0.0) > now

    @property
    def timed(self) -> bool:
        """Whether a decision can run out of time here (a deadline, a time bank)."""
        return self.deadline is not None or self.banks.setting is not None

    @property
    def bots(self) -> dict[str, str]:
        """The seats the computer player plays, with its level (``bot (normal)`` on a card)."""
        return {s.name: s.bot for s in self.seats if s.bot is not None and not s.dropped}

    def move_number(self, seq: int) -> int | None:
        """The 1-based number a move in force is shown with, from its record seq."""
        for i, m in enumerate(self.moves, start=1):
            if m.seq == seq:
                return i
        return None

    # ---- folding -------------------------------------------------------------------------------

    def apply(self, rec: Record) -> None:
        """Add one record; ``RecordError`` when it contradicts what came before."""
        if rec.seq != self.last_seq + 1:
            raise RecordError(rec.seq, f"expected record {self.last_seq + 1}")
        handler = _FOLD.get(rec.kind)
        if handler is None:
            raise RecordError(rec.seq, f"unknown kind {rec.kind!r}")
        if rec.seq == 1 and rec.kind != "create":
            raise RecordError(rec.seq, "a game starts with a 'create' record")
        before = self.position_seq
        try:
            handler(self, rec)
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(rec.seq, f"malformed {rec.kind} record ({err})") from None
        self.last_seq = rec.seq
        self.counted += _COUNTS.get(rec.kind, 1)
        self._run_clock(rec, before)

    def _run_clock(self, rec: Record, position_before: int) -> None:
        """The decision clock after ``rec``: stopped by a pause, running on after ``resume``,
        started again when the position or who must answer it changed."""
        clock = self.clock
        if rec.kind == "pause" and clock.since is not None:
            clock.waited += max(0.0, rec.at - clock.since)
            clock.runs = (*clock.runs, (clock.since, max(clock.since, rec.at)))
            clock.since = None
        elif rec.kind == "resume":
            clock.since = rec.at
        elif self.position_seq != position_before:
            self.clock = DecisionClock(self.position_seq, rec.at)
        elif clock.since is not None and rec.at < clock.since:  # the clock was set back:
            clock.since = rec.at  # the wait counts again from here (a deadline: at most its own)

    def _need_seat(self, rec: Record) -> Seat:
        if rec.seat is None:
            raise RecordError(rec.seq, f"a {rec.kind} record names no seat")
        seat = self.seat(rec.seat)
        if seat is None:
            raise RecordError(rec.seq, f"no seat {rec.seat!r}")
        return seat

    def _need_status(self, rec: Record, *statuses: GameStatus) -> None:
        if self.status not in statuses:
            raise RecordError(rec.seq, f"a {rec.kind} record while the game is {self.status}")

    def _on_create(self, rec: Record) -> None:
        if rec.seq != 1:
            raise RecordError(rec.seq, "a game is created only once")
        p = rec.carried(payloads.Created)
        self.edition, self.options = p.edition, dict(p.options)
        self.creator_id, self.creator_name = rec.user_id, rec.user_name
        self.created_at = rec.at
        self.status = GameStatus.LOBBY

    def _on_join(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.LOBBY)
        p = rec.carried(payloads.Joined)
        if rec.seat is None or self.seat(rec.seat) is not None:
            raise RecordError(rec.seq, f"seat {rec.seat!r} is missing or taken")
        user_id = p.user_id if p.named else rec.user_id
        user_name = rec.user_name if p.user_name is None else p.user_name
        agreed = user_id is None or same_user(user_id, rec.user_id) or p.agreed
        self.seats.append(Seat(rec.seat, user_id, user_name, p.colour, agreed=agreed))

    def _on_bot(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.LOBBY)
        p = rec.carried(payloads.BotAdded)
        if rec.seat is None or self.seat(rec.seat) is not None:
            raise RecordError(rec.seq, f"seat {rec.seat!r} is missing or taken")
        self.seats.append(Seat(rec.seat, BOT_PLAYER, bot_name(p.level), p.colour, bot=p.level,
                               by=rec.user_id))

    def _on_bot_seat(self, rec: Record) -> None:
        self._need_status(rec, *PLAYING_STATUSES)
        seat = self._need_seat(rec)
        seat.bot = rec.carried(payloads.BotSeated).level
        seat.user_id, seat.user_name = BOT_PLAYER, bot_name(seat.bot)
        seat.agreed, seat.dropped, seat.by = True, False, rec.user_id
        self.position_seq = rec.seq

    def _on_leave(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.LOBBY)
        self.seats.remove(self._need_seat(rec))

    def _on_colour(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.LOBBY)
        self._need_seat(rec).colour = rec.carried(payloads.Recoloured).colour

    def _on_start(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.LOBBY)
        p = rec.carried(payloads.Started)
        seats = [self.seat(n) for n in p.order]
        if len(p.order) != len(self.seats) or any(s is None for s in seats):
            raise RecordError(rec.seq, "the seat order does not match the seats")
        self.seats = [s for s in seats if s is not None]
        for s, c in zip(self.seats, p.colours, strict=True):
            s.colour = c
        self.seed, self.order_by = p.seed, p.order_by
        self.status = GameStatus.ACTIVE
        self.position_seq = rec.seq

    def _on_move(self, rec: Record) -> None:
        self._need_status(rec, *PLAYING_STATUSES)
        why = rec.carried(payloads.Moved).reason  # a malformed one is refused here
        seat = self._need_seat(rec)
        if not rec.text:
            raise RecordError(rec.seq, "a move record without a move")
        move = LiveMove(rec.seq, seat.name, rec.text, rec.auto, rec.user_id, rec.user_name,
                        rec.at, why)
        self.moves.append(move)
        self.archive[rec.seq] = move
        if move.chosen:
            self.takebacks.clear()
        if why == "plan":
            self._plan_step_played(seat.name)
        self.position_seq = rec.seq

    def _plan_step_played(self, seat: str) -> None:
        """A plan goes on with its next step; a round's plan (``pass this round``) is done once
        its pass is played (what its seat decides while the actions resolve is its own)."""
        plan = self.plans.get(seat)
        if plan is not None and plan.round is None and len(plan.steps) > 1:
            self.plans[seat] = replace(plan, steps=plan.steps[1:])
        elif plan is not None:
            del self.plans[seat]

    def _forget_plans_after(self, seq: int) -> None:
        """Rewriting a move made before a plan (an undo, a correction, a redo) clears the
        plan: it was made for a table that is no longer there."""
        self.plans = {name: plan for name, plan in self.plans.items() if plan.seq < seq}

    def _withdraw(self, rec: Record, targets: list[int]) -> None:
        gone = set(targets)
        tail = self.moves[len(self.moves) - len(gone):] if len(gone) <= len(self.moves) else []
        if len(gone) == len(targets) and {m.seq for m in tail} == gone:
            del self.moves[len(self.moves) - len(gone):]  # the usual undo: the last moves
            return
        live = {m.seq for m in self.moves}
        for t in targets:
            if t not in live:
                raise RecordError(rec.seq, f"record {t} is not a move in force")
        self.moves = [m for m in self.moves if m.seq not in gone]

    def _on_undo(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.ACTIVE)
        targets = rec.carried(payloads.Undone).targets
        self._withdraw(rec, list(targets))
        if targets:
            self._forget_plans_after(min(targets))
        self.takebacks.append(Takeback(rec.seq, rec.user_id, None, targets))
        self.position_seq = rec.seq

    def _on_correct(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.ACTIVE)
        p = rec.carried(payloads.Corrected)
        target = p.target
        seat = self._need_seat(rec)
        index = next((i for i, m in enumerate(self.moves) if m.seq == target), None)
        if index is None or not rec.text:
            raise RecordError(rec.seq, f"record {target} is not a move in force")
        move = LiveMove(rec.seq, seat.name, rec.text, False, rec.user_id, rec.user_name, rec.at)
        self.moves[index] = move
        self.archive[rec.seq] = move
        self._withdraw(rec, list(p.withdrawn))
        self._forget_plans_after(target)
        self.takebacks.append(Takeback(rec.seq, rec.user_id, target, p.withdrawn))
        self.position_seq = rec.seq

    def _on_redo(self, rec: Record) -> None:
        """Put back what an undo or a correction took back: the moves played since (only
        automatic ones) go, a corrected move gets its old text back, withdrawn moves return."""
        self._need_status(rec, GameStatus.ACTIVE)
        p = rec.carried(payloads.Redone)
        act = p.target
        if not self.takebacks or self.takebacks[-1].seq != act:
            raise RecordError(rec.seq, f"record {act} is not the last undo or correction")
        self._withdraw(rec, list(p.withdrawn))
        taken = self.takebacks.pop()
        self._forget_plans_after(act)  # a plan written since was for a table now gone
        replaced, gone = taken.replaced, taken.gone
        if replaced is not None:
            index = next((i for i, m in enumerate(self.moves) if m.seq == act), None)
            if index is None:
                raise RecordError(rec.seq, f"the correction {act} is no longer in force")
            self.moves[index] = self.archive[replaced]
        live = {m.seq for m in self.moves}
        if any(t in live for t in gone):
            raise RecordError(rec.seq, "a move to put back is already in force")
        self.moves.extend(self.archive[t] for t in gone)
        self.position_seq = rec.seq

    def _on_replace(self, rec: Record) -> None:
        self._need_status(rec, *PLAYING_STATUSES)
        p = rec.carried(payloads.Replaced)
        seat = self._need_seat(rec)
        seat.user_id, seat.user_name = p.user_id, p.user_name
        # A seat given to a Discord user is only offered; they take it with an accept record.
        seat.agreed = not p.offered
        seat.dropped = False
        seat.bot, seat.by = None, None
        self._hand_over(seat)
        if p.name is not None:
            self._rename(rec, seat, p.name)
        self.position_seq = rec.seq

    def _on_accept(self, rec: Record) -> None:
        self._need_status(rec, *PLAYING_STATUSES)
        name = rec.carried(payloads.Accepted).name
        seat = self._need_seat(rec)
        if not same_user(seat.user_id, rec.user_id) or seat.agreed:
            raise RecordError(rec.seq, f"seat {seat.name!r} is not offered to {rec.user_name!r}")
        seat.agreed = True  # (its old player's time away and plan went with ``replace``)
        if name is not None:
            self._rename(rec, seat, name)
        self.position_seq = rec.seq

    def _hand_over(self, seat: Seat) -> None:
        """A seat passed on starts clean: the old player's time away, plan, nudge and time
        bank go (the new player's bank starts whole)."""
        self.away.pop(seat.name, None)
        self.plans.pop(seat.name, None)
        self.banks.drop(seat.name)
        self.nudged = None

    def _rename(self, rec: Record, seat: Seat, name: str) -> None:
        """The seat plays under its new player's name from now on: the engine replays every
        move of the seat under that name (the records keep the name each was made under)."""
        other = self.seat(name)
        if not name or other is not None and other is not seat:
            raise RecordError(rec.seq, f"the seat name {name!r} is missing or taken")
        old, seat.name = seat.name, name
        self.renames.append((len(self.moves), old, name))
        if old in self.away:
            self.away[name] = self.away.pop(old)
        if old in self.plans:
            self.plans[name] = self.plans.pop(old)
        self.banks.rename(old, name)

        def moved(m: LiveMove) -> LiveMove:
            return replace(m, seat=name) if m.seat == old else m

        self.moves = [moved(m) for m in self.moves]
        self.archive = {seq: moved(m) for seq, m in self.archive.items()}

    def _on_drop(self, rec: Record) -> None:
        self._need_status(rec, *PLAYING_STATUSES)
        self._need_seat(rec).dropped = True
        self.position_seq = rec.seq

    def _on_pause(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.ACTIVE)
        self.status = GameStatus.PAUSED
        self.paused_by = rec.user_name

    def _on_resume(self, rec: Record) -> None:
        self._need_status(rec, GameStatus.PAUSED)
        self.status = GameStatus.ACTIVE
        self.paused_by = None
        self.position_seq = rec.seq

    def _on_abandon(self, rec: Record) -> None:
        self._need_status(rec, *OPEN_STATUSES)
        self.status = GameStatus.ABANDONED

    def _on_nudge(self, rec: Record) -> None:
        self.nudged = (self.position_seq, rec.at)

    def _on_setting(self, rec: Record) -> None:
        p = rec.carried(payloads.SettingChanged)
        name, value = p.name, p.value
        if name == "deadline" and (value is None or isinstance(value, float)):
            self.deadline = value
        elif name in ("timeout", "away") and value in POLICIES:
            setattr(self, "on_timeout" if name == "timeout" else "on_away", str(value))
        elif name == "auto_single" and isinstance(value, bool):
            self.auto_single = value
        elif name == "language" and (value is None or isinstance(value, str)):
            self.language = value
        else:
            raise ValueError(f"no setting {name} = {value!r}")

    def _on_away(self, rec: Record) -> None:
        self.away[self._need_seat(rec).name] = rec.carried(payloads.WentAway).until

    def _on_back(self, rec: Record) -> None:
        self.away[self._need_seat(rec).name] = rec.at

    def _on_plan(self, rec: Record) -> None:
        seat, p = self._need_seat(rec), rec.carried(payloads.PlanChanged)
        if p.steps:
            self.plans[seat.name] = Planned(rec.seq, p.steps, p.round)
        else:
            self.plans.pop(seat.name, None)

    def _on_timebank(self, rec: Record) -> None:
        p = rec.carried(payloads.BankSet)
        if p.start is not None and not (0 < p.start <= p.most and p.gain >= 0):
            raise RecordError(rec.seq, "a time bank starts above nothing and at most its most")
        self.banks.set(None if p.start is None else TimeBank(p.start, p.gain, p.most))

    def _on_bank(self, rec: Record) -> None:
        p = rec.carried(payloads.BankLeft)
        self.banks.note(self._need_seat(rec).name, p.left, p.credited)

    def _on_remind(self, rec: Record) -> None:
        stages = frozenset(rec.carried(payloads.Reminded).stages)
        self.clock.reminded = self.clock.reminded | stages

    def _on_import(self, rec: Record) -> None:
        # Whoever brings a game into a place runs it there.
        self.creator_id, self.creator_name = rec.user_id, rec.user_name
        # The file's users never agreed to play here: their seats are offered, not given.
        for name in rec.carried(payloads.Imported).offered:
            seat = self.seat(name)
            if seat is None:
                raise RecordError(rec.seq, f"no seat {name!r} to offer")
            seat.agreed = False
        self.imported = True

    def _on_rated(self, rec: Record) -> None:
        self.rated_at = rec.at if rec.carried(payloads.MarkedRated).on else None


#: how each kind of record is folded in (``GameRecord._on_<kind>``), looked up once
_FOLD: dict[str, Callable[[GameRecord, Record], None]] = {
    kind: getattr(GameRecord, f"_on_{kind}") for kind in RECORD_KINDS}
#: what a record adds to ``GameRecord.counted`` (1 when not listed): a leave removes its seat's
#: join, a redo the undo or correction it reverses; these change nothing of the game
_COUNTS: dict[str, int] = {"leave": -1, "redo": -1, "colour": 0, "pause": 0, "resume": 0,
                           "nudge": 0, "remind": 0, "rated": 0, "bank": 0}
