"""Answers to messages that name moves without playing them, and the way to a later step.

A question ("should I place an office at C2?"), a maybe ("preview Place Office at C1") or a
negation ("don't place an office at C1") plays nothing: the game tries the moves on a copy of
itself and says whether they would be legal now, and why. A move named without its crossings
("extend my line") is answered with what is missing, which depends on the decision now. While
actions are chosen, a refusal that names a later step says which action leads to it.

Every answer is an exception of the ``BusError`` family, so every way in that already turns an
engine refusal into a reply answers these too, and the game is never changed.
"""

from __future__ import annotations

from typing import Protocol

from engine.decisions import Decision, Event
from engine.errors import BusError, IllegalMove, NothingPlayed, NotYourTurn, ParseError
from engine.moves import (
    ACTION_TITLES,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    PlaceBuilding,
    PlacePassenger,
    Question,
    StartLine,
    Unfinished,
)
from engine.state import PlayerState


class Game(Protocol):
    """What an answer needs of the game (``engine.game.Game`` is one): trying moves on a copy,
    and the decision now. A protocol, so that the turn machine can import this module."""

    def copy(self) -> Game: ...

    def push(self, move: Move, player: str | None = None) -> list[Event]: ...

    def to_act(self) -> Decision | None: ...

    def legal_moves(self) -> list[Move]: ...

#: The action whose resolution brings each later step (R4), and the step in a player's words.
_LATER_STEP: dict[type, tuple[str, str]] = {
    ExtendLine: ("lines", "extend your line"),
    Unfinished: ("lines", "extend your line"),
    PlacePassenger: ("passengers", "place passengers"),
    PlaceBuilding: ("buildings", "place buildings"),
    ClockChoice: ("clock", "stop time or advance the clock"),
    Deliver: ("vroom", "deliver passengers"),
}
_SHOWN_ALTERNATIVES = 6


def first_choose(kind: str, move: Move) -> str:
    """While actions are chosen (``kind`` "choose"): the action that leads to the step ``move``
    belongs to, as the tail of a refusal; empty otherwise."""
    if kind != "choose":
        return ""
    if isinstance(move, StartLine):
        return ("; lines are started only during setup, and grow later when you choose "
                "Line expansion")
    later = _LATER_STEP.get(type(move))
    if later is None:
        return ""
    action, step = later
    title = ACTION_TITLES[action]
    return (f"; to {step}, first choose {title} (Choose {title}): you {step} when {title} "
            f"resolves, after every marker is placed")


def answer(game: Game, p: PlayerState, move: Question | Unfinished) -> BusError:
    """What to say to ``move``, for ``p`` whose decision it is; the game stays as it is."""
    if isinstance(move, Unfinished):
        return _unfinished(game, p, move)
    opening = _opening(move)
    trial = game.copy()
    total = len(move.moves)
    for i, step in enumerate(move.moves):
        try:
            trial.push(step, p.name)
        except BusError as err:
            return NothingPlayed(f"{opening}. {_refused(step, err, i, total)}", legal=False)
    written = "; ".join(str(m) for m in move.moves)
    decision = game.to_act()
    assert decision is not None
    choices = len(game.legal_moves())
    named = written if total == 1 else ", then ".join(str(m) for m in move.moves)
    first = "it is" if total == 1 else f"{move.moves[0]} is"
    after_all = " after all" if move.kind == "negation" else ""
    return NothingPlayed(
        f"{opening}. {named} would be legal now: the game waits for {decision.text}, and "
        f"{first} one of {choices} legal {'choice' if choices == 1 else 'choices'}. To play "
        f"{'it' if total == 1 else 'them'}{after_all}, write: {written}", legal=True)


def _opening(move: Question) -> str:
    word = "a question mark" if move.word == "?" else f'"{move.word}"'
    if move.kind == "negation":
        return f"Nothing was played: the message says {word}"
    if move.kind == "question":
        return f"That is a question ({word}), so nothing was played"
    return f"{word} makes that a maybe, so nothing was played"


def _refused(step: Move, err: BusError, index: int, total: int) -> str:
    which = f"{step}" if total == 1 else f"Move {index + 1} of {total} ({step})"
    if isinstance(err, NotYourTurn):
        return f"{which} would not be yours to play now: {err}"
    if not isinstance(err, IllegalMove):
        return f"{which} could not be played now: {err}"
    rule = f" (rule {err.rule})" if err.rule else ""
    instead = f". Legal instead: {_some(err.alternatives)}" if err.alternatives else ""
    return f"{which} is not legal now{rule}: {err}{instead}"


def _some(items: list[str]) -> str:
    """The first few of a list, and how many more there are."""
    shown = ", ".join(items[:_SHOWN_ALTERNATIVES])
    more = len(items) - _SHOWN_ALTERNATIVES
    return f"{shown} and {more} more" if more > 0 else shown


def _unfinished(game: Game, p: PlayerState, move: Unfinished) -> BusError:
    legal = [m for m in game.legal_moves() if isinstance(m, ExtendLine)]
    if not legal:  # not a line decision: the game's own refusal of an extension now
        probe = game.copy()
        head = p.heads[0] if p.heads else "C1"
        try:
            probe.push(ExtendLine(head, head), p.name)
        except BusError as err:
            return err
    heads = " and ".join(dict.fromkeys(p.heads))
    if move.frm is not None and move.frm not in p.heads:
        return IllegalMove(f"{move.frm} is not a head of {p.name}'s line (heads {heads})",
                           rule="R7", alternatives=[str(m) for m in legal])
    mine = [m for m in legal if move.frm in (None, m.frm)]
    if not mine:
        return IllegalMove(f"no street may be built from {move.frm} now", rule="R7",
                           alternatives=[str(m) for m in legal])
    where = f"from {move.frm}" if move.frm is not None else f"(heads {heads})"
    return ParseError(f"Name the next crossing too: legal {where} now are "
                      f"{_some([str(m) for m in mine])}")
