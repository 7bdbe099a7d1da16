"""The clock (R11): house, office, pub, round again. Nobody took it: it advances by itself. Its
chooser lets it advance or stops time for a clock stone; the last stone ends the game (R14)."""

from __future__ import annotations

from engine.decisions import DecisionKind, Event
from engine.moves import ClockChoice, Move
from engine.rules.base import Rule
from engine.state import CLOCK, GameState, PlayerState, Task

_CLOCK: list[Move] = [ClockChoice(True), ClockChoice(False)]


def advance(st: GameState) -> None:
    st.clock = (st.clock + 1) % len(CLOCK)


class Clock(Rule):
    kind = DecisionKind.CLOCK
    rule = "R11"
    asks = "stop time or advance the clock"
    takes = (ClockChoice,)

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        return list(_CLOCK)

    def describe(self, st: GameState, p: PlayerState, count: int) -> str:
        nxt = CLOCK[(st.clock + 1) % len(CLOCK)]
        return (f"stop time (the clock stays on {st.clock_type}, you take a clock stone) "
                f"or advance the clock to {nxt}")

    def start(self, st: GameState, task: Task) -> list[Event]:
        if task.seat is None:
            advance(st)
            return [Event("clock", f"Nobody took the clock: it moves to {st.clock_type}.")]
        task.remaining = 1
        return []

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, ClockChoice) and st.task is not None
        st.task.remaining = 0
        if move.stop:
            st.clock_stones_left -= 1
            p.stones += 1
            return [Event("clock", f"{p.name} stops time: the clock stays on {st.clock_type}; "
                          f"{p.name} takes a clock stone ({st.clock_stones_left} left).", p.name)]
        advance(st)
        return [Event("clock", f"{p.name} lets time run: the clock moves to {st.clock_type}.",
                      p.name)]
