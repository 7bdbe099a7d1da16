"""The names of the game's colours and of the computer player's levels, in the reader's language.

A seat's colour (``red``) and a bot's level (``hard``) are data: stored in records, compared,
shown on the picture as a colour, read by the engine and the computer player. Where a sentence
names one, it passes the catalogue entry here (``colour_name``, ``level_name``), so a German
table reads "Ada spielt jetzt Grün" and "ein Computerspieler (schwer)". Whoever writes a
colour or a level back to busbot may use any language's name for it, as the sentences showed
it (``colour_named``, ``level_named``): ``mitspielen grün``, ``Bot hinzufügen schwer``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from bot.service.words.catalogue import LANGUAGES, words_for
from engine.text import Listing, Msg, Text

#: each colour of the game (``engine.COLOURS``) as a sentence names it
COLOUR_NAMES: dict[str, Msg] = {
    "red": Msg("colour.red", "red"),
    "blue": Msg("colour.blue", "blue"),
    "yellow": Msg("colour.yellow", "yellow"),
    "green": Msg("colour.green", "green"),
    "purple": Msg("colour.purple", "purple"),
}
#: each level of the computer player (``ai.Level``) as a sentence names it
LEVEL_NAMES: dict[str, Msg] = {
    "easy": Msg("level.easy", "easy"),
    "normal": Msg("level.normal", "normal"),
    "hard": Msg("level.hard", "hard"),
}

#: a seat in a list of the seated: its name and colour
SEAT_WITH_COLOUR = Msg("names.seat_with_colour", "{name} ({colour})")


def colour_name(colour: str | None) -> Text | str:
    """A seat's colour as the reader's language names it (one busbot does not know, as it
    is: a typed word shown back)."""
    msg = COLOUR_NAMES.get(colour or "")
    return msg() if msg is not None else colour or ""


def level_name(level: str | None) -> Text | str:
    """A computer player's level as the reader's language names it."""
    msg = LEVEL_NAMES.get(level or "")
    return msg() if msg is not None else level or ""


def colour_names(colours: Iterable[str | None]) -> Listing:
    """Colours named one after another (``red, blue``)."""
    return Listing(tuple(colour_name(c) for c in colours), ", ")


def level_names(levels: Iterable[str]) -> Listing:
    """Levels named one after another (``easy, normal, hard``)."""
    return Listing(tuple(level_name(level) for level in levels), ", ")


def seated(seats: Iterable[tuple[str, str | None]]) -> Listing:
    """The seated, each with their colour (``Ada (red), Bob (blue)``)."""
    return Listing(tuple(SEAT_WITH_COLOUR(name=name, colour=colour_name(colour))
                         for name, colour in seats), ", ")


def colour_named(typed: str) -> str | None:
    """The colour ``typed`` names in any language busbot writes (``red``, ``Rot``, ``grün``),
    or None."""
    return _colours().get(typed.strip().casefold())


def level_named(typed: str) -> str | None:
    """The level ``typed`` names in any language busbot writes (``hard``, ``schwer``), or
    None."""
    return _levels().get(typed.strip().casefold())


def _by_name(names: dict[str, Msg]) -> dict[str, str]:
    """Each name of ``names`` in every language (folded) -> its key, the key itself too."""
    found = {key: key for key in names}
    for language in LANGUAGES:
        words = words_for(language)
        for key, msg in names.items():
            found.setdefault(words(msg()).casefold(), key)
    return found


@cache
def _colours() -> dict[str, str]:
    return _by_name(COLOUR_NAMES)


@cache
def _levels() -> dict[str, str]:
    return _by_name(LEVEL_NAMES)
