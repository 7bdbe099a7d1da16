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
import time
from dataclasses import dataclass

from bot.service.game.records import GameRecord, GameStatus
from engine import Game
from engine.limits import check_away, check_deadline
from engine.text import Msg, Text

HAS_A_PLAN = Msg("seat.has_a_plan", "has a plan")
AWAY_UNTIL = Msg("seat.away_until", "away until {day}")
WAITING = Msg("seat.waiting", "waiting {spent} of {deadline}")

#: The moments of a decision's wait, in order: halfway, an hour before, and the deadline.
HALF, HOUR, PASSED = "half", "hour", "passed"
STAGES: tuple[str, ...] = (HALF, HOUR, PASSED)
#: An away player's return is looked at again then (``AWAY_END``): their deadline starts anew.
AWAY_END = "back"
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


def waited(record: GameRecord, seat: str, now: float) -> float:
    """Seconds the current decision has counted against its deadline at ``now``."""
    start = started(record, seat)
    running = max(0.0, now - start) if start is not None and start <= now else 0.0
    return record.clock.waited + running


def next_due(record: GameRecord, game: Game | None, now: float) -> Due | None:
    """What the decision the game waits for owes next, or None (no deadline, not active,
    paused, a dropped seat, an away player whose decisions wait without a deadline)."""
    if record.status != GameStatus.ACTIVE or game is None or record.deadline is None:
        return None
    decision = game.to_act()
    seat = record.seat(decision.player) if decision is not None else None
    if seat is None or seat.dropped:
        return None
    end = record.away.get(seat.name, 0.0)
    if end > now:
        return Due(AWAY_END, end, seat.name) if record.on_away == "wait" else None
    start = started(record, seat.name)
    if start is None:
        return None
    pending = [(stage, start + wait - record.clock.waited)
               for stage, wait in thresholds(record.deadline)
               if stage not in record.clock.reminded]
    if not pending:
        return None
    ready = tuple(stage for stage, at in pending if at <= now)
    stage, at = (ready[-1], now) if ready else pending[0]
    return Due(stage, at, seat.name, ready or (stage,))


def due_at(record: GameRecord, game: Game | None, now: float) -> float | None:
    """When the game next owes a reminder or a deadline (None: never), for the scheduler's
    table (``next_due``)."""
    due = next_due(record, game, now)
    return None if due is None else due.at


DAYS = Msg("time.days", "{n:g} d")
HOURS = Msg("time.hours", "{n} h")
MINUTES = Msg("time.minutes", "{n} min")
DAY_MONTH = Msg("date.day_month", "{day} {month}")
#: the months as a date in few words names them
MONTHS = (
    Msg("date.month.1", "Jan"), Msg("date.month.2", "Feb"), Msg("date.month.3", "Mar"),
    Msg("date.month.4", "Apr"), Msg("date.month.5", "May"), Msg("date.month.6", "Jun"),
    Msg("date.month.7", "Jul"), Msg("date.month.8", "Aug"), Msg("date.month.9", "Sep"),
    Msg("date.month.10", "Oct"), Msg("date.month.11", "Nov"), Msg("date.month.12", "Dec"),
)


def hours(seconds: float) -> Text:
    """``24 h``, ``90 min``, ``3 d``: a duration as the table reads it (whole hours from an
    hour on, so a wait reads "14 h of 24 h")."""
    if seconds >= 2 * 86400 and seconds % 86400 == 0:
        return DAYS(n=seconds / 86400)
    if seconds >= 3600:
        return HOURS(n=int(seconds // 3600))
    return MINUTES(n=int(seconds // 60))


def day(at: float) -> Text:
    """``2 Dec``: when time away ends, in few words."""
    moment = time.gmtime(at)
    return DAY_MONTH(day=moment.tm_mday, month=MONTHS[moment.tm_mon - 1]())


def seat_facts(record: GameRecord, game: Game | None, now: float) -> dict[str, list[Text]]:
    """A few words per seat about waiting, for ``status`` and the picture's player cards
    (``drawing/prepared.seat_notes``): "away until 2 Dec", "waiting 14 h of 24 h" on the seat to
    act, "has a plan" (never what it is)."""
    facts: dict[str, list[Text]] = {}
    for seat in record.seats:
        if record.is_away(seat.name, now):
            facts.setdefault(seat.name, []).append(AWAY_UNTIL(day=day(record.away[seat.name])))
        if seat.name in record.plans:
            facts.setdefault(seat.name, []).append(HAS_A_PLAN())
    decision = game.to_act() if game is not None and record.status == GameStatus.ACTIVE else None
    if decision is not None and record.deadline is not None \
            and not record.is_away(decision.player, now):
        spent = waited(record, decision.player, now)
        facts.setdefault(decision.player, []).insert(
            0, WAITING(spent=hours(spent), deadline=hours(record.deadline)))
    return facts
