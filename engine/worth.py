"""What each space of the action board brings now: streets, a bus, passengers or buildings.

Before every marker a player weighs what each space would give; the board itself never says,
so a player could choose Line expansion space c for 0 streets, or Passengers with the supply
empty. ``space_worth`` reads it off a position, as the rules would resolve it if nothing else
changed: R5's count from the largest fleet (with R5's extra street for five players, and a bus
already chosen this round counted for Passengers and Buildings, not for Line expansion), R8's
bus up to the limit, and what R6 will forfeit (passengers the supply cannot cover, buildings
beyond the free lots and the type limits, taken in the order R4 resolves the spaces). The
numbers come from the rules' own steps (``Granted.begin``), never a copy of their sums.

Clock, Vrrooomm and Starting player have no worth here: what Vrrooomm carries depends on the
clock, the passengers and the deliveries that resolve before it, which the position does not
know yet. Pure: it only reads the state it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.decisions import DecisionKind
from engine.moves import ACTIONS, BUILDING_TYPES, SPACES, ActionName
from engine.rules import RULES
from engine.state import GameState, Task

#: The actions a space of which is worth a count, with the unit of the count.
UNITS: dict[str, str] = {
    "lines": "street", "buses": "bus", "passengers": "passenger", "buildings": "building",
}


@dataclass(frozen=True, slots=True)
class SpaceWorth:
    """What one space brings when it resolves, as the position stands."""

    action: ActionName
    space: int  # 0 is space a
    count: int
    unit: str  # ``UNITS``: "street", "bus", "passenger" or "building"
    #: the fleet the count comes from: the largest (R5; with a bus bought before the space
    #: resolves), or for Buses the chooser's own
    fleet: int
    #: the seat whose marker is on it; None for a free space
    seat: int | None
    #: why it brings less than R5 gives: "supply" (passengers), "lots" (buildings) or "limit"
    #: (buses, or buildings of every type); None when it does not
    short: str | None = None


def space_worth(state: GameState) -> dict[tuple[str, int], SpaceWorth]:
    """Every space still to resolve this round, by (action, space): while choosing, every space
    of the four actions with a count (taken or free, a free Buses space for the player to
    choose); while resolving, the space being resolved (what it still brings) and those after
    it. Empty in the setup and once the game is over."""
    if state.phase == "choosing":
        return _choosing(state)
    if state.phase == "resolving":
        return _resolving(state)
    return {}


def _count(state: GameState, action: ActionName, space: int) -> int:
    """R5's count for ``space``: the rule's own ``Granted.begin``, on a scratch task."""
    kind = DecisionKind(action)
    task = Task(kind, None, space)
    RULES[kind].begin(state, task)
    return task.remaining


def _after_bus(state: GameState, buyer: int | None) -> GameState:
    """The state as Passengers and Buildings will find it: with the bus of a Buses space that
    has not resolved yet (R5: it counts for them)."""
    if buyer is None or state.players[buyer].buses >= state.options.bus_limit:
        return state
    after = state.copy()
    after.players[buyer].buses += 1
    return after


def _top(state: GameState) -> int:
    return max(p.buses for p in state.players)


def _free_lots(state: GameState) -> int:
    """How many buildings can still go up: free lots, within the type limits (R10)."""
    free = state.lots.count(None)
    limit = state.options.building_type_limit
    if limit:
        free = min(free, sum(max(0, limit - state.type_count(kind)) for kind in BUILDING_TYPES))
    return free


class _Pools:
    """What the supply and the city still hold, spent space by space in resolution order."""

    def __init__(self, state: GameState) -> None:
        self.passengers = state.passenger_supply
        self.buildings = _free_lots(state)
        self.why_buildings = "lots" if self.buildings == state.lots.count(None) else "limit"

    def take(self, action: ActionName, count: int) -> tuple[int, str | None]:
        """What a space owed ``count`` gets, and why it gets less."""
        if action == "passengers":
            got = min(count, self.passengers)
            self.passengers -= got
            return got, "supply" if got < count else None
        if action == "buildings":
            got = min(count, self.buildings)
            self.buildings -= got
            return got, self.why_buildings if got < count else None
        return count, None


def _bus(state: GameState, space: int, seat: int | None, chooser: int | None) -> SpaceWorth:
    """The Buses space: a bus for ``chooser`` (the seat on it, else the player choosing now),
    none at the limit (R8)."""
    if chooser is None:
        return SpaceWorth("buses", space, 1, UNITS["buses"], _top(state), seat)
    p = state.players[chooser]
    full = p.buses >= state.options.bus_limit
    return SpaceWorth("buses", space, 0 if full else 1, UNITS["buses"], p.buses, seat,
                      "limit" if full else None)


def _granted(state: GameState, after_bus: GameState, pools: _Pools, action: ActionName,
             space: int, seat: int | None, owed: int | None = None) -> SpaceWorth:
    """A space of Line expansion, Passengers or Buildings; ``owed`` is what the space being
    resolved still owes (else R5's count when it begins)."""
    at = state if action == "lines" else after_bus  # Line expansion resolves before Buses
    got, short = pools.take(action, _count(at, action, space) if owed is None else owed)
    return SpaceWorth(action, space, got, UNITS[action], _top(at), seat, short)


def _choosing(state: GameState) -> dict[tuple[str, int], SpaceWorth]:
    taken = state.spaces
    bought = taken.get("buses", [])
    after_bus = _after_bus(state, bought[0] if bought else None)
    out: dict[tuple[str, int], SpaceWorth] = {
        ("buses", 0): _bus(state, 0, bought[0], bought[0]) if bought
        else _bus(state, 0, None, state.current)}
    for action in _GRANTED:
        seats = taken.get(action, [])
        # the taken spaces spend the pools in the order they resolve (R4); a free space would
        # be the last chosen, so it is counted from what the taken ones leave (Passengers,
        # from space a on) or from the whole city (Buildings, from the last chosen space)
        order = range(len(seats) - 1, -1, -1) if action == "buildings" else range(len(seats))
        pools = _Pools(state)
        for space in order:
            out[(action, space)] = _granted(state, after_bus, pools, action, space, seats[space])
        for space in range(len(seats), SPACES[action]):
            left = pools if action == "passengers" else _Pools(state)
            out[(action, space)] = _granted(state, after_bus, left, action, space, None)
    return out


def _resolving(state: GameState) -> dict[tuple[str, int], SpaceWorth]:
    buyer = next((t.seat for t in state.queue if t.action == DecisionKind.BUSES), None)
    after_bus = _after_bus(state, buyer)
    pools = _Pools(state)
    out: dict[tuple[str, int], SpaceWorth] = {}
    now = state.task
    tasks: list[tuple[Task, int | None]] = [(now, now.remaining)] if now is not None else []
    tasks += [(task, None) for task in state.queue]
    for task, owed in tasks:
        action = _ACTION.get(task.action)
        if action is None or task.seat is None:
            continue
        if action == "buses":
            if owed is None:  # once begun, a Buses space is resolved: it never waits
                out[(action, task.space)] = _bus(state, task.space, task.seat, task.seat)
            continue
        out[(action, task.space)] = _granted(state, after_bus, pools, action, task.space,
                                             task.seat, owed)
    return out


#: The actions whose spaces bring R5's count, and each action with a worth by its step.
_GRANTED: tuple[ActionName, ...] = ("lines", "passengers", "buildings")
_ACTION: dict[str, ActionName] = {a: a for a in ACTIONS if a in UNITS}


__all__ = ["UNITS", "SpaceWorth", "space_worth"]
