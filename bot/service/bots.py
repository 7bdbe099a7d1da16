"""The computer's seats at the table: whenever a game waits for a bot seat, the bot thinks
(``ai.choose_move`` at the seat's level) and plays.

Thinking happens on a small pool of worker threads, never on the caller's thread (the Discord
event loop, the service's database thread): at most ``workers`` decisions are thought about at
once, and a place waits in the queue until a worker is free (one place is queued once however
often it is woken). A run of bot decisions in a row (bot after bot) is thought out on a copy of
the game and handed to the service as one command (``verbs.bot_moves.BotMoves``), so the table
gets one update: one picture, the moves listed, through the outbox like any other change. The
command is taken only if the table is still where the bot started thinking; otherwise the bot
thinks again. Nothing is kept here that the database does not know: after a restart ``resume``
finds every game waiting for a bot and queues it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import ai
from bot.api import Actor, Reply
from bot.service.game.live_game import LiveGame
from bot.service.game.records import BOT_PLAYER, GameStatus
from bot.service.service import GameService
from bot.service.verbs.bot_moves import BotMoves
from engine import Game, Move

log = logging.getLogger(__name__)

#: who the computer's commands come from
BOT_ACTOR = Actor(BOT_PLAYER, "busbot")
#: bot decisions in one update at most (a table of bots only is posted in parts)
MAX_RUN = 40
#: decisions thought about at once, by default
WORKERS = 2
#: a run that keeps failing is given up after this many tries (the next change wakes it)
MAX_TRIES = 3


class BotPlayers:
    """Plays the bot seats of one service's games. ``on_update`` is called (on a worker
    thread) with the place and the service's reply after each run of bot moves: the console
    prints it, the Discord bot posts what the outbox holds for the place. ``playouts``
    replaces the levels' budgets (tests: a small fixed search)."""

    def __init__(self, service: GameService, *, workers: int = WORKERS,
                 on_update: Callable[[str, Reply], None] | None = None,
                 playouts: int | None = None) -> None:
        self.service = service
        self.on_update = on_update
        self.playouts = playouts
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="busbot-bot")
        self._lock = threading.Condition()
        self._queued: set[str] = set()
        self._again: set[str] = set()
        self._closed = False
        service.after_commit.append(self.wake)

    def wake(self, place: str) -> None:
        """Look (soon, on a worker) whether the place's game waits for a bot; never blocks."""
        with self._lock:
            if self._closed:
                return
            if place in self._queued:
                self._again.add(place)
                return
            self._queued.add(place)
        self._pool.submit(self._run, place)

    def resume(self) -> int:
        """Queue every running game that waits for nobody who can be pinged (a bot seat, or
        a dropped one): after a restart the bots go on where they stopped. Returns how many."""
        places = [g.place for g in self.service.games()
                  if g.status == GameStatus.ACTIVE and g.waiting_user is None]
        for place in places:
            self.wake(place)
        return len(places)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no place is queued or being thought about (tests, the console)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._queued, timeout)

    def close(self) -> None:
        """Stop taking work; the decisions under way finish."""
        with self._lock:
            self._closed = True
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _run(self, place: str) -> None:
        try:
            for _ in range(MAX_TRIES):
                live = self.service.live_copy(place)
                moves = self.think(live) if live is not None else ()
                if not moves:
                    break
                assert live is not None
                reply = self.service.handle(place, BOT_ACTOR,
                                            BotMoves(live.record.last_seq, moves))
                if self.on_update is not None:
                    self.on_update(place, reply)
        except Exception:  # a bug must not stop the other tables' bots
            log.exception("the computer's move in %s failed", place)
        finally:
            with self._lock:
                self._queued.discard(place)
                again = place in self._again
                self._again.discard(place)
                self._lock.notify_all()
            if again:
                self.wake(place)

    def think(self, live: LiveGame) -> tuple[tuple[str, Move], ...]:
        """The bot seats' moves from this position on, up to the next decision of a person
        (or ``MAX_RUN``); none when no bot is to act."""
        game, bots = live.game, live.record.bots
        if live.status != GameStatus.ACTIVE or game is None or not bots:
            return ()
        moves: list[tuple[str, Move]] = []
        while len(moves) < MAX_RUN:
            decision = game.to_act()
            if decision is None or decision.player not in bots:
                break
            move = self.choose(game, bots[decision.player], live.record.game_id)
            game.push(move, decision.player)
            moves.append((decision.player, move))
        return tuple(moves)

    def choose(self, game: Game, level: str, game_id: int) -> Move:
        """One decision at a seat's level, seeded by the game and the move number."""
        seed = game_id * 100_003 + len(game.history)
        if self.playouts is not None:
            return ai.choose_move(game, playouts=self.playouts, seed=seed)
        return ai.choose_move(game, level=level, seed=seed)
