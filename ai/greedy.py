"""The greedy player: one look at the position, no search. It is the yardstick of
``benchmarks/bench_ai.py`` and the computer player's playout policy (with a little noise).

What it does, decision by decision:

- choosing an action: Vrrooomm first when its line can carry someone now or after the clock
  advances (once a round, more only when more passengers wait than its buses carry); then Line
  expansion when passengers wait off its line; Buses while it has fewer than three; Buildings;
  Passengers when a station is on its line; the starting player; it passes once two markers are
  down and nothing above is worth one; it never takes the clock for itself;
- a street: the one whose new crossing is nearest to passengers who want to leave, or to
  buildings, that its line does not reach yet;
- a passenger: at the station on (or nearest to) its line;
- a building: on (or nearest to) its line, of the type the clock shows next;
- the clock: it advances, and stops time only when that lets its buses carry at least two more
  passengers this round than advancing would (a stone costs a point);
- a delivery: from the crossing where the most passengers want to leave.
"""

from __future__ import annotations

from ai.knowledge import DISTANCE, balance, carry_each, nearest, next_kind, wanting
from engine.board import BOARD, STATIONS
from engine.game import Game
from engine.moves import (
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    StartLine,
)
from engine.state import GameState, PlayerState

#: how much the greedy player wants each action before looking closer
_BASE = {"vroom": 1.0, "lines": 3.0, "buses": 2.0, "buildings": 2.5, "passengers": 1.0,
         "clock": -5.0, "start": 1.5}
_PASS_WORTH = 2.2


def greedy_move(game: Game) -> Move:
    """The greedy player's move for whoever must decide now."""
    legal = game.legal_moves()
    st = game.state
    seat = st.current if st.phase == "choosing" else st.task.seat if st.task else None
    assert seat is not None and legal
    return greedy_pick(st, st.players[seat], legal)


def greedy_pick(st: GameState, p: PlayerState, legal: list[Move]) -> Move:
    """The greedy choice among ``legal`` for player ``p``."""
    first = legal[0]
    if len(legal) == 1:
        return first
    if isinstance(first, ChooseAction | Pass):
        return _choose(st, p, legal)
    if isinstance(first, ExtendLine):
        return _extend(st, p, legal)
    if isinstance(first, PlacePassenger):
        return _passenger(p, legal)
    if isinstance(first, PlaceBuilding):
        return _building(st, p, legal)
    if isinstance(first, ClockChoice):
        return _clock(st, p, legal)
    if isinstance(first, Deliver):
        return max(legal, key=lambda m: st.passengers.get(_source(m), 0))
    if isinstance(first, StartLine):
        return _start_line(st, legal)
    return first


def _source(move: Move) -> str:
    assert isinstance(move, Deliver)
    return move.frm


def _choose(st: GameState, p: PlayerState, legal: list[Move]) -> Move:
    seat = p.seat
    mine = {a: taken.count(seat) for a, taken in st.spaces.items()}
    each = carry_each(st, p)
    can = max(each[st.clock], each[(st.clock + 1) % 3])
    best, best_value = legal[0], -99.0
    for move in legal:
        if isinstance(move, Pass):
            value = _PASS_WORTH
        else:
            assert isinstance(move, ChooseAction)
            value = _action_worth(st, p, move.action, mine, can)
        if value > best_value:
            best, best_value = move, value
    return best


def _action_worth(st: GameState, p: PlayerState, action: str, mine: dict[str, int],
                  can: int) -> float:
    value = _BASE[action]
    if action == "vroom":
        if can and (not mine["vroom"] or can > p.buses * mine["vroom"]):
            value += 4 + can
    elif action == "lines":
        if mine["lines"]:
            value -= 1.5 * mine["lines"]
        elif any(x not in p.line for x in wanting(st, next_kind(st))):
            value += 2.0
    elif action == "buses":
        value += 2.5 if p.buses < 3 else -3
    elif action == "buildings":
        value -= mine["buildings"]
    elif action == "passengers":
        value += 1.5 if any(s in p.line for s in STATIONS) and not mine["passengers"] else 0
    return value


def _extend(st: GameState, p: PlayerState, legal: list[Move]) -> Move:
    wanted = set(wanting(st, next_kind(st))) | {
        BOARD.lots[i].node for i, kind in enumerate(st.lots) if kind is not None}
    on_line = set(p.line)
    targets = wanted - on_line or wanted or set(BOARD.labels)
    return min(legal, key=lambda m: nearest(m.to, targets))  # type: ignore[union-attr,arg-type]


def _passenger(p: PlayerState, legal: list[Move]) -> Move:
    line = p.line or list(STATIONS)
    return min(legal, key=lambda m: nearest(m.station, line))  # type: ignore[union-attr]


def _building(st: GameState, p: PlayerState, legal: list[Move]) -> Move:
    line = p.line or list(STATIONS)
    want = next_kind(st)
    near: dict[str, int] = {}
    best, best_key = legal[0], (99, True)
    for m in legal:
        assert isinstance(m, PlaceBuilding)
        d = near.get(m.node)
        if d is None:
            d = near[m.node] = nearest(m.node, line)
        key = (d, m.kind != want)
        if key < best_key:
            best, best_key = m, key
    return best


def _clock(st: GameState, p: PlayerState, legal: list[Move]) -> Move:
    buses = st.spaces["vroom"].count(p.seat)
    each = carry_each(st, p)
    stay = each[st.clock] * buses
    move_on = each[(st.clock + 1) % 3] * buses
    return ClockChoice(stop=stay >= move_on + 2)


def _start_line(st: GameState, legal: list[Move]) -> Move:
    def worth(m: Move) -> int:
        assert isinstance(m, StartLine)
        return sum(st.passengers.get(x, 0) * 2 + sum(
            1 for i in BOARD.lots_at[x] if st.lots[i] is not None) - (x in STATIONS)
            for x in (m.a, m.b))
    return max(legal, key=worth)


__all__ = ["DISTANCE", "balance", "greedy_move", "greedy_pick"]
