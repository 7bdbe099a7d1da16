"""The whole schema of the game database, and its versions, in one place: every table the bot
keeps (the games' and the Discord adapter's), how each is created, and the steps that bring an
older database up to date.

- **Versioned tables** (``meta``, ``games``, ``records``, ``handled``, ``pictures``,
  ``reminders``): created as version 1 made them (``_first``), then taken on by ``MIGRATIONS``
  (``MIGRATIONS[0]`` takes version 1 to 2, and so on), so a new database and an upgraded one end
  up alike. The file says which version it is (``meta``, key ``schema``); one written by a newer
  busbot is refused untouched (``version``).
- **Side tables** (``SIDE_TABLES``: ``schedule``, ``outbox``, ``snapshots``, ``seen``,
  ``unanswered``, ``pending``, ``picture_layouts``, ``languages``...): derived data or rows
  kept only for a while,
  each created when missing when the database is opened (only then, so a second reader never
  writes), older databases included.
- **The Discord adapter's tables** (``CATCHING_UP``, ``PUBLISHED_COMMANDS``): opened on
  connections of their own, beside the bot or without it (``busbot sync``), so each is created
  where it is used, from the statement here.

- **A record's row** (``record_rows``, ``stored_records``): the compact form version 2 writes
  (ids written as plain decimal numbers kept as integers; a time or ``data`` equal to the record
  before's not repeated), and the reading of either version's rows; every record reads back
  exactly as it was written.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import sqlite_utils

from bot.api import StoryFiles
from bot.service.game.records import Record
from bot.service.store import StoreError


def version(db: sqlite_utils.Database, path: str) -> int | None:
    """The form the database is in (None: a new database); ``StoreError`` for one written by a
    newer busbot, which this one must not touch."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
                  ).fetchone() is None:
        return None
    row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if row is None:
        return None
    version = int(row[0]) if str(row[0]).isdigit() else 0
    if not 1 <= version <= SCHEMA_VERSION:
        raise StoreError(
            f"the game database {path} is in a form this busbot does not know (schema version "
            f"{row[0]}; this one reads up to {SCHEMA_VERSION}): it was written by a newer busbot, "
            f"so run that version, or restore the backup made before upgrading")
    return version


# ---- a record as a row of ``records`` ------------------------------------------------------------

#: The record columns, in the order ``record_rows`` writes and ``stored_records`` reads them.
RECORD_COLUMNS = "game_id, seq, kind, at, user_id, user_name, seat, text, auto, message_id, data"
#: The largest id kept as an integer (SQLite's): Discord's snowflakes are far below it.
_MAX_ID = 2**63 - 1


def stored_id(value: str | None) -> str | int | None:
    """A user or message id as stored: one written as a plain decimal number (Discord's are 18
    or 19 digits) is kept as that integer, 8 bytes; any other text as it is. ``str`` of the
    integer gives the text back exactly: no sign, no leading zero, ASCII digits only."""
    if (value is not None and value.isascii() and value.isdigit() and len(value) <= 19
            and (value[0] != "0" or value == "0") and int(value) <= _MAX_ID):
        return int(value)
    return value


def record_rows(game_id: int, records: Iterable[Record]) -> list[tuple[object, ...]]:
    """The rows that store ``records`` (consecutive records of one game, the first stored in
    full): a time or ``data`` equal to the record before's is not repeated (the records one
    command writes share their time; an imported game's moves share both)."""
    rows: list[tuple[object, ...]] = []
    last_at: float | None = None
    last_data: str | None = None
    for r in records:
        data = (json.dumps(dict(r.data), sort_keys=True, separators=(",", ":"))
                if r.data else None)
        rows.append((
            game_id, r.seq, r.kind, None if r.at == last_at else r.at, stored_id(r.user_id),
            r.user_name, r.seat, r.text, int(r.auto), stored_id(r.message_id),
            "" if data is not None and data == last_data else data))
        last_at, last_data = r.at, data
    return rows


