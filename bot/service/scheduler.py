"""The scheduler: what a game's deadline does when its moment comes, the work of the one loop
the Discord bot's reminders cog and the console table both run, and the bot-wide reminders.

``Scheduler.run_due`` finds the games with something due (one indexed query on the
``schedule`` table) and hands each to ``due_work``, as a command of the bot's own: a
reminder halfway and an hour before (a ``remind`` record, and a ping of the player within the
reminder limits), and when the deadline passes the moderator told and the timeout policy
applied (``wait``: nothing more; ``idle``/``bot``: that one decision played, each move recorded
with why and for whom). The records, the announcement and the next due moment are committed
together, so a restart loses nothing and sends nothing twice.
"""

from __future__ import annotations

import logging
import time

from bot.api import Actor, Reminder
from bot.service.command.context import Context, GameContext, Outcome
from bot.service.command.playing import table_outcome
from bot.service.core import Core
from bot.service.drawing.prepared import Prepared
from bot.service.game import automatic, deadlines, payloads
from bot.service.game.deadlines import HALF, PASSED, Due
from bot.service.game.live_game import BOT_USER, Draft, Played
from bot.service.pipeline import Pipeline, Step
from bot.service.store.store import GameSummary
from bot.service.words.replies import count_of, played_lines
from engine import DecisionKind
from engine.limits import MAX_AUTO_MOVES

log = logging.getLogger(__name__)

#: Games the scheduler looks at in one run (the most overdue first; the rest come next run).
DUE_PER_RUN = 100
#: Seconds of due work in one run, at most (a game whose timeout the computer player plays
#: takes up to a second); what is left waits for the next run.
DUE_SECONDS = 5.0
#: When a game's due work failed (a bug), it is looked at again this much later.
DUE_RETRY = 3600.0
#: Who the scheduler's records are written by (automatic moves are the bot's, for a seat).
SCHEDULER = Actor("busbot", "busbot")

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
    draft.add(payloads.Reminded(due.stages), seat=due.seat, user=BOT_USER)
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


class Scheduler:
    """The work that comes due by the clock, in every game: each game's reminders and passed
    deadlines (committed through the pipeline), and the bot-wide reminder of a long wait."""

    def __init__(self, core: Core, pipeline: Pipeline) -> None:
        self.core = core
        self.pipeline = pipeline

    def run_due(self, now: float | None = None,
                limit: int = DUE_PER_RUN) -> list[tuple[str, Prepared]]:
        """Do what is due by ``now`` (by default the service's clock) in every game: reminders
        and passed deadlines (``due_work``), each committed with its announcement and the
        game's next due moment. Returns each place's reply, its picture still to be drawn
        (``Prepared.complete``)."""
        core = self.core
        now = core.clock() if now is None else now
        done = []
        spent = time.monotonic() + DUE_SECONDS  # the computer player thinks up to a second
        for game_id in core.store.due_games(now, limit):
            if time.monotonic() > spent:
                break  # the rest next time: the commands waiting behind come first
            with core.lock:
                prepared = self._due_one(game_id, now)
            if prepared is not None:
                done.append(prepared)
        return done

    def _due_one(self, game_id: int, now: float) -> tuple[str, Prepared] | None:
        core = self.core
        summary = core.store.game(game_id)
        if summary is None:
            return None
        step = Step(summary.place, SCHEDULER, now, None, summary)
        try:
            live = step.live = core.cache.get(summary)
            ctx = Context(summary.place, SCHEDULER, now, None, live, True, core.store)
            outcome = due_work(ctx.with_game(live))
        except Exception:  # one game's fault must not stop every other game's reminders
            log.exception("due work in game %d failed", game_id)
            core.store.set_due(game_id, now + DUE_RETRY)
            return None
        if outcome is None or outcome.draft is None or not outcome.draft.new:
            core.store.set_due(game_id, deadlines.due_at(live.record, live.game, now))
            return None
        draft = outcome.draft
        draft.pings = [user for user in draft.pings if core.budgets.may_remind(user)]
        prepared = self.pipeline.commit(step, outcome, draft)
        if not prepared.reply.ok:  # not saved: nothing to say; it is due again next run
            return None
        return summary.place, prepared

    def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        """One reminder per decision that has waited ``hours``; each is given only once."""
        if hours <= 0:
            return []
        core = self.core
        due = [g for g in core.store.due(now - hours * 3600) if not self._away(g, now)]
        due = [g for g in due if core.budgets.may_remind(g.waiting_user)]
        reminders = []
        for g in due:
            waited = (now - (g.waiting_since or now)) / 3600
            assert g.waiting_user is not None
            reminders.append(Reminder(
                g.place, (g.waiting_user,),
                f"Reminder: the game has waited {count_of(round(waited), 'hour')} for "
                f"{g.waiting_text}. "
                f"(`moves` lists the choices.)"))
        core.store.mark_reminded([(g.id, g.waiting_key or 0) for g in due], now)
        return reminders

    def _away(self, summary: GameSummary, now: float) -> bool:
        """Whether the player the game waits for is away (then nobody reminds them)."""
        if summary.waiting_seat is None:
            return False
        with self.core.lock:
            return self.core.cache.get(summary).record.is_away(summary.waiting_seat, now)
