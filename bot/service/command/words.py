"""What every command's reader shares: a message cut into words, numbers and counts of words,
the moves in a text, and the text a typed command carries.

Each command's own reader (in its module of ``bot/service/verbs/``) reads the words after its
first word into its request, or says it does not fit (None). Which word picks which reader is
the registry's (``bot/service/router/registry.py``); ``bot/service/router/reading.py`` reads a
whole message with it. Everything that is not a command goes to the engine's move parser
(``read_moves``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.api import Command
from bot.service.words.catalogue import Said
from engine import Move, ParseError, parse_moves
from engine.limits import LimitError, check_move_count, shown, unlinked
from engine.notation import ENGLISH_ONLY, Languages
from engine.text import Msg, Text

UNKNOWN = Msg("command.unknown", "I do not know the command `{word}`, and it names no move. "
              "`help` lists the commands; `moves` your legal moves.")
UNKNOWN_GUESS = Msg("command.unknown_guess", "I do not know the command `{word}` (did you mean "
                    "the command `{guess}`?), and it names no move. `help` lists the commands; "
                    "`moves` your legal moves.")


@dataclass(frozen=True, slots=True)
class Malformed(Command):
    """A command word with arguments that do not fit; ``usage`` says how it is written."""

    command: str
    usage: Said


@dataclass(frozen=True, slots=True)
class Unknown(Command):
    """A message that is neither a command nor a move (``rematch``, ``my games``): refused as
    an unknown command in every state of the game, before the game is asked anything, so a
    finished game does not answer it with its final score. ``word``: its first words;
    ``guess``: the command word they are close to, or empty."""

    word: str
    guess: str = ""

    def refusal(self) -> Text:
        word = unlinked(self.word)  # the member's words: never a link
        if self.guess:
            return UNKNOWN_GUESS(word=word, guess=self.guess)
        return UNKNOWN(word=word)


_WORD = re.compile(r"\S+")
#: digits a number in a command may have (a move number or a count; 10**9 moves never happen)
_MAX_DIGITS = 9


class Words:
    """A message cut into words, keeping where each starts so the text after a word is kept as
    written. One pass over the text, and no pattern that can backtrack: reading a message takes
    time in proportion to its length, whatever it holds. ``languages``: those of the table it
    was written at (the game's, then English), which a reader reading moves in it reads them
    with; ``named_in``: the language of the words that named the command, when not English
    (its reader sees the English words they stand for)."""

    __slots__ = ("text", "languages", "named_in", "_spans", "_iter")

    def __init__(self, text: str, languages: Languages = ENGLISH_ONLY,
                 named_in: str | None = None) -> None:
        self.text = text
        self.languages = languages
        #: the language the command was named in, when not English (``neues Spiel``)
        self.named_in = named_in
        self._spans: list[tuple[int, int]] = []
        self._iter = _WORD.finditer(text)

    def _fill(self, count: int) -> bool:
        while len(self._spans) < count:
            m = next(self._iter, None)
            if m is None:
                return False
            self._spans.append(m.span())
        return True

    def word(self, i: int) -> str | None:
        """Word ``i`` in lower case, or None past the end."""
        if not self._fill(i + 1):
            return None
        a, b = self._spans[i]
        return self.text[a:b].lower()

    def rest(self, i: int) -> str:
        """The text from word ``i`` on, as written (empty past the end)."""
        if not self._fill(i + 1):
            return ""
        return self.text[self._spans[i][0]:].strip()

    def between(self, i: int, j: int) -> str:
        """Words ``i`` to ``j - 1`` as written."""
        self._fill(j)
        return self.text[self._spans[i][0]:self._spans[j - 1][1]]

    def count_to(self, n: int) -> int:
        """How many words there are, counting no further than ``n``."""
        self._fill(n)
        return len(self._spans)


def number(word: str | None) -> int | None:
    """``12`` or ``#12`` as a number; None for anything else (or an absurdly long one)."""
    if word is None:
        return None
    digits = word[1:] if word.startswith("#") else word
    if not digits or len(digits) > _MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    return int(digits)


def only(w: Words, count: int) -> bool:
    """Whether the message has exactly ``count`` words."""
    return w.count_to(count + 1) == count


def alone_or_game(w: Words) -> bool:
    """The command word alone, or followed by ``game`` (``leave game``, ``pause game``)."""
    return only(w, 1) or (w.word(1) == "game" and only(w, 2))


#: how much of the engine's reading of a message a refusal quotes
_REASON_CHARS = 400


UNREADABLE = Msg("command.unreadable", "I could not read that as a move: {reason}\n(`moves` lists "
                 "your legal choices, `help` the commands.)")
LIMIT = Msg("command.limit", "{reason}.")


def read_moves(text: str, languages: Languages = ENGLISH_ONLY) -> tuple[Move, ...] | Text:
    """The moves in ``text`` (read with the word lists of ``languages``), or the refusal
    saying why it cannot be read as moves."""
    try:
        moves = parse_moves(text, languages)
        check_move_count(len(moves))
    except ParseError as err:
        return UNREADABLE(reason=shown(str(err), _REASON_CHARS))
    except LimitError as err:
        return LIMIT(reason=str(err).capitalize())
    return tuple(moves)
