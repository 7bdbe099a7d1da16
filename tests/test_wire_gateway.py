"""The gateway misbehaving, over the wire: busbot outlives it and does not storm it.

busbot runs as ``busbot run`` runs it against the loopback Discord, whose gateway sends frames
that are no gateway message, accepts a connection and closes it before HELLO, closes every
connection at once, or closes with a code no retry can fix. Whatever it does, each shard
reconnects (resuming its session where it can), says so in one line, tries ever more slowly
while the gateway keeps failing, and only a refused token or an unrecoverable close code ends
busbot, with one sentence.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.discord_app import gateway
from bot.discord_app.runner import CLOSED_FOR_GOOD, StartupError, serve
from tests.wire_server import BAD_FRAMES, WireServer
from tests.wire_support import Running, busbot_on, wire_config, wire_server

ROOT = Path(__file__).resolve().parent.parent


async def still_answers(server: WireServer) -> None:
    """The bot hears the gateway and answers: ``!bus help`` gets its answer."""
    ada = server.add_member("Ada")
    since = len(server.requests)
    await server.say(ada, "!bus help")
    assert "**Lobby**" in (await server.answers(1, since=since))[0].json["content"]


def problems(running: Running) -> list[str]:
    """What busbot said above INFO, and any traceback anywhere."""
    return [line for line in running.logs.messages()
            if not line.startswith(("INFO", "DEBUG")) or "Traceback" in line]


@pytest.mark.parametrize("kind", list(BAD_FRAMES))
async def test_a_frame_that_is_no_gateway_message_is_one_line_and_a_resume(
        tmp_path: Path, kind: str) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            server.connected.clear()
            await server.send_text(BAD_FRAMES[kind])
            await asyncio.wait_for(server.connected.wait(), 20)
            await still_answers(server)
        said = problems(running)
        assert len(said) == 1, said
        assert said[0].startswith("WARNING bot.discord_app.gateway: shard 0: the gateway sent")
        assert said[0].endswith("; reconnecting")
    # The session was resumed (nothing was missed), not begun again.
    assert server.resumed.is_set()
    assert len([f for f in server.frames if f["op"] == 2]) == 1


async def test_a_ready_without_its_session_is_answered_by_identifying_again(
        tmp_path: Path) -> None:
    async with wire_server() as server:
        server.bad_ready_next = True  # the first IDENTIFY is answered READY without a session
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            await still_answers(server)
        said = problems(running)
        assert len(said) == 1 and "the gateway sent READY without its session" in said[0], said
    identifies = [f for f in server.frames if f["op"] == 2]
    assert len(identifies) == 2 and not [f for f in server.frames if f["op"] == 6]


async def test_a_reconnect_that_meets_a_gateway_closing_before_hello_goes_on(
        tmp_path: Path) -> None:
    """A failed reconnect (503), then one that is accepted and closed before HELLO: the
    shard keeps trying and resumes."""
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            server.gateway_faults = ["close before hello"]
            server.connected.clear()
            await server.drop_connection(4000)
            await asyncio.wait_for(server.connected.wait(), 20)
            await still_answers(server)
        assert server.gateway_faults == []
        assert server.resumed.is_set()
        said = problems(running)
        assert len(said) == 1 and "failed 2 times in a row" in said[0], said


@pytest.mark.long
async def test_a_gateway_closing_every_connection_at_once_is_tried_ever_more_slowly(
        tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            server.every_connection = "close before hello"
            before = len(server.connections)
            server.connected.clear()
            await server.drop_connection(4000)
            await server.wait_for(lambda: len(server.connections) >= before + 4)
            server.every_connection = None
            storm = server.connections[before:before + 4]
            await asyncio.wait_for(server.connected.wait(), 20)
            await still_answers(server)
        # At once after the loss, then after a pause of at least 0.5, 1 and 2 seconds (the
        # backoff's lower bounds): not hundreds of connections a second.
        assert storm[-1] - storm[0] >= 0.5 + 1 + 2, storm
        assert server.connections_within(60.0) <= gateway.PER_MINUTE
        # One line when the connection is lost, one when the burst begins; none per try.
        told = [line for line in running.logs.messages("bot") if "shard 0" in line
                and not line.startswith("DEBUG") and "caught up" not in line
                and "resumed" not in line]
        assert len(told) == 2, told
        assert "gateway connection of shard 0 lost; reconnecting" in told[0]
        assert "failed 2 times in a row (last: closed before the session began)" in told[1]
        assert "at most 10 connections a minute" in told[1]


@pytest.mark.long
async def test_a_gateway_that_closes_right_after_ready_is_paced_too(tmp_path: Path) -> None:
    async with wire_server() as server:
        async with busbot_on(server, wire_config(server, tmp_path / "busbot.db")) as running:
            server.gateway_faults = ["close after ready"] * 3
            before = len(server.connections)
            await server.drop_connection(4000)
            await server.wait_for(lambda: len(server.connections) >= before + 4, timeout=30)
            await asyncio.wait_for(server.resumed.wait(), 20)
            await still_answers(server)
        tries = server.connections[before:before + 4]
        assert tries[-1] - tries[0] >= 0.5 + 1, tries
        # Each try resumed, and was closed: said once, not once per try (discord.py's own line
        # for each session too).
        told = [line for line in running.logs.messages() if "hard" in line
                and not line.startswith("DEBUG")]
        assert len([line for line in told if "resumed" in line.lower()]) <= 2, told


@pytest.mark.parametrize("code", sorted(gateway.FATAL))
async def test_a_close_no_retry_can_fix_ends_busbot_with_its_sentence(
        tmp_path: Path, code: int) -> None:
    async with wire_server() as server:
        server.identify_closes_with = code
        config = wire_config(server, tmp_path / "busbot.db")
        with pytest.raises(StartupError) as ended:
            await asyncio.wait_for(serve(config, server.token), 30)
    sentence = str(ended.value)
    assert sentence == CLOSED_FOR_GOOD[code].format(gateway_url=config.gateway_url)
    assert "\n" not in sentence
    assert len(server.connections) == 1, "no retry"


@pytest.mark.long
async def test_busbot_run_outlives_bad_frames_and_early_closes(tmp_path: Path) -> None:
    """The process itself: bad frames and a reconnect closed before HELLO, then
    SIGTERM; it ends with status 0 and its log holds no traceback. (Each loss comes soon after
    the last, so each reconnect waits longer: a few are enough here; the tests above have each
    kind of frame.)"""
    log_file = tmp_path / "busbot.log"
    async with wire_server() as server:
        config = tmp_path / "config.toml"
        config.write_text(
            f'db_path = "{tmp_path / "busbot.db"}"\napi_base = "{server.api_base}"\n'
            f'gateway_url = "{server.gateway_url}"\nlog_file = "{log_file}"\n')
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(config), cwd=ROOT,
            env=dict(os.environ, DISCORD_TOKEN=server.token),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            await asyncio.wait_for(server.connected.wait(), 60)
            for kind in ("not JSON", "READY without payload"):
                server.connected.clear()
                await server.send_text(BAD_FRAMES[kind])
                await asyncio.wait_for(server.connected.wait(), 20)
            server.gateway_faults = ["close before hello"]
            server.connected.clear()
            await server.drop_connection(4000)
            await asyncio.wait_for(server.connected.wait(), 30)
            await still_answers(server)
            assert process.returncode is None
            process.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(process.communicate(), 20)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    assert process.returncode == 0, err
    written = log_file.read_text(encoding="utf-8")
    assert "Traceback" not in written and b"Traceback" not in err
    assert written.count("the gateway sent") == 2
    assert written.rstrip().endswith("stopped")


#: ``busbot run`` whose thinking workers are both busy with a search of five minutes.
BUSY_WORKERS = """
import sys, time
from bot.config import Config
from bot.discord_app.runner import run_bot
from bot.service.thinking import worker_pool
from engine.limits import THINKING_WORKERS
pool = worker_pool()
busy = [pool.submit(time.sleep, 300) for _ in range(THINKING_WORKERS)]
db, token, api, gateway = sys.argv[1:]
sys.exit(run_bot(Config(db_path=db, token=token, api_base=api, gateway_url=gateway)))
"""


async def test_sigterm_does_not_wait_for_the_thinking_workers(tmp_path: Path) -> None:
    """The process ends without waiting for its thinking workers: a search under way is let
    go (its table is taken up at the next start), and a worker still starting is not waited
    for (the exit waited for both, seconds after a SIGTERM soon after a start)."""
    async with wire_server() as server:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", BUSY_WORKERS, str(tmp_path / "busbot.db"), server.token,
            server.api_base, server.gateway_url, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            await asyncio.wait_for(server.connected.wait(), 60)
            process.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(process.communicate(), 60)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    assert process.returncode == 0, err
    assert b"Traceback" not in err


@pytest.mark.long
async def test_each_shard_keeps_its_own_pace(tmp_path: Path) -> None:
    """Two shards in one process: the gateway storms one of them; the other stays connected
    and unslowed, and they identified five seconds apart (Discord's pace for IDENTIFY)."""
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db", shard_count=2)
        async with busbot_on(server, config) as running:
            await server.wait_for(lambda: len([f for f in server.frames if f["op"] == 2]) == 2)
            await server.wait_for(lambda: server.in_session)  # the second shard's session
            identified = [f["d"]["shard"] for f in server.frames if f["op"] == 2]
            assert identified == [[0, 2], [1, 2]]
            before = len(server.connections)
            server.every_connection = "close before hello"
            await server.drop_connection(4000)  # the second shard's connection
            await server.wait_for(lambda: len(server.connections) >= before + 3)
            paces = running.bot.paces
            assert paces[1].failures >= 3 and paces[0].failures == 0
            first = running.bot.get_shard(0)
            assert first is not None and not first.is_closed()
            server.every_connection = None
            server.connected.clear()
            await asyncio.wait_for(server.connected.wait(), 20)
