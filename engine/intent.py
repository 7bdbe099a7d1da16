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

from collections.abc import Sequence
from typing import Protocol

from engine.decisions import Decision, Event, each_and, shortened
from engine.errors import BusError, IllegalMove, NothingPlayed, NotYourTurn, ParseError
from engine.moves import (
    ActionName,
    ChooseAction,
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
from engine.moves import what as _what
from engine.notation import MoveText
from engine.state import PlayerState
from engine.text import Listing, Msg, Plural, Text


class Game(Protocol):
    """What an answer needs of the game (``engine.game.Game`` is one): trying moves on a copy,
    and the decision now. A protocol, so that the turn machine can import this module."""

    def copy(self) -> Game: ...

    def push(self, move: Move, player: str | None = None) -> list[Event]: ...

    def to_act(self) -> Decision | None: ...

    def legal_moves(self) -> list[Move]: ...

_SHOWN_ALTERNATIVES = 6
#: How many of the events a move would bring an answer tells (the rest are counted).
_SHOWN_EVENTS = 2

# ---- the sentences of an answer ---------------------------------------------------------------
# An answer is a few whole sentences, written one after another.

OPENING: dict[str, Msg] = {
    "negation": Msg("intent.opening.negation", "Nothing was played: the message says {word}."),
    "question": Msg("intent.opening.question",
                    "That is a question ({word}), so nothing was played."),
    "hypothetical": Msg("intent.opening.maybe",
                        "{word} makes that a maybe, so nothing was played."),
}
#: the answer's sentences, in order: why nothing was played, then why the moves would be
#: refused, or that they would be legal, what would happen, and how to see and play them
REFUSED_ANSWER = Msg("intent.answer.refused", "{opening} {refused}")
LEGAL_ANSWER = Msg("intent.answer.legal", "{opening} {legal} {preview} {play}")
LEGAL_ANSWER_GOES = Msg("intent.answer.legal_goes", "{opening} {legal} {goes} {preview} {play}")
QUESTION_MARK = Msg("intent.question_mark", "a question mark")
QUOTED = Msg("intent.quoted", '"{word}"')
#: one move named, then another ("Choose Clock, then Pass")
THEN = Msg("intent.then", "{first}, then {then}")
LEGAL_NOW = Plural("intent.legal_now",
                   "{named} would be legal now: the game waits for {decision}, and it is one of "
                   "{n} legal choice.",
                   "{named} would be legal now: the game waits for {decision}, and it is one of "
                   "{n} legal choices.")
ALL_LEGAL_NOW = Plural("intent.all_legal_now",
                       "{named} would be legal now: the game waits for {decision}, and {first} "
                       "is one of {n} legal choice.",
                       "{named} would be legal now: the game waits for {decision}, and {first} "
                       "is one of {n} legal choices.")
WOULD_GO = Msg("intent.would_go", "It would go: {events}")
WOULD_GO_MORE = Msg("intent.would_go_more", "It would go: {events} ({more} more after that)")
PREVIEW_IT = Msg("intent.preview_it", "To see the table after it first, write: preview {written}.")
PREVIEW_THEM = Msg("intent.preview_them",
                   "To see the table after them first, write: preview {written}.")
PLAY_IT = Msg("intent.play_it", "To play it, write: {written}")
PLAY_THEM = Msg("intent.play_them", "To play them, write: {written}")
PLAY_IT_AFTER_ALL = Msg("intent.play_it_after_all", "To play it after all, write: {written}")
PLAY_THEM_AFTER_ALL = Msg("intent.play_them_after_all",
                          "To play them after all, write: {written}")
#: one of several moves named, in a refusal
MOVE_OF = Msg("intent.move_of", "Move {k} of {total} ({move})")
NOT_YOURS = Msg("intent.not_yours", "{which} would not be yours to play now: {reason}")
CANNOT_PLAY = Msg("intent.cannot_play", "{which} could not be played now: {reason}")
NOT_LEGAL = Msg("intent.not_legal", "{which} is not legal now: {reason}")
NOT_LEGAL_RULE = Msg("intent.not_legal_rule", "{which} is not legal now (rule {rule}): {reason}")
NOT_LEGAL_INSTEAD = Msg("intent.not_legal_instead",
                        "{which} is not legal now: {reason}. Legal instead: {instead}")
NOT_LEGAL_RULE_INSTEAD = Msg("intent.not_legal_rule_instead",
                             "{which} is not legal now (rule {rule}): {reason}. Legal instead: "
                             "{instead}")
#: the first few of a list, and how many more there are
SOME_MORE = Msg("intent.some_more", "{items} and {more} more")
NAME_THE_NEXT_FROM = Msg("intent.name_the_next_from",
                         "Name the next crossing too: legal from {frm} now are {moves}")
NAME_THE_NEXT = Msg("intent.name_the_next",
                    "Name the next crossing too: legal (heads {heads}) now are {moves}")
NAME_THE_SOURCE = Msg("intent.name_the_source",
                      "Name where the passenger waits too: legal to {to} now are {moves}")
NAME_THE_TARGET = Msg("intent.name_the_target",
                      "Name where the passenger goes too: legal from {frm} now are {moves}")
NAME_BOTH_ENDS = Msg("intent.name_both_ends",
                     "Name where the passenger waits and where they go: legal now are {moves}")
NO_DELIVERY = Msg("intent.no_delivery", "no delivery of that kind is legal now")
NOT_A_HEAD = Msg("intent.not_a_head", "{frm} is not a head of {player}'s line (heads {heads})")
NO_STREET_FROM = Msg("intent.no_street_from", "no street may be built from {frm} now")

# ---- a move of another step -------------------------------------------------------------------

WRONG_STEP = Msg("intent.wrong_step", "{name} cannot {what} now: {name} must {asks} ({waiting})")
WRONG_STEP_START_LINE = Msg(
    "intent.wrong_step.start_line",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); lines are started only during "
    "setup, and grow later when you choose Line expansion")