def stored_records(game_id: int, rows: Iterable[Sequence[Any]]) -> list[Record]:
    """The records of one game from its rows (``RECORD_COLUMNS``, in order of ``seq``), of
    either version: version 1 wrote every time and ``data`` in full and ids as text."""
    records: list[Record] = []
    at: float | None = None
    data: dict[str, Any] = {}
    for _, seq, kind, stored_at, user_id, user_name, seat, text, auto, message_id, stored_data \
            in rows:
        if stored_at is not None:
            at = stored_at
        elif at is None:
            raise StoreError(f"record {seq} of game {game_id} has no time: the database was "
                             f"changed outside busbot; restore it from a backup")
        # read once per run of equal data; each record gets a dict of its own (records are
        # never changed, so the values inside equal data may be shared)
        data = json.loads(stored_data) if stored_data else dict(data) if stored_data == "" else {}
        records.append(Record(
            game_id, seq, kind, at, str(user_id), user_name or "", seat, text, bool(auto),
            None if message_id is None else str(message_id), data))
    return records


# ---- the versioned tables ------------------------------------------------------------------------


def _first(db: sqlite_utils.Database) -> None:
    """The tables as version 1 made them; ``MIGRATIONS`` take every database on from here, so
    a new database and an upgraded one end up alike."""
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db.table("games").create({
        "id": int, "place": str, "status": str, "edition": str, "players": str,
        "last_seq": int, "created_at": float, "updated_at": float,
        "waiting_seat": str, "waiting_user": str, "waiting_text": str,
        "waiting_since": float, "waiting_key": int,
    }, pk="id", not_null=["place", "status", "last_seq"], if_not_exists=True)
    db.table("games").create_index(["place", "id"], if_not_exists=True)
    db.table("games").create_index(["status"], if_not_exists=True)
    db.table("records").create({
        "game_id": int, "seq": int, "kind": str, "at": float, "user_id": str,
        "user_name": str, "seat": str, "text": str, "auto": int, "message_id": str,
        "data": str,
    }, pk=("game_id", "seq"), not_null=["kind", "at", "user_id"],
        foreign_keys=[("game_id", "games", "id")], if_not_exists=True)
    db.table("handled").create({
        "place": str, "message_id": str, "game_id": int, "seq": int, "at": float,
        "reply": str,
    }, pk=("place", "message_id"), if_not_exists=True)
    db.table("pictures").create({
        "game_id": int, "seq": int, "move_number": int, "round": int, "at": float,
        "caption": str,
    }, pk=("game_id", "seq"), if_not_exists=True)
    db.table("reminders").create({"game_id": int, "key": int, "at": float},
                                 pk=("game_id", "key"), if_not_exists=True)
    db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', '1')")


def _compact_records_and_handled(db: sqlite_utils.Database) -> None:
    """Version 2: records in their compact form (``record_rows``), in a table that is its own
    index on (game_id, seq) (``WITHOUT ROWID``: no row number and no second copy of the key).
    Every record is read back as a ``Record`` and written again, so it stays exactly as it was.
    The handled messages likewise become their own index on (place, message_id), copied as
    they are."""
    conn = db.conn
    conn.execute("CREATE TABLE handled_v2 (place TEXT, message_id TEXT, game_id INTEGER, "
                 "seq INTEGER, at REAL, reply TEXT, PRIMARY KEY (place, message_id)) "
                 "WITHOUT ROWID")
    conn.execute("INSERT INTO handled_v2 SELECT place, message_id, game_id, seq, at, reply "
                 "FROM handled")
    conn.execute("DROP TABLE handled")
    conn.execute("ALTER TABLE handled_v2 RENAME TO handled")
    conn.execute(
        "CREATE TABLE records_v2 (game_id INTEGER NOT NULL REFERENCES games(id), "
        "seq INTEGER NOT NULL, kind TEXT NOT NULL, "
        "at REAL, "  # NULL: the same time as the record before
        "user_id NOT NULL, user_name TEXT, seat TEXT, text TEXT, auto INTEGER NOT NULL, "
        "message_id, "  # ids without a type, so that a number stays a number (_stored_id)
        "data TEXT, "  # JSON; NULL: nothing; '': the same as the record before
        "PRIMARY KEY (game_id, seq)) WITHOUT ROWID")
    rows = conn.execute(f"SELECT {RECORD_COLUMNS} FROM records ORDER BY game_id, seq")
    for game_id, game_rows in itertools.groupby(rows, key=lambda row: int(row[0])):
        conn.executemany(f"INSERT INTO records_v2 ({RECORD_COLUMNS}) "
                         f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         record_rows(game_id, stored_records(game_id, game_rows)))
    rows.close()
    conn.execute("DROP TABLE records")
    conn.execute("ALTER TABLE records_v2 RENAME TO records")


