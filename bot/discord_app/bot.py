"""The Discord client: intents, the prefix, the extensions, and what every cog shares.

The bot holds no game state. It knows the service (``game``), the settings, and one lock per
place so that the answers to two quick messages in the same channel go out in the order the
service applied them.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from typing import Any

import discord
from discord.ext import commands

from bot.config import Config
from bot.delivery import Courier
from bot.discord_app.backend import GameBackend
from bot.discord_app.sender import DiscordSender

log = logging.getLogger(__name__)

#: The cogs, loaded as extensions in ``setup_hook`` so each can be reloaded on its own.
EXTENSIONS: tuple[str, ...] = (
    "bot.discord_app.cogs.play",
    "bot.discord_app.cogs.slash",
    "bot.discord_app.cogs.reminders",
    "bot.discord_app.cogs.recovery",
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

#: How many message ids ``first_delivery`` remembers; replays come within minutes.
RECENT_MESSAGES = 10_000

_PREFIX = re.compile(r"(?P<symbol>.*?)(?P<word>[^\W_]+)", re.DOTALL)


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


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with exactly ``INVITE_PERMISSIONS``."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
    )


class BusBot(commands.Bot):
    """A ``commands.Bot`` wired to one game service.

    ``sync_commands`` publishes the slash commands to Discord at start-up; tests turn it off,
    as there is no Discord to publish to.
    """

    def __init__(self, config: Config, game: GameBackend, *, sync_commands: bool = True) -> None:
        symbol, word = split_prefix(config.prefix)
        super().__init__(
            command_prefix=symbol,
            intents=bot_intents(),
            help_command=None,  # the service has its own help, reached through the prefix
            case_insensitive=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.config = config
        self.game = game
        #: posts what each change announces, keeping it in the outbox until Discord took it
        self.sender = DiscordSender(self)
        self.courier = Courier(game, self.sender)
        #: set once the first catching up after connecting is done; new messages wait for it,
        #: so the ones posted while the bot was away are applied first
        self.caught_up = asyncio.Event()
        self.command_word = word
        self._sync_commands = sync_commands
        self._place_locks: dict[str, asyncio.Lock] = {}
        self._recent: OrderedDict[int, None] = OrderedDict()

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self._sync_commands:
            synced = await self.tree.sync()
            log.info("published %d slash command group(s)", len(synced))
        if self.application_id is not None:
            log.info("invite link: %s", invite_url(self.application_id))

    def place_lock(self, place: str) -> asyncio.Lock:
        """The lock that keeps one place's answers in the order their commands were applied."""
        lock = self._place_locks.get(place)
        if lock is None:
            lock = self._place_locks[place] = asyncio.Lock()
        return lock

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
        # Other bots share the "!" prefix; their commands are not ours to complain about.
        if isinstance(error, commands.CommandNotFound | commands.NoPrivateMessage):
            return
        if isinstance(error, commands.UserInputError):
            await context.reply(str(error), mention_author=False)
            return
        log.error("command %r failed", context.message.content, exc_info=error)
        await context.reply("Something went wrong on my side, sorry.", mention_author=False)
