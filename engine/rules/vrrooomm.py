"""Vrrooomm (R12): each of the chooser's buses carries one passenger who wants to leave, from a
crossing on the chooser's line to a free building of the clock's type on it, as many as
possible; who wants to leave and what is free is ``GameState.balance_at``."""

from __future__ import annotations

from functools import cache

from engine.board import BOARD
from engine.decisions import DELIVERIES, DecisionKind, Event, told
from engine.errors import IllegalMove
from engine.moves import BUILDING_NAME, BUILDING_NAMES, SPACE_LETTERS, Deliver, Move
from engine.notation import MoveText
from engine.rules.base import Rule, check_label, texts
from engine.state import GameState, PlayerState, Task
from engine.text import Msg, Plural, Text

ASKS = Msg("rules.vroom.asks", "deliver passengers")
DELIVER = Plural("rules.vroom.deliver",
                 "deliver {n} passenger to {buildings} on your line ({example})",
                 "deliver {n} passengers to {buildings} on your line ({example})")
#: what a Vrrooomm space lets its player carry, by whether they have one bus or more
ONE_BUS_CARRIES = Plural(
    "rules.vroom.one_bus_carries",
    "Vrrooomm (space {space}): {name}'s {buses} bus can carry {n} passenger to {buildings}.",
    "Vrrooomm (space {space}): {name}'s {buses} bus can carry {n} passengers to {buildings}.")
BUSES_CARRY = Plural(
    "rules.vroom.buses_carry",
    "Vrrooomm (space {space}): {name}'s {buses} buses can carry {n} passenger to {buildings}.",
    "Vrrooomm (space {space}): {name}'s {buses} buses can carry {n} passengers to "
    "{buildings}.")
NOT_ON_LINE = Msg("rules.vroom.not_on_line", "{label} is not on {name}'s line")
NOBODY_WAITS = Msg("rules.vroom.nobody_waits", "no passenger waits at {frm}")
NOBODY_LEAVES = Msg("rules.vroom.nobody_leaves",
                    "nobody at {frm} wants to leave: the passengers there sit in its {buildings}")
NONE_FREE = Msg("rules.vroom.none_free", "{to} has no free {building} (the clock shows {building})")
NOTHING_TO_CARRY = Msg("rules.vroom.nothing_to_carry", "nothing more to carry")
#: the move the prompt shows as its example, written in the reader's notation
_EXAMPLE = MoveText(Deliver("X", "Y"))

LOTS_AT = BOARD.lots_at
#: one ``Deliver`` per pair of crossings, made when first offered rather than all 1,260 at import
_deliver = cache(Deliver)


def ends(st: GameState, p: PlayerState) -> tuple[list[str], list[str]]:
    """The crossings on the player's line where someone wants to leave, and where a building of
    the clock's type is free."""
    sources, targets, _, _ = counted_ends(st, p)
    return sources, targets


def counted_ends(st: GameState, p: PlayerState) -> tuple[list[str], list[str], int, int]:
    """``ends``, with the passengers who want to leave and the free buildings summed over them
    (``GameState.waiting_at`` and ``free_at``), found in the same walk along the line."""
    sources: list[str] = []
    targets: list[str] = []
    waiting = free = 0
    wanted, lots, passengers = st.clock_type, st.lots, st.passengers
    for label in dict.fromkeys(p.line):
        balance = passengers.get(label, 0)  # ``GameState.balance_at``, without a call each
        for i in LOTS_AT[label]:
            if lots[i] == wanted:
                balance -= 1
        if balance > 0:
            sources.append(label)
            waiting += balance
        elif balance < 0:
            targets.append(label)
            free -= balance
    return sources, targets, waiting, free


class Vrrooomm(Rule):
    kind = DecisionKind.VROOM
    rule = "R12"
    asks = ASKS
    takes = (Deliver,)
    unit = DELIVERIES

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        sources, targets = ends(st, p)
        return [_deliver(a, b) for a in sources for b in targets]

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return DELIVER(n=count, buildings=BUILDING_NAMES[st.clock_type](), example=_EXAMPLE)

    def begin(self, st: GameState, task: Task) -> None:
        assert task.seat is not None
        p = st.players[task.seat]
        _, _, waiting, free = counted_ends(st, p)
        task.remaining = min(p.buses, waiting, free)

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        p = st.players[task.seat]
        self.begin(st, task)
        carry = ONE_BUS_CARRIES if p.buses == 1 else BUSES_CARRY
        return [told("resolve", carry, p.name, space=SPACE_LETTERS[task.space], name=p.name,
                     buses=p.buses, n=task.remaining, buildings=BUILDING_NAMES[st.clock_type])]

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, Deliver) and st.task is not None
        check_label(move.frm, self.rule)
        check_label(move.to, self.rule)
        sources, targets = ends(st, p)
        if move.frm not in sources or move.to not in targets:
            raise IllegalMove(self._why_not(st, p, move, sources), rule=self.rule,
                              alternatives=texts(self.moves(st, p), 12))
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, Deliver) and st.task is not None
        st.passengers[move.frm] -= 1
        if not st.passengers[move.frm]:
            del st.passengers[move.frm]
        st.passengers[move.to] = st.passengers.get(move.to, 0) + 1
        p.carried += 1
        p.reached_at = st.moves_played + 1
        st.task.remaining -= 1
        return []

    @staticmethod
    def _why_not(st: GameState, p: PlayerState, move: Deliver, sources: list[str]) -> Text:
        on_line = set(p.line)
        want = st.clock_type
        for label in (move.frm, move.to):
            if label not in on_line:
                return NOT_ON_LINE(label=label, name=p.name)
        if move.frm not in sources:
            if not st.passengers.get(move.frm, 0):
                return NOBODY_WAITS(frm=move.frm)
            return NOBODY_LEAVES(frm=move.frm, buildings=BUILDING_NAMES[want]())
        return NONE_FREE(to=move.to, building=BUILDING_NAME[want]())

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NOTHING_TO_CARRY()
