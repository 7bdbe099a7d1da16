"""The outbox face: what each place is still owed, for the adapter that posts it (the Discord
bot's courier, ``bot/delivery.py``), and what became of each post.

A committed change leaves its announcement in the outbox in the change's own transaction
(``pipeline.commit``); here an owed one is turned back into its answer (``owed``: the text, the
pings, and the picture of the position after its records, rebuilt from them, with its story
when it ended the game), and marked sent, failed or about to be posted.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.api import Announcement, DirectPing, Failure, StoryFiles, Update
from bot.service import lookups
from bot.service.core import Core
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.prepared import Prepared, seat_notes
from bot.service.drawing.renderer import picture_name
from bot.service.drawing.story_job import StoryJob
from bot.service.game.live_game import LiveGame, build_game
from bot.service.game.records import GameRecord
from bot.service.store import layouts
from bot.service.words.catalogue import words_for
from engine import Game
from engine.text import Words

if TYPE_CHECKING:  # the renderer is imported only where something is drawn
    from render.page_notes import PageNotes

log = logging.getLogger(__name__)


class Announcements:
    """The outbox, as the adapters see it."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def unsent(self, place: str | None = None, due_by: float | None = None) -> list[Announcement]:
        """Announcements not yet posted: of ``place``, or of the places with one due by
        ``due_by``, or all; oldest first."""
        return self.core.store.unsent(place=place, due_by=due_by)

    def owed(self, item: Announcement) -> Prepared:
        """The reply ``item`` stands for, its picture (the position after its records) and its
        story to be drawn by ``complete``."""
        core = self.core
        words = words_for(item.language)  # what it adds is written as its text was
        reply = Update(item.text, mentions=list(item.mentions), announcement=item.id)
        if core.renderer is None or not item.picture and item.story == StoryFiles.NONE:
            return Prepared(reply, words=words)
        rebuilt = self._rebuilt(item)
        if rebuilt is None:
            return Prepared(reply, words=words)
        record, position, previous = rebuilt
        prepared = Prepared(reply, words=words)
        if item.picture:
            reply.picture_name = picture_name(item.game_id, len(record.moves))
            reply.table = lookups.table_now(LiveGame(record, position),  # refused if stale
                                            words.language)
            prepared = Prepared(reply, position, core.renderer, previous=previous,
                                layout=layouts.for_place(core.store, item.place),
                                seat_notes=seat_notes(record, position, core.clock(), words),
                                words=words)
        if position.is_over and core.stories and item.story != StoryFiles.NONE:
            prepared.story = StoryJob(position, item.game_id, True,
                                      item.story == StoryFiles.CHART_AND_ANIMATION,
                                      page=self._page_notes(item, LiveGame(record, position),
                                                            words))
        return prepared

    def _page_notes(self, item: Announcement, ended: LiveGame, words: Words) -> PageNotes:
        """The notes of the game's page a late final post carries: its records up to it."""
        with self.core.lock:
            records = [r for r in self.core.store.records(item.game_id) if r.seq <= item.seq]
        return page_notes(ended, records, words)

    def _rebuilt(self, item: Announcement) -> tuple[GameRecord, Game, Game | None] | None:
        """The game after ``item``'s records, and the position before them when it shows what
        changed; None when that cannot be rebuilt (the text is posted without a picture)."""
        core = self.core
        with core.lock:
            records = [r for r in core.store.records(item.game_id) if r.seq <= item.seq]
        try:
            record = GameRecord.fold(item.game_id, item.place, records)
            position = build_game(record, kept=core.cache.positions(record))
            previous = None
            if item.first_seq > 1:  # the table before the change, to highlight what it did
                before = GameRecord.fold(
                    item.game_id, item.place, [r for r in records if r.seq < item.first_seq])
                previous = build_game(before, kept=core.cache.positions(before))
        except Exception:  # the records replayed when stored; never lose the text for this
            log.exception("rebuilding the position of announcement %d failed", item.id)
            return None
        return None if position is None else (record, position, previous)

    def mark_sent(self, ids: Sequence[int], direct: Sequence[DirectPing] = ()) -> None:
        """``ids`` were posted, owing the ``direct`` pings (one transaction)."""
        self.core.store.mark_sent(list(ids), self.core.clock(), direct)

    def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        return self.core.store.mark_failed(item_id, error, refused, self.core.clock())

    def mark_posting(self, ids: Sequence[int], nonce: str) -> None:
        """Note that ``ids`` are about to be posted with ``nonce`` (see ``store/outbox.py``)."""
        self.core.store.mark_posting(list(ids), nonce)
