"""``import`` (a file attached; ``import PATH`` at the console, ``busbot import FILE`` on the
command line): a game brought in from a file ``export`` made, as a new game at this table.

Import trusts nothing in the file: a JSON export is folded record by record with the same rules
as the live service and every move is replayed; a text log goes through the engine's reader and
replay. The first thing wrong is reported by its record or line, and no game is created.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import IO, Any

from bot.api import Actor, Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words, alone_or_game
from bot.service.game import payloads
from bot.service.game.live_game import (
    TABLE_OPTIONS,
    Draft,
    LiveGame,
    build_options,
    record_log,
)
from bot.service.game.records import (
    GameRecord,
    GameStatus,
    Record,
    RecordError,
    discord_user,
    same_user,
)
from bot.service.verbs.export import FORMAT, VERSION, ExchangeError
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import MOVES, source_words
from engine import Game, GameLog, LogError, replay
from engine.limits import (
    MAX_IMPORT_BYTES,
    MAX_IMPORTED_TEXT_CHARS,
    MAX_JSON_DEPTH,
    MAX_JSON_NUMBER,
    MAX_NAME_CHARS,
    MAX_SEATS,
    READ_CHUNK_BYTES,
    LimitError,
    check_distinct,
    check_name,
    check_records,
)
from engine.text import Listing, Msg

IMPORTED = Msg("import.imported", "{name} imported a game ({source}): {players}; {moves} "
               "replayed. {name} moderates it.")
EMPTY_SEATS = Msg("import.empty_seats", "Empty seats: {seats}; a moderator offers each to its "
                  "player with `replace NAME with @user`, who takes it with `accept`.")
OFFERED_SEATS = Msg("import.offered_seats", "Offered seats: {seats}; each is played (and pinged) "
                    "only once its user types `accept` here.")
AT_LINE = Msg("import.at_line", "line {line}: {err}")
OUT_OF_RANGE = Msg("import.out_of_range", "the number {number} is out of range (at most {limit:,} "
                   "in size, the JSON number limit)")
CANNOT_READ = Msg("import.cannot_read", "cannot read {path}: {err}")
EXPORT_VERSION = Msg("import.export_version", "export version {version} is not {expected}")
FIELD_MISSING = Msg("import.field_missing", "record {index}: field {name} is missing or of the "
                    "wrong type")
FIELD_LONG = Msg("import.field_long", "record {index}: field {name} is longer than {limit} "
                 "characters")
THE_FILE_IS_OVER_BYTES = Msg("import.the_file_is_over_bytes", "the file is over "
                             "{limit:,} bytes (the import limit), far more than any "
                             "game log")
IS_NOT_A_NUMBER_A = Msg("import.is_not_a_number_a", "{name} is not a number a game export holds")
THE_JSON_NESTS_DEEPER_THAN = Msg("import.the_json_nests_deeper_than", "the JSON nests deeper "
                                 "than {limit} levels (the JSON depth limit); an "
                                 "export nests 4")
NOT_VALID_JSON_LINE = Msg("import.not_valid_json_line", "not valid JSON (line {lineno}: {msg})")
NOT_A_BUSBOT_GAME_EXPORT = Msg("import.not_a_busbot_game_export", "not a busbot game export (no "
                               '"format": "{format}")')
THE_EXPORT_HAS_NO_RECORDS = Msg("import.the_export_has_no_records", "the export has no records")
RECORD_MORE_THAN_SEATS = Msg("import.record_more_than_seats", "record {i}: more than {limit} "
                             "seats")
THE_SEATS_OR_OPTIONS_CANNOT = Msg("import.the_seats_or_options_cannot", "the seats or options "
                                  "cannot be used: {err}")
RECORD_IS_NOT_AN_OBJECT = Msg("import.record_is_not_an_object", "record {index} is not an object")
RECORD_FIELD_DATA_IS_NOT = Msg("import.record_field_data_is_not", "record {index}: field 'data' "
                               "is not an object")
RECORD_MALFORMED_RECORD = Msg("import.record_malformed_record", "record {index}: malformed "
                              "{kind} record ({err})")
RECORD_A_VALUE_OF_ITS = Msg("import.record_a_value_of_its", "record {index}: a value of its data "
                            "is longer than {limit} characters (the imported "
                            "text limit)")
THE_SEATS_OR_OPTIONS_CANNOT_2 = Msg("import.the_seats_or_options_cannot_2", "the seats or "
                                    "options cannot start a game: {err}")

ATTACH_THE_EXPORTED_GAME_A = Msg("import_game.attach_the_exported_game_a", "Attach the exported "
                                 "game (a .txt log or a .json export) to the `import` message.")
THERE_IS_ALREADY_A_GAME = Msg("import_game.there_is_already_a_game", "There is already a game "
                              "here ({status}); a moderator can `abandon` it before another is "
                              "imported.")
THAT_FILE_IS_OVER_BYTES = Msg("import_game.that_file_is_over_bytes", "That file is over "
                              "{limit:,} bytes (the import limit), too large to be a "
                              "game log. Nothing was imported.")
THAT_FILE_IS_NOT_TEXT = Msg("import_game.that_file_is_not_text", "That file is not text (UTF-8), "
                            "so it cannot be a game log. Nothing was imported.")
CANNOT_IMPORT_THAT_FILE_NOTHING = Msg("import_game.cannot_import_that_file_nothing", "Cannot "
                                      "import that file: {err}. Nothing was imported.")
THE_GAME_HAS_NOT_STARTED = Msg("import_game.the_game_has_not_started", "The game has not started "
                               "yet.")
USAGE = Msg("import_game.usage", "`import` (with the file attached)")
HELP = Msg("import_game.help", "`import` with a log file attached starts a game from it")

#: an imported seat's name that the name limits would write otherwise
NOT_WRITTEN_AS = Msg("import.name_not_written_as", "the name {name} is not written as {written}")
#: a text log's ``setting:`` line that names no table setting
UNKNOWN_SETTING = Msg("import.unknown_setting",
                      "line {line}: {name} is not a table setting busbot knows (it knows {known})")
#: user ids and names in an imported record: Discord's are at most 20 digits and 32 characters
MAX_USER_CHARS = 2 * MAX_NAME_CHARS

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("import_game.slash", "Moderators: load a game from an export")


@dataclass(frozen=True, slots=True)
class Import(Command):
    pass


def _import(w: Words) -> Command | None:
    return Import() if alone_or_game(w) else None


def import_game(ctx: Context[LiveGame | None], cmd: Import) -> Outcome:
    if not ctx.attachments:
        return refuse(ATTACH_THE_EXPORTED_GAME_A())
    return import_outcome(ctx, ctx.attachments[0].data)


# ---- import ------------------------------------------------------------------------------------


def read_import(handle: IO[bytes]) -> bytes:
    """An import file's bytes, read in bounded chunks: ``ExchangeError`` as soon as it passes
    ``MAX_IMPORT_BYTES``, so an endless file (``/dev/zero``) is never read whole."""
    chunks: list[bytes] = []
    size = 0
    while chunk := handle.read(READ_CHUNK_BYTES):
        size += len(chunk)
        if size > MAX_IMPORT_BYTES:
            raise ExchangeError(THE_FILE_IS_OVER_BYTES(limit=MAX_IMPORT_BYTES))
        chunks.append(chunk)
    return b"".join(chunks)


def read_import_file(path: str) -> bytes:
    """``read_import`` of a path; ``ExchangeError`` says why it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return read_import(handle)
    except OSError as err:
        raise ExchangeError(CANNOT_READ(path=str(path), err=str(err.strerror or err))) from None


