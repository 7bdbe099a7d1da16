"""The SQLite file that holds every game: the store (``store.py``), the whole schema and its
versions with a record's row (``schema.py``), the tables of their own
(``outbox.py``, ``snapshots.py``, ``layouts.py``), with forgetting a member (``privacy.py``)."""

from __future__ import annotations

import sqlite3
from typing import Any


class StoreError(Exception):
    """The database cannot be used at all; the message is one sentence saying why and what to do.
    The command line prints it and exits with status 2."""


def connect(path: str, **options: Any) -> sqlite3.Connection:
    """A connection to the game database, as every part of busbot opens one (the store, the
    Discord adapter's small tables, the command line's backup): with secure delete on, so what
    SQLite deletes or frees is overwritten with zeros rather than left in free pages. SQLite
    built by its own default (python.org's and macOS's Python) leaves it off, and ``forget me``
    must leave no byte of the member behind (``privacy.py`` also empties the write-ahead log)."""
    conn: sqlite3.Connection = sqlite3.connect(path, **options)
    conn.execute("PRAGMA secure_delete=ON")
    return conn
