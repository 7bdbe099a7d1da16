"""Telling an unprefixed chat message meant for the bot from table talk: the one chat filter,
used by every way in (Discord's channel messages and its catching up, the console, the
service's ``read_chat``).

There is one vocabulary, the engine's (``engine/notation.py``); the filter is its strict
reading (``engine.notation.read_chat``), plus the command words of the registry, so a command
added to the registry is a command in chat too. Per writer:

- anyone: a well-formed command (``status``, ``join``), and moves written word for word as the
  log writes them (``Place Office at C1``), which a player who may not move is told about;
- the player the game waits for, besides: whatever reads as moves (``I'll take the bus
  please``), a question or a maybe about moves (``time?``, ``pass 🤔``), and a clear attempt
  at a move that cannot be read (``Place Pub at W9``, ``place office at C1 🦄``), which is
  answered with the reader's hint (a reply to that message, pinging nobody); and anything
  else that names an action, a building, passengers or a crossing (``I'll go for the clock``,
  ``engine.notation.names_a_part``): never played, it is answered as a maybe about the moves
  it names (``tentative``: whether they would be legal, and what to write to play them), or
  with the reader's hint when it names none that can be read, so the player the game waits
  for is never silently ignored;
- table talk (``nice move``, ``brb``) from anyone is left alone, and nobody else's chat is
  answered.

Each table reads its own languages (the game's, then English: ``languages``), as a message to
the bot is read. Before the place's game is looked up (``for_the_bot``, asked of every channel
message), every language busbot reads is tried, so nothing meant for a German table is let go
as talk; the place's game then decides in its own languages.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.api import Addressed
from bot.service.command.words import Malformed
from bot.service.game.records import PLAYING_STATUSES, GameStatus, same_user
from bot.service.router.reading import command_in, read_message
from bot.service.store.store import GameSummary, Store
from bot.service.verbs.move import Play
from engine import ParseError
from engine import words as word_lists
from engine.limits import MAX_MESSAGE_CHARS
from engine.notation import ENGLISH_ONLY, Languages, Verdict, read_chat, tentative

#: what a message is read in before its place is known: every language busbot reads
EVERY_LANGUAGE: Languages = word_lists.LANGUAGES


def for_the_bot(text: str) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place, before its
    place's game is looked up: no longer than a message may be (longer chat is no command;
    the prefix gets the refusal) and ``could_be_for_the_bot``. Discord asks it of every channel
    message, live and when catching up."""
    return len(text) <= MAX_MESSAGE_CHARS and could_be_for_the_bot(text, EVERY_LANGUAGE)


def a_command(text: str, languages: Languages = ENGLISH_ONLY) -> bool:
    """Whether an unprefixed message is a command rather than moves or talk (the console
    answers one at a table with no game yet), read in ``languages``."""
    return (could_be_for_the_bot(text, languages)
            and not isinstance(read_message(text, languages), Play))


def could_be_for_the_bot(text: str, languages: Languages = ENGLISH_ONLY) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place: a well-formed
    command, or anything but talk to the strict move reader. It needs no game, so table talk
    is let go without one being looked up; the place's game decides the rest
    (``meant_for_the_bot``)."""
    cmd = command_in(text, languages)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    if cmd is not None:
        return False
    reading = read_chat(text, languages)
    return reading.verdict is not Verdict.TALK or reading.names


def meant_for_the_bot(text: str, moves_expected: bool, to_act: bool = False,
                      languages: Languages = ENGLISH_ONLY) -> bool:
    """Whether an unprefixed chat message is meant for the bot: a well-formed command, or (when
    the place's game takes moves) from the player the game waits for (``to_act``) anything the
    strict reader does not call talk, and from anyone moves written as the log writes them.

    So a spectator's ``time?`` or ``take the bus`` stays table talk, while the player to act
    gets an answer to it and anyone writing ``Place Office at C1`` is told whether they may."""
    cmd = command_in(text, languages)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    if cmd is not None or not moves_expected:
        return False
    reading = read_chat(text, languages)
    if to_act:
        return reading.verdict is not Verdict.TALK or reading.names
    return reading.verdict is Verdict.MOVES and reading.logged


def addressed(store: Store, place: str, text: str, user_id: str | None = None,
              reading: Callable[[GameSummary], Languages] | None = None) -> Addressed | None:
    """Whether an unprefixed message in ``place`` from ``user_id`` is meant for the bot, by
    the place's game (``meant_for_the_bot``, which takes a clear attempt at a move from the
    player to act; plain chat is not), read in the game's languages (``reading``: None,
    English): None for chat, else what to hand ``handle`` with it so that the place's game
    is looked up once (``GameFace.read_chat``)."""
    if not could_be_for_the_bot(text, EVERY_LANGUAGE):
        return None  # table talk whatever the game: it is not even looked up
    summary = store.latest_game(place)
    if summary is None:
        return None
    languages = reading(summary) if reading is not None else ENGLISH_ONLY
    to_act = summary.status == GameStatus.ACTIVE and same_user(user_id, summary.waiting_user)
    moves = summary.status in PLAYING_STATUSES
    if not meant_for_the_bot(text, moves, to_act, languages):
        return None
    return Addressed(place, summary, tentatively(text, languages) if to_act else None)


def tentatively(text: str, languages: Languages = ENGLISH_ONLY) -> Play | None:
    """How the player the game waits for is answered when the strict reader calls their
    message talk that names a part of a move (``I'll go for the clock``): the moves it names
    as a maybe (the game answers whether they would be legal and what to write to play them;
    nothing is played), or the reader's hint when it names none that can be read. None for
    any other message: it is read as any message is. Read in the table's ``languages``."""
    reading = read_chat(text, languages)
    if reading.verdict is not Verdict.TALK or not reading.names \
            or command_in(text, languages) is not None:
        return None
    try:
        return Play(text, (tentative(text, languages),))
    except ParseError as err:
        return Play(text, unreadable=err.text)
