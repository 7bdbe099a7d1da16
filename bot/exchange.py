"""Games out of and into the database: the engine's text log, and JSON with every record.

Import trusts nothing in the file: a JSON export is folded record by record with the same rules
as the live service and every move is replayed; a text log goes through the engine's reader and
replay. The first thing wrong is reported by its record or line, and no game is created.
"""

from __future__ import annotations

import json
import time
from typing import Any

from bot.api import Actor
from bot.live_game import Draft, LiveGame, record_log
from bot.outcome import Context, Outcome, refuse, table_outcome
from bot.records import GameRecord, Record, RecordError
from bot.views import count_of, when
from engine import Game, GameLog, LogError, replay

FORMAT = "busbot-game"
VERSION = 1
MAX_IMPORT_BYTES = 2_000_000


class ExchangeError(Exception):
    """A game that cannot be exported, or a file that cannot be imported; the message says why."""


# ---- export ------------------------------------------------------------------------------------


def export_txt(live: LiveGame, game_id: int) -> str:
    if live.game is None:
        raise ExchangeError("the game has not started, so it has no log yet")
    head = (f"# busbot game {game_id} in {live.record.place} ({live.status}), "
            f"exported {when(time.time())}\n")
    head += "".join(f"# {new} took over the seat of {old} after move {n}; the moves before "
                    f"were {old}'s\n" for n, old, new in live.record.renames)
    return head + live.game.log().format()


def export_json(live: LiveGame, game_id: int, records: list[Record]) -> str:
    record = live.record
    payload: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": {
            "id": game_id,
            "place": record.place,
            "status": live.status,
            "edition": record.edition,
            "options": dict(record.options),
            "creator": {"user_id": record.creator_id, "user_name": record.creator_name},
            "seats": [
                {"name": s.name, "user_id": s.user_id, "user_name": s.user_name,
                 "colour": s.colour, "dropped": s.dropped}
                for s in record.seats
            ],
            "seed": record.seed,
            "order_by": record.order_by,
            "created_at": record.created_at,
            "winner": live.game.winner if live.game is not None else None,
        },
        "moves": _move_history(record, records),
        "records": [r.to_json() for r in records],
        "log": live.game.log().format() if live.game is not None else None,
    }
    return json.dumps(payload, indent=1, ensure_ascii=False) + "\n"


def _move_history(record: GameRecord, records: list[Record]) -> list[dict[str, Any]]:
    """Every move ever recorded, with whether it is still in force and what ended it."""
    ended: dict[int, dict[str, Any]] = {}
    for r in records:
        if r.kind == "undo":
            for t in r.data.get("targets", []):
                ended[int(t)] = {"how": "undone", "seq": r.seq, "user_id": r.user_id,
                                 "user_name": r.user_name}
        elif r.kind == "correct":
            ended[int(r.data["target"])] = {"how": "corrected", "seq": r.seq,
                                            "user_id": r.user_id, "user_name": r.user_name}
            for t in r.data.get("withdrawn", []):
                ended[int(t)] = {"how": "withdrawn by a correction", "seq": r.seq,
                                 "user_id": r.user_id, "user_name": r.user_name}
        elif r.kind == "redo":
            by = {"seq": r.seq, "user_id": r.user_id, "user_name": r.user_name}
            for t in r.data.get("restored", []):
                ended.pop(int(t), None)
            for t in r.data.get("withdrawn", []):
                ended[int(t)] = {"how": "withdrawn by a redo", **by}
            if r.data.get("reverted") is not None:
                ended.pop(int(r.data["reverted"]), None)
                ended[int(r.data["target"])] = {"how": "reverted by a redo", **by}
    out = []
    for r in records:
        if r.kind in ("move", "correct"):
            out.append({
                "seq": r.seq, "number": record.move_number(r.seq), "seat": r.seat,
                "text": r.text, "auto": r.auto, "user_id": r.user_id, "user_name": r.user_name,
                "message_id": r.message_id, "at": r.at, "in_force": r.seq not in ended,
                "ended_by": ended.get(r.seq),
            })
    return out


# ---- import ------------------------------------------------------------------------------------


def first_seat(text: str) -> Actor | None:
    """The player in a file's first seat, as a user: who imports it when nobody is named (a
    text log's seats go to the users of their names; a JSON export keeps its seats' users)."""
    try:
        if text.lstrip().startswith("{"):
            seat = json.loads(text)["game"]["seats"][0]
            name = str(seat["name"])
            return Actor(str(seat.get("user_id") or name), str(seat.get("user_name") or name))
        players = GameLog.parse(text).players
    except (LogError, ValueError, KeyError, IndexError, TypeError):
        return None
    return Actor(players[0], players[0]) if players else None


