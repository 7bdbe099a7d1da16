"""What one command is: the form of a row of the command registry (``router/registry.py``).

A command is declared once, in its own module of ``bot/service/verbs/``, as an ``Entry``: the
words that name it, how it is written, how the rest of the message is read, and what each
request it reads runs, as a ``Route`` (its handler, its needs: who may use it and in which game
states) carrying the facts the rest of the bot asks about it: what it costs (``Cost``: which
budget it draws on), whether a big one asks first (``AskFirst``: from what size, and what it
would do), what the Discord adapter settles before the service sees it (``OnDiscord``), and
what it becomes when its meaning depends on who says it (``resolve``). Then its piece of
``help``, its slash form (or why it has none) and its line in the docs. Everything else (the
routes, ``help``, the slash tree, the words a typo is compared with, the docs' table, the
budgets a command draws on, the Discord checks) is derived from the entries by the registry, so
nothing about a command is written anywhere else.

This module holds only the forms, so a command's own module can declare its entry without
importing the registry that collects it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.api import Command
from bot.service.command.context import Check, Context, GameContext, Outcome
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.words.catalogue import Said
from engine.text import Text

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


class Budget(StrEnum):
    """A budget a command draws on before any work (``bot/service/budgets.py`` keeps them;
    their numbers are in ``engine/limits.py``)."""

    #: a picture drawn for the asker: per member here, per place, per member and per server
    PICTURE = "picture"
    #: an animation or the game's page: per place, per member and per server
    ANIMATION = "animation"
    #: ``forget me``, which looks through every stored game: per member
    FORGET = "forget"
    #: the computer's thinking (a ``hint``): per member and per server, in processor seconds
    THINKING = "thinking"


@dataclass(frozen=True, slots=True)
class Cost:
    """What a command costs: the budgets it draws on, in order, and how a refusal names it
    when a budget is spent ("try `map` again in 8 s")."""

    budgets: tuple[Budget, ...]
    again: str


#: A command's cost: one for every request of its route, or one that depends on the request
#: (``export html`` draws a page, ``export txt`` nothing); None: it costs nothing.
CostOf = Cost | Callable[[Any], Cost | None] | None


@dataclass(frozen=True, slots=True)
class AskFirst:
    """A change big enough to ask first (``bot/service/command/confirm.py``): it answers with
    what it would do and waits for the same person's ``confirm``.

    ``size`` is how many moves it takes back or replays (None: it cannot be done, and its
    handler says why); above ``above``, or in a finished game (which it would reopen), it asks.
    ``question`` says what it would do, given the size; ``typed`` is the request as it is
    written (what ``confirm`` reads again). ``by_handler``: the handler asks, once its own checks
    passed (a correction is checked against the rules first); else it asks after the needs."""

    above: int
    size: Callable[[GameContext, Any], int | None]
    question: Callable[[GameContext, Any, int], Said]
    typed: Callable[[Any], str]
    by_handler: bool = False


@dataclass(frozen=True, slots=True)
class OnDiscord:
    """What the Discord adapter settles before the service sees the request (the service
    knows nothing of Discord): ``posts``, the bot must be able to post where the request opens
    or starts a game (a game nobody can see the answers of is worse than none); ``member``,
    the field of a written request naming a member of the server, given to the service as
    ``<@id> (Display Name)`` once found (a slash command's member is found already)."""

    posts: bool = False
    member: str | None = None


#: Nothing to settle on Discord.
NO_CHECK = OnDiscord()


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What every route tells besides its handler: its cost and its Discord-side check."""

    cost: CostOf = None
    discord: OnDiscord = NO_CHECK


@dataclass(frozen=True, slots=True)
class Route(Facts):
    """A request about the place's game: its handler and what it needs, checked in order (the
    handler is given a ``GameContext``, whose game is always there). ``confirm``: a big one
    asks first. ``resolve``: the request it stands for when its meaning depends on who says it
    (``join`` by the user a seat is offered to takes that seat); its route is then run."""

    handler: Callable[[GameContext, Any], Outcome]
    needs: tuple[Check, ...] = ()
    confirm: AskFirst | None = None
    resolve: Callable[[GameContext, Any], Command] | None = None


@dataclass(frozen=True, slots=True)
class OpenRoute(Facts):
    """A request that needs no game (creating or importing one, reading about the bot)."""

    handler: Callable[[Context[LiveGame | None], Any], Outcome]


@dataclass(frozen=True, slots=True)
class Slash:
    """The command's ``/bus`` subcommand: its name, the line Discord shows under it (a
    catalogue entry, so Discord shows it in the member's language: the slash cog's
    translator), and whether its answer is shown to the asker alone (a lookup) rather than to
    the table."""

    name: str
    description: Text
    private: bool = False


@dataclass(frozen=True, slots=True)
class NoSlash:
    """Why the command has no ``/bus`` subcommand of its own (``/bus do`` still reaches it)."""

    reason: str


#: Where a command stands among those of the same ``help`` paragraph and docs row when it does
#: not say (ties keep the modules' alphabetical order).
LAST = 100


@dataclass(frozen=True, slots=True)
class Entry:
    """One command, declared once. ``words`` empty: it has no word (moves are what is left of
    a message that names no command). ``strict``: a message starting with one of the words
    that does not fit is a mistyped command (answered with ``usage``), not a move or chat.
    ``routes``: what each request ``read`` gives runs. ``help`` and ``docs``: its pieces of
    the ``help`` paragraphs and of the docs' table (a command may appear under several).
    ``rank``: its place in ``help`` and the docs' table. ``internal``: the service's own
    command, which nobody types (the computer's moves, handed in by ``bot.service.bots``): no
    word, no help, no docs. ``head``: the English words another language's name of the
    command stands for (``neues Spiel`` is ``new game``), when they are more than its first
    word (the languages' names are in their word lists: ``engine/data/words/LANG.toml``
    ``[commands]``, read by the registry)."""

    name: str
    words: tuple[str, ...]
    usage: Said
    read: Reader | None
    routes: Mapping[type[Command], Route | OpenRoute]
    help: tuple[tuple[Section, Said], ...]
    docs: tuple[tuple[Who, str], ...]
    slash: Slash | NoSlash
    strict: bool = False
    internal: bool = False
    rank: int = LAST
    head: str = ""
