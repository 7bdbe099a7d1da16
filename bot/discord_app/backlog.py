"""Which places still have missed messages to read, and the gate new messages wait at.

Discord replays nothing after a new gateway session (the first one, or a reconnection that
could not resume): what was posted meanwhile is only in the channels' history. So the moment a
session begins (READY), every new message waits at a closed gate; the shard's recovery then
notes which of its places are behind, opens the gate, and reads each place's history; a new
message in a place still behind waits until that place has caught up, so older moves are always
applied first. Without the gate, a message arriving between READY and the recovery would be
handled before the older ones of the gap (and refused as "not your turn").

Holding is noted synchronously (no await), so it happens before any event that followed READY
on the wire is handled: discord.py starts listeners in the order the events arrived.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable


class Backlog:
    def __init__(self) -> None:
        self._places: dict[str, asyncio.Event] = {}
        #: the shards (None: the plain bot) whose new session has not been recovered yet
        self._holding: set[int | None] = set()
        self._open = asyncio.Event()
        self._open.set()

    def hold(self, shard_id: int | None) -> None:
        """A new session of ``shard_id`` began: new messages wait until it has recovered."""
        self._holding.add(shard_id)
        self._open.clear()

    def behind(self, places: Iterable[str]) -> None:
        """``places`` have missed messages to read; their new messages wait for them."""
        for place in places:
            self._places.setdefault(place, asyncio.Event())

    def recovering(self, shard_id: int | None) -> None:
        """``shard_id`` knows which of its places are behind: the others' messages go ahead."""
        self._holding.discard(shard_id)
        if not self._holding:
            self._open.set()

    def up_to_date(self, place: str | None = None) -> None:
        """``place`` (every place, with None) has caught up: its new messages go ahead."""
        if place is None:
            self._holding.clear()
            self._open.set()
        for key in [place] if place is not None else list(self._places):
            event = self._places.pop(key, None)
            if event is not None:
                event.set()

    def is_behind(self, place: str) -> bool:
        return place in self._places or not self._open.is_set()

    async def wait(self, place: str) -> None:
        """Return once ``place`` may handle a new message."""
        while not self._open.is_set():
            await self._open.wait()
        event = self._places.get(place)
        if event is not None:
            await event.wait()
