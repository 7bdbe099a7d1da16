"""Moves at the table: a message that names no command is the author's moves, one or several,
played all or nothing (``command/playing.py``, which ``as NAME: move`` and ``preview`` use too)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.needs import playable, readable, seated
from bot.service.command.playing import apply_moves
from bot.service.command.words import read_moves
from bot.service.words.catalogue import Said
from engine import Move
from engine.notation import ENGLISH_ONLY, Languages
from engine.text import Msg, Text

USAGE = Msg("move.usage", "`Place Office at C1` (any move)")
MOVE = Msg("move.move", "move")
HELP = Msg("move.help", "write your move, e.g. `Place Office at C1`, `Choose Buildings`, `Pass`, "
           "`Extend line from C1 to C4`, `Deliver from W5 to C1`; several moves in one message "
           "are played all or nothing")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("move.slash", "Make a move, as you would write it in the thread")


@dataclass(frozen=True, slots=True)
class Play(Command):
    """A message that is no command: the author's moves, read once by the engine's move reader
    (``unreadable`` says why not, when they cannot be read) in ``languages`` (those of the
    table; a slash command's move is read again in its table's, ``in_table_languages``)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: Said | None = None
    languages: Languages = ENGLISH_ONLY

    def written(self) -> str:
        return self.text


def play(text: str, languages: Languages = ENGLISH_ONLY) -> Play:
    """``text`` read as moves only (a slash command's move), never as a service command."""
    moves = read_moves(text, languages)
    return (Play(text, unreadable=moves, languages=languages) if isinstance(moves, Text)
            else Play(text, moves, languages=languages))


def in_table_languages(ctx: GameContext, cmd: Play) -> Play:
    """The moves read in the table's languages, when they were read in others (the adapter
    read a slash command's move before the table was known)."""
    return cmd if cmd.languages == ctx.languages else play(cmd.text, ctx.languages)


def player_moves(ctx: GameContext, cmd: Play) -> Outcome:
    assert ctx.seat is not None  # the command table checked the seat, and that it read
    return apply_moves(ctx, ctx.seat.name, list(cmd.moves), by=None)


ENTRY = Entry(
    "move", (), USAGE(), None,
    {Play: Route(player_moves, (playable, readable, seated(MOVE())),
                 resolve=in_table_languages)},
    help=((Section.PLAY, HELP()),),
    docs=((Who.DECIDING, "any move (`Place Office at C1`; several in one message are "
                         "all or nothing)"),),
    slash=Slash("move", SLASH()), rank=15,
)
