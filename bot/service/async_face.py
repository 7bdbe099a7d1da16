"""The service for an event loop: ``bot.api.GameFace`` awaited. All database work runs on one
dedicated thread, so commands are applied one at a time in the order they are handed in;
pictures on a bounded pool; the heavy drawings (charts, animations) on a lower-priority worker
of their own.

Each method of the face is the service's own, run on the database thread (``on_db``, typed from
its declaration in ``GameFace``; a test checks that the face has them all). Only ``handle``,
``owed`` and ``run_due``, which also draw, are written out here. Two commands of one place may
finish drawing in either order: the Discord bot, which posts the answers, holds its lock per
place from handing a command in to posting its answer, except for a long answer that changes
nothing (a review, an animation asked for: ``Prepared.long``), drawn and posted after the lock
is released so the place's next commands are answered meanwhile. This is the type the adapters hold
(``GameBackend``, ``OutboxBackend``); a bot that keeps no games (``busbot sync``) holds one over
an empty database (``NoGames``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, ClassVar, Concatenate, Generic, ParamSpec, TypeVar, overload

from bot.api import Actor, Addressed, Announcement, Attachment, Command, GameFace, Refusal, Reply
from bot.service.drawing.prepared import Prepared
from bot.service.service import GameService
from bot.service.words.catalogue import known_language, say
from engine.limits import HEAVY_QUEUED, HEAVY_QUEUED_PER_SERVER
from engine.text import Msg

P = ParamSpec("P")
R = TypeVar("R")


class _OnDb(Generic[P, R]):
    """``AsyncGameService.name(...)``: the service's ``name(...)`` awaited on the database
    thread, with the parameters and the answer ``GameFace.name`` declares."""

    def __init__(self, declared: Callable[Concatenate[GameFace, P], R]) -> None:
        self.name = declared.__name__

    @overload
    def __get__(self, face: None, owner: type) -> _OnDb[P, R]: ...
    @overload
    def __get__(self, face: AsyncGameService,
                owner: type) -> Callable[P, Coroutine[Any, Any, R]]: ...

    def __get__(self, face: AsyncGameService | None,
                owner: type) -> _OnDb[P, R] | Callable[P, Coroutine[Any, Any, R]]:
        if face is None:
            return self
        method: Callable[P, R] = getattr(face.service, self.name)

        async def awaited(*args: P.args, **kwargs: P.kwargs) -> R:
            return await face.on_db(partial(method, *args, **kwargs))
        return awaited


def _lower_priority() -> None:
    """Run the calling thread (a heavy-drawing worker) at a lower priority than the rest of
    the bot, where the system allows it (Linux gives each thread its own nice value)."""
    with contextlib.suppress(AttributeError, OSError):  # elsewhere its own worker keeps it apart
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


class AsyncGameService:
    """``GameService`` awaited: database work on one thread, the table's pictures on
    ``render_workers``, and the heavy drawings (charts, animations) on one worker of their own
    at a lower priority, at most ``HEAVY_QUEUED`` at once (``HEAVY_QUEUED_PER_SERVER`` of one
    server): one member's or server's animations never hold up another's move picture."""

    def __init__(self, service: GameService, render_workers: int = 2) -> None:
        self.service = service
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="busbot-db")
        self._render = ThreadPoolExecutor(max_workers=max(1, render_workers),
                                          thread_name_prefix="busbot-render")
        self._heavy = ThreadPoolExecutor(max_workers=1, thread_name_prefix="busbot-heavy",
                                         initializer=_lower_priority)
        #: heavy drawings queued or running, by server (the event loop's own count)
        self._heavy_queued: Counter[str] = Counter()

    async def on_db(self, call: Callable[[], R]) -> R:
        return await asyncio.get_running_loop().run_in_executor(self._db, call)

    async def drawn(self, prepared: Prepared, server: str = "") -> Reply:
        """The prepared reply with its picture drawn on the render pool, then its story (if
        any) on the heavy worker, or skipped with a note when too many are queued."""
        loop = asyncio.get_running_loop()
        reply = await self.pondered(prepared)
        if prepared.snapshot is not None:
            reply = await loop.run_in_executor(self._render, prepared.draw_picture)
        if prepared.story is None:
            return reply
        if (sum(self._heavy_queued.values()) >= HEAVY_QUEUED
                or self._heavy_queued[server] >= HEAVY_QUEUED_PER_SERVER):
            return prepared.skip_story(reply)
        self._heavy_queued[server] += 1
        try:
            return await loop.run_in_executor(self._heavy, prepared.draw_story, reply)
        finally:
            self._heavy_queued[server] -= 1
            if not self._heavy_queued[server]:
                del self._heavy_queued[server]

    async def pondered(self, prepared: Prepared) -> Reply:
        """The prepared reply, its search (a hint's) done first: on the worker processes, in
        its turn, while the event loop and the database thread go on."""
        pondering = prepared.pondering
        if pondering is not None:
            thought = await asyncio.wrap_future(self.service.thinker.submit(pondering.ask))
            prepared.reply.text = say(pondering.answer(thought), prepared.words)
            prepared.pondering = None
        return prepared.reply

    async def handle(self, place: str, actor: Actor, message: str | Command, *,
                     message_id: str | None = None,
                     attachments: list[Attachment] | None = None,
                     addressed: Addressed | None = None, draw: bool = True) -> Reply:
        """The reply to ``message``; without ``draw`` its picture is not drawn (catching up
        draws only the table as the last of many changes left it)."""
        prepared = await self.prepare(place, actor, message, message_id=message_id,
                                      attachments=attachments, addressed=addressed, owed=draw)
        if not draw:  # (a hint's answer is words, not a drawing: it is still thought out)
            return await self.pondered(prepared)
        return await self.drawn(prepared, actor.server or place)

    async def prepare(self, place: str, actor: Actor, message: str | Command, *,
                      message_id: str | None = None,
                      attachments: list[Attachment] | None = None,
                      addressed: Addressed | None = None, owed: bool = True) -> Prepared:
        """``message`` applied and committed on the database thread, its answer still to be
        drawn (``drawn``): an adapter that holds a lock per place draws a long answer after
        releasing it (``Prepared.long``)."""
        return await self.on_db(partial(
            self.service.pipeline.handle, place, actor, message, message_id=message_id,
            attachments=list(attachments or ()), addressed=addressed, owed=owed))

    async def owed(self, item: Announcement) -> Reply:
        return await self.drawn(await self.on_db(partial(self.service.owed, item)), item.place)

    async def run_due(self, now: float | None = None) -> list[tuple[str, Reply]]:
        """``GameFace.run_due`` on the database thread, each reply then drawn."""
        done = await self.on_db(partial(self.service.run_due, now))
        return [(place, await self.drawn(prepared, place)) for place, prepared in done]

    async def is_game_text(self, place: str, text: str, user_id: str | None = None) -> bool:
        return await self.read_chat(place, text, user_id) is not None

    read_chat = _OnDb(GameFace.read_chat)
    choices = _OnDb(GameFace.choices)
    table_now = _OnDb(GameFace.table_now)
    since = _OnDb(GameFace.since)
    waiting_user = _OnDb(GameFace.waiting_user)
    where_things_stand = _OnDb(GameFace.where_things_stand)
    language_of = _OnDb(GameFace.language_of)
    due_reminders = _OnDb(GameFace.due_reminders)
    open_places = _OnDb(GameFace.open_places)
    see = _OnDb(GameFace.see)
    answered = _OnDb(GameFace.answered)
    unanswered = _OnDb(GameFace.unanswered)
    unsent = _OnDb(GameFace.unsent)
    mark_sent = _OnDb(GameFace.mark_sent)
    unsent_direct = _OnDb(GameFace.unsent_direct)
    direct_sent = _OnDb(GameFace.direct_sent)
    mark_failed = _OnDb(GameFace.mark_failed)
    mark_posting = _OnDb(GameFace.mark_posting)
    replaced = _OnDb(GameFace.replaced)
    digests = _OnDb(GameFace.digests)
    digest_sent = _OnDb(GameFace.digest_sent)
    ping_ways = _OnDb(GameFace.ping_ways)
    dms_closed = _OnDb(GameFace.dms_closed)
    export = _OnDb(GameFace.export)
    import_data = _OnDb(GameFace.import_data)

    async def aclose(self) -> None:
        """Finish what is queued, then close the database on its own thread."""
        await self.on_db(self.service.close)
        self._db.shutdown(wait=True)
        self._render.shutdown(wait=True)
        self._heavy.shutdown(wait=True)


