"""The computer's moves, handed in by ``bot.service.bots`` once it has thought them out: a run
of the decisions the computer takes (bot seats, ``on away bot``, ``on timeout bot``:
``game/computer.owed``) is one command, so one update (one picture, the moves listed) and one
announcement in the outbox, like any other change. Nobody can type it (it has no word); it is
taken from the service's own bot user only, only for the position it was thought for (else the
bot players think again), and each move only while the computer still owes that decision. A
command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route
from bot.service.command.needs import playable
from bot.service.command.playing import table_outcome
from bot.service.game import computer
from bot.service.game.live_game import Played
from bot.service.game.records import BOT_PLAYER
from bot.service.words.replies import played_lines
from engine import BusError, Move
from engine.text import Msg

ONLY_THE_COMPUTER_PLAYS_ITS = Msg("bot_moves.only_the_computer_plays_its", "Only the computer "
                                  "plays its own moves.")
THE_TABLE_MOVED_ON_WHILE = Msg("bot_moves.the_table_moved_on_while", "The table moved on while "
                               "the computer was thinking.")
IS_NOT_A_COMPUTER_PLAYER = Msg("bot_moves.is_not_a_computer_player", "{seat} is not a computer "
                               "player's seat.")
THE_COMPUTER_S_MOVE_FOR = Msg("bot_moves.the_computer_s_move_for", "The computer's move {move} "
                              "for {seat} is not legal: {err}.")
USAGE = Msg("bot_moves.usage", "`(the computer's own moves)`")


@dataclass(frozen=True, slots=True)
class BotMoves(Command):
    """The computer's moves, (seat, move) in order, thought out from the position after
    record ``after_seq``."""

    after_seq: int
    moves: tuple[tuple[str, Move], ...]


def play_bots(ctx: GameContext, cmd: BotMoves) -> Outcome:
    record = ctx.live.record
    if ctx.actor.user_id != BOT_PLAYER:
        return refuse(ONLY_THE_COMPUTER_PLAYS_ITS())
    if record.last_seq != cmd.after_seq:
        return refuse(THE_TABLE_MOVED_ON_WHILE())
    draft = ctx.draft()
    played: list[Played] = []
    last: computer.Owed | None = None
    for seat, move in cmd.moves:
        try:
            # what comes by itself before it (a timed-out seat's next move comes at once)
            played.extend(draft.run_automatic(skip_seat=seat))
            owing = computer.owed(draft.record, draft.game, ctx.now, after=last)
            if owing is None or owing.seat != seat:
                return refuse(IS_NOT_A_COMPUTER_PLAYER(seat=seat))
            played.append(draft.computer_move(owing, move))
        except BusError as err:
            return refuse(THE_COMPUTER_S_MOVE_FOR(move=str(move), seat=seat, err=err.text))
        last = owing
    played.extend(draft.run_automatic())
    return table_outcome(draft, played_lines(played))


ENTRY = Entry(
    "bot moves", (), USAGE(), None,
    {BotMoves: Route(play_bots, (playable,))}, help=(), docs=(),
    slash=NoSlash("the computer's own moves; never typed, nor reached with `/bus do`"),
    internal=True,
)
