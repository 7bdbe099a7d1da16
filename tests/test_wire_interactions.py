"""Interactions degrade to the channel, over the wire: a server that cannot keep them still
gets every answer, once.

busbot runs as ``busbot run`` runs it against the loopback Discord, whose interaction endpoint
answers a deferral with an empty 204 (taken, nothing said back), has no interaction endpoint at
all (404), or forgets the follow-up webhooks (``404 Unknown Webhook``). A change then goes out
through the outbox (posted once, under its nonce), a public answer in the channel, a private
one (a refusal, a lookup) by direct message; nothing is answered twice after a restart. A press
whose interaction names no channel is told so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.dispatch import NO_CHANNEL
from bot.service.words.catalogue import say
from tests.test_wire_faults import seat, table_posts
from tests.wire_server import Request, User, WireServer
from tests.wire_support import Running, busbot_on, wire_config, wire_server


def direct_messages(server: WireServer, user: User, since: int = 0) -> list[dict[str, Any]]:
    """The bodies of the bot's direct messages to ``user``, in order."""
    theirs = {dm for dm, who in server.dms.items() if who == user.id}
    return [r.json for r in server.requests[since:] if r.method == "POST"
            and r.path.endswith("/messages") and int(r.path.split("/")[-2]) in theirs]


def callbacks(server: WireServer, payload: dict[str, Any]) -> list[Request]:
    return [r for r in server.requests if f"/interactions/{payload['id']}/" in r.path]


def follow_ups(server: WireServer, since: int) -> list[Request]:
    return [r for r in server.requests[since:]
            if r.method == "POST" and r.path.startswith("/api/v10/webhooks/")]


def errors(running: Running) -> list[str]:
    return [line for line in running.logs.messages()
            if line.startswith(("ERROR", "CRITICAL")) or "Traceback" in line]


async def test_a_deferral_answered_with_an_empty_204_is_followed_up(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.interaction_callbacks = "empty"
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada, _, _ = await seat(server)
            since = len(server.requests)
            await server.slash(ada, "status")
            [answer] = [r.json for r in await server.answers(1, since=since)]
        assert answer["content"].startswith("Game 1 (capstone edition): active.")
        assert answer["flags"] & 64, "privately, as asked"
        assert follow_ups(server, since) and errors(running) == []


@pytest.mark.parametrize("endpoint", ["empty", "404"])
async def test_without_follow_ups_every_answer_goes_to_the_channel_or_a_direct_message(
        tmp_path: Path, endpoint: str) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config) as running:
            ada, bob, _ = await seat(server)
            server.interaction_callbacks, server.unknown_webhooks = endpoint, True
            # A change: posted in the channel once, through the outbox, with its picture.
            since = len(server.requests)
            await server.slash(ada, "move", move="Place House at C1")
            await server.wait_for(lambda: len(table_posts(server, since)) >= 1)
            # A private lookup, and a refusal: each by direct message, once.
            await server.slash(bob, "status")
            await server.wait_for(lambda: len(direct_messages(server, bob, since)) >= 1)
            await server.slash(ada, "move", move="Place House at Q9")
            await server.wait_for(lambda: len(direct_messages(server, ada, since)) >= 1)
            # The table carries on: the next move, by message, after the first.
            await server.say(ada, "Place House at C1")
            await server.wait_for(lambda: len(table_posts(server, since)) >= 2)
        posted = [r.json for r in table_posts(server, since)]
        assert posted[0]["content"].startswith("Ada: Place House at C1\nNext: Ada:")
        assert posted[0]["nonce"].startswith("bus") and posted[0]["enforce_nonce"]
        assert [r for r in table_posts(server, since) if r.files][0].files[0][0].endswith(
            ".png")
        assert direct_messages(server, bob, since)[0]["content"].startswith("Game 1 (capstone")
        [refusal] = direct_messages(server, ada, since)
        assert "'q9'" in refusal["content"] and refusal["nonce"].startswith("r")
        assert errors(running) == []
        # A restart owes nothing: no answer is posted twice.
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.say(bob, "!bus help")
            await server.answers(1, since=since)
        assert len(server.posts(since)) == 1
        assert direct_messages(server, ada, since) == []


async def test_a_press_without_a_channel_is_told_why_nothing_was_done(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada, _, _ = await seat(server)
            payload = await server.press(ada, "bus:pass:1:0:5", without_channel=True)
            await server.wait_for(lambda: bool(callbacks(server, payload)))
        [answer] = callbacks(server, payload)
        assert answer.json["data"]["content"] == say(NO_CHANNEL())
        assert answer.json["data"]["flags"] & 64
        assert "the game is gone" not in say(NO_CHANNEL()) and errors(running) == []


async def test_a_refused_slash_command_is_not_answered_again_after_a_restart(
        tmp_path: Path) -> None:
    """The refusal went out as the interaction's private follow-up: nothing is owed after."""
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config):
            ada, _, _ = await seat(server)
            since = len(server.requests)
            await server.slash(ada, "move", move="Place House at Q9")
            [refused] = await server.answers(1, since=since)
            assert "'q9'" in refused.json["content"] and refused.json["flags"] & 64
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.say(ada, "!bus help")
            await server.answers(1, since=since)
        assert ["'q9'" in r.json["content"] for r in server.posts(since)] == [False]


async def test_a_press_refused_where_interactions_cannot_be_answered_is_told_by_dm(
        tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada, bob, _ = await seat(server)
            started = table_posts(server)[-1].json  # the start: Ada's decision, its buttons
            moves = next(c["custom_id"] for row in started["components"]
                         for c in row["components"] if c["custom_id"].startswith("bus:moves:"))
            server.interaction_callbacks = "404"
            since = len(server.requests)
            # Ada's decision, pressed by Bob: refused, and he hears why, privately.
            await server.press(bob, moves)
            await server.wait_for(lambda: bool(direct_messages(server, bob, since)))
            await running.idle()
        [told] = direct_messages(server, bob, since)
        assert told["content"].startswith("These buttons are for Ada"), told
        assert all(int(r.path.split("/")[-2]) in server.dms for r in server.posts(since)), \
            "nothing in the channel"
        assert errors(running) == []
