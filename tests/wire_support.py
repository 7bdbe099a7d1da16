"""busbot started exactly as ``busbot run`` starts it, against the loopback Discord of
``tests.wire_server``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.discord_app.bot import ShardedBusBot
from bot.discord_app.endpoints import discord_at
from bot.discord_app.runner import connect, running_bot, stop_bot
from tests.wire_server import WireServer, a_moment

MODERATOR_ROLE = "Bus moderator"
#: discord.py waits this long after the last GUILD_CREATE for more before the shard is ready
#: (2 s by default, for Discord's servers with many guilds arriving one by one). The loopback
#: server sends its one guild right behind READY, so the wire tests wait a moment only: every
#: start of busbot in them is otherwise two seconds of nothing.
GUILD_READY_SECONDS = 0.2


class Lines(logging.Handler):
    """Every log record of busbot and discord.py while the bot runs."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def messages(self, name_prefix: str = "") -> list[str]:
        return [self.format(r) for r in self.records if r.name.startswith(name_prefix)]


#: discord.py's names for the tasks that handle an event, a press or a command (its loops,
#: "discord-ext-tasks: ...", only sleep between their rounds and are not waited for).
HANDLING = ("discord.py:", "discord-ui-", "CommandTree-invoker")


@dataclass
class Running:
    server: WireServer
    bot: ShardedBusBot
    config: Config
    logs: Lines

    async def idle(self, timeout: float = 20.0) -> None:
        """Wait until busbot handles nothing: every event it has read (a message, a press, a
        command, a new session's catch-up) is dealt with, its answers posted. What a test then
        finds on the server is all the bot will do about it."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(task.get_name().startswith(HANDLING) and not task.done()
                  for task in asyncio.all_tasks()):
            assert asyncio.get_running_loop().time() < deadline, "busbot did not settle"
            await asyncio.sleep(0.01)


def wire_config(server: WireServer, db_path: Path, **settings: Any) -> Config:
    config = Config(db_path=str(db_path), token=server.token, api_base=server.api_base,
                    gateway_url=server.gateway_url, moderator_role=MODERATOR_ROLE)
    return replace(config, **settings)


@contextlib.asynccontextmanager
async def wire_server(**options: Any) -> AsyncIterator[WireServer]:
    server = WireServer(**options)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def busbot_on(server: WireServer, config: Config) -> AsyncIterator[Running]:
    """Run busbot (``runner.running_bot`` + ``runner.connect``, as ``busbot run`` does) until
    the block ends; the block starts once the bot is ready."""
    logs = Lines()
    logs.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    watched = [logging.getLogger(name) for name in ("bot", "discord")]
    levels = [logger.level for logger in watched]
    for logger in watched:
        logger.addHandler(logs)
        logger.setLevel(logging.DEBUG)
    server.identified.clear()
    try:
        with discord_at(config.api_base, config.gateway_url):
            async with running_bot(config, guild_ready_timeout=GUILD_READY_SECONDS) as bot:
                assert config.token is not None
                task = asyncio.create_task(connect(bot, config, config.token))
                try:
                    # Identified is enough: frames arrive in order, so the guild is known before
                    # any event a test sends (discord.py's "ready" waits 2 s for more guilds).
                    ready = asyncio.create_task(server.identified.wait())
                    await asyncio.wait([ready, task], timeout=20,
                                       return_when=asyncio.FIRST_COMPLETED)
                    if task.done():
                        ready.cancel()
                        task.result()  # the start failed: raise its error here
                    assert ready.done(), "the bot did not become ready"
                    running = Running(server, bot, config, logs)
                    server.settled = running.idle
                    yield running
                finally:
                    server.settled = a_moment  # no bot here any more
                    await stop_bot(bot, task)
                    if not task.cancelled():
                        task.result()  # a connection that ended in an error raises it here
    finally:
        for logger, level in zip(watched, levels, strict=True):
            logger.removeHandler(logs)
            logger.setLevel(level)
