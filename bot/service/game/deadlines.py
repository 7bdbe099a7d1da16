"""When a decision's reminders and deadline come due, read from the game alone.

A game with a deadline (``deadline 24h``) reminds the player to act halfway and an hour before,
and when the deadline passes tells the moderator and applies the timeout policy. Whether any of
that is due is a pure function of the game's records (their ``DecisionClock``, the seats' time
away) and the time, so the scheduler stores only the next moment something is due beside the
game (``Store``'s ``due`` table), finds due games with one indexed query, and a restart loses
nothing: what was done is a ``remind`` record, and nothing is done twice.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.service.game.quiet import Quiet
from bot.service.game.records import GameRecord, GameStatus
from engine import Game
from engine.limits import check_away, check_deadline
from engine.text import Msg, Text

#: no quiet hours
NEVER = Quiet()
#: the quiet hours of a game's seats' players, by seat name (``store/members.py``)
Hours = Mapping[str, Quiet]
NO_HOURS: Hours = {}

#: The moments of a decision's wait, in order: halfway, an hour before, and the deadline.
HALF, HOUR, PASSED = "half", "hour", "passed"
STAGES: tuple[str, ...] = (HALF, HOUR, PASSED)
#: An away player's return is looked at again then (``AWAY_END``): their deadline starts anew.
AWAY_END = "back"
#: A ping held back by its player's quiet hours (``HELD``, marked on the decision as the ping
#: would have been given) is given when they end (``WOKE``), once per decision.
HELD, WOKE = "held", "woke"
#: a duration: a number and a unit, nothing else (read in one linear pass)
_DURATION = re.compile(r"(\d{1,4}(?:\.\d{1,2})?)\s*(m|min|mins|minutes?|h|hrs?|hours?|d|days?|"
                       r"w|weeks?)", re.ASCII)
_UNIT = {"m": 60.0, "h": 3600.0, "d": 86400.0, "w": 7 * 86400.0}
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})", re.ASCII)


@dataclass(frozen=True, slots=True)
class Due:
    """What a game's current decision owes next, and when: one of ``STAGES`` (those not
    given yet that are due by then come along), or ``AWAY_END``."""

    stage: str
    at: float
    seat: str
    stages: tuple[str, ...] = ()


def duration(text: str) -> float | None:
    """Seconds from ``24h``, ``3d``, ``90 minutes``, ``1.5 days``; None when it is not one."""
    m = _DURATION.fullmatch(text.strip().lower())
    if m is None:
        return None
    return float(m.group(1)) * _UNIT[m.group(2)[0]]


def deadline_seconds(text: str) -> float | None:
    """A deadline from text (``LimitError`` outside the deadline limit)."""
    seconds = duration(text)
    if seconds is not None:
        check_deadline(seconds)
    return seconds


def away_form(text: str) -> bool:
    """Whether ``text`` is written as time away (``3d``, ``until 2026-12-02``), whatever its
    value: anything else after ``away`` is table talk or a mistyped command."""
    words = text.strip().lower()
    if words.startswith("until "):
        return _DATE.fullmatch(words[len("until "):].strip()) is not None
    return duration(words) is not None


def away_until(text: str, now: float) -> float | None:
    """When time away given as ``3d`` or ``until 2026-12-02`` ends (the end of that day, UTC);
    None when the text is neither; ``LimitError`` outside the time-away limit."""
    words = text.strip().lower()
    if words.startswith("until "):
        m = _DATE.fullmatch(words[len("until "):].strip())
        if m is None:
            return None
        try:
            day = calendar.timegm((int(m[1]), int(m[2]), int(m[3]), 0, 0, 0))
        except ValueError:
            return None
        until = float(day + 86400)
    else:
        seconds = duration(words)
        if seconds is None:
            return None
        until = now + seconds
    check_away(until - now)
    return until


def thresholds(deadline: float) -> list[tuple[str, float]]:
    """The waits at which each stage comes: halfway, an hour before (when that is later than
    halfway), the deadline."""
    out = [(HALF, deadline / 2)]
    if deadline - 3600 > deadline / 2:
        out.append((HOUR, deadline - 3600))
    out.append((PASSED, deadline))
    return out


def started(record: GameRecord, seat: str) -> float | None:
    """When the current decision's clock (last) started running for ``seat``: its own start,
    or the seat's return from time away when that came later; None while paused."""
    since = record.clock.since
    if since is None:
        return None
    return max(since, record.away.get(seat, since))


def _spans(record: GameRecord, seat: str, now: float | None) -> list[tuple[float, float]]:
    """The stretches the current decision's clock ran for ``seat`` (each from the seat's
    return from time away, when that came later), the running one up to ``now`` (None: the
    closed ones only)."""
    back = record.away.get(seat, 0.0)
    runs = list(record.clock.runs)
    if now is not None and record.clock.since is not None:
        runs.append((record.clock.since, now))
    return [(max(a, back), b) for a, b in runs if b > max(a, back)]


def counted(record: GameRecord, seat: str, now: float, quiet: Quiet = NEVER) -> float:
    """Seconds the current decision has counted against its deadline and ``seat``'s time bank
    at ``now``: while the game ran (not paused), from the seat's return from time away, and
    outside the quiet hours of its player (``quiet``)."""
    return sum(quiet.counted(a, b) for a, b in _spans(record, seat, now))


def limit(record: GameRecord, seat: str) -> float | None:
    """How long the decision at hand may count for ``seat``: the deadline, or what is left
    of the seat's time bank, whichever is less (None: neither is set)."""
    bank = record.banks.of(seat)
    if record.deadline is None:
        return bank
    return record.deadline if bank is None else min(record.deadline, bank)


