"""How a seat nobody answers for takes its decisions: the least disruptive legal move.

A dropped seat, a seat whose deadline passed under the policy ``idle``, and an away player's
seat delegated to ``idle`` all play this way. The rule is the one docs/RULINGS.md states
("Seats that play themselves"): pass whenever passing is legal; when a choice must be made,
take what gives the seat itself the least and leaves the spaces that matter to the live
players: never Line expansion space a while any other action is free, never the Starting
player action, never stop time. Each kind of decision has its one rule below; every rule
ends in the engine's order, so every replay of the same position takes the same move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import BOARD, ChooseAction, ClockChoice, DecisionKind, ExtendLine, Game, Move, Pass
from engine.moves import StartLine

#: A choice forced on the seat (too few markers placed to pass), from the action that gives
#: it the least and takes least from the others to the one that matters most to them.
#: Passengers and Buildings have six spaces and mostly serve every line; Line expansion past
#: space a extends only the seat's own line; Vrrooomm scores for it; Buses, Clock and Starting
#: player have one space, which a live player may want; space a of Line expansion is the one
#: that brings the most streets, so it comes after all of those but Starting player.
CHOOSE_ORDER: tuple[str, ...] = (
    "passengers", "buildings", "lines", "vroom", "buses", "clock", "lines a", "start")


def least_disruptive(game: Game) -> Move:
    """The move the policy takes for the decision ``game`` waits for (its legal moves must
    not be empty)."""
    legal = game.legal_moves()
    if not legal:
        raise ValueError("no legal move to choose from")
    for move in legal:
        if isinstance(move, Pass):
            return move
    decision = game.to_act()
    kind = decision.kind if decision is not None else None
    choose = _BY_KIND.get(kind) if kind is not None else None
    return choose(game, legal) if choose is not None else legal[0]


def _choose_action(game: Game, legal: Sequence[Move]) -> Move:
    """Choosing before two markers are placed: the first free action of ``CHOOSE_ORDER``."""
    lines_started = bool(game.state.spaces["lines"])
    rank: dict[str, int] = {}
    for move in legal:
        if isinstance(move, ChooseAction):
            name: str = move.action
            if name == "lines" and not lines_started:
                name = "lines a"
            rank[move.action] = CHOOSE_ORDER.index(name)
    best = min(rank, key=lambda action: rank[action])
    return next(m for m in legal if isinstance(m, ChooseAction) and m.action == best)


def _clock(game: Game, legal: Sequence[Move]) -> Move:
    """The clock's chooser lets time run: stopping time would take a clock stone and bring the
    end nearer for everyone."""
    return next((m for m in legal if isinstance(m, ClockChoice) and not m.stop), legal[0])


def _street(move: Move) -> int | None:
    if isinstance(move, ExtendLine):
        return BOARD.street_between(move.frm, move.to)
    if isinstance(move, StartLine):
        return BOARD.street_between(move.a, move.b)
    return None


def _empty_street(game: Game, legal: Sequence[Move]) -> Move:
    """A line goes on a street that holds no other line when there is one (the first such in
    the engine's order), so the live players' streets stay theirs alone."""
    lines = game.state.street_lines
    for move in legal:
        index = _street(move)
        if index is not None and not lines[index]:
            return move
    return legal[0]


#: the rule of each kind of decision that has one; the others take the engine's first choice
#: (starting buildings, passengers, buildings, deliveries: each gives the seat the same)
_BY_KIND: dict[DecisionKind, Callable[[Game, Sequence[Move]], Move]] = {
    DecisionKind.CHOOSE: _choose_action,
    DecisionKind.CLOCK: _clock,
    DecisionKind.FIRST_LINE: _empty_street,
    DecisionKind.SECOND_STREET: _empty_street,
    DecisionKind.LINES: _empty_street,
}
