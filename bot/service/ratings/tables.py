"""The ratings as stored: derived tables that the games' records imply, and the two things
moderators set (seasons, and whether assisted games count).

- ``rated_games``: each finished game (counted or not, and why), its server, the moment it
  counts from (``counted_at``: when it finished, or when a moderator marked an imported game
  ``rated``, whichever is later), its season;
- ``rated_seats``: each of its seats: the member it is rated as (None: a computer or a
  stranger), the level, the place, and the numbers ``stats`` adds up;
- ``rating_changes``: per scope (0 all time, else a season's id), each member's skill before
  and after each counted game;
- ``ratings``: per scope, each member's current skill, games and wins (the leaderboard);
- ``seasons`` and ``rating_settings``: set by moderators, kept by a rebuild.

The tables are declared in ``bot/service/store/schema.py`` (side tables, created where
missing). Everything here runs inside the caller's transaction, on the one connection. Rating a game
that finishes after every game already rated appends to the tables (a few indexed reads and
writes); anything else (an undo after the end, a correction, a game marked ``rated`` late, a
forgotten member, a changed setting) rates the server's games again from the earliest one
that changed, so the tables always equal what ``rebuild`` computes from scratch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from bot.service.ratings import counting
from bot.service.ratings.counting import GameFacts, SeatFacts, Status, Verdict
from bot.service.ratings.model import PROVISIONAL_GAMES, Entrant, Rated, Skill, rate

#: The all-time scope; a season's scope is its id.
ALL_TIME = 0

_SEAT_COLUMNS = ("game_id", "seat", "name", "member", "level", "place", "score", "margin",
                 "stones", "streets", "deliveries", "actions", "thinking", "timed",
                 "decisions", "assisted")


# ---- settings and seasons -------------------------------------------------------------------


def count_assisted(db: sqlite_utils.Database, server: str) -> bool:
    row = db.execute("SELECT count_assisted FROM rating_settings WHERE server = ?",
                     [server]).fetchone()
    return counting.COUNT_ASSISTED if row is None else bool(row[0])


def set_count_assisted(db: sqlite_utils.Database, server: str, value: bool) -> bool:
    """Set the server's rule for assisted games; True when it changed (the server's games are
    then rated again, since which of them count changed)."""
    if count_assisted(db, server) == value:
        return False
    db.execute("INSERT INTO rating_settings (server, count_assisted) VALUES (?, ?) "
               "ON CONFLICT (server) DO UPDATE SET count_assisted = excluded.count_assisted",
               [server, int(value)])
    _recount(db, server)
    rerate(db, server, None)
    return True


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    server: str
    name: str
    started_at: float
    ended_at: float | None


def _season(row: Sequence[Any]) -> Season:
    return Season(int(row[0]), str(row[1]), str(row[2]), float(row[3]),
                  None if row[4] is None else float(row[4]))


def seasons(db: sqlite_utils.Database, server: str) -> list[Season]:
    """The server's seasons, oldest first."""
    rows = db.execute("SELECT id, server, name, started_at, ended_at FROM seasons "
                      "WHERE server = ? ORDER BY started_at, id", [server]).fetchall()
    return [_season(r) for r in rows]


def current_season(db: sqlite_utils.Database, server: str) -> Season | None:
    row = db.execute("SELECT id, server, name, started_at, ended_at FROM seasons "
                     "WHERE server = ? AND ended_at IS NULL", [server]).fetchone()
    return None if row is None else _season(row)


def season_named(db: sqlite_utils.Database, server: str, name: str) -> Season | None:
    row = db.execute("SELECT id, server, name, started_at, ended_at FROM seasons "
                     "WHERE server = ? AND name = ? COLLATE NOCASE", [server, name]).fetchone()
    return None if row is None else _season(row)


def start_season(db: sqlite_utils.Database, server: str, name: str, at: float,
                 by: str) -> Season:
    """A new season from ``at`` (the caller checked that none runs and the name is free)."""
    cursor = db.execute("INSERT INTO seasons (server, name, started_at, started_by) "
                        "VALUES (?, ?, ?, ?)", [server, name, at, by])
    return Season(int(cursor.lastrowid or 0), server, name, at, None)


