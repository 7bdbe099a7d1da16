"""Reading a whole message: the command its first word names (the registry's row for that
word reads the rest), or else moves to play.

Linear in the text: one pass of the tokenizer, no pattern that can backtrack. A first word
that is no word at all but close to a command word (``stauts``) gets the command named
back, from the same registry words, when the message cannot be read as moves either.

A message is read in the languages of its table (``languages``: the game's, then English;
``engine.words.reading_languages``): the moves with those word lists, and a command named in
one of them (``Hilfe``, ``neues Spiel``) as the English command it stands for (the registry's
``in_english``), whose reader reads the rest.
"""

from __future__ import annotations

import difflib
from functools import lru_cache

from bot.api import Command
from bot.service.command.words import Malformed, Unknown, Words
from bot.service.router.registry import BY_WORD, NAME_OF, in_english, may_start, words_in
from bot.service.verbs.move import Play, play
from bot.service.words.catalogue import Said, lines, say
from engine.notation import ENGLISH_ONLY, Languages, names_a_move
from engine.text import Msg

DID_YOU_MEAN_THE_COMMAND = Msg("reading.did_you_mean_the_command", "(Did you mean the command "
                               "`{close}`?)")

#: the longest first word compared with the command words (a typo, not a pasted blob)
_HINT_LENGTH = 20


@lru_cache(maxsize=256)
def read_message(text: str, languages: Languages = ENGLISH_ONLY) -> Command:
    """What a message asks for, read in ``languages``: a service command, or else moves to
    play (``Play``).

    Kept for the last few hundred messages, so a chat message that the adapter first asks
    about (``meant_for_the_bot``) and then hands to the service is read only once.

    A command with a trailing "?" or "!" (``moves?``) is that command;
    a message naming no move at all whose first word is no command (``rematch``, ``my
    games``) is refused as an unknown command, whatever the state of the game."""
    cmd = command_in(text, languages)
    if cmd is None or isinstance(cmd, Malformed):
        polite = without_politeness(text)
        again = command_in(polite, languages) if polite and polite != text else None
        if again is not None and not isinstance(again, Malformed):
            return again
    if cmd is not None:
        return cmd
    moves = play(text, languages)
    if moves.unreadable is None:
        return moves
    if not names_a_move(text, languages):
        w = Words(text)
        return unknown(w.between(0, w.count_to(2)) if w.count_to(1) else "", languages)
    hint = command_hint(text, moves.unreadable, languages)
    return Play(text, (), lines(moves.unreadable, hint), languages) if hint else moves


def command_named(text: str, languages: Languages = ENGLISH_ONLY) -> str | None:
    """The registry's name of the command ``text`` is (``help`` for ``Hilfe`` at a German
    table), or None: what an adapter adds its own words to asks here, not of the request."""
    cmd = read_message(text, languages)
    return NAME_OF.get(type(cmd))


def without_politeness(text: str) -> str:
    """``text`` without the "?", "!" or "." it ends with (``moves?``, ``status!``)."""
    return text.rstrip().rstrip("?!.")


def command_in(text: str, languages: Languages = ENGLISH_ONLY) -> Command | None:
    """``parse_command`` in ``languages``, asked in English alone when no word of the other
    languages could name a command there (``Place Office at C1``), so a message read first in
    every language (the chat filter) and then in its table's is read once."""
    return parse_command(text, languages if _may_name(text, languages) else ENGLISH_ONLY)


def _may_name(text: str, languages: Languages) -> bool:
    """Whether ``text``'s first word is an English command word, or the first word of a
    command's name in one of ``languages``."""
    if languages == ENGLISH_ONLY:
        return False
    head = text.split(None, 1)  # the first word only: linear in its length
    first = head[0].lower() if head else None
    return first is not None and (first in BY_WORD or may_start(first, languages))


@lru_cache(maxsize=256)
def parse_command(text: str, languages: Languages = ENGLISH_ONLY) -> Command | None:
    """The service command in ``text``, or None when it is not one (then it may be a move).

    The first word picks the registry's entry (or the first words name a command in one of
    ``languages``: the English words they stand for do); the entry reads the rest. Linear in
    the text.
    """
    w = Words(text, languages)
    first = w.word(0)
    entry = BY_WORD.get(first) if first is not None else None
    if entry is None and first is not None and languages != ENGLISH_ONLY:
        english = in_english(w, languages)
        if english is not None:
            w = english
            entry = BY_WORD.get(w.word(0) or "")
    if entry is None or entry.read is None:
        return None
    cmd = entry.read(w)
    if cmd is None and entry.strict:
        return Malformed(entry.name, entry.usage)
    return cmd


def unknown(words: str, languages: Languages = ENGLISH_ONLY) -> Unknown:
    """The unknown command ``words``, with the command word its first word is closest to."""
    if len(words) > _HINT_LENGTH:
        return Unknown(words[:_HINT_LENGTH] + "...")
    first = Words(words).word(0) or ""
    return Unknown(words, _closest(first, 0.75, languages))


def _closest(typed: str, cutoff: float, languages: Languages = ENGLISH_ONLY) -> str:
    """The command word ``typed`` is a near miss of ("" for none): the closest by difflib,
    unless one of the close ones has exactly its letters (two letters swapped, the commonest
    slip: ``stauts`` is ``status``, not ``stats``). The words are those of the table's
    ``languages``."""
    close = difflib.get_close_matches(typed, _words_in(languages), n=3, cutoff=cutoff)
    swapped = [word for word in close if sorted(word) == sorted(typed)]
    return (swapped or close or [""])[0]


@lru_cache(maxsize=8)
def _words_in(languages: Languages) -> tuple[str, ...]:
    return words_in(languages)


def command_hint(text: str, unreadable: Said, languages: Languages = ENGLISH_ONLY) -> Said:
    """"Did you mean `status`?" when the first word is a near miss of a command word and no
    word of a move either (the move reader's refusal names it as unknown)."""
    first = Words(text).word(0)
    if (first is None or len(first) > _HINT_LENGTH or first in BY_WORD
            or f"'{first}'" not in say(unreadable).lower()):
        return ""
    close = _closest(first, 0.8, languages)
    return DID_YOU_MEAN_THE_COMMAND(close=close) if close else ""
