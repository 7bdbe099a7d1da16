"""The service's commands as values, and the readers of their words.

Each command is a small frozen dataclass (a ``Command``); each reader (``_join``, ``_undo``...)
reads the words after a command's first word into one, or says it does not fit (None). Which
word picks which reader, and what each command runs, is the registry's
(``bot/service/registry.py``); ``bot/service/reading.py`` reads a whole message with it.
Everything that is not a command goes to the engine's move parser (``read_moves``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.config import PICTURE_LAYOUTS
from engine import EDITIONS, Move, ParseError, parse_moves
from engine.limits import LimitError, check_move_count, shown
from engine.notation import POLITE


class Command:
    """What a message asks the service for: every command (a dataclass) is one of these."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class NewGame(Command):
    edition: str | None
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Join(Command):
    colour: str | None
    name: str | None


@dataclass(frozen=True, slots=True)
class Leave(Command):
    pass


@dataclass(frozen=True, slots=True)
class Colour(Command):
    colour: str


@dataclass(frozen=True, slots=True)
class Start(Command):
    order: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Status(Command):
    pass


@dataclass(frozen=True, slots=True)
class Choices(Command):
    """``moves``: the author's legal moves now (``moves all``: every one of them)."""

    everything: bool = False


@dataclass(frozen=True, slots=True)
class Log(Command):
    everything: bool = False


@dataclass(frozen=True, slots=True)
class Help(Command):
    pass


@dataclass(frozen=True, slots=True)
class Rules(Command):
    pass


@dataclass(frozen=True, slots=True)
class Map(Command):
    """The table now, or after move ``number``; in ``layout`` (None: the asker's)."""

    number: int | None = None
    layout: str | None = None


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """``undo`` (the last move), or a bare ``undo N``, which could mean either of the forms
    below and is therefore only explained, never carried out."""

    count: int | None


@dataclass(frozen=True, slots=True)
class UndoLast(Command):
    """``undo last K``: take back the last K moves."""

    count: int


@dataclass(frozen=True, slots=True)
class UndoSeat(Command):
    """``undo NAME``: a moderator takes back that player's last move (the last one chosen)."""

    name: str


@dataclass(frozen=True, slots=True)
class Confirm(Command):
    """``confirm``: go ahead with the big change the writer was asked about a moment ago."""


@dataclass(frozen=True, slots=True)
class UndoTo(Command):
    """``undo to N``: take back move N and every move after it."""

    number: int


@dataclass(frozen=True, slots=True)
class Redo(Command):
    """``redo``: put back what the last undo or correction took back."""


@dataclass(frozen=True, slots=True)
class ActAs(Command):
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Correct(Command):
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class ReplacePlayer(Command):
    name: str
    user: str


@dataclass(frozen=True, slots=True)
class ReplaceWithBot(Command):
    """``replace NAME with bot [easy|normal|hard]``: the computer plays the seat (its handler is
    ``bot/service/verbs/replace_bot.py``; ``replace`` reads it, so it is declared here)."""

    name: str
    level: str | None


@dataclass(frozen=True, slots=True)
class Drop(Command):
    name: str


@dataclass(frozen=True, slots=True)
class Pause(Command):
    pass


@dataclass(frozen=True, slots=True)
class Resume(Command):
    pass


@dataclass(frozen=True, slots=True)
class Abandon(Command):
    pass


@dataclass(frozen=True, slots=True)
class Nudge(Command):
    pass


@dataclass(frozen=True, slots=True)
class Export(Command):
    fmt: str


@dataclass(frozen=True, slots=True)
class Import(Command):
    pass


@dataclass(frozen=True, slots=True)
class Malformed(Command):
    """A command word with arguments that do not fit; ``usage`` says how it is written."""

    command: str
    usage: str


@dataclass(frozen=True, slots=True)
class Unknown(Command):
    """A message that is neither a command nor a move (``rematch``, ``my games``): refused as
    an unknown command in every state of the game, before the game is asked anything, so a
    finished game does not answer it with its final score. ``word``: its first words;
    ``guess``: the command word they are close to, or empty."""

    word: str
    guess: str = ""

    def refusal(self) -> str:
        guess = f" (did you mean the command `{self.guess}`?)" if self.guess else ""
        return (f"I do not know the command `{self.word}`{guess}, and it names no move. "
                f"`help` lists the commands; `moves` your legal moves.")


@dataclass(frozen=True, slots=True)
class Accept(Command):
    """Take the seat a moderator (or an imported file) offered to you."""