def end_season(db: sqlite_utils.Database, season: Season, at: float) -> None:
    db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", [at, season.id])


def _season_at(db: sqlite_utils.Database, server: str, at: float) -> int | None:
    """The season a game counting from ``at`` belongs to: one that started before ``at`` and
    had not ended before it. The bounds are chosen so that the seasons as they stand later
    give every game the season it was given when it was rated, whatever came first in a
    moment shared by a game and a season's start or end (the clock gives both one time)."""
    row = db.execute("SELECT id FROM seasons WHERE server = ? AND started_at < ? AND "
                     "(ended_at IS NULL OR ended_at >= ?) ORDER BY started_at DESC LIMIT 1",
                     [server, at, at]).fetchone()
    return None if row is None else int(row[0])


# ---- a game's rows ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stored:
    """A game as ``rated_games`` holds it."""

    counted: bool
    counted_at: float
    season: int | None
    reason: str = ""
    assisted: bool = False


def _stored(db: sqlite_utils.Database, game_id: int) -> Stored | None:
    row = db.execute("SELECT counted, counted_at, season, reason, assisted FROM rated_games "
                     "WHERE game_id = ?", [game_id]).fetchone()
    return None if row is None else Stored(bool(row[0]), float(row[1]),
                                           None if row[2] is None else int(row[2]),
                                           str(row[3]), bool(row[4]))


def _seat_row(game_id: int, i: int, s: SeatFacts) -> tuple[object, ...]:
    return (game_id, i, s.name, counting.rated_member(s), s.level, s.place, s.score, s.margin,
            s.stones, s.streets, s.deliveries, json.dumps(dict(s.actions), sort_keys=True),
            s.thinking, s.timed, s.decisions, s.assisted)


