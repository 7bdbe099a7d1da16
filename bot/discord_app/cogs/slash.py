"""The ``/bus`` slash commands: the same service, reached through Discord's command picker.

Each subcommand builds the service's typed command from its arguments (``/bus undo count:2``
is ``UndoLast(2)``; ``/bus move`` reads its text as moves only) and hands it to the same entry
point as a text message: the same limits, the same command table; the service decides
everything. Only ``/bus do`` passes text, being anything one could write after the prefix.
Every command is deferred before the service is asked, because an answer with a picture can
take longer than the three seconds Discord waits. Lookups (status, map, moves, log, help,
rules, export) are answered privately to the asker; everything that changes the game is
answered in the channel for the whole table to see, except refusals, which only the asker sees.

Every name, description and choice of the tree is translatable (``translator.py``): the
descriptions and choices are catalogue entries (the registry's, and this cog's options' below),
the names each language's word list's ``[slash]`` names, so a German Discord app shows
``/bus karte nach-zug:`` with German descriptions. A choice's value is the English word the
service reads, whatever its shown name.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.api import Command
from bot.discord_app.bot import WENT_WRONG, BusBot
from bot.discord_app.dispatch import Dispatcher
from bot.discord_app.guards import member_text
from bot.discord_app.incoming import actor_for, place_of
from bot.discord_app.logs import one_line
from bot.discord_app.translator import CatalogueTranslator, language_of, said
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
from bot.service.words.catalogue import words_for
from bot.service.words.names import LEVEL_NAMES
from engine import ParseError
from engine.notation import parse_move, write_move
from engine.text import Msg

log = logging.getLogger(__name__)

#: Discord shows at most 25 suggestions, each at most 100 characters long.
MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100

Interaction = discord.Interaction[BusBot]
F = TypeVar("F", bound=Callable[..., Any])
#: the subcommands answered to the asker alone (lookups), as the registry declares them
PRIVATE = frozenset(s.name for s in registry.SLASH if s.private)


#: what Discord shows of the group and of this cog's own arguments (the commands' own lines are
#: the registry's), and the names of their choices
GROUP = Msg("discord.slash.group", "Play Bus at this table")
DO = Msg("discord.slash.do", "Anything you could write after the prefix")
OPTIONS = {
    "move.move": Msg("discord.slash.move.move", "For example: Place Office at C1"),
    "preview.moves": Msg("discord.slash.preview.moves", "For example: Extend line from C1 to "
                         "C4"),
    "story.part": Msg("discord.slash.story.part", "story: the chart and the animation; chart; "
                      "replay: the animation (each with the statistics)"),
    "map.number": Msg("discord.slash.map.number", "Show the table as it was after this move"),
    "map.layout": Msg("discord.slash.map.layout", "Draw it so this once (else as `/bus layout` "
                      "chose)"),
    "layout.layout": Msg("discord.slash.layout.layout", "phone, portrait, landscape, or default "
                         "(follow the channel)"),
    "layout.channel": Msg("discord.slash.layout.channel", "Moderators: choose for the pictures "
                          "posted here"),
    "log.everything": Msg("discord.slash.log.everything", "The whole log rather than the latest "
                          "moves"),
    "games.waiting": Msg("discord.slash.games.waiting", "Moderators: only the games that waited "
                         "past their deadline"),
    "undo.count": Msg("discord.slash.undo.count", "Moderators: how many moves to take back"),
    "new.options": Msg("discord.slash.new.options", "An edition and option=value settings, if "
                       "not the defaults"),
    "join.colour": Msg("discord.slash.join.colour", "The colour you would like to play"),
    "addbot.level": Msg("discord.slash.addbot.level", "How strongly it plays (normal when not "
                        "given)"),
    "start.order": Msg("discord.slash.start.order", "Seat order, as in: Arcsyn, Daemonis, "
                       "Hedgethorn (else drawn)"),
    "as.player": Msg("discord.slash.as.player", "The player's name at the table"),
    "as.move": Msg("discord.slash.as.move", "The move they make"),
    "correct.number": Msg("discord.slash.correct.number", "The move's number in the log"),
    "correct.move": Msg("discord.slash.correct.move", "What it should have been"),
    "replace.player": Msg("discord.slash.replace.player", "The player's name at the table"),
    "replace.user": Msg("discord.slash.replace.user", "Who takes the seat"),
    "export.format": Msg("discord.slash.export.format", "txt (a game log, the default), json, or "
                         "html (the game's page)"),
    "import.file": Msg("discord.slash.import.file", "A file made by /bus export"),
    "do.command": Msg("discord.slash.do.command", "For example: start order: Arcsyn, Daemonis, "
                      "Hedgethorn"),
    "arguments": Msg("discord.slash.arguments", "What follows the command, as you would write "
                     "it after the prefix"),
}
CHOICES = {
    "story": Msg("discord.choice.story", "story"),
    "chart": Msg("discord.choice.chart", "chart"),
    "replay": Msg("discord.choice.replay", "replay"),
    "phone": Msg("discord.choice.phone", "phone"),
    "portrait": Msg("discord.choice.portrait", "portrait"),
    "landscape": Msg("discord.choice.landscape", "landscape"),
    "default": Msg("discord.choice.default", "default"),
    **LEVEL_NAMES,  # the computer's levels, as every sentence names them
    "txt": Msg("discord.choice.txt", "txt"),
    "json": Msg("discord.choice.json", "json"),
    "html": Msg("discord.choice.html", "html"),
}


def _said(name: str) -> app_commands.locale_str:
    """The line Discord shows under ``/bus NAME``: its command's, from the registry (this cog
    writes only the typed arguments), in the member's language."""
    return said(registry.SLASH_NAMED[name].description)


