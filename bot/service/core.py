"""What every part of the game service shares: the store, the one lock, the clock, the live
games, the budgets and the settings the service was made with.

The parts (the pipeline, the message ledger, the outbox face, the scheduler, the look-ups,
import and export) each hold the ``Core`` and nothing else of one another's; ``GameService``
is the ``Core`` with the parts on it, and a small facade over them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from bot.api import Actor, Command
from bot.service.budgets import Budgets, TokenBuckets
from bot.service.drawing.renderer import Renderer, default_renderer
from bot.service.game.live_game import LiveGame
from bot.service.live_games import CACHE_IDLE, CACHE_SIZE, LiveGames
from bot.service.store.store import Store
from bot.service.thinking import Thinker

#: An admission check: the reason of its refusal (``refuse`` adds that nothing changed), or None.
#: Checks of an adapter's own plug in here (``GameService(admit=...)``); the budgets per member
#: and per server are built in (``budgets.Budgets``).
Admission = Callable[[str, Actor, "str | Command", float], "str | None"]
#: The renderer a service gets when it is given none: the default one, if it can be imported.
DEFAULT = object()


class Core:
    """Every game of one database, and what the service's parts share; safe to use from several
    threads: one command (or look-up of the live games) at a time, under ``lock``."""

    def __init__(
        self,
        db_path: str,
        *,
        moderator_role: str | None = None,
        picture_dir: str | None = None,
        renderer: Renderer | None | object = DEFAULT,
        bind_imported_names: bool = False,
        cache_size: int = CACHE_SIZE,
        cache_idle: float | None = CACHE_IDLE,
        clock: Callable[[], float] = time.time,
        rate_limits: bool = True,
        stories: bool | None = None,
        announce: bool = False,
        admit: Sequence[Admission] = (),
        language: str = "en",
    ) -> None:
        """``stories``: draw score charts and animations (by default when the renderer is
        the default one; tests with a stand-in renderer leave them out). ``announce``: keep
        what each change must announce in the outbox until the adapter reports it posted (the
        chat adapters, whose posts can fail; the console prints). ``language``: the language
        of the tables whose game and server chose none (``language`` in config.toml)."""
        self.store = Store(db_path)
        self.announce = announce
        self.moderator_role = moderator_role
        self.picture_dir = picture_dir
        self.renderer: Renderer | None = (
            default_renderer() if renderer is DEFAULT else renderer  # type: ignore[assignment]
        )
        self.stories = renderer is DEFAULT if stories is None else stories
        self.bind_imported_names = bind_imported_names
        self.language = language
        self.clock = clock
        self.budgets = Budgets(TokenBuckets(clock) if rate_limits else None,
                               pictures=self.renderer is not None, animations=self.stories)
        #: checks every message passes before any work (``Admission``), after the limits
        self.admission: tuple[Admission, ...] = tuple(admit)
        #: the games in memory (``live_games.LiveGames``), read and written under ``lock``
        self.cache = LiveGames(self.store, clock, cache_size, cache_idle)
        #: one command (or look-up of the live games) at a time
        self.lock = threading.Lock()
        #: called under the lock after every committed change, with the place, the game as
        #: committed, the server of whoever made it (None: none) and the time (the computer's
        #: players, ``bot.service.bots``, look whether the computer is to act); must not block
        self.after_commit: list[Callable[[str, LiveGame, str | None, float], None]] = []
        #: where the computer's searches are done (worker processes, a fair turn, budgets)
        self.thinker = Thinker(self.budgets)
        self.assemble()

    def assemble(self) -> None:
        """Called once the core is set up: the service makes its parts here."""

    @property
    def cache_size(self) -> int:
        """At most this many games live (``live_games`` in config.toml)."""
        return self.cache.size

    @property
    def cache_idle(self) -> float | None:
        """Seconds a live game stays after its last use (``live_idle_hours``)."""
        return self.cache.idle
