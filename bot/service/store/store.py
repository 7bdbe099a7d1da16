"""The SQLite file that holds every game: records, the games' summaries, and small side tables.

Records are only ever inserted. The ``games`` row is a summary the records imply (status, who is
awaited and since when), rewritten in the same transaction as the records it summarises, so that
finding a place's game or the reminders due never needs a replay. Each change is one
``db.atomic()`` block; WAL with ``synchronous=FULL`` makes a committed block survive a crash of
the process or the machine.

Every table, and the steps that bring an older database up to date when it is opened, is
declared in ``schema.py``, with a record's row.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import sqlite_utils

from bot.api import Announcement, DirectPing, Failure
from bot.service.game.records import GameStatus, Record
from bot.service.store import StoreError, connect, direct_pings, outbox, schema, snapshots
from bot.service.store.schema import RECORD_COLUMNS, record_rows, stored_records
from engine.limits import DAY, HANDLED_KEEP_DAYS, SENT_KEEP_DAYS

#: Seconds a command waits for another process (``busbot export`` beside the running bot) to
#: finish writing before it gives up; sqlite's busy handler retries meanwhile.
BUSY_TIMEOUT = 30.0
#: Answers still owed per place that a start posts (the newest; older ones are let go).
UNANSWERED_KEPT = 50


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game's row in ``games``: enough to find it and to know whom it waits for."""

    id: int
    place: str
    status: GameStatus
    edition: str
    players: str
    last_seq: int
    created_at: float
    waiting_seat: str | None = None
    waiting_user: str | None = None
    waiting_text: str | None = None
    waiting_since: float | None = None
    waiting_key: int | None = None


@dataclass(frozen=True, slots=True)
class Waiting:
    """Who a game waits for after a change, written into its summary."""

    seat: str | None
    user_id: str | None
    text: str | None
    since: float
    key: int


@dataclass(frozen=True, slots=True)
class PictureMoment:
    """A moment the table's picture was posted: what the game index lists."""

    game_id: int
    seq: int
    move_number: int
    round: int
    at: float
    caption: str