#: The steps from each version to the next: ``MIGRATIONS[0]`` takes version 1 to 2, and so on.
#: A step changes tables that exist; a table of its own (derived data, a side table) is a side
#: table instead, created where missing (``SIDE_TABLES``).
MIGRATIONS: tuple[Callable[[sqlite_utils.Database], None], ...] = (_compact_records_and_handled,)
SCHEMA_VERSION = 1 + len(MIGRATIONS)


def bring_up_to_date(db: sqlite_utils.Database, path: str) -> None:
    """Create the tables of a new database, or run the steps an older one lacks (the caller
    holds one write transaction: a crash leaves the database as it was)."""
    found = version(db, path)  # again, now that no one else writes
    if found is None:
        _first(db)
        found = 1
    for step in MIGRATIONS[found - 1:]:
        step(db)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(SCHEMA_VERSION)])


# ---- the side tables -----------------------------------------------------------------------------


def _create_schedule(db: sqlite_utils.Database) -> None:
    """``schedule``: per game, when its next reminder or deadline is due (indexed where one
    is), its deadline, its server, and when the decision it waits for runs out of time (its
    deadline or its player's time bank, after their quiet hours: what ``games`` says); derived
    from the records, rewritten with every change (a game from before the table gains its row
    at its next change; a table from before ``runs_out`` gains the column)."""
    db.execute("CREATE TABLE IF NOT EXISTS schedule (game_id INTEGER PRIMARY KEY "
               "REFERENCES games(id), due_at REAL, deadline REAL, server TEXT, runs_out REAL)")
    if "runs_out" not in db.table("schedule").columns_dict:
        db.execute("ALTER TABLE schedule ADD COLUMN runs_out REAL")
    db.execute("CREATE INDEX IF NOT EXISTS schedule_due ON schedule (due_at) "
               "WHERE due_at IS NOT NULL")
    db.execute("CREATE INDEX IF NOT EXISTS schedule_server ON schedule (server) "
               "WHERE server IS NOT NULL")


def _outbox(db: sqlite_utils.Database) -> None:
    """``outbox``: the announcements owed to each place (``outbox.py``), with its index of
    unsent rows; an outbox from before a column (``ADDED_COLUMNS``) gains it."""
    db.table("outbox").create({
        "id": int, "place": str, "game_id": int, "seq": int, "first_seq": int,
        "created_at": float, "text": str, "mentions": str, "picture": int, "attempts": int,
        "next_try": float,
        "last_error": str, "moderator_told": int, "sent_at": float, "story": int,
        "language": str,
    }, pk="id", not_null=["place", "game_id", "seq", "text"], if_not_exists=True)
    db.execute("CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (place, id) "
               "WHERE sent_at IS NULL")
    _add_story_column(db)
    columns = db.table("outbox").columns_dict
    if "language" not in columns:
        # the language its text is written in; older rows are English (NULL reads as "en")
        db.execute("ALTER TABLE outbox ADD COLUMN language TEXT")
    # a reminder's decision (the next reminder of the same decision replaces its post), the
    # link of the message that carried it alone, and when it was replaced
    for column, kind in (("reminds", "INTEGER"), ("link", "TEXT"), ("replaced_at", "REAL")):
        if column not in columns:
            db.execute(f"ALTER TABLE outbox ADD COLUMN {column} {kind}")


