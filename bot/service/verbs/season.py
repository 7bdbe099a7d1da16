"""``season start NAME``, ``season end`` and ``season`` (the server's moderators start and end;
anyone asks): the ratings' seasons. A season's table counts only the games finished while it
runs, every player starting it at the starting rating; the all-time table goes on. At most one
season runs at a time per server; its name is unique there (``bot/service/ratings/tables.py``).
A command family declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, tables, views
from engine.limits import LimitError, check_season_name
from engine.text import Msg

HELP = Msg("season.help", "`season start NAME`, `season end` (the ratings' seasons; `season` "
           "says which runs)")

USAGE = Msg("season.usage", "`season`, `season start NAME` or `season end`")
STARTED = Msg("season.started", "The season {name} begins: its leaderboard (`leaderboard "
              "season`) counts the games finished from now on, every player starting it afresh; "
              "the all-time table goes on.")
ENDED = Msg("season.ended", "The season {name} is over after {games} rated games; its table "
            "stays (`leaderboard season {name}`).")
RUNNING = Msg("season.running", "The season {name} runs since {since} ({games} rated games so "
              "far).")
NONE_RUNNING = Msg("season.none_running", "No season runs on this server now{last}.")
LAST = Msg("season.last", "; the last one was {name}")
ALREADY = Msg("season.already", "The season {name} runs already: `season end` first.")
NOTHING_TO_END = Msg("season.nothing_to_end", "No season runs on this server now.")
TAKEN = Msg("season.taken", "This server already had a season called {name}: choose another name.")
BAD_NAME = Msg("season.bad_name", "That cannot be a season's name: {why}.")


@dataclass(frozen=True, slots=True)
class SeasonStart(Command):
    name: str


@dataclass(frozen=True, slots=True)
class SeasonEnd(Command):
    pass


@dataclass(frozen=True, slots=True)
class SeasonNow(Command):
    pass


def read(w: Words) -> Command | None:
    word = w.word(1)
    if word is None:
        return SeasonNow()
    if word == "start" and w.word(2) is not None:
        return SeasonStart(w.rest(2))
    if word == "end" and w.word(2) is None:
        return SeasonEnd()
    return None


def now(ctx: Context[LiveGame | None], cmd: SeasonNow) -> Outcome:
    refused = asking.in_a_server(ctx)
    if refused is not None:
        return refused
    server = asking.server(ctx)
    with ctx.store.lock:
        running = tables.current_season(ctx.store.db, server)
        if running is not None:
            return Outcome(RUNNING(name=running.name, since=views.when(running.started_at),
                                          games=views.season_games(ctx.store.db, running)))
        seasons = tables.seasons(ctx.store.db, server)
    last = LAST(name=seasons[-1].name) if seasons else ""
    return Outcome(NONE_RUNNING(last=last))


def start(ctx: Context[LiveGame | None], cmd: SeasonStart) -> Outcome:
    refused = asking.may_set(ctx, "start a season")
    if refused is not None:
        return refused
    try:
        name = check_season_name(cmd.name)
    except LimitError as err:
        return refuse(BAD_NAME(why=err.text))
    server = asking.server(ctx)
    with ctx.store.transaction() as db:
        running = tables.current_season(db, server)
        if running is not None:
            return refuse(ALREADY(name=running.name))
        if tables.season_named(db, server, name) is not None:
            return refuse(TAKEN(name=name))
        tables.start_season(db, server, name, ctx.now, ctx.actor.user_id)
    return Outcome(STARTED(name=name))


def end(ctx: Context[LiveGame | None], cmd: SeasonEnd) -> Outcome:
    refused = asking.may_set(ctx, "end a season")
    if refused is not None:
        return refused
    server = asking.server(ctx)
    with ctx.store.transaction() as db:
        running = tables.current_season(db, server)
        if running is None:
            return refuse(NOTHING_TO_END())
        tables.end_season(db, running, ctx.now)
        games = views.season_games(db, running)
    return Outcome(ENDED(name=running.name, games=games))


ENTRY = Entry(
    "season", ("season",), USAGE(), read,
    {SeasonNow: OpenRoute(now), SeasonStart: OpenRoute(start), SeasonEnd: OpenRoute(end)},
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.ANYONE, "`season`"), (Who.MODERATORS, "`season start NAME`, `season end`")),
    slash=NoSlash("seasons are started and ended a few times a year; reached with `/bus do`"),
    strict=True,
)
