"""What each member chose about their time: their quiet hours, in their own zone, and where
they are pinged.

``digest on 08:00`` (``verbs/digest.py``): once a day at that time in their zone, a direct
message listing the games that wait for them (``bot/service/store/digests.py``).

``notify channel|dm|both|off`` (``verbs/notify.py``): a turn or a reminder pings the member in
the game's channel (the default), by direct message with a link to the game's post, both, or not
at all (their name is still written). When Discord refuses a direct message to them (closed
DMs), that ping goes to the channel instead, once, and their pings go to the channel for
``DMS_CLOSED_SECONDS`` (a closed inbox costs one fallback, not one per ping).

``quiet 22:00-07:30 Europe/Berlin`` (``verbs/quiet.py``): no reminder pings them in those hours,
and their deadline or time bank does not run in them (``game/quiet.py``); each change is kept
from its moment on, so time already counted is never counted again. Their zone is the IANA
name they last gave (UTC until they give one).

One row per member everywhere (a person keeps one night's sleep in every server), in the side
table ``member_times`` (``schema.py``); ``forget me`` deletes it.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import sqlite_utils

from bot.service.game.quiet import Quiet, QuietHours
from bot.service.game.quiet import zone as quiet_zone
from bot.service.game.records import GameRecord
from bot.service.store import languages
from bot.service.store.schema import stored_id
from bot.service.store.store import Store
from bot.service.words.catalogue import DEFAULT_LANGUAGE

DEFAULT_ZONE = "UTC"
#: Where a member is pinged (``notify``), the default first.
NOTIFY = ("channel", "dm", "both", "off")
DEFAULT_NOTIFY = "channel"
#: How long a member's pings go to the channel after Discord refused a direct message to them.
DMS_CLOSED_SECONDS = 7 * 86400.0
#: A daily digest not sent (a passing failure) is tried again this much later, then twice as
#: late, ``DIGEST_TRIES`` times in all (the first included), never past the next day's.
DIGEST_RETRY_SECONDS = 15 * 60.0
DIGEST_TRIES = 4
#: Changes of quiet hours kept: those of the last 60 days and the one in force before them
#: (no decision's wait, the time away limit included, reaches further back).
QUIET_KEPT_SECONDS = 60 * 86400.0


@dataclass(frozen=True, slots=True)
class MemberTimes:
    """One member's choices (the defaults for a member who chose nothing)."""

    user_id: str
    zone: str | None = None
    quiet: Quiet = Quiet()
    notify: str = DEFAULT_NOTIFY
    #: until when their direct messages are taken as closed (Discord refused one)
    dm_closed_until: float | None = None
    #: their daily digest's time of day, minutes after midnight in ``zone`` (None: none), and
    #: its next moment
    digest: int | None = None
    digest_next: float | None = None

    @property
    def zone_or_utc(self) -> str:
        return self.zone or DEFAULT_ZONE

    def hours(self, at: float) -> QuietHours | None:
        """The quiet hours in force at ``at``."""
        return self.quiet.now(at)

    def way(self, now: float) -> str:
        """How they are pinged at ``now``: as they chose, but by the channel while their direct
        messages are taken as closed."""
        closed = self.dm_closed_until is not None and self.dm_closed_until > now
        return "channel" if closed and self.notify in ("dm", "both") else self.notify


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


_COLUMNS = "user_id, zone, quiet, notify, dm_closed_until, digest, digest_next"


def _row(row: tuple[object, ...]) -> MemberTimes:
    user, zone, quiet, notify, closed, digest, digest_next = row
    return MemberTimes(str(user), None if zone is None else str(zone),
                       _quiet(None if quiet is None else str(quiet)),
                       str(notify) if notify in NOTIFY else DEFAULT_NOTIFY,
                       None if closed is None else float(str(closed)),
                       None if digest is None else int(str(digest)),
                       None if digest_next is None else float(str(digest_next)))


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
        [times.user_id, times.zone, _quiet_text(times.quiet) if times.quiet.periods else None,
         times.notify, times.dm_closed_until, times.digest, times.digest_next])


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


def look_again(db: sqlite_utils.Database, user_id: str, now: float) -> None:
    """The games under way that ``user_id`` plays in are looked at by the scheduler at ``now``
    (inside the caller's transaction): new quiet hours move their due moments, earlier or
    later, and the scheduler writes them again."""
    db.execute("UPDATE schedule SET due_at = ? WHERE game_id IN (SELECT DISTINCT r.game_id "
               "FROM records r JOIN games g ON g.id = r.game_id WHERE r.user_id = ? "
               "AND g.status = 'active')", [now, stored_id(user_id)])


