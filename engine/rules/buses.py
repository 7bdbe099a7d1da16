"""Buses (R8): the chooser gains one bus up to the edition's limit; no choice, only an event."""

from __future__ import annotations

from engine.decisions import DecisionKind, Event, told
from engine.rules.base import Rule
from engine.state import GameState, Task
from engine.text import Plural

BUYS = Plural("rules.buses.buys", "{name} buys a bus ({n} bus).", "{name} buys a bus ({n} buses).")
AT_THE_LIMIT = Plural("rules.buses.limit",
                      "{name} already has {n} bus, the limit: the Buses action does nothing.",
                      "{name} already has {n} buses, the limit: the Buses action does nothing.")


class Buses(Rule):
    kind = DecisionKind.BUSES
    rule = "R8"

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        p = st.players[task.seat]
        limit = st.options.bus_limit
        if p.buses < limit:
            p.buses += 1
            return [told("bus", BUYS, p.name, name=p.name, n=p.buses)]
        return [told("bus", AT_THE_LIMIT, p.name, name=p.name, n=limit)]
