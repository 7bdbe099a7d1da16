"""``rating [@member]`` and ``rating chart [@member]``: a member's rating on this server (yours
without a name), and a picture of it over time. The numbers are the ratings' derived tables
(``bot/service/ratings/``; docs/ratings.md). A command family declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, tables, views
from bot.service.ratings.pictures import RatingChartJob
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import RATED_GAMES
from engine.text import Msg

USAGE = Msg("rating.usage", "`rating [NAME]` or "
                                  "`rating chart [NAME]` (NAME: one word, or `@` and a name, or "
                                  "a mention)")
HELP = Msg("rating.help", "`rating [@member]` (a player's rating here), `rating chart [@member]` "
           "(over time)")



@dataclass(frozen=True, slots=True)
class ShowRating(Command):
    """``rating [@member]`` (``who`` empty: the asker)."""

    who: str = ""


@dataclass(frozen=True, slots=True)
class RatingChart(Command):
    """``rating chart [@member]``."""

    who: str = ""


def read(w: Words) -> Command | None:
    if w.word(1) == "chart":
        who = asking.member_argument(w, 2)
        return None if who is None else RatingChart(who)
    who = asking.member_argument(w, 1)
    return None if who is None else ShowRating(who)


def show(ctx: Context[LiveGame | None], cmd: ShowRating) -> Outcome:
    named = asking.member_named(ctx, cmd.who)
    if isinstance(named, Outcome):
        return named
    member, name = named
    server = asking.server(ctx)
    with ctx.store.lock:
        db = ctx.store.db
        found, place = asking.line_and_place(db, server, tables.ALL_TIME, member)
        said: list[Said] = [views.rating_text(found, name, place, None)]
        season = tables.current_season(db, server)
        if season is not None and found is not None:
            in_season, place = asking.line_and_place(db, server, season.id, member)
            said.append(views.rating_text(in_season, name, place, season))
    return Outcome(lines(*said))


def chart(ctx: Context[LiveGame | None], cmd: RatingChart) -> Outcome:
    found = asking.member_named(ctx, cmd.who)
    if isinstance(found, Outcome):
        return found
    member, name = found
    with ctx.store.lock:
        start, points, total = views.history(ctx.store.db, asking.server(ctx), member,
                                             views.CHART_POINTS)
    if not points:
        return refuse(views.NO_CHART(name=name))
    job = RatingChartJob.of(name, start, points, total)
    return Outcome(views.CHART_TEXT(name=name, games=RATED_GAMES(n=total)),
                   story=job)


ENTRY = Entry(
    "rating", ("rating",), USAGE(), read,
    {ShowRating: OpenRoute(show),
     RatingChart: OpenRoute(chart, cost=Cost((Budget.PICTURE,), "rating chart"))},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`rating [@member]`, `rating chart [@member]`"),),
    strict=True,
    slash=NoSlash("Discord allows 25 subcommands and /bus has as many as leave room for "
                  "`/bus do`, which reaches the ratings' commands"),
)
