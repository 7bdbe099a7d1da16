"""A Discord server inside a test: dpytest's fake backend, plus the pieces it lacks for busbot.

dpytest runs the real discord.py client against an in-process imitation of Discord. Its gaps
are filled here, in the tests' own setup and never in site-packages:

* A message sent together with files loses its text in dpytest: discord.py then sends the text
  inside the multipart ``payload_json`` field, and dpytest only reads the plain JSON payload.
  ``_keep_text_with_files`` reads it back from ``payload_json``.
* dpytest has no slash commands. ``FakeDiscord.slash`` builds the interaction payload Discord
  would send and hands it to discord.py's own ``ConnectionState.parse_interaction_create``;
  the bot's answers (deferral, follow-ups, autocomplete results) travel over discord.py's
  interaction webhook routes, which ``_InteractionRoutes`` answers and records the way Discord
  behaves, including that the first follow-up after a deferral takes the deferral's visibility.
* dpytest opens a direct-message channel only from a ``User`` object (it reads the user from
  its caller); busbot opens one by id (``Client.create_dm``), so ``_private_messages`` looks
  the user up by the id it is given.
* dpytest reads a channel's history only from its own message store, and never refuses a post
  for a missing permission the way busbot must be tested against. ``_history`` serves the
  messages a test posted ``posted_while_away``, and ``refuse_posts`` makes a channel answer
  every post with 403 Missing Permissions.
* dpytest keeps the server's member list in the client's member cache, which discord.py only
  fills for bots with the members intent. busbot does not ask for that intent (the author of
  each event carries their roles), so the cache is switched on here for dpytest's sake only.

Everything the bot sends is turned into ``Post`` values: what a person in the channel would see,
including who actually gets pinged (mentions in the text that ``allowed_mentions`` permits).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
import itertools
import json
import logging
import re
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.http
from discord.ext.test import backend as dpytest_backend
from discord.ext.test import factories
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.config import Config
from bot.discord_app.bot import INVITE_PERMISSIONS, BusBot
from bot.service import AsyncGameService, GameService
from bot.service.drawing.prepared import seat_notes
from bot.service.game.live_game import build_game
from bot.service.game.records import GameRecord
from engine import GameLog, replay
from engine.limits import COMMANDS_PER_USER
from engine.text import ENGLISH, Words
from render import render_png

#: The harness reaches into these exact versions (pinned in pyproject.toml); another version
#: must be looked at before it is trusted, so a mismatch stops the tests with this message.
PINNED = {"discord.py": "2.7.1", "dpytest": "0.7.0"}
_installed = {name: metadata.version(name) for name in PINNED}
if _installed != PINNED:
    raise RuntimeError(f"tests/discord_support.py was written for {PINNED}, found {_installed}")

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_MENTION = re.compile(r"<@!?(\d+)>")
_ids = itertools.count(1)


@dataclass(frozen=True)
class Post:
    """One message from the bot, as the people in the channel receive it."""

    content: str
    files: tuple[tuple[str, bytes], ...] = ()
    pings: frozenset[int] = frozenset()
    ephemeral: bool = False
    reply_to: int | None = None
    channel_id: int | None = None
    pings_everyone: bool = False
    message_id: int | None = None
    #: the message's action rows as Discord received them (buttons and menus)
    components: tuple[dict[str, Any], ...] = ()

    def component(self, label: str) -> dict[str, Any]:
        """The button with ``label``, or the menu whose placeholder or options hold it."""
        for row in self.components:
            for item in row.get("components", []):
                names = [item.get("label"), item.get("placeholder"),
                         *(o["label"] for o in item.get("options", []))]
                if label in names:
                    found: dict[str, Any] = item
                    return found
        raise AssertionError(f"no component {label!r} on the post")

    @property
    def labels(self) -> list[str]:
        """The buttons' labels and the menus' placeholders, in order."""
        return [item.get("label") or item.get("placeholder") or ""
                for row in self.components for item in row.get("components", [])]

    @property
    def pictures(self) -> list[bytes]:
        return [data for name, data in self.files if data.startswith(PNG_SIGNATURE)]

    def file(self, suffix: str) -> tuple[str, bytes]:
        """The one attached file whose name ends in ``suffix``."""
        found = [(name, data) for name, data in self.files if name.endswith(suffix)]
        assert len(found) == 1, f"expected one {suffix} file, got {[n for n, _ in self.files]}"
        return found[0]


@dataclass
class SlashAnswer:
    """Everything the bot did in answer to one interaction."""

    deferred: bool = False
    deferred_ephemeral: bool = False
    placeholder_deleted: bool = False
    posts: list[Post] = field(default_factory=list)
    choices: list[str] | None = None

    @property
    def public(self) -> list[Post]:
        return [post for post in self.posts if not post.ephemeral]

    @property
    def private(self) -> list[Post]:
        return [post for post in self.posts if post.ephemeral]

    @property
    def text(self) -> str:
        return "\n".join(post.content for post in self.posts)


@dataclass
class _PendingInteraction:
    channel: Any
    answer: SlashAnswer


class _Recorder:
    """What the fake HTTP layer saw that dpytest's message objects do not keep."""

    def __init__(self) -> None:
        self.allowed_mentions: dict[int, dict[str, Any] | None] = {}
        self.references: dict[int, int] = {}
        self.interactions: dict[str, _PendingInteraction] = {}
        self.history_reads = 0
        self.components: dict[int, tuple[dict[str, Any], ...]] = {}
        #: message id -> the components each edit left it with
        self.edits: dict[int, list[tuple[dict[str, Any], ...]]] = {}
        #: messages posted while the bot was away, per channel, oldest first
        self.history: dict[int, list[dict[str, Any]]] = {}
        #: channels that refuse every post, as Discord refuses a channel without permission
        self.refusing: set[int] = set()


