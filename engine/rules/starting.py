"""Starting player (R13): the chooser starts the next round; if nobody chose it, the seat to the
left of the current starting player does, skipping players without markers."""

from __future__ import annotations

from engine.decisions import DecisionKind, Event, told
from engine.rules.base import Rule
from engine.state import GameState, Task
from engine.text import Msg

STARTS_NEXT = Msg("rules.start.next", "{name} will start the next round.")


class Starting(Rule):
    kind = DecisionKind.START
    rule = "R13"

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        st.next_start = task.seat
        name = st.players[task.seat].name
        return [told("start", STARTS_NEXT, name, name=name)]


def pass_start(st: GameState) -> None:
    """Hand the starting player on at the end of a round (R13)."""
    if st.next_start is not None:
        st.start_seat = st.next_start
        return
    n = len(st.players)
    for k in range(1, n + 1):
        seat = (st.start_seat + k) % n
        if st.players[seat].markers > 0:
            st.start_seat = seat
            return
