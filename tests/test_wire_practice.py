"""``!bus practice from game G move N`` over real sockets (issue 36): a new thread on the
asker's message holds a practice table at that position of a finished game of this server,
the asker in the seat whose decision it is and the computer in the others; the real game is
only read. A refusal is answered in the channel and makes no thread; another server's game
(here: one whose server is unknown) is not found."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.api import Actor, Reply
from bot.service import GameService
from tests.service_support import Table, fake_png
from tests.test_practice_from import _drawn
from tests.test_service_story import short_game
from tests.wire_support import busbot_on, wire_config, wire_server


@dataclass
class ServerTable(Table):
    """A table whose players write from the Discord server ``server``."""

    server: str = ""

    def say(self, name: str, text: str, **kw: object) -> Reply:
        reply = self.service.handle(self.place, Actor(f"id-{name}", name, server=self.server),
                                    text)
        self.replies.append(reply)
        return reply


def _finished_game(db: Path, place: str, server: str | None) -> str:
    """The short game played to its end at ``place`` (from ``server``); its text log."""
    service = GameService(str(db), renderer=fake_png)
    table = ServerTable(service, place=place, server=server) if server else Table(
        service, place=place)
    try:
        short_game(table)
        assert "Daemonis wins" in table.ok("Arcsyn", "Stop time").text
        return service.export(1, "txt")
    finally:
        service.close()


def _moves(log: str) -> str:
    """An exported text log without its head line (which ends with the time of export)."""
    return log.split("\n", 1)[1]


async def test_practice_from_opens_a_thread_at_that_position(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        ada = server.add_member("Ada")
        place = str(server.channels["bus-table"].id)
        real = _finished_game(db, place, str(server.guild_id))
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)
            await server.say(ada, "!bus practice from game 1 move 12 easy")
            await server.wait_for(lambda: bool(server.made_threads)
                                  and bool(server.posts(since)))
            (thread,) = server.made_threads
            assert thread.parent is server.channels["bus-table"]
            assert thread.name == "Practice from game 1, move 12"
            opening = "A practice game from game 1 at move 12: you play Arcsyn, the computer " \
                      "the other seats (easy)."

            def in_thread() -> list[str]:
                return [p.json.get("content") or "" for p in server.posts(since)
                        if p.path.endswith(f"/channels/{thread.id}/messages")]
            await server.wait_for(lambda: any(t.startswith(opening) for t in in_thread()))
            await server.settled()
            assert all(p.path.endswith(f"/channels/{thread.id}/messages")
                       for p in server.posts(since))  # nothing in the real game's channel
            assert not any(t.startswith("Posted late") for t in in_thread())
            since = len(server.requests)
            await server.say(ada, "!bus status", channel=thread.name)
            (status,) = await server.answers(1, since=since)
            said = status.json["content"]
            assert "Daemonis (played by bot (easy))" in said
            assert "Hedgethorn (played by bot (easy))" in said
            assert f"Arcsyn (played by <@{ada.id}>)" in said  # the asker's seat
    service = GameService(str(db), renderer=None)
    try:
        # the real game is only read (the head line says when it was exported: not compared,
        # a run may cross a minute)
        assert _moves(service.export(1, "txt")) == _moves(real)
        summary = service.store.latest_game(str(thread.id))
        assert summary is not None and summary.id == 2
        copy = service.export(2, "txt")
    finally:
        service.close()
    ours, theirs = _drawn(real, 12), _drawn(copy, 12)
    assert {k: v for k, v in ours.items() if k != "banner"} == {
        k: v for k, v in theirs.items() if k != "banner"}


async def test_practice_from_is_refused_in_the_channel_without_a_thread(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        ada = server.add_member("Ada")
        _finished_game(db, str(server.channels["bus-table"].id), None)  # server unknown
        async with busbot_on(server, wire_config(server, db)):
            for asked, answer in (("!bus practice from game 9 move 1", "There is no game 9 here."),
                                  ("!bus practice from game 1 move 3",
                                   "There is no game 1 here.")):
                since = len(server.requests)
                await server.say(ada, asked)
                (post,) = await server.answers(1, since=since)
                assert post.json["content"] == answer
            assert server.made_threads == []


async def test_practice_from_without_the_thread_permission_says_so(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        ada = server.add_member("Ada")
        closed = server.add_channel("no-threads", deny_bot=1 << 35)  # Create Public Threads
        _finished_game(db, str(closed.id), str(server.guild_id))
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)
            await server.say(ada, "!bus practice from game 1 move 12", channel="no-threads")
            (post,) = await server.answers(1, since=since)
            assert post.json["content"] == (
                "I could not open a thread here for the practice table (I need the Create "
                "Public Threads permission); nothing was done.")
            assert server.made_threads == []
    service = GameService(str(db), renderer=None)
    try:
        assert service.store.game(2) is None  # no practice game was made
    finally:
        service.close()


async def test_practice_from_asked_in_a_thread_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        ada = server.add_member("Ada")
        server.add_thread("a-thread", "bus-table")
        _finished_game(db, str(server.channels["bus-table"].id), str(server.guild_id))
        async with busbot_on(server, wire_config(server, db)):
            since = len(server.requests)
            await server.say(ada, "!bus practice from game 1 move 12", channel="a-thread")
            (post,) = await server.answers(1, since=since)
            assert post.json["content"] == ("A practice table opens in a new thread of a text "
                                            "channel: ask in the channel, not in a thread.")
            assert server.made_threads == []
