"""What each member chose about their time: where they are pinged, their quiet hours, their
daily digest, and whether their direct messages were found closed.

- ``notify channel|dm|both|off`` (``verbs/notify.py``): a turn or a reminder pings the member
  in the game's channel (the default), by direct message with a link to the game's post, both,
  or not at all (their name is still written);
- ``quiet 22:00-07:30 Europe/Berlin`` (``verbs/quiet.py``): no ping in those hours (it waits to
  their end), and their deadline or time bank does not run in them (``game/quiet.py``); each
  change is kept from its moment on, so time already counted is never counted again;
- ``digest on 08:00`` (``verbs/digest.py``): once a day, a direct message listing the games
  waiting for them (``pings.py``);
- their zone, the IANA name they last gave (``Europe/Berlin``; UTC until they give one);
- ``dm_closed_until``: Discord refused a direct message to them (closed DMs); until then their
  pings go to the channel instead, so a closed inbox costs one fallback, not one per ping.

One row per member everywhere (a person keeps one night's sleep in every server), in the side
table ``member_times`` (``schema.py``); ``forget me`` deletes it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

import sqlite_utils

from bot.service.game.quiet import Quiet, QuietHours
from bot.service.game.records import GameRecord
from bot.service.store.store import Store

#: Where a member is pinged.
NOTIFY = ("channel", "dm", "both", "off")
DEFAULT_NOTIFY = "channel"
DEFAULT_ZONE = "UTC"
#: Changes of quiet hours kept: those of the last 60 days and the one in force before them
#: (no decision's wait, the time away limit included, reaches further back).
QUIET_KEPT_SECONDS = 60 * 86400.0


@dataclass(frozen=True, slots=True)
class MemberTimes:
    """One member's choices (the defaults for a member who chose nothing)."""

    user_id: str
    notify: str = DEFAULT_NOTIFY
    zone: str | None = None
    quiet: Quiet = Quiet()
    #: the digest's time of day, minutes after midnight in ``zone`` (None: no digest)
    digest: int | None = None
    digest_next: float | None = None
    dm_closed_until: float | None = None

    @property
    def zone_or_utc(self) -> str:
        return self.zone or DEFAULT_ZONE

    def hours(self, at: float) -> QuietHours | None:
        """The quiet hours in force at ``at``."""
        return self.quiet.now(at)

    def channel(self, now: float) -> bool:
        """Whether a ping of theirs goes to the channel (as they chose, or as a fallback while
        their direct messages are closed)."""
        if self.notify in ("channel", "both"):
            return True
        return self.notify == "dm" and self.dms_closed(now)

    def direct(self, now: float) -> bool:
        """Whether a ping of theirs goes by direct message now."""
        return self.notify in ("dm", "both") and not self.dms_closed(now)

    def dms_closed(self, now: float) -> bool:
        return self.dm_closed_until is not None and self.dm_closed_until > now


def _quiet(text: str | None) -> Quiet:
    if not text:
        return Quiet()
    periods: list[tuple[float, QuietHours | None]] = []
    for item in json.loads(text):
        since = float(item[0])
        periods.append((since, QuietHours(int(item[1]), int(item[2]), str(item[3]))
                        if len(item) == 4 else None))
    return Quiet(tuple(periods))


def _quiet_text(quiet: Quiet) -> str:
    return json.dumps([[since] if hours is None else [since, hours.start, hours.end, hours.zone]
                       for since, hours in quiet.periods], separators=(",", ":"))


_COLUMNS = "user_id, notify, zone, quiet, digest, digest_next, dm_closed_until"


def _row(row: tuple[object, ...]) -> MemberTimes:
    user, notify, zone, quiet, digest, digest_next, closed = row
    return MemberTimes(str(user), str(notify or DEFAULT_NOTIFY), None if zone is None else str(
        zone), _quiet(None if quiet is None else str(quiet)),
        None if digest is None else int(str(digest)),
        None if digest_next is None else float(str(digest_next)),
        None if closed is None else float(str(closed)))


def of(store: Store, user_id: str) -> MemberTimes:
    """What ``user_id`` chose (the defaults when nothing)."""
    return members(store, [user_id]).get(user_id, MemberTimes(user_id))


def members(store: Store, user_ids: Iterable[str]) -> dict[str, MemberTimes]:
    """The choices of those of ``user_ids`` who made any, by user id (one query)."""
    wanted = sorted({u for u in user_ids if u})
    if not wanted:
        return {}
    marks = ", ".join("?" * len(wanted))
    with store.lock:
        try:
            rows = store.db.execute(f"SELECT {_COLUMNS} FROM member_times WHERE user_id IN "
                                    f"({marks})", wanted).fetchall()
        except sqlite3.OperationalError:  # an older file without the table: nobody chose
            return {}
    return {str(r[0]): _row(r) for r in rows}


def quiet_of(store: Store, user_ids: Iterable[str]) -> dict[str, Quiet]:
    """Each member's quiet hours over time, for those who have any."""
    return {user: times.quiet for user, times in members(store, user_ids).items()
            if times.quiet.periods}


def hours_of(store: Store, record: GameRecord) -> dict[str, Quiet]:
    """The quiet hours of a game's players, by the seat each plays (``deadlines.Hours``)."""
    players = {seat.player: seat.name for seat in record.seats if seat.player}
    return {players[user]: quiet for user, quiet in quiet_of(store, players).items()}


def keep(store: Store, times: MemberTimes) -> None:
    """Write ``times`` as the member's row."""
    with store.transaction() as db:
        write(db, times)


def write(db: sqlite_utils.Database, times: MemberTimes) -> None:
    """Write ``times`` inside the caller's transaction."""
    db.execute(
        f"INSERT OR REPLACE INTO member_times ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [times.user_id, times.notify, times.zone,
         _quiet_text(times.quiet) if times.quiet.periods else None, times.digest,
         times.digest_next, times.dm_closed_until])


def with_quiet(quiet: Quiet, hours: QuietHours | None, now: float) -> Quiet:
    """``quiet`` with ``hours`` in force from ``now`` on (older changes beyond what any wait
    can reach are let go; the one in force then is kept)."""
    periods = [(since, h) for since, h in quiet.periods if since < now]
    old = [i for i, (since, _) in enumerate(periods) if since < now - QUIET_KEPT_SECONDS]
    if len(old) > 1:
        periods = periods[old[-1]:]
    periods.append((now, hours))
    if all(h is None for _, h in periods):
        return Quiet()
    return Quiet(tuple(periods))


def due_digests(store: Store, now: float, limit: int) -> list[MemberTimes]:
    """The members whose digest is due by ``now``, the most overdue first."""
    with store.lock:
        try:
            rows = store.db.execute(
                f"SELECT {_COLUMNS} FROM member_times WHERE digest_next <= ? "
                f"ORDER BY digest_next LIMIT ?", [now, limit]).fetchall()
        except sqlite3.OperationalError:
            return []
    return [_row(r) for r in rows]


def forget_user(db: sqlite_utils.Database, user_id: str) -> int:
    """Delete ``user_id``'s choices (``forget me``), inside the caller's transaction."""
    try:
        cursor = db.execute("DELETE FROM member_times WHERE user_id = ?", [user_id])
    except sqlite3.OperationalError:
        return 0
    return max(0, cursor.rowcount)