@dataclass(slots=True)
class Change:
    """Everything one command writes, committed together or not at all.

    ``game_id`` of 0 means a new game: its row is inserted and the records get its id.
    """

    game_id: int
    place: str
    records: list[Record]
    #: a ``GameStatus`` (the store writes the text it is given)
    status: str
    edition: str
    players: str
    waiting: Waiting | None
    message_id: str | None = None
    reply_text: str = ""
    picture: PictureMoment | None = None
    announcement: Announcement | None = None
    #: written positions the change's moves reached (``snapshots.py``): (moves, data)
    positions: list[tuple[int, bytes]] = field(default_factory=list)
    #: set by ``Store.commit``: the outbox row of ``announcement``
    announcement_id: int | None = None
    #: the game's row in ``schedule``: when its next reminder or deadline is due (None: none),
    #: its deadline, and the server its place is in (None: as before, or unknown)
    due_at: float | None = None
    deadline: float | None = None
    server: str | None = None
    #: when the decision the game waits for runs out of time (its deadline or its player's
    #: time bank; None: it cannot), what ``games`` says as "due ..."
    runs_out: float | None = None
    #: derived data written in the same transaction, after the records and the schedule row
    #: (the ratings of a game that ended, or changed after its end: ``bot/service/ratings``),
    #: given the game's id; what it returns is added to the announcement, and kept here
    derive: Callable[[sqlite_utils.Database, int], str] | None = None
    derived: str = ""
    #: side rows of the command written in the same transaction, with the derived data (the
    #: days ``away`` draws on the member's allowance: ``store/allowance.py``)
    writes: list[Callable[[sqlite_utils.Database], None]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Listed:
    """A game as ``games`` lists it: its summary, its deadline, its server, and when the
    decision it waits for runs out of time."""

    game: GameSummary
    deadline: float | None
    server: str | None
    runs_out: float | None = None


def _summary(row: dict[str, Any]) -> GameSummary:
    return GameSummary(
        id=row["id"], place=row["place"], status=GameStatus(row["status"]), edition=row["edition"],
        players=row["players"], last_seq=row["last_seq"], created_at=row["created_at"],
        waiting_seat=row["waiting_seat"], waiting_user=row["waiting_user"],
        waiting_text=row["waiting_text"], waiting_since=row["waiting_since"],
        waiting_key=row["waiting_key"],
    )


class Store:
    """The database; every method is safe to call from several threads, one at a time.

    The connection is opened without sqlite3's same-thread check because the service creates it
    on one thread and uses it on its worker thread; the lock keeps two from using it at once.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.RLock()
        try:
            conn = connect(path, check_same_thread=False, timeout=BUSY_TIMEOUT)
        except sqlite3.Error as err:
            raise StoreError(_why(path, err)) from None
        self.db = sqlite_utils.Database(conn)
        try:
            version = schema.version(self.db, path)  # before any write: a newer one is refused
            if path != ":memory:" and self.db.journal_mode != "wal":
                self.db.enable_wal()
            self.db.execute("PRAGMA synchronous=FULL")
            if self.db.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
            if version != schema.SCHEMA_VERSION:
                self._bring_up_to_date()
            self._create_side_tables()
        except sqlite3.Error as err:
            conn.close()
            raise StoreError(_why(path, err)) from None
        except StoreError:
            conn.close()
            raise

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def empty_the_log(self) -> bool:
        """Copy the write-ahead log into the database and truncate it to nothing, so the old
        versions of pages it held (a forgotten member's name among them) are gone from disk
        and not only superseded. False when a reader in another process kept it from being
        emptied (the next change's checkpoint, or the next ``forget``, tries again)."""
        with self.lock:
            if self.path == ":memory:":
                return True
            busy, _, _ = self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            return not busy

    @contextmanager
    def transaction(self) -> Iterator[sqlite_utils.Database]:
        """One write transaction, taken as a writer from its first statement (``BEGIN
        IMMEDIATE``), so a second process waits for the lock rather than failing half-way."""
        with self.lock:
            conn = self.db.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                conn.rollback()
                raise
            conn.execute("COMMIT")

    def _bring_up_to_date(self) -> None:
        """Create the tables of a new database, or run the steps an older one lacks, in one
        transaction: a crash leaves the database as it was, and a second process opening it
        meanwhile waits for the lock, then finds it up to date and does nothing."""
        with self.transaction() as db:
            schema.bring_up_to_date(db, self.path)

    def _create_side_tables(self) -> None:
        """The side tables (``schema.SIDE_TABLES``); added to older databases too, and only
        when missing, like the rest of the schema, so a second reader never writes."""
        if schema.side_tables_missing(self.db):
            with self.transaction() as db:
                schema.create_side_tables(db)

    # ---- reading ------------------------------------------------------------------------------

    def latest_game(self, place: str) -> GameSummary | None:
        """The newest game in a place, finished or not."""
        with self.lock:
            rows = list(self.db.query(
                "SELECT * FROM games WHERE place = ? ORDER BY id DESC LIMIT 1", [place]))
        return _summary(rows[0]) if rows else None

    def game(self, game_id: int) -> GameSummary | None:
        with self.lock:
            rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        return _summary(rows[0]) if rows else None

    def games(self) -> list[GameSummary]:
        with self.lock:
            return [_summary(r) for r in self.db.query("SELECT * FROM games ORDER BY id")]

    def records(self, game_id: int) -> list[Record]:
        with self.lock:
            rows = self.db.conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE game_id = ? ORDER BY seq",
                [game_id]).fetchall()
        return stored_records(game_id, rows)

    def positions(self, game_id: int, moves: int) -> list[bytes]:
        """The written positions of a game after at most ``moves`` moves (for ``replay``)."""
        with self.lock:
            return snapshots.upto(self.db, game_id, moves)

    def handled_reply(self, place: str, message_id: str) -> str | None:
        """The reply already given to a message, when that message changed something."""
        with self.lock:
            row = self.db.execute(
                "SELECT reply FROM handled WHERE place = ? AND message_id = ?",
                [place, message_id]).fetchone()
        return None if row is None else str(row[0])

    def pictures(self, game_id: int) -> list[PictureMoment]:
        with self.lock:
            rows = list(self.db.query(
                "SELECT * FROM pictures WHERE game_id = ? ORDER BY seq", [game_id]))
        return [PictureMoment(r["game_id"], r["seq"], r["move_number"], r["round"], r["at"],
                              r["caption"]) for r in rows]

    # ---- writing ------------------------------------------------------------------------------

    def commit(self, change: Change, now: float) -> int:
        """Write one command's records and summary atomically; return the game's id."""
        with self.transaction() as db:
            game_id = change.game_id
            w = change.waiting
            waiting = (
                (w.seat, w.user_id, w.text, w.since, w.key) if w is not None
                else (None, None, None, None, None)
            )
            last_seq = change.records[-1].seq if change.records else None
            if game_id == 0:
                cursor = db.execute(
                    "INSERT INTO games (place, status, edition, players, last_seq, created_at, "
                    "updated_at, waiting_seat, waiting_user, waiting_text, waiting_since, "
                    "waiting_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [change.place, change.status, change.edition, change.players,
                     last_seq or 0, now, now, *waiting])
                game_id = int(cursor.lastrowid or 0)
            else:
                db.execute(
                    "UPDATE games SET status = ?, edition = ?, players = ?, "
                    "last_seq = COALESCE(?, last_seq), updated_at = ?, waiting_seat = ?, "
                    "waiting_user = ?, waiting_text = ?, waiting_since = ?, waiting_key = ? "
                    "WHERE id = ?",
                    [change.status, change.edition, change.players, last_seq, now, *waiting,
                     game_id])
            if change.records:
                db.conn.executemany(
                    f"INSERT INTO records ({RECORD_COLUMNS}) "
                    f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    record_rows(game_id, change.records))
            if change.positions:
                snapshots.write(db, game_id, change.positions)
            if change.message_id is not None:
                db.execute(
                    "INSERT INTO handled (place, message_id, game_id, seq, at, reply) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [change.place, change.message_id, game_id, last_seq, now,
                     change.reply_text])
                _see(db, change.place, change.message_id)
            _schedule(db, game_id, change)
            _derive_and_announce(db, game_id, change, now)
            p = change.picture
            if p is not None:
                db.execute(
                    "INSERT INTO pictures (game_id, seq, move_number, round, at, caption) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [game_id, p.seq, p.move_number, p.round, p.at, p.caption])
        return game_id

    def due(self, cutoff: float) -> list[GameSummary]:
        """Active games whose current decision has waited since before ``cutoff``, unreminded."""
        with self.lock:
            rows = list(self.db.query(
                "SELECT g.* FROM games g WHERE g.status = ? "
                "AND g.waiting_user IS NOT NULL AND g.waiting_since <= ? "
                "AND NOT EXISTS (SELECT 1 FROM reminders r "
                "WHERE r.game_id = g.id AND r.key = g.waiting_key) ORDER BY g.id",
                [GameStatus.ACTIVE, cutoff]))
        return [_summary(r) for r in rows]

    def due_games(self, now: float, limit: int = 100) -> list[int]:
        """The games with a reminder or deadline due by ``now``, the most overdue first (one
        indexed range read, however many games are stored)."""
        with self.lock:
            rows = self.db.conn.execute(
                "SELECT game_id FROM schedule WHERE due_at <= ? ORDER BY due_at LIMIT ?",
                [now, limit]).fetchall()
        return [int(r[0]) for r in rows]

    def last_change(self) -> float | None:
        """When any game last changed (None: none is stored): the latest moment the bot is
        known to have seen, against which the scheduler notices a clock set back."""
        with self.lock:
            row = self.db.conn.execute("SELECT MAX(updated_at) FROM games").fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def all_due(self, now: float) -> int:
        """Make every scheduled game due at ``now`` (the clock was set back: each is looked
        at again); how many."""
        with self.transaction() as db:
            return max(0, db.execute("UPDATE schedule SET due_at = ? WHERE due_at IS NOT NULL",
                                     [now]).rowcount)

    def set_due(self, game_id: int, at: float | None, runs_out: float | None = None,
                *, ran: bool = False) -> None:
        """Move a game's next due moment (it was looked at and owed nothing yet); with ``ran``
        also when its decision runs out of time (quiet hours changed it)."""
        with self.transaction() as db:
            if ran:
                db.execute("UPDATE schedule SET due_at = ?, runs_out = ? WHERE game_id = ?",
                           [at, runs_out, game_id])
            else:
                db.execute("UPDATE schedule SET due_at = ? WHERE game_id = ?", [at, game_id])

    def listed(self, server: str | None = None, open_only: bool = True) -> list[Listed]:
        """The games of a server (every game with None), open ones only by default, with their
        deadlines: what ``games`` lists, without replaying any."""
        where = ["1 = 1"]
        args: list[object] = []
        if server is not None:
            where.append("s.server = ?")
            args.append(server)
        if open_only:
            where.append("g.status IN ('lobby', 'active', 'paused')")
        with self.lock:
            rows = list(self.db.query(
                f"SELECT g.*, s.deadline AS s_deadline, s.server AS s_server, "
                f"s.runs_out AS s_runs_out FROM games g "
                f"LEFT JOIN schedule s ON s.game_id = g.id WHERE {' AND '.join(where)} "
                f"ORDER BY g.id", args))
        return [Listed(_summary(r), r["s_deadline"], r["s_server"], r["s_runs_out"])
                for r in rows]

    def waiting_for_user(self, user_id: str) -> list[Listed]:
        """The games under way that wait for ``user_id`` now (for their daily digest), with
        when each decision runs out of time."""
        with self.lock:
            rows = list(self.db.query(
                "SELECT g.*, s.deadline AS s_deadline, s.server AS s_server, "
                "s.runs_out AS s_runs_out FROM games g LEFT JOIN schedule s ON s.game_id = g.id "
                "WHERE g.status = 'active' AND g.waiting_user = ? ORDER BY g.id", [user_id]))
        return [Listed(_summary(r), r["s_deadline"], r["s_server"], r["s_runs_out"])
                for r in rows]

    def mark_reminded(self, keys: Sequence[tuple[int, int]], now: float) -> None:
        with self.transaction() as db:
            db.conn.executemany(
                "INSERT OR IGNORE INTO reminders (game_id, key, at) VALUES (?, ?, ?)",
                [(g, k, now) for g, k in keys])

    # ---- what was seen, and what is owed --------------------------------------------------

    def mark_seen(self, place: str, message_id: str) -> None:
        """Remember that the message ``message_id`` in ``place`` was read (catching up starts
        after the newest one)."""
        with self.transaction() as db:
            _see(db, place, message_id)

    def owe_answer(self, place: str, message_id: str, text: str, now: float) -> None:
        """Note ``message_id`` as read, and its refusal ``text`` as owed until it is posted
        (``answered``), in one transaction: a process stopped between the two is not left with
        a message read past whose answer nobody will post (``unanswered`` at the next start)."""
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO unanswered (place, message_id, text, at) "
                       "VALUES (?, ?, ?, ?)", [place, message_id, text, now])
            _see(db, place, message_id)

    def answered(self, place: str, message_id: str) -> None:
        """The answer owed to ``message_id`` was posted."""
        with self.transaction() as db:
            db.execute("DELETE FROM unanswered WHERE place = ? AND message_id = ?",
                       [place, message_id])

    def unanswered(self, place: str, since: float) -> list[tuple[str, str]]:
        """The answers still owed in ``place`` to messages handled since ``since`` (message id
        and text), oldest first, at most ``UNANSWERED_KEPT``."""
        with self.transaction() as db:
            rows = db.execute(
                "SELECT message_id, text FROM unanswered WHERE place = ? AND at >= ? "
                "ORDER BY CAST(message_id AS INTEGER) DESC LIMIT ?",
                [place, since, UNANSWERED_KEPT]).fetchall()
        return [(str(r[0]), str(r[1])) for r in reversed(rows)]

    def last_seen(self, place: str) -> int | None:
        """The newest message read in ``place``; for a place not watched yet (a database from
        before the watermark), the newest message that changed its game."""
        with self.lock:
            row = self.db.execute("SELECT message_id FROM seen WHERE place = ?",
                                  [place]).fetchone()
            if row is None:
                row = self.db.execute(
                    "SELECT MAX(CAST(message_id AS INTEGER)) FROM handled WHERE place = ? "
                    "AND message_id NOT GLOB '*[^0-9]*'", [place]).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def unsent(self, *, place: str | None = None,
               due_by: float | None = None) -> list[Announcement]:
        with self.lock:
            return outbox.unsent(self.db, place=place, due_by=due_by)

    def mark_sent(self, ids: list[int], now: float, direct: Sequence[DirectPing] = ()) -> None:
        """``ids`` were posted, owing the ``direct`` pings: one transaction."""
        with self.transaction() as db:
            outbox.mark_sent(db, ids, now)
            if direct:
                direct_pings.owe(db, ids, direct, now)

    def unsent_direct(self, place: str | None = None) -> list[DirectPing]:
        with self.lock:
            return direct_pings.unsent(self.db, place)

    def direct_sent(self, ping_id: int, link: str | None, now: float) -> list[str]:
        with self.transaction() as db:
            return direct_pings.sent(db, ping_id, link, now)

    def replaced(self, ids: list[int], link: str, now: float) -> list[str]:
        with self.transaction() as db:
            return outbox.replaced(db, ids, link, now)

    def mark_failed(self, item_id: int, error: str, refused: bool,
                    now: float) -> Failure:
        with self.transaction() as db:
            return outbox.mark_failed(db, item_id, error, refused, now)

    def mark_posting(self, ids: list[int], nonce: str) -> None:
        with self.transaction() as db:
            outbox.mark_posting(db, ids, nonce)

    # ---- what is kept, and for how long -------------------------------------------------------

    def generation(self) -> int:
        """How many times stored games were rewritten in place (``privacy.forget``): a service
        that keeps games in memory drops them all when this changes, even when another process
        (``busbot forget``) did it."""
        with self.lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        return int(row[0]) if row is not None else 0

    @staticmethod
    def bump_generation(db: sqlite_utils.Database) -> None:
        """Count one more rewrite (inside the rewrite's own transaction)."""
        db.execute("INSERT INTO meta (key, value) VALUES ('generation', '1') ON CONFLICT (key) "
                   "DO UPDATE SET value = CAST(value AS INTEGER) + 1")

    def prune(self, now: float) -> tuple[int, int]:
        """Forget the replies to messages answered more than ``HANDLED_KEEP_DAYS`` ago and the
        announcements posted more than ``SENT_KEEP_DAYS`` ago; (replies, announcements) gone.
        Records are never pruned: a game is its log. A message delivered again after its reply
        is gone is read as a new message (a chat service redelivers within minutes, and
        catching up after a restart starts after the newest message seen, ``seen``)."""
        with self.transaction() as db:
            handled = db.execute("DELETE FROM handled WHERE at < ?",
                                 [now - HANDLED_KEEP_DAYS * DAY]).rowcount
            sent = db.execute("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?",
                              [now - SENT_KEEP_DAYS * DAY]).rowcount
            db.execute("DELETE FROM unanswered WHERE at < ?", [now - HANDLED_KEEP_DAYS * DAY])
            direct_pings.prune(db, now - SENT_KEEP_DAYS * DAY)
        return max(0, handled), max(0, sent)


