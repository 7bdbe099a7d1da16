"""Nothing lost while the bot or Discord was away: owed posts retried, missed messages read.

Whenever a new gateway session begins (the first one, and again after a reconnection that
could not be resumed, when Discord may have dropped events), new messages wait at the backlog's
gate (``on_shard_connect``, at READY, before any later event is handled); once the connection is
ready each open game's channel is read for the messages missed meanwhile, and the outbox is
emptied wherever Discord now accepts the posts. The sharded bot hears of each shard on its own
(``on_shard_ready``: a shard that identifies again alone never brings another ``on_ready``) and
catches up on that shard's guilds; the plain bot uses ``on_ready``. In between, a loop retries
the posts that failed, each when its pause (growing with every failure) is over.
"""

from __future__ import annotations

import logging
import time

import discord
from discord.ext import commands, tasks

from bot.discord_app.bot import BusBot
from bot.discord_app.catchup import Reader, catch_up

log = logging.getLogger(__name__)

#: How often to look for posts whose retry is due (each has its own, longer, pause).
RETRY_SECONDS = 15


class Recovery(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.backlog.behind(place for place, _, _ in await self.bot.game.open_places())
        self.retry.start()

    async def cog_unload(self) -> None:
        self.retry.cancel()

    @commands.Cog.listener()
    async def on_connect(self) -> None:
        if not isinstance(self.bot, discord.AutoShardedClient):
            self.bot.backlog.hold(None)

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        self.bot.backlog.hold(shard_id)  # READY: a new session, events may have been lost

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if not isinstance(self.bot, discord.AutoShardedClient):
            await self.recover()

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        await self.recover(shard_id)

    async def recover(self, shard_id: int | None = None) -> int:
        """Catch up on every open game (of the guilds of ``shard_id``, when given), then send
        everything still owed; a new message in a game's channel waits until that channel has
        caught up. Returns how many missed messages were handled."""
        handled = 0
        session = self.bot.backlog.session(shard_id)  # the new session this recovers
        try:
            # Extensions are loaded as modules of their own: the cog is found by its method.
            play = self.bot.get_cog("Play")
            if isinstance(play, Reader):
                handled = await catch_up(self.bot, play, shard_id, session)
            await self.bot.courier.retry_due(time.time(), self.bot.place_lock, everything=True)
        except Exception:  # never keep the table waiting on a failed catch-up
            log.exception("catching up after connecting failed")
            self.bot.up_to_date()
        finally:
            self.bot.backlog.recovering(shard_id, session)
            if shard_id is None:
                self.bot.up_to_date()
        log.info("caught up%s: %d missed message(s) handled",
                 "" if shard_id is None else f" on shard {shard_id}", handled)
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
