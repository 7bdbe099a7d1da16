"""Line expansion (R7): which streets a line may take next, and why a street is refused.

A line is a trail of crossings, its heads the first and last. At a head with an empty street the
new street must be empty, unless every line already on it ends at that head along that very
street (head-to-head parallel building); at a head without empty streets any street not already
the player's own may be taken. Circles and runs into the line's own crossings are allowed.

When a line closes a circle both heads stand at the closing crossing, and the rulebook's circle
example says it is the head that closed the circle that moves on; the other head keeps its older
end street there, which is what other players' head-to-head building looks at. The trail is kept
so that the closing head is always its last crossing, whichever end the circle was closed from.
"""

from __future__ import annotations

from engine.board import BOARD
from engine.decisions import each_and
from engine.moves import ExtendLine, Move
from engine.notation import MoveText
from engine.state import GameState, PlayerState
from engine.text import Listing, Msg, Plural, Text

NOT_A_HEAD = Msg("rules.r7.not_a_head", "{frm} is not a head of {name}'s line (heads {heads})")
NOT_A_HEAD_TURNED = Msg("rules.r7.not_a_head_turned",
                        "{frm} is not a head of {name}'s line (heads {heads}); did you mean "
                        "{move}?")
RUNS_TWICE = Msg("rules.r7.runs_twice",
                 "the street {frm}-{to} is already part of {name}'s line; a line never runs a "
                 "street twice")
#: a line's owner in "parallel to Bram's line"
WHOSE = Msg("rules.r7.whose", "{name}'s")
#: parallel building refused, by whether one line or several run on the street, the empty
#: streets counted
PARALLEL_TO_A_LINE = Plural(
    "rules.r7.parallel_to_a_line",
    "you cannot build parallel to {owners} line here: the street {empty} is empty, and "
    "{not_ending}'s line does not end at {frm} along {frm}-{to}",
    "you cannot build parallel to {owners} line here: the streets {empty} are empty, and "
    "{not_ending}'s line does not end at {frm} along {frm}-{to}")
PARALLEL_TO_LINES = Plural(
    "rules.r7.parallel_to_lines",
    "you cannot build parallel to {owners} lines here: the street {empty} is empty, and "
    "{not_ending}'s line does not end at {frm} along {frm}-{to}",
    "you cannot build parallel to {owners} lines here: the streets {empty} are empty, and "
    "{not_ending}'s line does not end at {frm} along {frm}-{to}")

_EXTEND = {(a, b): ExtendLine(a, b) for a in BOARD.labels for b, _ in BOARD.adjacent[a]}
#: each crossing's streets with the move that extends a line along each from there
_EXTEND_AT = {a: tuple((s, _EXTEND[(a, b)]) for b, s in BOARD.adjacent[a]) for a in BOARD.labels}
#: the streets at each crossing
_STREETS_AT = {a: frozenset(s for _, s in BOARD.adjacent[a]) for a in BOARD.labels}


def end_segments(p: PlayerState) -> tuple[tuple[str, int], tuple[str, int]] | tuple[()]:
    """Each head of a line with the street that ends there."""
    trail = p.line
    if len(trail) < 2:
        return ()
    first = BOARD.street_between(trail[0], trail[1])
    last = BOARD.street_between(trail[-2], trail[-1])
    assert first is not None and last is not None
    return ((trail[0], first), (trail[-1], last))


def _ends_here(st: GameState, seat: int, head: str, street: int) -> bool:
    return (head, street) in end_segments(st.players[seat])


def _allowed_at(st: GameState, p: PlayerState, head: str) -> list[tuple[str, int]]:
    adjacent = BOARD.adjacent[head]
    street_lines = st.street_lines
    own = p.streets
    empty: list[tuple[str, int]] = []
    shared = False  # whether another line runs on a street here
    for to, s in adjacent:
        if not street_lines[s]:
            empty.append((to, s))
        elif s not in own:
            shared = True
    if not shared:  # the usual case: only empty streets and the line's own
        return empty
    any_empty = bool(empty)
    out: list[tuple[str, int]] = []
    for to, s in adjacent:
        if s in own:
            continue
        owners = street_lines[s]
        if not owners or not any_empty or all(_ends_here(st, q, head, s) for q in owners):
            out.append((to, s))
    return out


def extensions(st: GameState, p: PlayerState) -> list[Move]:
    """Every legal next street of a line, as moves (a new list each time)."""
    out: list[Move] = []
    street_lines, own = st.street_lines, p.streets
    for head in dict.fromkeys(p.heads):
        streets = _EXTEND_AT[head]
        empty = [move for s, move in streets if not street_lines[s]]
        if len(streets) - len(empty) == len(own & _STREETS_AT[head]):
            out += empty  # the usual case: only empty streets here and the line's own
        else:
            out += [_EXTEND[(head, to)] for to, _ in _allowed_at(st, p, head)]
    return out


def why_not(st: GameState, p: PlayerState, frm: str, to: str, street: int) -> Text | None:
    """The reason a street may not extend the line, in a player's words; None when it may."""
    heads = dict.fromkeys(p.heads)
    if frm not in heads:
        listed = Listing(tuple(heads), ", ")
        if to in heads:
            return NOT_A_HEAD_TURNED(frm=frm, name=p.name, heads=listed,
                                     move=MoveText(_EXTEND[(to, frm)]))
        return NOT_A_HEAD(frm=frm, name=p.name, heads=listed)
    if street in p.streets:
        return RUNS_TWICE(frm=frm, to=to, name=p.name)
    if any(s == street for _, s in _allowed_at(st, p, frm)):
        return None
    owners = st.street_lines[street]
    names = each_and([WHOSE(name=st.players[q].name) for q in owners])
    empty = [f"{frm}-{n}" for n, s in BOARD.adjacent[frm] if not st.street_lines[s]]
    not_ending = Listing(tuple(st.players[q].name for q in owners
                               if not _ends_here(st, q, frm, street)), ", ")
    refusal = PARALLEL_TO_A_LINE if len(owners) == 1 else PARALLEL_TO_LINES
    return refusal(n=len(empty), owners=names, empty=each_and(empty), not_ending=not_ending,
                   frm=frm, to=to)


def extend(st: GameState, p: PlayerState, frm: str, to: str, street: int) -> None:
    """Add a street at the head ``frm``.

    When both heads are at ``frm`` (a closed circle) the street goes at the trail's end, which
    is the head that closed the circle (R7): the head at the trail's start keeps its older end
    street. A circle closed at the trail's start is turned round so that this stays true.
    """
    trail = p.line
    if trail[-1] == frm:
        trail = [*trail, to]
    else:
        trail = [to, *trail]
        if trail[0] == trail[-1]:  # closed at the start: the closing head becomes the last
            trail.reverse()
    # new containers, never changed in place: copies of the position share them (state.py)
    p.line = trail
    p.streets = p.streets | {street}
    st.street_lines[street] = [*st.street_lines[street], p.seat]
