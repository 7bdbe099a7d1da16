"""Many tables at once (issue 11): hundreds of active games, thousands stored, one process.

Run: ``.venv/bin/python benchmarks/bench_many.py`` (a few minutes on a shared 2-core machine);
scale down with ``--active 100 --stored 2000 --commands 200 --single 30`` for a quick look.

Every game is real: 5-player random games (``engine.playout``) cut at every stage, imported
through the real ``GameService`` into a temporary SQLite file with the service's durability
settings; the stored thousands are copies of those records written through the store in one
transaction per thousand (each its own game row, records and stored positions, as the service
wrote them).
Commands are the next move of each game's own random playout, so every one is legal, and they
arrive round-robin across the active games; each is answered with its picture. Each figure is
printed beside its target; wall-clock times, so other work on the machine shows in them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

from bot.api import Actor
from bot.service import GameService
from engine import GameLog, random_game

#: the long game used for undo, map N and cold starts at move 20 and move 200 (228 moves)
LONG_SEED = 13
#: distinct 5-player playouts the stored games are cut from
SEEDS = 10
#: stages: the fraction of a playout's moves each game has played
STAGES = (0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85)
BENCH = Actor("bench", "bench")


def _on_path() -> None:
    """Let the other benchmarks be imported (this one runs as a file, not with ``-m``)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if root not in sys.path:
        sys.path.insert(0, root)


def _moves_after(name: str | None) -> int:
    """The number of moves in force, read from the picture's file name."""
    found = re.search(r"move(\d+)\.png$", name or "")
    assert found is not None, name
    return int(found.group(1))


def _cut(log: GameLog, moves: int) -> str:
    return GameLog(log.players, log.edition, log.options, log.colours, log.moves[:moves]).format()


def playouts() -> list[GameLog]:
    return [random_game(5, seed=s).log() for s in range(SEEDS)]


def build(path: str, stored: int) -> tuple[float, list[tuple[int, int]]]:
    """Store ``stored`` games in places ``place-0`` ... : the first ``SEEDS * len(STAGES)``
    through the service's import, the rest copied from them through the store in bulk.
    Returns the seconds it took and, per template, (playout index, moves played)."""
    start = time.perf_counter()
    logs = playouts()
    service = GameService(path, renderer=None, bind_imported_names=True, rate_limits=False)
    templates: list[tuple[int, int]] = []
    for stage in STAGES:
        for s, log in enumerate(logs):
            n = max(1, int(len(log.moves) * stage))
            place = f"place-{len(templates)}"
            reply = service.import_text(place, BENCH, _cut(log, n))
            assert reply.ok, reply.text
            templates.append((s, n))
    store = service.store
    ids = {g.place: g.id for g in store.games()}
    total = len(templates)
    while total < stored:
        chunk = range(total, min(stored, total + 1000))
        with store.transaction() as db:
            for i in chunk:
                source = ids[f"place-{i % len(templates)}"]
                new = db.execute(
                    "INSERT INTO games (place, status, edition, players, last_seq, created_at, "
                    "updated_at, waiting_seat, waiting_user, waiting_text, waiting_since, "
                    "waiting_key) SELECT ?, status, edition, players, last_seq, created_at, "
                    "updated_at, waiting_seat, waiting_user, waiting_text, waiting_since, "
                    "waiting_key FROM games WHERE id = ?", [f"place-{i}", source]).lastrowid
                db.execute(
                    "INSERT INTO records (game_id, seq, kind, at, user_id, user_name, seat, "
                    "text, auto, message_id, data) SELECT ?, seq, kind, at, user_id, user_name, "
                    "seat, text, auto, message_id, data FROM records WHERE game_id = ?",
                    [new, source])
                db.execute(
                    "INSERT INTO snapshots (game_id, moves, position) SELECT ?, moves, "
                    "position FROM snapshots WHERE game_id = ?", [new, source])
        total = chunk.stop
    service.close()
    return time.perf_counter() - start, templates


