"""The decisions the computer player takes, and how it is asked to think about one.

The computer decides for a seat in three cases, each a decision the table waits for: a bot
seat's (``add bot``, ``replace NAME with bot``), an away player's when the moderator chose
``on away bot``, and one whose deadline passed under ``on timeout bot`` (every move of that
kind the seat owes then, one marker when choosing). ``owed`` says which, from the records and
the position alone, so the service's command that plays the computer's moves and the bot
players that think them out (``bot/service/bots.py``) agree on it; ``automatic`` leaves these
decisions alone (only a single legal choice is played at once: there is nothing to think about).

Thinking is never done where others wait: it is described here as a ``Search`` (a copy of the
position and the search's budget, small enough to send to another process), done by ``think``
on the service's worker processes (``bot/service/thinking.py``), fairly shared between servers
and members by ``Share`` (who waits for it, and whose seconds it spends). Pure: no I/O, and the
only clock is the search's own time budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

import ai
from bot.service.game.deadlines import PASSED
from bot.service.game.records import GameRecord, GameStatus, Seat
from engine import DecisionKind, Game, Move
from engine.limits import MAX_THINK_SECONDS
from engine.text import Listing, Text

#: The computer player's budget for one decision it takes for a person (``on away bot``,
#: ``on timeout bot``), whichever ends first: about its ``normal`` level, under a second.
POLICY_PLAYOUTS = 400
POLICY_SECONDS = 0.9
#: A hint's search (``verbs/hint.py``): bounded in time; the playouts only cap it on a fast
#: machine (each stops at the next round and is cheap, so its chances are worth saying).
HINT_PLAYOUTS = 2000
HINT_SECONDS = 1.0

#: why the computer plays a decision: a bot seat's, an away player's, a deadline passed
BOT, AWAY, TIMEOUT = "bot", "away", "timeout"


@dataclass(frozen=True, slots=True)
class Owed:
    """A decision the computer takes: the seat, why (``BOT``, ``AWAY``, ``TIMEOUT``), the
    level of a bot seat, and the kind of the decision (a timeout plays every move of that
    kind the seat owes, ``owed(after=...)``)."""

    seat: str
    why: str
    kind: DecisionKind
    level: str | None = None


def owed(record: GameRecord, game: Game | None, now: float,
         after: Owed | None = None) -> Owed | None:
    """The decision the game waits for, when the computer takes it (None: a person, the
    service's own rules or nobody). ``after``: the computer's previous move in the same run,
    which a timed-out seat's next move of the same kind follows."""
    if game is None or record.status != GameStatus.ACTIVE:
        return None
    decision = game.to_act()
    if decision is None:
        return None
    seat = record.seat(decision.player)
    if seat is None or seat.dropped or not seat.agreed:
        return None  # a dropped seat plays the least disruptive way; an offered one waits
    if seat.bot is not None:
        return Owed(seat.name, BOT, decision.kind, seat.bot)
    if record.is_away(seat.name, now) and record.on_away == "bot":
        return Owed(seat.name, AWAY, decision.kind)
    if after is not None and after.why == TIMEOUT and after.seat == seat.name \
            and after.kind == decision.kind and decision.kind != DecisionKind.CHOOSE:
        return after  # the rest of the timed-out decision
    if (record.on_timeout == "bot" and record.timed
            and PASSED in record.clock.reminded and not record.is_away(seat.name, now)):
        return Owed(seat.name, TIMEOUT, decision.kind)
    return None


def who_pays(record: GameRecord, owing: Owed) -> str:
    """The member whose thinking seconds a decision spends: who put the bot in the seat, and
    for a person's decision (away, timeout) the game's creator, whose table's policy it is."""
    seat = record.seat(owing.seat)
    if owing.why == BOT and seat is not None and seat.by:
        return seat.by
    return record.creator_id or f"game-{record.game_id}"


def a_person_waits(record: GameRecord, now: float) -> bool:
    """Whether a person plays at the table (a seat someone took, not dropped, whose player is
    not away): then the computer's decisions there come before those of tables where nobody
    waits for them (bots alone, or people away)."""
    return any(_person(record, seat, now) for seat in record.seats)


def _person(record: GameRecord, seat: Seat, now: float) -> bool:
    return seat.player is not None and not seat.dropped and not record.is_away(seat.name, now)


@dataclass(frozen=True, slots=True)
class Search:
    """One decision's thinking, as a worker process is given it: the position (a copy) and
    the search's budget (a bot level, or playouts and seconds), its seed; ``advice``: also
    the numbers behind the move and how sure it is (a hint, ``ai.advise``)."""

    game: Game
    seed: int
    level: str | None = None
    playouts: int | None = None
    seconds: float | None = None
    advice: bool = False


@dataclass(frozen=True, slots=True)
class Thought:
    """What a search found (the move, and for a hint the advice: the numbers that rank it first
    and how sure it is, which the hint writes in its reader's words) and the processor seconds
    it took (what the thinking budgets count)."""

    move: Move
    advice: ai.Advice | None
    seconds: float


def search_for(owing: Owed, game: Game, game_id: int,
               playouts: int | None = None) -> Search:
    """The search of a decision the computer owes: a bot seat at its level, a person's at the
    policy's budget; each at most ``MAX_THINK_SECONDS``, seeded by the game and the move so a
    replay of the same position plays the same. ``playouts`` replaces the budget (tests)."""
    seed = game_id * 100_003 + len(game.history)
    if playouts is not None:
        return Search(game, seed, playouts=playouts)
    if owing.why == BOT and owing.level is not None:
        budget = ai.BUDGETS[ai.level_named(owing.level)]
        seconds = min(budget.seconds or MAX_THINK_SECONDS, MAX_THINK_SECONDS)
        return Search(game, seed, level=owing.level, seconds=seconds)
    return Search(game, len(game.history), playouts=POLICY_PLAYOUTS,
                  seconds=min(POLICY_SECONDS, MAX_THINK_SECONDS))


def hint_search(game: Game) -> Search:
    return Search(game, len(game.history), playouts=HINT_PLAYOUTS,
                  seconds=min(HINT_SECONDS, MAX_THINK_SECONDS), advice=True)


def think(search: Search) -> Thought:
    """Do a search (on a worker process: pure Python, it would hold the interpreter's lock
    the rest of the bot needs), timing the processor seconds it takes."""
    started = time.process_time()
    advice: ai.Advice | None = None
    if search.advice:
        advice = ai.advise(search.game, playouts=search.playouts, seconds=search.seconds,
                           seed=search.seed)
        move = advice.move
    else:
        move = ai.choose_move(search.game, playouts=search.playouts, seconds=search.seconds,
                              seed=search.seed, level=search.level)
    return Thought(move, advice, time.process_time() - started)


@dataclass(frozen=True, slots=True)
class Share:
    """Whose thinking a search is, for the fair share of the machine: the server and the
    member whose seconds it spends, and whether a person waits for it (a hint, a table with a
    person at it, not away) or not (bots alone, or people away: it comes after)."""

    server: str
    member: str
    waiting: bool = True


@dataclass(frozen=True, slots=True)
class Ask:
    """A search, and whose it is."""

    share: Share
    search: Search


class Thinking(Protocol):
    """Where searches are done (``bot/service/thinking.Thinker``): the answer comes later."""

    def submit(self, ask: Ask) -> Future[Thought]: ...


@dataclass(frozen=True, slots=True)
class Pondering:
    """A search a command asks for and answers with (``hint``): done after the service's lock
    (``Prepared.complete``), its thought written into the reply by ``answer``."""

    ask: Ask
    answer: Callable[[Thought], Text | Listing | str]

    def now(self, thinking: Thinking | None) -> Text | Listing | str:
        """The answer, waiting for the search (on ``thinking``'s workers; without one, here)."""
        thought = (thinking.submit(self.ask).result() if thinking is not None
                   else think(self.ask.search))
        return self.answer(thought)
