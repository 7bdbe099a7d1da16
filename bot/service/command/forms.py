"""What one command is: the form of a row of the command registry (``bot/service/registry.py``).

A command is declared once, as an ``Entry``: the words that name it, how it is written, how the
rest of the message is read, what each command it reads runs (its handler and its needs: who may
use it and in which game states), its line in ``help``, its slash form (or why it has none) and
its line in the docs. Everything else (the routes, ``help``, the slash tree, the words a typo is
compared with, the docs' table) is derived from the entries, so nothing can fall out of step.

This module holds only the forms, so a command's own module (``bot/service/verbs/``) can declare
its entry without importing the registry that collects it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.service.command.context import Context, GameContext, Outcome
from bot.service.command.words import Command, Words
from bot.service.game.live_game import LiveGame

#: A need: None when it is met, else the refusal. Checked in order before the handler runs.
Check = Callable[[GameContext, Any], Outcome | None]
#: How the words after a command's first word are read (None: the message is not this command).
Reader = Callable[[Words], Command | None]


class Section(StrEnum):
    """The paragraphs of ``help``, in their order."""

    LOBBY = "Lobby"
    PLAY = "Play"
    LOOK = "Look"
    MODERATORS = "Moderators"


class Who(StrEnum):
    """The rows of the docs' command table, in their order."""

    ANYONE = "anyone"
    BEFORE_START = "anyone, before the start"
    OFFERED = "the user a seat is offered to"
    DECIDING = "the seat whose decision it is"
    MODERATORS = "moderators"


@dataclass(frozen=True, slots=True)
class Route:
    """A command about the place's game: its handler and what it needs, checked in order (the
    handler is given a ``GameContext``, whose game is always there)."""

    handler: Callable[[GameContext, Any], Outcome]
    needs: tuple[Check, ...] = ()


@dataclass(frozen=True, slots=True)
class OpenRoute:
    """A command that needs no game (creating or importing one, reading about the bot)."""

    handler: Callable[[Context[LiveGame | None], Any], Outcome]


@dataclass(frozen=True, slots=True)
class Slash:
    """The command's ``/bus`` subcommand: its name, the line Discord shows under it, and
    whether its answer is shown to the asker alone (a lookup) rather than to the table."""

    name: str
    description: str
    private: bool = False


@dataclass(frozen=True, slots=True)
class NoSlash:
    """Why the command has no ``/bus`` subcommand of its own (``/bus do`` still reaches it)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One command, declared once. ``words`` empty: it has no word (moves are what is left of
    a message that names no command). ``strict``: a message starting with one of the words
    that does not fit is a mistyped command (answered with ``usage``), not a move or chat.
    ``routes``: what each command type ``read`` gives runs. ``help`` and ``docs``: its pieces
    of the ``help`` paragraphs and of the docs' table (a command may appear under several).
    ``internal``: the service's own command, which nobody types (the computer's moves, handed
    in by ``bot.service.bots``): no word, no help, no docs."""

    name: str
    words: tuple[str, ...]
    usage: str
    read: Reader | None
    routes: Mapping[type[Command], Route | OpenRoute]
    help: tuple[tuple[Section, str], ...]
    docs: tuple[tuple[Who, str], ...]
    slash: Slash | NoSlash
    strict: bool = False
    internal: bool = False
