"""Vrrooomm (R12): each of the chooser's buses carries one passenger who wants to leave, from a
crossing on the chooser's line to a free building of the clock's type on it, as many as
possible; who wants to leave and what is free is ``GameState.balance_at``."""

from __future__ import annotations

from functools import cache

from engine.board import BOARD
from engine.decisions import DecisionKind, Event, plural
from engine.errors import IllegalMove
from engine.moves import SPACE_LETTERS, Deliver, Move
from engine.rules.base import Rule, check_label, texts
from engine.state import GameState, PlayerState, Task

LOTS_AT = BOARD.lots_at
#: one ``Deliver`` per pair of crossings, made when first offered rather than all 1,260 at import
_deliver = cache(Deliver)


def ends(st: GameState, p: PlayerState) -> tuple[list[str], list[str]]:
    """The crossings on the player's line where someone wants to leave, and where a building of
    the clock's type is free."""
    sources, targets, _, _ = counted_ends(st, p)
    return sources, targets


def counted_ends(st: GameState, p: PlayerState) -> tuple[list[str], list[str], int, int]:
    """``ends``, with the passengers who want to leave and the free buildings summed over them
    (``GameState.waiting_at`` and ``free_at``), found in the same walk along the line."""
    sources: list[str] = []
    targets: list[str] = []
    waiting = free = 0
    wanted, lots, passengers = st.clock_type, st.lots, st.passengers
    for label in dict.fromkeys(p.line):
        balance = passengers.get(label, 0)  # ``GameState.balance_at``, without a call each
        for i in LOTS_AT[label]:
            if lots[i] == wanted:
                balance -= 1
        if balance > 0:
            sources.append(label)
            waiting += balance
        elif balance < 0:
            targets.append(label)
            free -= balance
    return sources, targets, waiting, free


class Vrrooomm(Rule):
    kind = DecisionKind.VROOM
    rule = "R12"
    asks = "deliver passengers"
    takes = (Deliver,)
    unit = "delivery"

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        sources, targets = ends(st, p)
        return [_deliver(a, b) for a in sources for b in targets]

    def describe(self, st: GameState, p: PlayerState, count: int) -> str:
        return (f"deliver {plural(count, 'passenger')} to {st.clock_type}s on your line "
                f"(Deliver from X to Y)")

    def begin(self, st: GameState, task: Task) -> None:
        assert task.seat is not None
        p = st.players[task.seat]
        _, _, waiting, free = counted_ends(st, p)
        task.remaining = min(p.buses, waiting, free)

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        p = st.players[task.seat]
        self.begin(st, task)
        text = (f"Vrrooomm (space {SPACE_LETTERS[task.space]}): {p.name}'s "
                f"{plural(p.buses, 'bus', 'buses')} can carry "
                f"{plural(task.remaining, 'passenger')} to {st.clock_type}s.")
        return [Event("resolve", text, p.name)]

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, Deliver) and st.task is not None
        check_label(move.frm, self.rule)
        check_label(move.to, self.rule)
        sources, targets = ends(st, p)
        if move.frm not in sources or move.to not in targets:
            raise IllegalMove(self._why_not(st, p, move, sources), rule=self.rule,
                              alternatives=texts(self.moves(st, p), 12))
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, Deliver) and st.task is not None
        st.passengers[move.frm] -= 1
        if not st.passengers[move.frm]:
            del st.passengers[move.frm]
        st.passengers[move.to] = st.passengers.get(move.to, 0) + 1
        p.carried += 1
        p.reached_at = st.moves_played + 1
        st.task.remaining -= 1
        return []

    @staticmethod
    def _why_not(st: GameState, p: PlayerState, move: Deliver, sources: list[str]) -> str:
        on_line = set(p.line)
        want = st.clock_type
        for label in (move.frm, move.to):
            if label not in on_line:
                return f"{label} is not on {p.name}'s line"
        if move.frm not in sources:
            if not st.passengers.get(move.frm, 0):
                return f"no passenger waits at {move.frm}"
            return (f"nobody at {move.frm} wants to leave: the passengers there sit in its "
                    f"{want}s")
        return f"{move.to} has no free {want} (the clock shows {want})"

    def why_forfeit(self, st: GameState, p: PlayerState) -> str:
        return "nothing more to carry"
