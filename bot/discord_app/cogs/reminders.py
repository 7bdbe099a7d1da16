"""The scheduler loop on Discord: each game's deadline (its reminders, its passing and the
timeout policy), the members' daily digests (direct messages), and the bot-wide
``reminder_hours`` reminder.

The service decides what is due (``GameService.run_due``: one indexed query, whatever the number
of games) and commits each game's work with its announcement in the outbox, so a restart neither
forgets a reminder nor sends it twice; this cog looks every minute, draws and posts through the
courier (which marks the post sent, or keeps it owed). The console table runs the same
``run_due``. The bot-wide reminder is off when ``reminder_hours`` is 0.
"""

from __future__ import annotations

import logging
import time

from discord.ext import commands, tasks

from bot.api import Reminder, Reply
from bot.delivery import Refused
from bot.discord_app.bot import BusBot

log = logging.getLogger(__name__)

#: How often to look; deadlines are counted in hours, so a minute late does not matter.
CHECK_SECONDS = 60


class Reminders(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        self.hours = bot.config.reminder_hours

    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @tasks.loop(seconds=CHECK_SECONDS)
    async def check(self) -> None:
        try:
            await self.run_due(time.time())
            await self.send_digests(time.time())
            if self.hours > 0:
                await self.send_due(time.time())
        except Exception:
            # An exception would end the loop for good; the next round may well succeed.
            log.exception("checking for due reminders failed")

    async def run_due(self, now: float) -> int:
        """Do and post what the games' deadlines owe at ``now``; returns how many posts."""
        posted = 0
        for place, reply in await self.bot.game.run_due(now):
            async with self.bot.place_lock(place):
                if await self.bot.courier.deliver(place, reply):
                    posted += 1
        return posted

    async def send_digests(self, now: float) -> int:
        """Send each daily digest due at ``now`` by direct message; returns how many went. One
        that fails is given again later that day (a bounded number of times: the service keeps
        the count); one Discord refuses outright (closed direct messages) is let go."""
        sent = 0
        for user, text in await self.bot.game.digests(now):
            try:
                await self.bot.courier.sender.tell(user, text)
            except Refused as error:  # closed direct messages: trying again will not help
                log.info("the digest of %s was refused: %s", user, error)
            except Exception as error:  # the network, a busy Discord: tried again later
                log.info("the digest of %s was not sent (tried again later): %s: %s", user,
                         type(error).__name__, error)
                continue
            else:
                sent += 1
            await self.bot.game.digest_sent(user, now)
        return sent

    @check.before_loop
    async def before_check(self) -> None:
        await self.bot.wait_until_ready()

    async def send_due(self, now: float) -> int:
        """Post every bot-wide reminder due at ``now``; returns how many were posted."""
        posted = 0
        for reminder in await self.bot.game.due_reminders(now, self.hours):
            if await self.post(reminder):
                posted += 1
        return posted

    async def post(self, reminder: Reminder) -> bool:
        """Post ``reminder`` in its place, pinging its member where they chose (``notify``)."""
        reply = Reply(reminder.text, mentions=list(reminder.user_ids))
        try:
            async with self.bot.place_lock(reminder.place):
                await self.bot.courier.remind(reminder.place, reply)
        except Exception as error:
            # A deleted channel or a lost permission must not stop the other tables' reminders.
            log.warning("reminder for %s not posted: %s: %s", reminder.place,
                        type(error).__name__, error)
            return False
        return True


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the reminders cog needs a BusBot, which knows the game service")
    await bot.add_cog(Reminders(bot))
