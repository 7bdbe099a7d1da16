"""``vs @member``: your record against a member in the rated games you both finished on this
server (who finished ahead how often, and the wins). Read from the ratings' tables
(``bot/service/ratings/``). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, views
from engine.text import Msg

HELP = Msg("vs.help", "`vs @member` (your record against them)")

USAGE = Msg("vs.usage", "`vs NAME` (NAME: one word, or `@` and a name, or a mention)")


@dataclass(frozen=True, slots=True)
class Versus(Command):
    """``vs @member``."""

    who: str


def read(w: Words) -> Versus | None:
    who = asking.member_argument(w, 1)
    return Versus(who) if who else None


def versus(ctx: Context[LiveGame | None], cmd: Versus) -> Outcome:
    you = asking.member_named(ctx, "")
    them = asking.member_named(ctx, cmd.who)
    if isinstance(you, Outcome):
        return you
    if isinstance(them, Outcome):
        return them
    if you[0] == them[0]:
        return refuse(views.VS_SELF())
    with ctx.store.lock:
        found = views.meeting(ctx.store.db, asking.server(ctx), you[0], them[0])
    return Outcome(views.vs_text(you[1], them[1], found))


ENTRY = Entry(
    "vs", ("vs",), USAGE(), read, {Versus: OpenRoute(versus)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`vs @member`"),),
    slash=NoSlash("Discord allows 25 subcommands and /bus has as many as leave room for "
                  "`/bus do`, which reaches the ratings' commands"),
    strict=True,
)