def _add_story_column(db: sqlite_utils.Database) -> None:
    """The outbox's ``story`` column, for a database whose outbox predates it. Its unsent rows
    get the flag from the stored facts, not from their words (which are in the language they
    were written in): a row that carries the last record of a game now over is the game's
    final announcement, and gets its chart and animation (what a final post had unless the
    place had drawn several just then, which no stored fact tells); any other row none."""
    if "story" in db.table("outbox").columns_dict:
        return
    db.execute("ALTER TABLE outbox ADD COLUMN story INTEGER")
    db.execute(
        "UPDATE outbox SET story = CASE WHEN EXISTS (SELECT 1 FROM games WHERE "
        "games.id = outbox.game_id AND games.status = 'over' AND games.last_seq = outbox.seq) "
        "THEN ? ELSE ? END WHERE sent_at IS NULL",
        [StoryFiles.CHART_AND_ANIMATION, StoryFiles.NONE])


def _snapshots(db: sqlite_utils.Database) -> None:
    """``snapshots``: written positions of stored games (``snapshots.py``), derived data."""
    db.execute("CREATE TABLE IF NOT EXISTS snapshots (game_id INTEGER NOT NULL, "
               "moves INTEGER NOT NULL, position BLOB NOT NULL, PRIMARY KEY (game_id, moves)) "
               "WITHOUT ROWID")


def _seen(db: sqlite_utils.Database) -> None:
    """``seen``: the newest message read in each place (catching up starts after it)."""
    db.table("seen").create({"place": str, "message_id": int}, pk="place", if_not_exists=True)


def _unanswered(db: sqlite_utils.Database) -> None:
    """Refusals handled live whose answer was not posted yet (a side table of its own)."""
    db.execute("CREATE TABLE IF NOT EXISTS unanswered (place TEXT, message_id TEXT, text TEXT, "
               "at REAL, PRIMARY KEY (place, message_id)) WITHOUT ROWID")


def _pending(db: sqlite_utils.Database) -> None:
    """``pending``: a big change's question waiting for ``confirm`` (``command/confirm.py``),
    one per place and person."""
    db.execute("CREATE TABLE IF NOT EXISTS pending (place TEXT NOT NULL, user_id TEXT NOT NULL, "
               "command TEXT NOT NULL, game_id INTEGER NOT NULL, last_seq INTEGER NOT NULL, "
               "until REAL NOT NULL, PRIMARY KEY (place, user_id)) WITHOUT ROWID")


def _picture_layouts(db: sqlite_utils.Database) -> None:
    """``picture_layouts``: the layout a user (everywhere) or a place chose (``layouts.py``)."""
    db.execute("CREATE TABLE IF NOT EXISTS picture_layouts (scope TEXT NOT NULL, "
               "owner TEXT NOT NULL, layout TEXT NOT NULL, PRIMARY KEY (scope, owner)) "
               "WITHOUT ROWID")


def _languages(db: sqlite_utils.Database) -> None:
    """``languages``: the language a member (everywhere) or a server chose (``languages.py``)."""
    db.execute("CREATE TABLE IF NOT EXISTS languages (scope TEXT NOT NULL, "
               "owner TEXT NOT NULL, language TEXT NOT NULL, PRIMARY KEY (scope, owner)) "
               "WITHOUT ROWID")


def _member_times(db: sqlite_utils.Database) -> None:
    """``member_times``: what each member chose about their time (``members.py``): their zone,
    their quiet hours (each change from its moment on, as JSON), where they are pinged, until
    when their direct messages are taken as closed, and their daily digest's time of day and
    next moment (indexed where there is one), and how often the digest now owed was handed out
    without being sent (``digest_tries``: its retries are bounded)."""
    db.execute("CREATE TABLE IF NOT EXISTS member_times (user_id TEXT PRIMARY KEY, "
               "zone TEXT, quiet TEXT, notify TEXT, dm_closed_until REAL, digest INTEGER, "
               "digest_next REAL, digest_tries INTEGER)")
    db.execute("CREATE INDEX IF NOT EXISTS member_times_digest ON member_times (digest_next) "
               "WHERE digest_next IS NOT NULL")
    if "digest_tries" not in db.table("member_times").columns_dict:
        db.execute("ALTER TABLE member_times ADD COLUMN digest_tries INTEGER")


def _away_allowance(db: sqlite_utils.Database) -> None:
    """``away_allowance``: each server's days of time away per member per year (a server not
    here gives ``engine.limits.AWAY_DAYS_PER_YEAR``; ``allowance.py``)."""
    db.execute("CREATE TABLE IF NOT EXISTS away_allowance (server TEXT PRIMARY KEY, "
               "days REAL NOT NULL)")


