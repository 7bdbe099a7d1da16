"""The questions big changes ask (table ``pending``, one per place and person; its columns are
in ``schema.py``): a question kept until it is confirmed, replaced, stale, or its asker
forgotten. What makes a change big, and the asking, are ``command/confirm.py``'s."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from bot.service.store.store import Store


@dataclass(frozen=True, slots=True)
class Question:
    """A stored question: the command as typed, and the game and its last record when asked."""

    command: str
    game_id: int
    last_seq: int
    until: float


def ask(store: Store, place: str, who: str, question: Question, now: float) -> None:
    """Keep ``who``'s question in ``place`` (replacing theirs; stale ones go)."""
    with store.transaction() as db:
        db.execute("DELETE FROM pending WHERE until < ?", [now])  # stale questions go
        db.execute("INSERT OR REPLACE INTO pending VALUES (?, ?, ?, ?, ?, ?)",
                   [place, who, question.command, question.game_id, question.last_seq,
                    question.until])


def take(store: Store, place: str, who: str) -> Question | None:
    """``who``'s question in ``place``, removed (a question is confirmed once); None: none."""
    with store.transaction() as db:
        row = db.execute("SELECT command, game_id, last_seq, until FROM pending WHERE place = ? "
                         "AND user_id = ?", [place, who]).fetchone()
        db.execute("DELETE FROM pending WHERE place = ? AND user_id = ?", [place, who])
    if row is None:
        return None
    return Question(str(row[0]), int(row[1]), int(row[2]), float(row[3]))


def forget(db: sqlite_utils.Database, user_id: str) -> None:
    """Delete the questions waiting for ``user_id`` (``forget me``: they hold the user's id and
    the command they typed), inside the caller's transaction."""
    if "pending" in db.table_names():
        db.execute("DELETE FROM pending WHERE user_id = ?", [user_id.casefold()])
