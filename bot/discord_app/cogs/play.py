"""Playing by message, as in the forum: plain moves in a game's channel, and the ``!bus`` command.

Both read the same way: the text goes to the service untouched (through the one dispatcher,
``bot.discord_app.dispatch``), the answer comes back as one post. Plain text is only taken up
when the service recognises it as meant for the bot in a place that has a game (a command;
moves from the player to act; moves written as the log writes them from anyone), so ordinary
chat in the channel is left alone. The prefix reaches everything, lobby and moderator commands
included, and works in any channel."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.api import Attachment, Reply
from bot.discord_app.bot import BusBot
from bot.discord_app.dispatch import Dispatcher
from bot.service.router.chat import for_the_bot


class Play(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        self.dispatcher = Dispatcher(bot)
        # The command is named after the configured prefix's word ("bus" for "!bus").
        self.text_command.name = bot.command_word

    @commands.command(name="bus")
    @commands.guild_only()
    async def text_command(self, context: commands.Context[BusBot], *, text: str = "help") -> None:
        """Everything after the prefix, passed to the game service as it is."""
        await self.dispatcher.message(context.message, text, chat=False)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content.strip():
            return
        context = await self.bot.get_context(message)
        if context.valid:
            return  # a prefix command: ``text_command`` answers it
        if for_the_bot(message.content):  # else table talk (or longer than any command)
            await self.dispatcher.message(message, message.content, chat=True)

    # Catching up reads the history through this cog (``catchup.Reader``): the dispatcher's
    # reading of a message, as when it arrives.

    async def command_text(self, message: discord.Message) -> tuple[str, bool] | None:
        return await self.dispatcher.command_text(message)

    async def take_up(self, message: discord.Message, text: str, attachments: list[Attachment],
                      *, chat: bool, live: bool = True) -> Reply | None:
        return await self.dispatcher.take_up(message, text, attachments, chat=chat, live=live)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the play cog needs a BusBot, which knows the game service")
    await bot.add_cog(Play(bot))