#: While actions are chosen: the action whose resolution brings each later step (R4), and the
#: refusal that says so (an ``Unfinished`` move by its verb).
_EXTEND_FIRST = Msg(
    "intent.wrong_step.extend",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); to extend your line, first "
    "choose Line expansion ({move}): you extend your line when Line expansion resolves, after "
    "every marker is placed")
_DELIVER_FIRST = Msg(
    "intent.wrong_step.deliver",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); to deliver passengers, first "
    "choose Vrrooomm ({move}): you deliver passengers when Vrrooomm resolves, after every "
    "marker is placed")
_PASSENGERS_FIRST = Msg(
    "intent.wrong_step.passengers",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); to place passengers, first "
    "choose Passengers ({move}): you place passengers when Passengers resolves, after every "
    "marker is placed")
_BUILDINGS_FIRST = Msg(
    "intent.wrong_step.buildings",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); to place buildings, first "
    "choose Buildings ({move}): you place buildings when Buildings resolves, after every "
    "marker is placed")
_CLOCK_FIRST = Msg(
    "intent.wrong_step.clock",
    "{name} cannot {what} now: {name} must {asks} ({waiting}); to stop time or advance the "
    "clock, first choose Clock ({move}): you stop time or advance the clock when Clock "
    "resolves, after every marker is placed")
_LATER_STEP: dict[type | str, tuple[ActionName, Msg]] = {
    ExtendLine: ("lines", _EXTEND_FIRST),
    "extend": ("lines", _EXTEND_FIRST),
    "deliver": ("vroom", _DELIVER_FIRST),
    PlacePassenger: ("passengers", _PASSENGERS_FIRST),
    PlaceBuilding: ("buildings", _BUILDINGS_FIRST),
    ClockChoice: ("clock", _CLOCK_FIRST),
    Deliver: ("vroom", _DELIVER_FIRST),
}


