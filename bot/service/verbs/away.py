"""``away 3d``, ``away until 2026-12-02`` and ``back``: a player's time away, for themselves.
While away their decisions wait without reminders, pings or deadline (unless the moderator's
``on away`` policy plays them); ``status`` and the picture say until when. A command declared
in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import seated, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words
from bot.service.game import deadlines, payloads
from bot.service.game.records import OPEN_STATUSES
from bot.service.words.replies import played_lines, when
from engine.text import Msg

WRITTEN = Msg("away.written", "Time away is written {usage}.")

YOU_ARE_NOT_AWAY_AWAY = Msg("away.you_are_not_away_away", "You are not away (`away 3d` says you "
                            "will be).")
IS_BACK_THEIR_DECISIONS_WAIT = Msg("away.is_back_their_decisions_wait", "{name} is back: their "
                                   "decisions wait for them again, with reminders and the "
                                   "game's deadline counted from now.")
SAY_YOU_ARE_AWAY = Msg("away.say_you_are_away", "say you are away")
GO_AWAY = Msg("away.go_away", "go away")
COME_BACK = Msg("away.come_back", "come back")
HELP = Msg("away.help", "`away 3d` or `away until 2026-12-02` (your decisions wait without "
           "reminders), `back`")

USAGE = Msg("away.usage", "`away 3d` (at most 60d), `away until 2026-12-02` (UTC), or `back`")


@dataclass(frozen=True, slots=True)
class Away(Command):
    """``away DURATION`` or ``away until DATE``, as written (read against the clock)."""

    text: str


@dataclass(frozen=True, slots=True)
class Back(Command):
    """``back``: time away ends now."""


def read(w: Words) -> Away | Back | None:
    if w.word(0) == "back":
        return Back() if w.count_to(2) == 1 else None
    rest = w.rest(1) if w.count_to(4) <= 3 else ""
    return Away(rest) if deadlines.away_form(rest) else None


def away(ctx: GameContext, cmd: Away) -> Outcome:
    assert ctx.seat is not None
    until = deadlines.away_until(cmd.text, ctx.now)
    if until is None:
        return refuse(WRITTEN(usage=USAGE()))
    record = ctx.live.record
    draft = ctx.draft()
    draft.add(payloads.WentAway(until), seat=ctx.seat.name)
    meanwhile = {
        "wait": "their decisions wait, without reminders or deadline",
        "idle": "the bot plays their decisions the least disruptive way (the moderator's "
                "`on away idle`)",
        "bot": "the computer player plays their decisions (the moderator's `on away bot`)",
    }[record.on_away]
    line = (f"{ctx.seat.name} is away until {when(until)}: {meanwhile}. `back` ends it "
            f"sooner.")
    played = draft.run_automatic()
    if not played:
        return Outcome(line, draft=draft, mentions=[])
    return table_outcome(draft, [line, *played_lines(played)])


def back(ctx: GameContext, cmd: Back) -> Outcome:
    assert ctx.seat is not None
    if not ctx.live.record.is_away(ctx.seat.name, ctx.now):
        return refuse(YOU_ARE_NOT_AWAY_AWAY())
    draft = ctx.draft()
    draft.add(payloads.CameBack(), seat=ctx.seat.name)
    return Outcome(IS_BACK_THEIR_DECISIONS_WAIT(name=ctx.seat.name), draft=draft,
                   mentions=[])


_OPEN = status(SAY_YOU_ARE_AWAY(), *OPEN_STATUSES)
ENTRY = Entry(
    "away", ("away", "back"), USAGE(), read,
    {Away: Route(away, (_OPEN, seated(GO_AWAY()))),
     Back: Route(back, (_OPEN, seated(COME_BACK())))},
    strict=True,
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`away 3d`, `away until DATE`, `back` (a seated player, for "
                       "themselves)"),),
    slash=NoSlash("said once in a while; reached with `/bus do`"),
)
