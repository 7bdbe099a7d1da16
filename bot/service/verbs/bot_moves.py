"""The computer's moves for its seats, handed in by ``bot.service.bots`` once it has thought
them out: a run of bot decisions is one command, so one update (one picture, the moves listed)
and one announcement in the outbox, like any other change. Nobody can type it (it has no word);
it is taken from the service's own bot user only, and only for the position it was thought
for. A command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route
from bot.service.command.needs import playable
from bot.service.command.playing import table_outcome
from bot.service.game import payloads
from bot.service.game.live_game import Played
from bot.service.game.records import BOT_PLAYER, bot_name
from bot.service.words.replies import played_lines
from engine import BusError, Move


@dataclass(frozen=True, slots=True)
class BotMoves(Command):
    """Moves for bot seats, (seat, move) in order, thought out from the position after record
    ``after_seq``."""

    after_seq: int
    moves: tuple[tuple[str, Move], ...]


def play_bots(ctx: GameContext, cmd: BotMoves) -> Outcome:
    record = ctx.live.record
    if ctx.actor.user_id != BOT_PLAYER:
        return refuse("Only the computer plays its own moves.")
    if record.last_seq != cmd.after_seq:
        return refuse("The table moved on while the computer was thinking.")
    draft = ctx.draft()
    played: list[Played] = []
    for seat, move in cmd.moves:
        level = draft.record.bots.get(seat)
        if level is None:
            return refuse(f"{seat} is not a computer player's seat.")
        try:
            played.extend(draft.run_automatic(skip_seat=seat))
            assert draft.game is not None
            events = draft.game.push(move, seat)
        except BusError as err:
            return refuse(f"The computer's move {move} for {seat} is not legal: {err}.")
        draft.add(payloads.Moved(reason="bot"), seat=seat, text=str(move), auto=True,
                  user=(BOT_PLAYER, bot_name(level)))
        played.append(Played(seat, move, events, auto=f"bot:{level}"))
    played.extend(draft.run_automatic())
    return table_outcome(draft, played_lines(played))


ENTRY = Entry(
    "bot moves", (), "`(the computer's own moves)`", None,
    {BotMoves: Route(play_bots, (playable,))}, help=(), docs=(),
    slash=NoSlash("the computer's own moves; never typed, nor reached with `/bus do`"),
    internal=True,
)
