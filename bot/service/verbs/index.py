"""``index``: every picture posted in the game, by round, like the first post of a forum
thread (``map N`` draws any of them again). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import groupby

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.store.store import PictureMoment


@dataclass(frozen=True, slots=True)
class Index(Command):
    """``index``: the game's pictures so far."""


def read(w: Words) -> Index | None:
    return Index() if w.count_to(2) == 1 else None


def index(ctx: GameContext, cmd: Index) -> Outcome:
    game_id = ctx.live.record.game_id
    return Outcome(index_text(ctx.live, game_id, ctx.store.pictures(game_id)))


def index_text(live: LiveGame, game_id: int, moments: list[PictureMoment]) -> str:
    """The game's index, like the first post of a forum thread: every picture posted, by round,
    as the move number it showed; ``map N`` draws that table again, which is how a player
    jumps to any update without scrolling the channel."""
    if not moments:
        return "No picture has been posted in this game yet."
    moves = live.record.moves
    lines = [f"Index of game {game_id}: the move number after which each picture was posted, "
             f"and when (UTC); `map N` shows that table again."]
    day = ""
    for round_number, group in groupby(moments, key=lambda m: m.round):
        entries = []
        for m in group:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(m.at))
            shown = stamp if stamp[:10] != day else stamp[11:]
            day = stamp[:10]
            stale = m.move_number > len(moves) or (
                m.move_number > 0 and moves[m.move_number - 1].seq > m.seq)
            note = f" ({m.caption})" if m.caption else ""
            mark = " (since taken back)" if stale else ""
            entries.append(f"{m.move_number} at {shown}{note}{mark}")
        title = "Setup" if round_number == 0 else f"Round {round_number}"
        lines.append(f"**{title}**: {', '.join(entries)}")
    return "\n".join(lines)


ENTRY = Entry(
    "index", ("index",), "`index`", read, {Index: Route(index)},
    help=((Section.LOOK, "`index` (every posted picture by round)"),),
    docs=((Who.ANYONE, "`index`"),),
    slash=NoSlash("the posted pictures are in the channel itself; reached with `/bus do`"),
)
