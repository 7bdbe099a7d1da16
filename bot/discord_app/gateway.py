"""The gateway kept: whatever the gateway sends or does, a shard reconnects, at a sane pace.

discord.py (2.7.1, pinned) reads every gateway frame before busbot sees anything, and its shard
loop (``discord.shard``) ends the whole client, and so the process, on a frame it cannot read
(not JSON, a JSON array, a READY without its session) or on a ``ReconnectWebSocket`` raised
while it was already reconnecting (a gateway that accepts the connection and closes it before
HELLO); and it reconnects at once, without any pause, each time a gateway closes right after
the handshake (hundreds of connections a second). This module is a small layer over that loop,
which ``ShardedBusBot`` uses in place of discord.py's own:

- ``CheckedWebSocket`` is discord.py's websocket that first checks that each frame is a gateway
  message (a JSON object with an op code; HELLO with its interval; READY with its session).
  A frame that is not ends that connection (``BadFrame``), and the shard reconnects, resuming
  its session where it has one: nothing is skipped unseen.
- ``SteadyShard`` is discord.py's shard whose reader owns its reconnections: after every loss,
  whatever raised it, the shard connects again on its own task, paced by its ``Pace``. Only the
  close codes that no retry can fix (``FATAL``: 4004, a refused token, and 4010-4014) end the
  client; the runner turns each into one sentence.
- ``Pace`` is one shard's pacing: the first try after a connection that had worked is immediate
  (Discord asks bots to reconnect routinely), then exponential backoff with jitter, capped at
  ``CAP`` seconds, and never more than ``PER_MINUTE`` connection attempts in any minute. A burst
  of failures is logged twice: when it begins and when the shard works again.
- ``IdentifyGate``: at most one IDENTIFY per five seconds across the shards (Discord's
  ``max_concurrency`` of 1), in place of discord.py's fixed five-second sleep before each one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import yarl
from discord.errors import ConnectionClosed
from discord.gateway import DiscordWebSocket, ReconnectWebSocket
from discord.shard import EventItem, EventType, Shard

from bot.discord_app.logs import one_line

if TYPE_CHECKING:
    from discord.shard import AutoShardedClient

log = logging.getLogger(__name__)

#: Close codes after which no new connection can succeed: 4004 authentication failed, 4010
#: invalid shard, 4011 sharding required, 4012 invalid API version, 4013 invalid intents, 4014
#: disallowed (privileged) intents. Every other close, and every error, is followed by a retry.
FATAL = frozenset({4004, 4010, 4011, 4012, 4013, 4014})

#: The pause before the second try in a row (the first is immediate); it doubles with each
#: further failure, with jitter (between half and all of it), up to ``CAP``.
FIRST = 1.0
CAP = 60.0
#: At most this many connection attempts per shard in any ``WINDOW`` seconds, whatever happens.
PER_MINUTE = 10
WINDOW = 60.0
#: ... as the gateway counts them, on its own clock: an attempt may arrive a moment after it
#: began (a busy machine, a slow network), so the first and the eleventh are kept this much
#: further apart than the window (the soak counted 11 in a minute at its gateway without it).
SLACK = 2.0
#: A connection that worked this long was a good one: the next loss starts afresh.
STEADY = 10.0
#: How long one connection attempt (to HELLO, and the IDENTIFY or RESUME) may take.
CONNECT_SECONDS = 60.0
#: Discord takes one IDENTIFY per this many seconds (``max_concurrency`` 1).
IDENTIFY_EVERY = 5.0

BURST = ("the gateway of shard %s failed %d times in a row (last: %s); trying again with "
         "pauses growing to %.0f s, at most %d connections a minute")
BACK = "the gateway of shard %s works again, after %d failed connections in %.0f s"
BAD = "shard %s: %s; reconnecting"


class BadFrame(ReconnectWebSocket):
    """A gateway frame that is not a gateway message: the connection is closed and the shard
    reconnects (``resume``: its session still holds)."""

    def __init__(self, shard_id: int | None, why: str, *, resume: bool) -> None:
        super().__init__(shard_id, resume=resume)
        self.why = why


def read_frame(text: str) -> dict[str, Any]:
    """``text`` as a gateway message, or ``Unreadable`` saying what makes it none. Only what
    discord.py's reader relies on is checked: event payloads are the parsers' to judge
    (``incoming.guard_parsers``). A session survives a bad frame (it is resumed); one that never
    began (a READY without its session answering IDENTIFY) is begun again."""
    try:
        frame = json.loads(text)
    except ValueError:
        raise Unreadable(f"the gateway sent a frame that is not JSON ({_shown(text)})") from None
    if not isinstance(frame, dict):
        raise Unreadable(f"the gateway sent a JSON {type(frame).__name__}, not an object")
    op, event, data = frame.get("op"), frame.get("t"), frame.get("d")
    if type(op) is not int:
        raise Unreadable(f"the gateway sent a frame without an op code ({_shown(text)})")
    if frame.get("s") is not None and type(frame.get("s")) is not int:
        raise Unreadable("the gateway sent a frame whose sequence number is not a number")
    if event is not None and not isinstance(event, str):
        raise Unreadable("the gateway sent an event whose name is not text")
    if op == DiscordWebSocket.HELLO and not (
            isinstance(data, dict) and isinstance(data.get("heartbeat_interval"), int | float)
            and data["heartbeat_interval"] > 0):
        raise Unreadable("the gateway sent HELLO without a heartbeat interval")
    if op == DiscordWebSocket.DISPATCH and event == "READY" and not _ready(data):
        raise Unreadable("the gateway sent READY without its session")
    if op == DiscordWebSocket.DISPATCH and event == "RESUMED" and not isinstance(data, dict):
        raise Unreadable("the gateway sent RESUMED without its payload")
    return frame


class Unreadable(Exception):
    """Why a frame is not a gateway message."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _ready(data: Any) -> bool:
    """A READY discord.py can start a session from."""
    if not isinstance(data, dict):
        return False
    shard = data.get("shard")
    return (isinstance(data.get("session_id"), str)
            and isinstance(data.get("resume_gateway_url"), str)
            and isinstance(data.get("user"), dict) and isinstance(data.get("guilds"), list)
            and isinstance(shard, list) and len(shard) == 2
            and all(type(n) is int for n in shard))


