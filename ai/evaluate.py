"""What a position is worth to each seat without playing it to the end: each seat's expected
final score and its chance of winning, from a few measurements of the position weighed by
numbers fitted offline (``ai/fitted.py``, written by ``benchmarks/fit_evaluation.py``).

The search (``ai.search``) plays each playout only to the start of the next round and reads the
rest of the game off this estimate: a playout to the end costs five times as much and, being
one game of many possible, says less. The fit predicts what the playout policy's games to the
end would give (the mean of several such games from each of about 24,000 positions of varied
games), so the estimate stands in for the very playouts it saves; ``win_chances`` in ``ai``
reads the same estimate.

The measurements are taken at the start of a round (where a truncated playout stops), for one
seat at a time: markers, buses, the line (its crossings, the passengers it could carry under
each of the next clock types, the stations it touches, its free lots and buildings, the empty
streets at its heads, the crossings it shares with other lines), the clock stones and the
supply. ``rounds`` is a rough count of the rounds left (the seat's markers, or the second-most
markers of any seat, the game ending when at most one seat has markers, at three markers a
round); most measurements also enter multiplied by it, since what a line could carry is worth
more the longer it runs.
"""

from __future__ import annotations

import math

from ai import fitted
from engine.board import BOARD, STATIONS
from engine.state import CLOCK, GameState

#: the measurements, in the order ``features`` lists them (``fitted.WEIGHTS`` names each)
FEATURES: tuple[str, ...] = (
    "one", "markers", "markers_second", "rounds", "rounds_squared", "free_lots",
    "clock_stones", "supply", "buses", "buses_rounds", "most_buses", "line", "line_rounds",
    "carry_next", "carry_next_rounds", "carry_after", "carry_after_rounds", "carry_now",
    "carry_now_rounds", "carry_all_rounds", "could_next", "could_after", "could_next_rounds",
    "station_passengers", "station_passengers_rounds", "stations", "stations_rounds",
    "line_passengers", "line_passengers_rounds", "line_buildings", "line_buildings_rounds",
    "line_free_lots", "line_free_lots_rounds", "room", "room_rounds", "stones", "players",
    "starts", "buses_line_rounds", "carriable_rounds", "shared", "shared_rounds",
    "station_carriable_rounds", "station_supply_rounds",
)
_KIND = {kind: i for i, kind in enumerate(CLOCK)}
_LOTS_AT = BOARD.lots_at
#: the streets at each crossing
_STREETS_AT = {label: tuple(s for _, s in BOARD.adjacent[label]) for label in BOARD.labels}
#: markers a seat spends in a round, roughly (the rounds left are its markers over this)
MARKERS_A_ROUND = 3.0

#: the fitted weights in the order of ``FEATURES`` (tests/test_ai.py checks that the fit names
#: exactly these: a measurement added here needs ``benchmarks/fit_evaluation.py`` run again)
_WEIGHTS = tuple(fitted.WEIGHTS.get(name, 0.0) for name in FEATURES)


def features(st: GameState, seat: int) -> list[float]:
    """The measurements of one seat's position, in the order of ``FEATURES``."""
    return _measure(st, seat, _Common(st))


class _Common:
    """The measurements every seat of a position shares, taken once."""

    __slots__ = ("second", "free_lots", "most_buses", "clock_stones", "supply")

    def __init__(self, st: GameState) -> None:
        players = st.players
        self.second = sorted((q.markers for q in players), reverse=True)[1]
        self.free_lots = st.lots.count(None) / 10
        self.most_buses = max(q.buses for q in players)
        self.clock_stones = st.clock_stones_left
        self.supply = st.passenger_supply / 5


def _measure(st: GameState, seat: int, common: _Common) -> list[float]:
    p = st.players[seat]
    players = st.players
    second = common.second
    c = st.clock
    lots, passengers = st.lots, st.passengers
    waiting = [0, 0, 0]
    free = [0, 0, 0]
    on_line = set(p.line)
    line_passengers = line_buildings = line_lots = 0
    for label in on_line:
        here = passengers.get(label, 0)
        line_passengers += here
        built = [0, 0, 0]
        for i in _LOTS_AT[label]:
            kind = lots[i]
            if kind is None:
                line_lots += 1
            else:
                built[_KIND[kind]] += 1
                line_buildings += 1
        for k in (0, 1, 2):
            b = here - built[k]
            if b > 0:
                waiting[k] += b
            else:
                free[k] -= b
    buses = p.buses
    nxt, after, now = (c + 1) % 3, (c + 2) % 3, c
    carry = [min(buses, waiting[k], free[k]) for k in (nxt, after, now)]
    could_next = min(waiting[nxt], free[nxt])
    could_after = min(waiting[after], free[after])
    station_passengers = 0
    stations = 0
    for s in STATIONS:
        if s in on_line:
            stations += 1
            station_passengers += passengers.get(s, 0)
    street_lines = st.street_lines
    room = 0
    for head in set(p.heads):
        for street in _STREETS_AT[head]:
            if not street_lines[street]:
                room += 1
    rounds = min(p.markers, second) / MARKERS_A_ROUND
    shared = 0
    for q in players:
        if q is not p and q.line:
            shared += len(on_line.intersection(q.line))
    size = len(on_line)
    return [
        1.0, p.markers, second, rounds, rounds * rounds, common.free_lots,
        common.clock_stones, common.supply, buses, buses * rounds,
        common.most_buses, size, size * rounds,
        carry[0], carry[0] * rounds, carry[1], carry[1] * rounds, carry[2], carry[2] * rounds,
        sum(carry) * rounds, could_next, could_after, could_next * rounds,
        station_passengers, station_passengers * rounds, stations, stations * rounds,
        line_passengers, line_passengers * rounds, line_buildings, line_buildings * rounds,
        line_lots, line_lots * rounds, room, room * rounds, p.stones, len(players),
        1.0 if st.start_seat == seat else 0.0, buses * size * rounds / 10,
        min(buses, line_passengers) * rounds, shared, shared * rounds,
        min(buses, station_passengers) * rounds,
        stations * rounds if st.passenger_supply > 0 else 0.0,
    ]


def values(st: GameState) -> list[float]:
    """Each seat's expected final score (score now plus the points it is expected to add)."""
    if st.phase == "over":
        return [float(p.score) for p in st.players]
    common = _Common(st)
    out = []
    for seat, p in enumerate(st.players):
        out.append(p.score + sum(map(float.__mul__, _WEIGHTS, _measure(st, seat, common))))
    return out


def chances(scores: list[float]) -> list[float]:
    """Each seat's chance of winning from expected final scores: a softmax whose temperature
    (``fitted.TEMPERATURE``) was fitted to how often each seat won the games played out."""
    top = max(scores)
    weights = [math.exp((s - top) / fitted.TEMPERATURE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