def ping_ways(store: Store, user_ids: Sequence[str], now: float,
              may_dm: Callable[[str], bool]) -> dict[str, tuple[str, str]]:
    """How each of ``user_ids`` is pinged at ``now`` (``MemberTimes.way``), with the language
    of what they alone read; one who would get a direct message over their day's budget of them
    (``may_dm``, which spends it) is pinged in the channel instead."""
    chosen = members(store, user_ids)
    ways: dict[str, tuple[str, str]] = {}
    for user in user_ids:
        way = chosen[user].way(now) if user in chosen else DEFAULT_NOTIFY
        if way in ("dm", "both") and not may_dm(user):
            way = "channel"
        ways[user] = (way, languages.chosen(store, languages.MEMBER, user) or DEFAULT_LANGUAGE)
    return ways


def dms_closed(store: Store, user_id: str, now: float) -> None:
    """Discord refused a direct message to ``user_id``: their pings go to the channel for
    ``DMS_CLOSED_SECONDS`` (or until they choose ``notify`` again)."""
    keep(store, replace(of(store, user_id), dm_closed_until=now + DMS_CLOSED_SECONDS))


def next_digest(minutes: int, zone: str, after: float) -> float:
    """The first moment after ``after`` at ``minutes`` past midnight in ``zone`` (a wall time
    summer time skips is read as the clocks' jump places it)."""
    tz = quiet_zone(zone)
    day = dt.datetime.fromtimestamp(after, tz).date()
    for offset in range(3):
        on = day + dt.timedelta(days=offset)
        at = dt.datetime(on.year, on.month, on.day, minutes // 60, minutes % 60,
                         tzinfo=tz).timestamp()
        if at > after:
            return at
    raise AssertionError("a day has a moment after any moment")


def due_digests(store: Store, now: float, limit: int) -> list[MemberTimes]:
    """The members whose digest is due by ``now``, the most overdue first. Each is handed out
    with its retry already written (``DIGEST_RETRY_SECONDS``, doubling, never past tomorrow's
    digest), in the same transaction: a digest that fails (or a stop before it was sent) is
    tried again that day, ``DIGEST_TRIES`` times in all, until ``digest_sent`` says it went;
    after the last try, tomorrow's."""
    with store.transaction() as db:
        rows = db.execute(f"SELECT {_COLUMNS}, digest_tries FROM member_times WHERE "
                          f"digest_next <= ? ORDER BY digest_next LIMIT ?",
                          [now, limit]).fetchall()
        due = [_row(r[:-1]) for r in rows]
        for times, row in zip(due, rows, strict=True):
            assert times.digest is not None
            tries = int(str(row[-1] or 0)) + 1
            regular = next_digest(times.digest, times.zone_or_utc, now)
            retry = now + DIGEST_RETRY_SECONDS * 2 ** (tries - 1)
            db.execute("UPDATE member_times SET digest_next = ?, digest_tries = ? "
                       "WHERE user_id = ?",
                       [min(regular, retry), tries, times.user_id] if tries < DIGEST_TRIES
                       else [regular, None, times.user_id])
    return due


def digest_sent(store: Store, user_ids: Sequence[str], now: float) -> None:
    """The digests of ``user_ids`` went out (or there was nothing to send, or Discord refused
    it outright): no retry; the next is tomorrow's."""
    with store.transaction() as db:
        for user in user_ids:
            row = db.execute("SELECT digest, zone FROM member_times WHERE user_id = ? AND "
                             "digest IS NOT NULL AND digest_tries IS NOT NULL",
                             [user]).fetchone()
            if row is not None:
                db.execute("UPDATE member_times SET digest_next = ?, digest_tries = NULL "
                           "WHERE user_id = ?",
                           [next_digest(int(row[0]), str(row[1] or DEFAULT_ZONE), now), user])


def forget_user(db: sqlite_utils.Database, user_id: str) -> int:
    """Delete ``user_id``'s choices (``forget me``), inside the caller's transaction."""
    try:
        cursor = db.execute("DELETE FROM member_times WHERE user_id = ?", [user_id])
    except sqlite3.OperationalError:
        return 0
    return max(0, cursor.rowcount)
