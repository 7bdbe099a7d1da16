"""Deciding what a command runs: the registry's route for its type, its needs checked in order,
then its handler.

A command either needs no game (an ``OpenRoute``: creating or importing one, help, rules) or is
about the place's game (a ``Route``), whose handler is given a ``GameContext`` whose game is
always there, once every need has passed.
"""

from __future__ import annotations

from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import OpenRoute
from bot.service.command.words import Accept, Command, Join, Malformed, Unknown
from bot.service.game.live_game import LiveGame
from bot.service.router.registry import ROUTES
from bot.service.verbs import lobby
from bot.service.verbs.lookups import malformed


def _resolve(ctx: GameContext, cmd: Command) -> Command:
    """A command whose meaning depends on who says it: ``join`` by the user a seat is offered
    to takes that seat."""
    if isinstance(cmd, Join) and lobby.takes_offer(ctx, cmd):
        return Accept()
    return cmd


def run(ctx: Context[LiveGame | None], cmd: Command) -> Outcome:
    """Check what ``cmd`` needs, then hand it to its handler."""
    if isinstance(cmd, Malformed):
        return malformed(ctx, cmd)
    if isinstance(cmd, Unknown):  # in every state of the game, asking it nothing
        return refuse(cmd.refusal())
    route = ROUTES[type(cmd)]
    if isinstance(route, OpenRoute):
        return route.handler(ctx, cmd)
    if ctx.live is None:
        return refuse("There is no game here. Start one with `new game` (or `import` a log "
                      "file).")
    game_ctx = ctx.with_game(ctx.live)
    resolved = _resolve(game_ctx, cmd)
    route = ROUTES[type(resolved)]
    assert not isinstance(route, OpenRoute)
    for need in route.needs:
        refusal = need(game_ctx, resolved)
        if refusal is not None:
            return refusal
    return route.handler(game_ctx, resolved)
