"""The service's own command words, and how to tell a command or a move from table chat.

Everything that is not one of these commands goes to the engine's move parser. That parser is
forgiving on purpose ("I pass" is a move), so deciding whether an unprefixed chat message was
meant for the bot uses a much stricter reading: only the words of written-out moves.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from bot.service.attempts import attempts_a_move
from engine import EDITIONS, Move, ParseError, Question, Unfinished, parse_moves
from engine.limits import MAX_MESSAGE_CHARS, LimitError, check_move_count, shown


@dataclass(frozen=True, slots=True)
class NewGame:
    edition: str | None
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Join:
    colour: str | None
    name: str | None


@dataclass(frozen=True, slots=True)
class Leave:
    pass


@dataclass(frozen=True, slots=True)
class Colour:
    colour: str


@dataclass(frozen=True, slots=True)
class Start:
    order: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Status:
    pass


@dataclass(frozen=True, slots=True)
class Choices:
    """``moves``: the author's legal moves now (``moves all``: every one of them)."""

    everything: bool = False


@dataclass(frozen=True, slots=True)
class Log:
    everything: bool = False


@dataclass(frozen=True, slots=True)
class Index:
    pass


@dataclass(frozen=True, slots=True)
class Help:
    pass


@dataclass(frozen=True, slots=True)
class Rules:
    pass


@dataclass(frozen=True, slots=True)
class Map:
    """The table now, or after move ``number``."""

    number: int | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """``undo`` (the last move), or a bare ``undo N``, which could mean either of the forms
    below and is therefore only explained, never carried out."""

    count: int | None


@dataclass(frozen=True, slots=True)
class UndoLast:
    """``undo last K``: take back the last K moves."""

    count: int


@dataclass(frozen=True, slots=True)
class UndoTo:
    """``undo to N``: take back move N and every move after it."""

    number: int


@dataclass(frozen=True, slots=True)
class Redo:
    """``redo``: put back what the last undo or correction took back."""


@dataclass(frozen=True, slots=True)
class ActAs:
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Correct:
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class ReplacePlayer:
    name: str
    user: str


@dataclass(frozen=True, slots=True)
class Drop:
    name: str


@dataclass(frozen=True, slots=True)
class Pause:
    pass


@dataclass(frozen=True, slots=True)
class Resume:
    pass


@dataclass(frozen=True, slots=True)
class Abandon:
    pass


@dataclass(frozen=True, slots=True)
class Nudge:
    pass


@dataclass(frozen=True, slots=True)
class Export:
    fmt: str


@dataclass(frozen=True, slots=True)
class Import:
    pass


