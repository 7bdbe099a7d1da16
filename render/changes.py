"""What changed since the previous picture: the moves, and every piece they put on the table.

A message can hold several moves ("extend C1 C2 C3 C4"), a command can play automatic ones,
and the game itself moves on between them (a bus bought when the Buses action resolves, the
clock moving when nobody took it). The picture highlights all of it, so it is worked out here
once, from the position the previous picture showed and the one drawn now. Without the previous
position (a picture asked for with ``map``) only the last move is highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.board import BOARD
from engine.moves import ClockChoice, ExtendLine, Move, PlaceBuilding, StartLine
from engine.state import GameState

Seated = tuple[int, Move]


@dataclass(frozen=True, slots=True)
class Changes:
    #: the moves made since the previous picture, in order, with the seat that made each
    moves: tuple[Seated, ...] = ()
    #: moves the previous picture showed that are no longer played (an undo or a correction)
    taken_back: tuple[Seated, ...] = ()
    #: lots built, streets added to a line, seats that bought a bus
    lots: frozenset[int] = field(default_factory=frozenset)
    streets: tuple[int, ...] = ()
    buses: frozenset[int] = field(default_factory=frozenset)
    #: the clock moved or was stopped
    clock: bool = False


def find_changes(state: GameState, history: Sequence[tuple[str, Move]],
                 before: GameState | None, before_history: Sequence[tuple[str, Move]] | None,
                 ) -> Changes:
    """The changes from ``before`` (the previous picture; None: only the last move) to now."""
    seats = {p.name: p.seat for p in state.players}

    def seated(moves: Sequence[tuple[str, Move]]) -> tuple[Seated, ...]:
        return tuple((seats[name], move) for name, move in moves if name in seats)

    if before is None or before_history is None or len(before.players) != len(state.players):
        return _from_moves(state, seated(history[-1:]))
    shared = 0
    for (_, old), (_, new) in zip(before_history, history, strict=False):
        if old != new:
            break
        shared += 1
    moves = seated(history[shared:])
    taken_back = seated(before_history[shared:])
    if not moves and not taken_back:  # nothing was played: show what was played last
        return _from_moves(state, seated(history[-1:]))
    lots = frozenset(i for i, (old, new) in enumerate(zip(before.lots, state.lots, strict=True))
                     if old is None and new is not None)
    streets = sorted({s for p, q in zip(before.players, state.players, strict=True)
                      for s in q.streets - p.streets})
    buses = frozenset(q.seat for p, q in zip(before.players, state.players, strict=True)
                      if q.buses > p.buses)
    clock = (state.clock != before.clock or state.clock_stones_left != before.clock_stones_left
             or any(isinstance(m, ClockChoice) for _, m in moves))
    return Changes(moves, taken_back, lots, tuple(streets), buses, clock)


def _from_moves(state: GameState, moves: tuple[Seated, ...]) -> Changes:
    """What the moves themselves show, where the earlier position is not known."""
    streets: list[int] = []
    lots: set[int] = set()
    for _, move in reversed(moves):
        if isinstance(move, StartLine | ExtendLine):
            a, b = (move.a, move.b) if isinstance(move, StartLine) else (move.frm, move.to)
            street = BOARD.street_between(a, b)
            if street is not None:
                streets.append(street)
        elif isinstance(move, PlaceBuilding):
            # lots at a crossing fill in zone order (R10): the newest is the last one built
            built = sorted((BOARD.lots[i].zone, i) for i in BOARD.lots_at[move.node]
                           if state.lots[i] == move.kind and i not in lots)
            if built:
                lots.add(built[-1][1])
    clock = any(isinstance(m, ClockChoice) for _, m in moves)
    return Changes(moves, (), frozenset(lots), tuple(sorted(streets)), frozenset(), clock)
