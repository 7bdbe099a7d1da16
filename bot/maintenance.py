"""The database from the shell: export, import, backup, check and forget.

``backup`` checks the database first (as ``check`` does) and says when what it copies is damaged;
it uses SQLite's online backup API, which copies a consistent snapshot page by page while
the bot keeps writing (WAL readers never block the writer). ``check`` is what to run after a
restore or an upgrade: SQLite's own integrity check, then every game rebuilt from its records and
compared with the summary the bot keeps for it.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli_common import CliError, db_path, prog
from bot.service.store import connect as store_connect

if TYPE_CHECKING:
    from bot.service.game.records import GameRecord
    from bot.service.store.store import GameSummary, Store
    from engine import Game


def export_command(args: argparse.Namespace) -> int:
    from bot.service import GameService
    from bot.service.verbs.export import ExchangeError

    service = GameService(_existing(db_path(args)), renderer=None)
    try:
        text = service.export(args.game, args.format)
    except ExchangeError as err:
        raise CliError(f"{prog()} export: {err}", 1) from None
    finally:
        service.close()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def import_command(args: argparse.Namespace) -> int:
    from bot.api import Actor
    from bot.service import GameService
    from bot.service.verbs.export import ExchangeError
    from bot.service.verbs.import_game import read_import_file

    try:
        data = read_import_file(args.file)  # in bounded chunks: never more than the limit
    except ExchangeError as err:
        raise CliError(f"{prog()} import: {err}") from None
    service = GameService(db_path(args), renderer=None, bind_imported_names=True)
    try:
        importer = Actor(args.user, args.user) if args.user else None
        reply = service.import_data(args.place, importer, data)
    finally:
        service.close()
    print(reply.text)
    return 0 if reply.ok else 1


def forget_command(args: argparse.Namespace) -> int:
    """``busbot forget USER_ID``: ``forget me`` for the operator."""
    from bot.service.store import StoreError
    from bot.service.store.privacy import forget
    from bot.service.store.store import Store
    from bot.service.verbs.forget import what
    from bot.service.words.catalogue import say

    store = Store(_existing(db_path(args)))
    try:
        done = forget(store, args.user_id, dry_run=args.dry_run)
    except StoreError as err:
        raise CliError(f"{prog()} forget: {err}", 1) from None
    finally:
        store.close()
    said = say(what(done, dry_run=args.dry_run, whose=f"the user {args.user_id}'s",
                    detail=True))
    print(f"{'Would ' if args.dry_run else ''}{said}.")
    return 0


def backup_command(args: argparse.Namespace) -> int:
    """Check the database first, then copy it: a copy of a damaged database is still made (it
    may be all there is to rescue from) but is said to be one, and the exit status is 1."""
    source_path = _existing(db_path(args))
    target = Path(args.out)
    if target.exists():
        raise CliError(f"{prog()} backup: {target} exists already; name a new file")
    backup(source_path, str(target))
    problems, lines = _check_copy(target)
    if problems:
        first = next((line for line in lines if "integrity ok" not in line
                      and not line.endswith("replays to its stored summary")), lines[0])
        print(f"wrote {target}: a copy of a DAMAGED database ({source_path}: {problems} "
              f"problem(s), first: {first}); run `{prog()} check` for all of them")
        return 1
    print(f"wrote {target}: a consistent copy of {source_path}, checked first")
    return 0


def _check_copy(target: Path) -> tuple[int, list[str]]:
    """``check`` of what was copied, run on a scratch copy of it: checking opens the database
    as the bot would, which brings an older form up to date, and neither the source nor the
    backup should change for being checked."""
    scratch = target.with_name(target.name + ".checking")
    try:
        backup(str(target), str(scratch))
        return check(str(scratch))
    finally:
        for leftover in (scratch, *(scratch.with_name(scratch.name + end)
                                    for end in ("-wal", "-shm", "-journal"))):
            leftover.unlink(missing_ok=True)


def backup(source_path: str, target_path: str) -> None:
    """Copy the database with SQLite's online backup API (safe while the bot writes)."""
    try:
        source = store_connect(f"file:{source_path}?mode=ro", uri=True, timeout=30.0)
    except sqlite3.Error as err:
        raise CliError(f"{prog()} backup: cannot open {source_path}: {err}", 1) from None
    try:
        target = store_connect(target_path)
    except sqlite3.Error as err:
        source.close()
        raise CliError(f"{prog()} backup: cannot write {target_path}: {err}", 1) from None
    try:
        with target:
            source.backup(target)
    except sqlite3.Error as err:
        raise CliError(f"{prog()} backup: the copy failed: {err}", 1) from None
    finally:
        target.close()
        source.close()