def _described(command: str, *options: str) -> Callable[[F], F]:
    """Each option's description (this cog's catalogue entries), and its name as one the
    translator can give in another language (the word lists' ``[slash]``)."""
    described = app_commands.describe(**{o: said(OPTIONS[f"{command}.{o}"]()) for o in options})
    renamed = app_commands.rename(**{o: app_commands.locale_str(o) for o in options})

    def both(callback: F) -> F:
        return renamed(described(callback))

    return both


def _choices(*values: str) -> list[app_commands.Choice[str]]:
    """A choice per value: its name the catalogue's (the English word), its value the word."""
    return [app_commands.Choice(name=said(CHOICES[v]()), value=v) for v in values]


def _value(choice: app_commands.Choice[str] | None) -> str | None:
    return choice.value if choice is not None else None


@app_commands.guild_only()
class Slash(commands.GroupCog, group_name="bus", group_description=said(GROUP())):
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
    @_described("move", "move")
    async def move(self, interaction: Interaction, move: str) -> None:
        await self.run(interaction, play(move))

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Your legal moves now, narrowed by every word typed so far, each shown in your
        language's notation (its value the canonical one, which every table reads)."""
        place = place_of(interaction.channel_id or 0)
        actor = actor_for(interaction.user, interaction.locale)
        choices = await self.bot.game.choices(place, actor)
        language = await self.bot.game.language_of(place, actor.user_id, actor.locale)
        shown = [(_written(text, language), text) for text in choices]
        words = current.lower().split()
        matching = [(name, text) for name, text in shown
                    if all(word in f"{name} {text}".lower() for word in words)]
        return [
            app_commands.Choice(name=name, value=text)
            for name, text in matching[:MAX_CHOICES]
            if len(name) <= MAX_CHOICE_LENGTH and len(text) <= MAX_CHOICE_LENGTH
        ]

    @app_commands.command(description=_said("preview"))
    @_described("preview", "moves")
    async def preview(self, interaction: Interaction, moves: str) -> None:
        await self.run(interaction, previewing(moves), private=True)

    @app_commands.command(description=_said("story"))
    @_described("story", "part")
    @app_commands.choices(part=_choices("story", "chart", "replay"))
    async def story(
        self, interaction: Interaction, part: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.run(interaction, Story(_value(part) or "story"), private=True)

    @app_commands.command(description=_said("status"))
    async def status(self, interaction: Interaction) -> None:
        await self.run(interaction, Status(), private=True)

    @app_commands.command(name="map", description=_said("map"))
    @_described("map", "number", "layout")
    @app_commands.choices(layout=_choices("phone", "portrait", "landscape"))
    async def map_(
        self, interaction: Interaction, number: app_commands.Range[int, 0] | None = None,
        layout: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.run(interaction, Map(number, _value(layout)), private=True)

    @app_commands.command(description=_said("layout"))
    @_described("layout", "layout", "channel")
    @app_commands.choices(layout=_choices("phone", "portrait", "landscape", "default"))
    async def layout(
        self, interaction: Interaction, layout: app_commands.Choice[str] | None = None,
        channel: bool = False,
    ) -> None:
        chosen = _value(layout)
        await self.run(interaction, LayoutCommand(chosen, channel=channel and chosen is not None),
                       private=True)

    @app_commands.command(description=_said("moves"))
    async def moves(self, interaction: Interaction) -> None:
        await self.run(interaction, Choices(), private=True)

    @app_commands.command(description=_said("log"))
    @_described("log", "everything")
    async def log(self, interaction: Interaction, everything: bool = False) -> None:
        await self.run(interaction, Log(everything), private=True)

    @app_commands.command(description=_said("games"))
    @_described("games", "waiting")
    async def games(self, interaction: Interaction, waiting: bool = False) -> None:
        await self.run(interaction, Games(waiting), private=True)

    @app_commands.command(name="help", description=_said("help"))
    async def help_(self, interaction: Interaction) -> None:
        await self.run(interaction, Help(), private=True)

    @app_commands.command(description=_said("rules"))
    async def rules(self, interaction: Interaction) -> None:
        await self.run(interaction, Rules(), private=True)

    @app_commands.command(description=_said("undo"))
    @_described("undo", "count")
    async def undo(
        self, interaction: Interaction, count: app_commands.Range[int, 1] | None = None
    ) -> None:
        await self.run(interaction, Undo(None) if count is None else UndoLast(count))

    @app_commands.command(description=_said("redo"))
    async def redo(self, interaction: Interaction) -> None:
        await self.run(interaction, Redo())

    @app_commands.command(description=_said("new"))
    @_described("new", "options")
    async def new(self, interaction: Interaction, options: str | None = None) -> None:
        await self.run(interaction, read_new_game(options or ""))

    @app_commands.command(description=_said("join"))
    @_described("join", "colour")
    async def join(self, interaction: Interaction, colour: str | None = None) -> None:
        await self.run(interaction, Join(colour.lower() if colour else None, None))

    @app_commands.command(description=_said("addbot"))
    @_described("addbot", "level")
    @app_commands.choices(level=_choices("easy", "normal", "hard"))
    async def addbot(self, interaction: Interaction,
                     level: app_commands.Choice[str] | None = None) -> None:
        await self.run(interaction, AddBot(_value(level)))

    @app_commands.command(description=_said("hint"))
    async def hint(self, interaction: Interaction) -> None:
        await self.run(interaction, Hint(), private=True)

    @app_commands.command(description=_said("start"))
    @_described("start", "order")
    async def start(self, interaction: Interaction, order: str | None = None) -> None:
        await self.run(interaction, start_order(order) if order else Start(None))

    @app_commands.command(name="as", description=_said("as"))
    @_described("as", "player", "move")
    async def as_(self, interaction: Interaction, player: str, move: str) -> None:
        await self.run(interaction, ActAs(player.strip(), move.strip()))

    @app_commands.command(description=_said("correct"))
    @_described("correct", "number", "move")
    async def correct(
        self, interaction: Interaction, number: app_commands.Range[int, 1], move: str
    ) -> None:
        await self.run(interaction, Correct(number, move.strip()))

    @app_commands.command(description=_said("replace"))
    @_described("replace", "player", "user")
    async def replace(self, interaction: Interaction, player: str, user: discord.Member) -> None:
        await self.run(interaction, ReplacePlayer(player.strip(), member_text(user)))

    @app_commands.command(description=_said("export"))
    @_described("export", "format")
    @app_commands.choices(format=_choices("txt", "json", "html"))
    async def export(
        self, interaction: Interaction, format: app_commands.Choice[str] | None = None
    ) -> None:
        await self.run(interaction, Export(_value(format) or "txt"), private=True)

    @app_commands.command(name="import", description=_said("import"))
    @_described("import", "file")
    async def import_(self, interaction: Interaction, file: discord.Attachment) -> None:
        await self.run(interaction, Import(), files=[file])

    @app_commands.command(name="do", description=said(DO()))
    @_described("do", "command")
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
        message = words_for(language_of(interaction.locale))(WENT_WRONG())
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

    @app_commands.describe(arguments=said(OPTIONS["arguments"]()))
    @app_commands.rename(arguments=app_commands.locale_str("arguments"))
    async def typed(cog: Slash, interaction: Interaction, arguments: str | None = None) -> None:
        await cog.dispatcher.interaction(interaction, f"{word} {arguments or ''}".strip(),
                                         private=form.private)

    typed.__qualname__ = f"Slash.{form.name}"  # a method of the cog: discord.py passes the cog
    return app_commands.Command(name=form.name, description=said(form.description),
                                callback=typed)


def _written(text: str, language: str) -> str:
    """A legal move's notation as ``language`` writes it (the canonical one where it cannot be
    read, which never happens to a legal move's)."""
    try:
        return write_move(parse_move(text), language)
    except ParseError:
        return text


_WRITTEN = {command.name for command in Slash.__cog_app_commands__}
Slash.__cog_app_commands__.extend(
    _by_words(e.words[0], e.slash) for e in registry.ENTRIES
    if isinstance(e.slash, forms.Slash) and e.slash.name not in _WRITTEN)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the slash cog needs a BusBot, which knows the game service")
    await bot.tree.set_translator(CatalogueTranslator())
    await bot.add_cog(Slash(bot))