def _entrants(db: sqlite_utils.Database, game_id: int) -> list[tuple[Entrant, str]]:
    """A stored game's seats as the rating sees them, with each seat's name."""
    rows = db.execute("SELECT member, level, place, name FROM rated_seats WHERE game_id = ? "
                      "ORDER BY seat", [game_id]).fetchall()
    return [(Entrant(int(r[2]), member=r[0], level=r[1]), str(r[3])) for r in rows]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a change to a game did to the ratings: its verdict (None: the game is not
    finished), and the all-time changes of its members (empty when it does not count)."""

    verdict: Verdict | None
    changes: tuple[tuple[str, Rated], ...] = ()


def update(db: sqlite_utils.Database, facts: GameFacts, marked_at: float | None = None
           ) -> Outcome:
    """Bring the tables up to date with one game after a change to it: a game that finished
    (or was marked ``rated``) after every rated game is rated on the spot; a change to a game
    already rated (or one that counts from earlier) rates the server's games again from
    there. Returns the game's verdict and its members' all-time changes."""
    old = _stored(db, facts.game_id)
    if facts.status is not Status.FINISHED:
        if old is not None:
            _forget_game(db, facts.game_id)
            if old.counted:
                rerate(db, facts.server, (old.counted_at, facts.game_id))
        return Outcome(None)
    verdict = counting.verdict(facts, count_assisted=count_assisted(db, facts.server))
    counted_at = max(facts.finished_at, marked_at or 0.0)
    season = _season_at(db, facts.server, counted_at)
    new_seats = [_seat_row(facts.game_id, i, s) for i, s in enumerate(facts.seats)]
    if old is not None and old == Stored(verdict.counts, counted_at, season,
                                         verdict.reason.value, verdict.assisted) and [
            tuple(r) for r in db.execute(
                f"SELECT {', '.join(_SEAT_COLUMNS)} FROM rated_seats WHERE game_id = ? "
                f"ORDER BY seat", [facts.game_id]).fetchall()] == new_seats:
        return Outcome(verdict, _changes_of(db, facts.server, facts.game_id))
    _forget_game(db, facts.game_id)
    _insert(db, facts, verdict, counted_at, season)
    key = (counted_at, facts.game_id)
    if old is not None and old.counted:
        rerate(db, facts.server, min(key, (old.counted_at, facts.game_id)))
    elif verdict.counts:
        latest = db.execute(
            "SELECT counted_at, game_id FROM rated_games WHERE server = ? AND counted = 1 "
            "AND game_id != ? ORDER BY counted_at DESC, game_id DESC LIMIT 1",
            [facts.server, facts.game_id]).fetchone()
        if latest is None or key > (float(latest[0]), int(latest[1])):
            _rate_one(db, facts.server, facts.game_id, counted_at, season, _Skills(db),
                      lines=True)
        else:
            rerate(db, facts.server, key)
    return Outcome(verdict, _changes_of(db, facts.server, facts.game_id))


def _insert(db: sqlite_utils.Database, facts: GameFacts, verdict: Verdict, counted_at: float,
            season: int | None) -> None:
    db.execute("INSERT INTO rated_games (game_id, server, counted, reason, assisted, "
               "counted_at, season) VALUES (?, ?, ?, ?, ?, ?, ?)",
               [facts.game_id, facts.server, int(verdict.counts), verdict.reason.value,
                int(verdict.assisted), counted_at, season])
    db.conn.executemany(f"INSERT INTO rated_seats ({', '.join(_SEAT_COLUMNS)}) VALUES "
                        f"({', '.join('?' * len(_SEAT_COLUMNS))})",
                        [_seat_row(facts.game_id, i, s) for i, s in enumerate(facts.seats)])


def rebuild(db: sqlite_utils.Database, games: Iterable[tuple[GameFacts, float | None]]
            ) -> int:
    """Every derived row again from the games' facts (with the time each was marked
    ``rated``), in any order: each finished game's rows, then every server's counted games
    rated from the first, in the order they count from. Seasons and settings stay. Returns
    the games rated."""
    clear_derived(db)
    for facts, marked_at in games:
        insert_facts(db, facts, marked_at)
    return sum(rerate(db, server, None) for server in servers(db))


def insert_facts(db: sqlite_utils.Database, facts: GameFacts, marked_at: float | None) -> None:
    """A finished game's rows, without rating it (the caller rates the server again)."""
    if facts.status is not Status.FINISHED:
        return
    verdict = counting.verdict(facts, count_assisted=count_assisted(db, facts.server))
    counted_at = max(facts.finished_at, marked_at or 0.0)
    _insert(db, facts, verdict, counted_at, _season_at(db, facts.server, counted_at))


def _forget_game(db: sqlite_utils.Database, game_id: int) -> None:
    db.execute("DELETE FROM rated_seats WHERE game_id = ?", [game_id])
    db.execute("DELETE FROM rated_games WHERE game_id = ?", [game_id])


def _changes_of(db: sqlite_utils.Database, server: str,
                game_id: int) -> tuple[tuple[str, Rated], ...]:
    """The all-time changes a game made, by seat name, in seat order."""
    rows = db.execute(
        "SELECT s.name, s.member, s.place, c.mu_before, c.sigma_before, c.mu, c.sigma "
        "FROM rated_seats s JOIN rating_changes c ON c.game_id = s.game_id AND "
        "c.member = s.member AND c.server = ? AND c.scope = ? WHERE s.game_id = ? "
        "ORDER BY s.seat", [server, ALL_TIME, game_id]).fetchall()
    return tuple((str(r[0]), Rated(Entrant(int(r[2]), member=str(r[1])),
                                   Skill(float(r[3]), float(r[4])),
                                   Skill(float(r[5]), float(r[6])))) for r in rows)


# ---- rating ------------------------------------------------------------------------------------


