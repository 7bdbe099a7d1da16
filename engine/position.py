"""A kept position written down and read back, so that a stored game resumes near its end
instead of replaying every move from the first.

A written position is derived data: the log is the truth, and a position is used only when it
proves that it belongs to the log in hand. Each carries the engine's format number, the number
of moves that led to it, a digest of those moves' texts and a digest of its own body; ``read``
returns None for one that is stale (the moves before it were undone or corrected since), damaged
or written by another format, and ``replay`` then starts from an earlier one or from move 1. The
seats, colours and options are not written: they come from the log, so a position cannot
disagree with them. Pure computation: bytes in, bytes out, no file and no clock.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from engine.board import BOARD
from engine.decisions import DecisionKind
from engine.limits import MAX_POSITION_BYTES
from engine.moves import ACTIONS, BUILDING_TYPES
from engine.state import CLOCK, GameState, PlayerState, Task

#: bumped whenever what a position holds or how it is written changes; other formats are ignored
FORMAT = 1
_MAGIC = b"bus-position"
_PHASES = ("setup", "choosing", "resolving", "over")
_ENDINGS = (None, "clock", "markers", "lots")
#: a bound on every count in a position (markers, passengers, moves), far above any real game's
_MAX_COUNT = 1_000_000


def moves_digest(moves: Iterable[tuple[str, str]]) -> str:
    """A digest of a list of moves (seat, text): what a position says led to it."""
    h = hashlib.blake2b(digest_size=16)
    for seat, text in moves:
        h.update(f"{seat}\t{text}\n".encode())
    return h.hexdigest()


def digests_at(moves: Sequence[tuple[str, str]], counts: Iterable[int]) -> dict[int, str]:
    """``moves_digest`` of the first ``n`` moves for each ``n`` in ``counts``, in one pass."""
    wanted = sorted({n for n in counts if 0 <= n <= len(moves)})
    out: dict[int, str] = {}
    h = hashlib.blake2b(digest_size=16)
    done = 0
    for n in wanted:
        for seat, text in moves[done:n]:
            h.update(f"{seat}\t{text}\n".encode())
        done = n
        out[n] = h.copy().hexdigest()
    return out


def write(state: GameState, history: Sequence[tuple[str, str]]) -> bytes:
    """The position ``state`` reached after the moves ``history`` (seat, canonical text)."""
    body = zlib.compress(json.dumps(_encode(state), separators=(",", ":")).encode(), 6)
    check = hashlib.blake2b(body, digest_size=16).hexdigest()
    head = f"{FORMAT} {len(history)} {moves_digest(history)} {check}\n".encode()
    return _MAGIC + b" " + head + body


def header(data: bytes) -> tuple[int, str] | None:
    """The move count and moves' digest a written position claims, or None when it is not a
    position of this format (cheap: the body is not read)."""
    try:
        line, _ = data.split(b"\n", 1)
        magic, fmt, moves, digest, _check = line.decode("ascii").split(" ")
    except (ValueError, UnicodeDecodeError):
        return None
    if magic.encode() != _MAGIC or fmt != str(FORMAT) or not moves.isdigit():
        return None
    return int(moves), digest


def read(data: bytes, start: GameState) -> GameState | None:
    """The position written in ``data``, for the game whose opening position is ``start``
    (its seats, colours and options are taken from there); None when the body is damaged or
    larger than any real position (checked before anything is decompressed)."""
    if len(data) > MAX_POSITION_BYTES:
        return None
    try:
        line, body = data.split(b"\n", 1)
        check = line.decode("ascii").rsplit(" ", 1)[1]
        if hashlib.blake2b(body, digest_size=16).hexdigest() != check:
            return None
        return _decode(json.loads(_inflate(body)), start)
    except (ValueError, TypeError, KeyError, IndexError, zlib.error, UnicodeDecodeError,
            RecursionError):
        return None


def _inflate(body: bytes) -> bytes:
    """The body decompressed, never more than ``MAX_POSITION_BYTES`` (a ``ValueError`` beyond:
    a few kB of crafted input can otherwise expand to gigabytes)."""
    inflater = zlib.decompressobj()
    out = inflater.decompress(body, MAX_POSITION_BYTES)
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("a position larger than any game's")
    return out


# ---- the body ---------------------------------------------------------------------------------

def _encode(st: GameState) -> dict[str, Any]:
    return {
        "players": [[p.markers, p.buses, p.carried, p.stones, p.line, sorted(p.streets),
                     p.placed, p.passed, p.reached_at] for p in st.players],
        "phase": st.phase, "round": st.round, "clock": st.clock,
        "stones": st.clock_stones_left, "supply": st.passenger_supply,
        "passengers": st.passengers, "lots": st.lots, "street_lines": st.street_lines,
        "spaces": st.spaces, "start": st.start_seat, "next": st.next_start,
        "current": st.current, "task": _task(st.task) if st.task else None,
        "queue": [_task(t) for t in st.queue], "ended_by": st.ended_by,
        "moves_played": st.moves_played,
    }


def _task(t: Task) -> list[object]:
    return [t.action.value, t.seat, t.space, t.remaining]


def _decode(raw: Any, start: GameState) -> GameState:
    """A ``GameState`` from its written body, checking every value's type and range (a
    ``ValueError`` for anything out of place)."""
    if not isinstance(raw, dict):
        raise ValueError("not a position")
    seats = len(start.players)
    players = []
    rows = _list(raw["players"])
    if len(rows) != seats:
        raise ValueError("wrong number of players")
    for p, row in zip(start.players, rows, strict=True):
        markers, buses, carried, stones, line, streets, placed, passed, reached = _list(row)
        players.append(PlayerState(
            p.name, p.colour, p.seat, _count(markers), _count(buses), _count(carried),
            _count(stones), [_label(x) for x in _list(line)],
            {_below(x, len(BOARD.streets)) for x in _list(streets)}, _count(placed),
            _flag(passed), _count(reached)))
    lots = [None if x is None else _one_of(x, BUILDING_TYPES) for x in _list(raw["lots"])]
    street_lines = [[_below(s, seats) for s in _list(row)] for row in _list(raw["street_lines"])]
    spaces = {_one_of(a, ACTIONS): [_below(s, seats) for s in _list(v)]
              for a, v in _dict(raw["spaces"]).items()}
    if len(lots) != len(BOARD.lots) or len(street_lines) != len(BOARD.streets) \
            or set(spaces) != set(ACTIONS):
        raise ValueError("not this board's position")
    return GameState(
        edition=start.edition, options=start.options, players=players,
        phase=_one_of(raw["phase"], _PHASES),
        round=_count(raw["round"]), clock=_below(raw["clock"], len(CLOCK)),
        clock_stones_left=_count(raw["stones"]), passenger_supply=_count(raw["supply"]),
        passengers={_label(k): _count(v) for k, v in _dict(raw["passengers"]).items()},
        lots=lots, street_lines=street_lines, spaces=spaces,
        start_seat=_below(raw["start"], seats), next_start=_seat_or_none(raw["next"], seats),
        current=_seat_or_none(raw["current"], seats),
        task=None if raw["task"] is None else _read_task(raw["task"], seats),
        queue=[_read_task(t, seats) for t in _list(raw["queue"])],
        ended_by=_one_of(raw["ended_by"], _ENDINGS),
        moves_played=_count(raw["moves_played"]),
    )


def _read_task(raw: Any, seats: int) -> Task:
    action, seat, space, remaining = _list(raw)
    return Task(DecisionKind(action), _seat_or_none(seat, seats), _count(space),
                _count(remaining))


def _list(x: Any) -> list[Any]:
    if not isinstance(x, list):
        raise ValueError("a list was expected")
    return x


def _dict(x: Any) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise ValueError("a mapping was expected")
    return x


def _count(x: Any) -> int:
    if type(x) is not int or not 0 <= x <= _MAX_COUNT:
        raise ValueError("a count was expected")
    return x


def _below(x: Any, limit: int) -> int:
    n = _count(x)
    if n >= limit:
        raise ValueError("an index out of range")
    return n


def _seat_or_none(x: Any, seats: int) -> int | None:
    return None if x is None else _below(x, seats)


def _flag(x: Any) -> bool:
    if type(x) is not bool:
        raise ValueError("true or false was expected")
    return x


def _label(x: Any) -> str:
    if not isinstance(x, str) or not BOARD.is_label(x):
        raise ValueError("a crossing was expected")
    return x


def _one_of(x: Any, allowed: Sequence[Any]) -> Any:
    if x not in allowed:
        raise ValueError("an unknown value")
    return x

