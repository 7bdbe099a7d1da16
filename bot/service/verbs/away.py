"""``away 3d``, ``away until 2026-12-02`` and ``back``: a player's time away, for themselves.
While away their decisions wait without reminders, pings or deadline (unless the moderator's
``on away`` policy plays them); ``status`` and the picture say until when. Time away draws on
the member's yearly allowance on the server (``store/allowance.py``): ``away`` alone says what
is left, ``back`` gives back what was not used; the server's moderators set the allowance
(``away allowance 20``) and grant more (``away grant @member 5``). A command declared in one
file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.api import Command
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Route, Section, Who
from bot.service.command.needs import seated, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words
from bot.service.game import deadlines, payloads
from bot.service.game.live_game import LiveGame
from bot.service.game.records import OPEN_STATUSES
from bot.service.store import allowance
from bot.service.verbs.replace import parse_user
from bot.service.words.catalogue import lines
from bot.service.words.moments import full
from bot.service.words.replies import moderator_refusal, played_lines
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

#: what going away says, by the game's ``on away`` policy
AWAY = {
    "wait": Msg("away.away_wait", "{name} is away until {until}: their decisions wait, without "
                "reminders or deadline. `back` ends it sooner."),
    "idle": Msg("away.away_idle", "{name} is away until {until}: the bot plays their decisions "
                "the least disruptive way (the moderator's `on away idle`). `back` ends it "
                "sooner."),
    "bot": Msg("away.away_bot", "{name} is away until {until}: the computer player plays their "
               "decisions (the moderator's `on away bot`). `back` ends it sooner."),
}
USAGE = Msg("away.usage", "`away 3d` (at most 60d), `away until 2026-12-02` (UTC), `back`, or "
            "`away` (your days left); moderators: `away allowance 30`, `away grant @member 5`")
LEFT = Msg("away.left", "{name}, you have {left:g} days of time away left this year on this "
           "server (its allowance is {allowed:g} days a year, and a moderator granted you "
           "{granted:g} more).")
OVER = Msg("away.over", "That is {days:g} days of time away, and you have {left:g} left this year "
           "on this server (its allowance is {allowed:g} days; a moderator can `away grant` "
           "more).")
DRAWN = Msg("away.drawn", "({days:g} days of time away drawn; {left:g} left this year here.)")
GIVEN_BACK = Msg("away.given_back", "({days:g} unused days of time away given back; {left:g} left "
                 "this year here.)")
ALLOWANCE_SET = Msg("away.allowance_set", "Each member now has {days:g} days of time away a year "
                    "on this server.")
GRANTED = Msg("away.granted", "{user} is granted {days:g} more days of time away this year on "
              "this server: {left:g} left.")
SET_ALLOWANCE = Msg("away.doing.allowance", "set the server's allowance of time away")
GRANT = Msg("away.doing.grant", "grant time away")


@dataclass(frozen=True, slots=True)
class Away(Command):
    """``away DURATION`` or ``away until DATE``, as written (read against the clock)."""

    text: str


@dataclass(frozen=True, slots=True)
class Back(Command):
    """``back``: time away ends now."""


@dataclass(frozen=True, slots=True)
class AwayLeft(Command):
    """``away``: the days of time away left to the author this year on this server."""


@dataclass(frozen=True, slots=True)
class SetAllowance(Command):
    """``away allowance DAYS``: the server's days of time away per member per year."""

    days: float


@dataclass(frozen=True, slots=True)
class Grant(Command):
    """``away grant @member DAYS``: more days of time away this year for one member."""

    user: str
    days: float


def _days(word: str | None) -> float | None:
    try:
        return float(word) if word is not None and len(word) <= 8 else None
    except ValueError:
        return None


def read(w: Words) -> Command | None:
    if w.word(0) == "back":
        return Back() if w.count_to(2) == 1 else None
    if w.count_to(2) == 1:
        return AwayLeft()
    if w.word(1) == "allowance" and w.count_to(4) == 3 and (n := _days(w.word(2))) is not None:
        return SetAllowance(n)
    if w.word(1) == "grant" and w.count_to(5) == 4 and (n := _days(w.word(3))) is not None:
        return Grant(w.rest(2).rsplit(None, 1)[0], n)
    rest = w.rest(1) if w.count_to(4) <= 3 else ""
    return Away(rest) if deadlines.away_form(rest) else None


