"""Over the wire, adversarially: no move lost or reordered around restarts and reconnects.

busbot runs as ``busbot run`` runs it against the loopback Discord, which misbehaves the ways a
real network, an outage or another Discord-compatible server does: chat burying a move, a gap
without resume, an imported game's place, history pages answered oldest first, a post whose
answer is lost, malformed payloads and presses, a refused token, an unreachable gateway.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.api import Actor
from bot.config import Config
from bot.discord_app.runner import BAD_TOKEN, StartupError, serve
from bot.service import GameService
from tests.wire_server import Request, User, WireServer
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

ROOT = Path(__file__).resolve().parent.parent
SEND_MESSAGES = 1 << 11


def table_posts(server: WireServer, since: int = 0) -> list[Request]:
    path = f"/api/v10/channels/{server.channels['bus-table'].id}/messages"
    return [r for r in server.requests[since:] if r.method == "POST" and r.path == path]


def posted_since(server: WireServer, since: int) -> Callable[[], bool]:
    return lambda: len(table_posts(server, since)) >= 1


def answered(server: WireServer, interaction: str) -> Callable[[], bool]:
    return lambda: any(f"/interactions/{interaction}/" in r.path for r in server.requests)


def bot_texts(server: WireServer) -> list[str]:
    """What the bot's posts in the table say, as the players read them."""
    return [m["content"] for m in server.seen_by_players() if m["author"]["bot"]]


def moves_of(db: Path) -> list[tuple[str, str]]:
    service = GameService(str(db), renderer=None)
    try:
        games = [g.id for g in service.store.games()]
        return [(r.user_name, r.text or "") for g in games for r in service.store.records(g)
                if r.kind == "move"]
    finally:
        service.close()


async def seat(server: WireServer) -> tuple[User, User, User]:
    """A moderator starts a game for Ada, Bob and Cy (in that order) in the table channel."""
    mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
    ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
    for who, text in [(mod, "!bus new game"), (ada, "!bus join"), (bob, "!bus join"),
                      (cy, "!bus join"), (mod, "!bus start order: Ada, Bob, Cy")]:
        since = len(server.requests)
        await server.say(who, text)
        await server.answers(1, since=since)
    return ada, bob, cy


async def seated_then_stopped(server: WireServer, config: Config) -> tuple[User, User, User]:
    """A game seated while busbot ran; busbot is stopped again (so what comes next is only in
    the channels' history)."""
    async with busbot_on(server, config):
        return await seat(server)


async def test_a_move_buried_under_chat_is_read_and_the_read_mark_waits(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config):
            ada, bob, _ = await seat(server)
            for n in range(30):  # chat while the bot is up moves no read mark
                await server.say(bob, f"nice weather {n}")
        for n in range(1100):  # more than one round of reading: 1,100 chat messages
            server.posted_while_away(bob, f"chat while it was down {n}")
        server.posted_while_away(ada, "Place House at C1")
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)), timeout=40)
            await server.say(ada, "Place House at C1")  # her second, live, after the first
            await server.wait_for(lambda: len(table_posts(server, since)) >= 2)
        assert moves_of(db) == [("Ada", "Place House at C1")] * 2
        summary = table_posts(server, since)[0].json["content"]
        assert "Ada: `Place House at C1`" in summary and "nice weather" not in summary
        assert server.faults == []


async def test_a_gap_without_resume_is_applied_before_the_next_live_move(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, db)) as running:
            ada, bob, _ = await seat(server)
            await server.wait_for(lambda: any(
                "caught up on shard 0" in line for line in running.logs.messages("bot")))
            server.expire_session()
            server.identified.clear()
            await server.drop_connection(4000)
            server.posted_while_away(ada, "Place House at C1")
            server.posted_while_away(ada, "Place House at C1")
            await asyncio.wait_for(server.identified.wait(), 20)
            # Bob's move arrives live at once, before the bot read the gap from history.
            since = len(server.requests)
            await server.say(bob, "Place House at C2")
            await server.wait_for(lambda: any("Bob: `Place House at C2`" in r.json["content"]
                                              for r in table_posts(server, since)))
        assert moves_of(db) == [("Ada", "Place House at C1")] * 2 + [("Bob", "Place House at C2")]
        assert not any("not your" in text.lower() or "waits for" in text.lower()
                       for text in bot_texts(server)[-2:])