def _payload_of(params: discord.http.MultipartParameters) -> dict[str, Any]:
    if params.payload is not None:
        return dict(params.payload)
    for part in params.multipart or []:
        if part["name"] == "payload_json":
            loaded: dict[str, Any] = json.loads(part["value"])
            return loaded
    return {}


def _pings_everyone(content: str, allowed: dict[str, Any] | None) -> bool:
    written = "@everyone" in content or "@here" in content
    return written and (allowed is None or "everyone" in allowed.get("parse", []))


def _pings(content: str, allowed: dict[str, Any] | None) -> frozenset[int]:
    """Who Discord notifies: users mentioned in the text whom ``allowed_mentions`` lets through."""
    mentioned = {int(user) for user in _MENTION.findall(content)}
    if allowed is None:
        return frozenset(mentioned)
    if "users" in allowed.get("parse", []):
        return frozenset(mentioned)
    return frozenset(mentioned & {int(user) for user in allowed.get("users", [])})


def _keep_text_with_files(recorder: _Recorder) -> Any:
    original = dpytest_backend.FakeHttp.send_message

    async def send_message(
        self: dpytest_backend.FakeHttp,
        channel_id: int,
        *,
        params: discord.http.MultipartParameters,
    ) -> Any:
        # dpytest finds the channel among its caller's local variables; keep it visible.
        channel = sys._getframe(1).f_locals.get("channel")  # noqa: F841
        if channel_id in recorder.refusing:
            raise discord.Forbidden(
                dpytest_backend.FakeRequest(403, "Forbidden"),
                {"code": 50013, "message": "Missing Permissions"})
        payload = _payload_of(params)
        fixed = discord.http.MultipartParameters(
            payload=payload, multipart=params.multipart, files=params.files
        )
        data: dict[str, Any] = await original(self, channel_id, params=fixed)
        message_id = int(data["id"])
        recorder.allowed_mentions[message_id] = payload.get("allowed_mentions")
        recorder.components[message_id] = tuple(payload.get("components") or ())
        reference = payload.get("message_reference")
        if reference:
            recorder.references[message_id] = int(reference["message_id"])
        return data

    return send_message


