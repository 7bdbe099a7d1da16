"""Nothing lost while the bot or Discord was away: owed posts retried, missed messages read.

At every ``on_ready`` (the first connection, and again after a reconnection that could not be
resumed, when Discord may have dropped events) the outbox is emptied wherever Discord now
accepts the posts, and each open game's channel is read for the messages missed meanwhile. In
between, a loop retries the posts that failed, each when its pause (growing with every failure)
is over.
"""

from __future__ import annotations

import asyncio
import logging
import time

from discord.ext import commands, tasks

from bot.discord_app.bot import BusBot
from bot.discord_app.catchup import Reader, catch_up

log = logging.getLogger(__name__)

#: How often to look for posts whose retry is due (each has its own, longer, pause).
RETRY_SECONDS = 15


class Recovery(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        self._recovering = asyncio.Lock()

    async def cog_load(self) -> None:
        self.retry.start()

    async def cog_unload(self) -> None:
        self.retry.cancel()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.recover()

    async def recover(self) -> int:
        """Send everything owed, then catch up on every open game; new messages wait until it is
        done. Returns how many missed messages were handled."""
        handled = 0
        async with self._recovering:
            try:
                await self.bot.courier.retry_due(time.time(), self.bot.place_lock,
                                                 everything=True)
                # Extensions are loaded as modules of their own: the cog is found by its method.
                play = self.bot.get_cog("Play")
                if isinstance(play, Reader):
                    handled = await catch_up(self.bot, play)
            except Exception:  # never keep the table waiting on a failed catch-up
                log.exception("catching up after connecting failed")
            finally:
                self.bot.caught_up.set()
        if handled:
            log.info("caught up: %d missed message(s) handled", handled)
        return handled

    @tasks.loop(seconds=RETRY_SECONDS)
    async def retry(self) -> None:
        try:
            await self.bot.courier.retry_due(time.time(), self.bot.place_lock)
        except Exception:  # an exception would end the loop for good
            log.exception("retrying unsent posts failed")

    @retry.before_loop
    async def before_retry(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the recovery cog needs a BusBot, which knows the game service")
    await bot.add_cog(Recovery(bot))