@dataclass(frozen=True, slots=True)
class Play(Command):
    """A message that is no command: the author's moves, read once by the engine's move reader
    (``unreadable`` says why not, when they cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: str | None = None


@dataclass(frozen=True, slots=True)
class Preview(Command):
    """``preview MOVES``: the table as it would be after them; nothing is played. Read like
    ``Play`` (``unreadable`` says why the moves cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: str | None = None


@dataclass(frozen=True, slots=True)
class Story(Command):
    """``story`` (chart and animation), ``chart`` or ``replay`` (the animation), each with the
    game's statistics."""

    what: str




# ---- reading a message ---------------------------------------------------------------------------

_WORD = re.compile(r"\S+")
#: digits a number in a command may have (a move number or a count; 10**9 moves never happen)
_MAX_DIGITS = 9


class Words:
    """A message cut into words, keeping where each starts so the text after a word is kept as
    written. One pass over the text, and no pattern that can backtrack: reading a message takes
    time in proportion to its length, whatever it holds."""

    __slots__ = ("text", "_spans", "_iter")

    def __init__(self, text: str) -> None:
        self.text = text
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


def _number(word: str | None) -> int | None:
    """``12`` or ``#12`` as a number; None for anything else (or an absurdly long one)."""
    if word is None:
        return None
    digits = word[1:] if word.startswith("#") else word
    if not digits or len(digits) > _MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    return int(digits)


def _only(w: Words, count: int) -> bool:
    return w.count_to(count + 1) == count


def _new(w: Words) -> Command | None:
    if w.word(1) != "game":
        return None
    return new_game(w.rest(2))


def _join(w: Words) -> Command | None:
    first = w.word(1)
    if first is None:
        return Join(None, None)
    colour: str | None = None
    at = 1
    if first != "as":
        if not (first.isascii() and first.isalpha()):
            return None
        colour, at = first, 2
    if w.word(at) is None and colour is not None:
        return Join(colour, None)
    if w.word(at) != "as":
        return None
    name = w.rest(at + 1)
    return Join(colour, name) if name and "\n" not in name else None


def _leave(w: Words) -> Command | None:
    return Leave() if _only(w, 1) or (w.word(1) == "game" and _only(w, 2)) else None


def _colour(w: Words) -> Command | None:
    colour = w.word(1)
    if colour is None or not _only(w, 2) or not (colour.isascii() and colour.isalpha()):
        return None
    return Colour(colour)


def _start(w: Words) -> Command | None:
    at = 2 if w.word(1) == "game" else 1
    word = w.word(at)
    if word is None:
        return Start(None)
    if not word.startswith("order"):
        return None
    text = w.rest(at)[len("order"):].lstrip()
    return start_order(text[1:] if text.startswith(":") else text)


def start_order(text: str) -> Command:
    """``start`` with the seats in the order written (``Ada, Bram; Cleo``)."""
    names = tuple(n.strip() for n in re.split(r"[,;\n]", text) if n.strip())
    return Start(names) if names else Malformed("start", USAGE_START)


_LOOKS: dict[str, Command] = {"status": Status(), "moves": Choices(),
                               "help": Help(), "rules": Rules()}
_FLOWS: dict[str, Command] = {"pause": Pause(), "resume": Resume(), "abandon": Abandon(),
                               "nudge": Nudge()}


def _look(w: Words) -> Command | None:
    what = w.word(0)
    assert what is not None
    if what == "moves" and w.word(1) == "all" and _only(w, 2):
        return Choices(everything=True)
    return _LOOKS[what] if _only(w, 1) else None


def _log(w: Words) -> Command | None:
    if w.word(1) == "all" and _only(w, 2):
        return Log(everything=True)
    return Log() if _only(w, 1) else None


def _map(w: Words) -> Command | None:
    """``map [N] [LAYOUT]``."""
    at = 1
    number = _number(w.word(1))
    if number is not None:
        at = 2
    layout = w.word(at)
    if layout in PICTURE_LAYOUTS:
        at += 1
    return Map(number, layout if layout in PICTURE_LAYOUTS else None) if _only(w, at) else None


def _undo(w: Words) -> Command | None:
    if _only(w, 1):
        return Undo(None)
    second = w.word(1) or ""
    if second == "to":  # undo to [move] [#]N
        at = 3 if w.word(2) == "move" else 2
        number = _number(w.word(at))
        return UndoTo(number) if number is not None and _only(w, at + 1) else None
    if second in ("last", "the"):  # undo [the] last [K] [move|moves]
        at = 2 if second == "last" else 3
        if second == "the" and w.word(2) != "last":
            return None
        count = _number(w.word(at)) if not (w.word(at) or "").startswith("#") else None
        end = at + 1 if count is not None else at
        if w.word(end) in ("move", "moves"):
            end += 1
        return UndoLast(count if count is not None else 1) if _only(w, end) else None
    if w.rest(1).lower() in _OWN:
        return Undo(None)
    count = _number(second) if not second.startswith("#") else None
    if count is not None:
        return Undo(count) if _only(w, 2) else None
    name = w.rest(1)
    if "\n" in name or _number(second.lstrip("#")) is not None or name.lower() in POLITE:
        return None  # "undo please" is a mistyped undo, answered with how it is written
    return UndoSeat(name)


#: how a writer names their own last move after ``undo``
_OWN = ("my move", "my last move", "mine", "my last", "me")


def _confirm(w: Words) -> Command | None:
    return Confirm() if _only(w, 1) else None


def _redo(w: Words) -> Command | None:
    return Redo() if _only(w, 1) else None


def _act_as(w: Words) -> Command | None:
    name, colon, text = w.rest(1).partition(":")
    if not colon or not name.strip() or "\n" in name or not text.strip():
        return None
    return ActAs(name.strip(), text.strip())


def _correct(w: Words) -> Command | None:
    head, colon, text = w.rest(1).partition(":")
    parts = head.split()
    if parts and parts[0].lower() == "move":
        parts = parts[1:]
    number = _number(parts[0]) if len(parts) == 1 else None
    if not colon or number is None or not text.strip():
        return None
    return Correct(number, text.strip())


def _replace(w: Words) -> Command | None:
    if "\n" in w.text:
        return None
    i = 2
    while (word := w.word(i)) is not None:
        if word in ("with", "by") and w.word(i + 1) is not None:
            name, target = w.between(1, i).strip(), w.rest(i + 1)
            if w.word(i + 1) in ("bot", "computer") and w.count_to(i + 4) <= i + 3:
                return ReplaceWithBot(name, w.word(i + 2))
            return ReplacePlayer(name, target)
        i += 1
    return None


def _drop(w: Words) -> Command | None:
    name = w.rest(1)
    return Drop(name) if name and "\n" not in name else None


def _flow(w: Words) -> Command | None:
    what = w.word(0)
    assert what is not None
    return _FLOWS[what] if _only(w, 1) or (w.word(1) == "game" and _only(w, 2)) else None


def _export(w: Words) -> Command | None:
    fmt = w.word(1) or "txt"
    if fmt not in ("txt", "text", "json", "html", "page") or not _only(w, 2 if w.word(1) else 1):
        return None
    return Export({"text": "txt", "page": "html"}.get(fmt, fmt))


def _import(w: Words) -> Command | None:
    return Import() if _only(w, 1) or (w.word(1) == "game" and _only(w, 2)) else None


def _preview(w: Words) -> Command | None:
    text = w.rest(1).removeprefix(":").strip()
    return previewing(text) if text else None


def _story(w: Words) -> Command | None:
    what = w.word(0)
    assert what is not None
    return Story(what) if _only(w, 1) else None


def _accept(w: Words) -> Command | None:
    return Accept() if _only(w, 1) else None


#: how two commands are written, which their readers quote when the rest does not fit
USAGE_NEW = "`new game [capstone|splotter-2nd] [option=value ...]`"
USAGE_START = "`start` or `start order: NAME, NAME, NAME`"




def written(cmd: Command) -> str:
    """The text a typed command carries (what the message limit is measured on)."""
    if isinstance(cmd, Play | Preview):
        return cmd.text
    parts: list[str] = []
    for value in (getattr(cmd, name) for name in getattr(cmd, "__slots__", ())):
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, tuple):
            parts.extend(v for v in value if isinstance(v, str))
    return " ".join(parts)


