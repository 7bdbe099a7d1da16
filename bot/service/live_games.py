"""The live-game cache: the most recently used games kept in memory (records folded, position
built), each let go after a while unused; a game not live is rebuilt from its records and its
stored positions when next used.

The cache is only ever read and written under the service's one lock (``Core.lock``): a command
works on a ``Draft`` of the cached game, which becomes the cached game once its records are
committed, so a refused command, a failed write or a crash leaves the cache as the database says.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from bot.service.game.live_game import LiveGame, build_game
from bot.service.game.records import GameRecord
from bot.service.store.store import GameSummary, Store
from engine.game import SNAPSHOT_EVERY

#: Games kept live (their position in memory) unless the configuration says otherwise
#: (``live_games``): a late 5-player game with its kept positions takes about 0.2 MB.
CACHE_SIZE = 1000
#: Seconds a live game stays in memory after its last command (``live_idle_hours``).
CACHE_IDLE = 24 * 3600.0


class LiveGames:
    """At most ``size`` games live, each dropped after ``idle`` seconds unused (None: kept
    until the count pushes it out). The caller holds the service's lock."""

    def __init__(self, store: Store, clock: Callable[[], float], size: int = CACHE_SIZE,
                 idle: float | None = CACHE_IDLE) -> None:
        self.store = store
        self.clock = clock
        self.size = size
        self.idle = idle
        #: live games by id, least recently used first, with when each was last used
        self._games: OrderedDict[int, tuple[LiveGame, float]] = OrderedDict()
        #: the stored games' rewrite count the cache was filled under (``Store.generation``)
        self._generation = store.generation()

    def __len__(self) -> int:
        return len(self._games)

    def get(self, summary: GameSummary) -> LiveGame:
        """The game as its records say, from the cache when nothing was written since."""
        self._drop_rewritten()
        cached = self._games.get(summary.id)
        live = cached[0] if cached is not None else None
        if live is None or live.record.last_seq != summary.last_seq:
            record = GameRecord.fold(summary.id, summary.place, self.store.records(summary.id))
            live = LiveGame(record, build_game(record, kept=self.positions(record)))
        self.keep(summary.id, live, self.clock())
        return live

    def positions(self, record: GameRecord) -> list[bytes]:
        """The game's stored positions its moves in force may start from (none is needed
        before the first is kept, so a short game costs no query)."""
        if len(record.moves) < SNAPSHOT_EVERY:
            return []
        return self.store.positions(record.game_id, len(record.moves))

    def keep(self, game_id: int, live: LiveGame, now: float) -> None:
        """Make ``live`` the most recently used game, and let go of the games that were not
        used for ``idle`` seconds or are more than ``size``."""
        self._games[game_id] = (live, now)
        self._games.move_to_end(game_id)
        while self._games:
            _, used = next(iter(self._games.values()))
            if len(self._games) <= self.size and (self.idle is None or now - used <= self.idle):
                break
            self._games.popitem(last=False)

    def _drop_rewritten(self) -> None:
        """Forget every live game when stored games were rewritten (a member forgotten, here
        or by ``busbot forget`` in another process): the cache would name them again."""
        generation = self.store.generation()
        if generation != self._generation:
            self._games.clear()
            self._generation = generation