async def test_the_summary_ends_with_what_the_table_waits_for_and_its_menu(
        tmp_path: Path) -> None:
    """As the live post does: the "Next:" line, the ping of whoever is to act, the picture,
    and the decision's menu and buttons."""
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        ada, bob, _ = await seated_then_stopped(server, config)
        server.posted_while_away(ada, "Place House at C1")
        server.posted_while_away(ada, "Place House at C1")
        server.posted_while_away(bob, "hi all")
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)))
        [summary] = table_posts(server, since)
    lines = summary.json["content"].splitlines()
    assert lines[-2:] == ["Next: Bob: place 2 starting buildings on free zone-A lots.",
                          f"<@{bob.id}>"], lines
    assert summary.json["allowed_mentions"]["users"] == [bob.id]
    assert [name for name, _ in summary.files] and summary.files[0][0].endswith(".png")
    ids = [c["custom_id"] for row in summary.json["components"] for c in row["components"]]
    assert ids[0].startswith("bus:pick:1:2:") and "Choose your move" in json.dumps(
        summary.json["components"])
    assert [i.split(":")[1] for i in ids[1:]] == ["undo", "moves"]


async def test_a_summary_of_answers_alone_leaves_the_table_s_buttons(tmp_path: Path) -> None:
    """Nothing changed while the connection was lost: the summary answers, and the post that
    carries the decision's buttons keeps them."""
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada, bob, _ = await seat(server)
            started = table_posts(server)[-1]
            server.expire_session()
            server.identified.clear()
            await server.drop_connection(4000)
            server.posted_while_away(bob, "!bus Place House at Q9")
            await asyncio.wait_for(server.identified.wait(), 20)
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server)))
            await running.idle()
        summary = next(r for r in table_posts(server) if "While I was away" in r.json["content"])
        assert "refused" in summary.json["content"] and not summary.json.get("components")
        assert started.json["components"]
        edits = [r for r in server.requests if r.method == "PATCH"]
        assert edits == [], [r.path for r in edits]


async def test_a_game_imported_from_the_console_does_not_stop_catch_up(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    service = GameService(str(db), renderer=None)
    for name, text in [("Ada", "new game"), ("Ada", "join"), ("Bram", "join"),
                       ("Cleo", "join"), ("Ada", "start order: Ada, Bram, Cleo")]:
        assert service.handle("console", Actor(name, name), text).ok, text
    service.close()
    async with wire_server() as server:
        config = wire_config(server, db)
        ada, _, _ = await seated_then_stopped(server, config)
        server.posted_while_away(ada, "Place House at C1")
        since = len(server.requests)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)))
    assert ("Ada", "Place House at C1") in moves_of(db)
    assert not [line for line in running.logs.messages() if "ValueError" in line]


async def test_history_answered_oldest_first_is_read_in_order(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        server.history_oldest_first = True  # as one independent implementation answers
        config = wire_config(server, db)
        ada, bob, _ = await seated_then_stopped(server, config)
        moves = [(ada, "Place House at C1"), (ada, "Place House at C1"),
                 (bob, "Place House at C2")]
        for n, (who, text) in enumerate(moves):
            for k in range(70):  # pages of 100 hold chat and moves alike
                server.posted_while_away(who, f"chat {n}.{k}")
            server.posted_while_away(who, text)
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)))
        summary = table_posts(server, since)[0].json["content"]
    assert moves_of(db) == [("Ada", "Place House at C1")] * 2 + [("Bob", "Place House at C2")]
    assert "refused" not in summary


