"""Which language each reader reads: a game's, a member's own, a server's default.

- A game's public posts (its updates, its announcements, the reminders in its place) are
  written in the **game's** language: its ``language`` setting (a record of its log,
  ``GameRecord.language``), else its server's default, else English.
- What one member alone reads or asked for (a refusal, a lookup such as ``status`` or ``help``,
  a preview, a direct message) is written in **that member's** language where they chose one,
  else as the game's public posts are.
- A server's default (``scope = server``) applies to its games that chose none.

The members' and servers' choices are a side table of the schema (``languages``,
``schema.py``), one row per choice; ``forget me`` deletes a member's. The commands that choose
come with the German catalogue; the data path is here already, English the only catalogue.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils

from bot.service.game.records import GameRecord
from bot.service.store.store import Store
from bot.service.words.catalogue import DEFAULT_LANGUAGE, known_language

#: Whose choice a row is: one member's (by user id, everywhere), or one server's default.
MEMBER = "member"
SERVER = "server"


def chosen(store: Store, scope: str, owner: str | None) -> str | None:
    """The language ``owner`` (a user id, a server) chose, if busbot has it; else None."""
    if owner is None:
        return None
    with store.lock:
        try:
            row = store.db.execute("SELECT language FROM languages WHERE scope = ? AND "
                                   "owner = ?", [scope, owner]).fetchone()
        except sqlite3.OperationalError:  # no table (a reader of an older file): no choices
            return None
    return known_language(row[0]) if row else None


def choose(store: Store, scope: str, owner: str, language: str | None) -> None:
    """Keep ``owner``'s language (None: forget it, so the next one up applies)."""
    with store.transaction() as db:
        if language is None:
            db.execute("DELETE FROM languages WHERE scope = ? AND owner = ?", [scope, owner])
        else:
            db.execute("INSERT OR REPLACE INTO languages (scope, owner, language) "
                       "VALUES (?, ?, ?)", [scope, owner, language])


def for_game(store: Store, record: GameRecord | None, server: str | None) -> str:
    """The language of the posts everyone in the game's place reads."""
    if record is not None and (lang := known_language(record.language)) is not None:
        return lang
    return chosen(store, SERVER, server) or DEFAULT_LANGUAGE


def for_member(store: Store, user_id: str, record: GameRecord | None,
               server: str | None) -> str:
    """The language of what ``user_id`` alone reads or asked for."""
    return chosen(store, MEMBER, user_id) or for_game(store, record, server)


def forget_user(db: sqlite_utils.Database, user_id: str) -> int:
    """Delete ``user_id``'s choice (``forget me``), inside the caller's transaction; how many
    rows went (0 or 1)."""
    try:
        cursor = db.execute("DELETE FROM languages WHERE scope = ? AND owner = ?",
                            [MEMBER, user_id])
    except sqlite3.OperationalError:  # no table: nobody ever chose
        return 0
    return max(0, cursor.rowcount)