def _away_days(db: sqlite_utils.Database) -> None:
    """``away_days``: each member's time away on a server in a year, taken and granted, and
    until when it is covered (``allowance.py``)."""
    db.execute("CREATE TABLE IF NOT EXISTS away_days (server TEXT NOT NULL, user_id TEXT NOT "
               "NULL, year INTEGER NOT NULL, granted REAL NOT NULL, taken REAL NOT NULL, "
               "covered_until REAL NOT NULL, PRIMARY KEY (server, user_id, year)) WITHOUT ROWID")


def _direct_pings(db: sqlite_utils.Database) -> None:
    """``direct_pings``: the pings owed or sent by direct message (``direct_pings.py``): the
    place of the post, its game and the decision it reminds of (a reminder's), the member and
    the text in their language, and once sent, when and as which message (and when a later
    reminder's replaced it); indexed where unsent."""
    db.execute("CREATE TABLE IF NOT EXISTS direct_pings (id INTEGER PRIMARY KEY, place TEXT NOT "
               "NULL, game_id INTEGER, reminds INTEGER, user_id TEXT NOT NULL, language TEXT "
               "NOT NULL, text TEXT NOT NULL, created_at REAL NOT NULL, sent_at REAL, link TEXT, "
               "replaced_at REAL)")
    db.execute("CREATE INDEX IF NOT EXISTS direct_pings_unsent ON direct_pings (place, id) "
               "WHERE sent_at IS NULL")


def _rated_games(db: sqlite_utils.Database) -> None:
    """``rated_games``: each finished game as the ratings see it (``ratings/tables.py``):
    counted or not and why, assisted or not, the moment it counts from, its season. Derived."""
    db.execute("CREATE TABLE IF NOT EXISTS rated_games (game_id INTEGER PRIMARY KEY "
               "REFERENCES games(id), server TEXT NOT NULL, counted INTEGER NOT NULL, "
               "reason TEXT NOT NULL, assisted INTEGER NOT NULL, counted_at REAL NOT NULL, "
               "season INTEGER)")
    db.execute("CREATE INDEX IF NOT EXISTS rated_games_order ON rated_games "
               "(server, counted, counted_at, game_id)")


def _rated_seats(db: sqlite_utils.Database) -> None:
    """``rated_seats``: each seat of a finished game: the member it is rated as, its place and
    the numbers ``stats`` adds up. Derived."""
    db.execute("CREATE TABLE IF NOT EXISTS rated_seats (game_id INTEGER NOT NULL, "
               "seat INTEGER NOT NULL, name TEXT NOT NULL, member TEXT, level TEXT, "
               "place INTEGER NOT NULL, score INTEGER, margin INTEGER, stones INTEGER, "
               "streets INTEGER, deliveries INTEGER, actions TEXT, thinking REAL, "
               "timed INTEGER, decisions INTEGER, assisted INTEGER, "
               "PRIMARY KEY (game_id, seat)) WITHOUT ROWID")
    db.execute("CREATE INDEX IF NOT EXISTS rated_seats_member ON rated_seats (member) "
               "WHERE member IS NOT NULL")


def _rating_changes(db: sqlite_utils.Database) -> None:
    """``rating_changes``: per scope (0: all time, else a season's id) each member's skill
    before and after each counted game, in the order the games count. Derived."""
    db.execute("CREATE TABLE IF NOT EXISTS rating_changes (server TEXT NOT NULL, "
               "scope INTEGER NOT NULL, member TEXT NOT NULL, counted_at REAL NOT NULL, "
               "game_id INTEGER NOT NULL, place INTEGER NOT NULL, mu_before REAL NOT NULL, "
               "sigma_before REAL NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, "
               "PRIMARY KEY (server, scope, member, counted_at, game_id)) WITHOUT ROWID")
    db.execute("CREATE INDEX IF NOT EXISTS rating_changes_game ON rating_changes (game_id)")