def _shown(text: str) -> str:
    return repr(text[:40] + ("…" if len(text) > 40 else ""))


class CheckedWebSocket(DiscordWebSocket):
    """discord.py's gateway websocket, checking each frame before discord.py reads it.

    ``established_at`` is when this connection's session began (READY or RESUMED arrived), on
    the monotonic clock; None until then."""

    established_at: float | None = None

    async def received_message(self, msg: Any, /) -> None:
        if type(msg) is bytes:
            try:
                msg = self._decompressor.decompress(msg)
            except Exception as error:  # whatever failed, the stream cannot be read on
                await self._reject(Unreadable(f"the gateway sent a frame that cannot be "
                                              f"decompressed ({one_line(error)})"))
            if msg is None:  # a part of a message; the rest follows
                return
        try:
            frame = read_frame(msg)
        except Unreadable as unreadable:
            await self._reject(unreadable)
        await super().received_message(msg)
        if self.established_at is None and frame.get("t") in ("READY", "RESUMED"):
            self.established_at = time.monotonic()

    async def _reject(self, unreadable: Unreadable) -> NoReturn:
        """End this connection over an unreadable frame (keeping the session resumable: close
        code 4000, not 1000)."""
        await self.close(code=4000)
        raise BadFrame(self.shard_id, unreadable.why, resume=self.session_id is not None)


class Pace:
    """When one shard may try to connect: see the module's description.

    ``failures`` counts the connections in a row that failed or did not last ``steady``
    seconds; the try after the first failure is immediate, later ones wait ``first * 2**(n-2)``
    (n failures) with jitter, at most ``cap``; and no try comes while ``per_minute`` tries
    were made in the last ``window`` seconds (a minute and ``SLACK``). ``clock`` and ``rng``
    are for the tests."""

    def __init__(self, *, first: float = FIRST, cap: float = CAP, per_minute: int = PER_MINUTE,
                 window: float = WINDOW + SLACK, steady: float = STEADY,
                 clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None) -> None:
        self.first, self.cap, self.per_minute = first, cap, per_minute
        self.window, self.steady, self.clock = window, steady, clock
        self.rng = rng or random.Random()
        self.failures = 0
        self.tries: deque[float] = deque()
        #: when the current burst (two or more failures in a row) began, and its failures
        self.burst_began: float | None = None

    def delay(self) -> float:
        """Seconds to wait before the next connection attempt."""
        now = self.clock()
        while self.tries and self.tries[0] <= now - self.window:
            self.tries.popleft()
        backoff = 0.0
        if self.failures >= 2:
            ceiling = min(self.cap, self.first * 2.0 ** min(self.failures - 2, 30))
            backoff = self.rng.uniform(ceiling / 2, ceiling)
        limited = (self.tries[0] + self.window - now) if len(self.tries) >= self.per_minute \
            else 0.0
        return max(backoff, limited, 0.0)

    def trying(self) -> None:
        """A connection attempt begins now."""
        self.tries.append(self.clock())

    def failed(self) -> bool:
        """A connection attempt failed, or a connection ended before it had lasted; True when
        this begins a burst (the caller says so, once)."""
        self.failures += 1
        if self.failures == 2:
            self.burst_began = self.clock()
            return True
        return False

    def working(self, lasted: float | None) -> tuple[int, float] | None:
        """The connection's session has worked for ``lasted`` seconds (None: it never began);
        once that is long enough the failures are forgotten, and for a burst that ends so its
        failures and seconds are returned (the caller says so, once)."""
        if lasted is None or lasted < self.steady or not self.failures:
            return None
        ended = None
        if self.burst_began is not None:
            ended = (self.failures, self.clock() - lasted - self.burst_began)
        self.failures, self.burst_began = 0, None
        return ended


