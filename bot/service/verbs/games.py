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
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus, discord_user, same_user
from bot.service.store.store import Listed
from bot.service.words.catalogue import Said, lines
from bot.service.words.moments import relative
from bot.service.words.replies import MORE_GAMES, moderator_refusal
from engine.decisions import shortened
from engine.text import Msg, Plural, Text

LIST_WAITING = Msg("games.doing.list_waiting", "list the games that wait")
ASK_IN_SERVER = Msg("games.ask_in_server", "`games` lists the games of a server: ask in one of "
                    "its channels.")
NONE_WAITS = Msg("games.none_waits", "No game waits longer than its deadline (or 48 h).")
NONE_OPEN = Msg("games.none_open", "No open game here.")
GAME_IN = Msg("games.game_in", "• Game {id} in {where}: {state}")
AND_MORE = Msg("games.and_more", "… and {games}.")
WAITING_HEAD = Plural("games.waiting_head", "{n} game waiting longer than their deadline (or "
                      "48 h):", "{n} games waiting longer than their deadline (or 48 h):")
OPEN_HEAD = Plural("games.open_head", "{n} open game:", "{n} open games:")
OPEN_HEAD_YOURS = Plural("games.open_head_yours", "{n} open game, {yours} waiting for you:",
                         "{n} open games, {yours} waiting for you:")
BEING_SET_UP = Msg("games.being_set_up", "being set up ({players})")
NOBODY_SEATED = Msg("games.nobody_seated", "nobody seated")
PAUSED = Msg("games.paused", "paused")
UNDER_WAY = Msg("games.under_way", "under way")
WAITS_FOR = Msg("games.waits_for", "waits for {who} (turn began {since})")
WAITS_FOR_DUE = Msg("games.waits_for_due", "waits for {who} (turn began {since}, due {due})")
WAITS_FOR_OVERDUE = Msg("games.waits_for_overdue", "waits for {who} (turn began {since}, overdue "
                        "since {due})")
YOU = Msg("games.you", "you")
USAGE = Msg("games.usage", "`games` or `games waiting`")
HELP = Msg("games.help", "`games` (the games here, whose turn and since when; moderators: `games "
           "waiting`)")

#: a game without a deadline counts as stalled after this long
STALLED_SECONDS = 48 * 3600.0
#: games listed one by one; the rest are counted
SHOWN = 25

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("games.slash", "The games on this server, whose turn and since when")


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
        return refuse(moderator_refusal(LIST_WAITING()))
    if ctx.actor.server is None and discord_user(ctx.actor.user_id):
        return refuse(ASK_IN_SERVER())
    listed = ctx.store.listed(ctx.actor.server)
    if cmd.waiting:
        listed = [g for g in listed if _stalled(g, ctx.now)]
    if not listed:
        return Outcome(NONE_WAITS() if cmd.waiting else NONE_OPEN())
    mine = [g for g in listed if same_user(g.game.waiting_user, ctx.actor.user_id)]
    rest = [g for g in listed if g not in mine]
    ordered = sorted(mine, key=_since) + sorted(rest, key=_since)
    listed_games, more = shortened(ordered, SHOWN)  # never "and 1 more": those are listed
    shown: list[Said] = [_line(g, ctx.now, g in mine) for g in listed_games]
    if more:
        shown.append(AND_MORE(games=MORE_GAMES(n=more)))
    head = (WAITING_HEAD(n=len(listed)) if cmd.waiting else
            OPEN_HEAD_YOURS(n=len(listed), yours=len(mine)) if mine else
            OPEN_HEAD(n=len(listed)))
    return Outcome(lines(head, *shown))


def _since(g: Listed) -> float:
    return g.game.waiting_since or g.game.created_at


def _stalled(g: Listed, now: float) -> bool:
    game = g.game
    if game.status != GameStatus.ACTIVE or game.waiting_since is None:
        return False
    return now - game.waiting_since > (g.deadline or STALLED_SECONDS)


def _line(g: Listed, now: float, yours: bool) -> Text:
    game = g.game
    where = f"<#{game.place}>" if game.place.isdigit() else game.place
    state: Text
    if game.status == GameStatus.LOBBY:
        state = BEING_SET_UP(players=game.players or NOBODY_SEATED())
    elif game.status == GameStatus.PAUSED:
        state = PAUSED()
    elif game.waiting_seat is None:
        state = UNDER_WAY()
    else:
        since = relative(min(now, game.waiting_since or now))
        who: Said = YOU() if yours else game.waiting_seat
        if g.runs_out is None:
            state = WAITS_FOR(who=who, since=since)
        else:
            state = (WAITS_FOR_DUE if g.runs_out > now else WAITS_FOR_OVERDUE)(
                who=who, since=since, due=relative(g.runs_out))
    return GAME_IN(id=game.id, where=where, state=state)


ENTRY = Entry(
    "games", ("games",), USAGE(), read,
    {Games: OpenRoute(games)}, strict=True,
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`games` (this server's games; every game at the console)"),
          (Who.MODERATORS, "`games waiting`")),
    slash=Slash("games", SLASH(), private=True),
)