class _Skills:
    """The current skills of a scope's members, read from ``ratings`` as needed, or (for a
    rating again from a point) the state the changes before that point leave."""

    def __init__(self, db: sqlite_utils.Database,
                 before: tuple[float, int] | None = None) -> None:
        self.db = db
        self.before = before
        self.known: dict[tuple[str, int, str], Skill] = {}

    def get(self, server: str, scope: int, member: str) -> Skill | None:
        key = (server, scope, member)
        if key not in self.known:
            if self.before is None:
                row = self.db.execute(
                    "SELECT mu, sigma FROM ratings WHERE server = ? AND scope = ? AND "
                    "member = ?", [server, scope, member]).fetchone()
            else:
                row = self.db.execute(
                    "SELECT mu, sigma FROM rating_changes WHERE server = ? AND scope = ? AND "
                    "member = ? AND (counted_at < ? OR counted_at = ? AND game_id < ?) "
                    "ORDER BY counted_at DESC, game_id DESC LIMIT 1",
                    [server, scope, member, self.before[0], self.before[0],
                     self.before[1]]).fetchone()
            if row is None:
                return None
            self.known[key] = Skill(float(row[0]), float(row[1]))
        return self.known[key]

    def set(self, server: str, scope: int, member: str, skill: Skill) -> None:
        self.known[(server, scope, member)] = skill


def _rate_one(db: sqlite_utils.Database, server: str, game_id: int, counted_at: float,
              season: int | None, skills: _Skills, *, lines: bool) -> None:
    """Rate one counted game in each of its scopes and write its changes; with ``lines``
    (appending) the members' lines too, else the caller writes them all again after."""
    seats = _entrants(db, game_id)
    entrants = [e for e, _ in seats]
    names = {e.member: name for e, name in seats if e.member is not None}
    for scope in (ALL_TIME,) if season is None else (ALL_TIME, season):
        table = {m: s for m in names if (s := skills.get(server, scope, m)) is not None}
        rated = [r for r in rate(table, entrants) if r.entrant.member is not None]
        db.conn.executemany(
            "INSERT INTO rating_changes (server, scope, member, counted_at, game_id, place, "
            "mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(server, scope, r.entrant.member, counted_at, game_id, r.entrant.place,
              r.before.mu, r.before.sigma, r.after.mu, r.after.sigma) for r in rated])
        for r in rated:
            member = r.entrant.member
            assert member is not None
            skills.set(server, scope, member, r.after)
            if lines:
                db.execute(
                    "INSERT INTO ratings (server, scope, member, name, mu, sigma, shown, "
                    "games, wins, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT "
                    "(server, scope, member) DO UPDATE SET name = excluded.name, "
                    "mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, "
                    "games = games + 1, wins = wins + excluded.wins, "
                    "last_at = excluded.last_at",
                    [server, scope, member, names[member], r.after.mu, r.after.sigma,
                     r.after.shown, int(r.entrant.place == 1), counted_at])


def _counted_from(db: sqlite_utils.Database, server: str,
                  start: tuple[float, int] | None) -> Iterator[tuple[int, float, int | None]]:
    at, game = start if start is not None else (float("-inf"), -1)
    rows = db.execute(
        "SELECT game_id, counted_at, season FROM rated_games WHERE server = ? AND "
        "counted = 1 AND (counted_at > ? OR counted_at = ? AND game_id >= ?) "
        "ORDER BY counted_at, game_id", [server, at, at, game]).fetchall()
    for r in rows:
        yield int(r[0]), float(r[1]), None if r[2] is None else int(r[2])


def rerate(db: sqlite_utils.Database, server: str, start: tuple[float, int] | None) -> int:
    """Rate the server's counted games again from ``start`` (counted_at, game id; None: from
    the first), as ``update`` would have rated them one by one in that order; the members'
    lines are then written again from the changes. Returns the games rated."""
    if start is None:
        db.execute("DELETE FROM rating_changes WHERE server = ?", [server])
    else:
        db.execute("DELETE FROM rating_changes WHERE server = ? AND (counted_at > ? OR "
                   "counted_at = ? AND game_id >= ?)", [server, start[0], start[0], start[1]])
    skills = _Skills(db, start if start is not None else (float("-inf"), -1))
    count = 0
    for game_id, counted_at, season in _counted_from(db, server, start):
        _rate_one(db, server, game_id, counted_at, season, skills, lines=False)
        count += 1
    _rewrite_lines(db, server)
    return count