class QuietInBursts(logging.Filter):
    """discord.py's own line for each session begun or ended ("Shard ID 0 has connected to
    Gateway", "... RESUMED ...", "... session has been invalidated"), kept out of the log while
    its shard is in a burst of failures: a burst is told twice by this module, not once per
    try. Attached to discord.py's gateway logger for the life of one client (``paces``: its
    shards' paces)."""

    def __init__(self, paces: dict[int, Pace]) -> None:
        super().__init__()
        self.paces = paces

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO or not isinstance(record.args, tuple) \
                or not record.args or type(record.args[0]) is not int:
            return True
        pace = self.paces.get(record.args[0])
        return pace is None or pace.failures < 2


class IdentifyGate:
    """Discord takes one IDENTIFY per ``IDENTIFY_EVERY`` seconds from a bot (its
    ``max_concurrency`` is 1 for all but the largest): shards that identify at once wait their
    turn, and one that identifies long after the last does not wait at all."""

    def __init__(self, every: float = IDENTIFY_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self._last = -math.inf
        self._lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self._lock:
            pause = self._last + self.every - self.clock()
            if pause > 0:
                await asyncio.sleep(pause)
            self._last = self.clock()


async def connect_shard(client: AutoShardedClient, pace: Pace, shard_id: int, *, resume: bool,
                        previous: DiscordWebSocket | None = None,
                        gateway: yarl.URL | None = None,
                        initial: bool = False) -> CheckedWebSocket | None:
    """A new gateway connection for ``shard_id`` (resuming ``previous``'s session with
    ``resume``), tried until one opens, at ``pace``; None when the client closed meanwhile.
    A fatal close (``FATAL``) is raised as discord.py's ``ConnectionClosed``."""
    while not client.is_closed():
        if not await _paused(client, pace.delay()):
            return None
        resuming = resume and previous is not None and previous.session_id is not None
        pace.trying()
        try:
            return await asyncio.wait_for(CheckedWebSocket.from_client(
                client, initial=initial, shard_id=shard_id,
                gateway=previous.gateway if resuming and previous is not None else gateway,
                session=previous.session_id if resuming and previous is not None else None,
                sequence=previous.sequence if resuming and previous is not None else None,
                resume=resuming), timeout=CONNECT_SECONDS)
        except ConnectionClosed as closed:
            if closed.code in FATAL:
                raise
            why = f"closed with code {closed.code}"
        except BadFrame as bad:
            resume, why = resume and bad.resume, bad.why
        except ReconnectWebSocket as again:  # closed before HELLO, or a RECONNECT at once
            resume, why = resume and again.resume, "closed before the session began"
        except asyncio.CancelledError:
            raise
        except Exception as error:  # refused, reset, timed out, a 5xx: all worth a retry
            why = one_line(error) if str(error) else type(error).__name__
        if pace.failed():
            log.warning(BURST, shard_id, pace.failures, why, pace.cap, pace.per_minute)
        else:
            log.debug("shard %s: connecting failed (%s)", shard_id, why)
    return None


async def _paused(client: AutoShardedClient, seconds: float) -> bool:
    """Wait ``seconds`` (a backoff may be a minute), ending early when the client closes (a
    SIGTERM meanwhile); False when it closed."""
    end = time.monotonic() + seconds
    while not client.is_closed() and (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(left, 0.25))
    return not client.is_closed()


class SteadyShard(Shard):
    """discord.py's shard, reconnecting by itself whatever ends its connection: see the
    module's description. Its reader task reads the gateway, and after a loss connects again
    (paced by ``pace``) and reads on; discord.py's client loop only hears of fatal closes."""

    def __init__(self, ws: CheckedWebSocket, client: AutoShardedClient,
                 queue_put: Callable[[EventItem], None], pace: Pace) -> None:
        super().__init__(ws, client, queue_put)
        self.pace = pace
        self._auto: AutoShardedClient = client

    def launch(self, *, again: bool | None = None) -> None:
        """Start reading (after connecting again first, resuming with ``again=True``)."""
        self._task = self._client.loop.create_task(self._read(again))

    async def worker(self) -> None:
        await self._read(None)

    async def reconnect(self) -> None:
        """``ShardInfo.reconnect``: a fresh session, on the shard's own task."""
        self._cancel_task()
        self.launch(again=False)

    async def reidentify(self, exc: ReconnectWebSocket) -> None:
        self._cancel_task()
        self.launch(again=exc.resume)

    async def _read(self, again: bool | None) -> None:
        try:
            if again is not None and not await self._connect(again):
                return
            while not self._client.is_closed():
                notable = False  # worth a line of its own (when not in a burst)
                try:
                    await self.ws.poll_event()
                except ConnectionClosed as closed:
                    if self._client.is_closed():
                        return
                    if closed.code in FATAL:
                        self._queue_put(EventItem(EventType.close, self, closed))
                        return
                    resume, why = True, f"closed with code {closed.code}"
                except BadFrame as bad:
                    resume, why, notable = bad.resume, bad.why, True
                except ReconnectWebSocket as signal:  # a close, RECONNECT, an invalid session
                    resume, why = signal.resume, "the connection was closed"
                except Exception as error:  # anything else the connection raised
                    resume, why, notable = True, one_line(error), True
                else:
                    self._worked()
                    continue
                if self._client.is_closed():
                    return
                if not await self._after_loss(resume, why, notable):
                    return
        except asyncio.CancelledError:
            return
        except ConnectionClosed as closed:  # fatal, while connecting again
            self._queue_put(EventItem(EventType.close, self, closed))

    def _lasted(self) -> float | None:
        """How long the connection's session has worked (None: it never began)."""
        began = getattr(self.ws, "established_at", None)
        return None if began is None else time.monotonic() - began

    def _worked(self) -> None:
        """After each frame: a connection that has worked long enough ends a burst."""
        if self.pace.failures:
            ended = self.pace.working(self._lasted())
            if ended is not None:
                log.info(BACK, self.id, *ended)

    async def _after_loss(self, resume: bool, why: str, notable: bool) -> bool:
        """Note the loss (told once, not for every failed connection of a burst), then
        connect again; False when the client closed meanwhile."""
        ended = self.pace.working(self._lasted())
        if ended is not None:
            log.info(BACK, self.id, *ended)
        fresh = not self.pace.failures
        if fresh and notable:
            log.warning(BAD, self.id, why)
        if self.pace.failed():
            log.warning(BURST, self.id, self.pace.failures, why, self.pace.cap,
                        self.pace.per_minute)
        if fresh:
            self._dispatch("disconnect")
            self._dispatch("shard_disconnect", self.id)
        log.debug("shard %s: connection lost (%s)", self.id, why)
        return await self._connect(resume)

    async def _connect(self, resume: bool) -> bool:
        ws = await connect_shard(self._auto, self.pace, self.id, resume=resume, previous=self.ws)
        if ws is None:
            return False
        self.ws = ws
        return True


async def launch_shard(client: AutoShardedClient, paces: dict[int, Pace],
                       gateway: yarl.URL, shard_id: int, *, initial: bool = False) -> None:
    """``AutoShardedClient.launch_shard`` with this module's websocket, pace and shard: the
    first connection is tried (paced) until it opens, then the shard reads on its own task."""
    pace = paces.setdefault(shard_id, Pace())
    ws = await connect_shard(client, pace, shard_id, resume=False, gateway=gateway,
                             initial=initial)
    if ws is None:
        return
    # discord.py keeps its shards and its event queue in private attributes of the client:
    # the one place this layer reaches into them (discord.py is pinned; the wire tests run it).
    state = vars(client)
    queue: asyncio.PriorityQueue[EventItem] = state["_AutoShardedClient__queue"]
    shards: dict[int, Shard] = state["_AutoShardedClient__shards"]
    shard = SteadyShard(ws, client, queue.put_nowait, pace)
    shards[shard_id] = shard
    shard.launch()
