"""Over the wire: a move whose post Discord refuses is kept, and the next start delivers it.

busbot runs as ``busbot run`` runs it against the loopback Discord. The table channel loses the
bot's Send Messages: the moves still stand, each post is answered 403, and the moderator gets
one direct message. The bot is stopped, the permission comes back, a move is posted while it is
down; the next start reads the missed move from the channel's history and posts one update:
what was owed, in order, then the summary, with the picture of the table now and the ping of
whoever is to act.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.service import GameService
from tests.wire_server import Request, WireServer
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SEND_MESSAGES = 1 << 11


def posted_in(server: WireServer, channel: str, since: int) -> list[Request]:
    path = f"/api/v10/channels/{server.channels[channel].id}/messages"
    return [r for r in server.requests[since:] if r.method == "POST" and r.path == path]


async def test_a_refused_post_is_kept_and_delivered_by_the_next_start(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        table = server.channels["bus-table"]
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game"), (ada, "!bus join"), (bob, "!bus join"),
                              (cy, "!bus join"), (mod, "!bus start order: Ada, Bob, Cy")]:
                since = len(server.requests)
                await server.say(who, text)
                await server.answers(1, since=since)
            table.deny_bot = SEND_MESSAGES  # someone takes the bot's Send Messages away
            since = len(server.requests)
            await server.say(ada, "Place House at C1")
            await server.say(ada, "Place Office at C1")
            await server.wait_for(lambda: len(posted_in(server, "bus-table", since)) >= 2)
            await server.wait_for(lambda: len(server.posts(since)) >= 3)
            refused = since
        # Both moves stand although neither post got through.
        service = GameService(str(db), renderer=None)
        assert [m.text for m in service.store.records(1) if m.kind == "move"] == [
            "Place House at C1", "Place Office at C1"]
        assert len(service.unsent()) == 2
        service.close()
        dms = [r for r in server.posts(refused) if int(r.path.split("/")[-2]) in server.dms]
        assert len(dms) == 1, "the moderator is told once"
        assert server.dms[int(dms[0].path.split("/")[-2])] == mod.id
        assert f"cannot post in <#{table.id}>" in dms[0].json["content"]
        warned = [line for line in running.logs.messages("bot.delivery") if "403" in line
                  or "Missing Permissions" in line]
        assert warned and all("Traceback" not in line for line in warned)

        table.deny_bot = 0
        server.posted_while_away(bob, "Place House at C2")
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.wait_for(lambda: len(posted_in(server, "bus-table", since)) >= 1)
        # One post: what was owed (both moves, in order) in front of the summary of the move
        # caught up, with the table as it stands now and only the ping of who is to act now.
        [post] = posted_in(server, "bus-table", since)
        text = post.json["content"]
        assert text.index("House at C1") < text.index("Office at C1") < text.index(
            "While I was away") < text.index("Bob: `Place House at C2`")
        assert post.files and post.files[0][1].startswith(PNG_SIGNATURE)
        assert post.json["allowed_mentions"]["users"] == [bob.id]  # Bob places again
        service = GameService(str(db), renderer=None)
        assert service.unsent() == []
        assert [m.text for m in service.store.records(1) if m.kind == "move"][-1] == \
            "Place House at C2"
        service.close()
        assert json.dumps(server.faults) == "[]"


async def test_a_connection_that_could_not_resume_catches_up(tmp_path: Path) -> None:
    async with wire_server() as server:
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            for who, text in [(mod, "!bus new game"), (ada, "!bus join"), (bob, "!bus join"),
                              (cy, "!bus join"), (mod, "!bus start order: Ada, Bob, Cy")]:
                since = len(server.requests)
                await server.say(who, text)
                await server.answers(1, since=since)
            await server.wait_for(lambda: any(
                "caught up on shard 0" in line for line in running.logs.messages("bot")))
            # The connection drops and cannot be resumed; a move is posted meanwhile, and the
            # gateway never delivers it.
            server.expire_session()
            identified = len([f for f in server.frames if f["op"] == 2])
            await server.drop_connection(4000)
            server.posted_while_away(ada, "Place House at C1")
            since = len(server.requests)
            await server.wait_for(lambda: any(
                "While I was away" in (r.json or {}).get("content", "")
                for r in posted_in(server, "bus-table", since)))
            summary = posted_in(server, "bus-table", since)[-1].json["content"]
        assert len([f for f in server.frames if f["op"] == 2]) == identified + 1
        assert "Ada: `Place House at C1`" in summary
        assert running.bot.is_closed()
