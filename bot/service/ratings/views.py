"""What players read about the ratings: the tables read back (a member's line, the board, a
member's history, their statistics, two members' record against each other) and the sentences
that say them. Each sentence is one module-level template with named placeholders.

Reads are indexed lookups on the derived tables (``tables.py``); nothing here replays a game.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import sqlite_utils

from bot.service.game.deadlines import hours
from bot.service.ratings import tables
from bot.service.ratings.counting import Reason
from bot.service.ratings.model import LEVEL_SKILLS, PROVISIONAL_GAMES, Rated, Skill, chances
from bot.service.words.catalogue import Figure, Moment, Said, lines
from bot.service.words.replies import (
    CLOCK_STONES,
    GAMES,
    PLAYERS,
    RATED_GAMES,
    TIMES,
    WINS,
)
from engine.decisions import STREETS, shortened
from engine.moves import ACTION_TITLES
from engine.text import Listing, Msg, Text

#: Members listed in the leaderboard's text, and drawn in its picture.
BOARD_LINES = 10
BOARD_ROWS = 20
#: Rated games a rating chart draws at most (the latest).
CHART_POINTS = 500

# ---- the sentences ------------------------------------------------------------------------------

RATING = Msg("ratings.views.rating", "{name}: rating {shown} (mu {mu}, sigma {sigma}) after "
             "{games}; {place} of {players} on {scope}.")
RATING_PROVISIONAL = Msg("ratings.views.rating_provisional", "{name}: rating {shown} (mu {mu}, "
                         "sigma {sigma}) after {games}, provisional until {needed} rated games; "
                         "{place} of {players} on {scope}.")
NO_RATING = Msg("ratings.views.no_rating", "{name} has no rated game on {scope} yet.")
SCOPE_ALL_TIME = Msg("ratings.views.scope_all_time", "this server's all-time table")
SCOPE_SEASON = Msg("ratings.views.scope_season", "the table of the season {season}")
BOARD_HEAD = Msg("ratings.views.board_head", "Leaderboard, {scope}: {players} rated, {games} "
                 "rated games (rating = mu - 3 sigma).")
BOARD_LINE = Msg("ratings.views.board_line", "{place}. {name}: {shown} ({games}, {wins})")
BOARD_LINE_PROVISIONAL = Msg("ratings.views.board_line_provisional", "{place}. {name}: {shown} "
                             "({games}, {wins}; provisional)")
BOARD_EMPTY = Msg("ratings.views.board_empty", "No rated game has finished on {scope} yet.")
BOARD_MORE = Msg("ratings.views.board_more", "… and {more} more.")
SCOPE_LABEL_ALL_TIME = Msg("ratings.views.scope_label_all_time", "all time")
SCOPE_LABEL_SEASON = Msg("ratings.views.scope_label_season", "season {season}")
SCOPE_LABEL_SEASON_ENDED = Msg("ratings.views.scope_label_season_ended", "season {season} (ended)")
STATS = Msg("ratings.views.stats", "{name}, over {games} here: {wins}, average score {score} "
            "(margin {margin} over the best other player), {stones} taken, longest line "
            "{streets}. Favourite actions: {actions}. Average time per decision: {thinking}.")
STATS_NONE = Msg("ratings.views.stats_none", "{name} has no rated game here yet.")
VS = Msg("ratings.views.vs", "{you} and {them} played {games} together here: {you} finished "
         "ahead {ahead}, {them} ahead {behind}. Wins in those games: {you} {your_wins}, {them} "
         "{their_wins}.")
VS_LEVEL = Msg("ratings.views.vs_level", "{you} and {them} played {games} together here: {you} "
               "finished ahead {ahead}, {them} ahead {behind}, level {level}. Wins in those "
               "games: {you} {your_wins}, {them} {their_wins}.")
VS_NONE = Msg("ratings.views.vs_none", "{you} and {them} have not finished a rated game together "
              "here yet.")
VS_SELF = Msg("ratings.views.vs_self", "That is you: `vs @member` compares you with someone else.")
CHANCES = Msg("ratings.views.chances", "Chances of winning, from the ratings: {chances}.")
CHANCE = Msg("ratings.views.chance", "{name} {percent}%")
CHANGES = Msg("ratings.views.changes", "Ratings: {changes}.")
CHANGES_ASSISTED = Msg("ratings.views.changes_assisted", "Ratings (an assisted game: timeouts or "
                       "replacements played more than {share}% of a seat's decisions): "
                       "{changes}.")
CHANGE = Msg("ratings.views.change", "{name} {before} → {after} ({delta})")
NOT_COUNTED = Msg("ratings.views.not_counted", "This game does not count for the ratings: "
                  "{reason}.")
ACTIONS_NONE = Msg("ratings.views.actions_none", "none")
THINKING_NONE = Msg("ratings.views.thinking_none", "not measured")
CHART_TEXT = Msg("ratings.views.chart_text", "{name}'s rating after each of their rated games "
                 "here ({games}), in the picture.")
NO_CHART = Msg("ratings.views.no_chart", "{name} has no rated game here yet: there is no rating "
               "to draw.")


def number(value: float) -> str:
    """A rating as players read it: one decimal (in the reader's marks: ``Figure``)."""
    return Figure(value, ".1f")


def signed(value: float) -> str:
    return Figure(value, "+.1f")


SECONDS = Msg("ratings.views.seconds", "{n:.0f} s")
PER_MINUTES = Msg("ratings.views.minutes", "{n:.0f} min")


def duration(seconds: float) -> Text:
    """A time per decision: seconds under a minute, then minutes, then as deadlines say it."""
    if seconds < 60:
        return SECONDS(n=seconds)
    if seconds < 3600:
        return PER_MINUTES(n=seconds / 60)
    return hours(seconds)


def when(at: float) -> str:
    """A game's date (UTC), for the chart: ``2026-12-02`` in English, as the reader's locale
    writes a date in another language (``Moment``)."""
    return Moment(at, with_time=False)


# ---- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """A member's line in one scope."""

    member: str
    name: str
    skill: Skill
    games: int
    wins: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def line(db: sqlite_utils.Database, server: str, scope: int, member: str) -> Line | None:
    row = db.execute("SELECT name, mu, sigma, games, wins FROM ratings WHERE server = ? AND "
                     "scope = ? AND member = ?", [server, scope, member]).fetchone()
    if row is None:
        return None
    return Line(member, str(row[0]), Skill(float(row[1]), float(row[2])), int(row[3]),
                int(row[4]))


def place_of(db: sqlite_utils.Database, server: str, scope: int, found: Line) -> tuple[int, int]:
    """The member's place on the board (1 = best) and how many are on it."""
    above, players = db.execute(
        "SELECT SUM(shown > ? OR shown = ? AND (games > ? OR games = ? AND member < ?)), "
        "COUNT(*) FROM ratings WHERE server = ? AND scope = ?",
        [found.skill.shown, found.skill.shown, found.games, found.games, found.member, server,
         scope]).fetchone()
    return int(above or 0) + 1, int(players)


@dataclass(frozen=True, slots=True)
class Board:
    """The top of a scope's board, and its size."""

    lines: list[Line]
    players: int
    games: int


def board(db: sqlite_utils.Database, server: str, scope: int, limit: int) -> Board:
    """The best ``limit`` members of a scope (by shown rating, then games), the number of
    members and of rated games: two indexed reads, whatever the number of games stored."""
    rows = db.execute(
        "SELECT member, name, mu, sigma, games, wins FROM ratings WHERE server = ? AND "
        "scope = ? ORDER BY shown DESC, games DESC, member LIMIT ?",
        [server, scope, limit]).fetchall()
    players = db.execute("SELECT COUNT(*) FROM ratings WHERE server = ? AND scope = ?",
                         [server, scope]).fetchone()[0]
    if scope == tables.ALL_TIME:
        games = db.execute("SELECT COUNT(*) FROM rated_games WHERE server = ? AND counted = 1",
                           [server]).fetchone()[0]
    else:
        games = db.execute("SELECT COUNT(*) FROM rated_games WHERE server = ? AND counted = 1 "
                           "AND season = ?", [server, scope]).fetchone()[0]
    return Board([Line(str(r[0]), str(r[1]), Skill(float(r[2]), float(r[3])), int(r[4]),
                       int(r[5])) for r in rows], int(players), int(games))


def season_games(db: sqlite_utils.Database, season: tables.Season) -> int:
    """The rated games of a season so far."""
    return int(db.execute("SELECT COUNT(*) FROM rated_games WHERE server = ? AND counted = 1 "
                          "AND season = ?", [season.server, season.id]).fetchone()[0])


@dataclass(frozen=True, slots=True)
class Point:
    """The rating after one rated game."""

    at: float
    skill: Skill
    place: int


def history(db: sqlite_utils.Database, server: str, member: str, limit: int
            ) -> tuple[Skill, list[Point], int]:
    """A member's all-time rating after each of their latest ``limit`` rated games, the
    rating before the first of those, and how many rated games they have in all."""
    total = db.execute("SELECT COUNT(*) FROM rating_changes WHERE server = ? AND scope = ? AND "
                       "member = ?", [server, tables.ALL_TIME, member]).fetchone()[0]
    rows = db.execute(
        "SELECT counted_at, mu, sigma, place, mu_before, sigma_before FROM rating_changes "
        "WHERE server = ? AND scope = ? AND member = ? ORDER BY counted_at DESC, game_id DESC "
        "LIMIT ?", [server, tables.ALL_TIME, member, limit]).fetchall()[::-1]
    points = [Point(float(r[0]), Skill(float(r[1]), float(r[2])), int(r[3])) for r in rows]
    start = Skill(float(rows[0][4]), float(rows[0][5])) if rows else Skill(0.0, 0.0)
    return start, points, int(total)


@dataclass(frozen=True, slots=True)
class Stats:
    games: int
    wins: int
    score: float
    margin: float
    stones: int
    streets: int
    actions: list[tuple[str, int]]
    thinking: float | None


def stats(db: sqlite_utils.Database, server: str, member: str) -> Stats | None:
    """A member's record over their rated games on the server."""
    rows = db.execute(
        "SELECT s.place, s.score, s.margin, s.stones, s.streets, s.actions, s.thinking, "
        "s.timed FROM rated_seats s JOIN rated_games g ON g.game_id = s.game_id WHERE "
        "s.member = ? AND g.server = ? AND g.counted = 1", [member, server]).fetchall()
    if not rows:
        return None
    actions: Counter[str] = Counter()
    for r in rows:
        actions.update({str(k): int(v) for k, v in json.loads(r[5] or "{}").items()})
    timed = sum(int(r[7] or 0) for r in rows)
    return Stats(
        games=len(rows), wins=sum(int(r[0]) == 1 for r in rows),
        score=sum(int(r[1]) for r in rows) / len(rows),
        margin=sum(int(r[2]) for r in rows) / len(rows),
        stones=sum(int(r[3]) for r in rows), streets=max(int(r[4]) for r in rows),
        actions=actions.most_common(3),
        thinking=sum(float(r[6] or 0.0) for r in rows) / timed if timed else None)


@dataclass(frozen=True, slots=True)
class Meeting:
    games: int
    ahead: int
    behind: int
    wins: int
    their_wins: int


def meeting(db: sqlite_utils.Database, server: str, a: str, b: str) -> Meeting:
    """``a`` against ``b`` over the rated games both finished on the server."""
    rows = db.execute(
        "SELECT x.place, y.place FROM rated_seats x JOIN rated_seats y ON y.game_id = x.game_id "
        "JOIN rated_games g ON g.game_id = x.game_id WHERE x.member = ? AND y.member = ? AND "
        "g.server = ? AND g.counted = 1", [a, b, server]).fetchall()
    return Meeting(len(rows), sum(int(r[0]) < int(r[1]) for r in rows),
                   sum(int(r[0]) > int(r[1]) for r in rows), sum(int(r[0]) == 1 for r in rows),
                   sum(int(r[1]) == 1 for r in rows))


def find_member(db: sqlite_utils.Database, server: str, name: str) -> str | None:
    """The member whose latest seat name on the server is ``name`` (any case), if one is."""
    row = db.execute("SELECT member FROM ratings WHERE server = ? AND scope = ? AND "
                     "name = ? COLLATE NOCASE ORDER BY last_at DESC LIMIT 1",
                     [server, tables.ALL_TIME, name.strip()]).fetchone()
    return None if row is None else str(row[0])


# ---- saying it ----------------------------------------------------------------------------------


def scope_words(season: tables.Season | None) -> Text:
    return SCOPE_ALL_TIME() if season is None else SCOPE_SEASON(season=season.name)


def scope_label(season: tables.Season | None) -> Text:
    if season is None:
        return SCOPE_LABEL_ALL_TIME()
    template = SCOPE_LABEL_SEASON if season.ended_at is None else SCOPE_LABEL_SEASON_ENDED
    return template(season=season.name)


def rating_text(found: Line | None, name: str, place: tuple[int, int],
                season: tables.Season | None) -> Text:
    scope = scope_words(season)
    if found is None:
        return NO_RATING(name=name, scope=scope)
    facts: dict[str, str | int | float | Text | Listing] = dict(
        name=name, shown=number(found.skill.shown), mu=number(found.skill.mu),
        sigma=number(found.skill.sigma), games=RATED_GAMES(n=found.games),
        place=place[0], players=place[1], scope=scope)
    if found.provisional:
        return RATING_PROVISIONAL(needed=PROVISIONAL_GAMES, **facts)
    return RATING(**facts)


def board_text(found: Board, season: tables.Season | None) -> Said:
    scope = scope_words(season)
    if not found.lines:
        return BOARD_EMPTY(scope=scope)
    out: list[Said] = [BOARD_HEAD(scope=scope_label(season), players=PLAYERS(n=found.players),
                                  games=found.games)]
    listed, _ = shortened(found.lines, BOARD_LINES)  # never "and 1 more": those are listed
    for i, ln in enumerate(listed, start=1):
        template = BOARD_LINE_PROVISIONAL if ln.provisional else BOARD_LINE
        out.append(template(place=i, name=ln.name, shown=number(ln.skill.shown),
                            games=GAMES(n=ln.games), wins=WINS(n=ln.wins)))
    if found.players > len(listed):
        out.append(BOARD_MORE(more=found.players - len(listed)))
    return lines(*out)


def stats_text(name: str, found: Stats | None) -> Text:
    if found is None:
        return STATS_NONE(name=name)
    actions: Said = ", ".join(f"{ACTION_TITLES.get(a, a)} ({n})" for a, n in found.actions) \
        or ACTIONS_NONE()
    return STATS(
        name=name, games=RATED_GAMES(n=found.games), wins=WINS(n=found.wins),
        score=f"{found.score:.1f}", margin=signed(found.margin),
        stones=CLOCK_STONES(n=found.stones), streets=STREETS(n=found.streets), actions=actions,
        thinking=THINKING_NONE() if found.thinking is None else duration(found.thinking))


def vs_text(you: str, them: str, found: Meeting) -> Text:
    if not found.games:
        return VS_NONE(you=you, them=them)
    level = found.games - found.ahead - found.behind
    facts: dict[str, str | int | float | Text | Listing] = dict(
        you=you, them=them, games=RATED_GAMES(n=found.games), ahead=TIMES(n=found.ahead),
        behind=TIMES(n=found.behind), your_wins=found.wins, their_wins=found.their_wins)
    return VS_LEVEL(level=TIMES(n=level), **facts) if level else VS(**facts)


def chances_text(seats: Sequence[tuple[str, Skill]]) -> Text:
    """The predicted chance of each seat winning, in seat order."""
    odds = chances([skill for _, skill in seats])
    return CHANCES(chances=Listing(tuple(
        CHANCE(name=name, percent=round(100 * p)) for (name, _), p in
        zip(seats, odds, strict=True)), ", "))


def changes_text(changes: Sequence[tuple[str, Rated]], reason: Reason, assisted: bool,
                 share: float) -> Text:
    """The rating change of each member of a finished game (or why it does not count)."""
    if reason is not Reason.COUNTS:
        return NOT_COUNTED(reason=reason.value)
    listed = Listing(tuple(CHANGE(name=name, before=number(r.before.shown),
                                  after=number(r.after.shown), delta=signed(r.change))
                           for name, r in changes), ", ")
    if assisted:
        return CHANGES_ASSISTED(changes=listed, share=round(100 * share))
    return CHANGES(changes=listed)


def level_mus() -> dict[str, float]:
    return {level: skill.mu for level, skill in LEVEL_SKILLS.items()}
