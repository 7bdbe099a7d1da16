"""The database's form across versions: a database written by busbot's first storage (schema
version 1) opens with every record as it was and its games play on; a newer one is refused
untouched; any record reads back exactly as it was written."""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.api import Actor
from bot.cli import main as cli_main
from bot.maintenance import check
from bot.service import GameService
from bot.service.game.records import RECORD_KINDS, Record
from bot.service.store import StoreError
from bot.service.store.schema import SCHEMA_VERSION
from bot.service.store.store import Change, Store
from tests.crash_support import KILLED, WarmChild

#: The tables exactly as version 1 created them (``sqlite_master`` of a database it wrote).
V1_SCHEMA = [
    'CREATE TABLE "meta" (\n   "key" TEXT PRIMARY KEY,\n   "value" TEXT\n)',
    'CREATE TABLE "games" (\n   "id" INTEGER PRIMARY KEY,\n   "place" TEXT NOT NULL,\n'
    '   "status" TEXT NOT NULL,\n   "edition" TEXT,\n   "players" TEXT,\n'
    '   "last_seq" INTEGER NOT NULL,\n   "created_at" REAL,\n   "updated_at" REAL,\n'
    '   "waiting_seat" TEXT,\n   "waiting_user" TEXT,\n   "waiting_text" TEXT,\n'
    '   "waiting_since" REAL,\n   "waiting_key" INTEGER\n)',
    'CREATE TABLE "records" (\n   "game_id" INTEGER REFERENCES "games"("id"),\n'
    '   "seq" INTEGER,\n   "kind" TEXT NOT NULL,\n   "at" REAL NOT NULL,\n'
    '   "user_id" TEXT NOT NULL,\n   "user_name" TEXT,\n   "seat" TEXT,\n   "text" TEXT,\n'
    '   "auto" INTEGER,\n   "message_id" TEXT,\n   "data" TEXT,\n'
    '   PRIMARY KEY ("game_id", "seq")\n)',
    'CREATE TABLE "handled" (\n   "place" TEXT,\n   "message_id" TEXT,\n   "game_id" INTEGER,\n'
    '   "seq" INTEGER,\n   "at" REAL,\n   "reply" TEXT,\n'
    '   PRIMARY KEY ("place", "message_id")\n)',
    'CREATE TABLE "pictures" (\n   "game_id" INTEGER,\n   "seq" INTEGER,\n'
    '   "move_number" INTEGER,\n   "round" INTEGER,\n   "at" REAL,\n   "caption" TEXT,\n'
    '   PRIMARY KEY ("game_id", "seq")\n)',
    'CREATE TABLE "reminders" (\n   "game_id" INTEGER,\n   "key" INTEGER,\n   "at" REAL,\n'
    '   PRIMARY KEY ("game_id", "key")\n)',
    'CREATE TABLE "outbox" (\n   "id" INTEGER PRIMARY KEY,\n   "place" TEXT NOT NULL,\n'
    '   "game_id" INTEGER NOT NULL,\n   "seq" INTEGER NOT NULL,\n   "first_seq" INTEGER,\n'
    '   "created_at" REAL,\n   "text" TEXT NOT NULL,\n   "mentions" TEXT,\n'
    '   "picture" INTEGER,\n   "attempts" INTEGER,\n   "next_try" REAL,\n'
    '   "last_error" TEXT,\n   "moderator_told" INTEGER,\n   "sent_at" REAL\n)',
    'CREATE TABLE "seen" (\n   "place" TEXT PRIMARY KEY,\n   "message_id" INTEGER\n)',
    'CREATE INDEX "idx_games_place_id"\n    ON "games" ("place", "id")',
    'CREATE INDEX "idx_games_status"\n    ON "games" ("status")',
    "CREATE INDEX outbox_unsent ON outbox (place, id) WHERE sent_at IS NULL",
    "INSERT INTO meta (key, value) VALUES ('schema', '1')",
]


