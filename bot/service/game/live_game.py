"""A stored game brought to life: its records' fold plus the engine position they lead to.

Commands never touch the cached ``LiveGame``: they work on a ``Draft`` (copies of both halves)
and add records to it, and the service swaps the draft in only after the records are committed.
So a refused command, a failed write or a crash leaves the cache exactly as the database says,
and a position handed to the picture renderer is never changed under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.service.game import automatic, computer, payloads
from bot.service.game.payloads import Payload
from bot.service.game.records import (
    BOT_PLAYER,
    OPEN_STATUSES,
    GameRecord,
    GameStatus,
    Record,
    bot_name,
)
from engine import Decision, Event, Game, GameLog, Move, Options, replay
from engine.limits import MAX_AUTO_MOVES
from engine.state import FALSE_WORDS, TRUE_WORDS, truth

#: the name automatic moves are recorded under
BOT_USER = ("busbot", "busbot")


class Author(Protocol):
    """Who a draft's records are written by (an ``Actor`` of ``bot.api`` is one): the user's
    stable id and the name the table calls them."""

    @property
    def user_id(self) -> str: ...

    @property
    def name(self) -> str: ...


#: the table settings: options of a game that the service reads itself (the rules know nothing
#: of them), with the values each takes: ``auto_single`` (single choices play themselves),
#: ``hints=off`` (refuses ``hint`` at the table). A text log carries them on ``setting:``
#: lines, apart from the rule options (``engine/log.py``).
TABLE_OPTIONS: dict[str, tuple[str, ...]] = {
    "auto_single": TRUE_WORDS + FALSE_WORDS, "hints": ("on", "off")}


def build_options(edition: str, players: int, overrides: Mapping[str, str]) -> Options:
    """The rule options of a game: the edition's defaults with the game's own settings (the
    table's own options, ``TABLE_OPTIONS``, are checked and left out).

    Raises ``ValueError`` naming the option that cannot be set.
    """
    options = Options.for_edition(edition, players)
    for name, value in overrides.items():
        if name in TABLE_OPTIONS:
            if TABLE_OPTIONS[name] == TRUE_WORDS + FALSE_WORDS:
                truth(name, value)  # OptionError: "option auto_single takes true or false"
            elif value.strip().lower() not in TABLE_OPTIONS[name]:
                raise ValueError(f"option {name} takes {' or '.join(TABLE_OPTIONS[name])}, "
                                 f"not {value[:20]!r}")
            continue
        options.set(name, value)
    return options


def rule_options(options: Mapping[str, str]) -> dict[str, str]:
    """A game's options without the table's own (what the engine's log carries)."""
    return {k: v for k, v in options.items() if k not in TABLE_OPTIONS}


def table_settings(record: GameRecord) -> dict[str, str]:
    """The table settings a text log carries (``setting:`` lines): those the game was created
    with, and ``auto_single`` as it stands now (a moderator's ``auto_single on|off`` too)."""
    settings = {k: v for k, v in record.options.items() if k in TABLE_OPTIONS}
    settings["auto_single"] = "true" if automatic.single(record) else "false"
    return settings


def table_log(live: LiveGame) -> GameLog | None:
    """The game's text log as an export writes it: the engine's log (seats, rule options,
    moves) with the table's settings; None before the game started."""
    if live.game is None:
        return None
    log = live.game.log()
    log.settings = table_settings(live.record)
    return log


def build_game(record: GameRecord, near: Game | None = None,
               kept: Iterable[bytes] = ()) -> Game | None:
    """The engine game after the moves in force (earlier positions: ``Game.position_at``).

    ``near`` is the game as it stood before the records changed (an undo, a redo): the moves
    both share are not replayed again, the rebuild starts from its nearest kept position.
    ``kept`` are the game's stored positions (``Store.positions``): without ``near``, the
    rebuild starts from the latest that belongs to the moves in force. None for a game that
    never started. Raises the engine's ``LogError`` (naming the move) when the records do not
    replay, which only an imported file can cause.
    """
    if record.order_by is None:
        return None
    log = record_log(record)
    if near is None or not _same_table(near, log):
        return replay(log, kept=kept)
    shared = _shared(log.moves, [(name, str(move)) for name, move in near.history])
    return replay(log, onto=near.position_at(shared))


def _shared(before: Sequence[object], after: Sequence[object]) -> int:
    """How many leading items two move lists have in common."""
    for i, (old, new) in enumerate(zip(before, after, strict=False)):
        if old != new:
            return i
    return min(len(before), len(after))


def _same_table(game: Game, log: GameLog) -> bool:
    """Whether a game was started with the log's seats, colours, edition and options."""
    try:
        options = build_options(log.edition, len(log.players), log.options)
    except ValueError:
        return False
    return (game.players == log.players and game.edition == log.edition
            and [p.colour for p in game.state.players] == log.colours
            and game.initial_options == options)


def record_log(record: GameRecord) -> GameLog:
    """The engine's log of a started game: its seats in order, options and the moves in force."""
    return GameLog([s.name for s in record.seats], record.edition, rule_options(record.options),
                   [s.colour or "" for s in record.seats],
                   [(m.seat, m.text) for m in record.moves])


def positions_reached(before: LiveGame | None, after: LiveGame) -> list[tuple[int, bytes]]:
    """The kept positions of ``after`` that its moves in force reach and ``before`` (the same
    game before a command, None for a new one) did not have, written down to be stored with
    the command's records: (moves, data)."""
    game = after.game
    if game is None:
        return []
    shared = 0
    if before is not None and before.record.game_id == after.record.game_id:
        shared = _shared([m.seq for m in before.record.moves],
                         [m.seq for m in after.record.moves])
    return [(m, game.written_position(m)) for m in game.kept_positions() if m > shared]


@dataclass(slots=True)
class LiveGame:
    record: GameRecord
    game: Game | None

    @property
    def status(self) -> GameStatus:
        """lobby, active, paused, over or abandoned."""
        if self.record.status == GameStatus.ACTIVE and self.game is not None and self.game.is_over:
            return GameStatus.OVER
        return self.record.status

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


def waiting_for(live: LiveGame, now: float | None = None) -> tuple[Decision, str | None] | None:
    """The decision the game waits for and the user who answers it (None for a dropped seat
    or one still only offered, and, given ``now``, one the computer takes: ``computer.owed``);
    None when nothing waits (lobby, paused, over)."""
    if live.status != GameStatus.ACTIVE or live.game is None:
        return None
    decision = live.game.to_act()
    if decision is None:
        return None
    seat = live.record.seat(decision.player)
    if now is not None and computer.owed(live.record, live.game, now) is not None:
        return decision, None  # the computer's: nobody to ping or remind
    return decision, seat.player if seat is not None and not seat.dropped else None


@dataclass(frozen=True, slots=True)
class Played:
    """One move made during a command, with what followed it in the game."""

    seat: str
    move: Move
    events: list[Event]
    #: why the service chose it: "dropped", "single", "away", "plan", "timeout", or
    #: "bot:LEVEL" for the computer player
    auto: str | None = None
    by: str | None = None  # the moderator who made it for the seat


@dataclass(slots=True)
class Draft:
    """The working copy one command changes; ``new`` are the records it adds."""

    record: GameRecord
    game: Game | None
    actor: Author
    now: float
    message_id: str | None
    new: list[Record] = field(default_factory=list)
    #: what the reply must also say (a plan that ended), and whom it must ping for it
    notes: list[str] = field(default_factory=list)
    pings: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, live: LiveGame, actor: Author, now: float, message_id: str | None) -> Draft:
        game = live.game.copy() if live.game is not None else None
        return cls(live.record.copy(), game, actor, now, message_id)

    @property
    def live(self) -> LiveGame:
        return LiveGame(self.record, self.game)

    def add(self, payload: Payload, *, seat: str | None = None, text: str | None = None,
            auto: bool = False, user: tuple[str, str] | None = None) -> Record:
        """Record ``payload`` (its kind is its class's) as the actor's, or ``user``'s."""
        user_id, user_name = user if user is not None else (self.actor.user_id, self.actor.name)
        rec = Record.of(
            payload, game_id=self.record.game_id, seq=self.record.last_seq + 1, at=self.now,
            user_id=user_id, user_name=user_name, seat=seat, text=text, auto=auto,
            message_id=self.message_id)
        self.record.apply(rec)
        self.new.append(rec)
        return rec

    def push(self, seat: str, move: Move, *, by: str | None = None) -> Played:
        """Play one move for a seat and record it (``BusError`` when it is not legal now)."""
        assert self.game is not None
        events = self.game.push(move, seat)
        self.add(payloads.Moved(by_moderator=by is not None), seat=seat, text=str(move))
        return Played(seat, move, events, by=by)

    def run_automatic(self, skip_seat: str | None = None) -> list[Played]:
        """Take every decision the service owns now (``automatic.choose``: dropped and
        delegated seats, single choices, plans). ``skip_seat`` is left alone (mid-message)."""
        played: list[Played] = []
        game = self.game
        if game is None or self.record.status != GameStatus.ACTIVE:
            return played
        bots = self.record.bots
        for _ in range(MAX_AUTO_MOVES):
            decision = game.to_act()
            if decision is None or decision.player == skip_seat or decision.player in bots:
                break
            legal = game.legal_moves()
            choice = automatic.choose(self.record, game, decision, legal, self.now) \
                if legal else None
            if choice is None:
                break
            if isinstance(choice, automatic.PlanEnds):
                self.end_plan(choice)
                continue
            played.append(self.auto_move(decision.player, choice.move, choice.why))
        return played

    def auto_move(self, seat: str, move: Move, why: str, *, policy: str | None = None,
                  after: float | None = None) -> Played:
        """Play a move the service chose for ``seat`` and record it with why (a timeout: the
        policy and the deadline)."""
        assert self.game is not None
        events = self.game.push(move, seat)
        self.add(payloads.Moved(reason=why, policy=policy, after=after), seat=seat,
                 text=str(move), auto=True, user=BOT_USER)
        return Played(seat, move, events, auto=why)

    def computer_move(self, owing: computer.Owed, move: Move) -> Played:
        """Play the computer's move for a decision it owes (``computer.owed``) and record it
        with why: a bot seat's as the bot's (at its level), an away or timed-out player's as
        the service's for that seat (a timeout with the policy and the deadline)."""
        assert self.game is not None
        if owing.why == computer.BOT:
            level = owing.level or ""
            events = self.game.push(move, owing.seat)
            self.add(payloads.Moved(reason="bot"), seat=owing.seat, text=str(move), auto=True,
                     user=(BOT_PLAYER, bot_name(level)))
            return Played(owing.seat, move, events, auto=f"bot:{level}")
        if owing.why == computer.TIMEOUT:
            bank = self.record.banks.of(owing.seat)
            limit = self.record.deadline if bank is None else (
                bank if self.record.deadline is None else min(bank, self.record.deadline))
            return self.auto_move(owing.seat, move, "timeout", policy="bot", after=limit)
        return self.auto_move(owing.seat, move, "away")

    def end_plan(self, ended: automatic.PlanEnds) -> None:
        """Clear a seat's plan; a broken one is said, and its player pinged (unless away)."""
        self.add(payloads.PlanChanged(broken=ended.broken), seat=ended.seat, user=BOT_USER)
        if ended.broken is None:
            return
        self.notes.append(f"{ended.seat}'s plan stopped: {ended.broken}; the rest of it is "
                          f"cleared.")
        seat = self.record.seat(ended.seat)
        if seat is not None and seat.player and not self.record.is_away(seat.name, self.now):
            self.pings.append(seat.player)
