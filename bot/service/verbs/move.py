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
from engine.text import Msg, Text

USAGE = Msg("move.usage", "`Place Office at C1` (any move)")
MOVE = Msg("move.move", "move")
HELP = Msg("move.help", "write your move, e.g. `Place Office at C1`, `Choose Buildings`, `Pass`, "
           "`Extend line from C1 to C4`, `Deliver from W5 to C1`; several moves in one message "
           "are played all or nothing")


@dataclass(frozen=True, slots=True)
class Play(Command):
    """A message that is no command: the author's moves, read once by the engine's move reader
    (``unreadable`` says why not, when they cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: Said | None = None

    def written(self) -> str:
        return self.text


def play(text: str) -> Play:
    """``text`` read as moves only (a slash command's move), never as a service command."""
    moves = read_moves(text)
    return Play(text, unreadable=moves) if isinstance(moves, Text) else Play(text, moves)


def player_moves(ctx: GameContext, cmd: Play) -> Outcome:
    assert ctx.seat is not None  # the command table checked the seat, and that it read
    return apply_moves(ctx, ctx.seat.name, list(cmd.moves), by=None)


ENTRY = Entry(
    "move", (), USAGE(), None,
    {Play: Route(player_moves, (playable, readable, seated(MOVE())))},
    help=((Section.PLAY, HELP()),),
    docs=((Who.DECIDING, "any move (`Place Office at C1`; several in one message are "
                         "all or nothing)"),),
    slash=Slash("move", "Make a move, as you would write it in the thread"), rank=15,
)
