"""``deadline 24h`` / ``deadline off``: how long a decision may wait in this game. Halfway and
an hour before, its player is reminded with a ping; when it passes, the moderator is told and
the timeout policy (``on timeout``) applies (``bot/service/game/deadlines.py``). A command declared
in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.words import Words
from bot.service.game import deadlines, payloads
from bot.service.game.records import OPEN_STATUSES
from engine.limits import check_deadline

USAGE = "`deadline 24h` (from 1h to 30d; `m`, `h`, `d`, `w`) or `deadline off`"
#: A deadline over two hours: two reminders (``deadlines.thresholds``).
SET_TWO_REMINDERS = (
    "Moderator {moderator} set a deadline of {deadline} per decision: the player is reminded "
    "halfway and an hour before; when it passes the moderator is told and the timeout policy "
    "applies (now `{policy}`; `on timeout wait|idle|bot` changes it). The clock stops while the "
    "game is paused.")
#: A deadline of two hours or less, where halfway is an hour before or later: one reminder.
SET_ONE_REMINDER = (
    "Moderator {moderator} set a deadline of {deadline} per decision: the player is reminded "
    "once, halfway ({half} in); when it passes the moderator is told and the timeout policy "
    "applies (now `{policy}`; `on timeout wait|idle|bot` changes it). The clock stops while the "
    "game is paused.")


@dataclass(frozen=True, slots=True)
class Deadline(Command):
    """``deadline DURATION``: seconds per decision (None: no deadline)."""

    seconds: float | None


def read(w: Words) -> Deadline | None:
    rest = w.rest(1).lower()
    if rest in ("off", "none"):
        return Deadline(None)
    seconds = deadlines.duration(rest) if len(rest) <= 20 else None
    return None if seconds is None else Deadline(seconds)


def set_deadline(ctx: GameContext, cmd: Deadline) -> Outcome:
    record = ctx.live.record
    if cmd.seconds is not None:
        check_deadline(cmd.seconds)
    draft = ctx.draft()
    draft.add(payloads.SettingChanged("deadline", cmd.seconds))
    if cmd.seconds is None:
        return Outcome(f"Moderator {ctx.actor.name} took the deadline off: decisions wait as "
                       f"long as they take.", draft=draft)
    stages = [stage for stage, _ in deadlines.thresholds(cmd.seconds)]
    said = SET_TWO_REMINDERS if deadlines.HOUR in stages else SET_ONE_REMINDER
    return Outcome(said.format(moderator=ctx.actor.name, deadline=deadlines.hours(cmd.seconds),
                               half=deadlines.hours(cmd.seconds / 2), policy=record.on_timeout),
                   draft=draft)


ENTRY = Entry(
    "deadline", ("deadline",), USAGE, read,
    {Deadline: Route(set_deadline, (moderator("set a deadline"),
                                    status("set a deadline", *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, "`deadline 24h` or `deadline off` (how long a decision may "
                                   "wait)"),),
    docs=((Who.MODERATORS, "`deadline 24h\\|off`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
