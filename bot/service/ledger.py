"""The message ledger: which messages were handled (a message delivered again gets its first
reply back, ``Duplicate``), which were read in each place (catching up after downtime starts
after the newest), and which refusals handled live are still owed their answer; with the
pruning of what is kept only for a while (replies, posted announcements, owed answers).
"""

from __future__ import annotations

import logging
import sqlite3

from bot.service.core import Core
from bot.service.game.records import OPEN_STATUSES
from engine.limits import DAY

log = logging.getLogger(__name__)

#: Seconds between two prunings of old replies and posted announcements (``Store.prune``).
PRUNE_EVERY = 3600.0


class Ledger:
    """What was read and answered, by message id, in each place."""

    def __init__(self, core: Core) -> None:
        self.core = core
        #: when old replies and posted announcements were last pruned (``Store.prune``)
        self.pruned_at = core.clock()

    def handled_reply(self, place: str, message_id: str) -> str | None:
        """The reply already given to a message that changed something (None: not handled)."""
        return self.core.store.handled_reply(place, message_id)

    def see(self, place: str, message_id: str, owed: str | None = None, now: float = 0.0) -> None:
        """Note that ``message_id`` was read in ``place`` (and ``owed``, a refusal said live,
        as owed until its post is made: ``answered``)."""
        try:
            if owed is None:
                self.core.store.mark_seen(place, message_id)
            else:
                self.core.store.owe_answer(place, message_id, owed, now)
        except sqlite3.Error:  # only catching up after a restart would read it again
            log.exception("noting message %s in %s failed", message_id, place)

    def answered(self, place: str, message_id: str) -> None:
        """The refusal owed to ``message_id`` was posted (see ``unanswered``)."""
        try:
            self.core.store.answered(place, message_id)
        except sqlite3.Error:  # the next start would post it again, under the same nonce
            log.exception("noting the answer to %s in %s failed", message_id, place)

    def unanswered(self, place: str) -> list[tuple[str, str]]:
        """The refusals handled live in ``place`` in the last day whose answer was never
        posted (the process stopped first): (message id, text), oldest first."""
        return self.core.store.unanswered(place, self.core.clock() - DAY)

    def open_places(self) -> list[tuple[str, int | None, float]]:
        """Each open game's place, the newest message read there (None: none yet) and when the
        game was created: where to catch up after the bot was away."""
        store = self.core.store
        return [(g.place, store.last_seen(g.place), g.created_at)
                for g in store.games() if g.status in OPEN_STATUSES]

    def prune(self) -> tuple[int, int]:
        """Forget old replies and posted announcements now (``Store.prune``); done by itself
        once an hour after a change. (replies, announcements) forgotten."""
        self.pruned_at = self.core.clock()
        try:
            return self.core.store.prune(self.pruned_at)
        except sqlite3.Error:  # only the database's size is at stake; the next hour tries again
            log.exception("pruning old replies failed")
            return 0, 0

    def prune_now_and_then(self, now: float) -> None:
        """``prune`` when the last one is an hour old (after a change)."""
        if now - self.pruned_at >= PRUNE_EVERY:
            self.prune()
