"""Getting what the outbox holds to the table: in order, exactly once, and never given up.

The ``Courier`` knows nothing of Discord: a ``Sender`` posts a reply in a place (raising
``Refused`` when the place will not take it, anything else for a passing failure) and tells a
person privately. A place's posts go out oldest first; when one fails the later ones wait behind
it, so the table never reads a move before the one it follows. A post is marked sent only after
the sender returned, so a crash between the two repeats one post rather than losing it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from bot.api import Reply
from bot.service.outbox import Announcement, Failure

log = logging.getLogger(__name__)


class Refused(Exception):
    """The place will not take the post (a missing permission, a deleted channel): the game's
    moderator is told, once, and the post waits until it can go out."""


class Sender(Protocol):
    async def post(self, place: str, reply: Reply) -> None:
        """Post ``reply`` in ``place``; raise ``Refused`` or any other error when it failed."""

    async def tell(self, user_id: str, text: str) -> None:
        """Tell ``user_id`` privately (a direct message)."""


class OutboxBackend(Protocol):
    """What the courier needs from the game service (``AsyncGameService`` has it)."""

    async def unsent(self, place: str | None = ...,
                     due_by: float | None = ...) -> list[Announcement]: ...

    async def owed(self, item: Announcement) -> Reply: ...

    async def mark_sent(self, ids: Sequence[int]) -> None: ...

    async def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure: ...


def moderator_notice(place: str, reason: str) -> str:
    """The one private message a game's moderator gets when its place refuses the bot's posts."""
    return (f"I cannot post in <#{place}>, where your Bus game is played: {reason}. The moves "
            f"made there are kept, and what I owe the table (the replies, the picture, the ping "
            f"of whoever is to act) goes out as soon as I may post there: give me Send Messages, "
            f"Attach Files and, in a thread, Send Messages in Threads. I will not write about "
            f"this again until it has been fixed.")


class Courier:
    """Posts the service's announcements through ``sender``; callers hold the place's lock."""

    def __init__(self, backend: OutboxBackend, sender: Sender) -> None:
        self.backend = backend
        self.sender = sender

    async def deliver(self, place: str, reply: Reply) -> bool:
        """Post a change's fresh reply, after any older posts the place is still owed. True when
        everything the place is owed is out; else it stays in the outbox for a retry."""
        if reply.announcement is None:
            await self.sender.post(place, reply)
            return True
        if not await self.flush(place, before=reply.announcement):
            return False
        return await self._send(place, reply.announcement, reply)

    async def flush(self, place: str, *, before: int | None = None) -> bool:
        """Post the place's unsent announcements in order (those older than ``before``); stop
        at the first failure. True when none is left."""
        for item in await self.backend.unsent(place):
            if before is not None and item.id >= before:
                break
            if not await self._send(place, item.id, await self.backend.owed(item)):
                return False
        return True

    async def retry_due(self, now: float, lock: Callable[[str], asyncio.Lock],
                        *, everything: bool = False) -> int:
        """Try again in every place whose oldest unsent post is due by ``now`` (all of them
        with ``everything``, as at a start); returns how many places are now clear."""
        items = await self.backend.unsent(due_by=None if everything else now)
        clear = 0
        for place in dict.fromkeys(item.place for item in items):
            async with lock(place):
                if await self.flush(place):
                    clear += 1
        return clear

    async def _send(self, place: str, item_id: int, reply: Reply) -> bool:
        try:
            await self.sender.post(place, reply)
        except Refused as error:
            await self._failed(place, item_id, str(error), refused=True)
            return False
        except Exception as error:  # the network, a server error: tried again later
            await self._failed(place, item_id, f"{type(error).__name__}: {error}", refused=False)
            return False
        await self.backend.mark_sent([item_id])
        return True

    async def _failed(self, place: str, item_id: int, error: str, *, refused: bool) -> None:
        failure = await self.backend.mark_failed(item_id, error, refused=refused)
        log.warning("post %d to %s failed (%s); next try in %.0f s", item_id, place, error,
                    failure.wait)
        if failure.tell is None:
            return
        try:
            await self.sender.tell(failure.tell, moderator_notice(place, error))
        except Exception as problem:  # closed direct messages: the log is all that is left
            log.warning("could not tell the moderator of %s (%s): %s", place, failure.tell,
                        problem)
