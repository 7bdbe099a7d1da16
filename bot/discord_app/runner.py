"""Starting the bot for real, and running it like a service.

Every way a start can fail (a wrong token, the message-content intent left off, no network, an
``api_base`` that is not Discord's API, a database that cannot be opened or is in use by another
bot) ends in one sentence and an exit status, never a traceback. SIGTERM (how service managers
stop a program) and Ctrl-C both close the connection, let queued database work finish and close
the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import aiohttp
import discord

from bot.api import Reply
from bot.config import Config, live_idle_seconds
from bot.discord_app.bot import ShardedBusBot, one_line
from bot.discord_app.endpoints import discord_at
from bot.discord_app.incoming import guard_parsers
from bot.discord_app.logs import FILE_ONLY, configure_logging
from bot.runlock import DatabaseInUse, hold_database
from bot.service import AsyncGameService, GameService
from bot.service.async_face import NoGames as GamelessFace
from bot.service.bots import BotPlayers
from bot.service.store import StoreError
from bot.service.thinking import end_workers
from engine.text import Msg

log = logging.getLogger(__name__)

BAD_TOKEN = (
    "Discord refused the token. Copy it again from the Bot page of your application "
    "(https://discord.com/developers/applications) into DISCORD_TOKEN or config.toml."
)
#: Discord's codes for a token it does not accept ("Unauthorized", "Invalid authentication").
TOKEN_REFUSED = (40001, 50014)
NO_INTENT = (
    "Discord refused the message-content intent. On the Bot page of your application, turn on "
    "'Message Content Intent' under 'Privileged Gateway Intents', save, and start again."
)
SHARD_REFUSED = (
    "Discord refused the shard settings (close code 4010, invalid shard): every number in "
    "shard_ids must be below shard_count. Fix them in config.toml, or remove both to let "
    "Discord choose."
)
SHARDING_REQUIRED = (
    "Discord requires this bot to run in more shards (close code 4011, sharding required). "
    "Remove shard_count and shard_ids from config.toml to let Discord choose, or raise "
    "shard_count."
)
OLD_API = (
    "The gateway at {gateway_url} does not speak the API version busbot uses (close code 4012, "
    "invalid API version); check gateway_url."
)
BAD_INTENTS = (
    "The gateway at {gateway_url} refused the events busbot asks for as invalid (close code "
    "4013, invalid intents); check gateway_url."
)
#: The gateway's close codes that end busbot (``gateway.FATAL``), each with its one sentence.
CLOSED_FOR_GOOD: dict[int, str] = {4004: BAD_TOKEN, 4010: SHARD_REFUSED,
                                   4011: SHARDING_REQUIRED, 4012: OLD_API, 4013: BAD_INTENTS,
                                   4014: NO_INTENT}


#: How long closing may take before a connection still trying is cancelled (SIGTERM).
STOP_SECONDS = 1.5


#: the answer to every command while busbot only logs in to publish its commands
ONLY_PUBLISHING = Msg("discord.runner.only_publishing",
                      "busbot is only publishing its commands right now.")


class NoGames(GamelessFace):
    """The game backend of a bot that only logs in to publish its commands (``busbot sync``):
    the service's face over no games at all, refusing every command."""

    refusal = ONLY_PUBLISHING


class StartupError(Exception):
    """A start that cannot succeed; the message is the one sentence the operator reads."""


def run_bot(config: Config) -> int:
    """Run until stopped; the exit status for ``busbot run``."""
    if not config.token:
        raise ValueError("run_bot needs a token; the command line handles its absence")
    if not _logging_to(config):
        return 1
    try:
        asyncio.run(serve(config, config.token))
    except StartupError as error:
        print(f"busbot: {error}", file=sys.stderr)
        log.error("stopped: %s", error, extra=FILE_ONLY)  # the log file says why too
        return 1
    except KeyboardInterrupt:  # a second Ctrl-C while closing
        pass
    finally:
        end_workers()  # the process ends: its thinking workers with it, not waited for
    log.info("stopped")
    return 0


