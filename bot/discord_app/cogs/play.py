"""Playing by message, as in the forum: plain moves in a game's channel, and the ``!bus`` command.

Both read the same way: the text goes to the service untouched, the answer comes back as one
post. Plain text is only taken up when the service recognises it as meant for the bot in a
place that has a game (a command; moves from the player to act; moves written as the log writes
them from anyone), so ordinary chat in the channel is left alone. The prefix reaches everything,
lobby and moderator commands included, and works in any channel.
"""

from __future__ import annotations

import logging
import time

import discord
from discord.ext import commands

from bot.api import Attachment, Refusal, Reply
from bot.discord_app import components
from bot.discord_app.bot import BusBot, one_line, slow_down
from bot.discord_app.guards import Refused, checked
from bot.discord_app.incoming import AttachmentTooLarge, actor_for, place_of, read_attachments
from bot.discord_app.outgoing import send_to_channel
from bot.service.chat import could_be_for_the_bot
from bot.service.commands import Command
from engine.limits import MAX_MESSAGE_CHARS

log = logging.getLogger(__name__)


class Play(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        # The command is named after the configured prefix's word ("bus" for "!bus").
        self.text_command.name = bot.command_word

    @commands.command(name="bus")
    @commands.guild_only()
    async def text_command(self, context: commands.Context[BusBot], *, text: str = "help") -> None:
        """Everything after the prefix, passed to the game service as it is."""
        message = context.message
        if not await self.allowed(message):
            return
        try:
            attachments = await read_attachments(message.attachments)
        except AttachmentTooLarge as refusal:
            await self.post(message, Refusal(str(refusal)), answering=message)
            return
        await self.play(message, text, attachments)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content.strip():
            return
        context = await self.bot.get_context(message)
        if context.valid:
            return  # a prefix command: ``text_command`` answers it
        if len(message.content) > MAX_MESSAGE_CHARS:
            return  # chat longer than any command; the prefix gets the refusal
        if could_be_for_the_bot(message.content):
            await self.play(message, message.content, [], chat=True)  # else table talk

    async def allowed(self, message: discord.Message) -> bool:
        """Whether the author is within the command rate; if not, they are told once when to
        try again (the answer goes to their message, as a refusal does)."""
        limited = self.bot.too_fast(place_of(message.channel.id), message.author.id)
        if limited is None:
            return True
        retry, tell = limited
        if tell:
            await self.post(message, Refusal(slow_down(retry)), answering=message)
        return False

    async def command_text(self, message: discord.Message) -> tuple[str, bool] | None:
        """What a message read from history asks of the service and whether it is chat (no
        prefix), or None when it is table talk: the reading ``text_command`` and
        ``on_message`` give a message as it arrives."""
        context = await self.bot.get_context(message)
        if context.valid:
            if context.command is not self.text_command:
                return None
            return context.view.read_rest().strip() or "help", False
        content = message.content
        if len(content) > MAX_MESSAGE_CHARS:
            return None
        if could_be_for_the_bot(content):
            return content, True
        return None

    async def play(
        self, message: discord.Message, text: str, attachments: list[Attachment], *,
        chat: bool = False,
    ) -> None:
        """Apply one player's message and post the answer, in order with the place's others.

        A ``chat`` message (no prefix) is taken up only when the service finds it meant for the
        bot; the game it finds then is the one the command runs on, looked up once, as nothing
        else runs in the place meanwhile."""
        place = place_of(message.channel.id)
        await self.bot.caught_up(place)  # moves missed while the bot was away come first
        async with self.bot.place_lock(place):
            reply = await self.take_up(message, text, attachments, chat=chat)
            if reply is None or reply.duplicate:  # chat, or answered the first time
                return
            # A refusal, or anything meant for the author alone, answers their message; there
            # is no private answer to a message in a channel.
            private = not reply.ok or reply.ephemeral or reply.preview is not None
            if private or reply.announcement is None:
                view = components.view_for(reply)
                sent = await self.post(message, reply, answering=message if private else None,
                                       view=view)
                await components.moved_on(self.bot, place, reply, sent, view)
            else:  # a change: kept in the outbox until Discord took the post
                await self.bot.courier.deliver(place, reply)

    async def take_up(
        self, message: discord.Message, text: str, attachments: list[Attachment], *,
        chat: bool, live: bool = True,
    ) -> Reply | None:
        """The service's answer to ``message`` (the caller holds the place's lock), after the
        checks Discord needs first; None when it is chat, comes too fast (``live`` messages
        only: one read from history was not written at this pace) or was seen already. The
        caller posts the answer (or, catching up, sums it up)."""
        place = place_of(message.channel.id)
        actor = actor_for(message.author)
        addressed = None
        if chat:
            addressed = await self.bot.game.read_chat(place, text, actor.user_id)
            if addressed is None or (live and not await self.allowed(message)):
                return None
        if not self.bot.first_delivery(message.id):
            return None
        started = time.perf_counter()
        text = text.strip()
        channel = message.channel
        guild = message.guild
        command: str | Command = text
        try:
            if guild is not None and isinstance(channel, discord.abc.GuildChannel
                                                | discord.Thread):
                command = await checked(
                    guild, text, channel.permissions_for(guild.me),
                    in_thread=isinstance(channel, discord.Thread))
        except Refused as refused:
            self.bot.log_handled(place, actor, text, None, started)
            return Refusal(str(refused))
        reply = await self.bot.game.handle(place, actor, command, message_id=str(message.id),
                                           attachments=attachments, addressed=addressed,
                                           draw=live)  # catching up draws only the last
        self.bot.log_handled(place, actor, text, reply, started)
        return reply

    async def post(
        self, message: discord.Message, reply: Reply, *, answering: discord.Message | None,
        view: discord.ui.View | None = None,
    ) -> list[discord.Message]:
        try:
            return await send_to_channel(message.channel, reply, answering=answering, view=view)
        except discord.HTTPException as error:
            log.warning("answer in %s not posted: %s", message.channel.id, one_line(error))
            return []


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the play cog needs a BusBot, which knows the game service")
    await bot.add_cog(Play(bot))