def wrong_step(kind: str, move: Move, name: str, asks: Text, waiting: Text) -> Text:
    """The refusal of ``move`` by ``name`` when the step now (``kind``, which asks ``asks``
    while the game waits for ``waiting``) takes no such move; while actions are chosen
    (``kind`` "choose") it says which action leads to the step ``move`` belongs to."""
    what = _what(move)
    if kind == "choose":
        if isinstance(move, StartLine):
            return WRONG_STEP_START_LINE(name=name, what=what, asks=asks, waiting=waiting)
        later = _LATER_STEP.get(move.verb if isinstance(move, Unfinished) else type(move))
        if later is not None:
            action, refusal = later
            return refusal(name=name, what=what, asks=asks, waiting=waiting,
                           move=MoveText(ChooseAction(action)))
    return WRONG_STEP(name=name, what=what, asks=asks, waiting=waiting)


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
            return NothingPlayed(REFUSED_ANSWER(opening=opening,
                                                refused=_refused(step, err, i, total)),
                                 legal=False)
    written = Listing(tuple(MoveText(m) for m in move.moves), "; ")
    decision = game.to_act()
    assert decision is not None
    choices = len(game.legal_moves())
    if total == 1:
        legal = LEGAL_NOW(named=written, decision=decision.said, n=choices)
    else:
        legal = ALL_LEGAL_NOW(named=_then([MoveText(m) for m in move.moves]),
                              decision=decision.said, first=MoveText(move.moves[0]), n=choices)
    preview = (PREVIEW_IT if total == 1 else PREVIEW_THEM)(written=written)
    after_all = move.kind == "negation"
    play = ((PLAY_IT_AFTER_ALL if after_all else PLAY_IT) if total == 1
            else (PLAY_THEM_AFTER_ALL if after_all else PLAY_THEM))(written=written)
    if not events:
        return NothingPlayed(LEGAL_ANSWER(opening=opening, legal=legal, preview=preview,
                                          play=play), legal=True)
    told, more = shortened([e.said for e in events], _SHOWN_EVENTS)
    happens = Listing(tuple(told), " ")
    goes = WOULD_GO_MORE(events=happens, more=more) if more else WOULD_GO(events=happens)
    return NothingPlayed(LEGAL_ANSWER_GOES(opening=opening, legal=legal, goes=goes,
                                           preview=preview, play=play), legal=True)


def _then(moves: list[MoveText]) -> str | Text:
    """Moves named one after another ("Choose Clock, then Pass, then ...")."""
    out: str | Text = moves[0]
    for move in moves[1:]:
        out = THEN(first=out, then=move)
    return out


def _opening(move: Question) -> Text:
    word = QUESTION_MARK() if move.word == "?" else QUOTED(word=move.word)
    return OPENING[move.kind](word=word)


def _refused(step: Move, err: BusError, index: int, total: int) -> Text:
    which: str | Text = MoveText(step) if total == 1 else MOVE_OF(
        k=index + 1, total=total, move=MoveText(step))
    if isinstance(err, NotYourTurn):
        return NOT_YOURS(which=which, reason=err.text)
    if not isinstance(err, IllegalMove):
        return CANNOT_PLAY(which=which, reason=err.text)
    if err.alternatives:
        instead = _some(err.alternatives)
        if err.rule:
            return NOT_LEGAL_RULE_INSTEAD(which=which, rule=err.rule, reason=err.text,
                                          instead=instead)
        return NOT_LEGAL_INSTEAD(which=which, reason=err.text, instead=instead)
    if err.rule:
        return NOT_LEGAL_RULE(which=which, rule=err.rule, reason=err.text)
    return NOT_LEGAL(which=which, reason=err.text)


def _some(items: Sequence[str]) -> Text | Listing:
    """The first few of a list, and how many more there are (never "and 1 more" or "and 2
    more": those are named)."""
    shown, more = shortened(items, _SHOWN_ALTERNATIVES)
    listed = Listing(tuple(shown), ", ")
    return SOME_MORE(items=listed, more=more) if more else listed


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
    heads = each_and(list(dict.fromkeys(p.heads)))
    named: list[str] = [MoveText(m) for m in legal]
    if move.frm is not None and move.frm not in p.heads:
        return IllegalMove(NOT_A_HEAD(frm=move.frm, player=p.name, heads=heads),
                           rule="R7", alternatives=named)
    mine = [MoveText(m) for m in legal if move.frm in (None, m.frm)]
    if not mine:
        return IllegalMove(NO_STREET_FROM(frm=str(move.frm)), rule="R7", alternatives=named)
    if move.frm is not None:
        return ParseError(NAME_THE_NEXT_FROM(frm=move.frm, moves=_some(mine)))
    return ParseError(NAME_THE_NEXT(heads=heads, moves=_some(mine)))


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
        return IllegalMove(NO_DELIVERY(), rule="R12", alternatives=[MoveText(m) for m in legal])
    moves = _some([MoveText(m) for m in fits])
    if move.to is not None:
        return ParseError(NAME_THE_SOURCE(to=move.to, moves=moves))
    if move.frm is not None:
        return ParseError(NAME_THE_TARGET(frm=move.frm, moves=moves))
    return ParseError(NAME_BOTH_ENDS(moves=moves))
