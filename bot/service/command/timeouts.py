"""What a passed deadline plays, and a decision that is still overdue.

When a decision's deadline passes, the scheduler (``bot/service/scheduler.py``) tells the
moderator and applies the game's timeout policy: ``wait`` waits, ``idle`` plays that one
decision the least disruptive way (``timed_out``), ``bot`` leaves it to the computer player,
which thinks it out off the lock (``game/computer.py``: a decision whose ``passed`` reminder was
given, under ``bot``, is owed to it). A decision whose deadline passed under ``wait`` stays
*overdue* (the ``passed`` reminder was given and it still waits): a moderator who then switches
the policy (``on timeout idle|bot``), or resumes a paused game, has it played at once by the
new policy (``play_overdue``), and when it cannot be played the answer says exactly why and
what to write (``still_waits``), so ``status`` never keeps showing a wait the moderator meant
to end.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.game import deadlines
from bot.service.game.deadlines import PASSED
from bot.service.game.live_game import Draft, Played
from bot.service.game.records import GameRecord, GameStatus
from bot.service.game.seat_policy import least_disruptive
from bot.service.words.moments import full
from engine import DecisionKind, Game
from engine.limits import MAX_AUTO_MOVES
from engine.text import Msg, Text

#: the new policy plays the overdue decision at once
PLAYED_NOW = Msg("timeout.overdue.played_now",
                 "{seat}'s deadline had already passed ({waited} of {deadline}), so `{policy}` "
                 "plays that decision now:")
COMPUTER_NOW = Msg("timeout.overdue.computer_now",
                   "{seat}'s deadline had already passed ({waited} of {deadline}), so the "
                   "computer player takes that decision now (its move follows).")
#: ... and why it does not
STILL_WAITS_WAIT = Msg("timeout.overdue.waits",
                       "{seat}'s deadline has passed ({waited} of {deadline}) and the game still "
                       "waits for them: `on timeout idle` or `on timeout bot` plays that "
                       "decision now, `as {seat}: MOVE` plays a move of your choice.")
STILL_WAITS_PAUSED = Msg("timeout.overdue.paused",
                         "{seat}'s deadline has passed ({waited} of {deadline}), but the game is "
                         "paused: `resume` and `{policy}` plays that decision at once.")
STILL_WAITS_AWAY = Msg("timeout.overdue.away",
                       "{seat}'s deadline had passed, but {seat} is away until {until}, and an "
                       "away player's decisions follow `on away` (now `wait`): `on away idle` "
                       "or `on away bot` plays it now, `as {seat}: MOVE` plays a move of your "
                       "choice.")
STILL_WAITS_NOT_TAKEN = Msg("timeout.overdue.not_taken",
                            "{seat}'s deadline has passed, but nobody has taken that seat yet, "
                            "so no policy plays it: `as {seat}: MOVE` plays that decision, "
                            "`drop {seat}` lets the bot play the seat the least disruptive way.")


@dataclass(frozen=True, slots=True)
class Overdue:
    """A decision whose deadline passed (its ``passed`` reminder was given) and that still
    waits: the seat, how long it waited and the deadline (seconds)."""

    seat: str
    waited: float
    deadline: float


def overdue(record: GameRecord, game: Game | None, now: float) -> Overdue | None:
    """The decision the game waits for, when its deadline (or its player's time bank) has run
    out (None: there is none, it has no deadline or bank any more, or it has not run out). A
    paused game's counts too."""
    if game is None or not record.timed \
            or record.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
        return None
    decision = game.to_act()
    allowed = deadlines.limit(record, decision.player) if decision is not None else None
    if decision is None or allowed is None or PASSED not in record.clock.reminded:
        return None
    return Overdue(decision.player, deadlines.counted(record, decision.player, now), allowed)


def timed_out(draft: Draft, seat: str, policy: str, deadline: float | None) -> list[Played]:
    """Play the seat's decision the least disruptive way (``idle``; the computer's, ``bot``,
    is thought out by the bot players): every move it owes of that kind (one marker when
    choosing), each recorded as a timeout, for that seat, with the policy and the deadline."""
    game = draft.game
    assert game is not None
    first = game.to_act()
    assert first is not None
    played: list[Played] = []
    for _ in range(MAX_AUTO_MOVES):
        decision = game.to_act()
        if decision is None or decision.player != seat or decision.kind != first.kind:
            break
        move = least_disruptive(game)
        played.append(draft.auto_move(seat, move, "timeout", policy=policy, after=deadline))
        if first.kind == DecisionKind.CHOOSE:
            break
    return played


def _playable(draft: Draft, late: Overdue) -> bool:
    """Whether the timeout policy may play the overdue decision now: a policy that plays, a
    game under way, a seat its player took and is not away from."""
    record = draft.record
    seat = record.seat(late.seat)
    return (record.on_timeout != "wait" and record.status == GameStatus.ACTIVE
            and seat is not None and seat.player is not None
            and not record.is_away(seat.name, draft.now))


def play_overdue(draft: Draft) -> tuple[Text, list[Played]] | None:
    """The overdue decision played by the game's timeout policy (``bot``: handed to the
    computer, no move yet), with the line that says so; None when there is none or the policy
    cannot play it (``still_waits`` says why)."""
    late = overdue(draft.record, draft.game, draft.now)
    if late is None or not _playable(draft, late):
        return None
    waited, deadline = deadlines.hours(late.waited), deadlines.hours(late.deadline)
    if draft.record.on_timeout == "bot":  # the computer takes it off the lock: it is owed
        return COMPUTER_NOW(seat=late.seat, waited=waited, deadline=deadline), []
    line = PLAYED_NOW(seat=late.seat, waited=waited, deadline=deadline,
                      policy=draft.record.on_timeout)
    return line, timed_out(draft, late.seat, draft.record.on_timeout, late.deadline)


def still_waits(draft: Draft) -> Text | None:
    """Why an overdue decision still waits after a moderator's change, and what to write;
    None when no decision is overdue (or the policy plays it)."""
    record = draft.record
    late = overdue(record, draft.game, draft.now)
    if late is None or _playable(draft, late):
        return None
    seat = record.seat(late.seat)
    if seat is not None and (seat.dropped or seat.bot is not None):
        return None  # the service or the computer plays it, whatever the policy
    waited, deadline = deadlines.hours(late.waited), deadlines.hours(late.deadline)
    if record.on_timeout == "wait":
        return STILL_WAITS_WAIT(seat=late.seat, waited=waited, deadline=deadline)
    if seat is None or seat.player is None:
        return STILL_WAITS_NOT_TAKEN(seat=late.seat)
    if record.is_away(seat.name, draft.now):
        return STILL_WAITS_AWAY(seat=late.seat, until=full(record.away[seat.name]))
    return STILL_WAITS_PAUSED(seat=late.seat, waited=waited, deadline=deadline,
                              policy=record.on_timeout)
