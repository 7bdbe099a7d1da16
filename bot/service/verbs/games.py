"""``games`` and ``games waiting``: every game at a glance. ``games`` lists the open games of
this server (on Discord; every game at the console) with whose turn it is and since when, the
writer's own turns first; ``games waiting`` (moderators) the games that have waited longer
than their deadline, or 48 hours without one. Read from the games' summary rows, without a
replay. A command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.words import Words
from bot.service.game import deadlines
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus, discord_user, same_user
from bot.service.store.store import Listed
from bot.service.words.replies import count_of, moderator_refusal

#: a game without a deadline counts as stalled after this long
STALLED_SECONDS = 48 * 3600.0
#: games listed one by one; the rest are counted
SHOWN = 25


@dataclass(frozen=True, slots=True)
class Games(Command):
    """``games`` (``waiting``: only the stalled ones, for moderators)."""

    waiting: bool = False


def read(w: Words) -> Games | None:
    count = w.count_to(3)
    if count == 1:
        return Games()
    return Games(waiting=True) if count == 2 and w.word(1) == "waiting" else None


def games(ctx: Context[LiveGame | None], cmd: Games) -> Outcome:
    if cmd.waiting and not ctx.moderator:
        return refuse(moderator_refusal("list the games that wait"))
    if ctx.actor.server is None and discord_user(ctx.actor.user_id):
        return refuse("`games` lists the games of a server: ask in one of its channels.")
    listed = ctx.store.listed(ctx.actor.server)
    if cmd.waiting:
        listed = [g for g in listed if _stalled(g, ctx.now)]
    if not listed:
        return Outcome("No game waits longer than its deadline (or 48 h)." if cmd.waiting
                       else "No open game here.")
    mine = [g for g in listed if same_user(g.game.waiting_user, ctx.actor.user_id)]
    rest = [g for g in listed if g not in mine]
    ordered = sorted(mine, key=_since) + sorted(rest, key=_since)
    lines = [_line(g, ctx.now, g in mine) for g in ordered[:SHOWN]]
    if len(ordered) > SHOWN:
        lines.append(f"… and {count_of(len(ordered) - SHOWN, 'more game')}.")
    head = (f"{count_of(len(listed), 'game')} waiting longer than their deadline (or 48 h):"
            if cmd.waiting else
            f"{count_of(len(listed), 'open game')}"
            f"{f', {len(mine)} waiting for you' if mine else ''}:")
    return Outcome("\n".join([head, *lines]))


def _since(g: Listed) -> float:
    return g.game.waiting_since or g.game.created_at


def _stalled(g: Listed, now: float) -> bool:
    game = g.game
    if game.status != GameStatus.ACTIVE or game.waiting_since is None:
        return False
    return now - game.waiting_since > (g.deadline or STALLED_SECONDS)


def _line(g: Listed, now: float, yours: bool) -> str:
    game = g.game
    where = f"<#{game.place}>" if game.place.isdigit() else game.place
    if game.status == GameStatus.LOBBY:
        state = f"being set up ({game.players or 'nobody seated'})"
    elif game.status == GameStatus.PAUSED:
        state = "paused"
    elif game.waiting_seat is None:
        state = "under way"
    else:
        waited = deadlines.hours(max(0.0, now - (game.waiting_since or now)))
        limit = f" of {deadlines.hours(g.deadline)}" if g.deadline else ""
        who = "you" if yours else game.waiting_seat
        state = f"waits for {who} since {waited}{limit}"
    return f"• Game {game.id} in {where}: {state}"


ENTRY = Entry(
    "games", ("games",), "`games` or `games waiting`", read,
    {Games: OpenRoute(games)}, strict=True,
    help=((Section.LOOK, "`games` (the games here, whose turn and since when; moderators: "
                         "`games waiting`)"),),
    docs=((Who.ANYONE, "`games` (this server's games; every game at the console)"),
          (Who.MODERATORS, "`games waiting`")),
    slash=Slash("games", "The games on this server, whose turn and since when", private=True),
)
