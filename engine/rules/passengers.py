"""Passengers (R9): each new passenger comes from the supply to a station of the chooser's
choice, one move each; what the supply cannot cover is forfeited (R6)."""

from __future__ import annotations

from engine.board import STATIONS
from engine.decisions import DecisionKind, Event, plural
from engine.errors import IllegalMove
from engine.moves import Move, PlacePassenger
from engine.rules.base import Granted
from engine.state import GameState, PlayerState

_PASSENGER = {s: PlacePassenger(s) for s in STATIONS}
_BOTH = tuple(_PASSENGER[s] for s in STATIONS)


class Passengers(Granted):
    kind = DecisionKind.PASSENGERS
    rule = "R9"
    asks = "place passengers at a station"
    takes = (PlacePassenger,)
    unit = "passenger"

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        return list(_BOTH) if st.passenger_supply > 0 else []

    def describe(self, st: GameState, p: PlayerState, count: int) -> str:
        supply = st.passenger_supply
        if supply >= count:
            return (f"place {plural(count, 'passenger')} at a station (WS or ES); "
                    f"{supply} in the supply")
        short = count - supply
        return (f"place {plural(supply, 'passenger')} at a station (WS or ES): only {supply} "
                f"{'is' if supply == 1 else 'are'} left in the supply, so the other {short} "
                f"{'is' if short == 1 else 'are'} forfeited")

    def impossible(self, st: GameState) -> str | None:
        if st.passenger_supply > 0:
            return None
        return (f"the passenger supply is empty (all {st.options.passengers} passengers are on "
                f"the board), so no passenger can be placed; any still owed are forfeited")

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, PlacePassenger) and st.task is not None
        empty = self.impossible(st)
        if empty is not None:
            raise IllegalMove(empty, rule=self.rule)
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, PlacePassenger) and st.task is not None
        st.passenger_supply -= 1
        st.passengers[move.station] = st.passengers.get(move.station, 0) + 1
        st.task.remaining -= 1
        return []

    def why_forfeit(self, st: GameState, p: PlayerState) -> str:
        return "the passenger supply is empty"
