"""``help``: a paragraph per part of the game, each listing its commands' pieces, from the
registry (handed in as ``ctx.commands``: this module cannot import the registry, which
imports it)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game.live_game import LiveGame
from engine.text import Msg

USAGE = Msg("help.usage", "`help`")
HELP = Msg("help.help", "`help` (this)")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("help.slash", "What you can say to the bot")


@dataclass(frozen=True, slots=True)
class Help(Command):
    pass


def _help(w: Words) -> Command | None:
    return Help() if only(w, 1) else None


def help_(ctx: Context[LiveGame | None], cmd: Help) -> Outcome:
    assert ctx.commands is not None  # the router hands the registry to every command
    return Outcome(ctx.commands.help_text(ctx.moderator, ctx.words.language))


ENTRY = Entry(
    "help", ("help",), USAGE(), _help, {Help: OpenRoute(help_)},
    help=((Section.LOOK, HELP()),), docs=((Who.ANYONE, "`help`"),),
    slash=Slash("help", SLASH(), private=True), rank=3,
)
