"""Time away drawn on a yearly allowance per member per server (``away``'s days).

Each server gives each member ``AWAY_DAYS_PER_YEAR`` days of time away per calendar year (UTC)
unless its moderators set another number (``away allowance 20``); a moderator can grant a
member more for the year (``away grant @member 5``). ``away 3d`` draws on it: the part of the
time away not already covered by an earlier ``away`` of the same member on the same server (a
member away at two tables is away once), refused when it is more than is left; ``back`` gives
back what was not used. Days are counted as time, to the hour (``away 12h`` takes half a day).

Kept in two side tables (``schema.py``): ``away_allowance`` (per server) and ``away_days`` (per
server, member and year: days taken, days granted, and until when their time away is covered).
A console table (no server) keeps them under the empty server name.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from dataclasses import dataclass

import sqlite_utils

from bot.service.store.store import Store
from engine.limits import AWAY_DAYS_PER_YEAR, check_away_days

DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Allowance:
    """A member's time away on one server this year, in days."""

    allowed: float
    granted: float
    taken: float
    covered_until: float

    @property
    def left(self) -> float:
        return max(0.0, self.allowed + self.granted - self.taken)


def _key(server: str | None, user_id: str, now: float) -> tuple[str, str, int]:
    return (server or "", user_id, time.gmtime(now).tm_year)


def allowed(db: sqlite_utils.Database, server: str | None) -> float:
    """The server's days of time away per member per year."""
    try:
        row = db.execute("SELECT days FROM away_allowance WHERE server = ?",
                         [server or ""]).fetchone()
    except sqlite3.OperationalError:
        return float(AWAY_DAYS_PER_YEAR)
    return float(AWAY_DAYS_PER_YEAR) if row is None else float(row[0])


def of(db: sqlite_utils.Database, server: str | None, user_id: str, now: float) -> Allowance:
    row = db.execute("SELECT granted, taken, covered_until FROM away_days WHERE server = ? "
                     "AND user_id = ? AND year = ?", list(_key(server, user_id, now))).fetchone()
    granted, taken, covered = (0.0, 0.0, 0.0) if row is None else map(float, row)
    return Allowance(allowed(db, server), granted, taken, covered)


def mine(store: Store, server: str | None, user_id: str, now: float) -> Allowance:
    """``of``, read on its own."""
    with store.lock:
        try:
            return of(store.db, server, user_id, now)
        except sqlite3.OperationalError:  # an older file without the tables: nothing taken
            return Allowance(float(AWAY_DAYS_PER_YEAR), 0.0, 0.0, 0.0)


def _write(db: sqlite_utils.Database, server: str | None, user_id: str, now: float,
           mine: Allowance) -> None:
    db.execute("INSERT OR REPLACE INTO away_days (server, user_id, year, granted, taken, "
               "covered_until) VALUES (?, ?, ?, ?, ?, ?)",
               [*_key(server, user_id, now), mine.granted, mine.taken, mine.covered_until])


def cost(mine: Allowance, now: float, until: float) -> float:
    """The days ``away`` until ``until`` draws: what the member's earlier time away on this
    server does not cover already, to the hour."""
    return round(max(0.0, until - max(now, mine.covered_until)) / 3600) / 24


def take(db: sqlite_utils.Database, server: str | None, user_id: str, now: float,
         until: float) -> None:
    """Draw ``away`` until ``until`` on the allowance, inside the transaction that saves the
    time away's record (``Outcome.writes``: a change not saved draws nothing; the caller
    checked the days are left)."""
    mine = of(db, server, user_id, now)
    _write(db, server, user_id, now, Allowance(mine.allowed, mine.granted,
                                               mine.taken + cost(mine, now, until),
                                               max(mine.covered_until, until)))


def unused(mine: Allowance, now: float) -> float:
    """The days of covered time away not used by ``now``: what ``back`` gives back."""
    return min(mine.taken, round(max(0.0, mine.covered_until - now) / 3600) / 24)


def give_back(db: sqlite_utils.Database, server: str | None, user_id: str, now: float) -> None:
    """``back``: the days of covered time away not used are the member's again, inside the
    transaction that saves the return's record."""
    mine = of(db, server, user_id, now)
    _write(db, server, user_id, now, Allowance(mine.allowed, mine.granted,
                                               mine.taken - unused(mine, now),
                                               min(mine.covered_until, now)))


def grant(store: Store, server: str | None, user_id: str, now: float, days: float) -> Allowance:
    """A moderator gives ``user_id`` ``days`` more this year (``LimitError`` past the limit)."""
    with store.transaction() as db:
        mine = of(db, server, user_id, now)
        check_away_days(mine.granted + days)
        more = Allowance(mine.allowed, mine.granted + days, mine.taken, mine.covered_until)
        _write(db, server, user_id, now, more)
    return more


def set_allowed(store: Store, server: str | None, days: float) -> None:
    """The server's days of time away per member per year (``LimitError`` past the limit)."""
    check_away_days(days)
    with store.transaction() as db:
        db.execute("INSERT OR REPLACE INTO away_allowance (server, days) VALUES (?, ?)",
                   [server or "", days])


def forget_user(db: sqlite_utils.Database, user_id: str) -> None:
    """``forget me``: the member's days of time away, inside the caller's transaction."""
    with contextlib.suppress(sqlite3.OperationalError):  # an older file: nothing kept
        db.execute("DELETE FROM away_days WHERE user_id = ?", [user_id])
