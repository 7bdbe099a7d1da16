"""Passengers (R9): each new passenger comes from the supply to a station of the chooser's
choice, one move each; what the supply cannot cover is forfeited (R6)."""

from __future__ import annotations

from engine.board import STATIONS
from engine.decisions import PASSENGERS, DecisionKind, Event
from engine.errors import IllegalMove
from engine.moves import Move, PlacePassenger
from engine.rules.base import Granted
from engine.state import GameState, PlayerState
from engine.text import Msg, Plural, Text

ASKS = Msg("rules.passengers.asks", "place passengers at a station")
GETS = Plural("rules.passengers.gets", "Passengers (space {space}): {name} gets {n} passenger.",
              "Passengers (space {space}): {name} gets {n} passengers.")
PLACE = Plural("rules.passengers.place",
               "place {n} passenger at a station (WS or ES); {supply} in the supply",
               "place {n} passengers at a station (WS or ES); {supply} in the supply")
#: the prompt when the supply cannot cover what is owed: by the supply left, and by whether one
#: or more are forfeited
PLACE_LAST_ONE_LOST = Plural(
    "rules.passengers.place_last_one_lost",
    "place {n} passenger at a station (WS or ES): only {n} is left in the supply, so the other "
    "{short} is forfeited",
    "place {n} passengers at a station (WS or ES): only {n} are left in the supply, so the "
    "other {short} is forfeited")
PLACE_LAST_MORE_LOST = Plural(
    "rules.passengers.place_last_more_lost",
    "place {n} passenger at a station (WS or ES): only {n} is left in the supply, so the other "
    "{short} are forfeited",
    "place {n} passengers at a station (WS or ES): only {n} are left in the supply, so the "
    "other {short} are forfeited")
SUPPLY_EMPTY = Msg("rules.passengers.supply_empty",
                   "the passenger supply is empty (all {n} passengers are on the board), so no "
                   "passenger can be placed; any still owed are forfeited")
NO_SUPPLY = Msg("rules.passengers.no_supply", "the passenger supply is empty")

_PASSENGER = {s: PlacePassenger(s) for s in STATIONS}
_BOTH = tuple(_PASSENGER[s] for s in STATIONS)


class Passengers(Granted):
    kind = DecisionKind.PASSENGERS
    rule = "R9"
    asks = ASKS
    takes = (PlacePassenger,)
    unit = PASSENGERS
    gets = GETS

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        return list(_BOTH) if st.passenger_supply > 0 else []

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        supply = st.passenger_supply
        if supply >= count:
            return PLACE(n=count, supply=supply)
        short = count - supply
        lost = PLACE_LAST_ONE_LOST if short == 1 else PLACE_LAST_MORE_LOST
        return lost(n=supply, short=short)

    def impossible(self, st: GameState) -> Text | None:
        if st.passenger_supply > 0:
            return None
        return SUPPLY_EMPTY(n=st.options.passengers)

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

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NO_SUPPLY()