@dataclass(frozen=True, slots=True)
class Malformed:
    """A command word with arguments that do not fit; ``usage`` says how it is written."""

    command: str
    usage: str


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the seat a moderator (or an imported file) offered to you."""


@dataclass(frozen=True, slots=True)
class Play:
    """A message that is no command: the author's moves, read once by the engine's move reader
    (``unreadable`` says why not, when they cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: str | None = None


@dataclass(frozen=True, slots=True)
class Preview:
    """``preview MOVES``: the table as it would be after them; nothing is played. Read like
    ``Play`` (``unreadable`` says why the moves cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: str | None = None


@dataclass(frozen=True, slots=True)
class Story:
    """``story`` (chart and animation), ``chart`` or ``replay`` (the animation), each with the
    game's statistics."""

    what: str


Command = (
    NewGame | Join | Leave | Colour | Start | Status | Choices | Log | Index | Help | Rules | Map
    | Undo | UndoLast | UndoTo | Redo | ActAs | Correct | ReplacePlayer | Drop | Pause | Resume
    | Abandon | Nudge | Export | Import | Accept | Malformed | Play | Preview | Story
)


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
    return Start(names) if names else Malformed("start", USAGE["start"])


_LOOKS: dict[str, Command] = {"status": Status(), "moves": Choices(), "index": Index(),
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
    if _only(w, 1):
        return Map()
    number = _number(w.word(1))
    return Map(number) if number is not None and _only(w, 2) else None


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
    count = _number(second) if not second.startswith("#") else None
    return Undo(count) if count is not None and _only(w, 2) else None


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
            return ReplacePlayer(w.between(1, i).strip(), w.rest(i + 1))
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
    if fmt not in ("txt", "text", "json") or not _only(w, 2 if w.word(1) else 1):
        return None
    return Export("txt" if fmt == "text" else fmt)


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


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One row of the command table: the first words that name it, how it is written, how the
    rest of the message is read, and whether a message starting with it that does not fit is a
    mistyped command (answered with the usage) rather than possibly a move or chat."""

    name: str
    words: tuple[str, ...]
    usage: str
    read: Callable[[Words], Command | None]
    strict: bool = False


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("new", ("new",), "`new game [capstone|splotter-2nd] [option=value ...]`", _new),
    CommandSpec("join", ("join",), "`join [colour] [as NAME]`", _join, strict=True),
    CommandSpec("accept", ("accept",), "`accept`", _accept),
    CommandSpec("leave", ("leave",), "`leave`", _leave),
    CommandSpec("colour", ("colour", "color"), "`colour COLOUR`", _colour, strict=True),
    CommandSpec("start", ("start",), "`start` or `start order: NAME, NAME, NAME`", _start),
    CommandSpec("look", ("status", "moves", "index", "help", "rules"), "`status`", _look),
    CommandSpec("log", ("log",), "`log` or `log all`", _log, strict=True),
    CommandSpec("map", ("map",), "`map` or `map N` (the table after move N)", _map,
                strict=True),
    CommandSpec("undo", ("undo",), "`undo` (the last move), `undo last K` (the last K moves) or "
                "`undo to N` (move N and every move after it)", _undo, strict=True),
    CommandSpec("redo", ("redo",), "`redo`", _redo, strict=True),
    CommandSpec("as", ("as",), "`as NAME: move`", _act_as, strict=True),
    CommandSpec("correct", ("correct",), "`correct N: move`", _correct, strict=True),
    CommandSpec("replace", ("replace",), "`replace NAME with @user`", _replace, strict=True),
    CommandSpec("drop", ("drop",), "`drop NAME`", _drop, strict=True),
    CommandSpec("flow", ("pause", "resume", "abandon", "nudge"), "`pause`", _flow),
    CommandSpec("export", ("export",), "`export txt` or `export json`", _export, strict=True),
    CommandSpec("import", ("import",), "`import` (with the file attached)", _import),
    CommandSpec("preview", ("preview",),
                "`preview MOVE...` (for example `preview Place Office at C1`)", _preview,
                strict=True),
    CommandSpec("story", ("story", "chart", "replay"), "`story`, `chart` or `replay`", _story),
)
_BY_WORD: dict[str, CommandSpec] = {word: spec for spec in COMMANDS for word in spec.words}
USAGE: dict[str, str] = {spec.name: spec.usage for spec in COMMANDS}


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


@lru_cache(maxsize=256)
def read_message(text: str) -> Command:
    """What a message asks for: a service command, or else moves to play (``Play``).

    Kept for the last few hundred messages, so a chat message that the adapter first asks
    about (``meant_for_the_bot``) and then hands to the service is read only once."""
    return parse_command(text) or play(text)


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
        return f"{str(err).capitalize()}. Nothing was changed."
    return tuple(moves)


@lru_cache(maxsize=256)
def parse_command(text: str) -> Command | None:
    """The service command in ``text``, or None when it is not one (then it may be a move).

    The first word picks the row of ``COMMANDS``; the row reads the rest. Linear in the text.
    """
    w = Words(text)
    first = w.word(0)
    spec = _BY_WORD.get(first) if first is not None else None
    if spec is None:
        return None
    cmd = spec.read(w)
    if cmd is None and spec.strict:
        return Malformed(spec.name, spec.usage)
    return cmd


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
                return Malformed("new", USAGE["new"])
            options.append((word.lower().replace("-", "_"), words[i + 2]))
            i += 3
        elif word.lower() in EDITIONS and edition is None:
            edition = word.lower()
            i += 1
        else:
            return Malformed("new", f"{USAGE['new']} (editions: {', '.join(EDITIONS)}; "
                                    f"'{shown(word, 30)}' is neither)")
    return NewGame(edition, tuple(options))


# ---- telling moves from chat ------------------------------------------------------------------

_TOKEN = re.compile(r"[a-z]+\d+|[a-z]+|\d+")
_LABEL = re.compile(r"(?:[cnsew]\d+|ws|es)")
_VROOM = re.compile(r"v+r+o+m+")
_MOVE_WORDS = frozenset((
    "place", "put", "build", "start", "extend", "choose", "take", "pick", "pass", "stop",
    "advance", "deliver", "carry",
    "house", "houses", "office", "offices", "pub", "pubs", "line", "lines", "expansion",
    "passenger", "passengers", "bus", "buses", "building", "buildings", "clock", "time",
    "starting", "player", "west", "east", "station",
    "at", "on", "to", "from", "between", "and", "then", "the", "a", "an", "my",
    "one", "two", "three", "four", "five", "six",
))


def could_be_for_the_bot(text: str) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place: a well-formed
    command, moves written out word for word, or a clear attempt at a move
    (``attempts.attempts_a_move``). It needs no game, so table talk is let go without one being
    looked up; the place's game decides the rest (``meant_for_the_bot``)."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    return (cmd is None and reads_as_moves(text)) or attempts_a_move(text)


def meant_for_the_bot(text: str, moves_expected: bool, to_act: bool = False) -> bool:
    """Whether an unprefixed chat message is meant for the bot: a well-formed command, or (when
    the place's game takes moves) moves written out word for word, from the player the game
    waits for (``to_act``), or from anyone when written as the log writes moves.

    So a spectator's ``time?`` or ``take the bus`` stays table talk, while the player to act
    gets an answer to it (``time?`` is a question about choosing Clock) and anyone writing
    ``Place Office at C1`` is told whether they may. From the player to act, a move that cannot
    be read (``Place Pub at W9``) is meant too: it gets the hint ``!bus`` gives, rather than
    being passed over as chat."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    if cmd is None and moves_expected and reads_as_moves(text):
        if to_act:
            return True
        played = read_message(text)
        if isinstance(played, Play) and written_as_logged(played):
            return True
    return to_act and attempts_a_move(text)


def written_as_logged(cmd: Play) -> bool:
    """Whether a message's moves are written the way the log writes them (``Place Office at
    C1``, ``Pass``; case, punctuation and ``then`` aside), nothing asked and nothing missing:
    a move whoever writes it, unlike a bare ``clock``, ``time?`` or ``the bus``."""
    if cmd.unreadable is not None or not cmd.moves or any(
            isinstance(move, Question | Unfinished) for move in cmd.moves):
        return False
    written = [token for token in _TOKEN.findall(cmd.text.lower()) if token != "then"]
    return written == _TOKEN.findall(" ".join(str(move) for move in cmd.moves).lower())


def reads_as_moves(text: str) -> bool:
    """True when a chat message is written as moves, word for word (``Place Office at C1``).

    Casual sentences the engine would still understand ("let me think" reads as Advance clock)
    stay chat; a player who means them as moves uses the bot's prefix. The cheap word check
    comes first, so chat is never handed to the move reader.
    """
    if not text.strip() or len(text) > MAX_MESSAGE_CHARS // 5:
        return False
    for token in _TOKEN.findall(text.lower()):
        if token not in _MOVE_WORDS and not token.isdigit() and not _LABEL.fullmatch(token) \
                and not _VROOM.fullmatch(token):
            return False
    cmd = read_message(text)
    return isinstance(cmd, Play) and cmd.unreadable is None
