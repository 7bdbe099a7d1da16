"""Choosing actions (R3) and the order they resolve in (R4).

From the starting player, clockwise, each player puts one marker per turn on a free space, or
passes once two are placed; a player out of markers, passed, or without a free space is skipped.
When nobody can choose, the spaces become the queue of tasks that resolve them.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.decisions import DecisionKind, Event, told
from engine.errors import IllegalMove
from engine.moves import (
    ACTION_NAMES,
    ACTIONS,
    SPACE_LETTERS,
    SPACES,
    ChooseAction,
    Move,
    Pass,
)
from engine.notation import MoveText
from engine.rules.base import Rule, texts
from engine.state import GameState, PlayerState, Task
from engine.text import Msg, Plural, Text

ASKS = Msg("rules.choose.asks", "choose an action or pass")
CHOOSE_OR_PASS = Plural("rules.choose.or_pass",
                        "choose an action or pass; {n} marker left",
                        "choose an action or pass; {n} markers left")
CHOOSE_MORE = Plural("rules.choose.more",
                     "choose an action (at least {short} more this round); {n} marker left",
                     "choose an action (at least {short} more this round); {n} markers left")
CANNOT_PASS_YET = Msg("rules.choose.cannot_pass_yet",
                      "{name} cannot pass yet: place at least two markers each round "
                      "({placed} placed so far)")
ONE_SPACE_TAKEN = Msg("rules.choose.one_space_taken",
                      "{action} is taken this round by {name}; it has one space")
ALL_SPACES_TAKEN = Msg("rules.choose.all_spaces_taken",
                       "all six {action} spaces are taken this round")
LOWEST_FREE_SPACE = Msg("rules.choose.lowest_free_space",
                        "a marker goes on the lowest free {action} space, which is space "
                        "{free}, not space {named}; write {move} for it")
PASSES = Msg("rules.choose.passes", "{name} passes.")
#: a marker placed on each action: one sentence per action, with its space where it has several
CHOOSES_SPACE: dict[str, Msg] = {
    "lines": Msg("rules.choose.chooses.lines", "{name} chooses Line expansion (space {space})."),
    "passengers": Msg("rules.choose.chooses.passengers",
                      "{name} chooses Passengers (space {space})."),
    "buildings": Msg("rules.choose.chooses.buildings",
                     "{name} chooses Buildings (space {space})."),
    "vroom": Msg("rules.choose.chooses.vroom", "{name} chooses Vrrooomm (space {space})."),
}
CHOOSES: dict[str, Msg] = {
    "buses": Msg("rules.choose.chooses.buses", "{name} chooses Buses."),
    "clock": Msg("rules.choose.chooses.clock", "{name} chooses Clock."),
    "start": Msg("rules.choose.chooses.start", "{name} chooses Starting player."),
}
assert set(CHOOSES_SPACE) == {a for a in ACTIONS if SPACES[a] > 1}
assert set(CHOOSES) == {a for a in ACTIONS if SPACES[a] == 1}
ROUND_BEGINS = Msg("rules.round.begins", "Round {round} begins: {name} is the starting player.")
ACTIONS_RESOLVE = Msg("rules.round.resolve",
                      "Round {round}: every marker is placed; the actions resolve.")

_CHOOSE = {a: ChooseAction(a) for a in ACTIONS}
_PASS = Pass()
#: each action with its move and its number of spaces, in the board's order
_CHOICES = tuple((a, _CHOOSE[a], SPACES[a]) for a in ACTIONS)
_ALL_SPACES = sum(SPACES.values())
#: the choices, listed once for each count of markers on the actions (in ``ACTIONS`` order) and
#: whether the chooser may pass: at most 7 * 2 * 7 * 7 * 2 * 7 * 2 * 2 lists, shared by every
#: game (a listing is never changed: ``Game`` hands out copies)
_LISTED: dict[tuple[int | bool, ...], list[Move]] = {}
#: markers a player must place in a round before passing (R3)
MUST_PLACE = 2
#: actions that resolve from the last chosen space back to space a (R4)
LAST_SPACE_FIRST = frozenset((DecisionKind.LINES, DecisionKind.BUILDINGS))
_STEP = {a: DecisionKind(a) for a in ACTIONS}
#: each action in resolution order with its step and whether its last space resolves first
_RESOLVE = tuple((a, _STEP[a], _STEP[a] in LAST_SPACE_FIRST) for a in ACTIONS)


class Choose(Rule):
    kind = DecisionKind.CHOOSE
    rule = "R3"
    asks = ASKS
    takes = (ChooseAction, Pass)

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        key = (*map(len, map(st.spaces.__getitem__, ACTIONS)), p.placed >= MUST_PLACE)
        return _LISTED.get(key) or _listing(key)

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        short = MUST_PLACE - p.placed
        if short <= 0:
            return CHOOSE_OR_PASS(n=p.markers)
        return CHOOSE_MORE(n=p.markers, short=short)

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        if isinstance(move, Pass):
            if p.placed < MUST_PLACE:
                raise IllegalMove(CANNOT_PASS_YET(name=p.name, placed=p.placed), rule=self.rule)
        else:
            assert isinstance(move, ChooseAction)
            self._check(st, p, move)
        return self.do(st, p, move)

    def _check(self, st: GameState, p: PlayerState, move: ChooseAction) -> None:
        action = move.action
        title = ACTION_NAMES[action]  # made a Text only for a refusal
        taken = st.spaces[action]
        if SPACES[action] == 1 and taken:
            raise IllegalMove(ONE_SPACE_TAKEN(action=title(), name=st.players[taken[0]].name),
                              rule=self.rule, alternatives=texts(self.moves(st, p)))
        if len(taken) >= SPACES[action]:
            raise IllegalMove(ALL_SPACES_TAKEN(action=title()), rule=self.rule,
                              alternatives=texts(self.moves(st, p)))
        free = SPACE_LETTERS[len(taken)]
        if move.space is not None and move.space != free:
            raise IllegalMove(LOWEST_FREE_SPACE(action=title(), free=free, named=move.space,
                                                move=MoveText(_CHOOSE[action])),
                              rule=self.rule)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        place(st, p, move)
        if move is _PASS or isinstance(move, Pass):
            return [told("pass", PASSES, p.name, name=p.name)]
        action = move.action  # type: ignore[union-attr]
        several = CHOOSES_SPACE.get(action)
        if several is None:
            return [told("choose", CHOOSES[action], p.name, name=p.name)]
        return [told("choose", several, p.name, name=p.name,
                     space=SPACE_LETTERS[len(st.spaces[action]) - 1])]


def place(st: GameState, p: PlayerState, move: Move) -> None:
    """Carry out a listed choice (a marker or a pass) and find the next chooser, telling
    nothing: ``Choose.do`` and the quiet loop of ``choose_quietly`` share it."""
    if move is _PASS or isinstance(move, Pass):
        p.passed = True
    else:  # a ChooseAction: listed, so its action has a free space
        st.spaces[move.action].append(p.seat)  # type: ignore[union-attr]
        p.markers -= 1
        p.placed += 1
    st.current = next_chooser(st, p.seat)


def choose_quietly(st: GameState, pick: Callable[[list[Move]], Move],
                   history: list[tuple[str, Move]], most: int) -> int:
    """Play at most ``most`` choices, each picked from the listed moves, recording each in
    ``history`` and building no events; stop when the choosing ends. The choosing phase is
    more than half of a random game's moves, so a playout (``Game.play_out``) runs it here,
    without the turn machine's round trip per marker, counting the markers on each action as
    it goes instead of measuring the spaces anew (``Choose.moves`` and ``next_chooser`` do the
    same from the position). Returns how many were played."""
    players, spaces, n = st.players, st.spaces, len(st.players)
    counts = [len(spaces[a]) for a in ACTIONS]
    total = sum(counts)
    current = st.current
    played = 0
    while played < most and current is not None:
        p = players[current]
        may_pass = p.placed >= MUST_PLACE
        key = (*counts, may_pass)
        move = pick(_LISTED.get(key) or _listing(key))
        if move is _PASS or isinstance(move, Pass):
            p.passed = True
        else:
            action = move.action  # type: ignore[union-attr]
            spaces[action].append(current)
            counts[_INDEX[action]] += 1
            total += 1
            p.markers -= 1
            p.placed += 1
        history.append((p.name, move))
        played += 1
        st.moves_played += 1
        # the position stays whole between choices: a pick may read it (the computer's does)
        current = st.current = (None if total >= _ALL_SPACES
                                else _clockwise(players, current + 1, n))
    return played


def _clockwise(players: list[PlayerState], first: int, n: int) -> int | None:
    """The first seat from ``first`` on, clockwise, that has not passed and has a marker."""
    for i in range(first, first + n):
        p = players[i % n]
        if not p.passed and p.markers > 0:
            return p.seat
    return None


def _listing(key: tuple[int | bool, ...]) -> list[Move]:
    """The choices for a count of markers on each action (in ``ACTIONS`` order) and whether
    the chooser may pass, listed once and kept in ``_LISTED``."""
    *counts, may_pass = key
    found: list[Move] = [move for (_, move, room), count in zip(_CHOICES, counts, strict=True)
                         if count < room]
    if may_pass:
        found.append(_PASS)
    _LISTED[key] = found
    return found


#: each action's place in ``ACTIONS`` (the order of a listing's key)
_INDEX = {a: i for i, a in enumerate(ACTIONS)}


def next_chooser(st: GameState, after: int | None) -> int | None:
    """The next seat that can place a marker, clockwise after ``after`` (from the starting
    player when None); None ends the choosing phase."""
    # no action holds more markers than it has spaces: fewer markers than spaces in all means
    # a free space somewhere
    if sum(map(len, st.spaces.values())) >= _ALL_SPACES:
        return None
    first = st.start_seat if after is None else after + 1
    return _clockwise(st.players, first, len(st.players))


def start_round(st: GameState) -> list[Event]:
    """A new round: markers back to nobody's spaces, the starting player chooses first."""
    st.phase = "choosing"
    st.round += 1
    for p in st.players:
        p.placed = 0
        p.passed = False
    st.spaces = {a: [] for a in ACTIONS}
    st.next_start = None
    st.current = next_chooser(st, None)
    starter = st.players[st.start_seat].name
    return [told("round", ROUND_BEGINS, None, round=st.round, name=starter)]


def begin_resolution(st: GameState) -> list[Event]:
    """Every marker is placed: queue one task per taken space in resolution order (R4), and the
    clock's own step when nobody took it (R11)."""
    st.phase = "resolving"
    st.current = None
    queue: list[Task] = []
    spaces = st.spaces
    for action, kind, backwards in _RESOLVE:
        seats = spaces[action]
        if not seats:
            if kind is DecisionKind.CLOCK:
                queue.append(Task(kind, None))
            continue
        order = range(len(seats) - 1, -1, -1) if backwards else range(len(seats))
        for i in order:
            queue.append(Task(kind, seats[i], i))
    st.queue = queue
    return [told("phase", ACTIONS_RESOLVE, None, round=st.round)]
