"""``review`` over real sockets (issue 36): a review takes half a minute of a core, and the
channel is not kept waiting for it. While the review is being made (held here on an event, at
the very point where the search runs), another member's command at the same table is answered;
then the review's text and chart follow."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from bot.service import GameService
from bot.service.verbs import review as review_verb
from tests.service_support import Table, fake_png
from tests.test_service_story import short_game
from tests.wire_support import busbot_on, wire_config, wire_server

T = TypeVar("T")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _finished_game(db: Path, place: str) -> None:
    """The short game played to its end at ``place`` before the bot starts."""
    table = Table(GameService(str(db), renderer=fake_png), place=place)
    try:
        short_game(table)
        assert "Daemonis wins" in table.ok("Arcsyn", "Stop time").text
    finally:
        table.service.close()


async def test_the_table_is_answered_while_a_review_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    searching, release = threading.Event(), threading.Event()

    def held(call: Callable[..., T], *args: object,
             progress: Callable[[int, int], None] | None = None) -> T:
        """The search, on the heavy worker's thread, held until the test lets it go."""
        searching.set()
        assert release.wait(60), "the test never let the review go on"
        return call(*args)

    monkeypatch.setattr(review_verb, "run_apart", held)
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        asker = server.add_member("Hedgethorn")
        other = server.add_member("Zed")
        place = str(server.channels["bus-table"].id)
        _finished_game(db, place)
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)
            await server.say(asker, "!bus review")
            try:
                assert await asyncio.to_thread(searching.wait, 20), "no review was begun"
                # the review is being made: the table answers another command all the same
                await server.say(other, "!bus status")
                # (not ``answers``: that waits for the bot to be idle, and it is reviewing)
                await server.wait_for(lambda: len(server.posts(since)) >= 1)
                (status,) = server.posts(since)
                assert status.json["content"].startswith("Game 1 (capstone edition): over.")
                assert not any("The review of game" in (p.json.get("content") or "")
                               for p in server.posts(since))
            finally:
                release.set()
            posts = await server.answers(2, since=since)
            review = posts[1].json["content"]
            assert review.startswith("The review of game 1:\nThe computer's search judged the "
                                     "game's ")
            assert "Who was ahead" in review and "Good decisions" in review
            ((name, chart),) = posts[1].files
            assert name == "bus-game1-review.png" and chart.startswith(PNG_SIGNATURE)


async def test_a_review_being_made_shows_how_far_it_is_in_one_edited_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Reviewing game 1: 25%…" is posted, edited twice (50%, 75%: three reports at most, the
    budget), and taken down once the review is out."""
    reported, release = threading.Event(), threading.Event()

    def held(call: Callable[..., T], *args: object,
             progress: Callable[[int, int], None] | None = None) -> T:
        """The search reports every move of twenty, then waits for the test."""
        assert progress is not None, "nobody asked how far the review is"
        for done in range(1, 21):
            progress(done, 20)
        reported.set()
        assert release.wait(60), "the test never let the review go on"
        return call(*args)

    monkeypatch.setattr(review_verb, "run_apart", held)
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        asker = server.add_member("Hedgethorn")
        _finished_game(db, str(server.channels["bus-table"].id))
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)

            def called(method: str) -> list[str]:
                return [r.path for r in server.requests[since:] if r.method == method
                        and "/messages/" in r.path]

            await server.say(asker, "!bus review")
            try:
                assert await asyncio.to_thread(reported.wait, 20), "no review was begun"
                await server.wait_for(lambda: len(called("PATCH")) == 2)
                (shown,) = server.posts(since)
                assert shown.json["content"] == "Reviewing game 1: 25%…"
                edits = [r.json["content"] for r in server.requests[since:]
                         if r.method == "PATCH"]
                assert edits == ["Reviewing game 1: 50%…", "Reviewing game 1: 75%…"]
            finally:
                release.set()
            await server.wait_for(lambda: len(called("DELETE")) == 1)
            assert called("DELETE") == called("PATCH")[:1]  # the progress message went
            posts = server.posts(since)
            assert len(posts) == 2 and posts[1].json["content"].startswith(
                "The review of game 1:\n")
            assert [name for name, _ in posts[1].files] == ["bus-game1-review.png"]


async def test_a_review_asked_with_a_slash_command_shows_its_progress_as_a_follow_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``/bus do review``: the progress is a follow-up of the interaction, edited, then
    deleted; the review is the next follow-up."""
    reported, release = threading.Event(), threading.Event()

    def held(call: Callable[..., T], *args: object,
             progress: Callable[[int, int], None] | None = None) -> T:
        assert progress is not None, "nobody asked how far the review is"
        for done in range(1, 5):
            progress(done, 4)
        reported.set()
        assert release.wait(60), "the test never let the review go on"
        return call(*args)

    monkeypatch.setattr(review_verb, "run_apart", held)
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        asker = server.add_member("Hedgethorn")
        _finished_game(db, str(server.channels["bus-table"].id))
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)

            def webhook(method: str) -> list[str]:
                return [r.path for r in server.requests[since:] if r.method == method
                        and r.path.startswith("/api/v10/webhooks/") and "/messages/" in r.path]

            await server.slash(asker, "do", command="review")
            try:
                assert await asyncio.to_thread(reported.wait, 20), "no review was begun"
                await server.wait_for(lambda: len(webhook("PATCH")) == 2)
                (shown,) = server.posts(since)
                assert shown.path.startswith("/api/v10/webhooks/")
                assert shown.json["content"] == "Reviewing game 1: 25%…"
            finally:
                release.set()
            await server.wait_for(lambda: len(webhook("DELETE")) == 1)
            assert webhook("DELETE") == webhook("PATCH")[:1]
            posts = server.posts(since)
            assert len(posts) == 2 and posts[1].path.startswith("/api/v10/webhooks/")
            assert posts[1].json["content"].startswith("The review of game 1:\n")
