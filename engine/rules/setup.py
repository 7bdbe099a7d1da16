"""Setup (R1, R2): two starting buildings per player on zone A in seat order, a first street
per player in seat order, then a second street in reverse seat order under R7."""

from __future__ import annotations

from engine.board import BOARD
from engine.decisions import STREETS, DecisionKind, Event, told
from engine.errors import IllegalMove
from engine.moves import ACTIONS, Move, StartLine
from engine.notation import MoveText
from engine.rules.base import Rule, street
from engine.rules.buildings import Buildings
from engine.rules.lines import Lines
from engine.state import GameState, Options, PlayerState, Task
from engine.text import Listing, Msg, Plural, Text

ASKS_STARTING_BUILDING = Msg("rules.setup.asks_building", "place a starting building")
PLACE_STARTING_BUILDINGS = Plural("rules.setup.place_buildings",
                                  "place {n} starting building on free zone-A lots",
                                  "place {n} starting buildings on free zone-A lots")
ONLY_ZONE_A = Msg("rules.setup.only_zone_a",
                  "the free lot at {node} is in zone {zones}: only zone-A lots may be built "
                  "during setup")
NO_ZONE_A_LOT = Msg("rules.setup.no_zone_a_lot", "no zone-A lot is free")
ASKS_START_LINE = Msg("rules.setup.asks_line", "start a line")
START_YOUR_LINE = Msg("rules.setup.start_line", "start your line on a street ({example})")
#: the move the prompt shows as its example, written in the reader's notation
_EXAMPLE = MoveText(StartLine("X", "Y"))
FIRST_LINES = Msg("rules.setup.first_lines",
                  "Every starting building stands; now the first lines.")
STREET_HOLDS_A_LINE = Msg(
    "rules.setup.street_taken",
    "the street {a}-{b} already holds {owners}'s line; this game's option "
    "first_line_on_empty_street asks for an empty street")
#: told when the last second street is built (``Game``'s end of the setup round)
SETUP_COMPLETE = Msg("game.setup_complete", "Setup is complete.")
ASKS_SECOND_STREET = Msg("rules.setup.asks_second_street", "add the second street of a line")
ADD_SECOND_STREET = Msg("rules.setup.second_street",
                        "add the second street of your line (heads {heads})")

#: starting buildings per player (R1)
STARTING_BUILDINGS = 2
#: the first street of a line on each street, in the board's street order
_START: tuple[StartLine, ...] = tuple(StartLine(s.a, s.b) for s in BOARD.streets)


def opening(edition: str, opts: Options, names: list[str], colours: list[str]) -> GameState:
    """The position before the first move: an empty city but for a passenger on each park
    crossing, and the setup's steps queued: buildings and first streets in seat order, second
    streets in reverse (R1, R2)."""
    st = GameState(
        edition=edition, options=opts,
        players=[PlayerState(n, c, i, opts.markers)
                 for i, (n, c) in enumerate(zip(names, colours, strict=True))],
        clock_stones_left=opts.clock_stones, passenger_supply=opts.passengers,
        lots=[None] * len(BOARD.lots), street_lines=[[] for _ in BOARD.streets],
        spaces={a: [] for a in ACTIONS},
    )
    for label in BOARD.park:
        if st.passenger_supply > 0:
            st.passengers[label] = 1
            st.passenger_supply -= 1
    seats = range(len(names))
    st.queue = ([Task(DecisionKind.SETUP_BUILDING, s, remaining=STARTING_BUILDINGS)
                 for s in seats]
                + [Task(DecisionKind.FIRST_LINE, s, remaining=1) for s in seats]
                + [Task(DecisionKind.SECOND_STREET, s, remaining=1) for s in reversed(seats)])
    return st


class SetupBuilding(Buildings):
    kind = DecisionKind.SETUP_BUILDING
    rule = "R1"
    asks = ASKS_STARTING_BUILDING

    def zone(self, st: GameState) -> str | None:
        return "A"

    def start(self, st: GameState, task: Task) -> list[Event]:
        return []

    def begin(self, st: GameState, task: Task) -> None:
        """What a setup step owes was set when it was queued (``opening``), not by the fleet."""

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return PLACE_STARTING_BUILDINGS(n=count)

    def why_zone(self, node: str, zones: str, zone: str | None) -> Text:
        return ONLY_ZONE_A(node=node, zones=zones)

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NO_ZONE_A_LOT()


class FirstLine(Rule):
    kind = DecisionKind.FIRST_LINE
    rule = "R2"
    asks = ASKS_START_LINE
    takes = (StartLine,)
    unit = STREETS

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        empty_only = st.options.first_line_on_empty_street
        if not empty_only:
            return list(_START)
        return [_START[s.index] for s in BOARD.streets if not st.street_lines[s.index]]

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return START_YOUR_LINE(example=_EXAMPLE)

    def start(self, st: GameState, task: Task) -> list[Event]:
        if task.seat == 0:
            return [told("phase", FIRST_LINES)]
        return []

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, StartLine) and st.task is not None
        index = street(move.a, move.b, self.rule)
        if st.options.first_line_on_empty_street and st.street_lines[index]:
            owners = Listing(tuple(st.players[s].name for s in st.street_lines[index]), ", ")
            raise IllegalMove(STREET_HOLDS_A_LINE(a=move.a, b=move.b, owners=owners),
                              rule=self.rule)
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, StartLine) and st.task is not None
        index = BOARD.street_between(move.a, move.b)
        assert index is not None
        p.line = [move.a, move.b]
        p.streets = p.streets | {index}  # never changed in place (engine/state.py)
        st.street_lines[index] = [*st.street_lines[index], p.seat]
        st.task.remaining -= 1
        return []


class SecondStreet(Lines):
    kind = DecisionKind.SECOND_STREET
    rule = "R2"
    asks = ASKS_SECOND_STREET

    def start(self, st: GameState, task: Task) -> list[Event]:
        return []

    def begin(self, st: GameState, task: Task) -> None:
        """What a setup step owes was set when it was queued (``opening``), not by the fleet."""

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return ADD_SECOND_STREET(heads=Listing(tuple(dict.fromkeys(p.heads)), ", "))
