"""A record as a row of the ``records`` table (its columns are in ``schema.py``): the compact
form version 2 writes, and the reading of either version's rows.

Ids written as plain decimal numbers are kept as integers; a time or ``data`` equal to the
record before's is not repeated (the records one command writes share their time; an imported
game's moves share both). Every record reads back exactly as it was written.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.service.game.records import Record
from bot.service.store import StoreError

#: The record columns, in the order ``record_rows`` writes and ``stored_records`` reads them.
RECORD_COLUMNS = "game_id, seq, kind, at, user_id, user_name, seat, text, auto, message_id, data"
#: The largest id kept as an integer (SQLite's): Discord's snowflakes are far below it.
_MAX_ID = 2**63 - 1


def stored_id(value: str | None) -> str | int | None:
    """A user or message id as stored: one written as a plain decimal number (Discord's are 18
    or 19 digits) is kept as that integer, 8 bytes; any other text as it is. ``str`` of the
    integer gives the text back exactly: no sign, no leading zero, ASCII digits only."""
    if (value is not None and value.isascii() and value.isdigit() and len(value) <= 19
            and (value[0] != "0" or value == "0") and int(value) <= _MAX_ID):
        return int(value)
    return value


def record_rows(game_id: int, records: Iterable[Record]) -> list[tuple[object, ...]]:
    """The rows that store ``records`` (consecutive records of one game, the first stored in
    full): a time or ``data`` equal to the record before's is not repeated (the records one
    command writes share their time; an imported game's moves share both)."""
    rows: list[tuple[object, ...]] = []
    last_at: float | None = None
    last_data: str | None = None
    for r in records:
        data = (json.dumps(dict(r.data), sort_keys=True, separators=(",", ":"))
                if r.data else None)
        rows.append((
            game_id, r.seq, r.kind, None if r.at == last_at else r.at, stored_id(r.user_id),
            r.user_name, r.seat, r.text, int(r.auto), stored_id(r.message_id),
            "" if data is not None and data == last_data else data))
        last_at, last_data = r.at, data
    return rows


def stored_records(game_id: int, rows: Iterable[Sequence[Any]]) -> list[Record]:
    """The records of one game from its rows (``RECORD_COLUMNS``, in order of ``seq``), of
    either version: version 1 wrote every time and ``data`` in full and ids as text."""
    records: list[Record] = []
    at: float | None = None
    data: dict[str, Any] = {}
    for _, seq, kind, stored_at, user_id, user_name, seat, text, auto, message_id, stored_data \
            in rows:
        if stored_at is not None:
            at = stored_at
        elif at is None:
            raise StoreError(f"record {seq} of game {game_id} has no time: the database was "
                             f"changed outside busbot; restore it from a backup")
        # read once per run of equal data; each record gets a dict of its own (records are
        # never changed, so the values inside equal data may be shared)
        data = json.loads(stored_data) if stored_data else dict(data) if stored_data == "" else {}
        records.append(Record(
            game_id, seq, kind, at, str(user_id), user_name or "", seat, text, bool(auto),
            None if message_id is None else str(message_id), data))
    return records
