"""The game of Bus: whose decision it is, which moves are legal, and what each move does.

``Game`` follows the rulings R1..R15 of RULINGS.md. A game advances by itself through every step
that involves no choice (bus purchases, an untaken clock, forfeits, the next starting player) and
stops at the next decision; those steps are returned from ``push`` as ``Event`` records so the bot
can tell the channel what happened. Nothing here reads a clock, a file or a random source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import intent, lines
from engine.board import BOARD, STATIONS
from engine.errors import BusError, GameOver, IllegalMove, NotYourTurn
from engine.moves import (
    ACTION_TITLES,
    ACTIONS,
    BUILDING_TYPES,
    SINGLE_SPACE,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    Question,
    StartLine,
    Unfinished,
)
from engine.standings import ranked
from engine.state import CLOCK, COLOURS, SPACE_LIMIT, GameState, Options, PlayerState, Task

if TYPE_CHECKING:
    from engine.log import GameLog

# Moves are immutable, so the legal-move lists hand out shared instances instead of new objects.
_CHOOSE = {a: ChooseAction(a) for a in ACTIONS}
_PASS = Pass()
_PASSENGER = {s: PlacePassenger(s) for s in STATIONS}
_CLOCK = (ClockChoice(True), ClockChoice(False))
_BUILD: dict[tuple[str, str], PlaceBuilding] = {
    (k, n): PlaceBuilding(k, n) for k in BUILDING_TYPES for n in BOARD.labels
}
_DELIVER = {(a, b): Deliver(a, b) for a in BOARD.labels for b in BOARD.labels if a != b}

SETUP_KINDS = ("setup_building", "first_line", "second_street")
_DECISION_KIND: dict[str, type | tuple[type, ...]] = {
    "setup_building": PlaceBuilding, "first_line": StartLine, "second_street": ExtendLine,
    "choose": (ChooseAction, Pass), "lines": ExtendLine, "passengers": PlacePassenger,
    "buildings": PlaceBuilding, "clock": ClockChoice, "vroom": Deliver,
}
_DECISION_WORDS = {
    "setup_building": "place a starting building",
    "first_line": "start a line",
    "second_street": "add the second street of a line",
    "choose": "choose an action or pass",
    "lines": "extend a line",
    "passengers": "place passengers at a station",
    "buildings": "place buildings",
    "clock": "stop time or advance the clock",
    "vroom": "deliver passengers",
}
_RULE_OF = {
    "setup_building": "R1", "first_line": "R2", "second_street": "R2", "choose": "R3",
    "lines": "R7", "passengers": "R9", "buildings": "R10", "clock": "R11", "vroom": "R12",
}


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. ``count`` is how many more moves of this kind are owed."""

    player: str
    seat: int
    kind: str
    count: int
    text: str


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened by itself, or the outcome of a move, told in a sentence."""

    kind: str
    text: str
    player: str | None = None


def _noun(n: int, word: str, many: str | None = None) -> str:
    return word if n == 1 else (many or word + "s")


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {_noun(n, word, many)}"


class Game:
    """One game of Bus, from setup to final score.

    Seat order is the order of ``players``; the first seat starts (R1). Moves are applied with
    ``push`` (typed) or ``play`` (text); ``pop`` takes the last one back by replaying the rest.
    """

    def __init__(self, players: list[str], edition: str = "capstone",
                 options: Options | None = None, colours: list[str] | None = None) -> None:
        names = [p.strip() for p in players]
        if not 3 <= len(names) <= 5:
            raise BusError(f"Bus is played by 3 to 5 players, not {len(names)}")
        if any(not n for n in names):
            raise BusError("a player name is empty")
        if len({n.casefold() for n in names}) != len(names):
            raise BusError("two players have the same name")
        for n in names:
            if ":" in n or "," in n or n.startswith("#"):
                raise BusError(f"the player name {n!r} may not contain ':' or ',' or start with #")
        chosen = list(colours) if colours else list(COLOURS[: len(names)])
        if len(chosen) != len(names):
            raise BusError(f"{len(chosen)} colours were given for {len(names)} players")
        chosen = [c.strip().lower() for c in chosen]
        if len(set(chosen)) != len(chosen):
            raise BusError("two players have the same colour")
        for c in chosen:
            if not c.isalpha():
                raise BusError(f"{c!r} is not a colour name")
        try:
            base = Options.for_edition(edition, len(names))
        except ValueError as err:
            raise BusError(str(err)) from None
        opts = options if options is not None else base
        self.edition = edition
        self.initial_options = opts
        self.state = GameState(
            edition=edition,
            options=opts,
            players=[
                PlayerState(n, c, i, opts.markers)
                for i, (n, c) in enumerate(zip(names, chosen, strict=True))
            ],
            clock_stones_left=opts.clock_stones,
            passenger_supply=opts.passengers,
            lots=[None] * len(BOARD.lots),
            street_lines=[[] for _ in BOARD.streets],
            spaces={a: [] for a in ACTIONS},
        )
        st = self.state
        for label in BOARD.park:  # four passengers start in the park
            if st.passenger_supply > 0:
                st.passengers[label] = 1
                st.passenger_supply -= 1
        seats = range(len(names))
        st.queue = (
            [Task("setup_building", s, remaining=2) for s in seats]
            + [Task("first_line", s, remaining=1) for s in seats]
            + [Task("second_street", s, remaining=1) for s in reversed(seats)]
        )
        self.history: list[tuple[str, Move]] = []
        self.opening_events = self._advance()

    # ---- reading ------------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.players]

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    @property
    def last_move(self) -> tuple[str, Move] | None:
        return self.history[-1] if self.history else None

    def player(self, name: str) -> PlayerState:
        """The seat of a player by name (case-insensitive)."""
        wanted = name.strip().casefold()
        for p in self.state.players:
            if p.name.casefold() == wanted:
                return p
        raise NotYourTurn(f"{name} is not playing in this game "
                          f"(the players are {', '.join(self.players)})")

    def _decider(self) -> tuple[str, int] | None:
        st = self.state
        if st.phase == "over":
            return None
        if st.phase == "choosing":
            assert st.current is not None
            return "choose", st.current
        task = st.task
        assert task is not None and task.seat is not None
        return task.action, task.seat

    def to_act(self) -> Decision | None:
        """The decision the game waits for, described for the player, or None when over."""
        d = self._decider()
        if d is None:
            return None
        kind, seat = d
        p = self.state.players[seat]
        count = 1 if kind in ("choose", "clock") else self.state.task.remaining  # type: ignore[union-attr]
        return Decision(p.name, seat, kind, count, f"{p.name}: {self._describe(kind, p, count)}")

    def _describe(self, kind: str, p: PlayerState, count: int) -> str:
        st = self.state
        heads = ", ".join(dict.fromkeys(p.heads))
        if kind == "setup_building":
            return f"place {_plural(count, 'starting building')} on free zone-A lots"
        if kind == "first_line":
            return "start your line on a street (Start line between X and Y)"
        if kind == "second_street":
            return f"add the second street of your line (heads {heads})"
        if kind == "choose":
            must = "" if p.placed >= 2 else f" (at least {2 - p.placed} more this round)"
            pass_word = " or pass" if p.placed >= 2 else ""
            return (f"choose an action{pass_word}{must}; "
                    f"{_plural(p.markers, 'marker')} left")
        if kind == "lines":
            return f"extend your line by {count} more {_noun(count, 'street')} (heads {heads})"
        if kind == "passengers":
            return (f"place {_plural(count, 'passenger')} at a station (WS or ES); "
                    f"{st.passenger_supply} in the supply")
        if kind == "buildings":
            zone = st.open_zone()
            return f"place {_plural(count, 'building')} on free zone-{zone} lots"
        if kind == "clock":
            nxt = CLOCK[(st.clock + 1) % 3]
            return (f"stop time (the clock stays on {st.clock_type}, you take a clock stone) "
                    f"or advance the clock to {nxt}")
        if kind == "vroom":
            want = st.clock_type
            return (f"deliver {_plural(count, 'passenger')} to {want}s on your line "
                    f"(Deliver from X to Y)")
        raise AssertionError(kind)

    # ---- legal moves -----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move for the decision now (empty when the game is over)."""
        d = self._decider()
        if d is None:
            return []
        kind, seat = d
        return self._moves_for(kind, self.state.players[seat])

    def _moves_for(self, kind: str, p: PlayerState) -> list[Move]:
        st = self.state
        if kind == "choose":
            spaces = st.spaces
            out: list[Move] = [_CHOOSE[a] for a in ACTIONS if len(spaces[a]) < SPACE_LIMIT[a]]
            if p.placed >= 2:
                out.append(_PASS)
            return out
        if kind in ("lines", "second_street"):
            return [m for m in lines.extensions(st, p)]
        if kind == "first_line":
            empty_only = st.options.first_line_on_empty_street
            return [StartLine(s.a, s.b) for s in BOARD.streets
                    if not (empty_only and st.street_lines[s.index])]
        if kind in ("setup_building", "buildings"):
            nodes = self._free_lot_nodes("A" if kind == "setup_building" else None)
            kinds = self._allowed_types()
            return [_BUILD[(k, n)] for n in nodes for k in kinds]
        if kind == "passengers":
            return [_PASSENGER[s] for s in STATIONS] if st.passenger_supply > 0 else []
        if kind == "clock":
            return list(_CLOCK)
        if kind == "vroom":
            sources, targets = self._vroom_ends(p)
            return [_DELIVER[(a, b)] for a in sources for b in targets]
        raise AssertionError(kind)

    def _free_lot_nodes(self, zone: str | None) -> list[str]:
        st = self.state
        zone = zone or st.open_zone()
        if zone is None:
            return []
        lots = st.lots
        out: list[str] = []
        for i in BOARD.lots_in_zone[zone]:
            if lots[i] is None:
                node = BOARD.lots[i].node
                if node not in out:
                    out.append(node)
        return out

    def _allowed_types(self) -> tuple[str, ...]:
        limit = self.state.options.building_type_limit
        if not limit:
            return BUILDING_TYPES
        return tuple(k for k in BUILDING_TYPES if self.state.type_count(k) < limit)

    def _vroom_ends(self, p: PlayerState) -> tuple[list[str], list[str]]:
        """Crossings on the player's line with passengers who want to leave / free buildings."""
        st = self.state
        want = CLOCK[st.clock]
        sources: list[str] = []
        targets: list[str] = []
        passengers = st.passengers
        lots = st.lots
        for label in dict.fromkeys(p.line):
            here = passengers.get(label, 0)
            wanted = 0
            for i in BOARD.lots_at[label]:
                if lots[i] == want:
                    wanted += 1
            if here > wanted:
                sources.append(label)
            elif wanted > here:
                targets.append(label)
        return sources, targets

    # ---- applying moves ------------------------------------------------------------------------

    def push(self, move: Move, player: str | None = None) -> list[Event]:
        """Apply one move for the player whose decision it is; return what followed.

        ``player`` (when given) must be that player, else ``NotYourTurn``. An illegal move raises
        ``IllegalMove`` and changes nothing.
        """
        d = self._decider()
        if d is None:
            raise GameOver(self._over_text())
        kind, seat = d
        p = self.state.players[seat]
        if player is not None:
            actor = self.player(player)
            if actor is not p:
                raise NotYourTurn(
                    f"it is not {actor.name}'s turn: waiting for {self.to_act().text}",  # type: ignore[union-attr]
                    player=p.name,
                )
        if isinstance(move, Question | Unfinished):  # plays nothing: engine/intent.py answers
            raise intent.answer(self, p, move)
        expected = _DECISION_KIND[kind]
        if not isinstance(move, expected):
            raise IllegalMove(
                f"{p.name} cannot {_what(move)} now: {p.name} must "
                f"{_DECISION_WORDS[kind]} ({self.to_act().text})"  # type: ignore[union-attr]
                f"{intent.first_choose(kind, move)}",
                rule=_RULE_OF[kind],
                alternatives=[str(m) for m in self._moves_for(kind, p)][:12],
            )
        events = self._apply(kind, p, move)
        self.state.moves_played += 1
        self.history.append((p.name, move))
        events.extend(self._advance())
        return events

    def play(self, player: str, text: str) -> list[Event]:
        """Parse ``text`` and apply every move in it for ``player``, all or nothing."""
        from engine.notation import parse_moves

        moves = parse_moves(text)
        if len(moves) == 1:
            return self.push(moves[0], player)
        saved = self.state.copy(), len(self.history)
        events: list[Event] = []
        try:
            for move in moves:
                events.extend(self.push(move, player))
        except BusError:
            self.state = saved[0]
            del self.history[saved[1]:]
            raise
        return events

    def pop(self) -> Move:
        """Take back the last move (by replaying all the others) and return it."""
        if not self.history:
            raise IllegalMove("there is no move to take back")
        fresh = Game(self.players, self.edition, self.initial_options,
                     [p.colour for p in self.state.players])
        for name, move in self.history[:-1]:
            fresh.push(move, name)
        last = self.history[-1][1]
        self.state = fresh.state
        self.history = fresh.history
        return last

    def copy(self) -> Game:
        """An independent game at the same position (the history is shared-nothing too)."""
        other = object.__new__(Game)
        other.edition = self.edition
        other.initial_options = self.initial_options
        other.state = self.state.copy()
        other.history = list(self.history)
        other.opening_events = self.opening_events
        return other

    def _apply(self, kind: str, p: PlayerState, move: Move) -> list[Event]:
        st = self.state
        if isinstance(move, ChooseAction):
            events = self._choose(p, move)
            st.current = self._next_chooser(p.seat)
            return events
        if isinstance(move, Pass):
            if p.placed < 2:
                raise IllegalMove(
                    f"{p.name} cannot pass yet: place at least two markers each round "
                    f"({p.placed} placed so far)", rule="R3")
            p.passed = True
            st.current = self._next_chooser(p.seat)
            return [Event("pass", f"{p.name} passes.", p.name)]
        task = st.task
        assert task is not None
        if isinstance(move, StartLine):
            street = self._street(move.a, move.b, "R2")
            if st.options.first_line_on_empty_street and st.street_lines[street]:
                owners = ", ".join(st.players[s].name for s in st.street_lines[street])
                raise IllegalMove(
                    f"the street {move.a}-{move.b} already holds {owners}'s line; this game's "
                    f"option first_line_on_empty_street asks for an empty street", rule="R2")
            p.line = [move.a, move.b]
            p.streets.add(street)
            st.street_lines[street].append(p.seat)
            task.remaining -= 1
            return []
        if isinstance(move, ExtendLine):
            street = self._street(move.frm, move.to, "R7")
            reason = lines.why_not(st, p, move.frm, move.to, street)
            if reason is not None:
                raise IllegalMove(reason, rule="R7",
                                  alternatives=[str(m) for m in lines.extensions(st, p)])
            lines.extend(st, p, move.frm, move.to, street)
            task.remaining -= 1
            return []
        if isinstance(move, PlaceBuilding):
            return self._build(kind, p, move)
        if isinstance(move, PlacePassenger):
            if st.passenger_supply <= 0:
                raise IllegalMove("the passenger supply is empty", rule="R9")
            st.passenger_supply -= 1
            st.passengers[move.station] = st.passengers.get(move.station, 0) + 1
            task.remaining -= 1
            return []
        if isinstance(move, ClockChoice):
            task.remaining = 0
            if move.stop:
                st.clock_stones_left -= 1
                p.stones += 1
                events = [Event("clock", f"{p.name} stops time: the clock stays on "
                                f"{st.clock_type}; {p.name} takes a clock stone "
                                f"({st.clock_stones_left} left).", p.name)]
                if st.clock_stones_left <= 0:
                    events.extend(self._end_game("clock"))
                return events
            st.clock = (st.clock + 1) % 3
            return [Event("clock", f"{p.name} lets time run: the clock moves to "
                          f"{st.clock_type}.", p.name)]
        if isinstance(move, Deliver):
            self._check_label(move.frm, "R12")
            self._check_label(move.to, "R12")
            sources, targets = self._vroom_ends(p)
            if move.frm not in sources or move.to not in targets:
                raise IllegalMove(self._why_not_deliver(p, move, sources, targets), rule="R12",
                                  alternatives=[str(m) for m in self._moves_for("vroom", p)][:12])
            st.passengers[move.frm] -= 1
            if not st.passengers[move.frm]:
                del st.passengers[move.frm]
            st.passengers[move.to] = st.passengers.get(move.to, 0) + 1
            p.carried += 1
            p.reached_at = st.moves_played + 1
            task.remaining -= 1
            return []
        raise AssertionError(move)

    def _choose(self, p: PlayerState, move: ChooseAction) -> list[Event]:
        st = self.state
        action = move.action
        title = ACTION_TITLES[action]
        taken = st.spaces[action]
        if action in SINGLE_SPACE and taken:
            raise IllegalMove(
                f"{title} is taken this round by {st.players[taken[0]].name}; it has one space",
                rule="R3", alternatives=[str(m) for m in self._moves_for("choose", p)])
        if len(taken) >= 6:
            raise IllegalMove(f"all six {title} spaces are taken this round", rule="R3",
                              alternatives=[str(m) for m in self._moves_for("choose", p)])
        taken.append(p.seat)
        p.markers -= 1
        p.placed += 1
        space = "" if action in SINGLE_SPACE else f" (space {'abcdef'[len(taken) - 1]})"
        return [Event("choose", f"{p.name} chooses {title}{space}.", p.name)]

    def _build(self, kind: str, p: PlayerState, move: PlaceBuilding) -> list[Event]:
        st = self.state
        rule = "R1" if kind == "setup_building" else "R10"
        self._check_label(move.node, rule)
        zone = "A" if kind == "setup_building" else st.open_zone()
        free = [i for i in BOARD.lots_at[move.node] if st.lots[i] is None]
        if not BOARD.lots_at[move.node]:
            raise IllegalMove(f"{move.node} has no building lots", rule=rule,
                              alternatives=self._node_hint(kind))
        if not free:
            raise IllegalMove(f"every lot at {move.node} is already built", rule=rule,
                              alternatives=self._node_hint(kind))
        in_zone = [i for i in free if BOARD.lots[i].zone == zone]
        if not in_zone:
            zones = "/".join(sorted({BOARD.lots[i].zone for i in free}))
            why = ("only zone-A lots may be built during setup" if kind == "setup_building"
                   else f"zone {zones} lots open only when every zone-{zone} lot is built")
            raise IllegalMove(f"the free lot at {move.node} is in zone {zones}: {why}",
                              rule=rule, alternatives=self._node_hint(kind))
        if move.kind not in self._allowed_types():
            limit = st.options.building_type_limit
            raise IllegalMove(f"all {limit} {move.kind}s are built (the limit of one type)",
                              rule="R10")
        st.lots[in_zone[0]] = move.kind
        assert st.task is not None
        st.task.remaining -= 1
        return []

    def _node_hint(self, kind: str) -> list[str]:
        """The crossings where a building may go now, offered after a refused one."""
        return self._free_lot_nodes("A" if kind == "setup_building" else None)

    def _why_not_deliver(self, p: PlayerState, move: Deliver, sources: list[str],
                         targets: list[str]) -> str:
        st = self.state
        on_line = set(p.line)
        want = st.clock_type
        for label in (move.frm, move.to):
            if label not in on_line:
                return f"{label} is not on {p.name}'s line"
        if move.frm not in sources:
            here = st.passengers.get(move.frm, 0)
            if not here:
                return f"no passenger waits at {move.frm}"
            return (f"nobody at {move.frm} wants to leave: the passengers there sit in its "
                    f"{want}s")
        return f"{move.to} has no free {want} (the clock shows {want})"

    def _street(self, a: str, b: str, rule: str) -> int:
        self._check_label(a, rule)
        self._check_label(b, rule)
        street = BOARD.street_between(a, b)
        if street is None:
            near = ", ".join(n for n, _ in BOARD.adjacent[a])
            raise IllegalMove(f"there is no street between {a} and {b} "
                              f"(streets from {a} go to {near})", rule=rule)
        return street

    @staticmethod
    def _check_label(label: str, rule: str) -> None:
        if not BOARD.is_label(label):
            from engine.notation import label_hint

            raise IllegalMove(label_hint(label), rule=rule)

    # ---- automatic steps -------------------------------------------------------------------------

    def _advance(self) -> list[Event]:
        """Run every step that needs no choice, up to the next decision (R6)."""
        st = self.state
        events: list[Event] = []
        while True:
            if st.phase == "over":
                return events
            if st.phase == "choosing":
                if st.current is not None:
                    return events
                events.extend(self._begin_resolution())
                continue
            task = st.task
            if task is not None and task.remaining > 0:
                assert task.seat is not None
                p = st.players[task.seat]
                kind = task.action
                if self._moves_for(kind, p):
                    return events
                events.append(self._forfeit(task, p))
                task.remaining = 0
            st.task = None
            if not st.queue:
                events.extend(self._end_round())
                continue
            st.task = st.queue.pop(0)
            events.extend(self._start_task(st.task))

    def _can_choose(self, p: PlayerState) -> bool:
        st = self.state
        if p.passed or p.markers <= 0:
            return False
        spaces = st.spaces
        return any(len(spaces[a]) < SPACE_LIMIT[a] for a in ACTIONS)

    def _next_chooser(self, after: int | None) -> int | None:
        st = self.state
        n = len(st.players)
        start = st.start_seat if after is None else after + 1
        for k in range(n):
            seat = (start + k) % n
            if self._can_choose(st.players[seat]):
                return seat
        return None

    def _start_round(self) -> list[Event]:
        st = self.state
        st.phase = "choosing"
        st.round += 1
        for p in st.players:
            p.placed = 0
            p.passed = False
        st.spaces = {a: [] for a in ACTIONS}
        st.next_start = None
        st.current = self._next_chooser(None)
        starter = st.players[st.start_seat].name
        return [Event("round", f"Round {st.round} begins: {starter} is the starting player.")]

    def _begin_resolution(self) -> list[Event]:
        st = self.state
        st.phase = "resolving"
        st.current = None
        queue: list[Task] = []
        for action in ACTIONS:
            seats = st.spaces[action]
            order = range(len(seats))
            if action in ("lines", "buildings"):
                order = range(len(seats) - 1, -1, -1)
            for i in order:
                queue.append(Task(action, seats[i], space=i))
            if action == "clock" and not seats:
                queue.append(Task("clock", None))
        st.queue = queue
        return [Event("phase", f"Round {st.round}: every marker is placed; the actions resolve.")]

    def _max_buses(self) -> int:
        return max(p.buses for p in self.state.players)

    def _start_task(self, task: Task) -> list[Event]:
        st = self.state
        action = task.action
        if action in SETUP_KINDS:
            if action == "first_line" and task.seat == 0:
                return [Event("phase", "Every starting building stands; now the first lines.")]
            return []
        if task.seat is None:  # the clock, when nobody took it (R11)
            st.clock = (st.clock + 1) % 3
            return [Event("clock", f"Nobody took the clock: it moves to {st.clock_type}.")]
        p = st.players[task.seat]
        space = "abcdef"[task.space]
        if action == "buses":
            if p.buses < st.options.bus_limit:
                p.buses += 1
                return [Event("bus", f"{p.name} buys a bus ({_plural(p.buses, 'bus', 'buses')}).",
                              p.name)]
            return [Event("bus", f"{p.name} already has {st.options.bus_limit} buses, the "
                          f"limit: the Buses action does nothing.", p.name)]
        if action == "start":
            st.next_start = task.seat
            return [Event("start", f"{p.name} will start the next round.", p.name)]
        if action == "clock":
            task.remaining = 1
            return []
        top = self._max_buses()
        if action == "vroom":
            sources, targets = self._vroom_ends(p)
            waiting = sum(st.waiting_at(s) for s in sources)
            free = sum(st.free_at(t) for t in targets)
            task.remaining = min(p.buses, waiting, free)
            text = (f"Vrrooomm (space {space}): {p.name}'s {_plural(p.buses, 'bus', 'buses')} "
                    f"can carry {_plural(task.remaining, 'passenger')} to {st.clock_type}s.")
            return [Event("resolve", text, p.name)]
        bonus = 1 if action == "lines" and len(st.players) == 5 else 0
        task.remaining = max(0, top + bonus - task.space)
        noun = {"lines": "street", "passengers": "passenger", "buildings": "building"}[action]
        return [Event("resolve", f"{ACTION_TITLES[action]} (space {space}): {p.name} gets "
                      f"{_plural(task.remaining, noun)}.", p.name)]

    def _forfeit(self, task: Task, p: PlayerState) -> Event:
        st = self.state
        n = task.remaining
        why = {
            "lines": f"no legal street at {p.name}'s line heads",
            "second_street": f"no legal street at {p.name}'s line heads",
            "passengers": "the passenger supply is empty",
            "buildings": ("no lot is free" if st.open_zone() is None
                          else "every building type has reached its limit"),
            "vroom": "nothing more to carry",
            "setup_building": "no zone-A lot is free",
        }.get(task.action, "no legal choice")
        noun = {"lines": "street", "second_street": "street", "passengers": "passenger",
                "buildings": "building", "setup_building": "building",
                "vroom": "delivery"}.get(task.action, "step")
        return Event("forfeit", f"{p.name} forfeits {_plural(n, noun)}: {why}.", p.name)

    def _end_round(self) -> list[Event]:
        st = self.state
        events: list[Event] = []
        if st.phase == "setup":
            events.append(Event("phase", "Setup is complete."))
            events.extend(self._start_round())
            return events
        # R14: markers placed this round are spent (they left the player's supply when placed).
        with_markers = [p for p in st.players if p.markers > 0]
        if len(with_markers) <= 1:
            return self._end_game("markers")
        if st.open_zone() is None:
            return self._end_game("lots")
        n = len(st.players)
        if st.next_start is not None:
            st.start_seat = st.next_start
        else:  # R13: the seat to the left, skipping players without markers
            for k in range(1, n + 1):
                seat = (st.start_seat + k) % n
                if st.players[seat].markers > 0:
                    st.start_seat = seat
                    break
        events.extend(self._start_round())
        return events

    def _end_game(self, why: str) -> list[Event]:
        st = self.state
        st.phase = "over"
        st.ended_by = why
        st.task = None
        st.queue = []
        st.current = None
        reason = {
            "clock": "the last clock stone is taken: the space-time continuum ruptures",
            "markers": "at most one player has markers left",
            "lots": "every lot is built",
        }[why]
        ranking = self.ranking()
        scores = "; ".join(f"{name} {self.player(name).score}" for name in ranking)
        return [Event("game_over", f"The game is over ({reason}). {ranking[0]} wins! "
                      f"Final scores: {scores}.", ranking[0])]

    def _over_text(self) -> str:
        return f"the game is over: {self.winner} won" if self.winner else "the game is over"

    # ---- scoring ---------------------------------------------------------------------------------

    def ranking(self) -> list[str]:
        """Players best first (R15): score, then more clock stones, then who reached the tied
        number of carried passengers first; seat order settles what is still equal."""
        return [p.name for p in ranked(self.state.players)]

    @property
    def winner(self) -> str | None:
        return self.ranking()[0] if self.is_over else None

    # ---- logs and views -------------------------------------------------------------------------

    def log(self) -> GameLog:
        from engine.log import GameLog

        base = Options.for_edition(self.edition, len(self.state.players))
        return GameLog(
            players=self.players,
            edition=self.edition,
            options={k: _option_text(v) for k, v in self.initial_options.differences(base).items()},
            colours=[p.colour for p in self.state.players],
            moves=[(name, str(move)) for name, move in self.history],
        )

    def to_json(self) -> dict[str, Any]:
        from engine.view import game_to_json

        return game_to_json(self)

    def __repr__(self) -> str:
        return f"<Game {', '.join(self.players)}: {self.state.phase} round {self.state.round}>"


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_WHAT: dict[type, str] = {
    PlaceBuilding: "place a building", StartLine: "start a line", ExtendLine: "extend a line",
    ChooseAction: "choose an action", Pass: "pass", PlacePassenger: "place a passenger",
    ClockChoice: "stop or advance the clock", Deliver: "deliver a passenger",
}


def _what(move: Move) -> str:
    """What a move does, in the words of a refusal ("Ada cannot extend a line now")."""
    return _WHAT[type(move)]