def many(path: str, active: int, commands: int, single: int) -> dict[str, object]:
    """In a fresh process: the first command after a start, then commands round-robin across
    ``active`` games with their pictures, the memory, then one game alone."""
    import render

    _on_path()
    from benchmarks.bench_service import _rss_mb

    out: dict[str, object] = {}
    base = _rss_mb()
    t0 = time.perf_counter()
    render.configure()
    render.warm_up().join()
    out["warm_up_s"] = time.perf_counter() - t0
    service = GameService(path, bind_imported_names=True, rate_limits=False)
    logs = playouts()
    templates = len(STAGES) * SEEDS
    stored = [max(1, int(len(logs[i % SEEDS].moves) * STAGES[i // SEEDS]))
              for i in range(templates)]  # the moves each template game was stored with
    moves_now: dict[str, int] = {}

    def command(i: int) -> float:
        place = f"place-{i}"
        s = (i % templates) % SEEDS
        n = moves_now.get(place, stored[i % templates])
        seat, text = logs[s].moves[n]
        t = time.perf_counter()
        reply = service.handle(place, Actor(seat, seat), text)
        took = time.perf_counter() - t
        assert reply.ok and reply.changed and reply.picture is not None, reply.text
        moves_now[place] = _moves_after(reply.picture_name)
        return took

    # The first command after a start (the shared layers were drawn meanwhile, as a bot does
    # while it logs in), its game not live yet.
    out["first_ms"] = command(active - 1) * 1000
    for i in range(active):  # every active game live, as in a bot that has run a while
        service.choices(f"place-{i}", BENCH)
    times = [command(k % active) * 1000 for k in range(commands)]
    out["many_ms"] = times
    out["rss_mb"] = _rss_mb()
    out["base_mb"] = base
    out["live"] = service.live_games()
    # One game alone: the same kind of game, its next moves one after another.
    alone = [command(0) * 1000 for _ in range(single)]
    out["one_ms"] = alone
    service.close()
    return out


def looking_back(path: str, samples: int) -> list[str]:
    """Undo, ``map N`` and a cold game's first command at move 20 and at move 200 (no picture:
    the part of each that depends on how long the game is)."""
    log = random_game(5, seed=LONG_SEED).log()
    lines = []
    for n in (20, 200):
        place = f"long-{n}"
        service = GameService(path, renderer=None, bind_imported_names=True, rate_limits=False)
        assert service.import_text(place, BENCH, _cut(log, n)).ok
        service.close()
        seat, text = log.moves[n]
        who = Actor(seat, seat)
        cold, undo, look = [], [], []
        for _ in range(samples):
            service = GameService(path, renderer=None, bind_imported_names=True,
                                  rate_limits=False)  # nothing of it live
            t = time.perf_counter()
            reply = service.handle(place, who, text)
            cold.append(time.perf_counter() - t)
            assert reply.ok and reply.changed, reply.text
            t = time.perf_counter()
            reply = service.handle(place, who, "undo")
            undo.append(time.perf_counter() - t)
            assert reply.ok and reply.changed, reply.text
            t = time.perf_counter()
            reply = service.handle(place, who, f"map {n // 2}")
            look.append(time.perf_counter() - t)
            assert reply.ok, reply.text
            service.close()
        lines.append(
            f"at move {n}: a cold game's first command {statistics.median(cold) * 1000:.2f} ms, "
            f"undo {statistics.median(undo) * 1000:.2f} ms, map {n // 2} "
            f"{statistics.median(look) * 1000:.2f} ms (medians of {samples}; target: the same "
            f"at move 20 and move 200 within noise)")
    return lines


#: what SQLite stores for a value of a record column, in bytes (an integer by its size)
_STORED_BYTES = (
    "CASE typeof({c}) WHEN 'real' THEN 8 WHEN 'null' THEN 0 WHEN 'integer' THEN CASE "
    "WHEN {c} IN (0, 1) THEN 0 WHEN abs({c}) < 128 THEN 1 WHEN abs({c}) < 32768 THEN 2 "
    "WHEN abs({c}) < 8388608 THEN 3 WHEN abs({c}) < 2147483648 THEN 4 "
    "WHEN abs({c}) < 140737488355328 THEN 6 ELSE 8 END ELSE LENGTH(CAST({c} AS BLOB)) END")


def _table_bytes(path: str) -> dict[str, int]:
    """The bytes of each table with its indexes, and of the whole file (``""``), with nothing
    spare in it (after ``VACUUM``); from ``dbstat``, which Debian's and Python's SQLite have."""
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        tables = dict(conn.execute(
            "SELECT tbl_name, SUM(pgsize) FROM dbstat JOIN sqlite_master USING (name) "
            "GROUP BY tbl_name").fetchall())
    return {"": os.path.getsize(path), **tables}


def _size_line(path: str, empty: dict[str, int], games: int, logs: list[str],
               what: str) -> str:
    grown = {t: (v - empty.get(t, 0)) / games / 1024 for t, v in _table_bytes(path).items()}
    with sqlite3.connect(path) as conn:
        count = conn.execute("SELECT COUNT(*) FROM records").fetchone()[0]
        columns = [row[1] for row in conn.execute("PRAGMA table_info(records)")]
        sizes = {c: conn.execute(f"SELECT SUM({_STORED_BYTES.format(c=c)}) FROM records"
                                 ).fetchone()[0] or 0 for c in columns}
    log_kb = sum(len(t.encode()) for t in logs) / len(logs) / 1024
    others = ", ".join(f"{t} {kb:.1f} KB" for t, kb in sorted(grown.items(), key=lambda kv: -kv[1])
                       if t not in ("", "records") and kb >= 0.1)
    top = ", ".join(f"{c} {v / games / 1024:.1f}" for c, v in
                    sorted(sizes.items(), key=lambda kv: -kv[1])[:6])
    return (f"stored size of a finished 5-player game {what}: {grown[''] :.1f} KB in the "
            f"database against {log_kb:.1f} KB of text log ({grown[''] / log_kb:.1f}x); its "
            f"records {grown['records']:.1f} KB ({grown['records'] * 1024 * games / count:.0f} "
            f"bytes a record), the other tables' rows {others or 'none'}; the records' "
            f"largest columns in KB (their values alone): {top}")


def _empty_database(path: str, **options: object) -> tuple[GameService, dict[str, int]]:
    """A service on a new database, and that database's table sizes before any game."""
    GameService(path, renderer=None, rate_limits=False, **options).close()  # type: ignore[arg-type]
    empty = _table_bytes(path)
    service = GameService(path, renderer=None, rate_limits=False, **options)  # type: ignore[arg-type]
    return service, empty


def stored_size(folder: str, games: int = 10) -> str:
    """The database bytes an imported finished game takes against its text log (the whole
    file's growth over an empty database), and which columns of its records take them."""
    path = os.path.join(folder, "finished.db")
    logs = [log.format() for log in playouts()[:games]]
    service, empty = _empty_database(path, bind_imported_names=True)
    for i, text in enumerate(logs):
        assert service.import_text(f"done-{i}", BENCH, text).ok
    service.close()
    return _size_line(path, empty, games, logs, "(imported)")


def played_size(folder: str, games: int = 3) -> str:
    """The same for games played move by move in Discord channels: users and messages have
    Discord's ids (snowflakes), each move is its own message and command."""
    path = os.path.join(folder, "played.db")
    service, empty = _empty_database(path)
    snowflakes = iter(range(1_190_000_000_000_000_000, 1_200_000_000_000_000_000, 7919 << 22))
    logs = playouts()[:games]
    for log in logs:
        place = str(next(snowflakes))
        users = {name: Actor(str(next(snowflakes)), name) for name in log.players}
        lines = [(log.players[0], "new game"), *((name, "join") for name in log.players),
                 (log.players[0], f"start order: {', '.join(log.players)}"),
                 *((seat, str(move)) for seat, move in log.moves)]
        for name, text in lines:
            reply = service.handle(place, users[name], text, message_id=str(next(snowflakes)))
            assert reply.ok, reply.text
    service.close()
    return _size_line(path, empty, games, [log.format() for log in logs],
                      "(played on Discord)")


def record_reading(folder: str, reads: int = 200) -> str:
    """How long reading a game's records from the database takes (what rebuilding a game that
    is not live starts with), for the long game at move 20 and at move 200."""
    path = os.path.join(folder, "reading.db")
    log = random_game(5, seed=LONG_SEED).log()
    service = GameService(path, renderer=None, bind_imported_names=True, rate_limits=False)
    figures = []
    for n in (20, 200):
        assert service.import_text(f"long-{n}", BENCH, _cut(log, n)).ok
        game = service.store.latest_game(f"long-{n}")
        assert game is not None
        count = len(service.store.records(game.id))
        times = []
        for _ in range(reads):
            t = time.perf_counter()
            service.store.records(game.id)
            times.append(time.perf_counter() - t)
        figures.append(f"{count} records {statistics.median(times) * 1000:.3f} ms")
    service.close()
    return (f"reading a game's records from the database: {', '.join(figures)} "
            f"(medians of {reads})")


def _p99(ms: list[float]) -> float:
    return statistics.quantiles(ms, n=100)[-1] if len(ms) >= 2 else ms[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--active", type=int, default=500, help="games commands go to")
    parser.add_argument("--stored", type=int, default=10_000, help="games in the database")
    parser.add_argument("--commands", type=int, default=1000,
                        help="commands round-robin across the active games")
    parser.add_argument("--single", type=int, default=100, help="commands to one game alone")
    parser.add_argument("--samples", type=int, default=15,
                        help="samples of undo, map N and cold starts")
    parser.add_argument("--engine-seconds", type=float, default=5.0)
    parser.add_argument("--child", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(many(args.child, args.active, args.commands, args.single)))
        return
    if args.active > args.stored:
        parser.error("--active cannot exceed --stored")
    with tempfile.TemporaryDirectory(prefix="busbot-many-") as folder:
        path = os.path.join(folder, "many.db")
        built, _ = build(path, args.stored)
        size = os.path.getsize(path) / 1e6
        print(f"stored: {args.stored} games ({size:.0f} MB file) written in {built:.1f} s")
        child = subprocess.run(
            [sys.executable, __file__, "--child", path, "--active", str(args.active),
             "--commands", str(args.commands), "--single", str(args.single)],
            stdout=subprocess.PIPE, text=True, check=True)
        got = json.loads(child.stdout.splitlines()[-1])
        many_ms, one_ms = got["many_ms"], got["one_ms"]
        m_many, m_one = statistics.median(many_ms), statistics.median(one_ms)
        print(f"{args.active} active games, {len(many_ms)} commands round-robin with pictures: "
              f"median {m_many:.1f} ms, p99 {_p99(many_ms):.1f} ms (target p99 <= 150 ms)")
        print(f"one game alone, {len(one_ms)} commands with pictures: median {m_one:.1f} ms, "
              f"p99 {_p99(one_ms):.1f} ms; round-robin median {m_many / m_one:.2f}x "
              f"(target <= 1.2x)")
        print(f"memory: {got['rss_mb']:.0f} MB resident with {args.active} active "
              f"({got['live']} live) and {args.stored} stored games ({got['base_mb']:.0f} MB "
              f"of it is Python with the engine and renderer loaded) (target < 300 MB)")
        print(f"first command after a restart with {args.stored} stored games, with its "
              f"picture: {got['first_ms']:.1f} ms = {got['first_ms'] / m_one:.2f}x a warm one "
              f"(target <= 2x; shared layers drawn at start in {got['warm_up_s']:.1f} s)")
        for line in looking_back(path, args.samples):
            print(line)
        print(stored_size(folder))
        print(played_size(folder))
        print(record_reading(folder))
    _on_path()
    from benchmarks.bench_engine import games_per_second, listings_per_decision

    rate, moves = games_per_second(args.engine_seconds)
    print(f"engine: random complete 4-player games: {rate:.0f} per second ({moves:.0f} moves "
          f"per game, CPU time)")
    per_decision, forfeits = listings_per_decision()
    print(f"engine: listings of the legal moves per decision: {per_decision:.2f} (target 1.0), "
          f"plus {forfeits:.3f} per move that found nothing to do (R6 forfeits)")


if __name__ == "__main__":
    main()
