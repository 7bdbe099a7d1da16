"""Quiet hours: the hours of the day a member is not pinged and their time does not run.

``quiet 22:00-07:30 Europe/Berlin`` (``verbs/quiet.py``) keeps a member's quiet hours, in their
own zone (an IANA name, read by ``zoneinfo`` from the ``tzdata`` package, so summer time moves
them with the clocks). In those hours nobody pings the member (a ping waits to their end:
``bot/service/pings.py``), and the decision they must take does not count against its deadline
or their time bank (``deadlines.py``).

Everything here is pure arithmetic on moments (seconds since the epoch): the quiet windows
between two moments, how much of a stretch lies outside them (``counted``), the moment a stretch
outside them reaches a length (``reach``), and where a quiet window that holds a moment ends
(``end``). A member who changes their quiet hours keeps the old ones for the time before the
change (``Quiet``: the hours in force from each moment on), so a wait already counted is never
counted again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

#: minutes in a day
DAY_MINUTES = 24 * 60
#: a stretch is looked at a window at a time; past this many windows ``reach`` stops (a day
#: has one window, so this is a thousand days: far past the longest deadline or bank)
MAX_WINDOWS = 1000


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    """The zone named ``name`` (``ZoneInfoNotFoundError``/``ValueError`` when there is none)."""
    return ZoneInfo(name)


def zone_name(text: str) -> str | None:
    """The IANA name ``text`` means (``europe/berlin`` -> ``Europe/Berlin``; ``UTC``), or None
    when ``tzdata`` knows no such zone. Only names from the zone list are ever opened."""
    wanted = text.strip()
    if not wanted or len(wanted) > 64:
        return None
    names = _zone_names()
    return names.get(wanted.casefold())


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    return {name.casefold(): name for name in available_timezones()}


@dataclass(frozen=True, slots=True)
class QuietHours:
    """Every day from ``start`` to ``end`` (minutes after midnight, in ``zone``); a start
    after the end runs over midnight (22:00-07:30)."""

    start: int
    end: int
    zone: str

    @property
    def minutes(self) -> int:
        """How long the window is, in minutes (0 to a day)."""
        return (self.end - self.start) % DAY_MINUTES

    def windows(self, after: float) -> Iterator[tuple[float, float]]:
        """The quiet windows, in order, from the one that holds or follows ``after`` (a
        window is (from, to) in seconds; endless)."""
        if self.minutes == 0:
            return
        tz = zone(self.zone)
        day = dt.datetime.fromtimestamp(after, tz).date() - dt.timedelta(days=1)
        while True:
            begin = _at(day, self.start, tz)
            close = _at(day + dt.timedelta(days=1 if self.end <= self.start else 0),
                        self.end, tz)
            if close > after and close > begin:
                yield begin, close
            day += dt.timedelta(days=1)

def _at(day: dt.date, minutes: int, tz: dt.tzinfo) -> float:
    """The moment ``minutes`` after midnight on ``day`` in ``tz`` (a wall time summer time
    skips is read as the clocks' jump places it; one that repeats, its first reading)."""
    return dt.datetime(day.year, day.month, day.day, minutes // 60, minutes % 60,
                       tzinfo=tz).timestamp()


@dataclass(frozen=True, slots=True)
class Quiet:
    """A member's quiet hours over time: ``periods`` are (from, hours or None), in order; each
    holds from its moment until the next one's. No periods: never quiet."""

    periods: tuple[tuple[float, QuietHours | None], ...] = ()

    def now(self, at: float) -> QuietHours | None:
        """The quiet hours in force at ``at``."""
        hours: QuietHours | None = None
        for since, chosen in self.periods:
            if since > at:
                break
            hours = chosen
        return hours

    def windows(self, start: float, stop: float | None = None) -> Iterator[tuple[float, float]]:
        """The quiet windows from ``start`` on (to ``stop``), clipped to the periods whose hours
        made them, in order."""
        bounds = [*self.periods, (float("inf"), None)]
        for (since, hours), (until, _) in zip(bounds, bounds[1:], strict=False):
            if hours is None or until <= start:
                continue
            if stop is not None and since >= stop:
                return
            for begin, close in hours.windows(max(start, since)):
                begin, close = max(begin, since, start), min(close, until)
                if stop is not None and begin >= stop:
                    return
                if begin >= until:
                    break
                if close > begin:
                    yield begin, close if stop is None else min(close, stop)

    def counted(self, start: float, stop: float) -> float:
        """Seconds from ``start`` to ``stop`` outside quiet hours."""
        if stop <= start:
            return 0.0
        quiet = sum(close - begin for begin, close in self.windows(start, stop))
        return max(0.0, stop - start - quiet)

    def reach(self, start: float, amount: float) -> float:
        """The first moment at which the time from ``start`` outside quiet hours has reached
        ``amount`` seconds (``start`` itself when ``amount`` is none, or quiet until then)."""
        at, left = start, max(0.0, amount)
        for count, (begin, close) in enumerate(self.windows(start)):
            if count > MAX_WINDOWS:
                break
            if begin - at >= left:
                break
            left -= max(0.0, begin - at)
            at = max(at, close)
        return at + left

    def end(self, at: float) -> float:
        """``at`` when it is not quiet then, else where the quiet hours that hold it end (a
        window that runs straight into the next counts as one)."""
        for begin, close in self.windows(at):
            if begin > at:
                break
            at = max(at, close)
        return at

    def quiet_at(self, at: float) -> bool:
        return self.end(at) > at
