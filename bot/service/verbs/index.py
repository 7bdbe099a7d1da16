"""``index``: every picture posted in the game, by round, like the first post of a forum
thread (``map N`` draws any of them again). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.words import Command, Words
from bot.service.words.replies import index_text


@dataclass(frozen=True, slots=True)
class Index(Command):
    """``index``: the game's pictures so far."""


def read(w: Words) -> Index | None:
    return Index() if w.count_to(2) == 1 else None


def index(ctx: GameContext, cmd: Index) -> Outcome:
    game_id = ctx.live.record.game_id
    return Outcome(index_text(ctx.live, game_id, ctx.store.pictures(game_id)))


ENTRY = Entry(
    "index", ("index",), "`index`", read, {Index: Route(index)},
    help=((Section.LOOK, "`index` (every posted picture by round)"),),
    docs=((Who.ANYONE, "`index`"),),
    slash=NoSlash("the posted pictures are in the channel itself; reached with `/bus do`"),
)