def v1_row(game_id: int, r: Record) -> tuple[object, ...]:
    """A record as version 1 wrote it: every field in full, ids as text, spaced JSON."""
    return (game_id, r.seq, r.kind, r.at, r.user_id, r.user_name, r.seat, r.text,
            int(r.auto), r.message_id,
            json.dumps(dict(r.data), sort_keys=True) if r.data else None)


def write_v1(path: str, games: Sequence[Sequence[object]], records: dict[int, list[Record]],
             handled: Sequence[Sequence[object]] = ()) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=wal")
        for statement in V1_SCHEMA:
            conn.execute(statement)
        conn.executemany(f"INSERT INTO games VALUES ({', '.join('?' * 13)})", games)
        for game_id, recs in records.items():
            conn.executemany(
                "INSERT INTO records (game_id, seq, kind, at, user_id, user_name, seat, "
                "text, auto, message_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [v1_row(game_id, r) for r in recs])
        conn.executemany("INSERT INTO handled VALUES (?, ?, ?, ?, ?, ?)", handled)
    conn.close()


def read_v1(path: str) -> dict[int, list[Record]]:
    """The records of a version-1 database, read as version 1 read them."""
    with sqlite3.connect(path) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute("SELECT * FROM records ORDER BY game_id, seq").fetchall()
    conn.close()
    games: dict[int, list[Record]] = {}
    for r in rows:
        games.setdefault(r["game_id"], []).append(Record(
            game_id=r["game_id"], seq=r["seq"], kind=r["kind"], at=r["at"],
            user_id=r["user_id"], user_name=r["user_name"] or "", seat=r["seat"],
            text=r["text"], auto=bool(r["auto"]), message_id=r["message_id"],
            data=json.loads(r["data"]) if r["data"] else {}))
    return games


def handled(path: str) -> list[tuple[object, ...]]:
    """The messages handled, with the reply each got."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT * FROM handled ORDER BY place, message_id").fetchall()
    conn.close()
    return rows


def exact(records: Sequence[Record]) -> list[str]:
    """Records as text that tells apart what ``==`` does not (1 from 1.0 and from True)."""
    return [json.dumps(r.to_json(), sort_keys=True) + f" {r.game_id} {r.at.hex()}"
            for r in records]


#: users as they come: Discord ids, console names, and ids that only look like numbers
PLAYERS = [Actor("1187654321098765432", "Ada"), Actor("Bram", "Bram"),
           Actor("0042", "Cleo"), Actor("99999999999999999999", "Dirk")]


DISCORD = "1100000000000000001"


def play_on(service: GameService, moves: int, first_message: int) -> None:
    """The first choice of whoever must decide in the Discord game, ``moves`` times."""
    by_name = {p.name: p for p in PLAYERS}
    for n in range(moves):
        summary = service.store.latest_game(DISCORD)
        assert summary is not None and summary.waiting_seat is not None
        who = by_name[summary.waiting_seat]
        text = service.choices(DISCORD, who)[0]
        reply = service.handle(DISCORD, who, text, message_id=str(first_message + n))
        assert reply.ok, reply.text


def _played(path: str, written: dict[int, list[Record]] | None = None) -> GameService:
    """Two games as the service writes them: one played by the users above with Discord-like
    message ids (a move, an undo, a moderator's correction), one imported from a text log (each
    seat its user's). ``written`` gets the records as the service handed them to the store."""
    service = GameService(path, renderer=None, rate_limits=False, bind_imported_names=True)
    commit = service.store.commit

    def keep(change: Change, now: float) -> int:
        game_id = commit(change, now)
        if written is not None:
            written.setdefault(game_id, []).extend(change.records)
        return game_id

    service.store.commit = keep  # type: ignore[method-assign]
    ada, bram, cleo, dirk = PLAYERS
    steps = [(ada, "new game"), (ada, "join"), (bram, "join"), (cleo, "join"), (dirk, "join"),
             (ada, "start order: Ada, Bram, Cleo, Dirk"), (ada, "Place Office at C1"),
             (ada, "undo"), (ada, "Place Office at C1"), (ada, "Place Pub at C2")]
    for n, (who, text) in enumerate(steps):
        reply = service.handle(DISCORD, who, text, message_id=str(1190000000000000000 + n))
        assert reply.ok, reply.text
    play_on(service, 30, 1190000000000000100)
    log = ("players: Ada, Bram, Cleo\ncolours: red, blue, yellow\nedition: capstone\n"
           "Ada: Place Office at C1\nAda: Place Pub at C2\nBram: Place House at C3\n")
    assert service.import_text("console", Actor("Ada", "Ada"), log).ok
    return service


def _as_version_1(tmp_path: Path) -> tuple[str, GameService]:
    """A version-1 database holding what the service wrote to a current one (kept open, to
    play on side by side)."""
    records: dict[int, list[Record]] = {}
    current = _played(str(tmp_path / "current.db"), records)
    with sqlite3.connect(tmp_path / "current.db") as conn:
        games = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        handled = conn.execute("SELECT * FROM handled").fetchall()
    old = str(tmp_path / "old.db")
    write_v1(old, games, records, handled)
    return old, current


def test_a_version_1_database_keeps_every_record_and_its_games_play_on(tmp_path: Path) -> None:
    old, current = _as_version_1(tmp_path)
    expected, replies = read_v1(old), handled(old)
    assert sum(len(r) for r in expected.values()) > 30 and len(replies) > 30
    ids = {r.user_id for recs in expected.values() for r in recs}
    assert {"1187654321098765432", "0042", "99999999999999999999", "Ada"} <= ids
    service = GameService(old, renderer=None, rate_limits=False)
    try:
        for game_id, records in expected.items():
            assert exact(service.store.records(game_id)) == exact(records)
        assert handled(old) == replies
        for place in (DISCORD, "console"):
            assert service.export(place, "json") == current.export(place, "json")
        # It plays on, exactly as the database that was never old.
        for svc in (service, current):
            play_on(svc, 10, 1190000000000000200)
            assert svc.handle("console", Actor("Bram", "Bram"), "Place Office at C4").ok
        for game_id in expected:  # the same records, but for the time they were written
            assert exact([replace(r, at=0.0) for r in service.store.records(game_id)]) == exact(
                [replace(r, at=0.0) for r in current.store.records(game_id)])
        # A message handled before the upgrade is still known as handled.
        again = service.handle(DISCORD, PLAYERS[0], "Place Pub at C2",
                               message_id=str(1190000000000000009))
        assert again.duplicate
    finally:
        service.close()
        current.close()
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (
            str(SCHEMA_VERSION),)
        ddl = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'records'").fetchone()[0]
    assert ddl.endswith("WITHOUT ROWID")
    assert check(old)[0] == 0


def test_backup_and_check_work_on_a_version_1_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, current = _as_version_1(tmp_path)
    current.close()
    copy = tmp_path / "copy.db"
    assert cli_main(["backup", "--db", old, "--out", str(copy)]) == 0
    with sqlite3.connect(copy) as conn:  # a copy of what is there: still version 1
        assert conn.execute("SELECT value FROM meta").fetchone() == ("1",)
    capsys.readouterr()
    assert cli_main(["check", "--db", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "game 1 (1100000000000000001, active): replays to its stored summary" in out
    assert "game 2 (console, active): replays to its stored summary" in out


@pytest.mark.long
def test_a_crash_during_the_upgrade_leaves_the_old_database_whole(
        tmp_path: Path, warm_child: WarmChild) -> None:
    """Killed between any two statements of the upgrade, the database is still version 1 with
    every record (or, past the commit, version 2 with every record), and it opens after.
    (Each kill in a process forked from a warm one: ``tests.crash_support``.)"""
    old, current = _as_version_1(tmp_path)
    expected = {game_id: exact(records) for game_id, records in read_v1(old).items()}
    replies = handled(old)
    current.close()
    template = Path(old).read_bytes()
    counted = tmp_path / "x.db"
    counted.write_bytes(template)
    status, out = warm_child.run("open", counted)
    assert status == 0, out
    total = int(out[-1])
    versions = set()
    for kill_at in range(1, total + 1, max(1, total // 12)):
        path = tmp_path / f"crash{kill_at}.db"
        path.write_bytes(template)
        status, out = warm_child.run("open", path, kill_at)
        assert status in (0, KILLED), out
        with sqlite3.connect(path) as conn:
            versions.add(conn.execute("SELECT value FROM meta").fetchone()[0])
        store = Store(str(path))
        assert {g.id: exact(store.records(g.id)) for g in store.games()} == expected
        store.close()
        assert handled(str(path)) == replies
    assert versions == {"1", str(SCHEMA_VERSION)}


def test_two_opening_a_version_1_database_at_once_both_get_every_record(tmp_path: Path) -> None:
    """Two stores (two connections, as two processes have) open it while a third writes: they
    wait for the writer, one upgrades it, the other then finds it up to date."""
    old, current = _as_version_1(tmp_path)
    expected = {game_id: exact(records) for game_id, records in read_v1(old).items()}
    current.close()
    writer = sqlite3.connect(old, check_same_thread=False, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # the bot in the middle of a write
    barrier = threading.Barrier(3)
    stores: list[Store] = []
    errors: list[BaseException] = []

    def open_it() -> None:
        barrier.wait()
        try:
            stores.append(Store(old))
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=open_it) for _ in range(2)]
    for t in threads:
        t.start()
    barrier.wait()
    threading.Timer(0.3, lambda: writer.execute("COMMIT")).start()
    for t in threads:
        t.join()
    writer.close()
    assert not errors and len(stores) == 2
    for store in stores:
        assert {g.id: exact(store.records(g.id)) for g in store.games()} == expected
        store.close()


def test_a_database_from_a_newer_busbot_is_refused_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "busbot.db"
    _played(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(SCHEMA_VERSION + 1)])
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(StoreError) as err:
        GameService(str(path), renderer=None)
    message = str(err.value)
    assert "\n" not in message and str(path) in message and "newer busbot" in message
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert cli_main(["check", "--db", str(path)]) == 2
    assert "newer busbot" in capsys.readouterr().err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


# ---- any record reads back exactly ------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8)
_ids = (st.text(min_size=1) | st.integers(0, 2**64).map(str)
        | st.from_regex(r"\A0[0-9]{1,5}\Z") | st.sampled_from(["1187654321098765432", "0"]))
_records = st.lists(st.tuples(
    st.sampled_from(RECORD_KINDS),
    st.sampled_from([1.5e9, 1795439251.254519]) | st.floats(0, 4e9),  # repeats are common
    _ids, st.text(), st.none() | st.text(), st.none() | st.text(), st.booleans(),
    st.none() | _ids,
    st.sampled_from([{}, {"imported": True}]) | st.dictionaries(st.text(), _json, max_size=3),
), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_records, st.data())
def test_any_record_reads_back_exactly_as_written(
        fields: list[tuple[object, ...]], data: st.DataObject) -> None:
    records = [Record(1, seq, *f) for seq, f in enumerate(fields, start=1)]  # type: ignore[arg-type]
    cuts = sorted(data.draw(st.sets(st.integers(1, len(records) - 1) if len(records) > 1
                                    else st.nothing())))
    store = Store(":memory:")
    try:
        game_id = 0
        for start, stop in zip([0, *cuts], [*cuts, len(records)], strict=True):
            game_id = store.commit(Change(game_id, "p", records[start:stop], "active",
                                          "capstone", "", None), 0.0)
        assert game_id == 1
        assert exact(store.records(1)) == exact(records)
        assert all(math.copysign(1, r.at) == 1 for r in store.records(1))
    finally:
        store.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_records)
def test_any_version_1_record_reads_back_exactly_after_the_upgrade(
        fields: list[tuple[object, ...]]) -> None:
    records = [Record(1, seq, *f) for seq, f in enumerate(fields, start=1)]  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "old.db")
        write_v1(path, [(1, "p", "active", "capstone", "", len(records), 0.0, 0.0,
                         None, None, None, None, None)], {1: records})
        store = Store(path)
        try:
            assert exact(store.records(1)) == exact(records)
        finally:
            store.close()
