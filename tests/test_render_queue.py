"""The fair render queue (issue 21, finding 3): one member in 4 threads drew 3 whole-game
animations and a move in another server waited 26.8 s for its picture. Heavy drawings now run
on a worker of their own, bounded per server and in all, so a move picture never waits for
them."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from pathlib import Path

from bot.api import Actor, Attachment, Lookup
from bot.service import GameService
from bot.service.async_face import AsyncGameService
from bot.service.drawing.prepared import Prepared
from bot.service.drawing.story_job import StoryJob
from bot.service.words.catalogue import Said
from engine import random_game
from engine.limits import HEAVY_QUEUED, HEAVY_QUEUED_PER_SERVER
from engine.text import Words
from tests.service_support import Table, fake_png, started


@dataclass(frozen=True, slots=True)
class Held(StoryJob):
    """A heavy drawing that takes as long as the test says: it holds its worker until
    ``gate`` opens (``entered`` says it has its worker)."""

    gate: threading.Event = field(default_factory=threading.Event)
    entered: threading.Event = field(default_factory=threading.Event)

    def __call__(self, taken: int, words: Words) -> tuple[list[Said], list[Attachment]]:
        self.entered.set()
        self.gate.wait(30)
        return ["drawn"], [Attachment("story.gif", b"GIF89a")]


async def test_heavy_drawings_never_hold_up_another_servers_move_picture(tmp_path: Path) -> None:
    service = GameService(str(tmp_path / "q.db"), renderer=fake_png, rate_limits=False)
    face = AsyncGameService(service, render_workers=2)
    table = Table(service, "move-place")
    started(table)
    game = random_game(3, seed=1)
    gate, entered = threading.Event(), threading.Event()

    def story(server: str) -> asyncio.Task[object]:
        job = Held(game, 1, True, True, None, gate, entered)
        return asyncio.create_task(face.drawn(Prepared(Lookup("story"), story=job), server))

    one_server = [story("guild-heavy") for _ in range(6)]  # one member hammering `story`
    other = story("guild-other")
    await asyncio.to_thread(entered.wait, 10)  # the heavy worker is busy now
    try:
        mover = Actor("id-Arcsyn", "Arcsyn", server="guild-moves")
        reply = await asyncio.wait_for(
            face.handle("move-place", mover, "Place Office at C1"), timeout=1.0)
        assert reply.ok and reply.picture is not None
        # past the server's share, a story is not queued for minutes: it says so at once
        skipped = [t for t in one_server if t.done()]
        assert len(skipped) == 6 - HEAVY_QUEUED_PER_SERVER
        assert all("not drawn this time" in t.result().text for t in skipped)  # type: ignore[attr-defined]
        assert not other.done()  # another server's story still has its place in the queue
    finally:
        gate.set()
        done = await asyncio.gather(*one_server, other)
        await face.aclose()
    drawn = [r for r in done if "drawn" in r.text.split("\n")]  # type: ignore[attr-defined]
    assert len(drawn) == HEAVY_QUEUED_PER_SERVER + 1 <= HEAVY_QUEUED
