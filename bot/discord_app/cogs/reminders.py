"""Reminding a player who has kept the table waiting, as a moderator would after a day or so.

The service decides who is due and remembers whom it already reminded, so a restart neither
forgets a reminder nor sends it twice; this cog only looks every few minutes and posts. It is
idle when ``reminder_hours`` is 0.
"""

from __future__ import annotations

import logging
import time

import discord
from discord.ext import commands, tasks

from bot.api import Reminder, Reply
from bot.discord_app.bot import BusBot
from bot.discord_app.outgoing import send_to_channel

log = logging.getLogger(__name__)

#: How often to look; reminders are counted in hours, so a few minutes late does not matter.
CHECK_MINUTES = 10


class Reminders(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        self.hours = bot.config.reminder_hours

    async def cog_load(self) -> None:
        if self.hours > 0:
            self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @tasks.loop(minutes=CHECK_MINUTES)
    async def check(self) -> None:
        try:
            await self.send_due(time.time())
        except Exception:
            # An exception would end the loop for good; the next round may well succeed.
            log.exception("checking for due reminders failed")

    @check.before_loop
    async def before_check(self) -> None:
        await self.bot.wait_until_ready()

    async def send_due(self, now: float) -> int:
        """Post every reminder due at ``now``; returns how many were posted."""
        posted = 0
        for reminder in await self.bot.game.due_reminders(now, self.hours):
            if await self.post(reminder):
                posted += 1
        return posted

    async def post(self, reminder: Reminder) -> bool:
        channel_id = int(reminder.place)
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):
                log.warning("reminder for %s: not a channel one can post in", reminder.place)
                return False
            reply = Reply(reminder.text, mentions=list(reminder.user_ids))
            await send_to_channel(channel, reply)
        except discord.HTTPException as error:
            # A deleted channel or a lost permission must not stop the other tables' reminders.
            log.warning("reminder for %s not posted: %s", reminder.place, error)
            return False
        return True


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the reminders cog needs a BusBot, which knows the game service")
    await bot.add_cog(Reminders(bot))
