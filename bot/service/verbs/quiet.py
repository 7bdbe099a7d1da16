"""``quiet 22:00-07:30 Europe/Berlin``: a member's quiet hours, every day, in their own zone.

In those hours no reminder pings them (a reminder due then waits for their end), and the
decision they must take does not count against its deadline or their time bank: a night's
sleep never costs a turn. ``quiet`` alone says what is set, ``quiet off`` ends them. The zone is
an IANA name (``Europe/Berlin``, ``America/New_York``, ``UTC``), read by ``zoneinfo`` from the
``tzdata`` package, so summer time moves the hours with the clocks; it may be left out after the
first time (the last one given is kept). At most 12 hours a day (``engine.limits``). Kept per
member, for every server (``store/members.py``). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.game.quiet import QuietHours, zone_name
from bot.service.store import members
from engine.limits import check_quiet
from engine.text import Msg

USAGE = Msg("quiet.usage", "`quiet 22:00-07:30 Europe/Berlin` (your quiet hours every day, in "
            "your zone: an IANA name such as `Europe/Berlin`, `America/New_York` or `UTC`), "
            "`quiet` (what is set) or `quiet off`")
SET = Msg("quiet.set", "{name}, your quiet hours are {start} to {end} ({zone}) every day: no "
          "reminder pings you then, and your deadlines and time banks do not run.")
OFF = Msg("quiet.off", "{name}, you have no quiet hours now: your deadlines and time banks run "
          "at every hour.")
NONE = Msg("quiet.none", "{name}, you have no quiet hours; `quiet 22:00-07:30 Europe/Berlin` "
           "sets some.")
NOW = Msg("quiet.now", "{name}, your quiet hours are {start} to {end} ({zone}) every day; `quiet "
          "off` ends them.")
NO_ZONE = Msg("quiet.no_zone", "I know no time zone named `{zone}`: write an IANA name such as "
              "`Europe/Berlin`, `America/New_York` or `UTC`.")
HELP = Msg("quiet.help", "`quiet 22:00-07:30 Europe/Berlin` (no pings, and your time does not "
           "run, in those hours), `quiet off`")

#: ``22:00-07:30`` (or ``22-7:30``, ``22.00 - 07.30``): two times of day
_HOURS = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?\s*-\s*(\d{1,2})(?:[:.](\d{2}))?", re.ASCII)


@dataclass(frozen=True, slots=True)
class Quiet(Command):
    """``quiet [FROM-TO [ZONE]|off]``: show (``hours`` None and not ``off``), set or end."""

    hours: tuple[int, int] | None = None
    zone: str | None = None
    off: bool = False


def _minutes(hour: str, minute: str | None) -> int | None:
    h, m = int(hour), int(minute or 0)
    return h * 60 + m if 0 <= h <= 24 and 0 <= m < 60 and h * 60 + m <= 24 * 60 else None


def read(w: Words) -> Quiet | None:
    if w.count_to(5) > 4:
        return None
    first = w.word(1)
    if first is None:
        return Quiet()
    if first in ("off", "none") and w.count_to(3) == 2:
        return Quiet(off=True)
    rest = w.rest(1)
    zone: str | None = None
    if " " in rest.strip() and not rest.rstrip()[-1].isdigit():
        rest, zone = rest.rsplit(None, 1)
    m = _HOURS.fullmatch(rest.strip())
    if m is None:
        return None
    start, end = _minutes(m[1], m[2]), _minutes(m[3], m[4])
    if start is None or end is None:
        return None
    return Quiet((start % (24 * 60), end % (24 * 60)), zone)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def quiet(ctx: Context[LiveGame | None], cmd: Quiet) -> Outcome:
    name = ctx.actor.name
    times = members.of(ctx.store, ctx.actor.user_id)
    now_hours = times.hours(ctx.now)
    if cmd.hours is None and not cmd.off:
        if now_hours is None:
            return Outcome(NONE(name=name))
        return Outcome(NOW(name=name, start=_clock(now_hours.start), end=_clock(now_hours.end),
                           zone=now_hours.zone))
    if cmd.off:
        chosen = None
        zone = times.zone
    else:
        assert cmd.hours is not None
        zone = times.zone_or_utc if cmd.zone is None else zone_name(cmd.zone)
        if zone is None:
            return refuse(NO_ZONE(zone=cmd.zone or ""))
        chosen = QuietHours(cmd.hours[0], cmd.hours[1], zone)
        check_quiet(chosen.minutes)  # ``LimitError``: none, or more than 12 hours a day
    kept = replace(times, zone=zone, quiet=members.with_quiet(times.quiet, chosen, ctx.now))
    with ctx.store.transaction() as db:
        members.write(db, kept)
        members.look_again(db, ctx.actor.user_id, ctx.now)
    if chosen is None:
        return Outcome(OFF(name=name))
    return Outcome(SET(name=name, start=_clock(chosen.start), end=_clock(chosen.end),
                       zone=chosen.zone))


ENTRY = Entry(
    "quiet", ("quiet",), USAGE(), read, {Quiet: OpenRoute(quiet)},
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`quiet 22:00-07:30 Europe/Berlin`, `quiet off` (for themselves)"),),
    slash=NoSlash("set once in a while; reached with `/bus do`"),
    strict=True,
)
