"""What a game's deadline does when its moment comes: the work of the one scheduler loop.

``GameService.run_due`` finds the games with something due (one indexed query on the
``schedule`` table) and hands each to ``due_work`` here, as a command of the bot's own: a
reminder halfway and an hour before (a ``remind`` record, and a ping of the player within the
reminder limits), and when the deadline passes the moderator told and the timeout policy
applied (``wait``: nothing more; ``idle``/``bot``: that one decision played, each move recorded
with why and for whom). The records, the announcement and the next due moment are committed
together, so a restart loses nothing and sends nothing twice. The Discord bot's reminders cog
and the console table both run this same loop.
"""

from __future__ import annotations

from bot.service.command.context import GameContext, Outcome, table_outcome
from bot.service.game import automatic, deadlines, payloads
from bot.service.game.deadlines import HALF, PASSED, Due
from bot.service.game.live_game import BOT_USER, Draft, Played
from bot.service.words.replies import played_lines
from engine import DecisionKind
from engine.limits import MAX_AUTO_MOVES

_POLICY = {
    "wait": "the game waits for them (timeout policy `wait`)",
    "idle": "the bot plays that decision the least disruptive way (timeout policy `idle`)",
    "bot": "the computer player plays that decision (timeout policy `bot`)",
}


def due_work(ctx: GameContext) -> Outcome | None:
    """The records and the announcement of what is due now in the game (None: nothing is;
    the caller stores when something next will be)."""
    live = ctx.live
    due = deadlines.next_due(live.record, live.game, ctx.now)
    if due is None or due.at > ctx.now or due.stage not in deadlines.STAGES:
        return None
    draft = ctx.draft()
    draft.add(payloads.Remind(due.stages), seat=due.seat, user=BOT_USER)
    if due.stage == PASSED:
        return _passed(draft, due)
    return _reminder(draft, due)


def _player(draft: Draft, seat_name: str) -> str | None:
    """The user to ping about a seat's decision: one who took the seat and is not away."""
    seat = draft.record.seat(seat_name)
    if seat is None or seat.player is None or draft.record.is_away(seat_name, draft.now):
        return None
    return seat.player


def _reminder(draft: Draft, due: Due) -> Outcome:
    record, game = draft.record, draft.game
    assert record.deadline is not None and game is not None
    decision = game.to_act()
    assert decision is not None
    left = record.deadline - deadlines.waited(record, due.seat, draft.now)
    when = "halfway through" if due.stage == HALF else "an hour from"
    player = _player(draft, due.seat)
    if player is not None:
        draft.pings.append(player)
    return Outcome(
        f"Reminder ({when} the deadline): the game waits for {decision.text}. Time left: "
        f"{deadlines.hours(max(0.0, left))} of {deadlines.hours(record.deadline)}; then "
        f"{_POLICY[record.on_timeout]}. (`moves` lists the choices; `away 3d` says you are "
        f"away.)", draft=draft, mentions=[])


def _passed(draft: Draft, due: Due) -> Outcome:
    """The deadline passed: tell the moderator, apply the timeout policy."""
    record, game = draft.record, draft.game
    assert record.deadline is not None and game is not None
    decision = game.to_act()
    assert decision is not None
    took = deadlines.hours(record.deadline)
    if record.creator_id:  # who moderates this game agreed to hear of it
        draft.pings.append(record.creator_id)
    line = (f"Time ran out for {decision.text} (the deadline is {took}); moderator "
            f"{record.creator_name}: {_POLICY[record.on_timeout]}.")
    if record.on_timeout == "wait":
        player = _player(draft, due.seat)
        if player is not None:
            draft.pings.append(player)
        return Outcome(line, draft=draft, mentions=[])
    played = timed_out(draft, due.seat, record.on_timeout, record.deadline)
    played.extend(draft.run_automatic())
    return table_outcome(draft, [line, *played_lines(played)])


def timed_out(draft: Draft, seat: str, policy: str, deadline: float) -> list[Played]:
    """Play the seat's decision by ``policy``: every move it owes of that kind (one marker
    when choosing), each recorded as a timeout, for that seat, with the policy and the
    deadline."""
    game = draft.game
    assert game is not None
    first = game.to_act()
    assert first is not None
    played: list[Played] = []
    for _ in range(MAX_AUTO_MOVES):
        decision = game.to_act()
        if decision is None or decision.player != seat or decision.kind != first.kind:
            break
        move = automatic.policy_move(policy, game)
        played.append(draft.auto_move(seat, move, "timeout", policy=policy, after=deadline))
        if first.kind == DecisionKind.CHOOSE:
            break
    return played
