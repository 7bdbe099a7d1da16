"""What every step of the game answers, and the pieces several steps share.

A ``Rule`` is one step the turn machine can stand at (``DecisionKind``): it lists the legal
moves, applies one (or refuses it with ``IllegalMove`` before changing anything), says in words
what it asks of the player, starts (the automatic part when its turn comes) and says why what is
left is forfeited (R6). Rules are stateless: everything lives in ``GameState``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import ClassVar

from engine.board import BOARD
from engine.decisions import DecisionKind, Event, plural
from engine.errors import IllegalMove
from engine.moves import ACTION_TITLES, SPACE_LETTERS, Move
from engine.notation import label_hint
from engine.state import GameState, PlayerState, Task

_BUSES = attrgetter("buses")
#: "Buildings (space b): " for each action and space, written once rather than per task
_SPACE_TITLES = {kind: [f"{title} (space {letter}): " for letter in SPACE_LETTERS]
                 for kind, title in ACTION_TITLES.items()}


class Rule:
    """One step of the game: its legal moves, what a move does, its words, start and forfeit."""

    kind: ClassVar[DecisionKind]
    #: the ruling of RULINGS.md a refusal names
    rule: ClassVar[str]
    #: what the player must do, in the words of a refusal ("... must extend a line")
    asks: ClassVar[str] = ""
    #: the move types this decision takes
    takes: ClassVar[tuple[type, ...]] = ()
    #: one owed move, in words ("street"), for forfeits and grants
    unit: ClassVar[str] = "step"

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        """Every legal move now; empty means what is owed is forfeited (R6)."""
        return []

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        """Carry out one move of a type in ``takes``; refuse an illegal one before any change."""
        raise AssertionError(f"{self.kind} takes no moves")

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        """Carry out a move this step listed (``moves``) without checking it again: the turn
        machine's way for a listed move, so a playout pays for the checks only once."""
        return self.apply(st, p, move)

    def describe(self, st: GameState, p: PlayerState, count: int) -> str:
        """What the player must decide, after "Name: "."""
        return self.asks

    def start(self, st: GameState, task: Task) -> list[Event]:
        """The step's turn has come: set what it owes (``task.remaining``), tell what happened."""
        return []

    def begin(self, st: GameState, task: Task) -> None:
        """``start`` without telling: a playout keeps no events, so the steps it passes most
        often (``Granted``, Vrrooomm) set what is owed without writing the announcement."""
        self.start(st, task)

    def why_forfeit(self, st: GameState, p: PlayerState) -> str:
        return "no legal choice"

    def impossible(self, st: GameState) -> str | None:
        """Why no move of this step can be made now by anyone (the passenger supply is empty),
        so that such a move is refused for what it is, not as out of turn; None when it can."""
        return None

    def forfeit(self, st: GameState, task: Task, p: PlayerState) -> Event:
        """The announcement of what is left undone because nothing legal remains (R6)."""
        return Event("forfeit", f"{p.name} forfeits {plural(task.remaining, self.unit)}: "
                     f"{self.why_forfeit(st, p)}.", p.name)


class Granted(Rule):
    """An action whose space brings a count from the largest fleet (R5): streets, passengers
    or buildings."""

    def bonus(self, st: GameState) -> int:
        """How many more per space than the largest fleet (Line expansion, five players)."""
        return 0

    def begin(self, st: GameState, task: Task) -> None:
        top = max(map(_BUSES, st.players))
        task.remaining = max(0, top + self.bonus(st) - task.space)

    def start(self, st: GameState, task: Task) -> list[Event]:
        assert task.seat is not None
        p = st.players[task.seat]
        self.begin(st, task)
        left = task.remaining
        return [Event("resolve", f"{_SPACE_TITLES[self.kind][task.space]}{p.name} gets {left} "
                      f"{self.unit if left == 1 else self.unit + 's'}.", p.name)]


def check_label(label: str, rule: str) -> None:
    """Refuse a crossing that is not on the board, naming the nearest real one."""
    if not BOARD.is_label(label):
        raise IllegalMove(label_hint(label), rule=rule)


def street(a: str, b: str, rule: str) -> int:
    """The index of the street between two crossings, or the refusal that lists the streets."""
    check_label(a, rule)
    check_label(b, rule)
    index = BOARD.street_between(a, b)
    if index is None:
        near = ", ".join(n for n, _ in BOARD.adjacent[a])
        raise IllegalMove(f"there is no street between {a} and {b} "
                          f"(streets from {a} go to {near})", rule=rule)
    return index


def texts(moves: list[Move], limit: int | None = None) -> list[str]:
    """Moves as the alternatives a refusal offers."""
    return [str(m) for m in moves[:limit]]
