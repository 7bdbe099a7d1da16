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
from engine.text import Msg

MODERATOR_TOOK_THE_DEADLINE_OFF = Msg("deadline.moderator_took_the_deadline_off", "Moderator "
                                      "{name} took the deadline off: decisions wait as long as "
                                      "they take.")
MODERATOR_SET_A_DEADLINE_OF = Msg("deadline.moderator_set_a_deadline_of", "Moderator {name} set "
                                  "a deadline of {hours} per decision: the player is reminded "
                                  "halfway and an hour before; when it passes the moderator is "
                                  "told and the timeout policy applies (now `{on_timeout}`; `on "
                                  "timeout wait|idle|bot` changes it). The clock stops while "
                                  "the game is paused.")
#: Two hours or less: halfway is an hour before the end or earlier, so one reminder comes
#: (``deadlines.thresholds``), not "halfway and an hour before".
MODERATOR_SET_A_SHORT_DEADLINE = Msg("deadline.moderator_set_a_short_deadline", "Moderator "
                                     "{name} set a deadline of {hours} per decision: the player "
                                     "is reminded once, halfway ({half} in); when it passes the "
                                     "moderator is told and the timeout policy applies (now "
                                     "`{on_timeout}`; `on timeout wait|idle|bot` changes it). The "
                                     "clock stops while the game is paused.")
SET_A_DEADLINE = Msg("deadline.set_a_deadline", "set a deadline")
HELP = Msg("deadline.help", "`deadline 24h` or `deadline off` (how long a decision may wait)")

USAGE = Msg("deadline.usage", "`deadline 24h` (from 1h to 30d; `m`, `h`, `d`, `w`) or `deadline "
            "off`")


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
        return Outcome(MODERATOR_TOOK_THE_DEADLINE_OFF(name=ctx.actor.name), draft=draft)
    hours = deadlines.hours(cmd.seconds)
    if deadlines.HOUR not in [stage for stage, _ in deadlines.thresholds(cmd.seconds)]:
        return Outcome(MODERATOR_SET_A_SHORT_DEADLINE(
            name=ctx.actor.name, hours=hours, half=deadlines.hours(cmd.seconds / 2),
            on_timeout=record.on_timeout), draft=draft)
    return Outcome(
        MODERATOR_SET_A_DEADLINE_OF(name=ctx.actor.name, hours=hours,
                                    on_timeout=record.on_timeout), draft=draft)


ENTRY = Entry(
    "deadline", ("deadline",), USAGE(), read,
    {Deadline: Route(set_deadline, (moderator(SET_A_DEADLINE()),
                                    status(SET_A_DEADLINE(), *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`deadline 24h\\|off`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
