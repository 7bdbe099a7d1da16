"""Catching up after the bot was away: the moves posted meanwhile are applied, in order.

The gateway does not replay what was posted while the bot was down (or while a connection that
could not be resumed was lost). So at every new session, each open game's channel is read from
the newest message the bot handled there (or, for a game never played by message, from its
creation) up to the present, and whatever a person addressed to the bot is handled as if it had
just arrived: the same reading of ``!bus`` and of plain moves, the same per-member admission
(judged by when each message was posted), the service's own check that a message id is applied
at most once. The table then gets one summary instead of a burst of replies, ending as the live
post does: what the table waits for now (the last change's "Next: ..." line), the picture of
where things stand, the decision's menu and buttons, and a ping for whoever is to act.

History is read to the end, however much chat buries a move: in rounds of ``HISTORY_LIMIT``
messages per place, so one busy channel does not keep the others waiting, and the place's new
messages wait until it is done (``bot.backlog``). Pages are sorted by message id (snowflakes grow
with time): some servers answer a page oldest first, Discord newest first. Places that are not
Discord channels (a game imported from the console) are left alone, and one place that fails
never stops the others.

A catch-up cut short (the process killed, or stopped, before its summary went out) is done again
from where it began at the next start (``Unfinished``, a small table of its own in the game
database): the changes it applied are not applied twice (the service knows their message ids)
and go out with what the place is owed, and the refusals and answers are given again, in the new
summary, so none is lost. A refusal said live whose answer the process did not live to post is
posted first, as a reply to its message (``_answer_owed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import sqlite3
from collections import Counter
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.api import Attachment, Refusal, Reply, Update
from bot.delivery import Block, Refused
from bot.discord_app.backlog import Session
from bot.discord_app.bot import BusBot
from bot.discord_app.incoming import (
    AttachmentTooLarge,
    actor_for,
    place_of,
    read_attachments,
)
from bot.discord_app.outgoing import answer_nonce, send_to_channel
from bot.service.store import connect as store_connect
from bot.service.store import schema
from bot.service.words.catalogue import words_for
from engine.decisions import shortened
from engine.text import Msg, Plural, Words

log = logging.getLogger(__name__)

#: Messages read per place in one round (ten requests); a place with more is read on in the
#: next round, after the other places had their turn.
HISTORY_LIMIT = 1000
#: Messages per history request (Discord's maximum).
PAGE = 100
#: A reply is summed up in its first line, cut to this length.
LINE_CHARS = 160
#: Answers that changed nothing (refusals, help) listed in one summary; the rest are counted.
OTHER_LINES = 20

HANDLED = Plural("discord.catchup.handled", "While I was away, {n} message here was for me. I "
                 "have now handled it:", "While I was away, {n} messages here were for me. I "
                 "have now handled them in order:")
MORE_ANSWERS = Plural("discord.catchup.more_answers", "(and {n} more answer that changed "
                      "nothing)", "(and {n} more answers that changed nothing)")
WROTE_TOO_FAST = Plural("discord.catchup.too_fast", "• {name}: {n} more message came faster than "
                        "the table can follow; I did not act on it.", "• {name}: {n} more "
                        "messages came faster than the table can follow; I did not act on them.")
#: a refused message's line in the summary: its answer's first line
REFUSED = Msg("discord.catchup.refused", "refused: {answer}")


class Unfinished:
    """Where each place's catch-up began, until its summary went out (one small table in the
    game database, opened briefly, as ``sync.PublishedCommands`` does)."""

    TABLE = "catching_up"

    def __init__(self, db_path: str) -> None:
        self.db_path = db_path

    def _connect(self) -> sqlite3.Connection:
        conn = store_connect(self.db_path, timeout=30.0)
        conn.execute(schema.CATCHING_UP)  # the table, as the schema declares it
        return conn

    def began(self, place: str, after: int) -> int:
        """Note that catching up in ``place`` reads after ``after``, unless an unfinished one
        began earlier; returns where to read after."""
        conn = self._connect()
        try:
            with conn:
                conn.execute(f"INSERT OR IGNORE INTO {self.TABLE} (place, after) VALUES (?, ?)",
                             (place, after))
                row = conn.execute(f"SELECT after FROM {self.TABLE} WHERE place = ?",
                                   (place,)).fetchone()
        finally:
            conn.close()
        return int(row[0])

    def finished(self, place: str) -> None:
        conn = self._connect()
        try:
            with conn:
                conn.execute(f"DELETE FROM {self.TABLE} WHERE place = ?", (place,))
        finally:
            conn.close()


@runtime_checkable
class Reader(Protocol):
    """How a message is read and handled: the ``Play`` cog's own ways, for history too."""

    async def command_text(self, message: discord.Message) -> tuple[str, bool] | None: ...

    async def take_up(self, message: discord.Message, text: str, attachments: list[Attachment],
                      *, chat: bool, live: bool = ...) -> Reply | None: ...


