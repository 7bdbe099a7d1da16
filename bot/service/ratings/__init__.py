"""Ratings per server (docs/ratings.md): who plays Bus well here.

- ``model.py``: openskill's Weng-Lin Plackett-Luce as pure functions (members move, computer
  levels are fixed, strangers are kept nowhere); ``counting.py``: which games count and who
  each seat is, pure rules; ``facts.py``: a game's facts from its records;
- ``tables.py``: the derived tables (declared in ``store/schema.py``), rated in the order the
  games count, again from the earliest change when an earlier game changed;
- ``views.py``: the tables read back and said; ``pictures.py``: the leaderboard and the rating
  chart, drawn after the command; ``stored.py``: rebuild and export (``busbot ratings``).

The service calls in at three places, one line each: the commit of a change to a game that is
or was finished (``on_change``: the ratings are written in the same transaction as the records,
and the end-of-game post says each member's change), ``start`` (``chances``: each seat's
predicted chance of winning) and ``forget`` (``forgotten``: the member leaves every table).
The commands are ``bot/service/verbs/rating.py``, ``leaderboard.py``, ``stats.py``, ``vs.py``,
``season.py`` and ``rated.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import sqlite_utils

from bot.service.game.live_game import LiveGame, build_game
from bot.service.game.records import GameRecord, GameStatus
from bot.service.ratings import counting, tables, views
from bot.service.ratings.facts import game_facts, member_key
from bot.service.ratings.model import LEVEL_SKILLS, PRIOR, Skill
from bot.service.store.schema import RECORD_COLUMNS, stored_records
from bot.service.store.store import Store
from bot.service.words.catalogue import Said
from engine.text import ENGLISH, Words

Derive = Callable[[sqlite_utils.Database, int], str]


def server_of(db: sqlite_utils.Database, game_id: int, place: str) -> str:
    """The server a stored game was played on (its schedule row says); a place without one
    (the console) counts as its own."""
    row = db.execute("SELECT server FROM schedule WHERE game_id = ?", [game_id]).fetchone()
    return str(row[0]) if row is not None and row[0] is not None else place


def on_change(before: LiveGame | None, after: LiveGame, place: str,
              words: Words = ENGLISH) -> Derive | None:
    """What to write in the commit of a change to a game the ratings care about (one finished
    now, finished before the change, or marked ``rated``): the game's facts read again and the
    tables brought up to date, returning the line for the post (each member's change, or why
    the game does not count, written with ``words``: the post's language). None when the
    change cannot concern them (a game in play)."""
    same = before is not None and before.record.game_id == after.record.game_id
    was_over = same and before is not None and before.status == GameStatus.OVER
    if after.status != GameStatus.OVER and not was_over:
        return None

    def derive(db: sqlite_utils.Database, game_id: int) -> str:
        rows = db.execute(f"SELECT {RECORD_COLUMNS} FROM records WHERE game_id = ? "
                          f"ORDER BY seq", [game_id]).fetchall()
        records = stored_records(game_id, rows)
        facts = game_facts(after, records, server=server_of(db, game_id, place),
                           practice=place == counting.PRACTICE_PLACE)
        outcome = tables.update(db, facts, after.record.rated_at)
        if outcome.verdict is None:
            return ""
        return words(views.changes_text(outcome.changes, outcome.verdict.reason,
                                        outcome.verdict.assisted, counting.ASSISTED_SHARE))

    return derive


def chances(store: Store, record: GameRecord, server: str) -> list[Said]:
    """Each seat's predicted chance of winning, from the all-time ratings (computers at their
    level, newcomers and unclaimed seats at the start), as the line ``start`` adds; none when
    every seat is rated alike (the prediction would say nothing)."""
    seats: list[tuple[str, Skill]] = []
    with store.lock:
        for seat in record.seats:
            if seat.bot is not None:
                skill = LEVEL_SKILLS.get(seat.bot, PRIOR)
            elif seat.user_id and seat.agreed:
                line = views.line(store.db, server, tables.ALL_TIME, member_key(seat.user_id))
                skill = line.skill if line is not None else PRIOR
            else:
                skill = PRIOR
            seats.append((seat.name, skill))
    if len({s for _, s in seats}) < 2:
        return []
    return [views.chances_text(seats)]


def forgotten(db: sqlite_utils.Database, games: Iterable[int], member: str) -> None:
    """After ``forget`` rewrote these games (the member is a pseudonym there now): each game's
    facts read again, every server they were rated on rated again (from its first game: which
    games count may have changed too, a member no longer holding two seats), and whatever
    still named the member removed (inside ``forget``'s transaction)."""
    servers: set[str] = set()
    for game_id in games:
        row = db.execute("SELECT server FROM rated_games WHERE game_id = ?",
                         [game_id]).fetchone()
        summary = db.execute("SELECT place FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None or summary is None:
            continue
        place = str(summary[0])
        servers.add(str(row[0]))
        rows = db.execute(f"SELECT {RECORD_COLUMNS} FROM records WHERE game_id = ? "
                          f"ORDER BY seq", [game_id]).fetchall()
        records = stored_records(game_id, rows)
        record = GameRecord.fold(game_id, place, records)
        live = LiveGame(record, build_game(record))
        facts = game_facts(live, records, server=str(row[0]),
                           practice=place == counting.PRACTICE_PLACE)
        db.execute("DELETE FROM rated_seats WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM rated_games WHERE game_id = ?", [game_id])
        tables.insert_facts(db, facts, record.rated_at)
    for server in sorted(servers):  # which games count may have changed too: from the first
        tables.rerate(db, server, None)
    tables.forget_member(db, member_key(member))
