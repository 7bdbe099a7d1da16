"""``notify channel|dm|both|off``: where a member is pinged when a game waits for them (a turn,
a reminder), for every game and server. ``channel`` (the default) pings them in the game's
channel; ``dm`` by direct message instead, with a link to the game's channel (if Discord refuses
the direct message, closed DMs, the ping goes to the channel once, and their pings go there for
a week); ``both``; ``off`` pings nobody (their name is still written). Direct messages are
bounded per member per day (``engine.limits.DMS_PER_MEMBER``; over it, the channel). ``notify``
alone says what is set. Kept in ``store/members.py``; the Discord courier (``bot/delivery.py``)
does it. A command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.store import members
from engine.text import Msg

USAGE = Msg("notify.usage", "`notify channel` (pinged in the game's channel), `notify dm` (by "
            "direct message instead), `notify both`, `notify off`, or `notify` (what is set)")
WAYS = {
    "channel": Msg("notify.way.channel", "in the game's channel"),
    "dm": Msg("notify.way.dm", "by direct message, with a link to the game's channel (in the "
              "channel once, if your direct messages are closed)"),
    "both": Msg("notify.way.both", "in the game's channel and by direct message"),
    "off": Msg("notify.way.off", "not at all (your name is still written)"),
}
SET = Msg("notify.set", "{name}, when a game waits for you, you are pinged {way}.")
NOW = Msg("notify.now", "{name}, when a game waits for you, you are pinged {way}; `notify "
          "channel|dm|both|off` changes it.")
HELP = Msg("notify.help", "`notify channel|dm|both|off` (where you are pinged when a game waits "
           "for you)")


@dataclass(frozen=True, slots=True)
class Notify(Command):
    """``notify [WAY]`` (None: show)."""

    way: str | None = None


def read(w: Words) -> Notify | None:
    way = w.word(1)
    if way is None:
        return Notify()
    return Notify(way) if way in members.NOTIFY and w.count_to(3) == 2 else None


def notify(ctx: Context[LiveGame | None], cmd: Notify) -> Outcome:
    times = members.of(ctx.store, ctx.actor.user_id)
    if cmd.way is None:
        return Outcome(NOW(name=ctx.actor.name, way=WAYS[times.notify]()))
    # a new choice tries direct messages again
    members.keep(ctx.store, replace(times, notify=cmd.way, dm_closed_until=None))
    return Outcome(SET(name=ctx.actor.name, way=WAYS[cmd.way]()))


ENTRY = Entry(
    "notify", ("notify",), USAGE(), read, {Notify: OpenRoute(notify)},
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`notify channel\\|dm\\|both\\|off` (for themselves)"),),
    slash=NoSlash("set once in a while; reached with `/bus do`"),
    strict=True,
)