@dataclass
class Behind:
    """One place being caught up: where its reading stands and what the summary will say."""

    place: str
    channel: discord.abc.Messageable
    after: int
    changes: list[Block] = field(default_factory=list)  # each line with its announcement
    others: list[str] = field(default_factory=list)
    announced: list[int] = field(default_factory=list)
    too_fast: Counter[str] = field(default_factory=Counter)
    #: each member's command rate over what they posted here, by when they posted it
    rates: dict[int, commands.Cooldown] = field(default_factory=dict)
    done: bool = False
    begun: bool = False  # the answers owed from before were posted
    #: the messages handed to the reader (so a summary that did not go out lets them be
    #: handled again when the catch-up is done again)
    taken: list[int] = field(default_factory=list)
    #: what the table waits for after the last change (its announcement's last line: "Next:
    #: ..." or the final scores), which the summary ends with; "" when it has none
    now: str = ""

    @property
    def count(self) -> int:
        return len(self.changes) + len(self.others)


async def catch_up(bot: BusBot, reader: Reader, shard_id: int | None = None,
                   session: Session | None = None) -> int:
    """Handle what was missed in every open game's channel (those of the guilds of ``shard_id``
    only, when given) for ``session`` (the shard's new session, ``bot.backlog``); returns how
    many messages. New messages wait while the places are listed, and in each place until it
    is done (or until a newer session's catch-up is done with it)."""
    try:
        places = await _places(bot, shard_id)
        bot.backlog.behind((p.place for p in places), session)
    finally:
        bot.backlog.recovering(shard_id, session)
    handled = 0
    while places:
        for behind in places:
            handled += await _round(bot, reader, behind, session)
        places = [p for p in places if not p.done]
    return handled


async def _places(bot: BusBot, shard_id: int | None) -> list[Behind]:
    """The open games' places of this shard that are Discord channels the bot can reach."""
    found: list[Behind] = []
    for place, seen, created in await bot.game.open_places():
        if not place.isdigit():
            continue  # not a Discord channel: a game imported from the console, say
        try:
            channel = await bot.sender.channel(place)
        except (Refused, discord.HTTPException, OSError) as error:
            log.warning("catching up in %s skipped: %s", place, error)
            continue
        guild = getattr(channel, "guild", None)
        if shard_id is not None and isinstance(guild, discord.Guild) \
                and guild.shard_id != shard_id:
            continue  # another shard's guild: that shard catches up on it
        after = seen if seen is not None else discord.utils.time_snowflake(
            datetime.datetime.fromtimestamp(created, datetime.UTC))
        after = await asyncio.to_thread(Unfinished(bot.config.db_path).began, place, after)
        found.append(Behind(place, channel, after))
    return found


async def _round(bot: BusBot, reader: Reader, behind: Behind,
                 session: Session | None = None) -> int:
    """Read on in one place for up to ``HISTORY_LIMIT`` messages; when its history is read to
    the end, post the summary and let its new messages go ahead."""
    try:
        async with bot.place_lock(behind.place):
            if not behind.begun:
                behind.begun = True
                await _answer_owed(bot, behind)
            await _read_on(bot, reader, behind)
            if behind.done:
                await _summarise(bot, behind)
    except Exception as error:  # one place must not stop the rest
        log.warning("catching up in %s failed: %s", behind.place, _one_line(error))
        behind.done = True
    if behind.done:
        bot.up_to_date(behind.place, session)
        return behind.count
    return 0


