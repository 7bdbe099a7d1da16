"""``stats [@member]``: a member's record over their rated games on this server (yours without
a name): games, wins, average score and margin over the best other player, favourite actions,
average time per decision, clock stones taken, longest line. Read from the ratings' tables
(``bot/service/ratings/``). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, views
from engine.text import Msg

HELP = Msg("stats.help", "`stats [@member]` (a player's record here)")

USAGE = Msg("stats.usage", "`stats [NAME]` (NAME: one word, or `@` and a name, or a mention)")


@dataclass(frozen=True, slots=True)
class Stats(Command):
    """``stats [@member]`` (``who`` empty: the asker)."""

    who: str = ""


def read(w: Words) -> Stats | None:
    who = asking.member_argument(w, 1)
    return None if who is None else Stats(who)


def stats(ctx: Context[LiveGame | None], cmd: Stats) -> Outcome:
    named = asking.member_named(ctx, cmd.who)
    if isinstance(named, Outcome):
        return named
    member, name = named
    with ctx.store.lock:
        found = views.stats(ctx.store.db, asking.server(ctx), member)
    return Outcome(views.stats_text(name, found))


ENTRY = Entry(
    "stats", ("stats",), USAGE(), read, {Stats: OpenRoute(stats)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`stats [@member]`"),),
    strict=True,
    slash=NoSlash("Discord allows 25 subcommands and /bus has as many as leave room for "
                  "`/bus do`, which reaches the ratings' commands"),
)
