"""The ``/bus`` slash commands in each language busbot has: discord.py's ``Translator``.

Discord shows a command's name, description, options and choices in the language of the member's
app, from the localizations published with the tree (``busbot sync``, or the bot's start when
the tree changed: ``sync.py`` hashes the translated tree). Nothing here is written twice:

- the descriptions and the names of choices are catalogue entries (the registry's
  ``Slash.description``, the slash cog's option descriptions and choices), handed to discord.py
  as ``locale_str`` whose ``said`` extra is the ``Text``: written with the language's catalogue;
- the names of the subcommands and their options are each language's word list's ``[slash]``
  table (``engine/data/words/de.toml``): ``map`` and ``map.number``. The group keeps its name,
  ``/bus``, in every language, so ``/bus`` finds every command whatever the app's language.

English is the tree itself; a language without its own name for something shows the English.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, locale_str

from bot.service.words.catalogue import DEFAULT_LANGUAGE, known_language, words_for
from engine import words as word_lists
from engine.text import Text

#: the extra of a ``locale_str`` carrying the catalogue's entry for its text
SAID = "said"


def said(text: Text) -> locale_str:
    """``text`` as discord.py takes a translatable string: its English, and the entry."""
    return locale_str(text.english(), **{SAID: text})


def language_of(locale: discord.Locale | str | None) -> str | None:
    """The language busbot has for a Discord locale (``de`` for ``de``; ``en`` for ``en-GB``),
    or None."""
    if locale is None:
        return None
    return known_language(locale.value if isinstance(locale, discord.Locale) else locale)


def slash_names(language: str) -> dict[str, str]:
    """The ``[slash]`` names of ``language``'s word list (none for a language without one)."""
    if language not in word_lists.LANGUAGES:
        return {}
    return word_lists.load(language).slash


class CatalogueTranslator(app_commands.Translator):
    """Each string of the ``/bus`` tree in a Discord locale's language, where busbot has it."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language is None or language == DEFAULT_LANGUAGE:
            return None  # the tree's own English
        text = string.extras.get(SAID)
        if isinstance(text, Text):
            return words_for(language)(text)
        return slash_names(language).get(name_key(context))


def name_key(context: app_commands.TranslationContextTypes) -> str:
    """The ``[slash]`` key of a name: ``map`` for the subcommand, ``map.number`` for its option;
    "" for anything else (the group's name stays ``bus``)."""
    data: Any = context.data
    if context.location is TranslationContextLocation.command_name:
        return str(getattr(data, "name", ""))
    if context.location is TranslationContextLocation.parameter_name:
        command = getattr(data, "command", None)
        return f"{getattr(command, 'name', '')}.{getattr(data, 'name', '')}"
    return ""
