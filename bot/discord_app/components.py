"""Buttons and menus: a faster way to say what could be typed, never a rule path of its own.

When a player's decision begins, the update that announces it carries a menu of the legal
choices (where they fit Discord's 25 options; else one menu per group, such as the extensions
from each head) and the buttons ``Pass``, ``Undo`` and ``Moves``; the answer to ``preview``
carries ``Play this``. A press is turned into the command a player would type and handed to the
one dispatcher (``bot.discord_app.dispatch``), which the buttons cog names with
``answer_presses``: the press is authorised in the item's ``interaction_check``, then takes the
``/bus`` path: the same limits, the same service entry point, the same record.

Every component's custom id names the game and the position it was made for (``Position``), and
discord.py's dynamic items match presses by that id alone, so buttons keep working after a
restart. A press on an older position is refused privately with what changed since; the
components of the previous update are removed as soon as the table moves on.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.api import Command, Position, Previewed, Reply, TableNow, Update
from bot.discord_app.logs import one_line
from bot.service.verbs.move import play
from bot.service.verbs.moves import Choices
from bot.service.verbs.undo import Undo
from bot.service.words.catalogue import DEFAULT_LANGUAGE, words_for
from engine import ParseError
from engine.notation import parse_move, write_move
from engine.text import Msg

log = logging.getLogger(__name__)

#: Discord's limits: options per menu, characters per custom id / option, rows per message.
MENU_OPTIONS = 25
CUSTOM_ID_LENGTH = 100
OPTION_LENGTH = 100
MENUS = 4  # the fifth row holds the buttons

# Any number of digits (a custom id has at most 100 characters): a press whose numbers are out
# of range still matches, and is refused as of an earlier position rather than left unanswered.
_POSITION = r"(?P<game>\d+):(?P<moves>\d+):(?P<seq>\d+)"
#: the components' words, in the language of the post that carries them
LABELS = {
    "pass": Msg("discord.button.pass", "Pass"),
    "undo": Msg("discord.button.undo", "Undo"),
    "moves": Msg("discord.button.moves", "Moves"),
    "play": Msg("discord.button.play", "Play this"),
}
CHOOSE = Msg("discord.menu.choose", "Choose your move")


class PressDesk(Protocol):
    """Who answers presses: authorises them, then runs the command each stands for."""

    async def authorise_press(self, interaction: discord.Interaction[Any], position: Position,
                              action: str) -> bool: ...

    async def press(self, interaction: discord.Interaction[Any], position: Position,
                    typed: Command, action: str) -> None: ...


#: per bot, who answers its presses (``answer_presses``)
_DESKS: weakref.WeakKeyDictionary[discord.Client, PressDesk] = weakref.WeakKeyDictionary()


def answer_presses(client: discord.Client, desk: PressDesk | None) -> None:
    """Let ``desk`` answer the presses ``client`` receives (None: nobody any more)."""
    if desk is None:
        _DESKS.pop(client, None)
    else:
        _DESKS[client] = desk


def _desk(interaction: discord.Interaction[Any]) -> PressDesk:
    return _DESKS[interaction.client]


def _position(match: re.Match[str]) -> Position:
    return Position(int(match["game"]), int(match["moves"]), int(match["seq"]))


class TableButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=rf"bus:(?P<action>pass|undo|moves|play):{_POSITION}(?::(?P<text>.*))?"):
    """Pass, Undo, Moves, or a preview's Play this: the text it stands for, at a position."""

    def __init__(self, action: str, position: Position, text: str = "", *,
                 language: str = DEFAULT_LANGUAGE,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        custom_id = f"bus:{action}:{position.key()}" + (f":{text}" if text else "")
        super().__init__(discord.ui.Button(label=words_for(language)(LABELS[action]()),
                                           style=style, custom_id=custom_id))
        self.action, self.position, self.text = action, position, text

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TableButton:
        return cls(match["action"], _position(match), match["text"] or "")

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await _desk(interaction).authorise_press(interaction, self.position, self.action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        typed: Command = (Undo(None) if self.action == "undo"
                          else Choices(everything=True) if self.action == "moves"
                          else play("Pass" if self.action == "pass" else self.text))
        await pressed(interaction, self.position, typed, self.action)


class ChoiceMenu(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=rf"bus:pick:{_POSITION}:(?P<menu>\d+)"):
    """A menu of legal moves at a position; choosing one plays it."""

    def __init__(self, position: Position, menu: int, placeholder: str = "",
                 options: Sequence[str] = (), language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"bus:pick:{position.key()}:{menu}", placeholder=placeholder[:150] or None,
            options=[discord.SelectOption(label=written(o, language)[:OPTION_LENGTH], value=o)
                     for o in options] or [discord.SelectOption(label="-")],
        ))
        self.position = position

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ChoiceMenu:
        return cls(_position(match), int(match["menu"]))

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await _desk(interaction).authorise_press(interaction, self.position, "pick")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values")  # a list of strings, unless the payload is malformed
        choice = values[0] if isinstance(values, list) and values else ""
        await pressed(interaction, self.position, play(str(choice)), "pick")


def menus(choices: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The menus for a decision: every choice in one when they fit, else one per group (the
    extensions from one head, the buildings of one kind...) for the groups that fit.
    ``Pass`` is a button, not an option."""
    options = [c for c in choices if c != "Pass" and len(c) <= OPTION_LENGTH]
    if not options:
        return []
    if len(options) <= MENU_OPTIONS:
        return [(CHOOSE.en, options)]
    groups: dict[str, list[str]] = {}
    for choice in options:
        groups.setdefault(_group(choice), []).append(choice)
    fitting = [(f"{key}...", group) for key, group in groups.items()
               if len(group) <= MENU_OPTIONS]
    return fitting[:MENUS]


def _group(choice: str) -> str:
    """``Extend line from C1 to C4`` -> ``Extend line from C1``; ``Place Pub at N4`` ->
    ``Place Pub``: what a choice shares with the others of its kind."""
    for word in (" to ", " at "):
        if word in choice:
            return choice.rsplit(word, 1)[0]
    return choice


def written(move: str, language: str) -> str:
    """A choice (a move in the canonical notation) as ``language`` writes it."""
    if language == DEFAULT_LANGUAGE:
        return move
    try:
        return write_move(parse_move(move), language)
    except ParseError:
        return move


def shown_placeholder(placeholder: str, options: Sequence[str], language: str) -> str:
    """A menu's placeholder in ``language``: "Choose your move", or what its options share
    ("Verlängere Linie von C1 nach...")."""
    if language == DEFAULT_LANGUAGE:
        return placeholder
    if placeholder == CHOOSE.en:
        return words_for(language)(CHOOSE())
    split = [written(o, language).split() for o in options]
    common: list[str] = []
    for words in zip(*split, strict=False):  # the words every option starts with
        if any(word != words[0] for word in words):
            break
        common.append(words[0])
    return " ".join(common) + "..." if common else placeholder


def decision_view(now: TableNow) -> discord.ui.View:
    """The components for the decision ``now``: menus, then Pass, Undo and Moves, in the
    language of the post carrying them."""
    view = discord.ui.View(timeout=None)
    language = now.language
    for index, (placeholder, options) in enumerate(menus(now.choices)):
        view.add_item(ChoiceMenu(now.position, index,
                                 shown_placeholder(placeholder, options, language), options,
                                 language))
    if "Pass" in now.choices:
        view.add_item(TableButton("pass", now.position, language=language,
                                  style=discord.ButtonStyle.primary))
    view.add_item(TableButton("undo", now.position, language=language))
    view.add_item(TableButton("moves", now.position, language=language))
    return view


def preview_view(position: Position, moves: str,
                 language: str = DEFAULT_LANGUAGE) -> discord.ui.View | None:
    """``Play this`` for a preview's moves, when they fit in a custom id."""
    button = TableButton("play", position, moves, language=language,
                         style=discord.ButtonStyle.success)
    if len(button.custom_id) > CUSTOM_ID_LENGTH:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(button)
    return view


def view_for(reply: Reply) -> discord.ui.View | None:
    """The components a reply carries: Play this on a preview, the decision's on an update
    (``reply.table``: the decision the service saw when it answered)."""
    now = reply.table
    if now is None:
        return None
    match reply:
        case Previewed(moves=moves) if moves:
            return preview_view(now.position, moves, now.language)
        case Update():
            return decision_view(now)
    return None


#: per bot, the message of each place that carries the current decision's components
_OFFERED: weakref.WeakKeyDictionary[discord.Client, dict[str, discord.Message]] = (
    weakref.WeakKeyDictionary())


async def moved_on(bot: discord.Client, place: str, reply: Reply, sent: Sequence[discord.Message],
                   view: discord.ui.View | None) -> None:
    """After an update is posted: strip the previous update's components, remember these.

    (What is remembered is lost in a restart: the older buttons then stay, and a press on
    them is refused as of an earlier position.)"""
    if not isinstance(reply, Update):
        return
    offered = _OFFERED.setdefault(bot, {})
    old = offered.pop(place, None)
    if view is not None and sent:
        offered[place] = sent[-1]
    if old is not None:
        try:
            await bot.get_partial_messageable(old.channel.id).get_partial_message(old.id).edit(
                view=None)
        except discord.HTTPException as error:
            log.warning("old buttons in %s not removed: %s", place, one_line(error))


async def pressed(interaction: discord.Interaction[Any], position: Position, typed: Command,
                  action: str) -> None:
    """An authorised press: the command it stands for goes to the desk of the bot that got it
    (the dispatcher), which runs it the ``/bus`` way."""
    await _desk(interaction).press(interaction, position, typed, action)
