"""The scheduler: what a game's deadline does when its moment comes, the work of the one loop
the Discord bot's reminders cog and the console table both run, and the bot-wide reminders.

``Scheduler.run_due`` finds the games with something due (one indexed query on the
``schedule`` table) and hands each to ``due_work``, as a command of the bot's own: a
reminder halfway and an hour before (a ``remind`` record, and a ping of the player within the
reminder limits), and when the deadline passes the moderator told and the timeout policy
applied (``wait``: nothing more; ``idle``: that one decision played, each move recorded with
why and for whom; ``bot``: the same, thought out by the computer's players after this commit,
out of the lock: ``bot/service/bots.py``; a seat only offered: nothing, the moderator told).
The records, the announcement and the next due moment are committed together, so a restart
loses nothing and sends nothing twice. A clock set back is noticed here too (``_set_back``).
"""

from __future__ import annotations

import logging
import time

from bot.api import Actor, Reminder
from bot.service.command.context import Context, GameContext, Outcome
from bot.service.command.playing import table_outcome
from bot.service.command.timeouts import timed_out
from bot.service.core import Core
from bot.service.drawing.prepared import Prepared
from bot.service.game import deadlines, payloads
from bot.service.game.deadlines import HALF, PASSED, Due
from bot.service.game.live_game import BOT_USER, Draft
from bot.service.game.records import GameStatus
from bot.service.pipeline import Pipeline, Step
from bot.service.store import languages, members
from bot.service.store.store import GameSummary
from bot.service.words.catalogue import say, words_for
from bot.service.words.moments import relative
from bot.service.words.replies import HOURS, played_lines
from engine.text import Msg, Words

log = logging.getLogger(__name__)

#: Games the scheduler looks at in one run (the most overdue first; the rest come next run).
DUE_PER_RUN = 100
#: Seconds of due work in one run, at most (a timeout the computer plays is thought out by the
#: bot players, not here: each game's due work is a few records); what is left waits for the
#: next run.
DUE_SECONDS = 5.0
#: When a game's due work failed (a bug), it is looked at again this much later.
DUE_RETRY = 3600.0
#: Seconds the clock may read earlier than before without counting as set back (a clock
#: kept in step by NTP moves by far less).
CLOCK_SLACK = 60.0
#: Who the scheduler's records are written by (automatic moves are the bot's, for a seat).
SCHEDULER = Actor("busbot", "busbot")

#: A deadline passed on a seat only offered to its new player: no policy plays it.
OFFERED_SEAT_WAITS = Msg(
    "scheduler.offered_seat_waits",
    "Time ran out for {decision} (the deadline is {took}); moderator {moderator}: the seat "
    "{seat} is only offered to {user}, so nobody plays it until they take it with `accept`; "
    "you can play it with `as {seat}: MOVE`, `drop {seat}` or offer it to someone else.")

#: The machine's clock reads earlier than when the wait for a decision began.
CLOCK_SET_BACK = Msg(
    "scheduler.clock_set_back",
    "The bot's clock was set back, so the wait for {decision} counts again from now: at most "
    "{left} more, due {due} at the latest.")

_POLICY = {
    "wait": Msg("scheduler.policy.wait", "the game waits for them (timeout policy `wait`)"),
    "idle": Msg("scheduler.policy.idle", "the bot plays that decision the least disruptive way "
                "(timeout policy `idle`)"),
    "bot": Msg("scheduler.policy.bot", "the computer player plays that decision (timeout policy "
               "`bot`)"),
}
REMINDER_HALF = Msg("scheduler.reminder_half", "Reminder (halfway through its time): the game "
                    "waits for {decision}, due {due}; then {policy}. (`moves` lists the "
                    "choices; `away 3d` says you are away.)")
REMINDER_HOUR = Msg("scheduler.reminder_hour", "Reminder (an hour from the end of its time): the "
                    "game waits for {decision}, due {due}; then {policy}. (`moves` lists the "
                    "choices; `away 3d` says you are away.)")
TIME_RAN_OUT = Msg("scheduler.time_ran_out", "Time ran out for {decision} (the deadline is "
                   "{took}); moderator {moderator}: {policy}.")
BANK_RAN_OUT = Msg("scheduler.bank_ran_out", "Time ran out for {decision}: {seat}'s time bank is "
                   "empty; moderator {moderator}: {policy}.")
