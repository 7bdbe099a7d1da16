"""``map``, ``map N`` and ``map [N] phone|portrait|landscape``: the picture of the table now,
or after move N, drawn in the asker's layout or the one named. A picture costs: it draws on the
picture budgets (``Cost``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.config import PICTURE_LAYOUTS
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, number, only
from bot.service.drawing.renderer import picture_name
from bot.service.words.catalogue import lines
from bot.service.words.replies import MOVES, named, next_line
from engine.text import Msg

NOW = Msg("map.now", "The table after move {n}.")
NO_MOVE = Msg("map.no_move", "There is no move {n}: the log has {moves}.")

THE_GAME_HAS_NOT_STARTED = Msg("map.the_game_has_not_started", "The game has not started, so "
                               "there is no table to show yet.")
AFTER_MOVE = Msg("map.after_move", "The table after move {n} ({seat}: {move}).")
AT_START = Msg("map.at_start", "The table after move {n} (the start).")
USAGE = Msg("map.usage", "`map` or `map N` (the table after move N), then `phone`, `portrait` or "
            "`landscape` to draw it so")
HELP = Msg("map.help", "`map` (or `map N`: the table after move N; `map phone`: drawn for a "
           "phone)")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("map.slash", "The picture of the table")


@dataclass(frozen=True, slots=True)
class Map(Command):
    """The table now, or after move ``number``; in ``layout`` (None: the asker's)."""

    number: int | None = None
    layout: str | None = None


def _map(w: Words) -> Command | None:
    """``map [N] [LAYOUT]``."""
    at = 1
    n = number(w.word(1))
    if n is not None:
        at = 2
    layout = w.word(at)
    if layout in PICTURE_LAYOUTS:
        at += 1
    return Map(n, layout if layout in PICTURE_LAYOUTS else None) if only(w, at) else None


def table_map(ctx: GameContext, cmd: Map) -> Outcome:
    live = ctx.live
    game_id, moves = live.record.game_id, live.record.moves
    if live.game is None:
        return refuse(THE_GAME_HAS_NOT_STARTED())
    if cmd.number is None:
        return Outcome(lines(NOW(n=len(moves)), next_line(live)),
                       picture=live.game, picture_name=picture_name(game_id, len(moves)),
                       layout=cmd.layout)
    n = cmd.number
    if not 0 <= n <= len(moves):
        return refuse(NO_MOVE(n=n, moves=MOVES(n=len(moves))))
    past = live.game.position_at(n)
    last = moves[n - 1] if n else None
    said = AFTER_MOVE(n=n, seat=last.seat, move=named(last.text)) if last else AT_START(n=n)
    return Outcome(said, picture=past,
                   picture_name=picture_name(game_id, n), layout=cmd.layout)


ENTRY = Entry(
    "map", ("map",), USAGE(), _map,
    {Map: Route(table_map, cost=Cost((Budget.PICTURE,), "map"))}, strict=True,
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`map [N] [phone\\|portrait\\|landscape]`"),),
    slash=Slash("map", SLASH(), private=True), rank=6,
)
