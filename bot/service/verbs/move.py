"""Moves at the table: a player's own moves (one or several per message), and the one check
every player command makes (``players_seat``)."""

from __future__ import annotations

from bot.service.command.context import NOTHING_CHANGED, GameContext, Outcome, refuse, table_outcome
from bot.service.command.words import Play
from bot.service.game.live_game import Draft, Played
from bot.service.game.records import Seat
from bot.service.words.replies import played_lines
from engine import BusError, IllegalMove, Move, NotYourTurn


def players_seat(ctx: GameContext, doing: str) -> Seat | Outcome:
    """The seat the author plays, or why they cannot ``doing`` with it: the one check every
    player command makes (not seated, only offered a seat, or dropped)."""
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        offered = record.offered_to(ctx.actor.user_id)
        if offered is not None:
            return refuse(f"{offered.name}'s seat is offered to you: type `accept` to take it "
                          f"first.")
        players = ", ".join(s.name for s in record.seats)
        return refuse(f"You are not playing in this game (the players are {players}), so you "
                      f"cannot {doing}. Moderators act for a player with `as NAME: move` and "
                      f"take moves back with `undo last K` or `undo to N`.")
    if seat.dropped:
        return refuse(f"{seat.name} was dropped from this game and the bot plays for that seat, "
                      f"so you cannot {doing}; a moderator can `replace {seat.name} with @you` "
                      f"to offer it back.")
    return seat


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
