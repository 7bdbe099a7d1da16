"""Pings owed by direct message (``notify dm|both``): kept like the outbox, so none is lost or
doubled.

A post that pings a member who chose direct messages owes them one: it is written here in the
very transaction that marks the post sent (``Store.mark_sent``), so a crash between the post
and the direct message leaves it owed, and the next try (at once, or at the next start) sends it
once. Once sent, its message is kept (``link``): a direct ping of a later reminder of the same
decision to the same member takes the earlier one down, as a reminder in the channel does, each
replaced once (``sent``).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence
from typing import Any

import sqlite_utils

from bot.api import DirectPing


def owe(db: sqlite_utils.Database, ids: Sequence[int], pings: Sequence[DirectPing],
        now: float) -> None:
    """Owe ``pings``, the direct pings of the post of the announcements ``ids`` (none: a post
    not kept in the outbox), inside the caller's transaction. A post of one reminder lends them
    its game and decision, so a later reminder's ping replaces theirs."""
    game_id = reminds = None
    if ids:
        row = db.execute("SELECT game_id, reminds FROM outbox WHERE id = ?",
                         [ids[-1]]).fetchone()
        if row is not None:
            game_id, reminds = row[0], row[1] if len(ids) == 1 else None
    db.conn.executemany(
        "INSERT INTO direct_pings (place, game_id, reminds, user_id, language, text, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(ping.place, game_id, reminds, ping.user_id, ping.language, ping.text, now)
         for ping in pings])


def _ping(row: dict[str, Any]) -> DirectPing:
    return DirectPing(row["user_id"], row["language"], row["text"], row["place"], id=row["id"])


def unsent(db: sqlite_utils.Database, place: str | None = None) -> list[DirectPing]:
    """The direct pings not sent yet (of ``place``, or all), oldest first."""
    if place is None:
        rows = db.query("SELECT * FROM direct_pings WHERE sent_at IS NULL ORDER BY id")
    else:
        rows = db.query("SELECT * FROM direct_pings WHERE sent_at IS NULL AND place = ? "
                        "ORDER BY id", [place])
    return [_ping(row) for row in rows]


def sent(db: sqlite_utils.Database, ping_id: int, link: str | None, now: float) -> list[str]:
    """The direct ping ``ping_id`` is done: sent as the message at ``link`` (None: it was not
    taken, and the member was pinged in the channel instead). The links of the earlier direct
    pings of the same reminder's decision to the same member it replaces, each given once."""
    row = db.execute("SELECT game_id, reminds, user_id FROM direct_pings WHERE id = ? AND "
                     "sent_at IS NULL", [ping_id]).fetchone()
    if row is None:
        return []
    db.execute("UPDATE direct_pings SET sent_at = ?, link = ? WHERE id = ?",
               [now, link, ping_id])
    if link is None or row[1] is None:
        return []
    old = db.execute("SELECT id, link FROM direct_pings WHERE game_id = ? AND reminds = ? AND "
                     "user_id = ? AND id < ? AND link IS NOT NULL AND replaced_at IS NULL",
                     [row[0], row[1], row[2], ping_id]).fetchall()
    db.conn.executemany("UPDATE direct_pings SET replaced_at = ? WHERE id = ?",
                        [(now, r[0]) for r in old])
    return [str(r[1]) for r in old]


def prune(db: sqlite_utils.Database, before: float) -> None:
    """Forget the direct pings sent before ``before`` (as the outbox's posts are), inside the
    caller's transaction; a reminder that old has long been replaced or answered."""
    db.execute("DELETE FROM direct_pings WHERE sent_at IS NOT NULL AND sent_at < ?", [before])


def forget_user(db: sqlite_utils.Database, user_id: str) -> None:
    """``forget me``: the member's direct pings, sent or owed, inside the caller's
    transaction."""
    with contextlib.suppress(sqlite3.OperationalError):  # an older file: nothing kept
        db.execute("DELETE FROM direct_pings WHERE user_id = ?", [user_id])
