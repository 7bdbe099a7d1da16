"""A small Discord on loopback: the gateway and the REST API busbot uses, spoken over real sockets.

busbot runs unmodified against it with discord.py's own HTTP client and gateway code, pointed
here by the ``api_base`` and ``gateway_url`` settings. The server records every request and every
gateway frame, so the wire tests can assert exactly what real Discord would see: IDENTIFY and its
intents, message bodies, multipart uploads, interaction callbacks, command publishing.

It implements what busbot touches, the way Discord documents it: HELLO, IDENTIFY -> READY and
GUILD_CREATE, heartbeats and their ACKs, RESUME with a replay of missed events, member queries;
``/users/@me``, ``/oauth2/applications/@me``, ``/gateway/bot``, creating messages (JSON or
multipart), reading a channel's history, direct messages, interaction callbacks and webhook
follow-ups, publishing commands, fetching a member, and attachment downloads. Failures can be
injected: a 429 rate-limit answer, a refused publish, a channel that refuses posts. It can also
misbehave the ways other Discord-compatible servers and bad networks do: history pages answered
oldest first, posts refused with a given status, a post made but its answer lost, publish answers
without ids, and any raw gateway frame. Its gateway can refuse connections (503), accept one and
close it before HELLO, or close it right after the session began (READY or RESUMED), for the
next connections or for every one (a storm), send frames that are no gateway message
(``BAD_FRAMES``), and close with a given code when the bot identifies. Its interaction endpoint
can answer a callback with an empty 204 (as some servers do) or 404, and follow-ups with
``404 Unknown Webhook``; a press can come without a channel. Like Discord it keeps a post's nonce
(with ``enforce_nonce``) and answers a repeat with the message already made.

Every gateway connection is noted (``connections``: when each began, refused ones included), and
``connected`` is set whenever a session begins (READY or RESUMED), so tests wait on events.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

ALL_PERMISSIONS = (1 << 50) - 1
#: Frames no gateway message is made of, as a bad network or a broken server sends them.
BAD_FRAMES: dict[str, str] = {
    "empty": "",
    "not JSON": "this is not json {{{",
    "a JSON array": "[]",
    "READY without payload": json.dumps({"op": 0, "t": "READY", "s": 1, "d": None}),
    "READY without its session": json.dumps({"op": 0, "t": "READY", "s": 1, "d": {}}),
}
#: What the gateway can do to a connection (``gateway_faults``, ``every_connection``).
GATEWAY_FAULTS = ("refuse", "close before hello", "close after ready")
DISCORD_EPOCH_MS = 1_420_070_400_000
_last_id = 0


async def a_moment() -> None:
    """A moment of quiet: what a server with no bot of this process to watch waits, after
    the posts it expected, for any more."""
    await asyncio.sleep(0.05)


def new_id() -> int:
    """A snowflake as Discord makes them: the time it was made in its top bits (so a message's
    ``created_at`` is when it was posted), unique and increasing."""
    global _last_id
    _last_id = max(_last_id + 1, int(time.time() * 1000 - DISCORD_EPOCH_MS) << 22)
    return _last_id


@dataclass
class Request:
    """One REST call as the server received it."""

    method: str
    path: str
    at: float
    json: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    query: dict[str, str] = field(default_factory=dict)

    @property
    def creates_message(self) -> bool:
        """A message that appears in a channel (a post, or an interaction follow-up)."""
        return self.method == "POST" and (
            self.path.endswith("/messages") or self.path.startswith("/api/v10/webhooks/")
        )


@dataclass
class User:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot, "flags": 0,
                "public_flags": 0}


@dataclass
class Channel:
    id: int
    name: str
    #: Permissions denied to the bot here (by an overwrite on its role).
    deny_bot: int = 0
    #: For a thread: the channel it belongs to (its permissions are the parent's).
    parent: Channel | None = None


class WireServer:
    """One guild with channels and members, an application and its bot user."""

    def __init__(self, *, heartbeat_ms: int = 45_000) -> None:
        self.heartbeat_ms = heartbeat_ms
        self.token = "wire-test-token"
        self.bot_user = User(new_id(), "busbot", bot=True)
        self.application_id = self.bot_user.id
        self.guild_id = new_id()
        self.bot_role_id = new_id()
        self.roles: dict[str, int] = {}
        self.channels: dict[str, Channel] = {}
        #: the threads the bot started (on a message), in order
        self.made_threads: list[Channel] = []
        self.members: dict[int, tuple[User, list[int]]] = {self.bot_user.id: (self.bot_user,
                                                                              [self.bot_role_id])}
        self.add_channel("bus-table")
        self.requests: list[Request] = []
        self.frames: list[dict[str, Any]] = []  # every gateway frame the bot sent
        self.files: dict[str, bytes] = {}
        self.downloads: list[str] = []  # attachment names the bot fetched
        self.faults: list[str] = []  # requests this server could not handle
        self.history: dict[int, list[dict[str, Any]]] = {}  # channel id -> messages, oldest first
        self.dms: dict[int, int] = {}  # direct-message channel id -> the user's id
        self.closed_dms: set[int] = set()  # users who take no direct message from the bot
        self.fail_dms: list[int] = []  # statuses the next direct messages fail with, in turn
        self.rate_limit_next: dict[str, float] = {}  # path suffix -> retry_after
        self.refuse_publish = False
        self.expire_interactions = False  # answer callbacks as Discord does after 3 seconds
        self.advertised_gateway: str | None = None  # what /gateway/bot names, if not this
        self.history_oldest_first = False  # answer history pages oldest first (as some do)
        self.refuse_gateway = False  # the gateway answers 503 instead of a websocket
        #: ``GATEWAY_FAULTS`` for the next connections, in turn; then ``every_connection``'s
        self.gateway_faults: list[str] = []
        self.every_connection: str | None = None
        self.identify_closes_with: int | None = None  # a close code answering IDENTIFY
        self.bad_ready_next = False  # the next IDENTIFY is answered READY without its session
        self.connections: list[float] = []  # when each gateway connection began
        self.connected_at = 0.0  # when the last session began (READY or RESUMED)
        self._session_ws: web.WebSocketResponse | None = None  # the connection it began on
        self._interactions: dict[str, int] = {}  # interaction token -> its channel's id
        #: interaction callbacks answered "json" (as Discord), "empty" (204), or "404"
        self.interaction_callbacks = "json"
        self.unknown_webhooks = False  # follow-ups answered 404 Unknown Webhook
        self.fail_posts: list[int] = []  # statuses answered (in turn) to the next channel posts
        self.lose_answers = 0  # the next channel posts are made, but their answers are lost
        self.fail_answers: list[int] = []  # the same, for answers to a message (a refusal)
        self.lose_answers_too = False  # lose_answers spares answers to a message unless set
        self.publish_without_ids = False  # a command-publish answer that lacks the ids
        self.unauthorized = (401, 0)  # the answer to a wrong token (some say 400, code 40001)
        #: called with each post made in a guild channel (its channel and body), as it is made
        self.on_post: Callable[[Channel, dict[str, Any]], None] | None = None
        self.nonces: dict[tuple[int, str], dict[str, Any]] = {}  # (channel, nonce) -> message
        self.repeats = 0  # posts answered with the message their nonce already made
        #: waits until the bot connected to this server is idle (``wire_support.busbot_on`` sets
        #: it; with no bot in this process, a moment of quiet)
        self.settled: Callable[[], Awaitable[None]] = a_moment
        self.identified = asyncio.Event()
        self.resumed = asyncio.Event()
        self.connected = asyncio.Event()  # a session began: READY or RESUMED was sent
        self._ws: web.WebSocketResponse | None = None
        self._session_id = ""
        self._seq = 0
        self._backlog: list[dict[str, Any]] = []
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- set-up ----------------------------------------------------------------------------

    def add_channel(self, name: str, *, deny_bot: int = 0) -> Channel:
        channel = self.channels[name] = Channel(new_id(), name, deny_bot)
        return channel

    def add_thread(self, name: str, parent: str) -> Channel:
        """A public thread in ``parent`` (known to the bot from GUILD_CREATE)."""
        thread = self.channels[name] = Channel(new_id(), name, parent=self.channels[parent])
        return thread

    def add_member(self, name: str, *, roles: tuple[str, ...] = ()) -> User:
        user = User(new_id(), name)
        role_ids = [self.roles.setdefault(role, new_id()) for role in roles]
        self.members[user.id] = (user, role_ids)
        return user

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=30 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/files/{name}", self._file)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ---- what the tests do -------------------------------------------------------------------

    def message_payload(self, author: User, channel: Channel, content: str, *,
                        message_id: int | None = None,
                        attachments: Sequence[tuple[str, bytes]] = ()) -> dict[str, Any]:
        message_id = message_id or new_id()
        files = []
        for name, data in attachments:
            key = f"{new_id()}-{name}"
            self.files[key] = data
            files.append({"id": str(new_id()), "filename": name, "size": len(data),
                          "url": f"http://127.0.0.1:{self.port}/files/{key}",
                          "proxy_url": f"http://127.0.0.1:{self.port}/files/{key}"})
        return {
            "id": str(message_id), "channel_id": str(channel.id), "guild_id": str(self.guild_id),
            "author": author.payload(), "member": self._member(author.id, with_user=False),
            "content": content, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": files, "embeds": [], "pinned": False, "type": 0,
        }

    async def say(self, author: User, content: str, *, channel: str = "bus-table",
                  message_id: int | None = None,
                  attachments: Sequence[tuple[str, bytes]] = ()) -> dict[str, Any]:
        """``author`` posts ``content``; the gateway delivers it. Returns the message payload."""
        payload = self.message_payload(author, self.channels[channel], content,
                                       message_id=message_id, attachments=attachments)
        self._keep(payload)
        await self.dispatch("MESSAGE_CREATE", payload)
        return payload

    def posted_while_away(self, author: User, content: str, *,
                          channel: str = "bus-table") -> dict[str, Any]:
        """``author`` posts ``content`` while busbot is not connected: only the channel's
        history holds it."""
        payload = self.message_payload(author, self.channels[channel], content)
        self._keep(payload)
        return payload

    def _keep(self, message: dict[str, Any]) -> None:
        kept = self.history.setdefault(int(message["channel_id"]), [])
        if all(m["id"] != message["id"] for m in kept):  # a redelivery is the same message
            kept.append(message)

    async def slash(self, author: User, subcommand: str, *, channel: str = "bus-table",
                    locale: str = "en-US", **options: Any) -> dict[str, Any]:
        """``author`` runs ``/bus subcommand`` from an app in ``locale``; returns the
        interaction payload sent."""
        where = self.channels[channel]
        encoded = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in options.items():
            if isinstance(value, User):  # a member picked in Discord's user option
                encoded.append({"name": name, "type": 6, "value": str(value.id)})
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                resolved.setdefault("members", {})[str(value.id)] = self._member(
                    value.id, with_user=False, channel=where)
                continue
            kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            encoded.append({"name": name, "type": kind, "value": value})
        token = f"interaction-token-{new_id()}"
        self._interactions[token] = where.id
        payload = {
            "id": str(new_id()), "application_id": str(self.application_id), "type": 2,
            "token": token, "version": 1,
            "guild_id": str(self.guild_id), "channel_id": str(where.id),
            "channel": {"id": str(where.id), "type": 11 if where.parent else 0,
                        "name": where.name, "guild_id": str(self.guild_id),
                        **({"parent_id": str(where.parent.id)} if where.parent else {})},
            "member": self._member(author.id, with_user=True, channel=where),
            "app_permissions": str(self._bot_permissions(where)),
            "locale": locale, "guild_locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)}, "context": 0,
            "attachment_size_limit": 25 * 1024 * 1024,
            "data": {"id": str(new_id()), "name": "bus", "type": 1,
                     "options": [{"type": 1, "name": subcommand, "options": encoded}],
                     "resolved": resolved},
        }
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def dispatch(self, event: str, data: dict[str, Any], *,
                       on: web.WebSocketResponse | None = None) -> None:
        """Send one event over the gateway (kept for a RESUME to replay): to the session's
        connection, as Discord does (none while the bot has no session, or is still
        connecting: it reads such events from the channel's history, or has them replayed), or
        ``on`` the connection whose session it begins."""
        self._seq += 1
        frame = {"op": 0, "t": event, "s": self._seq, "d": data}
        self._backlog.append(frame)
        target = on if on is not None else self._ws if self.in_session else None
        if target is not None and not target.closed:
            await target.send_str(json.dumps(frame))

    def expire_session(self) -> None:
        """Forget the gateway session, as Discord does after a long outage: the next RESUME is
        answered "invalid session", and the bot has to IDENTIFY afresh (events are lost)."""
        self._session_id = "expired"

    async def send_text(self, text: str) -> None:
        """Send ``text`` as one gateway frame, as it is (one of ``BAD_FRAMES``, say): not an
        event, so neither numbered nor kept for a RESUME."""
        assert self._ws is not None
        await self._ws.send_str(text)

    async def send_raw(self, frame: dict[str, Any]) -> None:
        """Send ``frame`` as it is (a malformed payload, say), numbered like any other."""
        self._seq += 1
        frame = dict(frame, s=self._seq)
        self._backlog.append(frame)
        assert self._ws is not None
        await self._ws.send_str(json.dumps(frame))

    async def press(self, author: User, custom_id: str, *, values: Any = None,
                    component_type: int = 2, channel: str = "bus-table",
                    without_channel: bool = False) -> dict[str, Any]:
        """``author`` presses a component with ``custom_id`` (with ``values`` for a menu) on one
        of the bot's messages; returns the interaction payload sent (``without_channel``: with
        no channel in it, as some servers send a press)."""
        where = self.channels[channel]
        message = self._message(where.id, Request("POST", "", 0.0, json={"content": "…"}))
        pressed: dict[str, Any] = {"type": component_type, "custom_id": custom_id}
        if component_type == 2:
            pressed.update(style=2, label="Press")
        else:
            pressed["options"] = [{"label": "-", "value": "-"}]
        message["components"] = [{"type": 1, "components": [pressed]}]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        token = f"interaction-token-{new_id()}"
        self._interactions[token] = where.id
        payload = {
            "id": str(new_id()), "application_id": str(self.application_id), "type": 3,
            "token": token, "version": 1,
            "guild_id": str(self.guild_id), "channel_id": str(where.id),
            "channel": {"id": str(where.id), "type": 0, "name": where.name,
                        "guild_id": str(self.guild_id)},
            "member": self._member(author.id, with_user=True, channel=where),
            "app_permissions": str(self._bot_permissions(where)), "message": message,
            "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)}, "context": 0,
            "attachment_size_limit": 25 * 1024 * 1024, "data": data,
        }
        if without_channel:
            del payload["channel_id"], payload["channel"]
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    def seen_by_players(self, channel: str = "bus-table") -> list[dict[str, Any]]:
        """The channel as its members read it: every message in it, oldest first."""
        return sorted(self.history.get(self.channels[channel].id, []), key=lambda m: int(m["id"]))

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the gateway connection the way Discord does when it wants a RESUME."""
        self.resumed.clear()
        assert self._ws is not None
        await self._ws.close(code=code, message=b"test: reconnect")

    @staticmethod
    def clock() -> float:
        """The clock requests are stamped with."""
        return time.monotonic()

    def posts(self, since: int = 0) -> list[Request]:
        """Every message the bot created (posts and follow-ups), from request ``since`` on."""
        return [r for r in self.requests[since:] if r.creates_message]

    async def wait_for(self, condition: Callable[[], bool], timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert not self.faults, self.faults
            if time.monotonic() > deadline:
                raise AssertionError("the bot did not do what was expected in time")
            await asyncio.sleep(0.01)

    async def answers(self, count: int = 1, *, since: int) -> list[Request]:
        """Wait for ``count`` new messages after request ``since``, and for the bot to have
        done what it was doing (``settled``: what it posts in answer is all there then)."""
        await self.wait_for(lambda: len(self.posts(since)) >= count)
        await self.settled()
        return self.posts(since)

    # ---- the gateway ---------------------------------------------------------------------------

    def connections_within(self, seconds: float = 60.0) -> int:
        """The most gateway connections begun in any ``seconds`` (a minute by default)."""
        times = self.connections
        return max((sum(1 for t in times[i:] if t < start + seconds)
                    for i, start in enumerate(times)), default=0)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        self.connections.append(time.monotonic())
        fault = self.gateway_faults.pop(0) if self.gateway_faults else self.every_connection
        if self.refuse_gateway or fault == "refuse":
            return web.Response(status=503, text="gateway unavailable")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        if fault == "close before hello":  # the upgrade accepted, then closed at once
            await ws.close()
            return ws
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}}))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            self.frames.append(frame)
            op, data = frame["op"], frame.get("d")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2 and self.identify_closes_with is not None:
                await ws.close(code=self.identify_closes_with, message=b"test: refused")
            elif op == 2:
                await self._identify(ws, data)
            elif op == 6:
                await self._resume(ws, data)
            elif op == 8:
                await self._members_chunk(ws, data)
            if op in (2, 6) and fault == "close after ready":
                await ws.close(code=4000, message=b"test: closed after the handshake")
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if self.bad_ready_next:
            self.bad_ready_next = False
            await ws.send_str(BAD_FRAMES["READY without its session"])
            return
        self._session_id = f"session-{new_id()}"
        self._seq = 0
        self._backlog.clear()
        shard = data.get("shard", [0, 1])
        await self.dispatch("READY", on=ws, data={
            "v": 10, "user": self.bot_user.payload(), "session_id": self._session_id,
            "resume_gateway_url": self.gateway_url, "shard": shard,
            "application": {"id": str(self.application_id), "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
        })
        await self.dispatch("GUILD_CREATE", self._guild(), on=ws)
        await self._replay(ws, after=2)  # what was dispatched meanwhile
        self.identified.set()
        self._began()

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("session_id") != self._session_id or data.get("token") != self.token:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return
        await self._replay(ws, after=data.get("seq") or 0)
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": "RESUMED", "s": self._seq, "d": {}}))
        self.resumed.set()
        self._began()

    async def _replay(self, ws: web.WebSocketResponse, after: int) -> None:
        """Send ``ws`` every kept event after sequence number ``after``, those dispatched
        while this runs too; from then on new ones go to ``ws`` directly (``_began``)."""
        sent = 0
        while sent < len(self._backlog):
            frame = self._backlog[sent]
            sent += 1
            if frame["s"] > after:
                await ws.send_str(json.dumps(frame))
        self._session_ws = ws  # at once: nothing dispatched between is left unsent

    def _began(self) -> None:
        self.connected.set()
        self.connected_at = time.monotonic()

    @property
    def in_session(self) -> bool:
        """The bot's connection is open and its session began on it (READY or RESUMED): what
        the gateway dispatches now reaches the bot, or is replayed to it."""
        ws = self._ws
        return ws is not None and ws is self._session_ws and not ws.closed

    async def _members_chunk(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        query = str(data.get("query") or "").lower()
        found = [self._member(uid, with_user=True) for uid, (user, _) in self.members.items()
                 if user.name.lower().startswith(query)][: int(data.get("limit") or 100)]
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": "GUILD_MEMBERS_CHUNK", "s": self._seq, "d": {
            "guild_id": str(self.guild_id), "members": found, "chunk_index": 0,
            "chunk_count": 1, "nonce": data.get("nonce"), "not_found": []}}))

    def _guild(self) -> dict[str, Any]:
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": str(
            (1 << 10) | (1 << 11) | (1 << 16)), "position": 0, "color": 0, "hoist": False,
            "managed": False, "mentionable": False, "flags": 0}
        bot_role = dict(everyone, id=str(self.bot_role_id), name="busbot", position=1,
                        permissions=str(ALL_PERMISSIONS & ~(1 << 3) & ~(1 << 5)))
        roles = [everyone, bot_role] + [
            dict(everyone, id=str(role_id), name=name, position=2, permissions="0")
            for name, role_id in self.roles.items()
        ]
        channels = [{
            "id": str(c.id), "type": 0, "name": c.name, "position": i, "guild_id":
                str(self.guild_id), "permission_overwrites": [] if not c.deny_bot else [
                    {"id": str(self.bot_role_id), "type": 0, "allow": "0",
                     "deny": str(c.deny_bot)}], "nsfw": False, "parent_id": None,
            "topic": None, "last_message_id": None, "rate_limit_per_user": 0,
        } for i, c in enumerate(self.channels.values()) if c.parent is None]
        threads = [{
            "id": str(t.id), "type": 11, "name": t.name, "guild_id": str(self.guild_id),
            "parent_id": str(t.parent.id), "owner_id": str(self.bot_user.id),
            "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0,
            "member_count": 1, "flags": 0, "thread_metadata": {
                "archived": False, "auto_archive_duration": 1440, "locked": False,
                "archive_timestamp": "2026-01-01T00:00:00+00:00"},
        } for t in self.channels.values() if t.parent is not None]
        return {
            "id": str(self.guild_id), "name": "Bus club", "icon": None, "owner_id":
                str(new_id()), "roles": roles, "channels": channels, "threads": threads,
            "members": [self._member(self.bot_user.id, with_user=True)], "member_count":
                len(self.members), "features": [], "emojis": [], "stickers": [],
            "unavailable": False, "large": False, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "premium_tier": 0, "preferred_locale": "en-US", "system_channel_flags": 0,
            "nsfw_level": 0, "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    def _member(self, user_id: int, *, with_user: bool, channel: Channel | None = None
                ) -> dict[str, Any]:
        user, roles = self.members[user_id]
        member: dict[str, Any] = {"roles": [str(r) for r in roles], "nick": None,
                                  "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                                  "mute": False, "flags": 0}
        if with_user:
            member["user"] = user.payload()
        if channel is not None:
            member["permissions"] = str((1 << 10) | (1 << 11) | (1 << 16) | (1 << 31))
        return member

    def _bot_permissions(self, channel: Channel) -> int:
        place = channel.parent or channel
        granted = ALL_PERMISSIONS & ~(1 << 3) & ~(1 << 5) & ~place.deny_bot
        if channel.parent is not None and not granted & (1 << 38):
            granted &= ~(1 << 15)  # no posting in threads: no files there either
        return granted

    # ---- the REST API ---------------------------------------------------------------------------

    async def _file(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["name"])
        self.downloads.append(request.match_info["name"].split("-", 1)[-1])
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data)

    async def _thread_on(self, channel_id: int, name: str) -> web.Response:
        """As Discord's "start thread from message": a public thread in the message's channel
        (with the Create Public Threads permission), known from then on as a channel."""
        parent = next(c for c in self.channels.values() if c.id == channel_id)
        if parent.parent is not None:
            return _error(400, 50024, "Cannot execute action on this channel type")
        if self._bot_permissions(parent) & (1 << 35) == 0:
            return _error(403, 50013, "Missing Permissions")
        thread = self.channels[name] = Channel(new_id(), name, parent=parent)
        self.made_threads.append(thread)
        payload = {
            "id": str(thread.id), "type": 11, "name": name, "guild_id": str(self.guild_id),
            "parent_id": str(parent.id), "owner_id": str(self.bot_user.id),
            "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0,
            "member_count": 1, "flags": 0, "thread_metadata": {
                "archived": False, "auto_archive_duration": 1440, "locked": False,
                "archive_timestamp": "2026-01-01T00:00:00+00:00"}}
        await self.dispatch("THREAD_CREATE", dict(payload, newly_created=True))
        return _json(payload)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        try:
            return await self._answer(request)
        except Exception as error:  # a fault of this server: fail the test, no retry storm
            self.faults.append(f"{request.method} {request.path}: {error!r}")
            return _error(400, 0, f"wire test server fault: {error!r}")

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        recorded = Request(request.method, path, time.monotonic(), query=dict(request.query))
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    recorded.json = json.loads(data)
                else:
                    recorded.files.append((part.filename or "", bytes(data)))
        elif request.can_read_body:
            recorded.json = await request.json()
        self.requests.append(recorded)
        by_token = path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
        if not by_token and request.headers.get("Authorization") != f"Bot {self.token}":
            # Interaction answers are authorised by the interaction's token in the path.
            return _error(*self.unauthorized, "401: Unauthorized")
        for suffix, retry_after in list(self.rate_limit_next.items()):
            if path.endswith(suffix) and request.method == "POST":
                del self.rate_limit_next[suffix]
                return _json(
                    {"message": "You are being rate limited.", "retry_after": retry_after,
                     "global": False}, status=429,
                    # Discord's own 429s come through its proxy (``Via``); without it discord.py
                    # takes the 429 for a Cloudflare ban and gives up, as it should.
                    headers={"Via": "1.1 google",
                             "Retry-After": str(retry_after), "X-RateLimit-Limit": "5",
                             "X-RateLimit-Remaining": "0",
                             "X-RateLimit-Reset-After": str(retry_after),
                             "X-RateLimit-Bucket": "messages", "X-RateLimit-Scope": "user"})
        route = path.removeprefix("/api/v10")
        parts = route.strip("/").split("/")
        if route == "/users/@me":
            return _json(self.bot_user.payload())
        if route == "/oauth2/applications/@me":
            return _json(self._application())
        if route == "/gateway/bot":
            limits = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            return _json({"url": self.advertised_gateway or self.gateway_url, "shards": 1,
                          "session_start_limit": limits})
        if parts[0] == "applications" and parts[-1] == "commands" and request.method == "PUT":
            if self.refuse_publish:
                return _error(403, 50001, "Missing Access")
            if self.publish_without_ids:
                return _json([{"name": c.get("name")} for c in recorded.json or []])
            return _json([
                dict(command, id=str(new_id()), application_id=str(self.application_id),
                     version=str(new_id())) for command in recorded.json or []])
        if parts[0] == "channels" and parts[-1] == "messages" and request.method == "GET":
            # Discord: the messages after ``after``, the oldest ``limit`` of them, newest first.
            after = int(request.query.get("after", "0"))
            limit = int(request.query.get("limit", "50"))
            later = sorted((m for m in self.history.get(int(parts[1]), [])
                            if int(m["id"]) > after), key=lambda m: int(m["id"]))[:limit]
            return _json(later if self.history_oldest_first else list(reversed(later)))
        if parts[0] == "users" and parts[-1] == "channels" and request.method == "POST":
            user = self.members[int((recorded.json or {})["recipient_id"])][0]
            dm = new_id()
            self.dms[dm] = user.id
            return _json({"id": str(dm), "type": 1, "recipients": [user.payload()],
                          "last_message_id": None})
        if parts[0] == "channels" and parts[-1] == "messages" and request.method == "POST" \
                and int(parts[1]) in self.dms:
            if self.dms[int(parts[1])] in self.closed_dms:  # as Discord: closed DMs
                return _error(403, 50007, "Cannot send messages to this user")
            if self.fail_dms:
                status = self.fail_dms.pop(0)
                return _error(status, 0, f"{status}: injected")
            body, dm = recorded.json or {}, int(parts[1])
            key = (dm, str(body.get("nonce")))
            if body.get("enforce_nonce") and key in self.nonces:  # made once per nonce
                self.repeats += 1
                return _json(self.nonces[key])
            told = self._message(dm, recorded)
            self._keep(told)  # kept, so the bot can take it down again
            if body.get("nonce") is not None:
                self.nonces[key] = told
            return _json(told)
        if parts[0] == "channels" and parts[2:3] == ["messages"] and parts[-1] == "threads" \
                and len(parts) == 5 and request.method == "POST":  # a thread on a message
            return await self._thread_on(int(parts[1]),
                                         str((recorded.json or {}).get("name", "")))
        if parts[0] == "channels" and parts[-1] == "messages" and request.method == "POST":
            channel = next(c for c in self.channels.values() if c.id == int(parts[1]))
            granted = self._bot_permissions(channel)
            needed = (1 << 38 if channel.parent else 1 << 11) | (1 << 15 if recorded.files else 0)
            if granted & needed != needed:  # as Discord: no post without the permission
                return _error(403, 50013, "Missing Permissions")
            return self._post(request, channel, recorded)
        if parts[0] == "channels" and parts[2:3] == ["messages"] and len(parts) == 4 \
                and request.method == "DELETE":  # the bot takes its own message down
            messages = self.history.get(int(parts[1]), [])
            if all(m["id"] != parts[3] for m in messages):
                return _error(404, 10008, "Unknown Message")
            self.history[int(parts[1])] = [m for m in messages if m["id"] != parts[3]]
            return web.Response(status=204)
        if parts[0] == "channels" and parts[2:3] == ["messages"] and len(parts) == 4 \
                and request.method == "PATCH":  # an edit: the bot takes its buttons off
            kept = {m["id"]: m for m in self.history.get(int(parts[1]), [])}
            if parts[3] not in kept:
                return _error(404, 10008, "Unknown Message")
            kept[parts[3]].update({k: v for k, v in (recorded.json or {}).items()
                                   if k in ("content", "components")})
            return _json(kept[parts[3]])
        if parts[0] == "interactions" and parts[-1] == "callback":
            if self.expire_interactions:
                return _error(404, 10062, "Unknown interaction")
            if self.interaction_callbacks == "empty":  # taken, but nothing said back
                return web.Response(status=204)
            if self.interaction_callbacks == "404":  # no interaction endpoint at all
                return _error(404, 0, f"404: Not Found ({request.method} {route})")
            return _json({"interaction": {"id": parts[1], "type": 2},
                                      "resource": {"type": (recorded.json or {}).get("type")}})
        if parts[0] == "webhooks" and request.method == "POST":
            if self.expire_interactions or self.unknown_webhooks:
                return _error(404, 10015, "Unknown Webhook")
            return _json(self._follow_up(parts[2], recorded))
        if parts[0] == "webhooks" and request.method == "PATCH":  # an edited follow-up
            edited = self._message(self._interactions.get(parts[2], 0), recorded)
            edited["id"] = parts[-1]
            return _json(edited)
        if parts[0] == "webhooks" and request.method == "DELETE":
            return web.Response(status=204)
        if parts[0] == "guilds" and parts[2:3] == ["members"] and request.method == "GET":
            known = self.members.get(int(parts[3]))
            if known is None:
                return _error(404, 10007, "Unknown Member")
            return _json(self._member(known[0].id, with_user=True))
        return _error(404, 0, f"404: Not Found ({request.method} {route})")

    def _post(self, request: web.Request, channel: Channel, recorded: Request
              ) -> web.StreamResponse:
        """A post in a guild channel: refused as told, or made once per nonce (and its answer
        lost, as told). Injected failures spare answers to a message (a refusal's) unless told
        (``fail_answers``, ``lose_answers_too``)."""
        body = recorded.json or {}
        answer = bool(body.get("message_reference"))
        failing = self.fail_answers if answer else self.fail_posts
        if failing:
            status = failing.pop(0)
            return _error(status, 50013 if status == 403 else 0, f"{status}: injected")
        key = (channel.id, str(body.get("nonce")))
        if body.get("enforce_nonce") and key in self.nonces:
            self.repeats += 1
            return _json(self.nonces[key])
        response = self._made(channel, recorded)
        if self.lose_answers and (not answer or self.lose_answers_too):
            self.lose_answers -= 1
            assert request.transport is not None
            request.transport.close()  # made, but the bot never hears back
        return response

    def _follow_up(self, token: str, recorded: Request) -> dict[str, Any]:
        """An interaction's follow-up: in its channel, for everyone there to read unless it is
        ephemeral (flag 64: for the asker only)."""
        channel_id = self._interactions.get(token, 0)
        made = self._message(channel_id, recorded)
        if channel_id and not int((recorded.json or {}).get("flags") or 0) & 64:
            self._keep(made)
            channel = next((c for c in self.channels.values() if c.id == channel_id), None)
            if channel is not None and self.on_post is not None:
                self.on_post(channel, recorded.json or {})
        return made

    def _made(self, channel: Channel, recorded: Request) -> web.Response:
        body = recorded.json or {}
        posted = self._message(channel.id, recorded)
        self._keep(posted)
        if self.on_post is not None:
            self.on_post(channel, body)
        if body.get("nonce") is not None:
            self.nonces[(channel.id, str(body["nonce"]))] = posted
        return _json(posted)

    def _message(self, channel_id: int, recorded: Request) -> dict[str, Any]:
        body = recorded.json or {}
        attachments = []
        for name, data in recorded.files:
            key = f"{new_id()}-{name}"
            self.files[key] = data
            attachments.append({"id": str(new_id()), "filename": name, "size": len(data),
                                "url": f"http://127.0.0.1:{self.port}/files/{key}",
                                "proxy_url": f"http://127.0.0.1:{self.port}/files/{key}"})
        return {"id": str(new_id()), "channel_id": str(channel_id or
                                                      self.channels["bus-table"].id),
                "author": self.bot_user.payload(), "content": body.get("content") or "",
                "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
                "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                "attachments": attachments, "embeds": [], "pinned": False,
                "type": 19 if body.get("message_reference") else 0,
                **({"message_reference": body["message_reference"]}
                   if body.get("message_reference") else {}),
                "flags": body.get("flags", 0)}

    def _application(self) -> dict[str, Any]:
        return {"id": str(self.application_id), "name": "busbot", "icon": None,
                "description": "", "bot_public": False, "bot_require_code_grant": False,
                "owner": {"id": str(new_id()), "username": "owner", "discriminator": "0",
                          "avatar": None, "global_name": "owner"},
                "verify_key": "0" * 64, "flags": 0, "summary": "", "team": None,
                "interactions_endpoint_url": None}


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status)


def _json(data: Any, *, status: int = 200, headers: dict[str, str] | None = None
          ) -> web.Response:
    """JSON as Discord sends it: discord.py reads a body as JSON only when the content type is
    exactly ``application/json`` (no charset parameter, which aiohttp's helper would add)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})