async def test_owed_posts_become_one_current_update(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        table = server.channels["bus-table"]
        async with busbot_on(server, config):
            ada, bob, cy = await seat(server)
            table.deny_bot = SEND_MESSAGES
            for who, text in [(ada, "Place House at C1"), (ada, "Place House at C1"),
                              (bob, "Place House at C2")]:
                since = len(server.requests)
                await server.say(who, text)
                await server.wait_for(posted_since(server, since))
        table.deny_bot = 0
        since = len(server.requests)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: len(table_posts(server, since)) >= 1)
            await running.idle()
        [late] = table_posts(server, since)
        text = late.json["content"]
        # Every change in order, once; the ping only for Bob, whose decision it is now (Ada was
        # to act after the first move, Bob after the second); the buttons are the current ones.
        # Every change once, in order, in one post; the ping only for Bob, whose decision it is
        # now (not Ada, pinged by the first change); the buttons are those of the table now.
        assert text.count("Ada: Place House at C1") == 2
        assert text.rindex("Ada: Place House at C1") < text.index("Bob: Place House at C2")
        assert late.json["allowed_mentions"]["users"] == [bob.id]
        ids = [c["custom_id"] for row in late.json["components"] for c in row["components"]]
        assert ids and all(":1:3:" in i for i in ids), ids  # game 1 after its third move
        assert len(table_posts(server, since)) == 1
    records = moves_of(db)
    assert records == [("Ada", "Place House at C1")] * 2 + [("Bob", "Place House at C2")]


async def test_catch_up_admits_messages_like_the_live_path(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        ada, bob, _ = await seated_then_stopped(server, config)
        for _ in range(1000):
            server.posted_while_away(bob, "!bus help")
        server.posted_while_away(ada, "Place House at C1")
        since = len(server.requests)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)), timeout=40)
            await running.idle()
        posts = table_posts(server, since)
        text = "".join(r.json["content"] for r in posts)
        assert len(posts) <= 2 and len(text) < 8000, (len(posts), len(text))
        assert "Bob: 990 more messages came faster than the table can follow" in text
        assert "Ada: `Place House at C1`" in text
    assert moves_of(db) == [("Ada", "Place House at C1")]


async def test_the_summary_shows_member_text_as_text(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config):
            await seat(server)
            evil = server.add_member("[Support](https://evil.example) *Mod*")
        server.posted_while_away(evil, "!bus hello [click me](https://evil.example) `x` @here")
        since = len(server.requests)
        async with busbot_on(server, config):
            await server.wait_for(lambda: any("While I was away" in r.json["content"]
                                              for r in table_posts(server, since)))
        text = table_posts(server, since)[0].json["content"]
        line = next(line for line in text.splitlines() if "evil.example" in line)
        assert re.search(r"(?<!\\)\[Support\]", line) is None  # no link of its own
        assert "\\[Support](https://evil.example) \\*Mod\\*" in line
        said = line.split("`")[1]  # the member's text is one code span, links and all
        assert "[click me](https://evil.example)" in said and "`" not in said


async def test_a_token_refused_with_400_is_reported_as_a_refused_token(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.unauthorized = (400, 40001)
        config = wire_config(server, tmp_path / "busbot.db")
        with pytest.raises(StartupError) as refused:
            await serve(config, "not-the-token")
        assert str(refused.value) == BAD_TOKEN


async def test_sigterm_stops_the_bot_while_the_gateway_is_unreachable(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.refuse_gateway = True
        config_file = tmp_path / "config.toml"
        config_file.write_text(
            f'db_path = "{tmp_path / "busbot.db"}"\napi_base = "{server.api_base}"\n'
            f'gateway_url = "{server.gateway_url}"\nlog_file = "{tmp_path / "busbot.log"}"\n')
        env = dict(os.environ, DISCORD_TOKEN=server.token)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(config_file), cwd=ROOT,
            env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        # Wait until it is trying (and failing) to reach the gateway.
        await server.wait_for(lambda: any(r.path.endswith("/gateway/bot")
                                          for r in server.requests), timeout=40)
        await server.wait_for(lambda: len(server.connections) >= 2)  # it has tried again
        assert process.returncode is None
        asked = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), 10)
        finally:
            if process.returncode is None:
                process.kill()
        took = time.monotonic() - asked
        _, err = await process.communicate()
    assert took < 8, f"still running {took:.1f} s after SIGTERM"
    assert process.returncode == 0 and b"Traceback" not in err


