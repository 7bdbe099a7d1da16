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
from engine.decisions import STEPS, DecisionKind, Event, told
from engine.errors import IllegalMove
from engine.moves import SPACE_LETTERS, Move
from engine.notation import MoveText, label_hint
from engine.state import GameState, PlayerState, Task
from engine.text import Listing, Msg, Plural, Text

_BUSES = attrgetter("buses")

FORFEITS = Msg("rules.forfeit", "{name} forfeits {owed}: {why}.")
NO_LEGAL_CHOICE = Msg("rules.forfeit.no_legal_choice", "no legal choice")
NO_STREET_BETWEEN = Msg("rules.no_street_between",
                        "there is no street between {a} and {b} (streets from {a} go to {near})")


class Rule:
    """One step of the game: its legal moves, what a move does, its words, start and forfeit."""

    kind: ClassVar[DecisionKind]
    #: the ruling of RULINGS.md a refusal names
    rule: ClassVar[str]
    #: what the player must do, in the words of a refusal ("... must extend a line"); only the
    #: steps that wait for a choice have it
    asks: ClassVar[Msg]
    #: the move types this decision takes
    takes: ClassVar[tuple[type, ...]] = ()
    #: the owed moves, counted in words ("2 streets"), for forfeits and grants
    unit: ClassVar[Plural] = STEPS

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

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        """What the player must decide, after "Name: "."""
        return self.asks()

    def start(self, st: GameState, task: Task) -> list[Event]:
        """The step's turn has come: set what it owes (``task.remaining``), tell what happened."""
        return []

    def begin(self, st: GameState, task: Task) -> None:
        """``start`` without telling: a playout keeps no events, so the steps it passes most
        often (``Granted``, Vrrooomm) set what is owed without writing the announcement."""
        self.start(st, task)

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NO_LEGAL_CHOICE()

    def impossible(self, st: GameState) -> Text | None:
        """Why no move of this step can be made now by anyone (the passenger supply is empty),
        so that such a move is refused for what it is, not as out of turn; None when it can."""
        return None

    def forfeit(self, st: GameState, task: Task, p: PlayerState) -> Event:
        """The announcement of what is left undone because nothing legal remains (R6)."""
        return told("forfeit", FORFEITS, p.name, name=p.name, owed=self.unit(n=task.remaining),
                    why=self.why_forfeit(st, p))


class Granted(Rule):
    """An action whose space brings a count from the largest fleet (R5): streets, passengers
    or buildings."""

    #: the announcement of what a space brings ("Buildings (space b): Ada gets 2 buildings."),
    #: one whole sentence per action
    gets: ClassVar[Plural]

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
        return [told("resolve", self.gets, p.name, space=SPACE_LETTERS[task.space], name=p.name,
                     n=task.remaining)]


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
        near = Listing(tuple(n for n, _ in BOARD.adjacent[a]), ", ")
        raise IllegalMove(NO_STREET_BETWEEN(a=a, b=b, near=near), rule=rule)
    return index


def texts(moves: list[Move], limit: int | None = None) -> list[str]:
    """Moves as the alternatives a refusal offers (each a ``MoveText``: its English notation,
    keeping the move, so a reply can write it in its reader's language)."""
    return [MoveText(m) for m in moves[:limit]]
