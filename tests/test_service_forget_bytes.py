"""``forget me`` down to the last byte (issue 33, finding 6): after a member is forgotten, their
id and name are in no byte of the database file, its write-ahead log or its free pages, while
the service is still open, even where SQLite was built without secure delete (python.org's and
macOS's builds, simulated here by switching it off on every new connection)."""

from __future__ import annotations

import sqlite3
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.api import Actor
from tests.service_support import Table, open_table

#: a member with a Discord id (stored as an 8-byte integer) and a name found nowhere else
BRAM = Actor("987654321098765432", "Bramwellius")


def _traces(path: Path) -> dict[str, int]:
    """How often the member's name and id (as text and as the integer SQLite stores) occur in
    each file of the database as it lies on disk."""
    needles = {"name": BRAM.name.encode(), "id": BRAM.user_id.encode(),
               "id as integer": struct.pack(">q", int(BRAM.user_id))}
    found: dict[str, int] = {}
    for suffix in ("", "-wal", "-journal"):
        file = Path(f"{path}{suffix}")
        data = file.read_bytes() if file.exists() else b""
        for what, needle in needles.items():
            if data.count(needle):
                found[f"{file.name}: {what}"] = data.count(needle)
    return found


@pytest.fixture
def without_secure_delete(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection opened from here on starts with secure delete off, as SQLite's own
    default build does (Debian's is built with it on, which hid the finding)."""
    connect: Callable[..., sqlite3.Connection] = sqlite3.connect

    def plain(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        conn.execute("PRAGMA secure_delete=OFF")
        return conn
    monkeypatch.setattr(sqlite3, "connect", plain)


def bram(table: Table, text: str, message_id: str | None = None) -> None:
    table.service.handle(table.place, BRAM, text, message_id=message_id)


def test_a_forgotten_member_is_in_no_byte_of_the_database_its_log_or_its_free_pages(
        tmp_path: Path, without_secure_delete: None) -> None:
    path = tmp_path / "busbot.db"
    table = open_table(str(path), announce=True)
    table.ok("Arcsyn", "new game auto_single=false")
    table.ok("Arcsyn", "join")
    bram(table, "join", "m1")
    table.ok("Hedgethorn", "join")
    table.ok("Arcsyn", f"start order: Arcsyn, {BRAM.name}, Hedgethorn")
    table.ok("Arcsyn", "Place Office at C1", message_id="m2")
    table.ok("Arcsyn", "Place Pub at C2", message_id="m3")
    bram(table, "plan: Place Pub at E3", "m4")  # a plan, and its clearing
    bram(table, "plan clear", "m5")
    bram(table, "Place House at C3", "m6")
    bram(table, "Place Office at C4", "m7")
    bram(table, "Place Pub at Z9", "m8")  # a refusal that names the seat, owed an answer
    table.service.pipeline.handle(table.place, BRAM, "Place Pub at Z9", message_id="m9",
                                  owed=True)
    bram(table, "away 3d", "m10")
    bram(table, "layout phone", "m11")
    for n in range(40):  # enough churn that pages are written, freed and reused
        table.ok("Hedgethorn", "map", message_id=f"h{n}")
    assert _traces(path)  # the member is stored: in the database and its log
    bram(table, "forget me confirm", "m12")
    assert _traces(path) == {}  # the service is still open: nothing was closed to clean up
    with sqlite3.connect(path) as conn:  # and no page it uses still holds them either
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    table.ok("Arcsyn", "status")  # the game goes on, in the same process
    table.service.close()


def test_every_connection_of_the_service_deletes_securely(
        tmp_path: Path, without_secure_delete: None) -> None:
    table = open_table(str(tmp_path / "busbot.db"))
    store = table.service.store
    assert store.db.execute("PRAGMA secure_delete").fetchone()[0] == 1
    table.ok("Arcsyn", "new game")  # the store's connection is the one every command uses
    assert store.db.execute("PRAGMA secure_delete").fetchone()[0] == 1