def import_outcome(ctx: Context, data: bytes) -> Outcome:
    """Create a game in this place from an exported file (text log or JSON)."""
    live = ctx.live
    if live is not None and live.is_open:
        return refuse(f"There is already a game here ({live.status}); a moderator can `abandon` "
                      f"it before another is imported. Nothing was changed.")
    if len(data) > MAX_IMPORT_BYTES:
        return refuse("That file is too large to be a game log. Nothing was imported.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return refuse("That file is not text (UTF-8), so it cannot be a game log. "
                      "Nothing was imported.")
    draft = Draft(GameRecord(0, ctx.place), None, ctx.actor, ctx.now, ctx.message_id)
    try:
        if text.lstrip().startswith("{"):
            source = _from_json(draft, text)
        else:
            source = _from_txt(draft, text, ctx)
    except ExchangeError as err:
        return refuse(f"Cannot import that file: {err}. Nothing was imported.")
    draft.add("import", data={"source": source})
    record = draft.record
    players = ", ".join(f"{s.name} ({s.colour})" for s in record.seats)
    lines = [f"{ctx.actor.name} imported a game ({source}): {players}; "
             f"{count_of(len(record.moves), 'move')} replayed. {ctx.actor.name} moderates it."]
    unbound = [s.name for s in record.seats if s.user_id is None]
    if unbound:
        lines.append(f"Empty seats: {', '.join(unbound)}; a moderator gives each to its player "
                     f"with `replace NAME with @user`.")
    if draft.game is None:
        return Outcome("\n".join([*lines, "The game has not started yet."]), draft=draft)
    return table_outcome(draft, lines)


def _from_txt(draft: Draft, text: str, ctx: Context) -> str:
    try:
        log = GameLog.parse(text)
        game = replay(log)
    except LogError as err:
        raise ExchangeError(str(err)) from None
    draft.add("create", data={"edition": log.edition, "options": dict(log.options)})
    for p in game.state.players:
        if ctx.bind_imported_names or p.name.casefold() == ctx.actor.name.casefold():
            user_id: str | None = p.name if ctx.bind_imported_names else ctx.actor.user_id
        else:
            user_id = None
        draft.add("join", seat=p.name, data={"colour": p.colour, "user_id": user_id,
                                             "user_name": p.name})
    draft.add("start", data={"order": game.players,
                             "colours": [p.colour for p in game.state.players],
                             "seed": None, "order_by": "import"})
    for name, move in game.history:
        seat = draft.record.seat(name)
        player = (seat.user_id, seat.user_name) if seat is not None and seat.user_id else None
        draft.add("move", seat=name, text=str(move), data={"imported": True}, user=player)
    draft.game = game
    return "text log"


def _from_json(draft: Draft, text: str) -> str:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as err:
        raise ExchangeError(f"not valid JSON (line {err.lineno}: {err.msg})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ExchangeError(f"not a busbot game export (no \"format\": \"{FORMAT}\")")
    if payload.get("version") != VERSION:
        raise ExchangeError(f"export version {payload.get('version')!r} is not {VERSION}")
    rows = payload.get("records")
    if not isinstance(rows, list) or not rows:
        raise ExchangeError("the export has no records")
    for i, row in enumerate(rows, start=1):
        rec = _record(row, i)
        try:
            draft.record.apply(rec)
        except RecordError as err:
            raise ExchangeError(str(err)) from None
        draft.new.append(rec)
    if draft.record.status == "lobby" or draft.record.order_by is None:
        return "JSON export"
    draft.game = checked_replay(draft.record)
    return "JSON export"


def _record(row: object, index: int) -> Record:
    """One record of a JSON export, with every field checked for its type."""
    if not isinstance(row, dict):
        raise ExchangeError(f"record {index} is not an object")

    def field(name: str, kinds: tuple[type, ...], optional: bool = False) -> Any:
        value = row.get(name)
        if value is None and optional:
            return None
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise ExchangeError(f"record {index}: field {name!r} is missing or of the wrong type")
        return value

    data = row.get("data") or {}
    if not isinstance(data, dict):
        raise ExchangeError(f"record {index}: field 'data' is not an object")
    return Record(
        game_id=0, seq=field("seq", (int,)), kind=field("kind", (str,)),
        at=float(field("at", (int, float))), user_id=field("user_id", (str,)),
        user_name=field("user_name", (str,)), seat=field("seat", (str,), True),
        text=field("text", (str,), True), auto=bool(field("auto", (bool,), True)),
        message_id=field("message_id", (str,), True), data=data,
    )


def checked_replay(record: GameRecord) -> Game:
    """The game the records lead to; ``ExchangeError`` names the first move that fails."""
    try:
        return replay(record_log(record))
    except LogError as err:
        if err.move is None:
            raise ExchangeError(f"the seats or options cannot start a game: {err}") from None
        raise ExchangeError(str(err)) from None
