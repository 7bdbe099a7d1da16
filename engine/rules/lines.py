"""Line expansion (R7) as a step of the game; which streets a line may take is ``engine.lines``.

A space brings streets from the largest fleet (R5), one more with five players; each street is a
move from a head of the player's line.
"""

from __future__ import annotations

from engine import lines
from engine.board import BOARD
from engine.decisions import STREETS, DecisionKind, Event
from engine.errors import IllegalMove
from engine.moves import ExtendLine, Move
from engine.rules.base import Granted, street, texts
from engine.state import GameState, PlayerState
from engine.text import Listing, Msg, Plural, Text

ASKS = Msg("rules.lines.asks", "extend a line")
GETS = Plural("rules.lines.gets", "Line expansion (space {space}): {name} gets {n} street.",
              "Line expansion (space {space}): {name} gets {n} streets.")
EXTEND_BY = Plural("rules.lines.extend_by", "extend your line by {n} more street (heads {heads})",
                   "extend your line by {n} more streets (heads {heads})")
NO_LEGAL_STREET = Msg("rules.lines.no_legal_street", "no legal street at {name}'s line heads")

#: the ruling every street is checked against, in setup too
EXPANSION = "R7"
#: players at which Line expansion brings one street more per space (R5)
BONUS_PLAYERS = 5


class Lines(Granted):
    kind = DecisionKind.LINES
    rule = EXPANSION
    asks = ASKS
    takes = (ExtendLine,)
    unit = STREETS
    gets = GETS

    def bonus(self, st: GameState) -> int:
        return 1 if len(st.players) == BONUS_PLAYERS else 0

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        return lines.extensions(st, p)

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return EXTEND_BY(n=count, heads=Listing(tuple(dict.fromkeys(p.heads)), ", "))

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, ExtendLine) and st.task is not None
        index = street(move.frm, move.to, EXPANSION)
        reason = lines.why_not(st, p, move.frm, move.to, index)
        if reason is not None:
            raise IllegalMove(reason, rule=EXPANSION,
                              alternatives=texts(lines.extensions(st, p)))
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, ExtendLine) and st.task is not None
        index = BOARD.street_between(move.frm, move.to)
        assert index is not None
        lines.extend(st, p, move.frm, move.to, index)
        st.task.remaining -= 1
        return []

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NO_LEGAL_STREET(name=p.name)