def _record_edits(recorder: _Recorder, bot: discord.Client) -> Any:
    """Edits of the bot's own messages (components taken off): recorded, answered as Discord
    would, with the message as it now is."""

    async def edit_message(
        self: dpytest_backend.FakeHttp, channel_id: int, message_id: int, *,
        params: discord.http.MultipartParameters,
    ) -> Any:
        payload = _payload_of(params)
        components = tuple(payload.get("components") or ())
        recorder.edits.setdefault(message_id, []).append(components)
        recorder.components[message_id] = components
        assert bot.user is not None
        channel: Any = bot.get_channel(channel_id)
        message = factories.make_message_dict(channel, bot.user, content="")
        message.update(id=str(message_id), channel_id=str(channel_id))
        return message

    return edit_message


def _private_messages(bot: discord.Client) -> Any:
    async def start_private_message(self: dpytest_backend.FakeHttp, user_id: int) -> Any:
        members = [guild.get_member(user_id) for guild in bot.guilds]
        member = next((m for m in members if m is not None), None)
        assert member is not None, f"no member {user_id} on the test server"
        return factories.make_dm_channel_dict(member._user)

    return start_private_message


def _history(recorder: _Recorder) -> Any:
    """Discord's answer to a history read after a message: the next ``limit`` messages, newest
    first (discord.py turns them round for ``oldest_first``)."""

    async def logs_from(self: dpytest_backend.FakeHttp, channel_id: int, limit: int,
                        before: int | None = None, after: int | None = None,
                        around: int | None = None) -> list[dict[str, Any]]:
        assert after is not None and before is None and around is None, "busbot reads forward"
        later = [m for m in recorder.history.get(channel_id, []) if int(m["id"]) > after]
        return list(reversed(later[:limit]))

    return logs_from


def _no_history(recorder: _Recorder) -> Any:
    async def refuse(self: dpytest_backend.FakeHttp, *args: Any, **kwargs: Any) -> Any:
        recorder.history_reads += 1
        raise AssertionError("busbot must not read channel history")

    return refuse


def _interaction_routes(recorder: _Recorder, bot: discord.Client) -> Any:
    async def request(
        self: AsyncWebhookAdapter,
        route: discord.http.Route,
        session: Any = None,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: list[discord.File] | None = None,
        **_: Any,
    ) -> Any:
        token = str(route.webhook_token)
        pending = recorder.interactions[token]
        answer = pending.answer
        body = payload
        if body is None:
            params = discord.http.MultipartParameters(None, multipart, files)
            body = _payload_of(params)
        attached = tuple((f.filename or "", _read(f)) for f in files or [])
        if route.path.endswith("/callback"):
            kind = body["type"]
            data = body.get("data") or {}
            ephemeral = bool(data.get("flags", 0) & 64)
            if kind == 5:  # deferred: the "thinking..." placeholder
                answer.deferred, answer.deferred_ephemeral = True, ephemeral
            elif kind == 4:  # an immediate answer
                answer.posts.append(_post(data, attached, ephemeral, pending.channel))
            elif kind == 8:  # autocomplete suggestions
                answer.choices = [choice["value"] for choice in data.get("choices", [])]
            else:
                raise AssertionError(f"unexpected interaction callback type {kind}")
            return {"interaction": {"id": route.webhook_id, "type": 2}, "resource": {"type": kind}}
        if route.method == "DELETE" and route.path.endswith("/messages/@original"):
            answer.placeholder_deleted = True
            return None
        if route.method == "POST" and route.path == "/webhooks/{webhook_id}/{webhook_token}":
            # Discord: the first follow-up replaces the placeholder and keeps its visibility.
            replaces_placeholder = (
                answer.deferred and not answer.placeholder_deleted and not answer.posts
            )
            ephemeral = bool(body.get("flags", 0) & 64)
            if replaces_placeholder:
                ephemeral = answer.deferred_ephemeral
            assert bot.user is not None
            message: dict[str, Any] = factories.make_message_dict(
                pending.channel, bot.user, content=body.get("content") or ""
            )
            message["channel_id"] = pending.channel.id
            message["components"] = body.get("components") or []
            answer.posts.append(_post(body, attached, ephemeral, pending.channel,
                                      int(message["id"])))
            recorder.components[int(message["id"])] = tuple(body.get("components") or ())
            return message
        if route.path == "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
            # a follow-up edited (it reads as edited) or deleted (it is no longer there)
            message_id = int(route.url.rsplit("/", 1)[-1])
            index = next(i for i, post in enumerate(answer.posts)
                         if post.message_id == message_id)
            if route.method == "DELETE":
                del answer.posts[index]
                return None
            if route.method == "PATCH":
                edited = answer.posts[index]
                answer.posts[index] = dataclasses.replace(
                    edited, content=body.get("content") or edited.content)
                assert bot.user is not None
                message = factories.make_message_dict(pending.channel, bot.user,
                                                      content=answer.posts[index].content)
                message.update(id=str(message_id), channel_id=pending.channel.id)
                return message
        raise AssertionError(f"unexpected interaction route {route.method} {route.path}")

    return request