def _rewrite_lines(db: sqlite_utils.Database, server: str) -> None:
    """Every member's line of every scope of the server, from the changes: the latest skill,
    the games and wins, and the name of the seat they last played."""
    db.execute("DELETE FROM ratings WHERE server = ?", [server])
    db.execute(
        "INSERT INTO ratings (server, scope, member, name, mu, sigma, shown, games, wins, "
        "last_at) SELECT c.server, c.scope, c.member, s.name, c.mu, c.sigma, "
        "c.mu - 3.0 * c.sigma, t.games, t.wins, c.counted_at FROM (SELECT scope, member, "
        "COUNT(*) AS games, SUM(place = 1) AS wins, MAX(counted_at) AS last FROM "
        "rating_changes WHERE server = ? GROUP BY scope, member) t JOIN rating_changes c ON "
        "c.server = ? AND c.scope = t.scope AND c.member = t.member AND c.counted_at = t.last "
        "AND c.game_id = (SELECT MAX(game_id) FROM rating_changes WHERE server = ? AND "
        "scope = t.scope AND member = t.member AND counted_at = t.last) "
        "JOIN rated_seats s ON s.game_id = c.game_id AND s.member = c.member",
        [server, server, server])


def _recount(db: sqlite_utils.Database, server: str) -> None:
    """Each stored game's verdict again (after the server's setting changed), from its seats."""
    setting = count_assisted(db, server)
    for game_id, reason, assisted in db.execute(
            "SELECT game_id, reason, assisted FROM rated_games WHERE server = ?",
            [server]).fetchall():
        if reason not in (counting.Reason.COUNTS.value, counting.Reason.ASSISTED.value):
            continue
        counts = not assisted or setting
        why = counting.Reason.COUNTS if counts else counting.Reason.ASSISTED
        db.execute("UPDATE rated_games SET counted = ?, reason = ? WHERE game_id = ?",
                   [int(counts), why.value, game_id])


def servers(db: sqlite_utils.Database) -> list[str]:
    return [str(r[0]) for r in db.execute(
        "SELECT DISTINCT server FROM rated_games ORDER BY server").fetchall()]


def members_lines(db: sqlite_utils.Database, server: str, scope: int) -> list[dict[str, Any]]:
    """Every member's line of a scope, best first (what an export and a comparison read)."""
    rows = db.execute(
        "SELECT member, name, mu, sigma, shown, games, wins FROM ratings WHERE server = ? AND "
        "scope = ? ORDER BY shown DESC, games DESC, member", [server, scope]).fetchall()
    return [{"member": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "rating": r[4],
             "games": r[5], "wins": r[6], "provisional": r[5] < PROVISIONAL_GAMES}
            for r in rows]


def snapshot(db: sqlite_utils.Database) -> dict[str, list[tuple[object, ...]]]:
    """The derived tables' rows in a fixed order (what a rebuild compares)."""
    return {
        "rated_games": db.execute("SELECT * FROM rated_games ORDER BY game_id").fetchall(),
        "rated_seats": db.execute("SELECT * FROM rated_seats ORDER BY game_id, seat"
                                  ).fetchall(),
        "rating_changes": db.execute(
            "SELECT * FROM rating_changes ORDER BY server, scope, member, counted_at, game_id"
        ).fetchall(),
        "ratings": db.execute("SELECT server, scope, member, name, mu, sigma, shown, games, "
                              "wins, last_at FROM ratings ORDER BY server, scope, member"
                              ).fetchall(),
    }


def clear_derived(db: sqlite_utils.Database) -> None:
    """Empty the derived tables (a rebuild fills them again); seasons and settings stay."""
    for table in ("rated_games", "rated_seats", "rating_changes", "ratings"):
        db.execute(f"DELETE FROM {table}")


def forget_member(db: sqlite_utils.Database, member: str) -> int:
    """Remove whatever still names ``member`` (after their games were rated again without
    them, nothing should): rows removed."""
    gone = 0
    for table in ("ratings", "rating_changes"):
        gone += max(0, db.execute(f"DELETE FROM {table} WHERE member = ?", [member]).rowcount)
    gone += max(0, db.execute("UPDATE rated_seats SET member = NULL WHERE member = ?",
                              [member]).rowcount)
    return gone
