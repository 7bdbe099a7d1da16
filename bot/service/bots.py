"""The computer at the table: whenever a game waits for a decision the computer takes (a bot
seat's, an away player's under ``on away bot``, a timed-out one's under ``on timeout bot``:
``game/computer.owed``), it thinks and plays.

Nothing here holds what others wait for. A run starts from a copy of the table (taken under the
service's lock for a moment); each decision of it is one search, queued with the service's
``Thinker`` (``thinking.py``: worker processes, taken in a fair turn by server and member,
within the thinking budgets), so a table of bots thinking through forty decisions takes forty
turns among everyone else's, not a worker for minutes. Between two searches the run is played
on its copy (with the automatic moves in between), and when it reaches a person's decision (or
``MAX_RUN`` moves) it is handed to the service as one command (``verbs/bot_moves.BotMoves``),
so the table gets one update: one picture, the moves listed, through the outbox. The command is
taken only if the table is still where the run started; otherwise the computer thinks again.
Nothing is kept here that the database does not know: after a restart ``resume`` finds every
game waiting for the computer and starts it again.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

from bot.api import Actor, Reply
from bot.service.game import computer
from bot.service.game.live_game import Draft, LiveGame
from bot.service.game.records import BOT_PLAYER, GameStatus
from bot.service.service import GameService
from bot.service.thinking import Thinker
from bot.service.verbs.bot_moves import BotMoves
from engine import Move

log = logging.getLogger(__name__)

#: who the computer's commands come from (with the table's server when it has one)
BOT_ACTOR = Actor(BOT_PLAYER, "busbot")
#: the computer's decisions in one update at most (a table of bots only is posted in parts)
MAX_RUN = 40
#: a run that keeps being refused (the table moves on while it thinks) is given up after this
#: many tries; the next change to the table starts it again
MAX_TRIES = 3


@dataclass(slots=True)
class Run:
    """A run of the computer's decisions at one table, thought out on a copy: from the table
    after record ``base_seq``, the moves so far, the last decision owed."""

    place: str
    server: str
    base_seq: int
    draft: Draft
    tries: int
    moves: list[tuple[str, Move]] = field(default_factory=list)
    last: computer.Owed | None = None


class BotPlayers:
    """Plays the computer's decisions in one service's games. ``on_update`` is called (on the
    runner's thread) with the place and the service's reply after each run of moves: the
    console prints it, the Discord bot posts what the outbox holds for the place (``draw``
    False: the courier draws the table when it posts). ``playouts`` replaces every search's
    budget (tests: a small fixed search)."""

    def __init__(self, service: GameService, *,
                 on_update: Callable[[str, Reply], None] | None = None,
                 playouts: int | None = None, draw: bool = True,
                 thinker: Thinker | None = None) -> None:
        self.service = service
        self.on_update = on_update
        self.playouts = playouts
        self.draw = draw
        self.thinker = thinker or service.thinker
        self._events: queue.Queue[tuple[str, object]] = queue.Queue()
        self._cond = threading.Condition()
        #: places with a run under way or about to start, and those woken meanwhile
        self._busy: set[str] = set()
        self._again: set[str] = set()
        #: the server of each place seen (for the fair turn and the server's budget)
        self._servers: dict[str, str] = {}
        self._closed = False
        self._runner = threading.Thread(target=self._run, daemon=True, name="busbot-bots")
        self._runner.start()
        service.after_commit.append(self._committed)

    # ---- waking ---------------------------------------------------------------------------------

    def _committed(self, place: str, live: LiveGame, server: str | None, now: float) -> None:
        """After every committed change (under the service's lock: only a look)."""
        if server:
            self._servers[place] = server
        if computer.owed(live.record, live.game, now) is not None:
            self.wake(place)

    def wake(self, place: str) -> None:
        """Look (soon, on the runner) whether the place's game waits for the computer; never
        blocks."""
        with self._cond:
            if self._closed:
                return
            if place in self._busy:
                self._again.add(place)
                return
            self._busy.add(place)
        self._events.put(("begin", place))

    def resume(self) -> int:
        """Start every running game that waits for nobody who can be pinged (the computer's
        decision, or a dropped seat's): after a restart the computer goes on where it stopped.
        Returns how many."""
        listed = self.service.store.listed(None)
        for item in listed:
            if item.server:
                self._servers.setdefault(item.game.place, item.server)
        places = [item.game.place for item in listed
                  if item.game.status == GameStatus.ACTIVE and item.game.waiting_user is None]
        for place in places:
            self.wake(place)
        return len(places)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no place has a run under way (tests, the console)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._busy, timeout)

    def close(self) -> None:
        """Stop taking work; a search under way is let go (its table is taken up again at the
        next start)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._events.put(("stop", ""))
        self._runner.join(timeout=30)

    # ---- the runner: one thread, each step short ------------------------------------------------

    def _run(self) -> None:
        try:  # the worker processes start now, not at the first decision (not waited for:
            # a stop soon after the start does not wait for fresh interpreters to load)
            self.thinker.warm_up(wait=False)
        except Exception:  # they are started again at the first search
            log.exception("the thinking workers could not be started")
        while True:
            kind, what = self._events.get()
            if kind == "stop":
                return
            try:
                if kind == "begin":
                    assert isinstance(what, str)
                    self._begin(what, 0)
                elif kind == "thought":
                    assert isinstance(what, tuple)
                    self._thought(*what)
            except Exception:  # a bug must not stop the other tables' computer players
                place = what if isinstance(what, str) else what[0].place  # type: ignore[index]
                log.exception("the computer's move in %s failed", place)
                self._end(place)

    def _begin(self, place: str, tries: int) -> None:
        """A run from the table as it stands (a copy taken under the lock for a moment)."""
        live = self.service.live_copy(place)
        if live is None or self._closed:
            self._end(place)
            return
        draft = Draft.of(live, BOT_ACTOR, self.service.clock(), None)
        run = Run(place, self._servers.get(place, place), live.record.last_seq, draft, tries)
        self._advance(run)

    def _advance(self, run: Run) -> None:
        """The run's next decision: thought about (queued for a worker), or the run is over
        and handed to the service."""
        draft, last = run.draft, run.last
        draft.now = self.service.clock()
        # what comes by itself first (a timed-out seat's next move of the kind comes at once)
        draft.run_automatic(skip_seat=last.seat if last and last.why == computer.TIMEOUT
                            else None)
        owing = computer.owed(draft.record, draft.game, draft.now, after=last)
        if owing is None or len(run.moves) >= MAX_RUN or draft.game is None or self._closed:
            self._finish(run)
            return
        share = computer.Share(run.server, computer.who_pays(draft.record, owing),
                               computer.a_person_waits(draft.record, draft.now))
        search = computer.search_for(owing, draft.game.copy(), draft.record.game_id,
                                     self.playouts)
        future = self.thinker.submit(computer.Ask(share, search))
        future.add_done_callback(lambda done: self._events.put(("thought", (run, owing, done))))

    def _thought(self, run: Run, owing: computer.Owed, done: Future[computer.Thought]) -> None:
        if done.cancelled() or self._closed:
            self._end(run.place)
            return
        try:
            thought = done.result()
        except Exception:  # a worker killed, a bug in the search: think again (a new worker)
            log.exception("the computer's search in %s failed", run.place)
            self._again_or_end(run)
            return
        summary = self.service.store.latest_game(run.place)
        if summary is None or summary.last_seq != run.base_seq:  # the table moved on
            self._again_or_end(run)
            return
        run.draft.computer_move(owing, thought.move)
        run.moves.append((owing.seat, thought.move))
        run.last = owing
        self._advance(run)

    def _finish(self, run: Run) -> None:
        """Hand the run to the service, which takes it only for the table it was thought for."""
        if not run.moves:
            self._end(run.place)
            return
        actor = Actor(BOT_PLAYER, "busbot", server=None if run.server == run.place
                      else run.server)
        prepared = self.service.pipeline.handle(run.place, actor,
                                                BotMoves(run.base_seq, tuple(run.moves)))
        reply = prepared.complete() if self.draw else prepared.reply
        if not reply.ok:
            self._again_or_end(run)
            return
        if self.on_update is not None:
            self.on_update(run.place, reply)
        if len(run.moves) >= MAX_RUN:
            with self._cond:
                self._again.add(run.place)  # the rest of the table's run, after the others
        self._end(run.place)

    def _again_or_end(self, run: Run) -> None:
        """The table moved on while the computer thought: think again from where it is now
        (at most ``MAX_TRIES`` times in a row)."""
        if run.tries + 1 < MAX_TRIES and not self._closed:
            self._begin(run.place, run.tries + 1)
        else:
            self._end(run.place)

    def _end(self, place: str) -> None:
        with self._cond:
            again = place in self._again and not self._closed
            self._again.discard(place)
            if not again:
                self._busy.discard(place)
                self._cond.notify_all()
        if again:  # woken while it ran: look again, behind whatever is queued
            self._events.put(("begin", place))