async def _answer_owed(bot: BusBot, behind: Behind) -> None:
    """Post the refusals handled live whose answer the process did not live to post, each as
    a reply to its message and under its one nonce (so a post that was made after all is not
    made twice); each is owed no more once posted."""
    for message_id, text in await bot.game.unanswered(behind.place):
        target = discord.PartialMessage(channel=behind.channel,  # type: ignore[arg-type]
                                        id=int(message_id))
        try:
            await send_to_channel(behind.channel, Refusal(text), answering=target,
                                  nonce=answer_nonce(int(message_id)))
        except discord.NotFound:  # the message was deleted: nobody to answer
            pass
        except discord.HTTPException as error:  # still owed: the next start tries again
            log.warning("owed answer in %s not posted: %s", behind.place, _one_line(error))
            return
        await bot.game.answered(behind.place, message_id)


async def _finished(bot: BusBot, behind: Behind) -> None:
    await asyncio.to_thread(Unfinished(bot.config.db_path).finished, behind.place)


async def _read_on(bot: BusBot, reader: Reader, behind: Behind) -> None:
    read = 0
    async with contextlib.aclosing(_pages(behind.channel, behind.after)) as pages:
        async for page, last in pages:
            for message in page:
                await _take(bot, reader, behind, message)
            read += len(page)
            behind.after = page[-1].id
            # The next start (or round) reads on from here, chat included.
            await bot.game.see(behind.place, str(behind.after))
            if last:
                break
            if read >= HISTORY_LIMIT:
                return
    behind.done = True


async def _pages(channel: discord.abc.Messageable, after: int
                 ) -> AsyncGenerator[tuple[list[discord.Message], bool]]:
    """The channel's messages after ``after``, a page at a time, each page oldest first (and
    whether it is the last), whatever order the server answered in."""
    target = await channel._get_channel()
    state = target._state
    while True:
        data = await state.http.logs_from(target.id, PAGE, after=after)
        found = sorted((m for m in data if int(m["id"]) > after), key=lambda m: int(m["id"]))
        if not found:
            return
        yield [state.create_message(channel=target, data=m) for m in found], len(data) < PAGE
        after = int(found[-1]["id"])


async def _take(bot: BusBot, reader: Reader, behind: Behind, message: discord.Message) -> None:
    """Handle one message read from history, as the live path would have, and note its line."""
    if message.author.bot or not message.content.strip():
        return
    read_as = await reader.command_text(message)
    if read_as is None:
        return
    if _too_fast(bot, behind, message):
        log.info("place=%s user=%s: read from history, over the command rate; not acted on",
                 behind.place, message.author.id)
        behind.too_fast[_plain(message.author.display_name)] += 1
        return
    text, chat = read_as
    behind.taken.append(message.id)
    reply = await _handle(bot, reader, message, text, chat)
    if reply is None or reply.duplicate:  # chat after all, or handled already
        return
    line = _line(message, text, reply, words_for(await bot.game.language_of(behind.place)))
    if reply.changed:
        ids = () if reply.announcement is None else (reply.announcement,)
        behind.changes.append(Block(line, ids, size=len(reply.text.strip()) + 1))
        behind.announced.extend(ids)
        said = reply.text.strip().split("\n")
        behind.now = said[-1] if len(said) > 1 else ""
    else:
        behind.others.append(line)


def _too_fast(bot: BusBot, behind: Behind, message: discord.Message) -> bool:
    """The live path's command rate (``bot.command_rate``, per member and place), judged by
    when each message was posted: a member who wrote faster than the live path allows while the
    bot was away is not acted on either. (Its own buckets: history's clock is not now's.)"""
    rate = bot.command_rate
    if rate is None:
        return False
    bucket = behind.rates.get(message.author.id)
    if bucket is None:
        bucket = behind.rates[message.author.id] = commands.Cooldown(rate.burst,
                                                                      rate.burst * rate.per)
    return bool(bucket.update_rate_limit(message.created_at.timestamp()))


