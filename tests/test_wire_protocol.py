"""What real Discord would see from busbot: its gateway frames and REST calls, on real sockets."""

from __future__ import annotations

from pathlib import Path

from tests.wire_support import busbot_on, wire_config, wire_server


async def test_identify_asks_for_message_content_and_nothing_more(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            since = len(server.requests)
            await server.say(ada, "!bus help")
            posts = await server.answers(1, since=since)
        identify = [f["d"] for f in server.frames if f["op"] == 2]
        assert len(identify) == 1
        assert identify[0]["token"] == server.token
        assert identify[0]["intents"] == (1 << 0) | (1 << 9) | (1 << 15)
        assert identify[0]["shard"] == [0, 1]
        assert [f for f in server.frames if f["op"] == 1], "no heartbeat"
        assert "**Lobby**" in posts[0].json["content"]
        assert running.bot.is_closed()