def _ratings(db: sqlite_utils.Database) -> None:
    """``ratings``: per scope each member's current skill, games and wins: the leaderboard,
    indexed by the shown rating. Derived."""
    db.execute("CREATE TABLE IF NOT EXISTS ratings (server TEXT NOT NULL, "
               "scope INTEGER NOT NULL, member TEXT NOT NULL, name TEXT NOT NULL, "
               "mu REAL NOT NULL, sigma REAL NOT NULL, shown REAL NOT NULL, "
               "games INTEGER NOT NULL, wins INTEGER NOT NULL, last_at REAL NOT NULL, "
               "PRIMARY KEY (server, scope, member)) WITHOUT ROWID")
    db.execute("CREATE INDEX IF NOT EXISTS ratings_board ON ratings (server, scope, shown)")


def _seasons(db: sqlite_utils.Database) -> None:
    """``seasons``: a server's seasons (``season start NAME``, ``season end``), set by its
    moderators; names unique per server whatever their case."""
    db.execute("CREATE TABLE IF NOT EXISTS seasons (id INTEGER PRIMARY KEY, "
               "server TEXT NOT NULL, name TEXT NOT NULL, started_at REAL NOT NULL, "
               "ended_at REAL, started_by TEXT)")
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS seasons_name ON seasons "
               "(server, name COLLATE NOCASE)")


def _rating_settings(db: sqlite_utils.Database) -> None:
    """``rating_settings``: whether a server counts assisted games (``ratings assisted``)."""
    db.execute("CREATE TABLE IF NOT EXISTS rating_settings (server TEXT PRIMARY KEY, "
               "count_assisted INTEGER NOT NULL)")


def _reviews(db: sqlite_utils.Database) -> None:
    """``reviews``: a game's review (``ai.review``, the ``review`` command), kept once done so
    that asking again is free: the game, how many of its moves it covers, and the review as
    JSON (``store/reviews.py``)."""
    db.execute("CREATE TABLE IF NOT EXISTS reviews (game_id INTEGER NOT NULL, "
               "moves INTEGER NOT NULL, playouts INTEGER NOT NULL, data TEXT NOT NULL, "
               "PRIMARY KEY (game_id, moves, playouts))")


#: Each side table and how it is made (when missing); in the order they came.
SIDE_TABLES: dict[str, Callable[[sqlite_utils.Database], None]] = {
    "schedule": _create_schedule, "outbox": _outbox, "snapshots": _snapshots, "seen": _seen,
    "unanswered": _unanswered, "pending": _pending, "picture_layouts": _picture_layouts,
    "rated_games": _rated_games, "rated_seats": _rated_seats,
    "rating_changes": _rating_changes, "ratings": _ratings, "seasons": _seasons,
    "rating_settings": _rating_settings, "languages": _languages,
    "member_times": _member_times, "away_allowance": _away_allowance, "away_days": _away_days,
    "reviews": _reviews, "direct_pings": _direct_pings,
}


#: The columns side tables gained after they were first made (``ALTER TABLE`` where missing).
ADDED_COLUMNS = {"outbox": ("story", "language", "reminds", "link", "replaced_at"),
                 "schedule": ("runs_out",), "member_times": ("digest_tries",)}


def side_tables_missing(db: sqlite_utils.Database) -> bool:
    """Whether a side table (or a column one gained since, ``ADDED_COLUMNS``) is missing."""
    if not set(SIDE_TABLES) <= set(db.table_names()):
        return True
    return any(not set(columns) <= set(db.table(table).columns_dict)
               for table, columns in ADDED_COLUMNS.items())


def create_side_tables(db: sqlite_utils.Database) -> None:
    """Every side table that is missing (the caller holds one write transaction)."""
    for make in SIDE_TABLES.values():
        make(db)


# ---- the Discord adapter's tables, on connections of their own -----------------------------------

#: Where each place's catch-up began, until its summary went out (``discord_app/catchup.py``).
CATCHING_UP = ("CREATE TABLE IF NOT EXISTS catching_up (place TEXT PRIMARY KEY, "
               "after INTEGER NOT NULL)")
#: The slash commands' hash last published, per application and scope
#: (``discord_app/sync.py``).
PUBLISHED_COMMANDS = ("CREATE TABLE IF NOT EXISTS published_commands (application INTEGER, "
                      "scope TEXT, hash TEXT, at REAL, PRIMARY KEY (application, scope))")
