"""Catching up after the bot was away: the moves posted meanwhile are applied, in order.

The gateway does not replay what was posted while the bot was down (or while a connection that
could not be resumed was lost). So at every start, each open game's channel is read from the
newest message the bot handled there (or, for a game never played by message, from its
creation), and whatever a person addressed to the bot is handled as if it had just arrived: the
same reading of ``!bus`` and of plain moves, the service's own check that a message id is
applied at most once. The table then gets one summary instead of a burst of replies, with the
picture of where things stand and a ping for whoever is to act.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
from typing import Protocol, runtime_checkable

import discord

from bot.api import Attachment, Refusal, Reply
from bot.delivery import Refused
from bot.discord_app.bot import BusBot
from bot.discord_app.incoming import AttachmentTooLarge, read_attachments

log = logging.getLogger(__name__)

#: At most this many messages are read per channel (ten requests); a longer absence is rare,
#: and the summary says when messages were left unread.
HISTORY_LIMIT = 1000
#: A reply is summed up in its first line, cut to this length.
LINE_CHARS = 160


@runtime_checkable
class Reader(Protocol):
    """How a message is read and handled: the ``Play`` cog's own ways, for history too."""

    async def command_text(self, message: discord.Message) -> tuple[str, bool] | None: ...

    async def take_up(self, message: discord.Message, text: str, attachments: list[Attachment],
                      *, chat: bool, live: bool = ...) -> Reply | None: ...


async def catch_up(bot: BusBot, reader: Reader, shard_id: int | None = None) -> int:
    """Handle what was missed in every open game's channel (those of the guilds of ``shard_id``
    only, when given); returns how many messages."""
    handled = 0
    for place, seen, created in await bot.game.open_places():
        try:
            handled += await _catch_up_place(bot, reader, place, seen, created, shard_id)
        except (Refused, discord.HTTPException, OSError) as error:  # one place must not stop
            # the rest
            log.warning("catching up in %s failed: %s", place, error)
            bot.up_to_date(place)
    return handled


async def _catch_up_place(bot: BusBot, reader: Reader, place: str, seen: int | None,
                          created: float, shard_id: int | None) -> int:
    channel = await bot.sender.channel(place)
    guild = getattr(channel, "guild", None)
    if shard_id is not None and isinstance(guild, discord.Guild) and guild.shard_id != shard_id:
        return 0  # another shard's guild: that shard catches up on it
    try:
        return await _read_missed(bot, reader, channel, place, seen, created)
    finally:
        bot.up_to_date(place)


async def _read_missed(bot: BusBot, reader: Reader, channel: discord.abc.Messageable,
                       place: str, seen: int | None, created: float) -> int:
    after = discord.Object(seen) if seen is not None else discord.Object(
        discord.utils.time_snowflake(datetime.datetime.fromtimestamp(created, datetime.UTC)))
    lines: list[str] = []
    announced: list[int] = []
    last_picture: Reply | None = None
    read = 0
    newest: int | None = None
    async with bot.place_lock(place):
        async for message in channel.history(after=after, limit=HISTORY_LIMIT,
                                             oldest_first=True):
            read += 1
            newest = message.id
            if message.author.bot or not message.content.strip():
                continue
            read_as = await reader.command_text(message)
            if read_as is None:
                continue
            text, chat = read_as
            reply = await _handle(reader, message, text, chat)
            if reply is None or reply.duplicate:  # chat after all, or handled already
                continue
            lines.append(_line(message, text, reply))
            if reply.announcement is not None:
                announced.append(reply.announcement)
            if reply.changed:  # the table as the last change left it (if it could be drawn)
                last_picture = reply if reply.picture is not None else None
        if newest is not None:  # the next start reads on from here, chat included
            await bot.game.see(place, str(newest))
        if not lines:
            return 0
        count = len(lines)
        if read >= HISTORY_LIMIT:
            lines.append(f"(That is as far as I read: the first {HISTORY_LIMIT} messages since "
                         f"my last visit. The rest are read at my next start.)")
        waiting = await bot.game.waiting_user(place)
        summary = Reply(
            f"While I was away, {count} message{'s' if count != 1 else ''} here "
            f"{'were' if count != 1 else 'was'} for me. I have now handled them in "
            f"order:\n" + "\n".join(lines),
            mentions=[waiting] if waiting and announced else [])
        if last_picture is not None:
            summary.picture, summary.picture_name = last_picture.picture, last_picture.picture_name
        # What the place was owed from before goes first; if it still cannot go, neither can
        # the summary, and the outbox keeps every change to post one by one later.
        if not await bot.courier.flush(place, before=min(announced) if announced else None):
            return count
        try:
            await bot.sender.post(place, summary)
        except Exception as error:  # the outbox still holds every change: retried one by one
            log.warning("the catch-up summary for %s was not posted: %s", place, error)
            return count
        if announced:
            await bot.game.mark_sent(announced)
    return count


async def _handle(reader: Reader, message: discord.Message, text: str,
                  chat: bool) -> Reply | None:
    if message.guild is not None and not isinstance(message.author, discord.Member):
        # History carries no roles; a moderator's role counts only with the member fetched.
        with contextlib.suppress(discord.HTTPException):
            message.author = await message.guild.fetch_member(message.author.id)
    try:
        attachments = await read_attachments(message.attachments)
    except AttachmentTooLarge as refusal:
        return Refusal(str(refusal))
    return await reader.take_up(message, text, attachments, chat=chat, live=False)


def _line(message: discord.Message, text: str, reply: Reply) -> str:
    said = text if len(text) <= 60 else text[:59] + "…"
    first = reply.text.strip().split("\n", 1)[0]
    if len(first) > LINE_CHARS:
        first = first[:LINE_CHARS - 1] + "…"
    outcome = first if reply.ok else f"refused: {first}"
    return f"• {message.author.display_name}: `{said}`: {outcome}"
