"""Written positions of stored games (``engine.position``), kept beside their records so that a
game not in memory is rebuilt from its latest position plus the moves after it, not from move 1.

They are derived data: written in the same transaction as the records whose moves reach them,
replaced when a correction or an undo and new moves give the same move count another position,
never exported, and never believed blindly: the engine uses one only when its digest matches the
moves in force, and replays from an earlier one (or from the start) otherwise. Deleting the table
loses nothing but time.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlite_utils


def write(db: sqlite_utils.Database, game_id: int,
          positions: Sequence[tuple[int, bytes]]) -> None:
    """Keep the positions after these move counts (replacing any written before)."""
    db.conn.executemany(
        "INSERT OR REPLACE INTO snapshots (game_id, moves, position) VALUES (?, ?, ?)",
        [(game_id, moves, position) for moves, position in positions])


def upto(db: sqlite_utils.Database, game_id: int, moves: int) -> list[bytes]:
    """The positions written for a game after at most ``moves`` moves, earliest first."""
    rows = db.execute("SELECT position FROM snapshots WHERE game_id = ? AND moves <= ? "
                      "ORDER BY moves", [game_id, moves]).fetchall()
    return [bytes(row[0]) for row in rows]