def play(text: str) -> Play:
    """``text`` read as moves only (a slash command's move), never as a service command."""
    moves = read_moves(text)
    return Play(text, unreadable=moves) if isinstance(moves, str) else Play(text, moves)


def previewing(text: str) -> Preview:
    """``preview`` of ``text`` read as moves (``/bus preview``'s moves, or the message's rest)."""
    moves = read_moves(text)
    return Preview(text, unreadable=moves) if isinstance(moves, str) else Preview(text, moves)


#: how much of the engine's reading of a message a refusal quotes
_REASON_CHARS = 400


def read_moves(text: str) -> tuple[Move, ...] | str:
    """The moves in ``text``, or the refusal saying why it cannot be read as moves."""
    try:
        moves = parse_moves(text)
        check_move_count(len(moves))
    except ParseError as err:
        return (f"I could not read that as a move: {shown(str(err), _REASON_CHARS)}\n"
                f"(`moves` lists your legal choices, `help` the commands.)")
    except LimitError as err:
        return f"{str(err).capitalize()}."
    return tuple(moves)


def new_game(rest: str) -> Command:
    """``new game`` with the edition and ``option=value`` settings written in ``rest``."""
    words = rest.replace("=", " = ").split()
    edition: str | None = None
    options: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        if i + 1 < len(words) and words[i + 1] == "=":
            if word == "=" or i + 2 >= len(words) or words[i + 2] == "=":
                return Malformed("new", USAGE_NEW)
            options.append((word.lower().replace("-", "_"), words[i + 2]))
            i += 3
        elif word.lower() in EDITIONS and edition is None:
            edition = word.lower()
            i += 1
        else:
            return Malformed("new", f"{USAGE_NEW} (editions: {', '.join(EDITIONS)}; "
                                    f"'{shown(word, 30)}' is neither)")
    return NewGame(edition, tuple(options))