QUIET_OVER = Msg("scheduler.quiet_over", "{seat}, your quiet hours are over: the game waits for "
                 "{decision}.")
WAITED = Msg("scheduler.waited", "Reminder: the game has waited {hours} for {decision}. (`moves` "
             "lists the choices.)")


def due_work(ctx: GameContext) -> Outcome | None:
    """The records and the announcement of what is due now in the game (None: nothing is;
    the caller stores when something next will be)."""
    live = ctx.live
    hours = members.hours_of(ctx.store, live.record)
    if (set_back := _set_back(ctx, hours)) is not None:
        return set_back
    due = deadlines.next_due(live.record, live.game, ctx.now, hours)
    if due is None or due.at > ctx.now or due.stage not in (*deadlines.STAGES, deadlines.WOKE):
        return None
    draft = ctx.draft()
    quiet = hours.get(due.seat, deadlines.NEVER).quiet_at(ctx.now)
    # a reminder that comes late, in its player's quiet hours, pings them when those end
    stages = (*due.stages, deadlines.HELD) if quiet else due.stages
    draft.add(payloads.Reminded(stages), seat=due.seat, user=BOT_USER)
    if due.stage == deadlines.WOKE:
        return _woke(draft, due)
    if due.stage == PASSED:
        return _passed(draft, due, quiet)
    return _reminder(draft, due, hours, quiet)


def _set_back(ctx: GameContext, hours: deadlines.Hours) -> Outcome | None:
    """When the clock now reads earlier than the start of the wait for the decision (the
    machine's clock was set back), a record at this moment, from which the wait counts again
    (``GameRecord``'s clock): its deadline passes at most its length from now, not when the
    clock reaches the old start again. None when the clock is where it should be."""
    record, game = ctx.live.record, ctx.live.game
    decision = game.to_act() if game is not None else None
    if decision is None or not record.timed or record.status != GameStatus.ACTIVE:
        return None
    start = deadlines.started(record, decision.player)
    if start is None or start <= ctx.now or record.clock.since is None \
            or record.clock.since <= ctx.now:
        return None
    draft = ctx.draft()
    draft.add(payloads.Reminded(()), seat=decision.player, user=BOT_USER)
    due = deadlines.runs_out(draft.record, draft.game, ctx.now, hours) or ctx.now
    left = deadlines.limit(draft.record, decision.player) or 0.0
    left = max(0.0, left - deadlines.counted(draft.record, decision.player, ctx.now,
                                             hours.get(decision.player, deadlines.NEVER)))
    return Outcome(CLOCK_SET_BACK(decision=decision.said, left=deadlines.hours(left),
                                  due=relative(due)),
                   draft=draft, mentions=[])


def _player(draft: Draft, seat_name: str) -> str | None:
    """The user to ping about a seat's decision: one who took the seat and is not away."""
    seat = draft.record.seat(seat_name)
    if seat is None or seat.player is None or draft.record.is_away(seat_name, draft.now):
        return None
    return seat.player


def _woke(draft: Draft, due: Due) -> Outcome:
    """The turn's ping, held back by its player's quiet hours, now that they are over."""
    game = draft.game
    assert game is not None
    decision = game.to_act()
    assert decision is not None
    player = _player(draft, due.seat)
    if player is not None:
        draft.pings.append(player)
    return Outcome(QUIET_OVER(seat=due.seat, decision=decision.said), draft=draft, mentions=[],
                   reminder=True)


def _reminder(draft: Draft, due: Due, hours: deadlines.Hours, quiet: bool) -> Outcome:
    record, game = draft.record, draft.game
    assert game is not None
    decision = game.to_act()
    assert decision is not None
    out = deadlines.runs_out(record, game, draft.now, hours)
    player = _player(draft, due.seat)
    if player is not None and not quiet:
        draft.pings.append(player)
    return Outcome(
        (REMINDER_HALF if due.stage == HALF else REMINDER_HOUR)(
            decision=decision.said, due=relative(out or draft.now),
            policy=_POLICY[record.on_timeout]()),
        draft=draft, mentions=[], reminder=True)