async def test_every_press_gets_an_answer(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada, _, _ = await seat(server)
            presses = [("bus:pass:1234567890123456789:1:1", None, 2),
                       ("bus:pick:1:1:1:0", {"Place House at C1": True}, 3),
                       ("bus:pick:99999999999999999999:1:1:12", ["Place House at C1"], 3)]
            for custom_id, values, kind in presses:
                payload = await server.press(ada, custom_id, values=values, component_type=kind)
                await server.wait_for(answered(server, payload["id"]))
            await running.idle()
        errors = [line for line in running.logs.messages() if line.startswith("ERROR")]
        assert errors == []


async def test_a_post_whose_answer_was_lost_is_not_posted_twice(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, db)) as running:
            ada, bob, _ = await seat(server)
            server.lose_answers = 1  # the post is made, but the bot never hears back
            since = len(server.requests)
            await server.say(ada, "Place House at C1")
            await server.wait_for(lambda: len(table_posts(server, since)) >= 1)
            await server.say(ada, "Place House at C1")  # her next post retries the first
            await server.wait_for(lambda: len(table_posts(server, since)) >= 3)
            await running.idle()
        nonces = [r.json["nonce"] for r in table_posts(server, since)]
        assert nonces[0] == nonces[1] != nonces[2], nonces
        assert server.repeats == 1
        made = [t for t in bot_texts(server) if "Place House at C1" in t or "places" in t]
        assert len(made) == 2, made  # each move's announcement appears once
    assert moves_of(db) == [("Ada", "Place House at C1")] * 2


async def test_malformed_answers_and_payloads_are_skipped(tmp_path: Path) -> None:
    async with wire_server() as server:
        server.publish_without_ids = True
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            guild = str(server.guild_id)
            table = server.channels["bus-table"]
            message = server.message_payload(ada, table, "!bus help")
            message["member"]["roles"] = [{"id": "1", "name": "role object"}]
            frames: list[dict[str, Any]] = [
                {"op": 0, "t": "GUILD_CREATE", "d": dict(server._guild(), channels=[
                    {"id": "5", "type": 0, "name": "no-position", "guild_id": guild}])},
                {"op": 0, "t": "CHANNEL_CREATE", "d": {"id": "6", "type": 0, "guild_id": guild,
                                                       "name": "no-position"}},
                {"op": 0, "t": "GUILD_ROLE_CREATE", "d": {"guild_id": guild, "role": {}}},
                {"op": 0, "t": "GUILD_MEMBER_UPDATE", "d": {"guild_id": guild,
                                                            "roles": [{"id": "1"}],
                                                            "user": ada.payload()}},
                {"op": 0, "t": "MESSAGE_CREATE", "d": message},
                {"op": 0, "t": "THREAD_CREATE", "d": {"id": "7", "guild_id": guild}},
            ]
            for frame in frames:
                await server.send_raw(frame)
            since = len(server.requests)
            await server.say(ada, "!bus help")  # the bot is still there and answers
            await server.answers(1, since=since)
        lines = running.logs.messages()
        assert not [line for line in lines if "Traceback" in line or "Ignoring" in line]
        assert [line for line in lines if "publishing the slash commands" in line
                and "carrying on without" in line]
        assert json.dumps(server.faults) == "[]"


@pytest.mark.parametrize("content", [123, None, ["!bus help"]])
async def test_a_message_whose_text_is_not_text_is_one_line(tmp_path: Path,
                                                            content: Any) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            ada = server.add_member("Ada")
            message = server.message_payload(ada, server.channels["bus-table"], "!bus help")
            await server.send_raw({"op": 0, "t": "MESSAGE_CREATE",
                                   "d": dict(message, content=content)})
            since = len(server.requests)
            await server.say(ada, "!bus help")  # answered: the bot read on
            await server.answers(1, since=since)
        said = [line for line in running.logs.messages()
                if not line.startswith(("INFO", "DEBUG"))]
        assert len(said) == 1, said
        assert said[0].startswith("WARNING bot.discord_app.incoming: skipped a MESSAGE_CREATE")
        assert "not text" in said[0]