async def _summarise(bot: BusBot, behind: Behind) -> None:
    """One post for everything caught up in the place, carrying the announcements it owes;
    once it is out (or there was nothing to say) the catch-up is finished."""
    if not behind.count and not behind.too_fast:
        await _finished(bot, behind)
        return
    waiting = await bot.game.waiting_user(behind.place)
    # After changes, an update like the live one: its menu and buttons are the decision's now
    # (and those of the post before come off). Answers alone leave the table's post as it is.
    last = Update("", mentions=[waiting] if waiting else []) if behind.announced else Reply("")
    await _draw_last(bot, behind, last)
    # What the place was owed from before goes in front; if it cannot go, neither can the
    # summary, and the outbox keeps every change to post (coalesced) later.
    words = words_for(await bot.game.language_of(behind.place))
    if await bot.courier.deliver_together(behind.place, last, _summary_blocks(behind, words)):
        await _finished(bot, behind)
    else:
        # Done again at the next session or start, from where it began (``Unfinished``):
        # then its answers are given again, in this process too.
        bot.forget_deliveries(behind.taken)
        log.warning("the catch-up summary for %s was not (all) posted", behind.place)


async def _draw_last(bot: BusBot, behind: Behind, summary: Reply) -> None:
    """The table as the last change caught up left it (drawn once, not once per move), with
    its buttons and, when that change ended the game, its story."""
    last = max(behind.announced, default=None)
    owed = [item for item in await bot.game.unsent(behind.place) if item.id == last]
    if not owed:
        return
    drawn = await bot.game.owed(owed[0])
    summary.picture, summary.picture_name = drawn.picture, drawn.picture_name
    summary.picture_alt = drawn.picture_alt
    summary.table, summary.files = drawn.table, drawn.files


def _summary_blocks(behind: Behind, words: Words) -> list[Block]:
    """The summary's lines, in the game's language (``words``): its head, the changes, the
    other answers and who wrote too fast."""
    lines, more = shortened(behind.others, OTHER_LINES)  # never "and 1 more"
    if more:
        lines.append(words(MORE_ANSWERS(n=more)))
    for name, skipped in behind.too_fast.items():
        lines.append(words(WROTE_TOO_FAST(name=name, n=skipped)))
    if behind.now:  # the last change's own line, already in the game's language
        lines.append(behind.now)
    return [Block(words(HANDLED(n=behind.count))), *behind.changes,
            *(Block(line) for line in lines)]


async def _handle(bot: BusBot, reader: Reader, message: discord.Message, text: str,
                  chat: bool) -> Reply | None:
    if message.guild is not None and not isinstance(message.author, discord.Member):
        # History carries no roles; a moderator's role counts only with the member fetched.
        with contextlib.suppress(discord.HTTPException):
            message.author = await message.guild.fetch_member(message.author.id)
    try:
        attachments = await read_attachments(message.attachments)
    except AttachmentTooLarge as refusal:
        return Refusal(await bot.written(place_of(message.channel.id),
                                         actor_for(message.author), refusal.said))
    return await reader.take_up(message, text, attachments, chat=chat, live=False)


def _line(message: discord.Message, text: str, reply: Reply, words: Words) -> str:
    """``• Name: `what they wrote`: the answer's first line``; the member's name and text are
    shown as text (no markdown, links or mentions of their own)."""
    said = " ".join(text.split()).replace("`", "ˋ")
    said = said if len(said) <= 60 else said[:59] + "…"
    first = reply.text.strip().split("\n", 1)[0]
    if len(first) > LINE_CHARS:
        first = first[:LINE_CHARS - 1] + "…"
    outcome = first if reply.ok else words(REFUSED(answer=first))
    return f"• {_plain(message.author.display_name)}: `{said}`: {outcome}"


def _plain(text: str) -> str:
    """Member text shown as it was typed: markdown, masked links and mentions escaped."""
    flat = " ".join(text.split())
    return discord.utils.escape_mentions(discord.utils.escape_markdown(flat)).replace(
        "<", "\\<")


def _one_line(error: BaseException) -> str:
    return f"{type(error).__name__}: {' '.join(str(error).split())}"
