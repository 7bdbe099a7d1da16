"""What a command needs before its handler runs: a moderator, the game in given states, a game
that takes moves, moves that could be read, the author's own seat.

Each need is a check ``(GameContext, command) -> refusal or None``; a command's module lists its
needs in order (``Route.needs``), so a handler reads like the rule it carries out rather than a
list of guards. ``players_seat`` and ``seat_named`` are the look-ups behind them, which a few
handlers make themselves.
"""

from __future__ import annotations

from typing import Protocol

from bot.api import Actor
from bot.service.command.context import Check, GameContext, Outcome, refuse
from bot.service.game.records import GameRecord, GameStatus, Seat, same_user
from bot.service.words.catalogue import Said
from bot.service.words.replies import STATUS_WORDS, final_scores, moderator_refusal
from engine.limits import shown
from engine.text import Msg

CANNOT_NOW = Msg("needs.cannot_now", "You cannot {doing} now: the game is {status}.")
CANNOT_NOW_LOBBY = Msg("needs.cannot_now_lobby", "You cannot {doing} now: the game is {status}. "
                       "A moderator can `replace NAME with @user` or `drop NAME` instead.")
NOT_STARTED = Msg("needs.not_started", "The game has not started yet: `join`, then a moderator "
                  "types `start`.")
PAUSED = Msg("needs.paused", "The game is paused (by {name}); moves wait until a moderator types "
             "`resume`.")
ABANDONED = Msg("needs.abandoned", "This game was abandoned; `new game` starts another.")
OFFERED_TO_YOU = Msg("needs.offered_to_you", "{seat}'s seat is offered to you: type `accept` to "
                     "take it first.")
NOT_PLAYING = Msg("needs.not_playing", "You are not playing in this game (the players are "
                  "{players}), so you cannot {doing}. Moderators act for a player with `as NAME: "
                  "move` and take moves back with `undo last K` or `undo to N`.")
DROPPED = Msg("needs.dropped", "{seat} was dropped from this game and the bot plays for that "
              "seat, so you cannot {doing}; a moderator can `replace {seat} with @you` to offer "
              "it back.")
NOT_A_PLAYER = Msg("needs.not_a_player", "{name} is not a player here (the players are "
                   "{players}).")


def is_moderator(actor: Actor, game: GameRecord | None, moderator_role: str | None) -> bool:
    """The game's creator, a member with the configured role, or a server manager.

    Without a game (creating or importing one) only the role and manager rights count.
    """
    if actor.is_manager:
        return True
    if moderator_role and moderator_role.casefold() in {r.casefold() for r in actor.roles}:
        return True
    return game is not None and bool(game.creator_id) and same_user(actor.user_id,
                                                                    game.creator_id)


def moderator(doing: Said) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        return None if ctx.moderator else refuse(moderator_refusal(doing))
    return check


def status(doing: Said, *statuses: GameStatus) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        if ctx.live.status in statuses:
            return None
        return refuse(CANNOT_NOW(doing=doing, status=STATUS_WORDS[ctx.live.status]()))
    return check


def lobby_only(doing: Said) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        if ctx.live.status == GameStatus.LOBBY:
            return None
        return refuse(CANNOT_NOW_LOBBY(doing=doing, status=STATUS_WORDS[ctx.live.status]()))
    return check


def playable(ctx: GameContext, cmd: object = None) -> Outcome | None:
    """Why no move can be made in this game now, or None when one can."""
    live = ctx.live
    if live.status == GameStatus.LOBBY:
        return refuse(NOT_STARTED())
    if live.status == GameStatus.PAUSED:
        return refuse(PAUSED(name=str(live.record.paused_by)))
    if live.status == GameStatus.ABANDONED:
        return refuse(ABANDONED())
    if live.status == GameStatus.OVER:
        assert live.game is not None
        return refuse(final_scores(live.game))
    return None


def playable_or_over(ctx: GameContext, cmd: object) -> Outcome | None:
    """As ``playable``, but a finished game's last move can still be taken back."""
    return None if ctx.live.status == GameStatus.OVER else playable(ctx)


class Moves(Protocol):
    """A command holding moves read from text (``unreadable``: why they could not be read)."""

    @property
    def unreadable(self) -> Said | None: ...


def readable(ctx: GameContext, cmd: Moves) -> Outcome | None:
    return refuse(cmd.unreadable) if cmd.unreadable else None


def players_seat(ctx: GameContext, doing: Said) -> Seat | Outcome:
    """The seat the author plays, or why they cannot ``doing`` with it: the one check every
    player command makes (not seated, only offered a seat, or dropped)."""
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        offered = record.offered_to(ctx.actor.user_id)
        if offered is not None:
            return refuse(OFFERED_TO_YOU(seat=offered.name))
        players = ", ".join(s.name for s in record.seats)
        return refuse(NOT_PLAYING(players=players, doing=doing))
    if seat.dropped:
        return refuse(DROPPED(seat=seat.name, doing=doing))
    return seat


def seated(doing: Said) -> Check:
    """The author plays a seat of this game (not only offered one, not dropped); the handler
    finds it as ``ctx.seat``."""
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        seat = players_seat(ctx, doing)
        if isinstance(seat, Outcome):
            return seat
        ctx.seat = seat
        return None
    return check


def seat_named(ctx: GameContext, name: str) -> Seat | Outcome:
    """The seat a moderator names, or the refusal that lists the real players."""
    record = ctx.live.record
    seat = record.seat(name)
    if seat is None:
        names = ", ".join(s.name for s in record.seats)
        return refuse(NOT_A_PLAYER(name=shown(name, 40), players=names))
    return seat