#: the answer to every command of a bot that keeps no games
NO_GAMES = Msg("async_face.no_games", "This bot keeps no games.")


class NoGames(AsyncGameService):
    """The face of a bot that keeps no games: the service over an empty database in memory, so
    every look-up finds nothing and nothing is owed, and every command is refused with
    ``refusal`` (``busbot sync``, which only logs in to publish its commands). Nothing here
    lists the face's methods again: they are the service's own."""

    refusal: ClassVar[Msg] = NO_GAMES

    def __init__(self) -> None:
        super().__init__(GameService(":memory:", renderer=None, stories=False), render_workers=1)

    async def pondered(self, prepared: Prepared) -> Reply:
        """The prepared reply, its search (a hint's) done first: on the worker processes, in
        its turn, while the event loop and the database thread go on."""
        pondering = prepared.pondering
        if pondering is not None:
            thought = await asyncio.wrap_future(self.service.thinker.submit(pondering.ask))
            prepared.reply.text = say(pondering.answer(thought), prepared.words)
            prepared.pondering = None
        return prepared.reply

    async def handle(self, place: str, actor: Actor, message: str | Command, *,
                     message_id: str | None = None,
                     attachments: list[Attachment] | None = None,
                     addressed: Addressed | None = None, draw: bool = True) -> Reply:
        # no game, no server setting: the language of the member's app, where it says one
        return Refusal(say(self.refusal(), known_language(actor.locale)))

    async def prepare(self, place: str, actor: Actor, message: str | Command, *,
                      message_id: str | None = None,
                      attachments: list[Attachment] | None = None,
                      addressed: Addressed | None = None, owed: bool = True) -> Prepared:
        return Prepared(await self.handle(place, actor, message))
