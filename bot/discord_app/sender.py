"""The courier's hands on Discord: posting in a place and writing to a member privately.

Discord's answers are sorted the way the outbox needs them: a place that refuses the bot
(``Forbidden``: a missing permission; ``NotFound``: a deleted channel or thread) is ``Refused``,
so its moderator hears of it; another clear answer (a server that is busy) is ``NotPosted``;
anything else (the network, a lost answer) is a passing failure after which the post may have
been made, so the courier tries the very same post again (its nonce lets Discord drop a repeat).
"""

from __future__ import annotations

import discord

from bot.api import Reply
from bot.delivery import NotPosted, Refused
from bot.discord_app import components
from bot.discord_app.outgoing import no_masked_links, send_to_channel
from engine.text import Msg

# Why a place will not take the bot's posts: the reason in the one private message its game's
# moderator gets (``bot.delivery.CANNOT_POST``), with Discord's own words where it gave some.
NOT_DISCORD = Msg("discord.sender.not_discord", "it is not a Discord channel")
CANNOT_SEE = Msg("discord.sender.cannot_see", "Discord does not let me see it ({why})")
GONE = Msg("discord.sender.gone", "the channel or thread is gone")
NOT_POSTABLE = Msg("discord.sender.not_postable", "it is not a channel one can post in")
POST_REFUSED = Msg("discord.sender.post_refused", "Discord refused my post ({why})")
MISSING_PERMISSIONS = Msg("discord.sender.missing_permissions", "missing permissions")
#: a clear "not now" (a busy server): noted in the outbox, the post tried again later
ANSWERED = Msg("discord.sender.answered", "Discord answered {status}: {why}")
#: a reminder's old post to take down is not a channel's message
NOT_A_MESSAGE = Msg("discord.sender.not_a_message", "it is not a message of a channel")
#: a member's closed direct messages (their ping goes to the channel instead)
DM_REFUSED = Msg("discord.sender.dm_refused", "Discord refused the direct message ({why})")


class DiscordSender:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def channel(self, place: str) -> discord.abc.Messageable:
        """The channel or thread of ``place``; ``Refused`` when the bot cannot reach it (or it
        is not a Discord channel at all: a game imported from the console)."""
        if not place.isdigit():
            raise Refused(NOT_DISCORD())
        channel_id = int(place)
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id)
        except discord.Forbidden as error:
            raise Refused(CANNOT_SEE(why=error.text or error.status)) from error
        except discord.NotFound as error:
            raise Refused(GONE()) from error
        if not isinstance(channel, discord.abc.Messageable):
            raise Refused(NOT_POSTABLE())
        return channel

    async def post(self, place: str, reply: Reply, *, nonce: str | None = None) -> str | None:
        channel = await self.channel(place)
        view = components.view_for(reply)
        try:
            sent = await send_to_channel(channel, reply, view=view, nonce=nonce)
        except discord.Forbidden as error:
            raise Refused(POST_REFUSED(why=error.text or MISSING_PERMISSIONS())) from error
        except discord.NotFound as error:
            raise Refused(GONE()) from error
        except discord.HTTPException as error:
            if error.status in (500, 502, 504):  # a gateway's error: it may have been made
                raise
            raise NotPosted(ANSWERED(status=error.status, why=error.text or str(error))) \
                from error
        await components.moved_on(self.client, place, reply, sent, view)  # buttons move on
        return sent[-1].jump_url if sent else None

    async def take_down(self, place: str, link: str) -> None:
        """Delete the bot's message at ``link`` (a jump link this sender gave: its last part is
        the message's id)."""
        channel = await self.channel(place)
        message_id = link.rsplit("/", 1)[-1]
        if not message_id.isdigit() or not isinstance(channel, discord.abc.GuildChannel
                                                      | discord.Thread):
            raise Refused(NOT_A_MESSAGE())
        await channel.get_partial_message(int(message_id)).delete()

    async def tell(self, user_id: str, text: str, *, nonce: str | None = None) -> str | None:
        # Opening the direct-message channel needs only the id (no members intent, no lookup).
        channel = await self.client.create_dm(discord.Object(int(user_id)))
        try:
            # it names a channel, which anyone may; the nonce lets Discord drop a repeat
            text = no_masked_links(text)
            sent = await (channel.send(text) if nonce is None else channel.send(text, nonce=nonce))
        except discord.Forbidden as error:  # closed direct messages (50007)
            raise Refused(DM_REFUSED(why=error.text or error.status)) from error
        return sent.jump_url

    async def take_down_direct(self, link: str) -> None:
        """Delete the bot's direct message at ``link`` (a jump link ``tell`` gave: its last two
        parts are the channel's id and the message's)."""
        channel_id, message_id = link.rsplit("/", 2)[-2:]
        if not channel_id.isdigit() or not message_id.isdigit():
            raise Refused(NOT_A_MESSAGE())
        channel = self.client.get_partial_messageable(int(channel_id),
                                                      type=discord.ChannelType.private)
        await channel.get_partial_message(int(message_id)).delete()
