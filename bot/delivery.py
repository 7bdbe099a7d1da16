"""Getting what the outbox holds to the table: in order, exactly once, and never given up.

The ``Courier`` knows nothing of Discord: a ``Sender`` posts a reply in a place (raising
``Refused`` when the place will not take it, anything else for a passing failure) and tells a
person privately. A place's posts go out oldest first; when one fails the later ones wait behind
it, so the table never reads a move before the one it follows.

Posts owed from before are not sent as they were written (an old ping, old buttons): the place's
owed announcements go out as one current update, their texts in order, the picture of where the
table stands, and a ping only for whoever must act now. Each post carries a nonce made from the
announcements it holds, and a batch that failed is retried as exactly the same batch: when a post
reached Discord but its answer was lost, the retry's nonce is the same and Discord answers with
the message already made instead of posting it again. A post is marked sent only after the
sender returned, and noted as "maybe posted" with its nonce just before it is sent, so a crash
in between repeats the very same post, which Discord recognises, rather than losing it.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.api import Announcement, DirectPing, Reply
from bot.service.async_face import AsyncGameService
from bot.service.store.outbox import MAYBE_POSTED
from bot.service.words.catalogue import Said, say
from engine.text import Msg

log = logging.getLogger(__name__)


class NotPosted(Exception):
    """The post certainly was not made (a clear answer saying so): it may be retried as part
    of a different batch. ``said`` is why, as the moderator may be told it (``str()``: its
    English, for the log and the outbox's note)."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said


class Refused(NotPosted):
    """The place will not take the post (a missing permission, a deleted channel): the game's
    moderator is told, once, and the post waits until it can go out."""


#: Characters per message of a post in several parts (Discord allows 2,000; room for the pings).
PART_CHARS = 1800
#: The first line of a post that brings several owed announcements at once.
LATE = Msg("delivery.late", "Posted late (I could not post here before); what happened, in "
           "order:")


class Sender(Protocol):
    async def post(self, place: str, reply: Reply, *, nonce: str | None = None) -> str | None:
        """Post ``reply`` in ``place`` (each of its messages with a nonce made from ``nonce``,
        the same for every attempt); raise ``Refused`` or any other error when it failed. The
        link of the message that carries its pings, where there is one."""

    async def tell(self, user_id: str, text: str, *, nonce: str | None = None) -> str | None:
        """Tell ``user_id`` privately (a direct message, with ``nonce`` where given, the same
        for every attempt); ``Refused`` when they do not take direct messages from the bot.
        The link of the message."""

    async def take_down_direct(self, link: str) -> None:
        """Delete the bot's direct message at ``link`` (a direct ping replaced by a newer
        one); raise when it could not."""

    async def take_down(self, place: str, link: str) -> None:
        """Delete the bot's message at ``link`` in ``place`` (a reminder replaced by a newer
        one); raise when it could not."""


#: What the courier needs from the game service: its face, awaited (``bot.api.GameFace``'s
#: ``unsent``, ``owed``, ``mark_sent``, ``mark_failed``, ``mark_posting``, ``waiting_user``).
OutboxBackend = AsyncGameService


CANNOT_POST = Msg("delivery.cannot_post", "I cannot post in <#{place}>, where your Bus game is "
                  "played: {reason}. The moves made there are kept, and what I owe the table (the "
                  "replies, the picture, the ping of whoever is to act) goes out as soon as I may "
                  "post there: give me Send Messages, Attach Files and, in a thread, Send "
                  "Messages in Threads. I will not write about this again until it has been "
                  "fixed.")


#: A turn's ping, or a reminder, by direct message (``notify dm``): the post, with where it is.
DIRECT_PING = Msg("delivery.direct_ping", "A Bus game pinged you in <#{place}> ({link}):\n{text}")
#: The one channel ping of a member whose direct messages are closed.
DM_FALLBACK = Msg("delivery.dm_fallback", "<@{user}>, the post above pinged you: I could not "
                  "send you a direct message, so your pings come here for a week (`notify` "
                  "says where they go).")
#: the most of a post a direct message repeats
DIRECT_CHARS = 1500


def moderator_notice(place: str, reason: Said, language: str | None = None) -> str:
    """The one private message a game's moderator gets when its place refuses the bot's posts,
    in the language of the game's posts (``reason``: the sender's, with Discord's own words in
    it)."""
    return say(CANNOT_POST(place=place, reason=reason), language)


class Courier:
    """Posts the service's announcements through ``sender``; callers hold the place's lock."""

    def __init__(self, backend: OutboxBackend, sender: Sender) -> None:
        self.backend = backend
        self.sender = sender

    async def deliver(self, place: str, reply: Reply) -> bool:
        """Post a change's fresh reply, after any older posts the place is still owed. True when
        everything the place is owed is out; else it stays in the outbox for a retry."""
        if reply.announcement is None:
            await self.sender.post(place, reply)
            return True
        return await self.deliver_together(place, reply, [Block(reply.text,
                                                                (reply.announcement,))])

    async def deliver_together(self, place: str, last: Reply, blocks: list[Block]) -> bool:
        """Post ``blocks`` (a fresh change, or a catch-up summary: each block with the
        announcements it carries), ``last`` giving the picture, buttons and pings, with what
        the place was owed from before in front of them; as ``deliver``. (A batch that may have
        been posted already goes first, exactly as it was.)"""
        first = min((i for block in blocks for i in block.ids), default=None)
        while first is not None and (owed := [
                item for item in await self.backend.unsent(place) if item.id < first]):
            if not owed[0].maybe_posted_as:
                blocks = _owed_blocks(owed, header=True) + blocks
                break
            batch = _batch(owed)
            if not await self.post_blocks(place, *await self._coalesced(place, batch),
                                          unsure=True):
                return False
        return await self.post_blocks(place, blocks, last)

    async def flush(self, place: str, *, before: int | None = None) -> bool:
        """Post the place's unsent announcements (those older than ``before``) coalesced, a
        batch at a time; stop at the first failure. True when none is left."""
        while True:
            owed = [item for item in await self.backend.unsent(place)
                    if before is None or item.id < before]
            if not owed:
                return True
            batch = _batch(owed)
            if not await self.post_blocks(place, *await self._coalesced(place, batch),
                                          unsure=bool(batch[0].maybe_posted_as)):
                return False

    async def post_blocks(self, place: str, blocks: list[Block], last: Reply, *,
                          unsure: bool = False) -> bool:
        """Post ``blocks`` as few messages as fit, split between blocks, ``last``'s picture,
        buttons and pings on the last; each message's announcements are marked sent as soon as
        it is out, so a failure midway repeats nothing that went out. True when all went.
        An ``unsure`` batch (one part that may have been posted) goes again as one part, with
        that part's nonce, so Discord can recognise it."""
        parts = [blocks] if unsure else _parts(blocks)
        for index, part in enumerate(parts):
            text = "\n".join(block.text for block in part)
            if index == len(parts) - 1:
                reply = copy.copy(last)
                reply.text = text
            else:
                reply = Reply(text)
            if not await self._send(place, [i for block in part for i in block.ids], reply,
                                    unsure=unsure):
                return False
        return True

    async def remind(self, place: str, reply: Reply) -> None:
        """Post a reminder that is not kept in the outbox (the bot-wide ``reminder_hours`` one:
        marked given when it was handed out), pinging each member where they chose (``notify``)
        as an announcement does; raises as ``Sender.post`` when the post failed."""
        reply, direct = await self._ways(reply)
        link = await self.sender.post(place, reply)
        if direct:
            await self.backend.mark_sent([], _pings(place, direct, reply.text, link))
            await self.send_direct(place)

    async def send_direct(self, place: str | None = None) -> None:
        """Send the direct pings owed (of ``place``, or of every place: the callers hold its
        lock), each once."""
        for ping in await self.backend.unsent_direct(place):
            await self._direct(ping)

    async def _ways(self, reply: Reply) -> tuple[Reply, list[tuple[str, str]]]:
        """``reply`` pinging in the channel only those who chose it (``notify channel|both``),
        and who is to be pinged by direct message instead or too, with the language of what
        they alone read (``off``: neither)."""
        if not reply.mentions:
            return reply, []
        ways = await self.backend.ping_ways(reply.mentions)
        direct = [(user, ways[user][1]) for user in reply.mentions
                  if ways[user][0] in ("dm", "both")]
        reply = copy.copy(reply)
        reply.mentions = [user for user in reply.mentions
                          if ways[user][0] in ("channel", "both")]
        return reply, direct

    async def retry_due(self, now: float, lock: Callable[[str], asyncio.Lock],
                        *, everything: bool = False) -> int:
        """Try again in every place whose oldest unsent post is due by ``now`` (all of them
        with ``everything``, as at a start); returns how many places are now clear."""
        items = await self.backend.unsent(due_by=None if everything else now)
        clear = 0
        for place in dict.fromkeys(item.place for item in items):
            async with lock(place):
                if await self.flush(place):
                    clear += 1
        # direct pings a stop left owed between their post and their message
        for place in dict.fromkeys(ping.place for ping in await self.backend.unsent_direct()):
            async with lock(place):
                await self.send_direct(place)
        return clear

    async def _coalesced(self, place: str, batch: list[Announcement]
                         ) -> tuple[list[Block], Reply]:
        """One current update for ``batch``: every text in order, the last one's picture and
        buttons, and a ping only for a player named in them whose decision it is now."""
        reply = await self.backend.owed(batch[-1])
        waiting = await self.backend.waiting_user(place)
        named = {user for item in batch for user in item.mentions}
        reply.mentions = [waiting] if waiting is not None and waiting in named else []
        return _owed_blocks(batch, header=len(batch) > 1), reply

    async def _send(self, place: str, ids: list[int], reply: Reply, *,
                    unsure: bool = False) -> bool:
        """Post ``reply`` for the announcements ``ids``; ``unsure``: an earlier try of this
        very batch may have been posted, so whatever this try's answer, it stays unsure (and is
        retried exactly) until one is accepted."""
        if not ids:  # answers only (a summary's refusals): not kept, so not retried
            try:
                await self.sender.post(place, reply)
            except Exception as error:
                log.warning("answers for %s not posted: %s: %s", place, type(error).__name__,
                            error)
                return False
            return True
        nonce = f"bus{ids[0]}-{ids[-1]}"
        still = f"{MAYBE_POSTED}{nonce}: " if unsure else ""
        reply, direct = await self._ways(reply)  # where each member pinged wants it
        # Written ahead: if the process dies during the post, the next start retries exactly
        # this part with this nonce (a clear answer below replaces the note).
        await self.backend.mark_posting(ids, nonce)
        try:
            link = await self.sender.post(place, reply, nonce=nonce)
        except Refused as error:
            await self._failed(place, ids, str(error), refused=True, stored=still,
                               said=error.said)
            return False
        except NotPosted as error:  # a clear "no": tried again later, in any batch
            await self._failed(place, ids, str(error), refused=False, stored=still)
            return False
        except Exception as error:  # the network, a lost answer: maybe made; retried exactly
            await self._failed(place, ids, f"{type(error).__name__}: {error}",
                               refused=False, stored=f"{MAYBE_POSTED}{nonce}: ")
            return False
        # the direct pings it owes are kept with it being sent: a stop now loses none
        await self.backend.mark_sent(ids, _pings(place, direct, reply.text, link))
        if link is not None:  # a reminder replaces the decision's earlier one: never a pile
            for old in await self.backend.replaced(ids, link):
                try:
                    await self.sender.take_down(place, old)
                except Exception as error:  # gone already, or no permission: it stays
                    log.info("the replaced reminder %s in %s stays: %s", old, place, error)
        if direct:
            await self.send_direct(place)
        return True

    async def _direct(self, ping: DirectPing) -> None:
        """Send the owed direct ping (after its post is out, so a direct message never tells
        of a post the table cannot see), taking down the earlier one of the same reminder's
        decision; when Discord refuses it (closed direct messages) or it fails, one ping in the
        place instead. Marked done only after, with a nonce of its own for the message and the
        fallback alike, so a stop in between repeats the same message, which Discord drops."""
        user, place, nonce = ping.user_id, ping.place, f"busdm{ping.id}"
        try:
            link = await self.sender.tell(user, ping.text, nonce=nonce)
        except Refused as error:
            log.info("direct ping to %s refused (%s): pinged in %s instead", user, error, place)
            await self.backend.dms_closed(user)
        except Exception as error:
            log.warning("direct ping to %s failed (%s: %s): pinged in %s instead", user,
                        type(error).__name__, error, place)
        else:
            for old in await self.backend.direct_sent(ping.id, link):
                try:
                    await self.sender.take_down_direct(old)
                except Exception as error:  # gone already: it stays
                    log.info("the replaced direct ping %s stays: %s", old, error)
            return
        try:
            await self.sender.post(place, Reply(say(DM_FALLBACK(user=user), ping.language),
                                                mentions=[user]), nonce=nonce)
        except Exception as error:  # the post itself went out: the name is written there
            log.warning("the fallback ping of %s in %s was not posted: %s", user, place, error)
        await self.backend.direct_sent(ping.id, None)

    async def _failed(self, place: str, ids: list[int], error: str, *, refused: bool,
                      stored: str = "", said: Said | None = None) -> None:
        """Count the failure on every announcement of the batch (kept with ``stored`` in front
        of the error: the nonce, when the batch may have been posted), and tell the game's
        moderator once when refused."""
        failures = [await self.backend.mark_failed(item, stored + error, refused=refused)
                    for item in ids]
        log.warning("post %s to %s failed (%s); next try in %.0f s",
                    ", ".join(map(str, ids)), place, error, failures[0].wait)
        told = next((f for f in failures if f.tell is not None), None)
        if told is None or told.tell is None:
            return
        tell = told.tell
        try:
            notice = moderator_notice(place, said or error, told.language)
            await self.sender.tell(tell, notice)
        except Exception as problem:  # closed direct messages: the log is all that is left
            log.warning("could not tell the moderator of %s (%s): %s", place, tell, problem)


def _pings(place: str, direct: list[tuple[str, str]], text: str,
           link: str | None) -> list[DirectPing]:
    """The direct pings a post at ``link`` owes: each member's, in their language, with the
    post (``DIRECT_CHARS`` of it at most) and where it is."""
    shown = text if len(text) <= DIRECT_CHARS else text[:DIRECT_CHARS] + "..."
    return [DirectPing(user, language, say(DIRECT_PING(place=place, link=link or f"<#{place}>",
                                                       text=shown), language), place)
            for user, language in direct]


@dataclass(frozen=True, slots=True)
class Block:
    """A piece of a post's text (a line or a paragraph, never split) and the announcements it
    carries."""

    text: str
    ids: tuple[int, ...] = ()
    #: the characters it may take: a summary's line counts as its change's whole text, which a
    #: retry of its part would post in its place
    size: int = 0

    @property
    def cost(self) -> int:
        return max(len(self.text), self.size) + 1


def _owed_blocks(items: Sequence[Announcement], *, header: bool) -> list[Block]:
    """The texts of ``items`` as paragraphs, under "Posted late..." with ``header``."""
    blocks = [Block(item.text.strip() + "\n", (item.id,)) for item in items]
    if not header or not items:
        return blocks
    return [Block(say(LATE(), items[0].language) + "\n"), *blocks]


def _parts(blocks: list[Block]) -> list[list[Block]]:
    """``blocks`` packed into messages of at most ``PART_CHARS`` (a longer block alone)."""
    parts: list[list[Block]] = [[]]
    size = 0
    for block in blocks:
        if parts[-1] and size + block.cost > PART_CHARS:
            parts.append([])
            size = 0
        parts[-1].append(block)
        size += block.cost
    return parts


def _batch(owed: list[Announcement]) -> list[Announcement]:
    """The oldest owed announcements that go out together: all of them, unless the last try
    may have been posted after all; then exactly that batch again (same nonce), the others
    after it."""
    first = owed[0].maybe_posted_as
    if first:
        return list(itertools.takewhile(lambda item: item.maybe_posted_as == first, owed))
    return list(itertools.takewhile(lambda item: not item.maybe_posted_as, owed))
