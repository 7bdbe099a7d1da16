"""Every step of a game of Bus in its own module, registered in ``RULES`` by ``DecisionKind``.

Where a rule lives: setup (R1, R2) ``setup``; choosing actions and the order they resolve in
(R3, R4) ``choose``; Line expansion (R7) ``lines`` (the trail geometry in ``engine.lines``);
Buses (R8) ``buses``; Passengers (R9) ``passengers``; Buildings (R10) ``buildings``; the clock
(R11) ``clock``; Vrrooomm (R12) ``vrrooomm``; Starting player (R13) ``starting``; the end of a
round and of the game and the ranking (R14, R15) ``ending``. The counts of R5 are
``base.Granted``; the turn machine that walks these steps (R6) is ``engine.game``.
"""

from __future__ import annotations

from engine.decisions import DecisionKind
from engine.errors import IllegalMove
from engine.moves import Move
from engine.rules.base import Rule
from engine.rules.buildings import Buildings
from engine.rules.buses import Buses
from engine.rules.choose import Choose
from engine.rules.clock import Clock
from engine.rules.lines import Lines
from engine.rules.passengers import Passengers
from engine.rules.setup import FirstLine, SecondStreet, SetupBuilding
from engine.rules.starting import Starting
from engine.rules.vrrooomm import Vrrooomm
from engine.state import GameState

RULES: dict[DecisionKind, Rule] = {rule.kind: rule for rule in (
    SetupBuilding(), FirstLine(), SecondStreet(), Choose(), Lines(), Buses(), Passengers(),
    Buildings(), Clock(), Vrrooomm(), Starting(),
)}
assert set(RULES) == set(DecisionKind), "every step needs its rule"


def impossible(st: GameState, move: Move) -> IllegalMove | None:
    """The refusal of a move that no step could take now, whoever's turn it is (a passenger
    placed with the supply empty), or None."""
    for rule in RULES.values():
        if isinstance(move, rule.takes):
            why = rule.impossible(st)
            if why is not None:
                return IllegalMove(why, rule=rule.rule)
    return None


__all__ = ["RULES", "Rule", "impossible"]
