"""Rate limits: token buckets per key, and the service's budgets built on them (pictures per
user and per place, animations per place, reminders per user).

A command that would cost a picture asks ``picture_wait`` before any work; a move over the
limit is still played, only its picture is skipped. More budgets (per member, per server) plug
in beside these, as admission checks of the service (``GameService(admit=...)``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from engine.limits import PICTURES_PER_PLACE, PICTURES_PER_USER, REMINDERS_PER_USER, Rate


class TokenBuckets:
    """Rate limits: one token bucket per key (a user in a place, a place, a user), refilled at
    ``rate.per`` seconds a token up to ``rate.burst``. Thread-safe; forgets full buckets."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._buckets: dict[tuple[object, ...], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def wait(self, key: tuple[object, ...], rate: Rate, *, take: bool = True) -> float:
        """0 when a token is there (taken when ``take``), else the seconds until there is one."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate.burst), now))
            tokens = min(float(rate.burst), tokens + max(0.0, now - at) / rate.per)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) * rate.per
            if take:
                tokens -= 1.0
            self._buckets[key] = (tokens, now)
            if len(self._buckets) > 10_000:
                self._forget(now)
            return 0.0

    def _forget(self, now: float) -> None:
        for key, (_tokens, at) in list(self._buckets.items()):
            if now - at > 3600:
                del self._buckets[key]


class Budgets:
    """The service's costly things, each 0 when allowed now (and counted), else the wait.
    ``None`` buckets: no limits (tests, benchmarks); nothing is counted for what is not drawn
    (``pictures``, ``animations`` false)."""

    def __init__(self, buckets: TokenBuckets | None, animation_rate: Rate, *,
                 pictures: bool = True, animations: bool = True) -> None:
        self.buckets = buckets
        self.animation_rate = animation_rate
        self.pictures = pictures
        self.animations = animations

    def picture_wait(self, place: str, user_id: str) -> float:
        """A bucket per user in the place and one for the place; both must have a token."""
        if self.buckets is None or not self.pictures:
            return 0.0
        user, table = (place, user_id), (place,)
        wait = max(self.buckets.wait(user, PICTURES_PER_USER, take=False),
                   self.buckets.wait(table, PICTURES_PER_PLACE, take=False))
        if wait == 0:
            self.buckets.wait(user, PICTURES_PER_USER)
            self.buckets.wait(table, PICTURES_PER_PLACE)
        return wait

    def animation_wait(self, place: str) -> float:
        if self.buckets is None or not self.animations:
            return 0.0
        return self.buckets.wait(("animation", place), self.animation_rate)

    def may_remind(self, user_id: str | None) -> bool:
        """A user waited for at many tables is reminded a few times a day, not a flood."""
        return self.buckets is None or not self.buckets.wait(("remind", user_id),
                                                             REMINDERS_PER_USER)


def later(seconds: float) -> str:
    """A wait as a person says it ("12 s", "4 minutes")."""
    seconds = max(1, round(seconds))
    if seconds < 90:
        return f"{seconds} s"
    return f"{round(seconds / 60)} minutes"
