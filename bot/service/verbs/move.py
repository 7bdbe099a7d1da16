"""Moves at the table: a message that names no command is the author's moves, one or several,
played all or nothing (``apply_moves``, which ``as NAME: move`` uses too), with the refusal
that says which move failed and what is legal instead (``why_not``, which ``preview`` uses)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import NOTHING_CHANGED, GameContext, Outcome, refuse, table_outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.needs import playable, readable, seated
from bot.service.command.words import read_moves
from bot.service.game.live_game import Draft, Played
from bot.service.words.replies import played_lines
from engine import BusError, IllegalMove, Move, NotYourTurn


@dataclass(frozen=True, slots=True)
class Play(Command):
    """A message that is no command: the author's moves, read once by the engine's move reader
    (``unreadable`` says why not, when they cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: str | None = None

    def written(self) -> str:
        return self.text


def play(text: str) -> Play:
    """``text`` read as moves only (a slash command's move), never as a service command."""
    moves = read_moves(text)
    return Play(text, unreadable=moves) if isinstance(moves, str) else Play(text, moves)


def player_moves(ctx: GameContext, cmd: Play) -> Outcome:
    assert ctx.seat is not None  # the command table checked the seat, and that it read
    return apply_moves(ctx, ctx.seat.name, list(cmd.moves), by=None)


def apply_moves(ctx: GameContext, seat: str, moves: list[Move], by: str | None) -> Outcome:
    """Play the moves for a seat, all or nothing, with the service's own moves in between."""
    draft = ctx.draft()
    played: list[Played] = []
    for i, move in enumerate(moves):
        try:
            played.extend(draft.run_automatic(skip_seat=seat))
            played.append(draft.push(seat, move, by=by))
        except BusError as err:
            return why_not(draft, move, err, i, len(moves))
    played.extend(draft.run_automatic())
    return table_outcome(draft, played_lines(played))


def why_not(draft: Draft, move: Move, err: BusError, index: int, total: int,
            unchanged: str = NOTHING_CHANGED) -> Outcome:
    """The refusal of move ``index`` of ``total``: whose decision it is, or the rule it breaks
    and the legal moves instead."""
    where = f"Move {index + 1} of {total} ({move}) failed, so none was played: " if total > 1 \
        else ""
    if isinstance(err, NotYourTurn):
        game = draft.game
        decision = game.to_act() if game is not None else None
        waiting = f" The game waits for {decision.text}." if decision is not None else ""
        return refuse(f"{where}It is not your decision now.{waiting}", unchanged=unchanged)
    if isinstance(err, IllegalMove):
        rule = f" (rule {err.rule})" if err.rule else ""
        alternatives = (f"Legal instead: {', '.join(err.alternatives)}."
                        if err.alternatives else "")
        return refuse(f"{where}Not allowed{rule}: {err}.", then=alternatives,
                      unchanged=unchanged)
    return refuse(f"{where}{err}.", unchanged=unchanged)


ENTRY = Entry(
    "move", (), "`Place Office at C1` (any move)", None,
    {Play: Route(player_moves, (playable, readable, seated("move")))},
    help=((Section.PLAY, "write your move, e.g. `Place Office at C1`, `Choose Buildings`, "
                         "`Pass`, `Extend line from C1 to C4`, `Deliver from W5 to C1`; "
                         "several moves in one message are played all or nothing"),),
    docs=((Who.DECIDING, "any move (`Place Office at C1`; several in one message are "
                         "all or nothing)"),),
    slash=Slash("move", "Make a move, as you would write it in the thread"), rank=15,
)
