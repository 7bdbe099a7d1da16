"""``timebank 3d +12h max 5d`` / ``timebank normal`` / ``timebank off``: each player's own bank
of time, beside or instead of the per-decision ``deadline``. Every seat's bank starts at 3 days,
gains 12 hours after each of its own decisions, never holds more than 5 days, and runs only
while that seat must act (not while the game is paused, the player is away, or in their quiet
hours). When it is empty the timeout policy (``on timeout``) applies, as at a deadline
(``bot/service/game/timebank.py``). ``status`` and the picture's cards show each bank. A command
declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.words import Words
from bot.service.game import payloads, timebank
from bot.service.game.deadlines import span
from bot.service.game.records import OPEN_STATUSES
from bot.service.game.waits import TimeBank
from engine.text import Msg

SET = Msg("timebank.set", "Moderator {name} set a time bank: each player starts with {start}, "
          "gains {gain} after each of their decisions, and holds at most {most}. It runs only "
          "while that player must act (not while away, paused or in their `quiet` hours); when "
          "it is empty the timeout policy applies (now `{on_timeout}`).")
OFF = Msg("timebank.off", "Moderator {name} took the time bank off: only the deadline (if any) "
          "limits a decision.")
WRITTEN = Msg("timebank.written", "A time bank is written {usage}.")
SET_A_TIMEBANK = Msg("timebank.set_a_timebank", "set a time bank")
HELP = Msg("timebank.help", "`timebank 3d +12h max 5d`, `timebank fast|normal|slow` or "
           "`timebank off` (each player's own time)")
USAGE = Msg("timebank.usage", "`timebank 3d +12h max 5d` (start, gain per decision, most), "
            "`timebank fast` (1d +4h max 2d), `timebank normal` (3d +12h max 5d), `timebank "
            "slow` (7d +1d max 14d), or `timebank off`")


@dataclass(frozen=True, slots=True)
class SetTimeBank(Command):
    """``timebank ...`` as written (read, and checked against the limits, when it is done)."""

    text: str


def read(w: Words) -> SetTimeBank | None:
    rest = w.rest(1) if w.count_to(7) <= 6 else ""
    return SetTimeBank(rest) if rest else None


def set_timebank(ctx: GameContext, cmd: SetTimeBank) -> Outcome:
    words = cmd.text.strip().lower()
    bank: TimeBank | None = None
    if words not in ("off", "none"):
        bank = timebank.read(words)  # ``LimitError`` outside the limits
        if bank is None:
            return refuse(WRITTEN(usage=USAGE()))
    draft = ctx.draft()
    if bank is None:
        draft.add(payloads.BankSet(None))
        return Outcome(OFF(name=ctx.actor.name), draft=draft)
    draft.add(payloads.BankSet(bank.start, bank.gain, bank.most))
    return Outcome(SET(name=ctx.actor.name, start=span(bank.start), gain=span(bank.gain),
                       most=span(bank.most), on_timeout=ctx.live.record.on_timeout),
                   draft=draft)


ENTRY = Entry(
    "timebank", ("timebank",), USAGE(), read,
    {SetTimeBank: Route(set_timebank, (moderator(SET_A_TIMEBANK()),
                                       status(SET_A_TIMEBANK(), *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`timebank 3d +12h max 5d\\|fast\\|normal\\|slow\\|off`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
