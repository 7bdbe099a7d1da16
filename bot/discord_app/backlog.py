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

A session can begin while the last one's recovery still reads (the connection was lost again,
and could not be resumed): each hold is a session of its own (``Session``), and only the
recovery of the shard's latest session opens its gate, and only the latest recovery to take a
place up lets its new messages go ahead. Else the older recovery, ending, let a new message be
handled before the newer one had read what was posted in between.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable


class Session:
    """One new session of a shard, to be recovered (a token: compared by identity)."""


class Backlog:
    def __init__(self) -> None:
        self._places: dict[str, asyncio.Event] = {}
        #: the session whose recovery reads each place (the latest to take it up)
        self._readers: dict[str, Session] = {}
        #: the shards (None: the plain bot) whose new session has not been recovered yet
        self._holding: dict[int | None, Session] = {}
        self._open = asyncio.Event()
        self._open.set()

    def hold(self, shard_id: int | None) -> Session:
        """A new session of ``shard_id`` began: new messages wait until it has recovered."""
        session = self._holding[shard_id] = Session()
        self._open.clear()
        return session

    def session(self, shard_id: int | None) -> Session | None:
        """The session of ``shard_id`` still to be recovered (None: none is)."""
        return self._holding.get(shard_id)

    def behind(self, places: Iterable[str], session: Session | None = None) -> None:
        """``places`` have missed messages to read (by ``session``'s recovery); their new
        messages wait for them."""
        for place in places:
            self._places.setdefault(place, asyncio.Event())
            if session is not None:
                self._readers[place] = session

    def recovering(self, shard_id: int | None, session: Session | None = None) -> None:
        """``shard_id`` knows which of its places are behind: the others' messages go ahead
        (unless a newer session of it began: its own recovery says so)."""
        if session is not None and self._holding.get(shard_id) not in (session, None):
            return
        self._holding.pop(shard_id, None)
        if not self._holding:
            self._open.set()

    def up_to_date(self, place: str | None = None, session: Session | None = None) -> None:
        """``place`` (every place, with None) has caught up (by ``session``'s recovery): its
        new messages go ahead, unless a newer recovery reads it again."""
        if place is None:
            self._holding.clear()
            self._readers.clear()
            self._open.set()
        elif session is not None and self._readers.get(place) not in (session, None):
            return
        for key in [place] if place is not None else list(self._places):
            self._readers.pop(key, None)
            event = self._places.pop(key, None)
            if event is not None:
                event.set()

    def is_behind(self, place: str) -> bool:
        return place in self._places or not self._open.is_set()

    async def wait(self, place: str) -> None:
        """Return once ``place`` may handle a new message: the gate open and the place caught
        up (looked at again after each wait: a new session may have begun meanwhile)."""
        while True:
            if not self._open.is_set():
                await self._open.wait()
                continue
            event = self._places.get(place)
            if event is None:
                return
            await event.wait()
