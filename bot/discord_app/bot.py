"""The Discord client: intents, the prefix, the extensions, and what every cog shares.

The bot holds no game state. It knows the service (``game``), the settings, and one lock per
place so that the answers to two quick messages in the same channel go out in the order the
service applied them. It is an ``AutoShardedBot``: one process runs every shard Discord asks
for, or the ``shard_ids`` of ``shard_count`` the settings give it (docs/discord-setup.md).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.api import Actor, Command, Duplicate, Refusal, Reply
from bot.config import DISCORD_GATEWAY_URL, Config
from bot.delivery import Courier
from bot.discord_app import gateway, incoming, logs
from bot.discord_app.backend import GameBackend
from bot.discord_app.backlog import Backlog, Session
from bot.discord_app.sender import DiscordSender
from bot.discord_app.sync import PublishedCommands, publish
from bot.service.drawing.renderer import start_pictures
from bot.service.words.catalogue import Said, say
from engine.limits import COMMANDS_PER_USER, Rate
from engine.text import Msg

if TYPE_CHECKING:
    import yarl
    from discord.types.gateway import SessionStartLimit

    #: discord.py's question to the API: how many shards, which gateway, how many starts left.
    GatewayQuestion = Callable[[], Coroutine[Any, Any, tuple[int, str, SessionStartLimit]]]

log = logging.getLogger(__name__)

#: The cogs, loaded as extensions in ``setup_hook`` so each can be reloaded on its own.
EXTENSIONS: tuple[str, ...] = (
    "bot.discord_app.cogs.play",
    "bot.discord_app.cogs.slash",
    "bot.discord_app.cogs.reminders",
    "bot.discord_app.cogs.recovery",
    "bot.discord_app.cogs.buttons",
)

#: Exactly what the bot needs in a channel: see and read it, post text, pictures and exports,
#: post inside threads and forum posts, quote the message it answers (which needs the history
#: permission), and offer its slash commands.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    use_application_commands=True,
)
INVITE_SCOPES: tuple[str, ...] = ("bot", "applications.commands")
DISCORD_SITE = "https://discord.com"

#: How many message ids ``first_delivery`` remembers; replays come within minutes.
RECENT_MESSAGES = 10_000
#: the answer to a command that failed on busbot's side (the error goes to the log)
WENT_WRONG = Msg("discord.went_wrong", "Something went wrong on my side, sorry.")

_PREFIX = re.compile(r"(?P<symbol>.*?)(?P<word>[^\W_]+)", re.DOTALL)


def _by_key(key: tuple[str, int]) -> tuple[str, int]:
    return key


def bot_intents() -> discord.Intents:
    """Guild and channel events, messages, and their text (the one privileged intent).

    Members and presences are not needed: the author of each message and interaction arrives
    with the event, roles included.
    """
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.message_content = True
    return intents


def split_prefix(prefix: str) -> tuple[str, str]:
    """``"!bus"`` -> ``("!", "bus")``: the command prefix and the name of the one text command.

    Everything after ``!bus`` goes to the service as it is, so the bot needs a single command whose
    name is the prefix's word; discord.py's own prefix is what comes before it.
    """
    match = _PREFIX.fullmatch(prefix)
    if match is None:
        raise ValueError(f"prefix {prefix!r} must end in a word, like '!bus'")
    return match["symbol"], match["word"]


def invite_url(application_id: int, web_base: str | None = None) -> str:
    """The link that adds the bot to a server with exactly ``INVITE_PERMISSIONS``.

    ``web_base`` is the site of the configured API (``Config.web_base``); Discord's by default.
    """
    url = discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
    )
    if web_base is None:
        return url
    return web_base.rstrip("/") + url.removeprefix(DISCORD_SITE)


class BusBot(commands.Bot):
    """A bot wired to one game service: everything busbot does on Discord.

    What runs is ``ShardedBusBot``, this same bot as discord.py's ``AutoShardedBot``; the
    in-process dpytest harness, which cannot drive a sharded client, uses this class directly.

    ``sync_commands`` publishes the slash commands at start-up when they changed since last
    published (``force_sync`` publishes regardless, for ``busbot sync``); the dpytest tests turn
    it off, as there is no Discord to publish to.
    """

    def __init__(
        self,
        config: Config,
        game: GameBackend,
        *,
        sync_commands: bool = True,
        force_sync: bool = False,
        sync_guild: int | None = None,
        command_rate: Rate | None = COMMANDS_PER_USER,
        **options: Any,
    ) -> None:
        symbol, word = split_prefix(config.prefix)
        # busbot has no voice; discord.py would otherwise warn that PyNaCl (and davey) is missing.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=symbol,
            intents=bot_intents(),
            help_command=None,  # the service has its own help, reached through the prefix
            case_insensitive=True,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.config = config
        self.game = game
        #: posts what each change announces, keeping it in the outbox until Discord took it
        self.sender = DiscordSender(self)
        self.courier = Courier(game, self.sender)
        #: the places whose missed messages are still to be read (bot.discord_app.backlog); a
        #: new message there waits until its place has caught up, so the ones posted while the
        #: bot was away (or its session was lost) are applied first
        self.backlog = Backlog()
        self.command_word = word
        self._sync_commands = sync_commands
        self._force_sync = force_sync
        self._sync_guild = sync_guild if sync_guild is not None else config.dev_guild
        #: What the last publish did: True published, False unchanged, None failed or skipped.
        self.published: bool | None = None
        self._place_locks: dict[str, asyncio.Lock] = {}
        self._recent: OrderedDict[int, None] = OrderedDict()
        # discord.py's own cooldowns, keyed by (place, user): the commands one user may send in
        # one place, and one "slow down" answer per stretch so the answers cannot flood either.
        self.command_rate = command_rate
        rate = command_rate or COMMANDS_PER_USER
        window = rate.burst * rate.per
        self._cooldowns: commands.CooldownMapping[tuple[str, int]] = commands.CooldownMapping(
            commands.Cooldown(rate.burst, window), _by_key)
        self._warned: commands.CooldownMapping[tuple[str, int]] = commands.CooldownMapping(
            commands.Cooldown(1, window), _by_key)

    async def setup_hook(self) -> None:
        if not self._force_sync:  # ``busbot sync`` only publishes; it draws nothing
            start_pictures(self.config.picture_cache, self.config.picture_layout)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self._sync_guild is not None:
            # A test server gets the commands at once; global ones take time to appear.
            self.tree.copy_global_to(guild=discord.Object(self._sync_guild))
        if self._sync_commands and self.application_id is not None:
            self.published = await publish(
                self.tree, self.application_id, PublishedCommands(self.config.db_path),
                guild_id=self._sync_guild, force=self._force_sync,
            )
        if self.application_id is not None:
            log.info("invite link: %s", invite_url(self.application_id, self.config.web_base))

    async def on_shard_disconnect(self, shard_id: int) -> None:
        if not self.is_closed():  # not when we are the ones closing it
            log.info("gateway connection of shard %s lost; reconnecting", shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        if not self.in_burst(shard_id):  # a burst of failures is told when it ends instead
            log.info("gateway connection of shard %s resumed", shard_id)

    def in_burst(self, shard_id: int) -> bool:
        """Whether ``shard_id``'s gateway has failed twice or more in a row lately (the plain
        bot has no paces of its own: never)."""
        return False

    async def caught_up(self, place: str) -> None:
        """Wait until ``place`` has caught up on what was posted while the bot was away."""
        await self.backlog.wait(place)

    def up_to_date(self, place: str | None = None, session: Session | None = None) -> None:
        """``place`` (every place, with None) has caught up (by ``session``'s recovery): its
        new messages go ahead, unless a newer recovery reads it again."""
        self.backlog.up_to_date(place, session)

    def place_lock(self, place: str) -> asyncio.Lock:
        """The lock that keeps one place's answers in the order their commands were applied."""
        lock = self._place_locks.get(place)
        if lock is None:
            lock = self._place_locks[place] = asyncio.Lock()
        return lock

    def too_fast(self, place: str, user_id: int) -> tuple[float, bool] | None:
        """None when ``user_id`` may send another command in ``place`` now; else the seconds
        to wait and whether to say so (once per stretch of waiting)."""
        if self.command_rate is None:
            return None
        key = (place, user_id)
        bucket = self._cooldowns.get_bucket(key)
        retry = bucket.update_rate_limit() if bucket is not None else None
        if not retry:
            return None
        warned = self._warned.get_bucket(key)
        tell = warned is not None and not warned.update_rate_limit()
        return retry, tell

    def forget_deliveries(self, message_ids: Iterable[int]) -> None:
        """Let these messages be handled again (``first_delivery``): a catch-up whose summary
        did not go out is done again, in this process too, and answers them then (a move
        applied already is not applied again: the service keeps its message id)."""
        for message_id in message_ids:
            self._recent.pop(message_id, None)

    def first_delivery(self, message_id: int) -> bool:
        """False for a message seen moments ago: after a resumed connection Discord may deliver
        a message again. The service would not apply it twice either, but it would answer
        again; this keeps the channel quiet. Restarts start afresh, which is fine: a new
        connection does not replay old messages, and the service still applies each only once.
        """
        if message_id in self._recent:
            return False
        self._recent[message_id] = None
        while len(self._recent) > RECENT_MESSAGES:
            self._recent.popitem(last=False)
        return True

    async def on_command_error(
        self, context: commands.Context[Any], error: commands.CommandError, /
    ) -> None:
        """Answer what can be answered; never raise (a failed answer is logged in one line)."""
        # Other bots share the "!" prefix; their commands are not ours to complain about.
        if isinstance(error, commands.CommandNotFound | commands.NoPrivateMessage):
            return
        cause = getattr(error, "original", error)
        if isinstance(cause, discord.HTTPException):
            log.warning("answer in %s not posted: %s", context.channel.id, one_line(cause))
            return
        if isinstance(error, commands.UserInputError):
            answer = str(error)
        else:
            log.error("command %r failed", context.message.content, exc_info=error)
            answer = await self.written(str(context.channel.id),
                                        incoming.actor_for(context.author), WENT_WRONG())
        try:
            await context.reply(answer, mention_author=False)
        except discord.HTTPException as failed:
            log.warning("answer in %s not posted: %s", context.channel.id, one_line(failed))

    async def written(self, place: str, actor: Actor, said: Said) -> str:
        """What the Discord layer itself says to ``actor`` alone (a refusal before the
        service, a press refused), in their language at ``place``: their own, else their
        app's, else the game's or the server's."""
        return say(said, await self.game.language_of(place, actor.user_id, actor.locale,
                                                     actor.server))

    def log_handled(
        self, place: str, actor: Actor, message: str | Command, reply: Reply | None,
        started: float
    ) -> None:
        """One line per command: where, who, what kind, how it ended, how long it took."""
        if isinstance(message, str):
            words = message.split()
            kind = words[0].lower()[:20] if words else "(empty)"
        else:  # a slash command's typed command
            kind = type(message).__name__.lower()
        match reply:
            case None:
                outcome = "refused before the service"
            case Duplicate():
                outcome = "duplicate"
            case Refusal():
                outcome = "refused"
            case _:
                outcome = "ok"
        log.info("place=%s user=%s kind=%s outcome=%s time=%.0fms", place, actor.user_id, kind,
                 outcome, (time.perf_counter() - started) * 1000)


class ShardedBusBot(BusBot, commands.AutoShardedBot):
    """busbot as it runs: every shard Discord asks for in one process, or the ``shard_ids`` of
    ``shard_count`` the settings give this process (each with its own database).

    Its shards are ``bot.discord_app.gateway``'s: each reconnects by itself whatever the
    gateway sends or does, at its own pace (``paces``), and only a close no retry can fix ends
    the connection."""

    def __init__(self, config: Config, game: GameBackend, **options: Any) -> None:
        shard_ids = list(config.shard_ids) if config.shard_ids is not None else None
        super().__init__(config, game, shard_count=config.shard_count, shard_ids=shard_ids,
                         **options)
        #: each shard's pacing of its connection attempts
        self.paces: dict[int, gateway.Pace] = {}
        self._identify_gate = gateway.IdentifyGate()
        self._quiet = gateway.QuietInBursts(self.paces)
        logging.getLogger("discord.gateway").addFilter(self._quiet)
        if config.gateway_url != DISCORD_GATEWAY_URL:
            # Choosing the shard count itself, discord.py takes the gateway's address from the
            # API's answer; a gateway_url the operator set must win over that too.
            self.http.get_bot_gateway = self._gateway_at(  # type: ignore[method-assign]
                self.http.get_bot_gateway, config.gateway_url)

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            logging.getLogger("discord.gateway").removeFilter(self._quiet)

    def in_burst(self, shard_id: int) -> bool:
        pace = self.paces.get(shard_id)
        return pace is not None and pace.failures >= 2

    async def launch_shard(self, gateway_url: yarl.URL, shard_id: int, *,
                           initial: bool = False) -> None:
        await gateway.launch_shard(self, self.paces, gateway_url, shard_id, initial=initial)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord's pace for IDENTIFY (one per five seconds), kept across the shards rather
        than discord.py's five-second sleep before every identify after the first."""
        await self._identify_gate.wait()

    @staticmethod
    def _gateway_at(ask: GatewayQuestion, url: str) -> GatewayQuestion:
        async def get_bot_gateway() -> tuple[int, str, SessionStartLimit]:
            shards, _, limits = await ask()
            return shards, url, limits

        return get_bot_gateway


#: An exception as one log line (``bot.discord_app.logs``; the runner reads it here).
one_line = logs.one_line
