"""The reviews kept (the ``reviews`` side table of ``schema.py``): a game's review is computed
once (it costs half a minute of a worker) and read back after, so asking again is free and
instant. A review is kept with how many of the game's moves it covers and the budget it was
made with: a practice game reviewed again after more moves is reviewed anew, and only its
newest review is kept."""

from __future__ import annotations

import json
import sqlite3

import sqlite_utils

from ai.review import Review
from bot.service.store.store import Store


def kept(store: Store, game_id: int, moves: int, playouts: int) -> Review | None:
    """The review of ``game_id``'s first ``moves`` moves at that budget, if one was kept (a
    row that no longer reads as a review counts as none)."""
    with store.lock:
        try:
            row = store.db.execute("SELECT data FROM reviews WHERE game_id = ? AND moves = ? "
                                   "AND playouts = ?", [game_id, moves, playouts]).fetchone()
        except sqlite3.OperationalError:  # no table yet: nothing was kept
            return None
    if row is None:
        return None
    try:
        return Review.from_json(json.loads(row[0]))
    except (ValueError, KeyError, TypeError):
        return None


def keep(store: Store, game_id: int, review: Review) -> None:
    """Keep ``review`` as the game's only one."""
    data = json.dumps(review.to_json(), separators=(",", ":"))
    with store.transaction() as db:
        db.execute("DELETE FROM reviews WHERE game_id = ?", [game_id])
        db.execute("INSERT INTO reviews (game_id, moves, playouts, data) VALUES (?, ?, ?, ?)",
                   [game_id, review.moves, review.playouts, data])


def forget_game(db: sqlite_utils.Database, game_id: int) -> None:
    """Drop a game's review when a member of it is forgotten (it names the seats; it is made
    again, with the pseudonyms, when asked for)."""
    db.execute("DELETE FROM reviews WHERE game_id = ?", [game_id])