def sync_commands(config: Config, guild_id: int | None) -> int:
    """``busbot sync``: publish the slash commands now, whether or not they changed."""
    if not config.token:
        print("busbot sync: no token (set DISCORD_TOKEN or token in config.toml)",
              file=sys.stderr)
        return 2
    if not _logging_to(config):
        return 1

    async def publish() -> bool | None:
        # No game service and no lock: this may run beside the bot, which keeps the database.
        guild = guild_id if guild_id is not None else config.dev_guild
        bot = ShardedBusBot(config, NoGames(), force_sync=True, sync_guild=guild)
        guard_parsers(bot)
        async with bot:
            assert config.token is not None
            await _login(bot, config, token=config.token)
        return bot.published

    try:
        with discord_at(config.api_base, config.gateway_url):
            published = asyncio.run(publish())
    except StartupError as error:
        print(f"busbot: {error}", file=sys.stderr)
        return 1
    if published:
        print("Slash commands published.")
        return 0
    print("busbot sync: publishing failed (see the line above).", file=sys.stderr)
    return 1


def _logging_to(config: Config) -> bool:
    try:
        configure_logging(config)
    except OSError as error:
        print(f"busbot: cannot write the log file {config.log_file}: {error.strerror}",
              file=sys.stderr)
        return False
    return True


async def serve(config: Config, token: str) -> None:
    """Connect and stay connected until SIGTERM or Ctrl-C: each shard reconnects by itself
    whatever the gateway does (``bot.discord_app.gateway``); only a close code no retry can fix
    (``CLOSED_FOR_GOOD``) ends it sooner."""
    with discord_at(config.api_base, config.gateway_url):
        async with running_bot(config) as bot:
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()
            for signum in (signal.SIGTERM, signal.SIGINT):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(signum, stop.set)
            try:
                await run_until(bot, connect(bot, config, token), stop)
            finally:
                for signum in (signal.SIGTERM, signal.SIGINT):
                    with contextlib.suppress(NotImplementedError, RuntimeError):
                        loop.remove_signal_handler(signum)


