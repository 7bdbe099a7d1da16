"""Which layout each picture is drawn in: a player's own choice, a channel's, the server's.

A picture posted to the channel for everyone (a game's update) follows the channel's layout; a
picture a player asks for (``map``, ``preview``) follows that player's, else the channel's.
Where neither chose, the server's ``picture_layout`` applies (``render.configure`` set it, so the
service passes None). The choices are kept in a side table of the schema (``picture_layouts``,
``schema.py``): a database that never had one simply has no choices yet.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils

from bot.config import PICTURE_LAYOUTS
from bot.service.store.store import Store

#: Whose choice a row is: one user's (by user id, in every place), or one place's.
USER = "user"
PLACE = "place"

#: The layouts there are (``render.layout``), named without importing the renderer.
LAYOUT_NAMES = PICTURE_LAYOUTS


def chosen(store: Store, scope: str, owner: str) -> str | None:
    """The layout ``owner`` (a user id or a place) chose, or None."""
    with store.lock:
        try:
            row = store.db.execute("SELECT layout FROM picture_layouts WHERE scope = ? AND "
                                   "owner = ?", [scope, owner]).fetchone()
        except sqlite3.OperationalError:  # no table: nobody chose yet
            return None
    layout = row[0] if row else None
    return layout if layout in LAYOUT_NAMES else None


def choose(store: Store, scope: str, owner: str, layout: str | None) -> None:
    """Keep ``owner``'s layout (None: forget it, so the next one up applies)."""
    with store.transaction() as db:
        if layout is None:
            db.execute("DELETE FROM picture_layouts WHERE scope = ? AND owner = ?",
                       [scope, owner])
        else:
            db.execute("INSERT OR REPLACE INTO picture_layouts (scope, owner, layout) "
                       "VALUES (?, ?, ?)", [scope, owner, layout])


def for_place(store: Store, place: str) -> str | None:
    """The layout of a picture posted to ``place`` for everyone (None: the server's)."""
    return chosen(store, PLACE, place)


def for_asker(store: Store, place: str, user_id: str) -> str | None:
    """The layout of a picture ``user_id`` asked for in ``place`` (None: the server's)."""
    return chosen(store, USER, user_id) or for_place(store, place)


def forget_user(db: sqlite_utils.Database, user_id: str) -> int:
    """Delete ``user_id``'s choice (``forget me``), inside the caller's transaction; how many
    rows went (0 or 1)."""
    try:
        cursor = db.execute("DELETE FROM picture_layouts WHERE scope = ? AND owner = ?",
                            [USER, user_id])
    except sqlite3.OperationalError:  # no table: nobody ever chose
        return 0
    return max(0, cursor.rowcount)
