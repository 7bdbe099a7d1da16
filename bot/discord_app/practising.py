"""``!bus practice from game G move N [as SEAT] [easy|normal|hard]`` on Discord (issue 36): a
practice table in a new thread of the channel, set at that position of a finished game of this
server, the asker in the seat whose decision it is there (or ``as SEAT``) and the computer in
the others. The real game is only read.

It is the adapter's own because it makes a place (the thread) that the service cannot: the
position is checked first (``practice_from.position_from``), so a refusal makes no thread; then the
thread is made and the table opened in it through the service's ``import``
(``practice_from.open_from``), which counts it as a new game against the member's and the server's
daily allowance, as ``new game`` is.
"""

from __future__ import annotations

import logging
from functools import partial

import discord

from bot import practice_from
from bot.api import Refusal, Reply, Update
from bot.discord_app.bot import BusBot
from bot.discord_app.incoming import actor_for, place_of
from bot.discord_app.logs import one_line
from bot.discord_app.outgoing import answer_nonce, send_to_channel
from engine.text import Msg

log = logging.getLogger(__name__)

#: the thread's name (Discord allows 100 characters)
THREAD_NAME = Msg("practice.thread_name", "Practice from game {game}, move {move}")
NO_THREAD = Msg("practice.no_thread", "I could not open a thread here for the practice table "
                "(I need the Create Public Threads permission); nothing was done.")
ONLY_IN_A_CHANNEL = Msg("practice.only_in_a_channel", "A practice table opens in a new thread "
                        "of a text channel: ask in the channel, not in a thread.")
#: the most characters of a thread's name Discord takes
THREAD_NAME_CHARS = 100


async def practise_from(bot: BusBot, message: discord.Message, asked: practice_from.Asked) -> None:
    """Answer ``practice from ...`` in ``message``'s channel: a refusal there (nothing made),
    or a thread on the message (Discord shows it under the message) with the practice table
    in it."""
    place = place_of(message.channel.id)
    actor = actor_for(message.author)

    async def refuse(reply: Reply) -> None:
        try:
            await send_to_channel(message.channel, reply, answering=message,
                                  nonce=answer_nonce(message.id))
        except discord.HTTPException as error:
            log.warning("answer in %s not posted: %s", place, one_line(error))

    if not isinstance(message.channel, discord.TextChannel):
        await refuse(Refusal(await bot.written(place, actor, ONLY_IN_A_CHANNEL())))
        return
    service = bot.game.service
    start = await bot.game.on_db(partial(practice_from.position_from, service, asked.game,
                                         asked.move, asked.seat, actor.server))
    if not isinstance(start, practice_from.StartingPoint):
        await refuse(Refusal(await bot.written(place, actor, start)))
        return
    name = await bot.written(place, actor, THREAD_NAME(game=asked.game, move=asked.move))
    try:
        thread = await message.create_thread(name=name[:THREAD_NAME_CHARS])
    except discord.HTTPException as error:
        log.info("no practice thread in %s: %s", place, one_line(error))
        await refuse(Refusal(await bot.written(place, actor, NO_THREAD())))
        return
    there = place_of(thread.id)
    async with bot.place_lock(there):
        opened = await bot.game.on_db(partial(
            practice_from.open_from, service, there, asked.game, asked.move, asked.seat,
            asked.level, actor))
        for reply in opened.said:
            if isinstance(reply, Update) and reply.announcement is not None:
                await bot.courier.deliver(there, reply)  # a change: through the outbox
                continue
            try:
                await send_to_channel(thread, reply)
            except discord.HTTPException as error:
                log.warning("answer in %s not posted: %s", there, one_line(error))