def first_seat(text: str) -> Actor | None:
    """The player in a file's first seat, as a user: who imports it when nobody is named (a
    text log's seats go to the users of their names; a JSON export keeps its seats' users)."""
    try:
        if text.lstrip().startswith("{"):
            seat = json.loads(text)["game"]["seats"][0]
            name = str(seat["name"])
            return Actor(str(seat.get("user_id") or name), str(seat.get("user_name") or name))
        players = GameLog.parse(text).players
    except (LogError, ValueError, KeyError, IndexError, TypeError, RecursionError):
        return None
    return Actor(players[0], players[0]) if players else None


def import_outcome(ctx: Context[LiveGame | None], data: bytes) -> Outcome:
    """Create a game in this place from an exported file (text log or JSON)."""
    live = ctx.live
    if live is not None and live.is_open:
        return refuse(THERE_IS_ALREADY_A_GAME(status=live.status))
    if len(data) > MAX_IMPORT_BYTES:
        return refuse(THAT_FILE_IS_OVER_BYTES(limit=MAX_IMPORT_BYTES))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return refuse(THAT_FILE_IS_NOT_TEXT())
    draft = Draft(GameRecord(0, ctx.place), None, ctx.actor, ctx.now, ctx.message_id)
    try:
        if text.lstrip().startswith("{"):
            source = _from_json(draft, text)
        else:
            source = _from_txt(draft, text, ctx)
    except ExchangeError as err:
        return refuse(CANNOT_IMPORT_THAT_FILE_NOTHING(err=err.said))
    # Discord users named in the file never agreed to play here: their seats are offered.
    offered = [] if ctx.bind_imported_names else [
        s.name for s in draft.record.seats
        if discord_user(s.user_id) and s.agreed and not same_user(s.user_id, ctx.actor.user_id)]
    draft.add(payloads.Imported(source, tuple(offered)))
    record = draft.record
    players = ", ".join(f"{s.name} ({s.colour})" for s in record.seats)
    said: list[Said] = [IMPORTED(name=ctx.actor.name, source=source_words(source),
                                 players=players, moves=MOVES(n=len(record.moves)))]
    unbound = [s.name for s in record.seats if s.user_id is None]
    if unbound:
        said.append(EMPTY_SEATS(seats=", ".join(unbound)))
    if offered:
        said.append(OFFERED_SEATS(seats=", ".join(offered)))
    if draft.game is None:
        return Outcome(lines(*said, THE_GAME_HAS_NOT_STARTED()), draft=draft)
    return table_outcome(draft, said)