async def test_a_catch_up_cut_short_is_done_again_and_its_refusal_answered(
        tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        ada, bob, _ = await seated_then_stopped(server, config)
        server.posted_while_away(ada, "Place House at C1")
        server.posted_while_away(bob, "!bus Place House at Q9")  # refused: no such lot
        server.fail_posts = [503]  # the summary does not go out
        since = len(server.requests)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: len(table_posts(server, since)) >= 2)
            await running.idle()
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: any("Place House at Q9" in t
                                              for t in bot_texts(server)))
            await running.idle()
    texts = bot_texts(server)
    assert sum(t.count("Ada: Place House at C1") for t in texts) == 1  # announced once
    assert sum("`Place House at Q9`: refused" in t for t in texts) == 1  # answered once
    assert moves_of(db) == [("Ada", "Place House at C1")]


async def test_a_catch_up_cut_short_is_done_again_in_the_same_process(tmp_path: Path) -> None:
    """The summary did not go out; the process runs on and the next new session (the
    connection lost again, not resumed) does the catch-up again: the refusal is answered then
    (it was read once already in this process, which used to skip it for good)."""
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        ada, bob, _ = await seated_then_stopped(server, config)
        server.posted_while_away(ada, "Place House at C1")
        server.posted_while_away(bob, "!bus Place House at Q9")  # refused: no such lot
        server.fail_posts = [503]  # the summary does not go out
        since = len(server.requests)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: len(table_posts(server, since)) >= 2)
            await running.idle()
            server.expire_session()
            server.identified.clear()
            await server.drop_connection(4000)
            await asyncio.wait_for(server.identified.wait(), 20)
            await server.wait_for(lambda: any("Place House at Q9" in t
                                              for t in bot_texts(server)))
            await running.idle()
    texts = bot_texts(server)
    assert sum(t.count("Ada: Place House at C1") for t in texts) == 1  # announced once
    assert sum("`Place House at Q9`: refused" in t for t in texts) == 1  # answered once
    assert moves_of(db) == [("Ada", "Place House at C1")]


async def test_a_live_refusal_not_yet_posted_is_answered_once_at_the_next_start(
        tmp_path: Path) -> None:
    """The refusal was decided (its message read past) but the process stopped before its
    answer was out: the next start posts it, as a reply to the message, and only once."""
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config) as running:
            _, bob, _ = await seat(server)
            server.fail_answers = [403]  # the answer does not get out before the stop
            since = len(server.requests)
            refused = await server.say(bob, "!bus Place House at Q9")
            await server.wait_for(lambda: len(table_posts(server, since)) >= 1)
            await running.idle()
        assert not any("'q9'" in t for t in bot_texts(server))
        for _ in range(2):  # two restarts: the second owes nothing
            async with busbot_on(server, config) as running:
                await server.wait_for(lambda: any("'q9'" in t for t in bot_texts(server)))
                await running.idle()
    answers = [r.json for r in table_posts(server, since) if "'q9'" in r.json.get("content", "")]
    assert len(answers) == 2 and answers[-1]["message_reference"]["message_id"] in (
        refused["id"], int(refused["id"]))
    assert sum("'q9'" in t for t in bot_texts(server)) == 1


async def test_a_live_refusal_posted_but_unheard_is_not_posted_twice(tmp_path: Path) -> None:
    """The answer was made, but the process stopped before it heard so: the next start posts
    it again under the same nonce, and the server keeps the one answer."""
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        config = wire_config(server, db)
        async with busbot_on(server, config) as running:
            _, bob, _ = await seat(server)
            server.lose_answers, server.lose_answers_too = 1, True
            since = len(server.requests)
            await server.say(bob, "!bus Place House at Q9")
            await server.wait_for(lambda: len(table_posts(server, since)) >= 1)
            await running.idle()
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: server.repeats >= 1)
            await running.idle()
        assert server.repeats == 1
    assert sum("'q9'" in t for t in bot_texts(server)) == 1
