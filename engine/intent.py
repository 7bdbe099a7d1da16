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

from engine.decisions import Decision, Event, shortened
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

#: The action whose resolution brings each later step (R4), and the step in a player's words
#: (an ``Unfinished`` move by its verb).
_LATER_STEP: dict[type | str, tuple[str, str]] = {
    ExtendLine: ("lines", "extend your line"),
    "extend": ("lines", "extend your line"),
    "deliver": ("vroom", "deliver passengers"),
    PlacePassenger: ("passengers", "place passengers"),
    PlaceBuilding: ("buildings", "place buildings"),
    ClockChoice: ("clock", "stop time or advance the clock"),
    Deliver: ("vroom", "deliver passengers"),
}
_SHOWN_ALTERNATIVES = 6
#: How many of the events a move would bring an answer tells (the rest are counted).
_SHOWN_EVENTS = 2

#: The sentences of an answer (one template each, for the catalogue).
LEGAL_NOW = ("{opening}. {named} would be legal now: the game waits for {decision}, and {first} "
             "one of {choices} legal {choice_noun}.{would}{preview} To play {them}{after_all}, "
             "write: {written}")
WOULD_HAPPEN = " It would go: {events}"
MORE_EVENTS = " ({count} more after that)"
PREVIEW_LINE = " To see the table after {them} first, write: preview {written}."
NAME_THE_NEXT = "Name the next crossing too: legal {where} now are {moves}"
NAME_THE_SOURCE = "Name where the passenger waits too: legal to {to} now are {moves}"
NAME_THE_TARGET = "Name where the passenger goes too: legal from {frm} now are {moves}"
NAME_BOTH_ENDS = "Name where the passenger waits and where they go: legal now are {moves}"
NO_DELIVERY = "no delivery of that kind is legal now"
NOT_A_HEAD = "{frm} is not a head of {player}'s line (heads {heads})"
NO_STREET_FROM = "no street may be built from {frm} now"


def first_choose(kind: str, move: Move) -> str:
    """While actions are chosen (``kind`` "choose"): the action that leads to the step ``move``
    belongs to, as the tail of a refusal; empty otherwise."""
    if kind != "choose":
        return ""
    if isinstance(move, StartLine):
        return ("; lines are started only during setup, and grow later when you choose "
                "Line expansion")
    later = _LATER_STEP.get(move.verb if isinstance(move, Unfinished) else type(move))
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
    events: list[Event] = []
    for i, step in enumerate(move.moves):
        try:
            events.extend(trial.push(step, p.name))
        except BusError as err:
            return NothingPlayed(f"{opening}. {_refused(step, err, i, total)}", legal=False)
    written = "; ".join(str(m) for m in move.moves)
    decision = game.to_act()
    assert decision is not None
    choices = len(game.legal_moves())
    them = "it" if total == 1 else "them"
    told, more = shortened([e.text for e in events], _SHOWN_EVENTS)
    happens = " ".join(told) + (MORE_EVENTS.format(count=more) if more else "")
    return NothingPlayed(LEGAL_NOW.format(
        opening=opening, named=written if total == 1 else ", then ".join(map(str, move.moves)),
        decision=decision.text, first="it is" if total == 1 else f"{move.moves[0]} is",
        choices=choices, choice_noun="choice" if choices == 1 else "choices",
        would=WOULD_HAPPEN.format(events=happens) if events else "",
        preview=PREVIEW_LINE.format(them=them, written=written),
        them=them, after_all=" after all" if move.kind == "negation" else "", written=written),
        legal=True)


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
    """The first few of a list, and how many more there are (never "and 1 more" or "and 2
    more": those are named)."""
    shown, more = shortened(items, _SHOWN_ALTERNATIVES)
    return f"{', '.join(shown)} and {more} more" if more else ", ".join(shown)


def _unfinished(game: Game, p: PlayerState, move: Unfinished) -> BusError:
    if move.verb == "deliver":
        return _undelivered(game, p, move)
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
        return IllegalMove(NOT_A_HEAD.format(frm=move.frm, player=p.name, heads=heads),
                           rule="R7", alternatives=[str(m) for m in legal])
    mine = [m for m in legal if move.frm in (None, m.frm)]
    if not mine:
        return IllegalMove(NO_STREET_FROM.format(frm=move.frm), rule="R7",
                           alternatives=[str(m) for m in legal])
    where = f"from {move.frm}" if move.frm is not None else f"(heads {heads})"
    return ParseError(NAME_THE_NEXT.format(where=where, moves=_some([str(m) for m in mine])))


def _undelivered(game: Game, p: PlayerState, move: Unfinished) -> BusError:
    """``deliver to W7``, ``deliver from W5``, ``deliver``: the legal deliveries that fit, or
    the game's own refusal of one (why nobody can be delivered to W7 now, or why this is no
    time to deliver)."""
    legal = [m for m in game.legal_moves() if isinstance(m, Deliver)]
    fits = [m for m in legal if move.frm in (None, m.frm) and move.to in (None, m.to)]
    if not fits:
        probe = game.copy()
        first = legal[0] if legal else None
        frm = move.frm or (first.frm if first else move.to) or "C1"
        to = move.to or (first.to if first else frm)
        try:
            probe.push(Deliver(frm, to), p.name)
        except BusError as err:
            return err
        return IllegalMove(NO_DELIVERY, rule="R12", alternatives=[str(m) for m in legal])
    moves = _some([str(m) for m in fits])
    if move.to is not None:
        return ParseError(NAME_THE_SOURCE.format(to=move.to, moves=moves))
    if move.frm is not None:
        return ParseError(NAME_THE_TARGET.format(frm=move.frm, moves=moves))
    return ParseError(NAME_BOTH_ENDS.format(moves=moves))