def _from_txt(draft: Draft, text: str, ctx: Context[LiveGame | None]) -> str:
    try:
        log = GameLog.parse(text)
        game = replay(log)
    except LogError as err:
        raise ExchangeError(err.text) from None
    try:
        check_distinct(log.players)
    except LimitError as err:
        raise ExchangeError(AT_LINE(line=log.header_lines.get("players", 1),
                                    err=str(err))) from None
    draft.add(payloads.Created(log.edition, {**log.options, **_settings(log)}))
    for p in game.state.players:
        if ctx.bind_imported_names or p.name.casefold() == ctx.actor.name.casefold():
            user_id: str | None = p.name if ctx.bind_imported_names else ctx.actor.user_id
        else:
            user_id = None
        # At the console the seats go to the users of the same names (the local operator's
        # choice, hence agreed); elsewhere only the importer's own seat is theirs.
        draft.add(payloads.Joined(p.colour, True, user_id, p.name, agreed=bool(user_id)),
                  seat=p.name)
    draft.add(payloads.Started(tuple(game.players), tuple(p.colour for p in game.state.players),
                             None, "import"))
    for name, move in game.history:
        seat = draft.record.seat(name)
        player = (seat.user_id, seat.user_name) if seat is not None and seat.user_id else None
        draft.add(payloads.Moved(imported=True), seat=name, text=str(move), user=player)
    draft.game = game
    return "text log"  # stored in the record as it is (``replies.SOURCES`` says it)


def _settings(log: GameLog) -> dict[str, str]:
    """A text log's table settings (``setting:`` lines), each one busbot knows with a value it
    takes; ``ExchangeError`` names the line of the first that is not."""
    for name, value in log.settings.items():
        line = log.header_lines.get(f"setting {name}", 1)
        if name not in TABLE_OPTIONS:
            raise ExchangeError(UNKNOWN_SETTING(line=line, name=repr(name[:40]),
                                                known=Listing(tuple(TABLE_OPTIONS), ", ")))
        try:
            build_options(log.edition, len(log.players), {name: value})
        except ValueError as err:
            raise ExchangeError(AT_LINE(line=line, err=str(err))) from None
    return dict(log.settings)


def _json_number(text: str) -> float | int:
    """A number of an imported JSON document, within ``MAX_JSON_NUMBER`` and finite."""
    try:
        value: float | int = (int(text) if text.lstrip("-").isdigit() and len(text) <= 20
                              else float(text))
    except ValueError:
        value = math.inf
    if not math.isfinite(value) or abs(value) > MAX_JSON_NUMBER:
        raise ExchangeError(OUT_OF_RANGE(number=text[:30], limit=MAX_JSON_NUMBER))
    return value


def _no_constant(name: str) -> Any:
    raise ExchangeError(IS_NOT_A_NUMBER_A(name=name))


