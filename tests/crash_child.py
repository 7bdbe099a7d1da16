"""The warm child of the crash tests (``tests.crash_support``), run as ``python -m
tests.crash_child``: it imports the service once, then for each job it reads (one JSON line on
standard input) forks a process that does the job and is killed, ``os._exit(17)`` with no
clean-up at all, when the job's SQLite connection is about to run its ``kill_at``-th statement
(0: never). It answers each job with one JSON line: the exit status and what the process wrote
before it ended.

Jobs:
- ``commands``: open the game service on ``path``, look at the place's game once (so it is in
  the live-game cache, as in a bot that has been running), then handle ``lines``
  (``"Name: text"``, message ids ``m{first}``, ``m{first + 1}``, ...); each line's outcome is
  written as it is known (``CONFIRMED n`` or ``REFUSED n``), then ``STATEMENTS count``, and
  the service is closed.
- ``open``: open the store on ``path`` (upgrading an old database), close it, write the count.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable
from typing import Any

from bot.api import Actor
from bot.service import GameService
from bot.service.store.store import Store

KILLED = 17


class Statements:
    """Counts statements; ends the process at the ``kill_at``-th."""

    def __init__(self, kill_at: int) -> None:
        self.kill_at, self.count = kill_at, 0

    def __call__(self, statement: str) -> None:
        self.count += 1
        if self.count == self.kill_at:
            os._exit(KILLED)


def commands(job: dict[str, Any], say: Callable[[str], None]) -> None:
    service = GameService(job["path"], renderer=None)
    service.table_now("table")  # the game in the live-game cache, as in a running bot
    statements = Statements(job["kill_at"])
    service.store.db.conn.set_trace_callback(statements)
    for n, line in enumerate(job["lines"], start=job["first"]):
        name, _, text = line.partition(":")
        reply = service.handle("table", Actor(name, name), text.strip(), message_id=f"m{n}")
        say(f"{'CONFIRMED' if reply.changed else 'REFUSED'} {n}")
    say(f"STATEMENTS {statements.count}")
    service.close()  # not killed: the database is left whole in its one file, to copy


def open_store(job: dict[str, Any], say: Callable[[str], None]) -> None:
    statements = Statements(job["kill_at"])
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(*args, **kwargs)
        conn.set_trace_callback(statements)
        return conn

    sqlite3.connect = traced  # type: ignore[assignment]
    Store(job["path"]).close()
    say(str(statements.count))


JOBS: dict[str, Callable[[dict[str, Any], Callable[[str], None]], None]] = {
    "commands": commands, "open": open_store}


def run(job: dict[str, Any]) -> dict[str, Any]:
    """Do ``job`` in a forked process; its exit status and the lines it wrote."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the process that does the job (and may be killed doing it)
        os.close(read)
        status = 0

        def say(line: str) -> None:  # unbuffered: what was said before a kill is kept
            os.write(write, (line + "\n").encode())

        try:
            JOBS[job["job"]](job, say)
        except BaseException as error:  # noqa: BLE001 - reported to the test, then ended
            os.write(write, f"ERROR {error!r}\n".encode())
            status = 1
        os._exit(status)
    os.close(write)
    out = b""
    while chunk := os.read(read, 65536):
        out += chunk
    os.close(read)
    _, status = os.waitpid(pid, 0)
    return {"status": os.waitstatus_to_exitcode(status), "out": out.decode().splitlines()}


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(run(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
