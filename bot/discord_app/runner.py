"""Starting the bot for real: the service, the client, and the errors a first run can hit.

The two mistakes everyone makes once (a wrong token, the message-content intent left off) end
in a sentence saying what to fix rather than a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.config import Config
from bot.discord_app.bot import BusBot
from bot.service import AsyncGameService, GameService

log = logging.getLogger(__name__)

BAD_TOKEN = (
    "Discord refused the token. Copy it again from the Bot page of your application "
    "(https://discord.com/developers/applications) into DISCORD_TOKEN or config.toml."
)
NO_INTENT = (
    "Discord refused the message-content intent. On the Bot page of your application, turn on "
    "'Message Content Intent' under 'Privileged Gateway Intents', save, and start again."
)


def run_bot(config: Config) -> int:
    """Run until stopped; the exit status for ``busbot run``."""
    if not config.token:
        raise ValueError("run_bot needs a token; bot.run handles its absence")
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(config, config.token))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(NO_INTENT, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


async def serve(config: Config, token: str) -> None:
    """Connect and stay connected; discord.py reconnects by itself after network trouble."""
    service = GameService(
        config.db_path, moderator_role=config.moderator_role, picture_dir=config.picture_dir,
        announce=True,
    )
    game = AsyncGameService(service, render_workers=config.render_workers)
    try:
        async with BusBot(config, game) as bot:
            await bot.start(token)
    finally:
        # Let queued database work finish and close the database on its own thread.
        await game.aclose()
