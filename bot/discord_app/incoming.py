"""What the service needs from a Discord event: who speaks, where, and any files they sent;
and a guard so that an event busbot cannot read is skipped rather than fatal."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.api import Actor, Attachment
from engine.limits import MAX_IMPORT_BYTES
from engine.text import Msg, Text

log = logging.getLogger(__name__)

#: Imports are game logs; a file over the import limit is not even downloaded.
MAX_ATTACHMENT_BYTES = MAX_IMPORT_BYTES


def actor_for(user: discord.Member | discord.User,
              locale: discord.Locale | None = None) -> Actor:
    """The service's view of a Discord user.

    Server managers count as moderators everywhere on their server; everyone else is judged by
    role names, which the service compares with the configured moderator role. Role names rather
    than ids keep ``config.toml`` readable and the service free of Discord. ``locale``: the
    language of the member's app, which an interaction (a slash command, a press) carries and a
    message does not: what they alone read is written in it where they chose no language.
    """
    language = locale.value if locale is not None else None
    if not isinstance(user, discord.Member):
        return Actor(user_id=str(user.id), name=user.display_name, locale=language)
    permissions = user.guild_permissions
    return Actor(
        user_id=str(user.id),
        name=user.display_name,
        is_manager=permissions.manage_guild or permissions.administrator,
        roles=tuple(role.name for role in user.roles if not role.is_default()),
        server=str(user.guild.id),
        locale=language,
    )


def place_of(channel_id: int) -> str:
    """The game's place: the channel, or the thread for threads and forum posts.

    A thread has its own id, distinct from its parent channel's, so every thread and every forum
    post is a table of its own, while the parent channel can hold another game.
    """
    return str(channel_id)


TOO_LARGE = Msg("discord.file_too_large", "{name} is {size} kB; files up to {limit} kB are read "
                "(the import limit).")


class AttachmentTooLarge(Exception):
    """A file over ``MAX_ATTACHMENT_BYTES``; ``said`` is meant for the player."""

    def __init__(self, said: Text) -> None:
        super().__init__(str(said))
        self.said = said


async def read_attachments(files: list[discord.Attachment]) -> list[Attachment]:
    """Download what the player attached (only the first file: an import reads one), refusing
    an oversized file before fetching it."""
    for file in files[:1]:
        if file.size > MAX_ATTACHMENT_BYTES:
            raise AttachmentTooLarge(TOO_LARGE(name=file.filename, size=file.size // 1000,
                                               limit=MAX_ATTACHMENT_BYTES // 1000))
    return [Attachment(file.filename, await file.read()) for file in files[:1]]


def guard_parsers(client: discord.Client) -> None:
    """Make every gateway event that cannot be read (a missing field, a list of objects where
    ids belong) one log line and skip it: discord.py would let the error end the connection
    and the process. Called before connecting (the gateway reads this same table).

    A message whose text is not text is skipped here too: discord.py would make it a message
    all the same, and each of the bot's two message listeners (the prefix command and the
    channel's plain moves) would fail on it, logging the same error twice."""
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
    for event, parse in list(parsers.items()):
        parsers[event] = _guarded(event, parse)


#: The events that carry a message's text, which every message listener reads.
_MESSAGES = ("MESSAGE_CREATE", "MESSAGE_UPDATE")


def _guarded(event: str, parse: Callable[[Any], None]) -> Callable[[Any], None]:
    def parse_or_skip(data: Any) -> None:
        try:
            if event in _MESSAGES and isinstance(data, dict) and "content" in data \
                    and not isinstance(data["content"], str):
                raise TypeError(f"its content is a {type(data['content']).__name__}, not text")
            parse(data)
        except Exception as error:
            log.warning("skipped a %s event that could not be read: %s: %s", event,
                        type(error).__name__, " ".join(str(error).split())[:200])

    return parse_or_skip
