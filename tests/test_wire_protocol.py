"""What real Discord would see from busbot: its gateway frames and REST calls, on real sockets."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.discord_app.bot import invite_url
from bot.service import GameService
from tests.wire_server import WireServer
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

MESSAGES = "/messages"


def publishes(server: WireServer) -> list[str]:
    return [r.path for r in server.requests
            if r.method == "PUT" and r.path.endswith("/commands")]


async def test_identify_asks_for_message_content_and_nothing_more(tmp_path: Path) -> None:
    async with wire_server(heartbeat_ms=50) as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            since = len(server.requests)
            await server.say(ada, "!bus help")
            posts = await server.answers(1, since=since)
            await server.wait_for(lambda: len([f for f in server.frames if f["op"] == 1]) >= 3)
        identify = [f["d"] for f in server.frames if f["op"] == 2]
        assert len(identify) == 1
        assert identify[0]["token"] == server.token
        # GUILDS, GUILD_MESSAGES and MESSAGE_CONTENT: no members, no presences, no DMs.
        assert identify[0]["intents"] == (1 << 0) | (1 << 9) | (1 << 15)
        assert identify[0]["shard"] == [0, 1]
        assert "**Lobby**" in posts[0].json["content"]
        assert running.bot.is_closed()
        # The lines an operator reads: no token, no voice warning, one line for the command.
        text = "\n".join(running.logs.messages())
        assert server.token not in text
        assert "voice will NOT be supported" not in text
        handled = running.logs.messages("bot.discord_app.bot")
        assert [line for line in handled if "kind=help outcome=ok" in line
                and f"user={ada.id}" in line and "time=" in line]


async def test_a_message_delivered_again_after_a_resume_is_answered_once(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            since = len(server.requests)
            said = await server.say(ada, "!bus new game")
            await server.answers(1, since=since)
            before = len(server.requests)
            # Discord drops the connection; discord.py resumes, and the server replays every
            # event after the last sequence number the bot acknowledged, and this one again.
            await server.drop_connection(4000)
            await asyncio.wait_for(server.resumed.wait(), 20)
            await server.say(ada, "!bus new game", message_id=int(said["id"]))
            # After the resume the bot still answers new messages; the place's messages are
            # answered in order, so once the next one is answered the replay was dealt with,
            # and that answer is the only post since.
            await server.say(ada, "!bus join")
            posted = await server.answers(1, since=before)
            assert len(posted) == 1 and "joins" in posted[0].json["content"]
            resume = [f["d"] for f in server.frames if f["op"] == 6]
            assert len(resume) == 1 and resume[0]["token"] == server.token
            assert resume[0]["session_id"].startswith("session-")
        identifies = [f for f in server.frames if f["op"] == 2]
        assert len(identifies) == 1, "resumed, not identified again"
        lost = [line for line in running.logs.messages() if "Traceback" in line]
        assert lost == []
        told = running.logs.messages("bot")
        assert "INFO bot.discord_app.bot: gateway connection of shard 0 lost; reconnecting" in told
        assert "INFO bot.discord_app.bot: gateway connection of shard 0 resumed" in told


async def test_a_rate_limited_post_waits_and_is_delivered(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")):
            ada = server.add_member("Ada")
            server.rate_limit_next[MESSAGES] = 0.4
            since = len(server.requests)
            await server.say(ada, "!bus new game")
            posts = await server.answers(2, since=since)  # the refused try, then the real one
        first, second = posts
        assert first.json == second.json
        assert second.at - first.at >= 0.4, "discord.py waited as Discord asked"
        assert "New game of Bus" in second.json["content"]


async def test_commands_are_published_only_when_they_changed(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config):
            pass
        assert publishes(server) == [f"/api/v10/applications/{server.application_id}/commands"]
        async with busbot_on(server, config):
            pass
        assert len(publishes(server)) == 1, "unchanged: not published again on restart"

        # A development server gets its own copy, at once, published once too.
        dev = replace(config, dev_guild=424242)
        async with busbot_on(server, dev):
            pass
        async with busbot_on(server, dev):
            pass
        assert publishes(server)[1:] == [
            f"/api/v10/applications/{server.application_id}/guilds/424242/commands"]


async def test_a_failed_publish_is_one_line_and_the_bot_carries_on(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.refuse_publish = True
        config = wire_config(server, tmp_path / "busbot.db")
        async with busbot_on(server, config) as running:
            ada = server.add_member("Ada")
            since = len(server.requests)
            await server.say(ada, "!bus new game")
            assert "New game" in (await server.answers(1, since=since))[0].json["content"]
        failed = [r for r in running.logs.records if "publishing the slash commands" in
                  r.getMessage()]
        assert len(failed) == 1 and failed[0].exc_info is None
        assert "\n" not in failed[0].getMessage() and "Missing Access" in failed[0].getMessage()
        # Not recorded as published: the next start tries again.
        server.refuse_publish = False
        async with busbot_on(server, config):
            pass
        assert len(publishes(server)) == 2


async def test_replace_takes_only_a_real_member_and_shows_their_name(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        players = [server.add_member(name) for name in ("Arcsyn", "Daemonis", "Hedgethorn")]
        carol = server.add_member("Carol")
        async with busbot_on(server, wire_config(server, db)):
            for text, who in [("!bus new game", mod), *(("!bus join", p) for p in players),
                              ("!bus start order: Arcsyn, Daemonis, Hedgethorn", mod)]:
                since = len(server.requests)
                await server.say(who, text)
                await server.answers(1, since=since)

            async def answer(text: str, who: Any = mod) -> str:
                since = len(server.requests)
                await server.say(who, text)
                content: str = (await server.answers(1, since=since))[0].json["content"]
                return content

            refused = await answer("!bus replace Daemonis with @nobody")
            assert "Nobody on this server is called exactly 'nobody'" in refused
            refused = await answer("!bus replace Daemonis with <@123456789012345678>")
            assert "is not a member of this server" in refused
            # A member is offered the seat; once they take it, it carries their name.
            by_name = await answer("!bus replace Daemonis with @Carol")
            assert "offered Daemonis's seat to Carol" in by_name and "<@" not in by_name
            taken = await answer("!bus accept", carol)
            assert "Carol takes Daemonis's seat" in taken
            assert "plays as Carol from now on" in taken
            by_mention = await answer(f"!bus replace Carol with <@{players[1].id}>")
            assert "offered Carol's seat to Daemonis" in by_mention and "<@" not in by_mention
            since = len(server.requests)
            await server.slash(mod, "replace", player="Carol", user=carol)
            by_slash = (await server.answers(1, since=since))[0].json["content"]
            assert "offered Carol's seat to Carol" in by_slash and "<@" not in by_slash
        service = GameService(str(db), renderer=None)
        try:
            exported = service.export(str(server.channels["bus-table"].id), "json")
        finally:
            service.close()
        assert f'"{carol.id}"' in exported and "<@" not in exported.split('"records"')[0]


async def test_a_game_is_not_opened_where_the_bot_cannot_post_pictures(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.add_channel("no-files", deny_bot=1 << 15)  # Attach Files
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")):
            since = len(server.requests)
            said = await server.say(mod, "!bus new game", channel="no-files")
            post = (await server.answers(1, since=since))[0]
            assert "lack the Attach Files permission" in post.json["content"]
            assert str(post.json["message_reference"]["message_id"]) == said["id"]
            since = len(server.requests)
            await server.slash(mod, "new", channel="no-files")
            follow_up = (await server.answers(1, since=since))[0]
            assert "lack the Attach Files permission" in follow_up.json["content"]
            assert follow_up.json["flags"] & 64, "the refusal is shown to the asker only"
        service = GameService(str(tmp_path / "busbot.db"), renderer=None)
        try:
            assert service.games() == []
        finally:
            service.close()


async def test_a_thread_needs_its_own_permission_to_post(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.add_channel("quiet", deny_bot=1 << 38)  # Send Messages in Threads
        server.add_thread("a quiet thread", parent="quiet")
        server.add_thread("a table in a thread", parent="bus-table")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            answers = {}
            for place in ("quiet", "a table in a thread"):
                since = len(server.requests)
                await server.say(mod, "!bus new game", channel=place)
                answers[place] = (await server.answers(1, since=since))[0].json["content"]
            # In the quiet thread the answer to a message cannot be posted (Discord refuses
            # it); the bot logs that in one line. A slash command's answer gets through.
            since = len(server.requests)
            await server.say(mod, "!bus new game", channel="a quiet thread")
            await server.answers(1, since=since)
            await server.wait_for(lambda: any(
                "not posted" in r.getMessage() for r in running.logs.records))
            since = len(server.requests)
            await server.slash(mod, "new", channel="a quiet thread")
            slash_answer = (await server.answers(1, since=since))[0].json["content"]
        assert "lack the Attach Files, Send Messages in Threads permissions in this thread" in \
            slash_answer
        assert "New game of Bus" in answers["quiet"]
        assert "New game of Bus" in answers["a table in a thread"]
        not_posted = [r for r in running.logs.records if "not posted" in r.getMessage()]
        assert len(not_posted) == 1 and "Missing Permissions" in not_posted[0].getMessage()
        assert not_posted[0].exc_info is None


async def test_an_expired_interaction_is_one_line_in_the_log(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.expire_interactions = True
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            since = len(server.requests)
            await server.slash(ada, "status")
            await server.wait_for(lambda: any(
                "not answered" in r.getMessage() for r in running.logs.records))
            await running.idle()
            assert server.posts(since) == []
        problems = [r for r in running.logs.records if r.levelno >= 30]
        assert len(problems) == 1, [r.getMessage() for r in problems]
        assert problems[0].exc_info is None and "Unknown interaction" in problems[0].getMessage()


async def test_the_configured_gateway_wins_over_the_one_the_api_names(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.advertised_gateway = "ws://127.0.0.1:9/nothing-here"
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")):
            assert server.identified.is_set()


def test_the_invite_link_points_where_the_api_is() -> None:
    config = Config(api_base="http://127.0.0.1:5000/api/v10")
    assert invite_url(42, config.web_base).startswith(
        "http://127.0.0.1:5000/oauth2/authorize?client_id=42")
    assert invite_url(42, Config().web_base) == invite_url(42)