def check_command(args: argparse.Namespace) -> int:
    path = _existing(db_path(args))
    problems, lines = check(path)
    for line in lines:
        print(line)
    print(f"{path}: {'no problems found' if not problems else f'{problems} problem(s)'}")
    return 1 if problems else 0


def check(path: str) -> tuple[int, list[str]]:
    """(how many problems, one line per finding and per game)."""
    try:
        conn = store_connect(f"file:{path}?mode=ro", uri=True, timeout=30.0)
        integrity = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
        conn.close()
    except sqlite3.Error as err:
        return 1, [f"database: cannot be read ({err})"]
    if integrity != ["ok"]:
        return len(integrity), [f"database: {line}" for line in integrity]
    from bot.service.store.store import Store

    store = Store(path)
    try:
        lines = ["database: integrity ok"]
        problems = 0
        for summary in store.games():
            problem = _verify_game(store, summary)
            problems += problem is not None
            lines.append(f"game {summary.id} ({summary.place}, {summary.status}): "
                         f"{problem or 'replays to its stored summary'}")
    finally:
        store.close()
    return problems, lines


def _verify_game(store: Store, summary: GameSummary) -> str | None:
    """What is wrong with one game, or None: its records folded and replayed must give the
    status, the last record and whom it waits for that the summary says."""
    from bot.service.game.live_game import LiveGame, build_game
    from bot.service.game.records import GameRecord, GameStatus

    try:
        record = GameRecord.fold(summary.id, summary.place, store.records(summary.id))
        live = LiveGame(record, build_game(record))
    except Exception as err:  # any failure to rebuild is exactly what check reports
        return f"does not replay: {err}"
    if record.last_seq != summary.last_seq:
        return f"records end at {record.last_seq}, the summary says {summary.last_seq}"
    if live.status != summary.status:
        return f"replays as {live.status}, the summary says {summary.status}"
    active = live.game is not None and live.status == GameStatus.ACTIVE
    decision = live.game.to_act() if active and live.game is not None else None
    waiting = decision.player if decision is not None else None
    if waiting != summary.waiting_seat:
        return f"replays waiting for {waiting}, the summary says {summary.waiting_seat}"
    if live.game is not None:
        return _verify_positions(store, record, live.game)
    return None


def _verify_positions(store: Store, record: GameRecord, game: Game) -> str | None:
    """A stored position that belongs to the moves in force must be the position the replay
    reaches there (stale or damaged ones are ignored when loading, so they are no problem)."""
    from bot.service.game.live_game import record_log
    from engine import position, replay

    log = record_log(record)
    for data in store.positions(record.game_id, len(record.moves)):
        head = position.header(data)
        if head is None:
            continue
        moves = head[0]
        resumed = replay(log, upto=moves, kept=[data])
        if resumed.state != game.position_at(moves).state:
            return f"its stored position after move {moves} is not the one its moves reach"
    return None


def _existing(path: str) -> str:
    if path != ":memory:" and not Path(path).is_file():
        raise CliError(f"{prog()}: no database at {path} (set db_path or pass --db)")
    return path
