"""The clock (R11): house, office, pub, round again. Nobody took it: it advances by itself. Its
chooser lets it advance or stops time for a clock stone; the last stone ends the game (R14)."""

from __future__ import annotations

from engine.decisions import DecisionKind, Event, told
from engine.moves import BUILDING_NAME, ClockChoice, Move
from engine.rules.base import Rule
from engine.state import CLOCK, GameState, PlayerState, Task
from engine.text import Msg, Text

ASKS = Msg("rules.clock.asks", "stop time or advance the clock")
STOP_OR_ADVANCE = Msg("rules.clock.stop_or_advance",
                      "stop time (the clock stays on {now}, you take a clock stone) or advance "
                      "the clock to {next}")
NOBODY_TOOK = Msg("rules.clock.nobody_took", "Nobody took the clock: it moves to {building}.")
STOPS = Msg("rules.clock.stops",
            "{name} stops time: the clock stays on {building}; {name} takes a clock stone "
            "({left} left).")
RUNS = Msg("rules.clock.runs", "{name} lets time run: the clock moves to {building}.")

_CLOCK: list[Move] = [ClockChoice(True), ClockChoice(False)]


def advance(st: GameState) -> None:
    st.clock = (st.clock + 1) % len(CLOCK)


class Clock(Rule):
    kind = DecisionKind.CLOCK
    rule = "R11"
    asks = ASKS
    takes = (ClockChoice,)

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        return list(_CLOCK)

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        nxt = CLOCK[(st.clock + 1) % len(CLOCK)]
        return STOP_OR_ADVANCE(now=BUILDING_NAME[st.clock_type](), next=BUILDING_NAME[nxt]())

    def start(self, st: GameState, task: Task) -> list[Event]:
        if task.seat is None:
            advance(st)
            return [told("clock", NOBODY_TOOK, None, building=BUILDING_NAME[st.clock_type])]
        task.remaining = 1
        return []

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, ClockChoice) and st.task is not None
        st.task.remaining = 0
        if move.stop:
            st.clock_stones_left -= 1
            p.stones += 1
            return [told("clock", STOPS, p.name, name=p.name,
                         building=BUILDING_NAME[st.clock_type], left=st.clock_stones_left)]
        advance(st)
        return [told("clock", RUNS, p.name, name=p.name, building=BUILDING_NAME[st.clock_type])]
