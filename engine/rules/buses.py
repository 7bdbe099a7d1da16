"""Buses (R8): the chooser gains one bus up to the edition's limit; no choice, only an event."""

from __future__ import annotations

from engine.decisions import DecisionKind, Event, plural
from engine.rules.base import Rule
from engine.state import GameState, Task


class Buses(Rule):
    kind = DecisionKind.BUSES
    rule = "R8"

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        p = st.players[task.seat]
        limit = st.options.bus_limit
        if p.buses < limit:
            p.buses += 1
            return [Event("bus", f"{p.name} buys a bus ({plural(p.buses, 'bus', 'buses')}).",
                          p.name)]
        return [Event("bus", f"{p.name} already has {plural(limit, 'bus', 'buses')}, the limit: "
                      f"the Buses action does nothing.", p.name)]
