"""The courier's hands on Discord: posting in a place and writing to a moderator privately.

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


class DiscordSender:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def channel(self, place: str) -> discord.abc.Messageable:
        """The channel or thread of ``place``; ``Refused`` when the bot cannot reach it (or it
        is not a Discord channel at all: a game imported from the console)."""
        if not place.isdigit():
            raise Refused("it is not a Discord channel")
        channel_id = int(place)
        try:
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id)
        except discord.Forbidden as error:
            raise Refused(f"Discord does not let me see it ({error.text or error.status})") \
                from error
        except discord.NotFound as error:
            raise Refused("the channel or thread is gone") from error
        if not isinstance(channel, discord.abc.Messageable):
            raise Refused("it is not a channel one can post in")
        return channel

    async def post(self, place: str, reply: Reply, *, nonce: str | None = None) -> None:
        channel = await self.channel(place)
        view = components.view_for(reply)
        try:
            sent = await send_to_channel(channel, reply, view=view, nonce=nonce)
        except discord.Forbidden as error:
            raise Refused(f"Discord refused my post ({error.text or 'missing permissions'})") \
                from error
        except discord.NotFound as error:
            raise Refused("the channel or thread is gone") from error
        except discord.HTTPException as error:
            if error.status in (500, 502, 504):  # a gateway's error: it may have been made
                raise
            raise NotPosted(f"Discord answered {error.status}: {error.text or error}") from error
        await components.moved_on(self.client, place, reply, sent, view)  # buttons move on

    async def tell(self, user_id: str, text: str) -> None:
        # Opening the direct-message channel needs only the id (no members intent, no lookup).
        channel = await self.client.create_dm(discord.Object(int(user_id)))
        await channel.send(no_masked_links(text))  # it names a channel, which anyone may name
