"""``digest on 08:00 [Europe/Berlin]`` / ``digest off`` / ``digest``: a member's daily digest, a
direct message at that time of day in their zone listing the games that wait for them, each
with a link and when it is due (``bot/service/store/digests.py``). The zone is an IANA name,
kept with the member's quiet hours (the last one given; UTC until one is). For every server. A
command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.game.quiet import zone_name
from bot.service.store import members
from bot.service.words.moments import full
from engine.text import Msg

USAGE = Msg("digest.usage", "`digest on 08:00` (a direct message each day at that time, in your "
            "zone: `digest on 08:00 Europe/Berlin`), `digest off`, or `digest` (what is set)")
SET = Msg("digest.set", "{name}, each day at {time} ({zone}) I send you a direct message with "
          "the games that wait for you; the first comes {next}.")
OFF = Msg("digest.off", "{name}, no more daily digest.")
NONE = Msg("digest.none", "{name}, you get no daily digest; `digest on 08:00` starts one.")
NOW = Msg("digest.now", "{name}, your daily digest comes at {time} ({zone}); the next {next}.")
NO_ZONE = Msg("digest.no_zone", "I know no time zone named `{zone}`: write an IANA name such as "
              "`Europe/Berlin`, `America/New_York` or `UTC`.")
HELP = Msg("digest.help", "`digest on 08:00` (a daily direct message with the games that wait for "
           "you), `digest off`")

_TIME = re.compile(r"(\d{1,2})(?::(\d{2}))?", re.ASCII)


@dataclass(frozen=True, slots=True)
class Digest(Command):
    """``digest [on TIME [ZONE]|off]``: ``minutes`` None and not ``off``: show."""

    minutes: int | None = None
    zone: str | None = None
    off: bool = False


def read(w: Words) -> Digest | None:
    first = w.word(1)
    if first is None:
        return Digest()
    if first == "off" and w.count_to(3) == 2:
        return Digest(off=True)
    if first != "on" or w.count_to(5) > 4:
        return None
    m = _TIME.fullmatch(w.word(2) or "")
    if m is None or int(m[1]) > 23 or int(m[2] or 0) > 59:
        return None
    return Digest(int(m[1]) * 60 + int(m[2] or 0), w.rest(3) or None)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def digest(ctx: Context[LiveGame | None], cmd: Digest) -> Outcome:
    name = ctx.actor.name
    times = members.of(ctx.store, ctx.actor.user_id)
    if cmd.off:
        members.keep(ctx.store, replace(times, digest=None, digest_next=None))
        return Outcome(OFF(name=name))
    if cmd.minutes is None:
        if times.digest is None or times.digest_next is None:
            return Outcome(NONE(name=name))
        return Outcome(NOW(name=name, time=_clock(times.digest), zone=times.zone_or_utc,
                           next=full(times.digest_next)))
    zone = times.zone_or_utc if cmd.zone is None else zone_name(cmd.zone)
    if zone is None:
        return refuse(NO_ZONE(zone=cmd.zone or ""))
    upcoming = members.next_digest(cmd.minutes, zone, ctx.now)
    members.keep(ctx.store, replace(times, zone=zone, digest=cmd.minutes, digest_next=upcoming))
    return Outcome(SET(name=name, time=_clock(cmd.minutes), zone=zone, next=full(upcoming)))


ENTRY = Entry(
    "digest", ("digest",), USAGE(), read, {Digest: OpenRoute(digest)},
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`digest on 08:00 [ZONE]`, `digest off` (for themselves)"),),
    slash=NoSlash("set once in a while; reached with `/bus do`"),
    strict=True,
)
