"""Deciding what a command runs: the registry's route for its type, what it resolves to, its
needs checked in order, the question a big change asks first, then its handler.

A command either needs no game (an ``OpenRoute``: creating or importing one, help, rules) or is
about the place's game (a ``Route``), whose handler is given a ``GameContext`` whose game is
always there, once every need has passed. Every handler is given the registry as
``ctx.commands`` (``help`` lists it; ``confirm`` runs a command ``again``).
"""

from __future__ import annotations

from bot.api import Command
from bot.service.command import confirm
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import OpenRoute, Route
from bot.service.command.words import Malformed, Unknown, Words
from bot.service.game.live_game import LiveGame
from bot.service.router import registry
from bot.service.words.catalogue import Said
from engine.text import Msg

WRITTEN = Msg("command.written", "That command is written {usage}.")
NO_GAME = Msg("command.no_game", "There is no game here. Start one with `new game` (or `import` a "
              "log file).")


class Commands:
    """The registry as handlers see it (``command.context.CommandTable``)."""

    def help_text(self, moderator: bool, language: str = "en") -> Said:
        return registry.help_text(moderator, language)

    def again(self, ctx: GameContext, text: str) -> Outcome | None:
        words = Words(text)
        entry = registry.BY_WORD.get(words.word(0) or "")
        asked = entry.read(words) if entry is not None and entry.read is not None else None
        route = registry.ROUTES.get(type(asked)) if asked is not None else None
        if asked is None or not isinstance(route, Route):
            return None
        with confirm.confirmed():
            return _checked(ctx, asked, route)


COMMANDS = Commands()


def run(ctx: Context[LiveGame | None], cmd: Command) -> Outcome:
    """Check what ``cmd`` needs, then hand it to its handler."""
    if isinstance(cmd, Malformed):
        return refuse(WRITTEN(usage=cmd.usage))
    if isinstance(cmd, Unknown):  # in every state of the game, asking it nothing
        return refuse(cmd.refusal())
    ctx.commands = COMMANDS
    route = registry.ROUTES[type(cmd)]
    if isinstance(route, OpenRoute):
        return route.handler(ctx, cmd)
    if ctx.live is None:
        return refuse(NO_GAME())
    game_ctx = ctx.with_game(ctx.live)
    if route.resolve is not None:  # its meaning depends on who says it
        cmd = route.resolve(game_ctx, cmd)
        resolved = registry.ROUTES[type(cmd)]
        assert isinstance(resolved, Route)
        route = resolved
    return _checked(game_ctx, cmd, route)


def _checked(ctx: GameContext, cmd: Command, route: Route) -> Outcome:
    """The route's needs in order, then (a big change) its question, then its handler."""
    for need in route.needs:
        refusal = need(ctx, cmd)
        if refusal is not None:
            return refusal
    if route.confirm is not None and not route.confirm.by_handler:
        asked = confirm.ask_first(ctx, cmd, route.confirm)
        if asked is not None:
            return asked
    return route.handler(ctx, cmd)
