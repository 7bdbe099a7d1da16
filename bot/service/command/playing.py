"""Playing moves on a command's draft: for one seat, all or nothing, with the service's own
moves in between (``apply_moves``: a player's moves, a moderator's ``as NAME: move``); the
refusal that says which move failed and what is legal instead (``why_not``; ``preview`` says it
too); and what a command that changed the position answers (``table_outcome``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.command.context import UNCHANGED, GameContext, Outcome, refuse
from bot.service.game.live_game import Draft, Played
from bot.service.words.catalogue import Said, joined, lines
from bot.service.words.replies import next_line, played_lines
from bot.service.words.worth import worth_nothing
from engine import BusError, IllegalMove, Move, NotYourTurn
from engine.notation import MoveText
from engine.text import Listing, Msg

MOVE_FAILED = Msg("play.move_failed", "Move {index} of {total} ({move}) failed, so none was "
                  "played:")
NOT_YOUR_DECISION = Msg("play.not_your_decision", "It is not your decision now.")
WAITS_FOR = Msg("play.waits_for", "The game waits for {decision}.")
NOT_ALLOWED = Msg("play.not_allowed", "Not allowed: {reason}.")
NOT_ALLOWED_BY_RULE = Msg("play.not_allowed_by_rule", "Not allowed (rule {rule}): {reason}.")
LEGAL_INSTEAD = Msg("play.legal_instead", "Legal instead: {moves}.")
#: an engine's refusal of a move other than an illegal one, as a sentence
REFUSED = Msg("play.refused", "{reason}.")


def apply_moves(ctx: GameContext, seat: str, moves: list[Move], by: str | None) -> Outcome:
    """Play the moves for a seat, all or nothing, with the service's own moves in between."""
    draft = ctx.draft()
    played: list[Played] = []
    worthless: list[Said] = []  # a space chosen that gives nothing now: said, not refused
    for i, move in enumerate(moves):
        try:
            played.extend(draft.run_automatic(skip_seat=seat))
            said = worth_nothing(draft.game, move) if draft.game is not None else None
            played.append(draft.push(seat, move, by=by))
        except BusError as err:
            return why_not(draft, move, err, i, len(moves))
        if said is not None:
            worthless.append(said)
    played.extend(draft.run_automatic())
    return table_outcome(draft, [*played_lines(played), *worthless])


def why_not(draft: Draft, move: Move, err: BusError, index: int, total: int,
            unchanged: Said = UNCHANGED) -> Outcome:
    """The refusal of move ``index`` of ``total``: whose decision it is, or the rule it breaks
    and the legal moves instead."""
    where = MOVE_FAILED(index=index + 1, total=total, move=MoveText(move)) if total > 1 else None
    if isinstance(err, NotYourTurn):
        game = draft.game
        decision = game.to_act() if game is not None else None
        waiting = WAITS_FOR(decision=decision.said) if decision is not None else None
        return refuse(joined(where, NOT_YOUR_DECISION(), waiting), unchanged=unchanged)
    if isinstance(err, IllegalMove):
        reason = (NOT_ALLOWED_BY_RULE(rule=err.rule, reason=err.text) if err.rule
                  else NOT_ALLOWED(reason=err.text))
        alternatives = (LEGAL_INSTEAD(moves=Listing(tuple(err.alternatives), ", "))
                        if err.alternatives else "")
        return refuse(joined(where, reason), then=alternatives, unchanged=unchanged)
    return refuse(joined(where, REFUSED(reason=err.text)), unchanged=unchanged)


def table_outcome(draft: Draft, said: Sequence[Said]) -> Outcome:
    """A command that changed the position: its report, whose turn it is, and the new picture."""
    text = lines(*said, *draft.notes, next_line(draft.live))
    return Outcome(text, draft=draft, picture=draft.game, position_changed=True)
