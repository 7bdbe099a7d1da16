"""The turn machine of Bus: whose decision it is, and the walk from one decision to the next.

Each step's rules live in ``engine.rules`` (one module per ``DecisionKind``); ``Game`` asks the
step at hand for its legal moves (listed once per position), hands it a move, and runs every
step that needs no choice up to the next decision (R6), returning those as ``Event`` records.
It keeps a copy of its position every ``SNAPSHOT_EVERY`` moves (``engine.kept``), so undo and
earlier positions replay a few moves, not the whole game. No clock, file or random source is
read here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import intent
from engine.decisions import NOT_PLAYING, NOT_YOUR_TURN, Decision, DecisionKind, Event, told
from engine.errors import BusError, GameOver, IllegalMove, LogError, NotYourTurn
from engine.kept import NOTHING_TO_TAKE_BACK, SNAPSHOT_EVERY, KeptPositions
from engine.log import GameLog, option_text
from engine.moves import Move, Question, Unfinished
from engine.notation import parse_moves
from engine.rules import RULES, Rule, impossible
from engine.rules.base import texts
from engine.rules.choose import begin_resolution, choose_quietly, start_round
from engine.rules.ending import end_game, ends_round, ranking
from engine.rules.setup import SETUP_COMPLETE, opening
from engine.rules.starting import pass_start
from engine.state import GameState, Options, PlayerState, seat_colours, seat_names
from engine.text import Listing, Text
from engine.view import game_to_json

__all__ = ["SNAPSHOT_EVERY", "Decision", "Event", "Game"]

class Game(KeptPositions):
    """One game of Bus, from setup to final score.

    Seat order is the order of ``players``; the first seat starts (R1). Moves are applied with
    ``push`` (typed) or ``play`` (text); ``pop`` takes the last one back.
    """

    def __init__(self, players: list[str], edition: str = "capstone",
                 options: Options | None = None, colours: list[str] | None = None) -> None:
        names = seat_names(players)
        chosen = seat_colours(colours, len(names))
        base = Options.for_edition(edition, len(names))  # an unknown one: OptionError
        opts = options if options is not None else base
        self.edition = edition
        self.initial_options = opts
        self.state = opening(edition, opts, names, chosen)
        self.history: list[tuple[str, Move]] = []
        #: the legal moves of this position once listed; None until then (R6 needs them too)
        self._legal: list[Move] | None = None
        self.opening_events = self._advance([])
        #: the position after 0, K, 2K, ... moves (K = SNAPSHOT_EVERY); never changed once kept;
        #: None where a resumed game has not read its written copy (``_unread``) yet
        self._snapshots: list[GameState | None] = [self.state.copy()]
        #: written copies of kept positions (``engine.position``), read on first use
        self._unread: dict[int, Callable[[], GameState | None]] = {}

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
        raise NotYourTurn(NOT_PLAYING(name=name, players=Listing(tuple(self.players), ", ")))

    def _step(self) -> tuple[Rule, PlayerState] | None:
        """The step the game stands at and the player who must decide it; None when over."""
        st = self.state
        if st.phase == "over":
            return None
        if st.phase == "choosing":
            assert st.current is not None
            return RULES[DecisionKind.CHOOSE], st.players[st.current]
        task = st.task
        assert task is not None and task.seat is not None
        return RULES[task.action], st.players[task.seat]

    def to_act(self) -> Decision | None:
        """The decision the game waits for, described for the player, or None when over."""
        step = self._step()
        if step is None:
            return None
        rule, p = step
        task = self.state.task
        count = 1 if rule.kind is DecisionKind.CHOOSE or task is None else task.remaining
        return Decision(p.name, p.seat, rule.kind, count, rule.describe(self.state, p, count))

    def legal_moves(self) -> list[Move]:
        """Every legal move for the decision now (empty when the game is over)."""
        if self._legal is None:
            step = self._step()
            if step is None:
                return []
            self._list(*step)
        assert self._legal is not None
        return list(self._legal)

    def _list(self, rule: Rule, p: PlayerState) -> list[Move]:
        """List the legal moves of this position; kept until the position changes."""
        self._legal = rule.moves(self.state, p)
        return self._legal

    # ---- moving -------------------------------------------------------------------------------

    def push(self, move: Move, player: str | None = None) -> list[Event]:
        """Apply one move for the player whose decision it is; return what followed.

        ``player`` (when given) must be that player, else ``NotYourTurn``. An illegal move raises
        ``IllegalMove`` and changes nothing.
        """
        step = self._step()
        if step is None:
            raise GameOver(winner=self.winner)
        rule, p = step
        st = self.state
        listed = self._legal
        if listed is not None and _one_of(move, listed) and (player is None
                                                             or self.player(player) is p):
            events = rule.do(st, p, move)  # one of the listed moves: legal, checked once
        else:
            self._check(rule, p, move, player)
            events = rule.apply(st, p, move)
        self._moved(p, move, events)
        return events

    def _moved(self, p: PlayerState, move: Move, events: list[Event], quiet: bool = False) -> None:
        """What follows every move: the game's end by the clock, the history, the automatic steps
        up to the next decision (their events added to ``events``, none when ``quiet``) and a
        kept position."""
        st = self.state
        self._legal = None
        if st.clock_stones_left <= 0:  # R11: the last stone ends the game at once
            events.extend(end_game(st, "clock"))
        st.moves_played += 1
        history = self.history
        history.append((p.name, move))
        if st.phase != "choosing" or st.current is None:  # else the next choice is waiting
            self._advance(events, quiet)
        n = len(history)
        if n % SNAPSHOT_EVERY == 0 and len(self._snapshots) == n // SNAPSHOT_EVERY:
            self._snapshots.append(st.copy())

    def play_out(self, pick: Callable[[list[Move]], Move], moves: int | None = None,
                 until_round: int | None = None) -> None:
        """Play on to the end (or for at most ``moves`` moves, or until round ``until_round``
        begins: its first marker not yet placed), each move picked by ``pick`` from the listed
        legal moves (a list it must not change): the loop of random games and of the computer
        player's playouts, which checks nothing twice and keeps no events."""
        st = self.state
        players = st.players
        left = -1 if moves is None else moves
        last_round = 1 << 30 if until_round is None else until_round
        while left != 0:
            left -= 1
            phase = st.phase  # the step and its player, as ``_step`` finds them
            if phase == "over":
                return
            if phase == "choosing":  # the markers, quietly, short of the next kept position
                if st.round >= last_round:
                    return
                n = len(self.history)
                r = SNAPSHOT_EVERY - 1 - n % SNAPSHOT_EVERY
                if choose_quietly(st, pick, self.history, r if left < 0 else min(r, left + 1)):
                    left, self._legal = left + 1 - (len(self.history) - n), None
                    if st.current is None:
                        self._advance([], quiet=True)
                    continue
                rule, p = RULES[DecisionKind.CHOOSE], players[st.current]  # type: ignore[index]
            else:
                task = st.task
                rule, p = RULES[task.action], players[task.seat]  # type: ignore[union-attr,index]
            listed = self._legal
            if listed is None:
                listed = self._list(rule, p)
            move = pick(listed)
            self._moved(p, move, rule.do(st, p, move), quiet=True)

    def _check(self, rule: Rule, p: PlayerState, move: Move, player: str | None) -> None:
        """Refuse a move of the wrong player or of the wrong kind for this step."""
        if player is not None and self.player(player) is not p:
            refusal = impossible(self.state, move)
            if refusal is not None:
                raise refusal
            raise NotYourTurn(NOT_YOUR_TURN(name=self.player(player).name,
                                            waiting=self._waiting()), player=p.name)
        if isinstance(move, Question | Unfinished):  # plays nothing: engine/intent.py answers
            raise intent.answer(self, p, move)
        if not isinstance(move, rule.takes):
            raise IllegalMove(intent.wrong_step(rule.kind, move, p.name, rule.asks(),
                                                self._waiting()),
                              rule=rule.rule, alternatives=texts(self.legal_moves(), 12))

    def play(self, player: str, text: str) -> list[Event]:
        """Parse ``text`` and apply every move in it for ``player``, all or nothing."""
        moves = parse_moves(text)
        if len(moves) == 1:
            return self.push(moves[0], player)
        saved, played = self.state.copy(), len(self.history)
        events: list[Event] = []
        try:
            for move in moves:
                events.extend(self.push(move, player))
        except BusError:
            self._restore(saved, self.history[:played])
            raise
        return events

    def pop(self) -> Move:
        """Take back the last move and return it (replaying from the nearest kept position)."""
        if not self.history:
            raise IllegalMove(NOTHING_TO_TAKE_BACK())
        last = self.history[-1][1]
        back = self.position_at(len(self.history) - 1)
        self._restore(back.state, back.history)
        return last

    def follow(self, moves: Sequence[tuple[str, Move | str]], upto: int | None = None,
               lines: Sequence[int] = ()) -> None:
        """Play on along a list of moves, from the one after this game's last: the engine's one
        replay loop (``engine.replay`` gives it a log's texts, ``position_at`` typed moves).

        The first that fails raises ``LogError`` with its move number (1-based), its line (from
        ``lines``, where given) and its rule; the game stays after the moves before it.
        """
        end = len(moves) if upto is None else min(upto, len(moves))
        for index in range(len(self.history), end):
            player, move = moves[index]
            try:
                if isinstance(move, str):
                    self.play(player, move)
                else:
                    self.push(move, player)
            except BusError as err:
                raise LogError(err.text, line=lines[index] if index < len(lines) else None,
                               move=index + 1,
                               rule=err.rule if isinstance(err, IllegalMove) else None) from None

    def copy(self) -> Game:
        """An independent game at the same position (the history is shared-nothing too)."""
        other = object.__new__(Game)
        other.edition = self.edition
        other.initial_options = self.initial_options
        other.state = self.state.copy()
        other.history = list(self.history)
        other.opening_events = self.opening_events
        other._legal = self._legal
        other._snapshots = list(self._snapshots)
        other._unread = dict(self._unread)
        return other

    def _waiting(self) -> Text:
        decision = self.to_act()
        assert decision is not None
        return decision.said

    # ---- automatic steps ----------------------------------------------------------------------

    def _advance(self, events: list[Event], quiet: bool = False) -> list[Event]:
        """Run every step that needs no choice, up to the next decision (R6), adding what
        happened to ``events`` (a playout's ``quiet`` walk skips most of the telling)."""
        st = self.state
        while True:
            phase = st.phase
            if phase == "over":
                return events
            if phase == "choosing":
                if st.current is not None:
                    return events
                events.extend(begin_resolution(st))
                continue
            task = st.task
            if task is not None and task.remaining > 0:
                assert task.seat is not None
                rule, p = RULES[task.action], st.players[task.seat]
                if self._list(rule, p):
                    return events
                self._legal = None
                if not quiet:  # told only where read: a forfeit's words cost a few Texts
                    events.append(rule.forfeit(st, task, p))
                task.remaining = 0
            if not st.queue:
                st.task = None
                events.extend(self._end_round())
                continue
            task = st.task = st.queue.pop(0)
            if quiet:
                RULES[task.action].begin(st, task)
            else:
                events.extend(RULES[task.action].start(st, task))

    def _end_round(self) -> list[Event]:
        st = self.state
        if st.phase == "setup":
            return [told("phase", SETUP_COMPLETE), *start_round(st)]
        why = ends_round(st)
        if why is not None:
            return end_game(st, why)
        pass_start(st)
        return start_round(st)

    # ---- scoring ------------------------------------------------------------------------------

    def ranking(self) -> list[str]:
        """Players best first (R15; ``engine.rules.ending``)."""
        return ranking(self.state)

    @property
    def winner(self) -> str | None:
        return self.ranking()[0] if self.is_over else None

    # ---- logs and views -----------------------------------------------------------------------

    def log(self) -> GameLog:
        base = Options.for_edition(self.edition, len(self.state.players))
        return GameLog(
            players=self.players,
            edition=self.edition,
            options={k: option_text(v) for k, v in self.initial_options.differences(base).items()},
            colours=[p.colour for p in self.state.players],
            moves=[(name, str(move)) for name, move in self.history],
        )

    def to_json(self) -> dict[str, Any]:
        return game_to_json(self)

    def __repr__(self) -> str:
        return f"<Game {', '.join(self.players)}: {self.state.phase} round {self.state.round}>"


def _one_of(move: Move, listed: list[Move]) -> bool:
    """Whether ``move`` is one of the very moves listed: only those are carried out unchecked
    (a move read from text may carry more than it compares by, like a named space)."""
    return any(m is move for m in listed)