def away(ctx: GameContext, cmd: Away) -> Outcome:
    assert ctx.seat is not None
    until = deadlines.away_until(cmd.text, ctx.now)
    if until is None:
        return refuse(WRITTEN(usage=USAGE()))
    record, server, user = ctx.live.record, ctx.actor.server, ctx.actor.user_id
    mine = allowance.mine(ctx.store, server, user, ctx.now)
    days = allowance.cost(mine, ctx.now, until)
    if days > mine.left + 1e-9:
        return refuse(OVER(days=days, left=mine.left, allowed=mine.allowed))
    draft = ctx.draft()
    draft.add(payloads.WentAway(until), seat=ctx.seat.name)
    line = lines(AWAY[record.on_away](name=ctx.seat.name, until=full(until)),
                 DRAWN(days=days, left=mine.left - days))
    played = draft.run_automatic()
    outcome = (Outcome(line, draft=draft, mentions=[]) if not played else
               table_outcome(draft, [line, *played_lines(played)]))
    # drawn with the record of the time away, in its transaction: a change not saved draws none
    outcome.writes.append(lambda db: allowance.take(db, server, user, ctx.now, until))
    return outcome


def back(ctx: GameContext, cmd: Back) -> Outcome:
    assert ctx.seat is not None
    if not ctx.live.record.is_away(ctx.seat.name, ctx.now):
        return refuse(YOU_ARE_NOT_AWAY_AWAY())
    draft = ctx.draft()
    draft.add(payloads.CameBack(), seat=ctx.seat.name)
    server, user = ctx.actor.server, ctx.actor.user_id
    mine = allowance.mine(ctx.store, server, user, ctx.now)
    days = allowance.unused(mine, ctx.now)
    left = replace(mine, taken=mine.taken - days).left
    outcome = Outcome(lines(IS_BACK_THEIR_DECISIONS_WAIT(name=ctx.seat.name),
                            GIVEN_BACK(days=days, left=left)), draft=draft, mentions=[])
    # given back with the record of the return, in its transaction (as ``away`` draws)
    outcome.writes.append(lambda db: allowance.give_back(db, server, user, ctx.now))
    return outcome


def away_left(ctx: Context[LiveGame | None], cmd: AwayLeft) -> Outcome:
    mine = allowance.mine(ctx.store, ctx.actor.server, ctx.actor.user_id, ctx.now)
    return Outcome(LEFT(name=ctx.actor.name, left=mine.left, allowed=mine.allowed,
                        granted=mine.granted))


def set_allowance(ctx: Context[LiveGame | None], cmd: SetAllowance) -> Outcome:
    if not ctx.server_moderator:
        return refuse(moderator_refusal(SET_ALLOWANCE()))
    allowance.set_allowed(ctx.store, ctx.actor.server, cmd.days)  # ``LimitError``: refused
    return Outcome(ALLOWANCE_SET(days=cmd.days))


def grant(ctx: Context[LiveGame | None], cmd: Grant) -> Outcome:
    if not ctx.server_moderator:
        return refuse(moderator_refusal(GRANT()))
    user_id, user_name = parse_user(cmd.user)
    if ctx.live is not None and (seat := ctx.live.record.seat(user_id)) is not None \
            and seat.player is not None:  # a seat's name: its player
        user_id = seat.player
    more = allowance.grant(ctx.store, ctx.actor.server, user_id, ctx.now, cmd.days)
    return Outcome(GRANTED(user=user_name, days=cmd.days, left=more.left))


_OPEN = status(SAY_YOU_ARE_AWAY(), *OPEN_STATUSES)
ENTRY = Entry(
    "away", ("away", "back"), USAGE(), read,
    {Away: Route(away, (_OPEN, seated(GO_AWAY()))),
     Back: Route(back, (_OPEN, seated(COME_BACK()))),
     AwayLeft: OpenRoute(away_left), SetAllowance: OpenRoute(set_allowance),
     Grant: OpenRoute(grant)},
    strict=True,
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`away 3d`, `away until DATE`, `back` (a seated player, for "
                       "themselves), `away` (days left)"),
          (Who.MODERATORS, "`away allowance DAYS`, `away grant @member DAYS` (the server's)")),
    slash=NoSlash("said once in a while; reached with `/bus do`"),
)
