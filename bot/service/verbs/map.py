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
from bot.service.words.replies import count_of, next_line


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
        return refuse("The game has not started, so there is no table to show yet.")
    if cmd.number is None:
        return Outcome(f"The table after move {len(moves)}.\n{next_line(live)}",
                       picture=live.game, picture_name=picture_name(game_id, len(moves)),
                       layout=cmd.layout)
    n = cmd.number
    if not 0 <= n <= len(moves):
        return refuse(f"There is no move {n}: the log has "
                      f"{count_of(len(moves), 'move')}.")
    past = live.game.position_at(n)
    last = moves[n - 1] if n else None
    caption = f" ({last.seat}: {last.text})" if last else " (the start)"
    return Outcome(f"The table after move {n}{caption}.", picture=past,
                   picture_name=picture_name(game_id, n), layout=cmd.layout)


ENTRY = Entry(
    "map", ("map",), "`map` or `map N` (the table after move N), then `phone`, "
    "`portrait` or `landscape` to draw it so", _map,
    {Map: Route(table_map, cost=Cost((Budget.PICTURE,), "map"))}, strict=True,
    help=((Section.LOOK, "`map` (or `map N`: the table after move N; "
                         "`map phone`: drawn for a phone)"),),
    docs=((Who.ANYONE, "`map [N] [phone\\|portrait\\|landscape]`"),),
    slash=Slash("map", "The picture of the table", private=True), rank=6,
)
