"""``log``, ``log all`` and ``log since me``: the game round by round, with what happened
(``bot/service/words/logbook.py``); ``since me`` starts after the writer's own last move. A command
declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.needs import players_seat
from bot.service.command.words import Words
from bot.service.words.catalogue import lines
from bot.service.words.logbook import last_move_of, log_text
from engine.text import Msg

ASK_WHAT_HAPPENED_SINCE_YOUR = Msg("log.ask_what_happened_since_your", "ask what happened since "
                                   "your last move")
NOT_MOVED_YET = Msg("log.not_moved_yet", "You have not moved yet; the whole log:")
SINCE_YOUR_MOVE = Msg("log.since_your_move", "Since your last move ({n}. {move}):")
USAGE = Msg("log.usage", "`log`, `log all` or `log since me`")
HELP = Msg("log.help", "`log` (`log all`; `log since me`: what happened since your last move)")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("log.slash", "The game's log so far")


@dataclass(frozen=True, slots=True)
class Log(Command):
    """``log`` (``log all``: every move, not only the latest)."""

    everything: bool = False


@dataclass(frozen=True, slots=True)
class LogSince(Command):
    """``log since me``: what happened since the writer last moved."""


def read(w: Words) -> Command | None:
    count = w.count_to(4)
    if count == 1:
        return Log()
    if count == 2 and w.word(1) == "all":
        return Log(everything=True)
    if count == 3 and w.word(1) == "since" and w.word(2) in ("me", "mine", "my"):
        return LogSince()
    return None


def log(ctx: GameContext, cmd: Log) -> Outcome:
    live = ctx.live
    return Outcome(log_text(live, ctx.store.records(live.record.game_id),
                            everything=cmd.everything))


def log_since(ctx: GameContext, cmd: LogSince) -> Outcome:
    seat = players_seat(ctx, ASK_WHAT_HAPPENED_SINCE_YOUR())
    if isinstance(seat, Outcome):
        return seat
    live = ctx.live
    last = last_move_of(live, seat.name)
    records = ctx.store.records(live.record.game_id)
    if last is None:
        return Outcome(lines(NOT_MOVED_YET(), log_text(live, records, everything=False)))
    return Outcome(lines(SINCE_YOUR_MOVE(n=last, move=live.record.moves[last - 1].text),
                         log_text(live, records, everything=True, since=last)))


ENTRY = Entry(
    "log", ("log",), USAGE(), read,
    {Log: Route(log), LogSince: Route(log_since)}, strict=True,
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`log [all]`, `log since me`"),),
    slash=Slash("log", SLASH(), private=True),
)