def _json_depth(value: object) -> int:
    """How deep a parsed document nests (a walk without recursion)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _from_json(draft: Draft, text: str) -> str:
    too_deep = ExchangeError(THE_JSON_NESTS_DEEPER_THAN(limit=MAX_JSON_DEPTH))
    try:
        payload = json.loads(text, parse_int=_json_number, parse_float=_json_number,
                             parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ExchangeError(NOT_VALID_JSON_LINE(lineno=err.lineno, msg=err.msg)) from None
    except RecursionError:  # Python's reader gives up long before the text's end
        raise too_deep from None
    if _json_depth(payload) > MAX_JSON_DEPTH:
        raise too_deep
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ExchangeError(NOT_A_BUSBOT_GAME_EXPORT(format=FORMAT))
    if payload.get("version") != VERSION:
        raise ExchangeError(EXPORT_VERSION(version=repr(payload.get("version")),
                                           expected=VERSION))
    rows = payload.get("records")
    if not isinstance(rows, list) or not rows:
        raise ExchangeError(THE_EXPORT_HAS_NO_RECORDS())
    try:
        check_records(len(rows))
    except LimitError as err:
        raise ExchangeError(err.text) from None
    for i, row in enumerate(rows, start=1):
        rec = _record(row, i)
        try:
            draft.record.apply(rec)
        except RecordError as err:
            raise ExchangeError(str(err)) from None
        draft.new.append(rec)
        if isinstance(rec.payload, payloads.Joined) and len(draft.record.seats) > MAX_SEATS:
            raise ExchangeError(RECORD_MORE_THAN_SEATS(i=i, limit=MAX_SEATS))
    _check_seats(draft.record)
    if draft.record.status == GameStatus.LOBBY or draft.record.order_by is None:
        return "JSON export"
    draft.game = checked_replay(draft.record)
    return "JSON export"


def _check_seats(record: GameRecord) -> None:
    """The seats and options of an imported game, through the limits ``join`` and ``new game``
    use."""
    names = [s.name for s in record.seats]
    try:
        for name in names:
            if check_name(name) != name:
                raise LimitError(NOT_WRITTEN_AS(name=repr(name), written=repr(check_name(name))))
        check_distinct(names)
        build_options(record.edition, max(3, len(names)), record.options)
    except ValueError as err:  # LimitError is one
        raise ExchangeError(THE_SEATS_OR_OPTIONS_CANNOT(err=str(err))) from None


def _record(row: object, index: int) -> Record:
    """One record of a JSON export, with every field checked for its type."""
    if not isinstance(row, dict):
        raise ExchangeError(RECORD_IS_NOT_AN_OBJECT(index=index))

    def field(name: str, kinds: tuple[type, ...], optional: bool = False) -> Any:
        value = row.get(name)
        if value is None and optional:
            return None
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise ExchangeError(FIELD_MISSING(index=index, name=repr(name)))
        return value

    for name, limit in (("user_id", MAX_USER_CHARS), ("user_name", MAX_USER_CHARS),
                        ("seat", MAX_NAME_CHARS), ("text", MAX_IMPORTED_TEXT_CHARS),
                        ("message_id", MAX_USER_CHARS)):
        value = row.get(name)
        if isinstance(value, str) and len(value) > limit:
            raise ExchangeError(FIELD_LONG(index=index, name=repr(name), limit=limit))
    return Record(
        game_id=0, seq=field("seq", (int,)), kind=field("kind", (str,)),
        at=float(field("at", (int, float))), user_id=field("user_id", (str,)),
        user_name=field("user_name", (str,)), seat=field("seat", (str,), True),
        text=field("text", (str,), True), auto=bool(field("auto", (bool,), True)),
        message_id=field("message_id", (str,), True),
        data=_known_data(row.get("data") or {}, field("kind", (str,)), index),
    )


def _known_data(data: object, kind: str, index: int) -> dict[str, Any]:
    """A record's data as its kind's payload writes it: unknown keys are dropped (a file's
    junk is never stored or exported again), and every text must be within
    ``MAX_IMPORTED_TEXT_CHARS``. A kind nobody knows is left for the fold to refuse."""
    if not isinstance(data, dict):
        raise ExchangeError(RECORD_FIELD_DATA_IS_NOT(index=index))
    if kind not in payloads.PAYLOADS:
        return data
    try:
        known = payloads.read(kind, data).to_data()
    except (KeyError, TypeError, ValueError) as err:
        raise ExchangeError(RECORD_MALFORMED_RECORD(index=index, kind=kind, err=str(err))) from None
    stack: list[object] = list(known.values())
    while stack:
        value = stack.pop()
        if isinstance(value, str) and len(value) > MAX_IMPORTED_TEXT_CHARS:
            raise ExchangeError(RECORD_A_VALUE_OF_ITS(
                index=index, limit=MAX_IMPORTED_TEXT_CHARS))
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return known


def checked_replay(record: GameRecord) -> Game:
    """The game the records lead to; ``ExchangeError`` names the first move that fails."""
    try:
        return replay(record_log(record))
    except LogError as err:
        if err.move is None:
            raise ExchangeError(THE_SEATS_OR_OPTIONS_CANNOT_2(err=str(err))) from None
        raise ExchangeError(err.text) from None


ENTRY = Entry(
    "import", ("import",), USAGE(), _import,
    {Import: OpenRoute(import_game)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`import` (file attached; `import PATH` at the console)"),),
    slash=Slash("import", SLASH()), rank=2,
)
