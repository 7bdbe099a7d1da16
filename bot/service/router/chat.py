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
  answered with the reader's hint (a reply to that message, pinging nobody);
- table talk (``nice move``, ``brb``) from anyone is left alone, and nobody else's chat is
  answered.
"""

from __future__ import annotations

from bot.api import Addressed
from bot.service.command.words import Malformed
from bot.service.game.records import PLAYING_STATUSES, GameStatus, same_user
from bot.service.router.reading import parse_command, read_message
from bot.service.store.store import Store
from bot.service.verbs.move import Play
from engine.limits import MAX_MESSAGE_CHARS
from engine.notation import Verdict, read_chat


def for_the_bot(text: str) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place, before its
    place's game is looked up: no longer than a message may be (longer chat is no command;
    the prefix gets the refusal) and ``could_be_for_the_bot``. Discord asks it of every channel
    message, live and when catching up."""
    return len(text) <= MAX_MESSAGE_CHARS and could_be_for_the_bot(text)


def a_command(text: str) -> bool:
    """Whether an unprefixed message is a command rather than moves or talk (the console
    answers one at a table with no game yet)."""
    return could_be_for_the_bot(text) and not isinstance(read_message(text), Play)


def could_be_for_the_bot(text: str) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place: a well-formed
    command, or anything but talk to the strict move reader. It needs no game, so table talk
    is let go without one being looked up; the place's game decides the rest
    (``meant_for_the_bot``)."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    return cmd is None and read_chat(text).verdict is not Verdict.TALK


def meant_for_the_bot(text: str, moves_expected: bool, to_act: bool = False) -> bool:
    """Whether an unprefixed chat message is meant for the bot: a well-formed command, or (when
    the place's game takes moves) from the player the game waits for (``to_act``) anything the
    strict reader does not call talk, and from anyone moves written as the log writes them.

    So a spectator's ``time?`` or ``take the bus`` stays table talk, while the player to act
    gets an answer to it and anyone writing ``Place Office at C1`` is told whether they may."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    if cmd is not None or not moves_expected:
        return False
    reading = read_chat(text)
    if to_act:
        return reading.verdict is not Verdict.TALK
    return reading.verdict is Verdict.MOVES and reading.logged


def addressed(store: Store, place: str, text: str, user_id: str | None = None) -> Addressed | None:
    """Whether an unprefixed message in ``place`` from ``user_id`` is meant for the bot, by
    the place's game (``meant_for_the_bot``, which takes a clear attempt at a move from the
    player to act; plain chat is not): None for chat, else what to hand ``handle`` with it so
    that the place's game is looked up once (``GameFace.read_chat``)."""
    if not could_be_for_the_bot(text):
        return None  # table talk whatever the game: it is not even looked up
    summary = store.latest_game(place)
    if summary is None:
        return None
    to_act = summary.status == GameStatus.ACTIVE and same_user(user_id, summary.waiting_user)
    moves = summary.status in PLAYING_STATUSES
    return Addressed(place, summary) if meant_for_the_bot(text, moves, to_act) else None
