"""Playing moves on a command's draft: for one seat, all or nothing, with the service's own
moves in between (``apply_moves``: a player's moves, a moderator's ``as NAME: move``); the
refusal that says which move failed and what is legal instead (``why_not``; ``preview`` says it
too); and what a command that changed the position answers (``table_outcome``)."""

from __future__ import annotations

from bot.service.command.context import NOTHING_CHANGED, GameContext, Outcome, refuse
from bot.service.game.live_game import Draft, Played
from bot.service.words.replies import next_line, played_lines
from engine import BusError, IllegalMove, Move, NotYourTurn


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


def table_outcome(draft: Draft, lines: list[str]) -> Outcome:
    """A command that changed the position: its report, whose turn it is, and the new picture."""
    text = "\n".join([*lines, *draft.notes, next_line(draft.live)])
    return Outcome(text, draft=draft, picture=draft.game, position_changed=True)