def _read(file: discord.File) -> bytes:
    file.fp.seek(0)
    data = file.fp.read()
    assert isinstance(data, bytes)
    return data


def _post(
    body: dict[str, Any], files: tuple[tuple[str, bytes], ...], ephemeral: bool, channel: Any,
    message_id: int | None = None,
) -> Post:
    content = body.get("content") or ""
    return Post(
        content=content,
        files=files,
        pings=frozenset() if ephemeral else _pings(content, body.get("allowed_mentions")),
        ephemeral=ephemeral,
        channel_id=channel.id,
        pings_everyone=not ephemeral and _pings_everyone(content, body.get("allowed_mentions")),
        message_id=message_id,
        components=tuple(body.get("components") or ()),
    )


class _ErrorLog(logging.Handler):
    """Collects errors logged by discord.py and busbot: a failing listener only logs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass(frozen=True)
class Layout:
    """The ids of the guild and its two channels; -1 lets the fake server choose."""

    guild_id: int = -1
    table_id: int = -1
    chat_id: int = -1


@dataclass(frozen=True)
class Person:
    """Someone on the test server."""

    member: discord.Member

    @property
    def id(self) -> int:
        return self.member.id

    @property
    def name(self) -> str:
        return self.member.display_name

    @property
    def mention(self) -> str:
        return f"<@{self.member.id}>"


class FakeDiscord:
    """The server the bot sits on: one guild, a text channel ``table``, and the people in it."""

    def __init__(
        self,
        bot: discord.Client,
        guild: discord.Guild,
        table: discord.TextChannel,
        chat: discord.TextChannel,
        recorder: _Recorder,
        errors: _ErrorLog,
    ) -> None:
        self.bot = bot
        self.guild = guild
        self.table = table
        self.chat = chat
        self._recorder = recorder
        self._errors = errors
        self.last_message_id = 0

    # ---- people and places ---------------------------------------------------------------

    def layout(self) -> Layout:
        """The ids to give a server that stands in for this one after a restart."""
        return Layout(self.guild.id, self.table.id, self.chat.id)

    def person(
        self,
        name: str,
        *,
        roles: tuple[str, ...] = (),
        manager: bool = False,
        user_id: int = -1,
    ) -> Person:
        """A member of the server; ``user_id`` brings back someone from before a restart."""
        guild_roles = [self._role(role) for role in roles]
        if manager:
            guild_roles.append(
                dpytest_backend.make_role(
                    f"Manager {name}", self.guild, permissions=discord.Permissions(
                        manage_guild=True).value | self.guild.default_role.permissions.value)
            )
        user = dpytest_backend.make_user(name, f"{next(_ids) % 10000:04}", id_num=user_id)
        member = dpytest_backend.make_member(user, self.guild, roles=guild_roles)
        return Person(member)

    def _role(self, name: str) -> discord.Role:
        existing = discord.utils.get(self.guild.roles, name=name)
        if existing is not None:
            return existing
        return dpytest_backend.make_role(name, self.guild)

    def thread(self, name: str, *, forum: bool = False) -> discord.Thread:
        """A new thread in ``table``, or with ``forum`` a new post in a forum channel."""
        state = self.bot._connection
        parent_id = self.table.id
        if forum:
            forum_data: dict[str, Any] = {
                "id": factories.make_id(),
                "type": discord.ChannelType.forum.value,
                "guild_id": self.guild.id,
                "name": f"{name}-forum",
                "position": len(self.guild.channels) + 1,
                "permission_overwrites": [],
                "nsfw": False,
                "topic": None,
                "flags": 0,
                "available_tags": [],
                "rate_limit_per_user": 0,
            }
            state.parse_channel_create(forum_data)
            parent_id = forum_data["id"]
        thread_id = factories.make_id()
        state.parse_thread_create({
            "id": str(thread_id),
            "guild_id": str(self.guild.id),
            "parent_id": str(parent_id),
            "owner_id": str(self.bot.user.id if self.bot.user else 0),
            "name": name,
            "type": discord.ChannelType.public_thread.value,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": datetime.datetime.now(datetime.UTC).isoformat(),
                "locked": False,
            },
        })  # type: ignore[typeddict-item]
        thread = self.guild.get_thread(thread_id)
        assert thread is not None
        return thread

    # ---- speaking ------------------------------------------------------------------------

    async def say(
        self,
        who: Person,
        text: str,
        *,
        where: Any = None,
        files: tuple[Path, ...] = (),
        message_id: int | None = None,
    ) -> list[Post]:
        """``who`` posts ``text``; returns everything the bot posted in answer.

        The message is built the way the gateway delivers it, author and member (with roles)
        included. ``message_id`` lets a test deliver the very same message twice.
        """
        data = self._message(who, text, where, files, message_id)
        self.bot._connection.parse_message_create(data)  # type: ignore[arg-type]
        await dpytest.run_all_events()
        return await self._collect()

    def posted_while_away(self, who: Person, text: str, *, where: Any = None) -> int:
        """``who`` posts ``text`` while the bot is not connected: it is only in the channel's
        history, for the bot to read when it catches up. Returns the message id."""
        data = self._message(who, text, where, (), None)
        self._recorder.history.setdefault(int(data["channel_id"]), []).append(data)
        return int(data["id"])

    def refuse_posts(self, refusing: bool = True, *, where: Any = None) -> None:
        """Make ``where`` (the table) refuse the bot's posts (403 Missing Permissions), or stop
        that; direct messages still go through."""
        channel_id = (where or self.table).id
        if refusing:
            self._recorder.refusing.add(channel_id)
        else:
            self._recorder.refusing.discard(channel_id)

    def _message(self, who: Person, text: str, where: Any, files: tuple[Path, ...],
                 message_id: int | None) -> dict[str, Any]:
        channel = where or self.table
        message_id = message_id or factories.make_id()
        self.last_message_id = message_id
        attachments = [
            {
                "id": str(factories.make_id()),
                "filename": path.name,
                "size": path.stat().st_size,
                "url": path.absolute().as_uri(),
                "proxy_url": path.absolute().as_uri(),
            }
            for path in files
        ]
        data = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "guild_id": str(self.guild.id),
            "author": factories.dict_from_user(who.member._user),
            "member": self._member_payload(who, channel),
            "content": text,
            "timestamp": discord.utils.snowflake_time(message_id).isoformat(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": [],
            "pinned": False,
            "type": 0,
        }
        return data

    async def slash(
        self, who: Person, subcommand: str, /, *, where: Any = None, locale: str = "en-US",
        **options: Any
    ) -> SlashAnswer:
        """``who`` runs ``/bus subcommand`` with ``options`` (from an app in ``locale``);
        returns what the bot answered."""
        answer = self.begin_slash(who, subcommand, where=where, locale=locale, **options)
        await self.settle()
        return answer

    def begin_slash(
        self, who: Person, subcommand: str, /, *, where: Any = None, locale: str = "en-US",
        **options: Any
    ) -> SlashAnswer:
        """Hand the interaction to the bot and return at once; the answer fills in as the bot
        works, and ``settle`` waits for it to finish."""
        return self._interact(2, who, subcommand, where, options, focused=None, locale=locale)

    async def settle(self) -> None:
        """Wait until the bot has done everything it was handed; fail on any error it logged."""
        await _settle()
        self._check_errors()

    async def autocomplete(
        self, who: Person, subcommand: str, option: str, typed: str, *, where: Any = None,
        locale: str = "en-US"
    ) -> list[str]:
        """What the command picker suggests to ``who`` for ``option`` after typing ``typed``."""
        answer = self._interact(4, who, subcommand, where, {option: typed}, focused=option,
                                locale=locale)
        await self.settle()
        assert answer.choices is not None, "the bot did not answer the autocomplete"
        return answer.choices

    async def press(
        self, who: Person, post: Post, label: str, *, choose: str | None = None,
        locale: str = "en-US"
    ) -> SlashAnswer:
        """``who`` presses the button ``label`` on ``post`` (or, with ``choose``, picks that
        option in the menu holding it), as Discord delivers a component interaction: type 3,
        the component's custom id and values, and the message it sits on, as it was posted
        (a press that crosses the removal of the components, or a screen not yet refreshed)."""
        item = post.component(choose if choose is not None else label)
        assert post.message_id is not None and post.channel_id is not None
        channel: Any = self.bot.get_channel(post.channel_id)
        assert self.bot.user is not None
        message = factories.make_message_dict(channel, self.bot.user, content=post.content)
        message.update(id=str(post.message_id), channel_id=str(post.channel_id),
                       components=list(post.components),
                       flags=64 if post.ephemeral else 0)
        data: dict[str, Any] = {"custom_id": item["custom_id"], "component_type": item["type"]}
        if choose is not None:
            data["values"] = [choose]
        answer = self._interact(3, who, "", channel, {}, focused=None, data=data,
                                message=message, locale=locale)
        await self.settle()
        return answer

    def components_of(self, post: Post) -> tuple[dict[str, Any], ...]:
        """The components ``post`` carries now (after any edit that took them off)."""
        assert post.message_id is not None
        return self._recorder.components.get(post.message_id, post.components)

    # ---- inside --------------------------------------------------------------------------

    def _member_payload(self, who: Person, channel: Any) -> dict[str, Any]:
        member = who.member
        return {
            "user": factories.dict_from_user(member._user),
            "roles": [str(role.id) for role in member.roles if not role.is_default()],
            "nick": member.nick,
            "joined_at": datetime.datetime.now(datetime.UTC).isoformat(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(channel.permissions_for(member).value),
        }

    def _interact(
        self,
        kind: int,
        who: Person,
        command: str,
        where: Any,
        options: dict[str, Any],
        *,
        focused: str | None,
        data: dict[str, Any] | None = None,
        message: dict[str, Any] | None = None,
        locale: str = "en-US",
    ) -> SlashAnswer:
        channel = where or self.table
        token = f"interaction-token-{next(_ids)}"
        answer = SlashAnswer()
        self._recorder.interactions[token] = _PendingInteraction(channel, answer)
        resolved: dict[str, dict[str, Any]] = {}
        encoded = [
            self._option(name, value, resolved, channel, focused == name)
            for name, value in options.items()
        ]
        assert self.bot.user is not None
        payload = {
            "id": str(factories.make_id()),
            "application_id": str(self.bot.user.id),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(self.guild.id),
            "channel_id": str(channel.id),
            "channel": {"id": str(channel.id), "type": channel.type.value},
            "member": self._member_payload(who, channel),
            "app_permissions": str(channel.permissions_for(self.guild.me).value),
            "locale": locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild.id)},
            "context": 0,
            "attachment_size_limit": 25 * 1024 * 1024,
            "data": {
                "id": str(factories.make_id()),
                "name": "bus",
                "type": 1,
                "options": [{"type": 1, "name": command, "options": encoded}],
                "resolved": resolved,
            },
        }
        if data is not None:
            payload["data"] = data
        if message is not None:
            payload["message"] = message
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        return answer

    def _option(
        self,
        name: str,
        value: Any,
        resolved: dict[str, dict[str, Any]],
        channel: Any,
        focused: bool,
    ) -> dict[str, Any]:
        option: dict[str, Any] = {"name": name}
        if focused:
            option["focused"] = True
        if isinstance(value, bool):
            option.update(type=5, value=value)
        elif isinstance(value, int):
            option.update(type=4, value=value)
        elif isinstance(value, str):
            option.update(type=3, value=value)
        elif isinstance(value, Person):
            option.update(type=6, value=str(value.id))
            resolved.setdefault("users", {})[str(value.id)] = factories.dict_from_user(
                value.member._user
            )
            member = self._member_payload(value, channel)
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
        elif isinstance(value, Path):
            attachment_id = str(factories.make_id())
            option.update(type=11, value=attachment_id)
            resolved.setdefault("attachments", {})[attachment_id] = {
                "id": attachment_id,
                "filename": value.name,
                "size": value.stat().st_size,
                "url": value.absolute().as_uri(),
                "proxy_url": value.absolute().as_uri(),
            }
        else:
            raise TypeError(f"cannot send {value!r} as a slash command option")
        return option

    async def _collect(self) -> list[Post]:
        self._check_errors()
        posts: list[Post] = []
        while not dpytest.runner.sent_queue.empty():
            message: discord.Message = dpytest.runner.sent_queue.get_nowait()
            files = tuple([(a.filename, await a.read()) for a in message.attachments])
            posts.append(
                Post(
                    message_id=message.id,
                    components=self._recorder.components.get(message.id, ()),
                    content=message.content,
                    files=files,
                    pings=_pings(
                        message.content, self._recorder.allowed_mentions.get(message.id)
                    ),
                    reply_to=self._recorder.references.get(message.id),
                    channel_id=message.channel.id,
                    pings_everyone=_pings_everyone(
                        message.content, self._recorder.allowed_mentions.get(message.id)
                    ),
                )
            )
        return posts

    async def sent(self) -> list[Post]:
        """Posts the bot made on its own (reminders), since the last look."""
        await dpytest.run_all_events()
        return await self._collect()

    def _check_errors(self) -> None:
        if not dpytest.runner.error_queue.empty():
            _, error = dpytest.runner.error_queue.get_nowait()
            raise AssertionError(f"a command failed: {error!r}") from error
        if self._errors.records:
            record = self._errors.records[0]
            self._errors.records.clear()
            raise AssertionError(f"the bot logged an error: {record.getMessage()}") from (
                record.exc_info[1] if record.exc_info else None
            )
        assert self._recorder.history_reads == 0


def _text_channel(channel: Any) -> discord.TextChannel:
    assert isinstance(channel, discord.TextChannel)
    return channel


async def _settle() -> None:
    """Wait until the bot has finished with everything it was handed, interactions included."""
    for _ in range(1000):
        pending = [
            task
            for task in asyncio.all_tasks()
            if task.get_name().startswith(("CommandTree-invoker", "discord-ui-"))
            and not task.done()
        ]
        if not pending:
            break
        await asyncio.gather(*pending, return_exceptions=True)
    await dpytest.run_all_events()


class _Patches:
    """Test-only replacements, put back afterwards so one test's fakes never leak into another."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, str, Any]] = []

    def set(self, owner: Any, name: str, value: Any) -> None:
        self._saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def restore(self) -> None:
        while self._saved:
            owner, name, value = self._saved.pop()
            setattr(owner, name, value)