def _passed(draft: Draft, due: Due, quiet: bool) -> Outcome:
    """The deadline passed: tell the moderator, apply the timeout policy."""
    record, game = draft.record, draft.game
    assert game is not None
    decision = game.to_act()
    assert decision is not None
    took = deadlines.hours(record.deadline or 0.0)
    if record.creator_id:  # who moderates this game agreed to hear of it
        draft.pings.append(record.creator_id)
    seat = record.seat(due.seat)
    if seat is not None and not seat.agreed:  # only offered: no policy plays it
        return Outcome(OFFERED_SEAT_WAITS(
            decision=decision.said, took=took, moderator=record.creator_name, seat=seat.name,
            user=seat.user_name), draft=draft, mentions=[])
    bank = record.banks.of(due.seat)
    policy = _POLICY[record.on_timeout]()
    line = (BANK_RAN_OUT(decision=decision.said, seat=due.seat, moderator=record.creator_name,
                         policy=policy)
            if bank is not None and (record.deadline is None or bank < record.deadline) else
            TIME_RAN_OUT(decision=decision.said, took=took, moderator=record.creator_name,
                         policy=policy))
    if record.on_timeout == "wait":
        player = _player(draft, due.seat)
        if player is not None and not quiet:
            draft.pings.append(player)
        return Outcome(line, draft=draft, mentions=[])
    if record.on_timeout == "bot":  # the computer thinks it out of the lock (``bots.py``)
        return Outcome(line, draft=draft, mentions=[])
    played = timed_out(draft, due.seat, record.on_timeout, deadlines.limit(record, due.seat))
    played.extend(draft.run_automatic())
    return table_outcome(draft, [line, *played_lines(played)])


class Scheduler:
    """The work that comes due by the clock, in every game: each game's reminders and passed
    deadlines (committed through the pipeline), and the bot-wide reminder of a long wait."""

    def __init__(self, core: Core, pipeline: Pipeline) -> None:
        self.core = core
        self.pipeline = pipeline
        #: the latest moment the scheduler has seen (first: the games' last change)
        self.latest: float | None = None

    def _set_back(self, now: float) -> bool:
        """Whether the clock reads earlier than a moment already seen (by more than a
        ``CLOCK_SLACK``): it was set back. The new reading is taken as the time from then on."""
        latest = self.latest if self.latest is not None else self.core.store.last_change()
        went_back = latest is not None and now < latest - CLOCK_SLACK
        self.latest = now if went_back or latest is None else max(latest, now)
        return went_back

    def run_due(self, now: float | None = None,
                limit: int = DUE_PER_RUN) -> list[tuple[str, Prepared]]:
        """Do what is due by ``now`` (by default the service's clock) in every game: reminders
        and passed deadlines (``due_work``), each committed with its announcement and the
        game's next due moment. Returns each place's reply, its picture still to be drawn
        (``Prepared.complete``)."""
        core = self.core
        now = core.clock() if now is None else now
        if self._set_back(now):
            core.store.all_due(now)  # each game's wait is looked at, and restarted if need be
        done = []
        spent = time.monotonic() + DUE_SECONDS
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
            hours = members.hours_of(core.store, live.record)
            core.store.set_due(game_id, deadlines.due_at(live.record, live.game, now, hours),
                               deadlines.runs_out(live.record, live.game, now, hours), ran=True)
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
        # nobody is reminded while away, nor in their quiet hours: such a reminder is not marked
        # given, so it comes at the first look after they end
        due = [g for g in core.store.due(now - hours * 3600) if not self._held(g, now)]
        due = [g for g in due if core.budgets.may_remind(g.waiting_user)]
        reminders = []
        for g in due:
            waited = (now - (g.waiting_since or now)) / 3600
            assert g.waiting_user is not None
            said = WAITED(hours=HOURS(n=round(waited)), decision=g.waiting_text or "")
            reminders.append(Reminder(g.place, (g.waiting_user,), say(said, self._words(g))))
        core.store.mark_reminded([(g.id, g.waiting_key or 0) for g in due], now)
        return reminders

    def _words(self, summary: GameSummary) -> Words:
        """The words of the game's place (its language)."""
        with self.core.lock:
            record = self.core.cache.get(summary).record
            return words_for(languages.for_game(self.core.store, record, None,
                                                self.core.language))

    def _held(self, summary: GameSummary, now: float) -> bool:
        """Whether the player the game waits for is away or in their quiet hours (then nobody
        reminds them now)."""
        seat = summary.waiting_seat
        if seat is None:
            return False
        with self.core.lock:
            record = self.core.cache.get(summary).record
            if record.is_away(seat, now):
                return True
            hours = members.hours_of(self.core.store, record)
        return hours.get(seat, deadlines.NEVER).quiet_at(now)
