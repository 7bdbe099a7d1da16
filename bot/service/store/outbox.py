"""Announcements owed to a place: the outbox table, written in the same transaction as the move.

A change a player or moderator makes is worth nothing until the table hears of it: the report,
the picture and the ping of the player now to act. Each committed change therefore leaves one row
here, in the very transaction that stores its records, and the row is marked sent only once the
chat accepted the post. A failure (a missing permission, the network) leaves it unsent, to be
tried again with growing pauses and at every start, so nobody is left unpinged.

The picture is not stored: it is drawn after the commit (off the database thread), and a PNG is
tens of kilobytes per move. The row keeps the game and the record number instead; the position
after that record is rebuilt from the game's own records and drawn again when the post has to be
retried. Refusals change nothing and owe nothing, so they never come here.

The text is stored written, in the language of the place's readers when it was made, and the
row keeps that language (``language``; NULL in rows from before it: English), so a late post
writes what it adds (the story's notes, a note that the picture is missing) in the same one.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from bot.api import Announcement, Failure, StoryFiles

#: How a failure's error begins when the post may have been made all the same (its answer was
#: lost), followed by the post's nonce: its batch is then retried exactly, with that nonce, so
#: Discord answers with the message already made instead of posting it again.
MAYBE_POSTED = "maybe posted as "

#: The pause before the first retry; each further failure doubles it, up to ``RETRY_MAX``.
RETRY_FIRST = 15.0
RETRY_MAX = 30 * 60.0


def insert(db: sqlite_utils.Database, game_id: int, item: Announcement, now: float) -> int:
    """Add ``item`` (for ``game_id``, which a new game only learns in the same transaction)."""
    cursor = db.execute(
        "INSERT INTO outbox (place, game_id, seq, first_seq, created_at, text, mentions, "
        "picture, attempts, next_try, moderator_told, story, language, reminds) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, ?, ?)",
        [item.place, game_id, item.seq, item.first_seq, now, item.text,
         json.dumps(list(item.mentions)), int(item.picture), now, int(item.story),
         item.language, item.reminds])
    return int(cursor.lastrowid or 0)


def _announcement(row: dict[str, Any]) -> Announcement:
    return Announcement(
        place=row["place"], game_id=row["game_id"], seq=row["seq"], text=row["text"],
        mentions=tuple(json.loads(row["mentions"] or "[]")), picture=bool(row["picture"]),
        first_seq=row["first_seq"] or 0, story=StoryFiles(row["story"] or 0),
        id=row["id"], attempts=row["attempts"], moderator_told=bool(row["moderator_told"]),
        created_at=row["created_at"],
        maybe_posted_as=_maybe_posted_as(str(row["last_error"] or "")),
        language=row.get("language") or "en", reminds=row.get("reminds"))


def _maybe_posted_as(error: str) -> str:
    if not error.startswith(MAYBE_POSTED):
        return ""
    return error.removeprefix(MAYBE_POSTED).split(":", 1)[0]


def unsent(db: sqlite_utils.Database, *, place: str | None = None,
           due_by: float | None = None) -> list[Announcement]:
    """Unsent announcements, oldest first: of one place, or of every place whose oldest unsent
    one is due by ``due_by`` (with all of that place's, which wait behind it to keep order)."""
    if place is not None:
        rows = db.query("SELECT * FROM outbox WHERE sent_at IS NULL AND place = ? ORDER BY id",
                        [place])
    elif due_by is None:
        rows = db.query("SELECT * FROM outbox WHERE sent_at IS NULL ORDER BY id")
    else:
        rows = db.query(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND place IN (SELECT o.place FROM outbox o "
            "WHERE o.sent_at IS NULL AND o.next_try <= ? AND o.id = (SELECT MIN(id) FROM outbox "
            "WHERE place = o.place AND sent_at IS NULL)) ORDER BY id", [due_by])
    return [_announcement(r) for r in rows]


def mark_sent(db: sqlite_utils.Database, ids: list[int], now: float) -> None:
    db.conn.executemany("UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL",
                        [(now, i) for i in ids])


def replaced(db: sqlite_utils.Database, ids: list[int], link: str, now: float) -> list[str]:
    """Keep ``link`` as the post of ``ids`` when that is one reminder posted alone, and take the
    earlier reminders of the same game's same decision (posted alone, not replaced yet) as
    replaced by it: their links, each returned once (a reminder never piles up on another)."""
    if len(ids) != 1:
        return []
    row = db.execute("SELECT game_id, reminds FROM outbox WHERE id = ?", ids).fetchone()
    if row is None or row[1] is None:
        return []
    db.execute("UPDATE outbox SET link = ? WHERE id = ?", [link, ids[0]])
    old = db.execute("SELECT id, link FROM outbox WHERE game_id = ? AND reminds = ? AND id < ? "
                     "AND link IS NOT NULL AND replaced_at IS NULL", [row[0], row[1], ids[0]]
                     ).fetchall()
    db.conn.executemany("UPDATE outbox SET replaced_at = ? WHERE id = ?",
                        [(now, r[0]) for r in old])
    return [str(r[1]) for r in old]


def retry_pause(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failure in a row."""
    return float(min(RETRY_MAX, RETRY_FIRST * 2 ** max(0, min(attempts - 1, 20))))


def mark_failed(db: sqlite_utils.Database, item_id: int, error: str, refused: bool,
                now: float) -> Failure:
    """Count a failed post and schedule its retry. When the place refused it (a permission) and
    nobody has been told about this place's unsent posts yet, mark this one as told and name the
    game's creator in ``tell``: the caller tells them, once."""
    row = db.execute("SELECT place, attempts, language FROM outbox WHERE id = ?",
                     [item_id]).fetchone()
    if row is None:
        return Failure(0.0)
    place, attempts, language = str(row[0]), int(row[1]) + 1, str(row[2] or "en")
    wait = retry_pause(attempts)
    db.execute("UPDATE outbox SET attempts = ?, next_try = ?, last_error = ? WHERE id = ?",
               [attempts, now + wait, error[:300], item_id])
    tell = None
    if refused:
        told = db.execute("SELECT 1 FROM outbox WHERE place = ? AND sent_at IS NULL "
                          "AND moderator_told = 1", [place]).fetchone()
        if told is None:
            db.execute("UPDATE outbox SET moderator_told = 1 WHERE id = ?", [item_id])
            creator = db.execute(
                "SELECT user_id FROM records WHERE game_id = (SELECT game_id FROM outbox "
                "WHERE id = ?) AND kind IN ('create', 'import') ORDER BY seq LIMIT 1",
                [item_id]).fetchone()
            tell = str(creator[0]) if creator is not None else None
    return Failure(wait, tell, language)


def mark_posting(db: sqlite_utils.Database, ids: list[int], nonce: str) -> None:
    """Note, just before they are posted with ``nonce``, that ``ids`` may be posted: should the
    process die during the post, the next start retries exactly them with that nonce. (Not an
    attempt: the pauses between retries are unchanged.)"""
    db.conn.executemany("UPDATE outbox SET last_error = ? WHERE id = ? AND sent_at IS NULL",
                        [(f"{MAYBE_POSTED}{nonce}: posting", i) for i in ids])