@contextlib.asynccontextmanager
async def fake_discord(bot: Any, layout: Layout | None = None) -> AsyncIterator[FakeDiscord]:
    """Connect ``bot`` (a BusBot, not started) to a fresh fake server and run its setup hook.

    The server has one guild with the text channels ``bus-table`` and ``chat``; ``layout`` gives
    them the ids of an earlier server, to show a restarted bot the same places.
    """
    recorder = _Recorder()
    errors = _ErrorLog()
    patches = _Patches()
    loggers = [logging.getLogger(name) for name in ("discord", "bot")]
    for logger in loggers:
        logger.addHandler(errors)
    try:
        patches.set(dpytest_backend.FakeHttp, "send_message", _keep_text_with_files(recorder))
        patches.set(dpytest_backend.FakeHttp, "logs_from", _history(recorder))
        patches.set(dpytest_backend.FakeHttp, "start_private_message", _private_messages(bot))
        patches.set(dpytest_backend.FakeHttp, "edit_message", _record_edits(recorder, bot))
        patches.set(dpytest_backend.FakeHttp, "get_message", _no_history(recorder))
        patches.set(AsyncWebhookAdapter, "request", _interaction_routes(recorder, bot))

        await bot._async_setup_hook()
        dpytest.configure(bot, guilds=0, text_channels=0, voice_channels=0, members=0)
        state = bot._connection
        # The member cache, for dpytest's sake (see the module docstring).
        cache = discord.MemberCacheFlags.none()
        cache.joined = True
        state.member_cache_flags = cache
        layout = layout or Layout()
        state.stop_dispatch()  # the server exists before the bot connects
        guild = dpytest_backend.make_guild("Bus club", id_num=layout.guild_id)
        table = dpytest_backend.make_text_channel("bus-table", guild, id_num=layout.table_id)
        chat = dpytest_backend.make_text_channel("chat", guild, id_num=layout.chat_id)
        # The bot's role, as the invite link grants it.
        role = dpytest_backend.make_role("busbot", guild, permissions=INVITE_PERMISSIONS.value)
        dpytest_backend.make_member(bot.user, guild, roles=[role])
        state.start_dispatch()
        # dpytest swapped the client's connection state; the command tree must follow it.
        state._command_tree = bot.tree
        bot.tree._state = state
        bot.tree._http = bot.http
        await bot.setup_hook()
        if isinstance(bot, BusBot):  # no gateway, no on_ready: nothing to catch up first
            bot.up_to_date()
        server = FakeDiscord(
            bot, guild, _text_channel(table), _text_channel(chat), recorder, errors
        )
        yield server
        await _settle()
        server._check_errors()
    finally:
        for cog in list(bot.cogs):
            await bot.remove_cog(cog)
        await dpytest.empty_queue()
        patches.restore()
        for logger in loggers:
            logger.removeHandler(errors)


