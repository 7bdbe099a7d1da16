"""Turning one service ``Reply`` into the Discord messages that carry it.

A reply becomes one message whenever it fits: text, then the picture, then the mentions of the
players whose turn just began. Only a reply longer than Discord allows becomes several messages,
and then the picture and the mentions travel on the last one, so the ping arrives with the table
it refers to. Pings are explicit: nothing in the text (a player's name, a stray ``@everyone``) can
notify anyone; only the users the service named. Nothing in it forms a masked link either
(``no_masked_links``): the bot's own words never use one, so whatever of a member's text it
repeats cannot show a label hiding where it leads.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

import discord
from discord.utils import MISSING

from bot.api import Attachment, Reply
from bot.discord_app.splitting import MESSAGE_LIMIT, split_message

#: Discord accepts at most this many files on one message.
FILES_PER_MESSAGE = 10
#: ... and at most this many characters of a file's description (its alt text).
DESCRIPTION_LIMIT = 1024


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One Discord message: its text, its files and whom it may ping."""

    content: str
    attachments: tuple[Attachment, ...] = ()
    pings: tuple[int, ...] = ()

    def files(self) -> list[discord.File]:
        """Fresh file objects: discord.py closes them after sending, so they are made per send."""
        return [discord.File(io.BytesIO(a.data), filename=a.filename,
                             description=a.description or None) for a in self.attachments]

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=user) for user in self.pings],
        )


def no_masked_links(text: str) -> str:
    """A message as Discord would show it, without a masked link (``[label](url)``): a space
    goes between ``](`` wherever an unescaped ``[`` came before it outside a code span (inside
    one, or after ``\\[``, Discord shows the text as it is, so it is left alone). One pass:
    code spans are found as Discord finds them (a run of backticks closed by the next run of
    the same length; an unclosed one is plain text)."""
    runs = {m.start(): m.end() for m in _BACKTICKS.finditer(text)}
    closing: dict[int, int] = {}  # a run's start -> the end of the run that closes it
    following: dict[int, int] = {}  # a length -> the end of the next run of that length
    for start, end in reversed(runs.items()):
        if end - start in following:
            closing[start] = following[end - start]
        following[end - start] = end
    out: list[str] = []
    i, opened = 0, False
    while i < len(text):
        char = text[i]
        step = 1
        if char == "\\":
            step = 2  # an escaped character is shown as itself
        elif char == "`":
            step = closing.get(i, runs[i]) - i  # a code span, or plain backticks
        elif char == "[":
            opened = True
        elif char == "]" and opened and text.startswith("(", i + 1):
            out.append("] ")
            i += 1
            continue
        out.append(text[i:i + step])
        i += step
    return "".join(out)


_BACKTICKS = re.compile(r"`+")


def compose(reply: Reply, limit: int = MESSAGE_LIMIT) -> list[Outgoing]:
    """The messages for ``reply``, in order; empty when there is nothing to say."""
    # Seats held by someone outside Discord (a console player) have no snowflake to ping.
    pings = tuple(int(user) for user in dict.fromkeys(reply.mentions) if user.isdigit())
    attachments: list[Attachment] = []
    if reply.picture is not None:
        attachments.append(Attachment(reply.picture_name, reply.picture,
                                      reply.picture_alt[:DESCRIPTION_LIMIT]))
    attachments.extend(reply.files)
    texts = split_message(no_masked_links(reply.text.strip()), limit)
    if pings:
        line = " ".join(f"<@{user}>" for user in pings)
        if texts and len(texts[-1]) + 1 + len(line) <= limit:
            texts[-1] = f"{texts[-1]}\n{line}"
        else:
            texts.append(line)
    if not texts and not attachments:
        return []
    batches = [
        tuple(attachments[i : i + FILES_PER_MESSAGE])
        for i in range(0, len(attachments), FILES_PER_MESSAGE)
    ]
    messages = [Outgoing(text) for text in texts[:-1]]
    last = texts[-1] if texts else ""
    if len(batches) > 1:
        messages.extend(Outgoing("", batch) for batch in batches[:-1])
    messages.append(Outgoing(last, batches[-1] if batches else (), pings))
    return messages


async def send_to_channel(
    channel: discord.abc.Messageable,
    reply: Reply,
    *,
    answering: discord.Message | discord.PartialMessage | None = None,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
) -> list[discord.Message]:
    """Post ``reply`` in ``channel``; with ``answering``, the first part replies to that message.

    With ``nonce``, each part carries ``nonce`` and its number, and Discord is asked to enforce
    it: a retry of a post that was made but whose answer was lost gets the message already made
    instead of a second one.

    Refusals answer the message that caused them, so the player sees which text was refused;
    game updates are posted plainly, like a moderator's post in the thread. ``view`` (buttons
    and menus) goes on the last message, with the picture.
    """
    sent: list[discord.Message] = []
    parts = compose(reply)
    for index, part in enumerate(parts):
        carried: Any = view if view is not None and index == len(parts) - 1 else MISSING
        stamp: Any = None if nonce is None else f"{nonce}.{index}"  # None: a random one
        if index == 0 and answering is not None:
            message = await answering.reply(
                part.content or None,
                files=part.files(),
                allowed_mentions=part.allowed_mentions(),
                mention_author=False,
                view=carried,
                nonce=stamp,
            )
        else:
            message = await channel.send(
                part.content or None, files=part.files(),
                allowed_mentions=part.allowed_mentions(), view=carried,
                nonce=stamp,
            )
        sent.append(message)
    return sent


def answer_nonce(message_id: int) -> str:
    """The one nonce of the answer to ``message_id`` (a refusal), live or owed and posted at
    the next start: the server keeps one answer however often it is posted."""
    return f"r{message_id}"


async def send_to_interaction(
    interaction: discord.Interaction, reply: Reply, *, deferred_ephemeral: bool,
    view: discord.ui.View | None = None,
) -> list[discord.Message]:
    """Answer a deferred slash command with ``reply``.

    The deferral had to be chosen before the answer was known. When the answer must be private
    (a refusal) but the deferral was public, the public "thinking" placeholder is removed and the
    answer goes out as a private follow-up instead, so nobody else sees the refusal. ``view``
    goes on the last message.
    """
    parts = compose(reply)
    ephemeral = deferred_ephemeral or reply.ephemeral or not reply.ok
    if not parts:
        parts = [Outgoing("Done." if reply.ok else "Refused.")]
    if ephemeral and not deferred_ephemeral:
        await interaction.delete_original_response()
    sent: list[discord.Message] = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        message = await interaction.followup.send(
            part.content,
            files=part.files(),
            allowed_mentions=part.allowed_mentions(),
            ephemeral=ephemeral,
            wait=True,
            view=view if last and view is not None else MISSING,
        )
        sent.append(message)
    return sent

