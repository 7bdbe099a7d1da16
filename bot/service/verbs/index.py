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
from bot.service.words.catalogue import Said, lines
from engine.text import Listing, Msg, Text

NO_PICTURE_HAS_BEEN_POSTED = Msg("index.no_picture_has_been_posted", "No picture has been posted "
                                 "in this game yet.")
USAGE = Msg("index.usage", "`index`")
HEAD = Msg("index.head", "Index of game {game}: the move number after which each picture was "
           "posted, and when (UTC); `map N` shows that table again.")
ENTRY_ = Msg("index.entry", "{n} at {at}")
ENTRY_NOTED = Msg("index.entry_noted", "{n} at {at} ({caption})")
ENTRY_STALE = Msg("index.entry_stale", "{n} at {at} (since taken back)")
ENTRY_NOTED_STALE = Msg("index.entry_noted_stale", "{n} at {at} ({caption}) (since taken back)")
SETUP = Msg("index.setup", "**Setup**: {entries}")
ROUND = Msg("index.round", "**Round {round}**: {entries}")
HELP = Msg("index.help", "`index` (every posted picture by round)")


@dataclass(frozen=True, slots=True)
class Index(Command):
    """``index``: the game's pictures so far."""


def read(w: Words) -> Index | None:
    return Index() if w.count_to(2) == 1 else None


def index(ctx: GameContext, cmd: Index) -> Outcome:
    game_id = ctx.live.record.game_id
    return Outcome(index_text(ctx.live, game_id, ctx.store.pictures(game_id)))


def index_text(live: LiveGame, game_id: int, moments: list[PictureMoment]) -> Said:
    """The game's index, like the first post of a forum thread: every picture posted, by round,
    as the move number it showed; ``map N`` draws that table again, which is how a player
    jumps to any update without scrolling the channel."""
    if not moments:
        return NO_PICTURE_HAS_BEEN_POSTED()
    moves = live.record.moves
    out: list[Said] = [HEAD(game=game_id)]
    day = ""
    for round_number, group in groupby(moments, key=lambda m: m.round):
        entries: list[str | int | float | Text | Listing] = []
        for m in group:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(m.at))
            shown = stamp if stamp[:10] != day else stamp[11:]
            day = stamp[:10]
            stale = m.move_number > len(moves) or (
                m.move_number > 0 and moves[m.move_number - 1].seq > m.seq)
            if m.caption:
                entry = (ENTRY_NOTED_STALE if stale else ENTRY_NOTED)(
                    n=m.move_number, at=shown, caption=m.caption)
            else:
                entry = (ENTRY_STALE if stale else ENTRY_)(n=m.move_number, at=shown)
            entries.append(entry)
        listed = Listing(tuple(entries), ", ")
        out.append(SETUP(entries=listed) if round_number == 0
                   else ROUND(round=round_number, entries=listed))
    return lines(*out)


ENTRY = Entry(
    "index", ("index",), USAGE(), read, {Index: Route(index)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`index`"),),
    slash=NoSlash("the posted pictures are in the channel itself; reached with `/bus do`"),
)
