"""What the computer player knows about a position beyond the rules: distances on the city's
streets, what a line could carry under each clock type, and who wants to leave where.

Everything here reads the state and changes nothing."""

from __future__ import annotations

from collections import deque

from engine.board import BOARD, STATIONS
from engine.state import CLOCK, GameState, PlayerState


def _distances() -> dict[str, dict[str, int]]:
    """Streets between every two crossings (breadth-first from each)."""
    out: dict[str, dict[str, int]] = {}
    for start in BOARD.labels:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for there, _ in BOARD.adjacent[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    todo.append(there)
        out[start] = seen
    return out


#: streets between two crossings, by the shortest way
DISTANCE = _distances()
#: the building types at each crossing's lots are read from the state; these never change
LOTS_AT = BOARD.lots_at
_KIND = {kind: i for i, kind in enumerate(CLOCK)}


def balance(st: GameState, label: str, kind: str) -> int:
    """Passengers at a crossing minus its buildings of ``kind``: above zero, that many want to
    leave when the clock shows ``kind``; below zero, that many such buildings are free."""
    lots = st.lots
    seats = 0
    for i in LOTS_AT[label]:
        if lots[i] == kind:
            seats += 1
    return st.passengers.get(label, 0) - seats


def carry_each(st: GameState, p: PlayerState) -> tuple[int, int, int]:
    """How many passengers the player's buses could carry now under each clock type (in the
    order of ``CLOCK``), in one pass over the line."""
    waiting = [0, 0, 0]
    free = [0, 0, 0]
    lots = st.lots
    passengers = st.passengers
    for label in set(p.line):
        here = passengers.get(label, 0)
        built = [0, 0, 0]
        for i in LOTS_AT[label]:
            kind = lots[i]
            if kind is not None:
                built[_KIND[kind]] += 1
        for k in (0, 1, 2):
            b = here - built[k]
            if b > 0:
                waiting[k] += b
            else:
                free[k] -= b
    buses = p.buses
    return (min(buses, waiting[0], free[0]), min(buses, waiting[1], free[1]),
            min(buses, waiting[2], free[2]))


def next_kind(st: GameState) -> str:
    """The building type the clock shows after it advances."""
    return CLOCK[(st.clock + 1) % len(CLOCK)]


def wanting(st: GameState, kind: str) -> dict[str, int]:
    """The crossings where passengers would want to leave under ``kind``, with how many."""
    out: dict[str, int] = {}
    for label, count in st.passengers.items():
        if label in STATIONS:
            out[label] = count
            continue
        b = balance(st, label, kind)
        if b > 0:
            out[label] = b
    return out


def nearest(label: str, targets: dict[str, int] | set[str] | list[str]) -> int:
    """Streets from ``label`` to the nearest of ``targets`` (99 when there are none)."""
    if not targets:
        return 99
    return min(map(DISTANCE[label].__getitem__, targets))