def _derive_and_announce(db: sqlite_utils.Database, game_id: int, change: Change,
                         now: float) -> None:
    """The change's side rows (``Change.writes``) and derived data (``Change.derive``), then
    its announcement, which ends with what the derivation said (a finished game's rating
    changes)."""
    for write in change.writes:
        write(db)
    if change.derive is not None:
        change.derived = change.derive(db, game_id)
    if change.announcement is not None:
        told = change.announcement
        if change.derived:
            told = replace(told, text=f"{told.text}\n{change.derived}")
        change.announcement_id = outbox.insert(db, game_id, told, now)


def _schedule(db: sqlite_utils.Database, game_id: int, change: Change) -> None:
    db.execute("INSERT INTO schedule (game_id, due_at, deadline, server, runs_out) "
               "VALUES (?, ?, ?, ?, ?) "
               "ON CONFLICT (game_id) DO UPDATE SET due_at = excluded.due_at, "
               "deadline = excluded.deadline, server = COALESCE(excluded.server, server), "
               "runs_out = excluded.runs_out",
               [game_id, change.due_at, change.deadline, change.server, change.runs_out])
def _see(db: sqlite_utils.Database, place: str, message_id: str) -> None:
    """Move the place's watermark up to ``message_id`` (chat message ids grow with time; ids
    that are not numbers, like the console's, are not kept)."""
    if not message_id.isdigit():
        return
    db.execute("INSERT INTO seen (place, message_id) VALUES (?, ?) ON CONFLICT (place) "
               "DO UPDATE SET message_id = MAX(message_id, excluded.message_id)",
               [place, int(message_id)])

def _why(path: str, err: sqlite3.Error) -> str:
    """One sentence for a database that cannot be opened, from sqlite's own reason."""
    reason = str(err).lower()
    if "locked" in reason or "busy" in reason:
        return (f"the game database {path} is locked by another program and stayed locked for "
                f"{BUSY_TIMEOUT:.0f} s; stop that program or try again later")
    if "readonly" in reason or "read-only" in reason or "permission" in reason:
        return (f"the game database {path} cannot be written (a read-only file or folder); "
                f"busbot needs to write it: check its permissions")
    if "not a database" in reason or "malformed" in reason or "corrupt" in reason:
        return (f"{path} is not a readable game database (damaged or not an SQLite file); "
                f"restore it from a backup or name another file")
    if "unable to open" in reason:
        return f"the game database {path} cannot be opened (is its folder there and writable?)"
    return f"the game database {path} cannot be used: {err}"
