"""The service's own command words, and how to tell a command or a move from table chat.

Everything that is not one of these commands goes to the engine's move parser. That parser is
forgiving on purpose ("I pass" is a move), so deciding whether an unprefixed chat message was
meant for the bot uses a much stricter reading: only the words of written-out moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import EDITIONS, BusError, parse_moves


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
class Look:
    """A command that only reads: status, map, moves, log, index, help, rules."""

    what: str
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
class Flow:
    """pause, resume, abandon, nudge: moderator acts on the whole game."""

    what: str


@dataclass(frozen=True, slots=True)
class Export:
    fmt: str


@dataclass(frozen=True, slots=True)
class Import:
    pass


@dataclass(frozen=True, slots=True)
class Preview:
    """``preview MOVES``: the table as it would be after them; nothing is played."""

    text: str


@dataclass(frozen=True, slots=True)
class Malformed:
    """A command word with arguments that do not fit; ``usage`` says how it is written."""

    command: str
    usage: str


Command = (
    NewGame | Join | Leave | Colour | Start | Look | Undo | UndoLast | UndoTo | Redo | ActAs
    | Correct | ReplacePlayer | Drop | Flow | Export | Import | Preview | Malformed
)

#: how each command is written, as the refusal of a malformed one shows it (markdown)
USAGE: dict[str, str] = {
    "new": "`new game [capstone|splotter-2nd] [option=value ...]`",
    "join": "`join [colour] [as NAME]`",
    "colour": "`colour COLOUR`",
    "start": "`start` or `start order: NAME, NAME, NAME`",
    "map": "`map` or `map N` (the table after move N)",
    "log": "`log` or `log all`",
    "undo": "`undo` (the last move), `undo last K` (the last K moves) or `undo to N` (move N "
            "and every move after it)",
    "redo": "`redo`",
    "as": "`as NAME: move`",
    "correct": "`correct N: move`",
    "replace": "`replace NAME with @user`",
    "drop": "`drop NAME`",
    "export": "`export txt` or `export json`",
    "preview": "`preview MOVE...` (for example `preview Place Office at C1`)",
}

_I = re.IGNORECASE
_S = re.IGNORECASE | re.DOTALL
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"new\s+game(?:\s+(?P<rest>.*))?", _S), "new"),
    (re.compile(r"join(?:\s+(?P<colour>[a-z]+))?(?:\s+as\s+(?P<name>.+))?", _I), "join"),
    (re.compile(r"join\s+as\s+(?P<name>.+)", _I), "join"),
    (re.compile(r"leave(?:\s+game)?", _I), "leave"),
    (re.compile(r"colou?r\s+(?P<colour>[a-z]+)", _I), "colour"),
    (re.compile(r"start(?:\s+game)?", _I), "start"),
    (re.compile(r"start(?:\s+game)?\s+order\s*:?\s*(?P<order>.+)", _S), "start"),
    (re.compile(r"(?P<what>status|moves|index|help|rules|log)", _I), "look"),
    (re.compile(r"log\s+all", _I), "log all"),
    (re.compile(r"map(?:\s+#?(?P<number>\d+))?", _I), "map"),
    (re.compile(r"undo(?:\s+(?P<count>\d+))?", _I), "undo"),
    (re.compile(r"undo\s+(?:the\s+)?last(?:\s+(?P<count>\d+))?(?:\s+moves?)?", _I), "undo last"),
    (re.compile(r"undo\s+to\s+(?:move\s+)?#?(?P<number>\d+)", _I), "undo to"),
    (re.compile(r"redo", _I), "redo"),
    (re.compile(r"moves\s+all", _I), "moves all"),
    (re.compile(r"as\s+(?P<name>[^:\n]+?)\s*:\s*(?P<text>.+)", _S), "as"),
    (re.compile(r"correct\s+(?:move\s+)?#?(?P<number>\d+)\s*:\s*(?P<text>.+)", _S), "correct"),
    (re.compile(r"replace\s+(?P<name>.+?)\s+(?:with|by)\s+(?P<user>.+)", _I), "replace"),
    (re.compile(r"drop\s+(?P<name>.+)", _I), "drop"),
    (re.compile(r"(?P<what>pause|resume|abandon|nudge)(?:\s+game)?", _I), "flow"),
    (re.compile(r"export(?:\s+(?P<fmt>txt|text|json))?", _I), "export"),
    (re.compile(r"import(?:\s+game)?", _I), "import"),
    (re.compile(r"preview\s*:?\s+(?P<text>.+)", _S), "preview"),
]
#: first words that make a message a (mistyped) command rather than a move
_COMMAND_WORDS = {
    "join": "join", "colour": "colour", "color": "colour", "map": "map",
    "log": "log", "undo": "undo", "as": "as", "correct": "correct", "replace": "replace",
    "drop": "drop", "export": "export", "redo": "redo", "preview": "preview",
}


def parse_command(text: str) -> Command | None:
    """The service command in ``text``, or None when it is not one (then it may be a move)."""
    stripped = text.strip()
    for pattern, name in _PATTERNS:
        m = pattern.fullmatch(stripped)
        if m is not None:
            return _build(name, m)
    first = stripped.split(maxsplit=1)[0].lower() if stripped else ""
    if first in _COMMAND_WORDS:
        key = _COMMAND_WORDS[first]
        return Malformed(key, USAGE[key])
    return None


def _build(name: str, m: re.Match[str]) -> Command:
    g = m.groupdict()
    if name == "new":
        return _new_game(g.get("rest") or "")
    if name == "join":
        colour = g.get("colour")
        if colour is not None and colour.lower() == "as":  # "join as" without a name
            return Malformed("join", USAGE["join"])
        return Join(colour.lower() if colour else None,
                    g["name"].strip() if g.get("name") else None)
    if name == "leave":
        return Leave()
    if name == "colour":
        return Colour(g["colour"].lower())
    if name == "start":
        order = g.get("order")
        if order is None:
            return Start(None)
        names = tuple(n.strip() for n in re.split(r"[,;\n]+", order) if n.strip())
        return Start(names) if names else Malformed("start", USAGE["start"])
    if name == "look":
        return Look(g["what"].lower())
    if name == "log all":
        return Look("log", number=0)
    if name == "map":
        return Look("map", int(g["number"]) if g.get("number") else None)
    if name == "undo":
        return Undo(int(g["count"]) if g.get("count") else None)
    if name == "undo last":
        return UndoLast(int(g["count"]) if g.get("count") else 1)
    if name == "undo to":
        return UndoTo(int(g["number"]))
    if name == "redo":
        return Redo()
    if name == "moves all":
        return Look("moves", number=0)
    if name == "as":
        return ActAs(g["name"].strip(), g["text"].strip())
    if name == "correct":
        return Correct(int(g["number"]), g["text"].strip())
    if name == "replace":
        return ReplacePlayer(g["name"].strip(), g["user"].strip())
    if name == "drop":
        return Drop(g["name"].strip())
    if name == "flow":
        return Flow(g["what"].lower())
    if name == "export":
        fmt = (g.get("fmt") or "txt").lower()
        return Export("txt" if fmt == "text" else fmt)
    if name == "preview":
        return Preview(g["text"].strip())
    return Import()


def _new_game(rest: str) -> Command:
    words = re.sub(r"\s*=\s*", "=", rest.strip()).split()
    edition: str | None = None
    options: list[tuple[str, str]] = []
    for word in words:
        if "=" in word:
            key, _, value = word.partition("=")
            if not key or not value:
                return Malformed("new", USAGE["new"])
            options.append((key.lower().replace("-", "_"), value))
        elif word.lower() in EDITIONS and edition is None:
            edition = word.lower()
        else:
            return Malformed("new", f"{USAGE['new']} (editions: {', '.join(EDITIONS)}; "
                                    f"'{word}' is neither)")
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


def reads_as_moves(text: str) -> bool:
    """True when a chat message is written as moves, word for word (``Place Office at C1``).

    Casual sentences the engine would still understand ("let me think" reads as Advance clock)
    stay chat; a player who means them as moves uses the bot's prefix.
    """
    if not text.strip() or len(text) > 400:
        return False
    for token in _TOKEN.findall(text.lower()):
        if token not in _MOVE_WORDS and not token.isdigit() and not _LABEL.fullmatch(token) \
                and not _VROOM.fullmatch(token):
            return False
    try:
        parse_moves(text)
    except BusError:
        return False
    return True