def reached(record: GameRecord, seat: str, amount: float, quiet: Quiet = NEVER
            ) -> float | None:
    """The moment the current decision will have counted ``amount`` seconds (None while the
    game is paused): its running stretch goes on outside the player's quiet hours."""
    start = started(record, seat)
    if start is None:
        return None
    done = sum(quiet.counted(a, b) for a, b in _spans(record, seat, None))
    return quiet.reach(start, amount - done)


def _seat_to_act(record: GameRecord, game: Game | None) -> str | None:
    if record.status != GameStatus.ACTIVE or game is None or not record.timed:
        return None
    decision = game.to_act()
    seat = record.seat(decision.player) if decision is not None else None
    return None if seat is None or seat.dropped else seat.name


def next_due(record: GameRecord, game: Game | None, now: float,
             hours: Hours = NO_HOURS) -> Due | None:
    """What the decision the game waits for owes next, or None (no deadline or time bank,
    not active, paused, a dropped seat, an away player whose decisions wait without a
    deadline): a ping held back by quiet hours (``WOKE``) or the deadline's next stage,
    whichever comes first (together when both are due). ``hours``: the quiet hours of the
    seats' players, by seat."""
    woke, timed = _woken(record, game, now, hours), _timed(record, game, now, hours)
    if woke is None or timed is None:
        return woke or timed
    if timed.at <= now and timed.stage in STAGES:
        return Due(timed.stage, timed.at, timed.seat, (*timed.stages, WOKE))
    return woke if woke.at <= timed.at else timed


def _woken(record: GameRecord, game: Game | None, now: float, hours: Hours) -> Due | None:
    """The ping a decision owes its player at the end of their quiet hours: it was held back
    (``HELD``) and not given since; None while the game is paused or the player away."""
    reminded = record.clock.reminded
    if HELD not in reminded or WOKE in reminded or record.status != GameStatus.ACTIVE \
            or game is None or record.clock.since is None:
        return None
    decision = game.to_act()
    seat = record.seat(decision.player) if decision is not None else None
    if seat is None or seat.dropped or record.is_away(seat.name, now):
        return None
    return Due(WOKE, hours.get(seat.name, NEVER).end(now), seat.name, (WOKE,))


def _timed(record: GameRecord, game: Game | None, now: float, hours: Hours) -> Due | None:
    """The deadline's (or time bank's) next stage for the decision at hand, or None."""
    seat = _seat_to_act(record, game)
    if seat is None:
        return None
    end = record.away.get(seat, 0.0)
    if end > now:
        return Due(AWAY_END, end, seat) if record.on_away == "wait" else None
    allowed = limit(record, seat)
    quiet = hours.get(seat, NEVER)
    if allowed is None or started(record, seat) is None:
        return None
    pending: list[tuple[str, float]] = []
    for stage, wait in thresholds(allowed):
        if stage in record.clock.reminded:
            continue
        at = reached(record, seat, wait, quiet)
        assert at is not None
        pending.append((stage, at))
    if not pending:
        return None
    ready = tuple(stage for stage, at in pending if at <= now)
    stage, at = (ready[-1], now) if ready else pending[0]
    return Due(stage, at, seat, ready or (stage,))


def due_at(record: GameRecord, game: Game | None, now: float,
           hours: Hours = NO_HOURS) -> float | None:
    """When the game next owes a reminder or a deadline (None: never), for the scheduler's
    table (``next_due``)."""
    due = next_due(record, game, now, hours)
    return None if due is None else due.at


def runs_out(record: GameRecord, game: Game | None, now: float,
             hours: Hours = NO_HOURS) -> float | None:
    """When the decision the game waits for runs out of time, its deadline or its player's
    time bank (None: it cannot, or not while its player is away or the game paused): the
    moment ``due <t:...:R>`` says."""
    seat = _seat_to_act(record, game)
    if seat is None or record.is_away(seat, now):
        return None
    allowed = limit(record, seat)
    if allowed is None:
        return None
    return reached(record, seat, allowed, hours.get(seat, NEVER))


def bank_now(record: GameRecord, seat: str, game: Game | None, now: float,
             hours: Hours = NO_HOURS) -> float | None:
    """What is left of ``seat``'s time bank at ``now`` (its decision at hand counted), None
    without a time bank."""
    bank = record.banks.of(seat)
    if bank is None:
        return None
    if _seat_to_act(record, game) == seat:
        bank -= counted(record, seat, now, hours.get(seat, NEVER))
    return max(0.0, bank)


DAYS = Msg("time.days", "{n:g} d")
HOURS = Msg("time.hours", "{n} h")
MINUTES = Msg("time.minutes", "{n} min")
DAYS_HOURS = Msg("time.days_hours", "{days} d {hours} h")


def hours(seconds: float) -> Text:
    """``24 h``, ``90 min``, ``3 d``: a duration as the table reads it (whole hours from an
    hour on, so a wait reads "14 h of 24 h")."""
    if seconds >= 2 * 86400 and seconds % 86400 == 0:
        return DAYS(n=seconds / 86400)
    if seconds >= 3600:
        return HOURS(n=int(seconds // 3600))
    return MINUTES(n=int(seconds // 60))


def span(seconds: float) -> Text:
    """``2 d 4 h``, ``3 d``, ``14 h``, ``40 min``: what is left of a time bank (days and
    whole hours from a day on; to the nearest minute, so a bank a few seconds into its use
    still reads as it was set)."""
    seconds = round(seconds / 60) * 60
    if seconds >= 86400:
        days, rest = divmod(int(seconds), 86400)
        if rest < 3600:
            return DAYS(n=float(days))
        return DAYS_HOURS(days=days, hours=rest // 3600)
    return hours(seconds)
