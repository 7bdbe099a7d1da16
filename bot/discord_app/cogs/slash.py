"""The ``/bus`` slash commands: the same service, reached through Discord's command picker.

Each subcommand builds the service's typed command from its arguments (``/bus undo count:2``
is ``UndoLast(2)``; ``/bus move`` reads its text as moves only) and hands it to the same entry
point as a text message: the same limits, the same command table; the service decides
everything. Only ``/bus do`` passes text, being anything one could write after the prefix.
Every command is deferred before the service is asked, because an answer with a picture can
take longer than the three seconds Discord waits. Lookups (status, map, moves, log, help,
rules, export) are answered privately to the asker; everything that changes the game is
answered in the channel for the whole table to see, except refusals, which only the asker sees.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.api import Command
from bot.discord_app.bot import BusBot
from bot.discord_app.dispatch import Dispatcher
from bot.discord_app.guards import member_text
from bot.discord_app.incoming import actor_for, place_of
from bot.discord_app.logs import one_line
from bot.service.command import forms
from bot.service.router import registry
from bot.service.verbs.add_bot import AddBot
from bot.service.verbs.export import Export
from bot.service.verbs.games import Games
from bot.service.verbs.help import Help
from bot.service.verbs.hint import Hint
from bot.service.verbs.import_game import Import
from bot.service.verbs.layout import Layout as LayoutCommand
from bot.service.verbs.lobby import Join, Start, read_new_game, start_order
from bot.service.verbs.log import Log
from bot.service.verbs.map import Map
from bot.service.verbs.moderation import ActAs
from bot.service.verbs.move import play
from bot.service.verbs.moves import Choices
from bot.service.verbs.preview import previewing
from bot.service.verbs.replace import ReplacePlayer
from bot.service.verbs.rules import Rules
from bot.service.verbs.status import Status
from bot.service.verbs.story import Story
from bot.service.verbs.undo import Correct, Redo, Undo, UndoLast

log = logging.getLogger(__name__)

#: Discord shows at most 25 suggestions, each at most 100 characters long.
MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100

Interaction = discord.Interaction[BusBot]
#: the subcommands answered to the asker alone (lookups), as the registry declares them
PRIVATE = frozenset(s.name for s in registry.SLASH if s.private)


def _said(name: str) -> str:
    """The line Discord shows under ``/bus NAME``: its command's, from the registry (this cog
    writes only the typed arguments)."""
    return registry.SLASH_NAMED[name].description


@app_commands.guild_only()
class Slash(commands.GroupCog, group_name="bus", group_description="Play Bus at this table"):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot
        self.dispatcher = Dispatcher(bot)
        super().__init__()

    async def run(self, interaction: Interaction, command: str | Command, *,
                  files: list[discord.Attachment] | None = None,
                  private: bool | None = None) -> None:
        """Every subcommand's one line: its command to the dispatcher, answered privately when
        the registry says the subcommand is a lookup (``private``, where given, says so)."""
        name = interaction.command.name if interaction.command is not None else ""
        await self.dispatcher.interaction(
            interaction, command, private=name in PRIVATE if private is None else private,
            files=files or [])

    @app_commands.command(description=_said("move"))
    @app_commands.describe(move="For example: Place Office at C1")
    async def move(self, interaction: Interaction, move: str) -> None:
        await self.run(interaction, play(move))

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Your legal moves now, narrowed by every word typed so far."""
        choices = await self.bot.game.choices(
            place_of(interaction.channel_id or 0), actor_for(interaction.user)
        )
        words = current.lower().split()
        matching = [text for text in choices if all(word in text.lower() for word in words)]
        return [
            app_commands.Choice(name=text, value=text)
            for text in matching[:MAX_CHOICES]
            if len(text) <= MAX_CHOICE_LENGTH
        ]

    @app_commands.command(description=_said("preview"))
    @app_commands.describe(moves="For example: Extend line from C1 to C4")
    async def preview(self, interaction: Interaction, moves: str) -> None:
        await self.run(interaction, previewing(moves), private=True)

    @app_commands.command(description=_said("story"))
    @app_commands.describe(part="story: the chart and the animation; chart; replay: the "
                                "animation (each with the statistics)")
    async def story(
        self, interaction: Interaction,
        part: Literal["story", "chart", "replay"] = "story",
    ) -> None:
        await self.run(interaction, Story(part), private=True)

    @app_commands.command(description=_said("status"))
    async def status(self, interaction: Interaction) -> None:
        await self.run(interaction, Status(), private=True)

    @app_commands.command(name="map", description=_said("map"))
    @app_commands.describe(number="Show the table as it was after this move",
                           layout="Draw it so this once (else as `/bus layout` chose)")
    async def map_(
        self, interaction: Interaction, number: app_commands.Range[int, 0] | None = None,
        layout: Literal["phone", "portrait", "landscape"] | None = None,
    ) -> None:
        await self.run(interaction, Map(number, layout), private=True)

    @app_commands.command(description=_said("layout"))
    @app_commands.describe(layout="phone, portrait, landscape, or default (follow the channel)",
                           channel="Moderators: choose for the pictures posted here")
    async def layout(
        self, interaction: Interaction,
        layout: Literal["phone", "portrait", "landscape", "default"] | None = None,
        channel: bool = False,
    ) -> None:
        await self.run(interaction, LayoutCommand(layout, channel=channel and layout is not None),
                       private=True)

    @app_commands.command(description=_said("moves"))
    async def moves(self, interaction: Interaction) -> None:
        await self.run(interaction, Choices(), private=True)

    @app_commands.command(description=_said("log"))
    @app_commands.describe(everything="The whole log rather than the latest moves")
    async def log(self, interaction: Interaction, everything: bool = False) -> None:
        await self.run(interaction, Log(everything), private=True)

    @app_commands.command(description=_said("games"))
    @app_commands.describe(waiting="Moderators: only the games that waited past their deadline")
    async def games(self, interaction: Interaction, waiting: bool = False) -> None:
        await self.run(interaction, Games(waiting), private=True)

    @app_commands.command(name="help", description=_said("help"))
    async def help_(self, interaction: Interaction) -> None:
        await self.run(interaction, Help(), private=True)

    @app_commands.command(description=_said("rules"))
    async def rules(self, interaction: Interaction) -> None:
        await self.run(interaction, Rules(), private=True)

    @app_commands.command(description=_said("undo"))
    @app_commands.describe(count="Moderators: how many moves to take back")
    async def undo(
        self, interaction: Interaction, count: app_commands.Range[int, 1] | None = None
    ) -> None:
        await self.run(interaction, Undo(None) if count is None else UndoLast(count))

    @app_commands.command(description=_said("redo"))
    async def redo(self, interaction: Interaction) -> None:
        await self.run(interaction, Redo())

    @app_commands.command(description=_said("new"))
    @app_commands.describe(options="An edition and option=value settings, if not the defaults")
    async def new(self, interaction: Interaction, options: str | None = None) -> None:
        await self.run(interaction, read_new_game(options or ""))

    @app_commands.command(description=_said("join"))
    @app_commands.describe(colour="The colour you would like to play")
    async def join(self, interaction: Interaction, colour: str | None = None) -> None:
        await self.run(interaction, Join(colour.lower() if colour else None, None))

    @app_commands.command(description=_said("addbot"))
    @app_commands.describe(level="How strongly it plays (normal when not given)")
    async def addbot(self, interaction: Interaction,
                     level: Literal["easy", "normal", "hard"] | None = None) -> None:
        await self.run(interaction, AddBot(level))

    @app_commands.command(description=_said("hint"))
    async def hint(self, interaction: Interaction) -> None:
        await self.run(interaction, Hint(), private=True)

    @app_commands.command(description=_said("start"))
    @app_commands.describe(order="Seat order, as in: Arcsyn, Daemonis, Hedgethorn (else drawn)")
    async def start(self, interaction: Interaction, order: str | None = None) -> None:
        await self.run(interaction, start_order(order) if order else Start(None))

    @app_commands.command(name="as", description=_said("as"))
    @app_commands.describe(player="The player's name at the table", move="The move they make")
    async def as_(self, interaction: Interaction, player: str, move: str) -> None:
        await self.run(interaction, ActAs(player.strip(), move.strip()))

    @app_commands.command(description=_said("correct"))
    @app_commands.describe(number="The move's number in the log", move="What it should have been")
    async def correct(
        self, interaction: Interaction, number: app_commands.Range[int, 1], move: str
    ) -> None:
        await self.run(interaction, Correct(number, move.strip()))

    @app_commands.command(description=_said("replace"))
    @app_commands.describe(player="The player's name at the table", user="Who takes the seat")
    async def replace(self, interaction: Interaction, player: str, user: discord.Member) -> None:
        await self.run(interaction, ReplacePlayer(player.strip(), member_text(user)))

    @app_commands.command(description=_said("export"))
    @app_commands.describe(format="txt (a game log, the default), json, or html (the game's page)")
    async def export(
        self, interaction: Interaction, format: Literal["txt", "json", "html"] = "txt"
    ) -> None:
        await self.run(interaction, Export(format), private=True)

    @app_commands.command(name="import", description=_said("import"))
    @app_commands.describe(file="A file made by /bus export")
    async def import_(self, interaction: Interaction, file: discord.Attachment) -> None:
        await self.run(interaction, Import(), files=[file])

    @app_commands.command(name="do", description="Anything you could write after the prefix")
    @app_commands.describe(command="For example: start order: Arcsyn, Daemonis, Hedgethorn")
    async def do(self, interaction: Interaction, command: str) -> None:
        await self.run(interaction, command)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Answer privately if still possible; never raise. An answer Discord would not take
        (an expired interaction, a failed follow-up) is logged in one line."""
        cause = getattr(error, "original", error)
        if isinstance(cause, discord.HTTPException):
            log.warning("slash command in %s not answered: %s", interaction.channel_id,
                        one_line(cause))
            return
        log.error("slash command failed", exc_info=error)
        message = "Something went wrong on my side, sorry."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException as failed:
            log.warning("slash command in %s not answered: %s", interaction.channel_id,
                        one_line(failed))


def _by_words(word: str, form: forms.Slash) -> app_commands.Command[Any, ..., None]:
    """``/bus NAME [arguments]`` for a command declared with a slash form and no hand-written
    subcommand (a new command in ``bot/service/verbs/``): its word and the arguments, read as
    if they were written after the prefix."""

    async def said(cog: Slash, interaction: Interaction, arguments: str | None = None) -> None:
        await cog.dispatcher.interaction(interaction, f"{word} {arguments or ''}".strip(),
                                         private=form.private)

    said.__qualname__ = f"Slash.{form.name}"  # a method of the cog: discord.py passes the cog
    return app_commands.Command(name=form.name, description=form.description, callback=said)


_WRITTEN = {command.name for command in Slash.__cog_app_commands__}
Slash.__cog_app_commands__.extend(
    _by_words(e.words[0], e.slash) for e in registry.ENTRIES
    if isinstance(e.slash, forms.Slash) and e.slash.name not in _WRITTEN)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the slash cog needs a BusBot, which knows the game service")
    await bot.add_cog(Slash(bot))
