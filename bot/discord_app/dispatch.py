"""One way in: everything said to busbot on Discord takes the same path to the service.

Channel text, ``!bus``, the ``/bus`` slash commands and presses on buttons and menus each become
a ``Request`` and go through ``Dispatcher.run``: the member's command rate, the deferral an
interaction needs, the files, catching up on what was missed, then under the place's lock the
checks only Discord can make (``guards.checked``; a press's position), the service, the log line
and the answer. A long answer that changes nothing (a review, an animation asked for, a hint's
search) is drawn and posted after the lock is released, so the place's next command is answered
meanwhile; a change is always posted in its turn. Where they differ is only how the answer
goes out, which is the ``Responder``'s part: ``ChannelResponder`` answers in the channel (a
refusal or a preview as a reply to the author's message, a change through the courier, which
keeps it in the outbox until Discord took it), ``InteractionResponder`` answers the interaction
with follow-ups.

An interaction that cannot be answered as one degrades to the channel: where the deferral or a
follow-up is refused or answered with nothing readable (an empty 204, ``404 Unknown Webhook``:
servers that do not keep interactions), a change goes out through the courier (the outbox: once,
under its nonce, retried until Discord takes it), a public answer is posted in the channel and a
private one (a refusal, a lookup) sent by direct message, each once, under the interaction's
nonce. Only an interaction Discord says has expired (``10062 Unknown interaction``: more than
three seconds passed, and the member was told it failed) is left unanswered, and not acted on.

A press is authorised before any of that, in the component's ``interaction_check`` (as
discord.py's examples do): a press by someone whose decision it is not, or on an older position,
is answered privately at once. The position is checked again under the lock, since the table
may have moved on while the press waited its turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot import practice_from
from bot.api import (
    Actor,
    Attachment,
    Command,
    Duplicate,
    Position,
    Previewed,
    Refusal,
    Reply,
    Update,
)
from bot.delivery import Refused as PlaceRefused
from bot.discord_app import components
from bot.discord_app.backend import GameBackend
from bot.discord_app.bot import BusBot
from bot.discord_app.guards import Refused, checked
from bot.discord_app.incoming import AttachmentTooLarge, actor_for, place_of, read_attachments
from bot.discord_app.logs import one_line
from bot.discord_app.outgoing import answer_nonce, send_to_channel, send_to_interaction
from bot.discord_app.practising import practise_from
from bot.service.drawing.prepared import Prepared
from bot.service.router.chat import for_the_bot
from bot.service.words.catalogue import Said
from engine.text import Msg, Text

log = logging.getLogger(__name__)

#: A press or command whose interaction names no channel: no table to act at.
NO_CHANNEL = Msg("discord.no_channel", "I cannot tell which channel this came from, so nothing "
                 "was done. Write your move in the game's channel, or use `/bus move` there.")
#: Discord's code for an interaction it no longer knows (not acknowledged within 3 seconds).
UNKNOWN_INTERACTION = 10062
#: What discord.py raises when Discord took an interaction's answer (2xx) but said back nothing
#: it can read (an empty 204 where it expects JSON): the answer was made all the same.
UNREADABLE = (TypeError, KeyError, ValueError)


def expired(error: discord.HTTPException) -> bool:
    """Discord no longer knows the interaction: the member was told it failed."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def tell_privately(client: discord.Client, interaction: discord.Interaction[Any],
                         text: str) -> None:
    """Answer ``interaction`` with ``text`` for the member alone: as an ephemeral answer, or,
    where the server does not take one, by direct message (once; an expired interaction is
    logged only)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        return
    except UNREADABLE:  # taken, with an answer discord.py cannot read: it was shown
        return
    except discord.HTTPException as error:
        if expired(error):
            log.warning("interaction in %s not answered: %s", interaction.channel_id,
                        one_line(error))
            return
        log.warning("interaction in %s not answered (%s); telling %s by direct message",
                    interaction.channel_id, one_line(error), interaction.user.id)
    try:
        await (await client.create_dm(interaction.user)).send(text)
    except discord.HTTPException as error:
        log.warning("could not tell %s by direct message either: %s", interaction.user.id,
                    one_line(error))


SLOW_DOWN = Msg("discord.slow_down", "You are sending commands faster than the table can "
               "follow; try again in {seconds} s. Nothing was done.")
NOTHING_WAITS = Msg("discord.press.nothing_waits", "Nothing waits for a choice at this table now.")
STALE_PRESS = Msg("discord.press.stale", "{changed} That message is of an earlier position, so "
                  "nothing was changed.")
NOT_YOUR_BUTTONS = Msg("discord.press.not_yours", "These buttons are for {player}, whose decision "
                       "it is ({decision}). Nothing was changed; `preview MOVE` shows what a move "
                       "would do.")


#: a progress message pings nobody
NO_PINGS = discord.AllowedMentions.none()
#: a message showing how far a long answer is (a channel's message or a follow-up)
Shown = discord.Message | discord.WebhookMessage


def slow_down(seconds: float) -> Text:
    """The answer to a member over ``COMMANDS_PER_USER``."""
    return SLOW_DOWN(seconds=max(1, round(seconds)))



@dataclass(slots=True)
class Request:
    """One thing said to the bot, however it came. ``chat``: plain channel text, taken up only
    when the service finds it meant for the bot; ``live``: said just now (not read from the
    history after an absence); ``counted``: its command rate was already checked (a press, in
    ``interaction_check``); ``press``: the position a button was made for, and which it is."""

    place: str
    actor: Actor
    said: str | Command
    message_id: int
    guild: discord.Guild | None
    permissions: discord.Permissions | None
    in_thread: bool
    chat: bool = False
    live: bool = True
    counted: bool = False
    files: Sequence[discord.Attachment] = field(default_factory=list)
    press: tuple[Position, str] | None = None

    @classmethod
    def of_message(cls, message: discord.Message, text: str, **kw: Any) -> Request:
        channel, guild = message.channel, message.guild
        permissions = (channel.permissions_for(guild.me)
                       if guild is not None and isinstance(channel, discord.abc.GuildChannel
                                                           | discord.Thread) else None)
        return cls(place_of(channel.id), actor_for(message.author), text, message.id,
                   guild, permissions, isinstance(channel, discord.Thread), **kw)

    @classmethod
    def of_interaction(cls, interaction: discord.Interaction[Any], said: str | Command,
                       **kw: Any) -> Request:
        return cls(place_of(interaction.channel_id or 0),
                   actor_for(interaction.user, interaction.locale), said,
                   interaction.id, interaction.guild, interaction.app_permissions,
                   isinstance(interaction.channel, discord.Thread), **kw)


class Responder(Protocol):
    """How the answer to one request goes out."""

    async def begin(self) -> None:
        """Before the work: an interaction must be acknowledged within three seconds."""

    async def too_fast(self, seconds: float, tell: bool) -> None:
        """Over the command rate (``tell``: the first time in this stretch)."""

    async def answer(self, place: str, reply: Reply) -> None:
        """Post the service's answer (the caller holds the place's lock)."""

    async def progress(self, text: str, shown: Shown | None) -> Shown | None:
        """Say how far a long answer is: posted the first time, ``shown`` edited after (None:
        it cannot be shown here)."""

    async def progress_done(self, shown: Shown) -> None:
        """The long answer is out: its progress message goes."""


class ChannelResponder:
    """Answers in the channel: a refusal or a preview replies to the author's message (there is
    no private answer to a message); a change goes through the courier."""

    def __init__(self, bot: BusBot, message: discord.Message) -> None:
        self.bot, self.message = bot, message

    async def begin(self) -> None:
        return None

    async def too_fast(self, seconds: float, tell: bool) -> None:
        if tell:
            place = place_of(self.message.channel.id)
            text = await self.bot.written(place, actor_for(self.message.author),
                                 slow_down(seconds))
            await self.answer(place, Refusal(text))

    async def answer(self, place: str, reply: Reply) -> None:
        match reply:
            case Refusal() | Previewed():
                answering: discord.Message | None = self.message
            case Update(announcement=int()):  # kept in the outbox until Discord took the post
                await self.bot.courier.deliver(place, reply)
                return
            case _:
                answering = None
        view = components.view_for(reply)
        refusal = isinstance(reply, Refusal)
        try:
            sent = await send_to_channel(
                self.message.channel, reply, answering=answering, view=view,
                nonce=answer_nonce(self.message.id) if refusal else None)
        except discord.HTTPException as error:
            log.warning("answer in %s not posted: %s", place, one_line(error))
            return
        if refusal:  # owed no more (the next start posts a refusal the process died before)
            await self.bot.game.answered(place, str(self.message.id))
        await components.moved_on(self.bot, place, reply, sent, view)

    async def progress(self, text: str, shown: Shown | None) -> Shown | None:
        if shown is None:
            return await self.message.channel.send(text, allowed_mentions=NO_PINGS)
        return await shown.edit(content=text)

    async def progress_done(self, shown: Shown) -> None:
        await shown.delete()


class InteractionResponder:
    """Answers an interaction: deferred at once (privately for ``private`` commands), then
    follow-ups; a change first lets what the place is still owed go out, and is marked sent.
    Where the interaction cannot carry the answer, it goes to the channel or by direct message
    (see the module's description)."""

    def __init__(self, bot: BusBot, interaction: discord.Interaction[Any], private: bool) -> None:
        self.bot, self.interaction, self.private = bot, interaction, private
        #: the interaction was acknowledged: follow-ups may carry the answer
        self.deferred = False

    async def begin(self) -> None:
        """Acknowledge the interaction (``discord.NotFound`` when it expired: nothing is done)."""
        try:
            await self.interaction.response.defer(ephemeral=self.private, thinking=True)
        except UNREADABLE:  # taken (2xx), with an answer discord.py cannot read (an empty 204)
            self.deferred = True
        except discord.HTTPException as error:
            if expired(error):
                raise
            log.warning("interaction in %s not deferred (%s); answering in the channel",
                        self.interaction.channel_id, one_line(error))
        else:
            self.deferred = True

    async def too_fast(self, seconds: float, tell: bool) -> None:
        # An interaction must be answered: always, and privately.
        text = await self.bot.written(place_of(self.interaction.channel_id or 0),
                                      actor_for(self.interaction.user, self.interaction.locale),
                                      slow_down(seconds))
        await tell_privately(self.bot, self.interaction, text)

    async def answer(self, place: str, reply: Reply) -> None:
        if reply.announcement is not None:  # what the place is still owed goes first
            await self.bot.courier.flush(place, before=reply.announcement)
        if not self.deferred or not await self._followed_up(place, reply):
            await self._elsewhere(place, reply)
        if not reply.ok:  # the refusal owed to the interaction is answered
            await self.bot.game.answered(place, str(self.interaction.id))

    async def _followed_up(self, place: str, reply: Reply) -> bool:
        """The answer as the interaction's follow-ups; False when they were refused."""
        view = components.view_for(reply)
        try:
            sent = await send_to_interaction(self.interaction, reply,
                                             deferred_ephemeral=self.private, view=view)
        except UNREADABLE:  # taken (2xx), with an answer discord.py cannot read: it was made
            sent = []
        except discord.HTTPException as error:
            log.warning("answer to the interaction in %s not posted (%s); posting it %s", place,
                        one_line(error), "by direct message" if self._private(reply)
                        else "in the channel")
            return False
        await components.moved_on(self.bot, place, reply, sent, view)
        if reply.announcement is not None:
            await self.bot.game.mark_sent([reply.announcement])
        return True

    def _private(self, reply: Reply) -> bool:
        """Whether the answer is for the member alone (as ``send_to_interaction`` decides)."""
        return self.private or reply.ephemeral or not reply.ok

    async def _elsewhere(self, place: str, reply: Reply) -> None:
        """The answer where the interaction cannot carry it: a change through the courier (the
        outbox), a public answer in the channel, a private one by direct message; each once
        (the outbox's nonce, or the interaction's)."""
        if isinstance(reply, Update) and reply.announcement is not None:
            await self.bot.courier.deliver(place, reply)
            return
        private = self._private(reply)
        try:
            if private:
                where: discord.abc.Messageable = await self.bot.create_dm(self.interaction.user)
            else:
                where = await self.bot.sender.channel(place)
            view = None if private else components.view_for(reply)
            sent = await send_to_channel(where, reply, view=view,
                                         nonce=answer_nonce(self.interaction.id))
        except (discord.HTTPException, PlaceRefused) as error:
            log.warning("answer to the interaction in %s not posted %s either: %s", place,
                        "by direct message" if private else "in the channel",
                        one_line(error))
            return
        if not private:
            await components.moved_on(self.bot, place, reply, sent, view)

    async def progress(self, text: str, shown: Shown | None) -> Shown | None:
        if not self.deferred:  # no follow-ups here: the answer alone, where it can go
            return None
        if shown is None:
            return await self.interaction.followup.send(
                text, ephemeral=self.private, wait=True, allowed_mentions=NO_PINGS)
        return await shown.edit(content=text)

    async def progress_done(self, shown: Shown) -> None:
        await shown.delete()


async def press_refusal(game: GameBackend, place: str, actor: Actor, position: Position,
                        action: str) -> Said | None:
    """Why a press cannot count: its message is of an older position (saying what changed,
    in the presser's language), or the decision is someone else's (Undo excepted: the service
    knows whose move it takes back). None when it counts."""
    now = await game.table_now(place)
    if now is None or now.position != position:
        language = await game.language_of(place, actor.user_id, actor.locale, actor.server)
        changed = await game.since(place, position, language)
        return STALE_PRESS(changed=changed or NOTHING_WAITS())
    if action != "undo" and now.user_id != actor.user_id:
        return NOT_YOUR_BUTTONS(player=now.player, decision=now.decision)
    return None


class Dispatcher:
    """The one path from Discord to the service and back (it keeps no state of its own: the
    locks, rates and recent messages are the bot's, so every cog may hold one)."""

    def __init__(self, bot: BusBot) -> None:
        self.bot = bot

    # ---- the ways in ---------------------------------------------------------------------

    async def message(self, message: discord.Message, text: str, *, chat: bool) -> None:
        """Channel text (``chat``) or everything after ``!bus`` (with the message's files);
        ``!bus practice from game G move N`` opens a thread (``practising``), once the channel
        has caught up, as any command does."""
        asked = None if chat else practice_from.asked_from(text)
        if asked is not None:
            if not self.bot.first_delivery(message.id):
                return
            request = Request.of_message(message, text)
            if await self._within_rate(request, ChannelResponder(self.bot, message)):
                # Not before the first recovery has listed the places it reads: else the new
                # thread's table is among them, and the asker's first message there is taken
                # for one missed while away (answered in a catch-up summary).
                await self.bot.caught_up(request.place)
                await practise_from(self.bot, message, asked)
            return
        files = [] if chat else message.attachments
        await self.run(Request.of_message(message, text, chat=chat, files=files),
                       ChannelResponder(self.bot, message))

    async def interaction(self, interaction: discord.Interaction[Any], said: str | Command, *,
                          private: bool, files: Sequence[discord.Attachment] = (),
                          press: tuple[Position, str] | None = None) -> None:
        """A slash command's typed command (or ``/bus do``'s text), or a press's."""
        if interaction.channel_id is None:  # no table to act at
            await tell_privately(self.bot, interaction, await self.bot.written(
                place_of(0), actor_for(interaction.user, interaction.locale), NO_CHANNEL()))
            return
        request = Request.of_interaction(interaction, said, files=list(files), press=press,
                                         counted=press is not None)
        try:
            await self.run(request, InteractionResponder(self.bot, interaction, private))
        except discord.HTTPException as error:
            if not expired(error):
                raise
            # Too late to acknowledge: Discord told the member it failed; nothing was done.
            log.warning("interaction in %s not answered: %s", request.place, one_line(error))

    async def authorise_press(self, interaction: discord.Interaction[Any], position: Position,
                              action: str) -> bool:
        """A component's ``interaction_check``: within the member's rate, and a press on the
        current position by the member whose decision it is; else answered privately (a press
        that names no channel too: there is no table to judge it by)."""
        place = place_of(interaction.channel_id or 0)
        actor = actor_for(interaction.user, interaction.locale)
        if interaction.channel_id is None:
            await tell_privately(self.bot, interaction,
                                 await self.bot.written(place, actor, NO_CHANNEL()))
            return False
        limited = self.bot.too_fast(place, interaction.user.id)
        if limited is not None:
            await tell_privately(self.bot, interaction,
                                 await self.bot.written(place, actor, slow_down(limited[0])))
            return False
        why = await press_refusal(self.bot.game, place, actor, position, action)
        if why is not None:
            self.bot.log_handled(place, actor, action, None, time.perf_counter())
            await tell_privately(self.bot, interaction, await self.bot.written(place, actor, why))
            return False
        return True

    async def press(self, interaction: discord.Interaction[Any], position: Position,
                    typed: Command, action: str) -> None:
        """An authorised press: the command it stands for, as the slash command that says it
        (``/bus move``, ``/bus undo``, ``/bus moves``) would run it."""
        await self.interaction(interaction, typed, private=action == "moves",
                               press=(position, action))

    # ---- the one path --------------------------------------------------------------------

    async def run(self, request: Request, responder: Responder) -> None:
        """Rate, acknowledge, read the files, catch up, then under the place's lock decide
        and answer."""
        if not request.chat and not request.counted and not await self._within_rate(
                request, responder):
            return
        await responder.begin()
        try:
            attachments = await read_attachments(list(request.files))
        except AttachmentTooLarge as refusal:
            self.bot.log_handled(request.place, request.actor, request.said, None,
                                 time.perf_counter())
            await responder.answer(request.place, Refusal(
                await self.bot.written(request.place, request.actor, refusal.said)))
            return
        await self.bot.caught_up(request.place)  # moves missed while away come first
        later: list[Prepared] = []
        async with self.bot.place_lock(request.place):
            reply = await self.decide(request, attachments, responder, later=later)
            if reply is not None and not isinstance(reply, Duplicate):  # chat, answered before
                await responder.answer(request.place, reply)
        for prepared in later:  # nothing that thinks for long holds the place's lock
            await self._long(request, responder, prepared)

    async def _long(self, request: Request, responder: Responder, prepared: Prepared) -> None:
        """A long answer drawn and posted (outside the place's lock); while it is made, what
        it reports of its progress is shown in one message, posted then edited (the drawing
        reports ``REVIEW_PROGRESS_REPORTS`` times at most), which goes once the answer is out."""
        loop = asyncio.get_running_loop()
        reports: asyncio.Queue[str] = asyncio.Queue()

        def report(text: str) -> None:  # called on the heavy worker's thread
            loop.call_soon_threadsafe(reports.put_nowait, text)
        prepared.reporting(report)
        drawing = asyncio.ensure_future(
            self.bot.game.drawn(prepared, request.actor.server or request.place))
        shown: Shown | None = None
        while not drawing.done():
            getting = asyncio.ensure_future(reports.get())
            await asyncio.wait({drawing, getting}, return_when=asyncio.FIRST_COMPLETED)
            if not getting.done():
                getting.cancel()
            elif not drawing.done():
                try:  # progress is a courtesy: a failed post or edit loses nothing
                    shown = await responder.progress(getting.result(), shown)
                except (discord.HTTPException, *UNREADABLE) as error:
                    log.info("progress in %s not shown: %s", request.place, error)
        await responder.answer(request.place, drawing.result())
        if shown is not None:
            with contextlib.suppress(discord.HTTPException, *UNREADABLE):
                await responder.progress_done(shown)

    async def decide(self, request: Request, attachments: list[Attachment],
                     responder: Responder | None, *,
                     later: list[Prepared] | None = None) -> Reply | None:
        """The service's answer (the caller holds the place's lock); None for chat, a
        message too fast (when said just now) or one seen moments ago. With ``later``, a long
        answer that changes nothing (a review, an animation, a hint: ``Prepared.long``) is put
        there undrawn, for the caller to draw and post once the lock is released, and None is
        returned."""
        addressed = None
        if request.chat:
            addressed = await self.bot.game.read_chat(request.place, str(request.said),
                                                      request.actor.user_id)
            if addressed is None or (request.live and responder is not None
                                     and not await self._within_rate(request, responder)):
                return None
        if not self.bot.first_delivery(request.message_id):
            return None
        started = time.perf_counter()
        try:
            said = await self._settled(request)
        except Refused as refused:
            self.bot.log_handled(request.place, request.actor, request.said, None, started)
            return Refusal(await self.bot.written(request.place, request.actor,
                                         refused.said))
        if later is None or not request.live:
            reply = await self.bot.game.handle(
                request.place, request.actor, said, message_id=str(request.message_id),
                attachments=attachments, addressed=addressed,
                draw=request.live)  # catching up draws the last only
            self.bot.log_handled(request.place, request.actor, said, reply, started)
            return reply
        prepared = await self.bot.game.prepare(
            request.place, request.actor, said, message_id=str(request.message_id),
            attachments=attachments, addressed=addressed)
        self.bot.log_handled(request.place, request.actor, said, prepared.reply, started)
        if prepared.long:
            later.append(prepared)
            return None
        return await self.bot.game.drawn(prepared, request.actor.server or request.place)

    async def _settled(self, request: Request) -> str | Command:
        """What only Discord knows, settled (``Refused`` otherwise): permissions, members, and
        for a press that its position is still the table's."""
        said = request.said.strip() if isinstance(request.said, str) else request.said
        if request.permissions is not None:
            said = await checked(request.guild, said, request.permissions,
                                 in_thread=request.in_thread)
        if request.press is not None:
            stale = await press_refusal(self.bot.game, request.place, request.actor,
                                        *request.press)
            if stale is not None:
                raise Refused(stale)
        return said

    async def _within_rate(self, request: Request, responder: Responder) -> bool:
        limited = self.bot.too_fast(request.place, int(request.actor.user_id))
        if limited is None:
            return True
        await responder.too_fast(*limited)
        return False

    # ---- reading the history after an absence (``catchup.Reader``) ------------------------

    async def command_text(self, message: discord.Message) -> tuple[str, bool] | None:
        """What a message asks of the service and whether it is chat (no prefix), or None for
        table talk: as ``!bus`` and the channel read it when it arrives."""
        context = await self.bot.get_context(message)
        if context.valid:
            if context.command is None or context.command.name != self.bot.command_word:
                return None
            return context.view.read_rest().strip() or "help", False
        content = message.content
        return (content, True) if for_the_bot(content) else None

    async def take_up(self, message: discord.Message, text: str, attachments: list[Attachment],
                      *, chat: bool, live: bool = True) -> Reply | None:
        """``decide`` for a message read from the history (the caller holds the lock and sums
        up the answers)."""
        return await self.decide(Request.of_message(message, text, chat=chat, live=live),
                                 attachments, None)
