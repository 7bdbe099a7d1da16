"""``leaderboard``, ``leaderboard season`` and ``leaderboard season NAME``: the best players of
this server, all time, in the season now (or the last one), or in a named season; the top
ones in words and a picture of the table (a picture: from the same allowance as ``map``). The
numbers are the ratings' derived tables (``bot/service/ratings/``; docs/ratings.md). A command
declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, tables, views
from bot.service.ratings.facts import member_key
from bot.service.ratings.pictures import LeaderboardJob
from engine.text import Msg

USAGE = Msg("leaderboard.usage", "`leaderboard` or `leaderboard season [NAME]`")
HELP = Msg("leaderboard.help", "`leaderboard` (the best players here; `leaderboard season "
           "[NAME]`)")

NO_SEASON = Msg("leaderboard.no_season", "No season has been played on this server yet (a "
                "moderator starts one with `season start NAME`).")
UNKNOWN_SEASON = Msg("leaderboard.unknown_season", "There is no season called {name} on this "
                     "server; its seasons: {seasons}.")


@dataclass(frozen=True, slots=True)
class Leaderboard(Command):
    """``leaderboard`` (``season``: a season's; ``name``: which one, else the current or
    last)."""

    season: bool = False
    name: str = ""


def read(w: Words) -> Leaderboard | None:
    if w.word(1) is None:
        return Leaderboard()
    if w.word(1) == "season":
        return Leaderboard(True, w.rest(2).strip()[:asking.MOST_NAME + 1])
    return None


def leaderboard(ctx: Context[LiveGame | None], cmd: Leaderboard) -> Outcome:
    refused = asking.in_a_server(ctx)
    if refused is not None:
        return refused
    server = asking.server(ctx)
    with ctx.store.lock:
        db = ctx.store.db
        season: tables.Season | None = None
        if cmd.season:
            seasons = tables.seasons(db, server)
            if not seasons:
                return refuse(NO_SEASON())
            if cmd.name:
                season = tables.season_named(db, server, cmd.name)
                if season is None:
                    return refuse(UNKNOWN_SEASON(
                        name=cmd.name, seasons=", ".join(s.name for s in seasons[-10:])))
            else:
                season = tables.current_season(db, server) or seasons[-1]
        scope = tables.ALL_TIME if season is None else season.id
        board = views.board(db, server, scope, views.BOARD_ROWS)
    text = views.board_text(board, season)
    if not board.lines:
        return Outcome(text)
    job = LeaderboardJob.of(board, views.scope_label(season), member_key(ctx.actor.user_id))
    return Outcome(text, story=job)


ENTRY = Entry(
    "leaderboard", ("leaderboard",), USAGE(), read,
    {Leaderboard: OpenRoute(leaderboard, cost=Cost((Budget.PICTURE,), "leaderboard"))},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`leaderboard`, `leaderboard season [NAME]`"),),
    slash=NoSlash("Discord allows 25 subcommands and /bus has as many as leave room for "
                  "`/bus do`, which reaches the ratings' commands"),
    strict=True,
)