async def run_until(bot: ShardedBusBot, connecting: Coroutine[Any, Any, None],
                    stop: asyncio.Event) -> None:
    """Run ``connecting`` until it ends or ``stop`` is set; then stop the bot within
    ``STOP_SECONDS``: discord.py's own retries (a gateway it cannot reach, say) do not look at
    ``close()``, so a connection still trying after the grace is cancelled."""
    task = asyncio.ensure_future(connecting)
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait([task, stopping], return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        if not task.done():
            log.info("stopping")
            await stop_bot(bot, task)
    if not task.cancelled():
        task.result()  # a start that failed raises its error here


async def stop_bot(bot: ShardedBusBot, task: asyncio.Future[None]) -> None:
    """Close ``bot`` (after what it is handling had a moment to finish) and wait for its
    connection ``task``, cancelling it after the grace."""
    await end_leftovers(grace=0.5)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(bot.close(), STOP_SECONDS)
    await asyncio.wait([task], timeout=STOP_SECONDS)
    if not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


async def connect(bot: ShardedBusBot, config: Config, token: str) -> None:
    """Log in, publish the commands if they changed, and stay connected until closed."""
    await _login(bot, config, token)
    log.info("logged in as %s; connecting to the gateway", bot.user)
    try:
        await bot.connect()
    except discord.PrivilegedIntentsRequired:
        raise StartupError(NO_INTENT) from None
    except discord.GatewayNotFound:
        raise StartupError(f"{config.api_base} did not name a gateway to connect to; check "
                           "api_base.") from None
    except discord.ConnectionClosed as closed:
        known = CLOSED_FOR_GOOD.get(closed.code)
        if known is not None:
            raise StartupError(known.format(gateway_url=config.gateway_url)) from None
        reason = f": {closed.reason}" if closed.reason else ""
        raise StartupError(f"the gateway closed the connection (code {closed.code}{reason}); "
                           "check the token and gateway_url.") from None


@contextlib.asynccontextmanager
async def running_bot(config: Config, **options: Any) -> AsyncIterator[ShardedBusBot]:
    """The database (held for this process alone), the service and the bot, closed in order.

    The wire tests start busbot through this too, so they run exactly what ``busbot run`` runs
    (``options`` are discord.py's client options: the tests shorten its wait for more guilds
    after the last one arrived, which only Discord's thousands of guilds need).
    """
    async with _service(config) as game:
        async with ShardedBusBot(config, game, **options) as bot:
            guard_parsers(bot)
            players = seat_players(game.service, bot)
            try:
                yield bot
            finally:
                await asyncio.to_thread(players.close)
        await end_leftovers(grace=0.0)


def seat_players(service: GameService, bot: ShardedBusBot) -> BotPlayers:
    """The computer's players (bot seats, ``on away bot``, ``on timeout bot``), thinking on the
    service's worker processes: each run of their moves is committed with its announcement,
    which is then posted (and its table drawn) from the event loop under the place's lock, in
    order with everything else the place is owed. Games that waited for the computer when the
    bot stopped are taken up again at once."""
    loop = asyncio.get_running_loop()

    async def post(place: str) -> None:
        async with bot.place_lock(place):
            await bot.courier.flush(place)

    def posted(place: str, reply: Reply) -> None:
        if reply.announcement is not None:
            asyncio.run_coroutine_threadsafe(post(place), loop)

    players = BotPlayers(service, on_update=posted, draw=False)
    players.resume()
    return players


async def end_leftovers(grace: float) -> None:
    """Let what the bot still runs (event handlers, its loops, button presses) finish for
    ``grace`` seconds, then cancel it and wait for that briefly: before the connection and the
    database close under it. A message whose handling is cut short is read again at the next
    start (a change it made is never lost: it is kept, and announced, from the outbox)."""
    current = asyncio.current_task()
    leftovers = [task for task in asyncio.all_tasks() if task is not current
                 and task.get_name().startswith("discord") and not task.done()]
    if not leftovers:
        return
    _, running = await asyncio.wait(leftovers, timeout=grace)
    for task in running:
        task.cancel()
    if running:
        await asyncio.wait(running, timeout=STOP_SECONDS)


@contextlib.asynccontextmanager
async def _service(config: Config) -> AsyncIterator[AsyncGameService]:
    folder = os.path.dirname(os.path.abspath(config.db_path))
    if config.db_path != ":memory:" and not os.path.isdir(folder):
        raise StartupError(f"cannot open the database {config.db_path}: the folder {folder} "
                           "does not exist (check db_path).")
    try:
        lock = hold_database(config.db_path)
    except DatabaseInUse as error:
        raise StartupError(str(error)) from None
    with lock:
        try:
            service = GameService(config.db_path, moderator_role=config.moderator_role,
                                  picture_dir=config.picture_dir, announce=True,
                                  cache_size=config.live_games,
                                  cache_idle=live_idle_seconds(config.live_idle_hours),
                                  language=config.language)
        except (sqlite3.Error, StoreError) as error:
            raise StartupError(f"cannot open the database {config.db_path}: {error}") from None
        game = AsyncGameService(service, render_workers=config.render_workers)
        try:
            yield game
        finally:
            # Let queued database work finish and close the database on its own thread.
            await game.aclose()


async def _login(bot: ShardedBusBot, config: Config, token: str) -> None:
    """Log in over REST, turning each way it can fail into one sentence."""
    try:
        await bot.login(token)
    except discord.LoginFailure:
        raise StartupError(BAD_TOKEN) from None
    except discord.HTTPException as error:
        if error.code in TOKEN_REFUSED or error.status == 401:  # 40001 can come with a 400
            raise StartupError(BAD_TOKEN) from None
        raise StartupError(
            f"{config.api_base} did not answer like Discord's API "
            f"({error.status} {error.response.reason}); check api_base."
        ) from None
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        raise StartupError(
            f"cannot reach Discord at {config.api_base}: {_reason(error)}; check the network "
            "and api_base."
        ) from None
    except (ValueError, TypeError, KeyError) as error:  # not Discord's API at all
        raise StartupError(f"{config.api_base} did not answer like Discord's API ({error}); "
                           "check api_base.") from None


def _reason(error: BaseException) -> str:
    cause = getattr(error, "os_error", None) or error
    text = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
    return " ".join(str(text).split())


__all__ = ["BAD_TOKEN", "CLOSED_FOR_GOOD", "NO_INTENT", "StartupError", "one_line", "run_bot",
           "serve", "sync_commands"]
