"""``busbot run`` as a service manager runs it: a real process, its exit status and its lines."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.discord_app.logs import OneLineReconnects
from bot.runlock import DatabaseInUse, hold_database
from tests.wire_support import wire_server

ROOT = Path(__file__).resolve().parent.parent


def environment(api_base: str, gateway_url: str = "ws://127.0.0.1:9/gateway") -> dict[str, str]:
    env = dict(os.environ)
    env.update(DISCORD_TOKEN="wire-test-token", DISCORD_API_BASE=api_base,
               DISCORD_GATEWAY_URL=gateway_url, BUSBOT_PROG="busbot")
    return env


async def busbot(*args: str, env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", *args, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def finished(process: asyncio.subprocess.Process) -> tuple[int, str]:
    _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, err.decode()


def config_file(tmp_path: Path, **settings: str) -> Path:
    path = tmp_path / "config.toml"
    settings.setdefault("db_path", str(tmp_path / "busbot.db"))
    lines = [f'{key} = "{value}"' for key, value in settings.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def one_sentence(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip() and " INFO " not in line]
    assert "Traceback" not in stderr, stderr
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.mark.parametrize("problem", ["no server", "not discord", "no database",
                                     "broken config"])
async def test_a_start_that_cannot_succeed_is_one_sentence(tmp_path: Path, problem: str) -> None:
    async with wire_server() as server:
        env = environment(server.api_base, server.gateway_url)
        config = config_file(tmp_path)
        if problem == "no server":
            env["DISCORD_API_BASE"] = "http://127.0.0.1:9/api/v10"  # nothing listens there
        elif problem == "not discord":
            env["DISCORD_API_BASE"] = f"http://127.0.0.1:{server.port}/somewhere/else"
        elif problem == "no database":
            config = config_file(tmp_path, db_path=str(tmp_path))  # a folder, not a file
        else:
            config.write_bytes(b"\xff\xfe not text")
        status, err = await finished(await busbot("run", "--config", str(config), env=env))
    sentence = one_sentence(err)
    assert status in (1, 2)
    expected = {
        "no server": "cannot reach Discord at http://127.0.0.1:9/api/v10",
        "not discord": "did not answer like Discord's API (404 Not Found); check api_base",
        "no database": f"cannot open the database {tmp_path}",
        "broken config": "not a text file",
    }[problem]
    assert expected in sentence, sentence


@pytest.mark.long
async def test_sigterm_stops_cleanly_and_a_second_bot_is_refused(tmp_path: Path) -> None:
    log_file = tmp_path / "busbot.log"
    config = config_file(tmp_path, log_file=str(log_file))
    async with wire_server() as server:
        env = environment(server.api_base, server.gateway_url)
        first = await busbot("run", "--config", str(config), env=env)
        try:
            await asyncio.wait_for(server.identified.wait(), 60)
            status, err = await finished(await busbot("run", "--config", str(config), env=env))
            assert status == 1
            assert f"another busbot (process {first.pid}) is already running" in \
                one_sentence(err)
            first.send_signal(signal.SIGTERM)
            status, err = await finished(first)
        finally:
            if first.returncode is None:
                first.kill()
                await first.wait()
    assert status == 0, err
    assert "Traceback" not in err and "voice will NOT be supported" not in err
    written = log_file.read_text(encoding="utf-8")
    assert "logged in as busbot" in written and written.rstrip().endswith("stopped")
    assert server.token not in written and server.token not in err
    # The database is free again.
    with hold_database(str(tmp_path / "busbot.db")):
        pass


def test_one_bot_per_database(tmp_path: Path) -> None:
    db = str(tmp_path / "busbot.db")
    with hold_database(db), pytest.raises(DatabaseInUse, match="already running on"):
        hold_database(db)
    with hold_database(db):  # released when the first let go
        pass


def test_a_reconnect_is_logged_in_one_line() -> None:
    try:
        raise ConnectionResetError(104, "Connection reset by peer")
    except ConnectionResetError:
        record = logging.LogRecord("discord.shard", logging.ERROR, __file__, 1,
                                   "Attempting a reconnect for shard ID %s in %.2fs", (0, 1.5),
                                   sys.exc_info())
    assert OneLineReconnects().filter(record)
    line = logging.Formatter("%(message)s").format(record)
    assert line == ("Attempting a reconnect for shard ID 0 in 1.50s "
                    "(ConnectionResetError: [Errno 104] Connection reset by peer)")