def expected_picture(service: GameService, place: str, words: Words = ENGLISH) -> bytes:
    """The PNG of the game in ``place`` as it stands, drawn independently of the bot (its
    labels written with ``words``: the game's language), with what changed since the position
    before the last command (its records share a time)."""
    game = replay(GameLog.parse(service.export(place, "txt")))
    summary = service.store.latest_game(place)
    assert summary is not None
    records = service.store.records(summary.id)
    earlier = [r for r in records if r.at != records[-1].at]
    before = build_game(GameRecord.fold(summary.id, place, earlier))
    # the cards' words (a deadline's wait, time away, a bot seat) as of that command
    notes = seat_notes(GameRecord.fold(summary.id, place, records), game, records[-1].at)
    return render_png(game, previous=before, seat_notes=notes, words=words)


@dataclass
class Table:
    """busbot as deployed: the real service, engine and renderer behind the real bot."""

    server: FakeDiscord
    service: GameService
    bot: BusBot

    def expected_picture(self, place: Any) -> bytes:
        return expected_picture(self.service, str(place.id))

    def moves_played(self, place: Any) -> list[tuple[str, str]]:
        """(player, move) for every move in the log of the game in ``place``."""
        return GameLog.parse(self.service.export(str(place.id), "txt")).moves


@contextlib.asynccontextmanager
async def busbot_table(
    db_path: Path, layout: Layout | None = None, *, rate_limits: bool = False, **settings: Any
) -> AsyncIterator[Table]:
    """A BusBot over a fresh service on ``db_path``, connected to a fake server.

    The rate limits (the bot's command cooldown, the service's pictures and reminders) are off
    unless asked for: the tests play whole games in a second."""
    config = Config(db_path=str(db_path), **settings)
    service = GameService(
        config.db_path, moderator_role=config.moderator_role, picture_dir=config.picture_dir,
        announce=True,
        rate_limits=rate_limits, language=config.language,
    )
    game = AsyncGameService(service, render_workers=config.render_workers)
    bot = BusBot(config, game, sync_commands=False,
                 command_rate=COMMANDS_PER_USER if rate_limits else None)
    try:
        async with fake_discord(bot, layout) as server:
            yield Table(server, service, bot)
    finally:
        await game.aclose()
