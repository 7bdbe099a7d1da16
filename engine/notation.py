"""The command language: player text in, typed moves out.

Forgiving the way forum players write: case, punctuation and filler words do not matter, so
``Place Office at C1``, ``place office c1`` and ``C1: Office`` are one move. A message may hold
several moves, separated by ``;``, new lines, commas or ``and``/``then`` before a new verb; a
clause without a verb borrows the one before it (``place office at C1, pub at W4``). The parser
knows nothing of the game state: legality is the game's business.

Forgiving never means guessing. Only the listed filler words are skipped; any other word, emoji
or mark a move message holds is answered with "did you mean" and plays nothing. Words and marks
that change what a message means (a negation, a question, a maybe: ``don't``, ``?``, ``do I``,
``will I``, ``‽``, ``🤔``, ``/s``, ``:(``) turn it into a ``Question``, which the game answers
without playing anything. Everything here is linear in the text's length (one tokenizing pass,
no backtracking patterns) and suggestions are computed for a bounded number of short words.

This is the one vocabulary (``VOCABULARY``: every word with its role; ``MARKS``). The chat
filter reads unprefixed messages with it too, strictly (``read_chat``): moves, a question,
an unclear attempt at a move, or table talk.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from engine.board import BOARD
from engine.errors import ParseError
from engine.limits import MAX_MESSAGE_CHARS
from engine.moves import (
    MOST_SPACES,
    SPACE_LETTERS,
    ActionName,
    BuildingType,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    IntentKind,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    PlayedMove,
    Question,
    StartLine,
    Unfinished,
)

#: Words, numbers, crossings, emoticons and every other single symbol: nothing a message holds
#: is dropped unread, so an emoji or a mark the reader does not know is named back, never
#: skipped. Each alternative matches one run and cannot backtrack past it: linear in the text.
_TOKEN = re.compile(r"[a-z]+[0-9]+|[a-z]+|[0-9]+|:'\(|:-?[(/\\\[)](?![a-z0-9])"
                    r"|:-?[dp](?![a-z0-9])|;-?\)|(?<![a-z0-9])/s(?![a-z0-9])|[^\W\d_]+|\S")
_LABEL_LIKE = re.compile(r"^(?:[cnsew]\d+|ws|es)$")
_CLAUSE_SPLIT = re.compile(r"[;\n\r,]+|\bthen\b")

_VERBS: dict[str, str] = {
    **dict.fromkeys(("place", "put", "build", "erect", "add", "construct", "places", "placing",
                     "putting"), "place"),
    **dict.fromkeys(("start", "begin", "open"), "start"),
    **dict.fromkeys(("extend", "expand", "extends", "continue", "grow", "lay", "connect",
                     "extending"), "extend"),
    **dict.fromkeys(("choose", "take", "pick", "select", "claim", "chose", "grab", "chooses",
                     "takes", "taking", "choosing", "picking"), "choose"),
    **dict.fromkeys(("pass", "passes", "done", "finished", "passing"), "pass"),
    **dict.fromkeys(("stop", "halt", "freeze", "stops", "stopping"), "stop"),
    **dict.fromkeys(("advance", "advances", "advancing"), "advance"),
    **dict.fromkeys(("deliver", "carry", "transport", "drive", "ride", "bring", "move",
                     "delivers", "delivering"), "deliver"),
    **dict.fromkeys(("buy", "buys", "purchase", "purchases", "buying"), "buy"),
}
#: Words a move message may hold besides moves, which are skipped: articles and prepositions,
#: the writer ("I", "I'll", "let me", "I want to"), and politeness (``POLITE``).
POLITE = frozenset((
    "please", "pls", "plz", "thanks", "thank", "thx", "ty", "you", "cheers", "ok", "okay",
    "alright", "right", "well", "so", "sorry", "just",
))
_FILLER = frozenset((
    "the", "a", "an", "at", "on", "to", "from", "between", "and", "my", "line", "lines",
    "i", "will", "ll", "in", "of", "with", "street", "streets", "lot", "lots", "road",
    "route", "into", "onto", "for", "me", "s", "new", "one", "marker", "action", "space",
    "station", "stations", "run", "go", "by", "player", "it", "here", "there", "do",
    "via", "up", "which", "is", "also", "too", "again", "more", "another", "then", "now",
    "let", "m", "am", "ve", "want", "wanna", "gonna", "going", "we", "our", "this", "turn",
    *POLITE,
))
#: Words that change what a message means: it then plays nothing and is answered instead.
#: ``t`` is the end of "don't", "can't", "won't" (the apostrophe splits words); ``d`` of "I'd".
_INTENT_WORDS: dict[str, IntentKind] = {
    **dict.fromkeys(("don", "dont", "t", "not", "no", "never", "without", "cant", "cannot",
                     "wont", "didnt", "doesnt", "shouldnt", "wouldnt", "couldnt", "isnt",
                     "nope"), "negation"),
    **dict.fromkeys(("should", "can", "could", "may", "shall", "what", "how", "why", "legal",
                     "allowed", "possible", "whether"), "question"),
    **dict.fromkeys(("maybe", "if", "preview", "would", "d", "perhaps", "might", "suppose",
                     "supposing", "hypothetically", "think", "thinking", "guess", "wonder",
                     "considering", "consider", "probably", "possibly", "plan", "planning",
                     "unless", "later", "hmm", "hm", "hmmm", "idk", "dunno", "unsure"),
                   "hypothetical"),
}
#: Marks that make a message a question or a maybe wherever they stand (``?``, ``‽``, ``🤔``,
#: ``/s``, ``:(``); they are read like the words above.
_MARKS: dict[str, IntentKind] = {
    **dict.fromkeys(("?", "\uff1f", "\u203d", "\u2047", "\u2048", "\u2049", "\u2753", "\u2754",
                     "\u00bf", "\u2e2e"), "question"),
    **dict.fromkeys(("\U0001f914", "\U0001f62c", "\U0001f937", "\U0001f615", "\U0001f61f",
                     "\U0001f641", "\u2639", "\U0001f610", "\U0001f928", "\U0001f643",
                     "\U0001f91e", "\U0001f605", "\U0001f630", "\U0001f62e", "\U0001fae4",
                     ":(", ":-(", ":/", ":-/", ":\\", ":-\\", ":[", ":-[", ":'(", "/s"),
                    "hypothetical"),
}
#: Marks that change nothing: friendly emoji and emoticons, arrows, and the joiners and
#: variation selectors emoji are built of. Any other emoji or symbol is not understood.
_FRIENDLY = frozenset((
    "\U0001f642", "\U0001f600", "\U0001f603", "\U0001f604", "\U0001f601", "\U0001f60a",
    "\u263a", "\U0001f609", "\U0001f60e", "\U0001f64f", "\U0001f44d", "\U0001f44c", "\u2705",
    "\u2714", "\u2611", "\U0001f68c", "\U0001f68d", "\U0001f68f", "\U0001f3e0", "\U0001f3e1",
    "\U0001f3e2", "\U0001f37a", "\U0001f37b", "\u2764", "\U0001f389", "\U0001f4aa",
    "\U0001f917", "\U0001f44b", "\u27a1", "\u2794", "\u2b05", "\u2194", "\u2642", "\u2640",
    ":)", ":-)", ":d", ":-d", ":p", ":-p", ";)", ";-)", ":]", ":-]",
))
#: "don't stop time" and "let time run" are how players say Advance clock: read as that move
#: (not as a negation); any other "let" ("let's", "let me") is filler.
_DONT = (("don", "t"), ("dont",), ("do", "not"))
_LET_RUN = (("let", "time"), ("let", "clock"), ("let", "the", "time"), ("let", "the", "clock"))
#: "do I place ...", "will I place ...": a verb before its subject asks; "I'd like", "I would
#: like" ask politely for the move, which is meant.
_ASKING = frozenset(("do", "does", "did", "will", "shall", "am", "is", "are", "would", "can",
                     "could", "should", "may", "must", "might"))
_SUBJECTS = frozenset(("i", "we", "you"))
_POLITE_ASK = (("d", "like"), ("would", "like"), ("d", "love"), ("would", "love"))
_INTENT_PRIORITY: tuple[IntentKind, ...] = ("negation", "question", "hypothetical")
_TYPES: dict[str, BuildingType] = {
    **dict.fromkeys(("house", "houses", "home", "homes"), "house"),
    **dict.fromkeys(("office", "offices"), "office"),
    **dict.fromkeys(("pub", "pubs", "bar", "bars"), "pub"),
}
_PASSENGER_WORDS = frozenset(("passenger", "passengers", "pax", "people", "person"))
_ACTION_WORDS: dict[str, ActionName] = {
    **dict.fromkeys(("line", "lines", "expansion", "expand", "route", "extension"), "lines"),
    **dict.fromkeys(("bus", "buses", "busses"), "buses"),
    **dict.fromkeys(("passenger", "passengers"), "passengers"),
    **dict.fromkeys(("building", "buildings"), "buildings"),
    **dict.fromkeys(("clock", "time"), "clock"),
    **dict.fromkeys(("start", "starting", "first", "lead", "startbus", "starter"), "start"),
    **dict.fromkeys(("transport",), "vroom"),
}
_VROOM = re.compile(r"^v+r+o+m+$")
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}
_STATION_WORDS = {"west": "WS", "east": "ES", "ws": "WS", "es": "ES"}
_KNOWN = frozenset(set(_VERBS) | _FILLER | set(_INTENT_WORDS) | set(_TYPES) | _PASSENGER_WORDS
                   | set(_ACTION_WORDS) | set(_NUMBERS) | set(_STATION_WORDS))
_VOCABULARY = sorted(set(_VERBS) | set(_TYPES) | set(_ACTION_WORDS) | {"vrrooomm", "passenger"})
#: "did you mean" work is bounded: this many unknown words, each at most this long.
_SUGGEST_WORDS = 3
_SUGGEST_LENGTH = 20
#: The most of one thing a message may place: a bigger count is refused before any list is made.
_MOST_BUILDINGS = (12, "that is more buildings than anyone may place at once")
_MOST_PASSENGERS = (15, "there are only 15 passengers in the game")
_MOST_COUNT = 1000

EXAMPLES = ("Place Office at C1", "Start line between C1 and W3", "Extend line from C1 to C4",
            "Choose Buildings", "Pass", "Place 2 passengers at west", "Stop time",
            "Advance clock", "Deliver from W5 to C1")


def label_hint(text: str, near: Sequence[str] = ()) -> str:
    """Why a label is unknown, with the nearest real label ("W9 is not a crossing; ...").

    ``near``: the crossings the same move names; the guess is then one next to them (the
    crossing the move could reach), so extending from N1 with "W9" suggests W3, not W8."""
    label = text.strip().upper()
    reachable = sorted({n for lab in near if BOARD.is_label(lab) for n, _ in BOARD.adjacent[lab]})
    guess = _closest(label, reachable) if reachable else None
    where = f" (next to {' or '.join(dict.fromkeys(near))})" if guess is not None else ""
    if guess is None:
        guess = _closest(label, BOARD.labels)
    tail = f"; did you mean {guess}{where}?" if guess else ""
    return f"{_shown(label)} is not a crossing{tail}"


def _closest(label: str, labels: Sequence[str]) -> str | None:
    """The label of ``labels`` most like ``label``: the same letters with the nearest number,
    else the most similar spelling (None when nothing is alike)."""
    match = re.fullmatch(r"([A-Z]+)(\d+)", label)
    if match:
        letters, digits = match.group(1), match.group(2)
        same = [x for x in labels if re.fullmatch(letters + r"\d+", x)]
        if same:
            number = int(digits[-6:])  # a label has one or two digits; never convert a long run
            return min(same, key=lambda x: (abs(int(x[len(letters):]) - number), x))
    if len(label) > _SUGGEST_LENGTH:
        return None
    close = difflib.get_close_matches(label, labels, n=1, cutoff=0.3)
    return close[0] if close else None


def _shown(word: str) -> str:
    """A word of the player's as quoted back: never more than a line's worth."""
    return word if len(word) <= 40 else word[:37] + "..."


def _label(token: str, near: Sequence[str] = ()) -> str | None:
    """The board label a token names, None for a non-label; raises for label-like typos (the
    guess next to ``near``, the other crossings of the same move)."""
    station = _STATION_WORDS.get(token)
    if station:
        return station
    if _LABEL_LIKE.match(token):
        label = token.upper()
        if BOARD.is_label(label):
            return label
        raise ParseError(label_hint(label, near))
    return None


def _labels(tokens: list[str], *, streets: bool) -> list[str]:
    """Every crossing a clause names, in order; a typo raises with a guess, for a move along
    ``streets`` one next to the crossings it does name."""
    good = [t.upper() for t in tokens if streets and _LABEL_LIKE.match(t)
            and BOARD.is_label(t.upper())]
    return [lab for tok in tokens if (lab := _label(tok, good)) is not None]


def _number(token: str) -> int | None:
    """A count written as digits or a word ("2", "two"); "a"/"an" are left to the filler.

    Any count above ``_MOST_COUNT`` is refused by every move kind, so longer numbers are never
    converted (a thousand-digit run costs nothing)."""
    if token.isdigit():
        return int(token) if len(token) <= 3 else _MOST_COUNT
    if token in ("a", "an"):
        return None
    return _NUMBERS.get(token)


def _known(token: str) -> bool:
    return (token in _KNOWN or token.isdigit() or _LABEL_LIKE.match(token) is not None
            or _VROOM.match(token) is not None)


def _is_word(token: str) -> bool:
    return token[0].isalnum()


def _mark(token: str) -> IntentKind | bool:
    """What a token that is no word means: an intent (``?``, ``🤔``), nothing (True: a friendly
    emoji, punctuation, an arrow), or not understood (False: any other emoji or symbol)."""
    kind = _MARKS.get(token)
    if kind is not None:
        return kind
    if token in _FRIENDLY or (len(token) == 1 and token.isascii()):
        return True
    category = unicodedata.category(token[0])
    return category[0] in "PZMC" or category in ("Sm", "Sk")


#: what a move message's content is: the words that name a move, not how it is said
_CONTENT = frozenset(set(_VERBS) | set(_TYPES) | _PASSENGER_WORDS | set(_ACTION_WORDS)
                     | set(_STATION_WORDS)) - {"line", "lines", "space"}


def _content(token: str) -> bool:
    """Whether a token names part of a move (a verb, a building, an action, a crossing)."""
    return (token in _CONTENT or _LABEL_LIKE.match(token) is not None
            or _VROOM.match(token) is not None)


class _Reading:
    """A message cut into clauses of known words, with what its meaning-changing words say.

    ``first``: the first token that is neither filler nor politeness nor a meaning-changing
    word (None when there is none), so the chat filter can tell "take the bus home" (a move
    with a word too many) from "nice move" (talk that holds a verb)."""

    def __init__(self, text: str) -> None:
        lowered = text.lower()
        self.clauses: list[list[str]] = []
        self.unknown: list[str] = []
        self.first: str | None = None
        self.content = 0
        self.crossings = 0
        #: the first meaning-changing word of each kind, as written
        self.intent: dict[IntentKind, str] = {}
        self.marks: list[tuple[IntentKind, str]] = []
        for part in _CLAUSE_SPLIT.split(lowered):
            tokens = self._plain(_TOKEN.findall(part))
            current: list[str] = []
            for i, tok in enumerate(tokens):
                # "and" before a new verb starts a new clause ("choose clock and pass")
                if tok == "and" and i + 1 < len(tokens) and tokens[i + 1] in _VERBS and current:
                    self.clauses.append(current)
                    current = []
                    continue
                current.append(tok)
            if current:
                self.clauses.append(current)
        for kind, mark in self.marks:
            self._note(kind, mark)

    def _note(self, kind: IntentKind, word: str) -> None:
        if kind not in self.intent:
            self.intent[kind] = {"don": "don't", "t": "n't", "d": "'d"}.get(word, word)

    def _seen(self, tok: str) -> None:
        """Note a token that says something: the first one, and whether it names a move."""
        if self.first is None:
            self.first = tok
        if _content(tok):
            self.content += 1
        if _LABEL_LIKE.match(tok) is not None:
            self.crossings += 1

    def _plain(self, tokens: list[str]) -> list[str]:
        """The tokens with the meaning-changing words and marks taken out (and noted), unknown
        words and symbols noted, and "don't stop" read as "advance"."""
        words = [tok for tok in tokens if _is_word(tok) or self._symbol(tok)]
        out: list[str] = []
        i = 0
        while i < len(words):
            step = self._phrase(words, i, out)
            if step:
                i += step
                continue
            tok = words[i]
            i += 1
            kind = _INTENT_WORDS.get(tok)
            if kind is not None:
                self._note(kind, tok)
            elif _known(tok):
                out.append(tok)
                if tok not in _FILLER:
                    self._seen(tok)
            else:
                self.unknown.append(tok)
                self._seen(tok)
        return out

    def _symbol(self, tok: str) -> bool:
        """Note what a token that is no word means; True only for one not understood (kept, so
        it is named back in order with the words)."""
        mark = _mark(tok)
        if isinstance(mark, str):  # noted after the words, which name an intent better
            self.marks.append((mark, tok))
            return False
        return not mark

    def _phrase(self, tokens: list[str], i: int, out: list[str]) -> int:
        """How many tokens at ``i`` a phrase reads ("don't stop", "let time", "do I", "I'd
        like"), 0 for none."""
        dont = next((d for d in _DONT if tuple(tokens[i:i + len(d)]) == d), None)
        if dont is not None and i + len(dont) < len(tokens) \
                and _VERBS.get(tokens[i + len(dont)]) == "stop":
            out.append("advance")
            self._seen("advance")
            return len(dont) + 1
        if any(tuple(tokens[i:i + len(run)]) == run for run in _LET_RUN):
            out.append("advance")
            self._seen("advance")
            return 1
        pair = tuple(tokens[i:i + 2])
        if len(pair) == 2 and pair[0] == "space" and len(pair[1]) == 1 \
                and pair[1] in SPACE_LETTERS:  # "space a" names a space: "a" is no article
            out.append(f"space:{pair[1]}")
            return 2
        if pair in _POLITE_ASK:
            return 2
        if len(pair) == 2 and pair[0] in _ASKING and pair[1] in _SUBJECTS \
                and pair[0] not in _INTENT_WORDS:  # "should I" is asked by "should" alone
            self._note("question", f"{pair[0]} {'I' if pair[1] == 'i' else pair[1]}")
            return 2
        return 0

    def kind(self) -> IntentKind | None:
        return next((k for k in _INTENT_PRIORITY if k in self.intent), None)


def _suggestion(word: str) -> str | None:
    if len(word) > _SUGGEST_LENGTH:
        return None
    close = difflib.get_close_matches(word, _VOCABULARY, n=1, cutoff=0.75)
    return close[0] if close else None


def _unknown_error(words: list[str]) -> ParseError:
    """Unknown words are never skipped: name them (a few, with a guess each), play nothing."""
    distinct = list(dict.fromkeys(words))
    named = []
    for word in distinct[:_SUGGEST_WORDS]:
        guess = _suggestion(word)
        named.append(f"'{_shown(word)}'" + (f" (did you mean {guess}?)" if guess else ""))
    more = len(distinct) - _SUGGEST_WORDS
    rest = f" and {more} more" if more > 0 else ""
    noun = "word" if len(distinct) == 1 else "words"
    return ParseError(f"I do not understand the {noun} {', '.join(named)}{rest}, so nothing "
                      f"was played. Examples: {'; '.join(EXAMPLES[:5])}.")


def _fail(what: str) -> ParseError:
    return ParseError(f"{what}. Examples: {'; '.join(EXAMPLES[:5])}.")


@lru_cache(maxsize=8192)
def _parse_cached(text: str) -> tuple[Move, ...]:
    reading = _Reading(text)
    if reading.unknown:
        raise _unknown_error(reading.unknown)
    moves: list[PlayedMove | Unfinished] = []
    verb: str | None = None
    for tokens in reading.clauses:
        if all(t in _FILLER for t in tokens):  # "..., please"
            continue
        found, verb = _parse_clause(tokens, verb)
        moves.extend(found)
    if not moves:
        raise _fail("There is no move in that message")
    kind = reading.kind()
    if kind is not None:
        return (Question(kind, tuple(moves), reading.intent[kind]),)
    return tuple(moves)


def parse_moves(text: str) -> list[Move]:
    """Every move in a message, in order; ``ParseError`` when any part cannot be read.

    A message with a negation, a question or a maybe in it is one ``Question`` holding the moves
    it names, which the game answers without playing them; ``extend`` without two crossings is
    an ``Unfinished`` move, which the game answers with what is missing now.
    """
    if not text or not text.strip():
        raise ParseError("The message is empty. Examples: " + "; ".join(EXAMPLES[:5]) + ".")
    if len(text) > MAX_MESSAGE_CHARS:  # longer messages are refused before any work
        raise ParseError("That message is too long to be a list of moves.")
    return list(_parse_cached(text.strip()))


def parse_move(text: str) -> Move:
    """Exactly one move that plays (a log line, a correction); ``ParseError`` for none, several,
    a question or a move without its crossings."""
    moves = parse_moves(text)
    if len(moves) != 1:
        raise ParseError(f"expected one move, found {len(moves)}")
    move = moves[0]
    if isinstance(move, Question):
        raise ParseError(f"\"{_shown(move.word)}\" makes that a {_KIND_NOUN[move.kind]}, which "
                         f"plays nothing; write the move itself, e.g. "
                         f"{'; '.join(str(m) for m in move.moves)}")
    if isinstance(move, Unfinished):
        raise ParseError(_EXTEND_HINT)
    return move


# ---- the chat filter: a stricter reading of the same words ---------------------------------


class Verdict(StrEnum):
    """What an unprefixed chat message is, read strictly (``read_chat``)."""

    MOVES = "moves"          # moves, each word a move's or an allowed filler word: played
    QUESTION = "question"    # moves asked about, denied or wondered about: answered, never played
    UNCLEAR = "unclear"      # clearly an attempt at a move that cannot be read: a short hint
    TALK = "talk"            # table talk: left alone


class Role(StrEnum):
    """What a word of the vocabulary is to the reader (the one table both readings use)."""

    VERB = "verb"
    BUILDING = "building"
    PASSENGERS = "passengers"
    ACTION = "action"
    STATION = "station"
    NUMBER = "number"
    NEGATION = "negation"
    QUESTION = "question"
    MAYBE = "maybe"
    POLITE = "polite"
    FILLER = "filler"
    LOOSE = "loose filler"


#: Filler the move reader skips but a chat message may not lean on: "time to go", "it is up
#: there" are talk, whereas "!bus time to go" reads as Choose Clock.
LOOSE = frozenset(("go", "by", "it", "here", "there", "up", "which", "is", "more", "another",
                   "this", "ve", "our"))
_INTENT_ROLE: dict[IntentKind, Role] = {
    "negation": Role.NEGATION, "question": Role.QUESTION, "hypothetical": Role.MAYBE}


def _role(word: str) -> Role:
    kind = _INTENT_WORDS.get(word)
    if kind is not None:
        return _INTENT_ROLE[kind]
    for table, role in ((_VERBS, Role.VERB), (_TYPES, Role.BUILDING),
                        (_PASSENGER_WORDS, Role.PASSENGERS), (_ACTION_WORDS, Role.ACTION),
                        (_STATION_WORDS, Role.STATION), (_NUMBERS, Role.NUMBER),
                        (LOOSE, Role.LOOSE), (POLITE, Role.POLITE)):
        if word in table:
            return role
    return Role.FILLER


#: Every word either reading knows, with its role: the one vocabulary (a test walks it).
VOCABULARY: dict[str, Role] = {word: _role(word) for word in sorted(_KNOWN)}
#: the marks (``?``, ``🤔``, ``/s``...) that turn a message into a question or a maybe
MARKS: dict[str, IntentKind] = dict(_MARKS)
#: a chat message longer than this is conversation, whatever it holds
CHAT_CHARS = MAX_MESSAGE_CHARS // 5
#: an attempt at a move has at most this many words the reader does not know
_CHAT_UNKNOWN = 3
_WORD_ONLY = re.compile(r"[a-z]+[0-9]+|[a-z]+|[0-9]+")


@dataclass(frozen=True, slots=True)
class ChatReading:
    """``logged``: the moves are written word for word as the log writes them (``Place Office
    at C1``, ``Pass``), which anyone may write and be answered."""

    verdict: Verdict
    logged: bool = False


@lru_cache(maxsize=1024)
def read_chat(text: str) -> ChatReading:
    """An unprefixed chat message read strictly, with the same vocabulary as ``parse_moves``.

    Moves: it parses, and every word is a move's, an allowed filler word or politeness ("I'll
    take the bus please"). A question: the same, with a question, a maybe or a negation
    ("will I place office at C1", "Pass 🤔"). Unclear: it opens (after the filler) with a
    move's verb or a crossing but cannot be read, or holds a word, emoji or mark the reader
    does not know ("place office at C1 🦄"). Talk: everything else ("nice move", "brb").
    Linear in the text; nothing longer than ``CHAT_CHARS`` is read."""
    text = text.strip()
    if not text or len(text) > CHAT_CHARS:
        return ChatReading(Verdict.TALK)
    reading = _Reading(text)
    if not reading.content:
        return ChatReading(Verdict.TALK)
    loose = [t for clause in reading.clauses for t in clause if t in LOOSE]
    try:
        moves = _parse_cached(text)
    except ParseError:
        moves = ()
    if moves and isinstance(moves[0], Question):  # never plays: asked however it is put
        return ChatReading(Verdict.QUESTION)
    if not moves or loose:
        return ChatReading(Verdict.UNCLEAR if _attempt(reading, len(loose)) else Verdict.TALK)
    return ChatReading(Verdict.MOVES, _as_logged(text, moves))


def names_a_move(text: str) -> bool:
    """Whether a message names any part of a move (a verb, a building, an action, a
    crossing): one that does not is no move at all, however it is written."""
    return len(text) <= MAX_MESSAGE_CHARS and _Reading(text).content > 0


def _attempt(reading: _Reading, loose: int) -> bool:
    """Clearly meant as a move: it opens with a verb, a crossing or a count, or names a
    crossing, and holds few words the reader does not know."""
    first = reading.first
    opens = first is not None and (first in _VERBS or first.isdigit() or first in _NUMBERS
                                   or _VROOM.match(first) is not None)
    return (opens or reading.crossings > 0) and len(set(reading.unknown)) + loose <= _CHAT_UNKNOWN


def _as_logged(text: str, moves: tuple[Move, ...]) -> bool:
    if any(isinstance(move, Question | Unfinished) for move in moves):
        return False
    written = [t for t in _WORD_ONLY.findall(text.lower()) if t != "then"]
    return written == _WORD_ONLY.findall(" ".join(str(move) for move in moves).lower())


_KIND_NOUN: dict[str, str] = {
    "negation": "negation", "question": "question", "hypothetical": "maybe",
}
_EXTEND_HINT = "Name the head and the next crossing, e.g. Extend line from C1 to C4"


def _parse_clause(tokens: list[str], carried: str | None
                  ) -> tuple[Sequence[PlayedMove | Unfinished], str | None]:
    verb = next((_VERBS[tok] for tok in tokens if tok in _VERBS), None)
    if verb is None:
        verb = _infer_verb(tokens) or carried
    if verb is None:
        raise _fail(f"I do not understand \"{_shown(' '.join(tokens))}\"")
    if verb == "pass":
        return [Pass()], verb
    if verb in ("stop", "advance"):
        return [ClockChoice(verb == "stop")], verb
    if verb == "choose":
        return _parse_choose(tokens), verb
    if verb == "buy":
        return _parse_buy(tokens), verb
    if verb == "place":
        return _parse_place(tokens), verb
    labels = _labels(tokens, streets=verb in ("start", "extend"))
    if verb == "start":
        if any(_VROOM.match(t) or t in ("player", "starting") for t in tokens):
            return _parse_choose(tokens), "choose"
        if len(labels) != 2:
            raise _fail(f"Start a line between two crossings, e.g. Start line between C1 and W3 "
                        f"(found {len(labels)} crossing{'s' if len(labels) != 1 else ''})")
        return [StartLine(labels[0], labels[1])], verb
    if verb == "extend":
        if len(labels) < 2:  # what is missing depends on the game: it answers (engine/intent)
            return [Unfinished("extend", labels[0] if labels else None)], verb
        return [ExtendLine(a, b) for a, b in zip(labels, labels[1:], strict=False)], verb
    if verb == "deliver":
        if len(labels) < 2 or len(labels) % 2:
            raise _fail("Name where the passenger waits and where they go, e.g. "
                        "Deliver from W5 to C1")
        return [Deliver(labels[i], labels[i + 1]) for i in range(0, len(labels), 2)], verb
    raise AssertionError(verb)


def _infer_verb(tokens: list[str]) -> str | None:
    """A clause without a verb: "C1: Office", "vroom", "2 passengers west"."""
    has_type = any(t in _TYPES for t in tokens)
    has_label = any(_LABEL_LIKE.match(t) or t in _STATION_WORDS for t in tokens)
    if has_type and has_label:
        return "place"
    if any(t in _PASSENGER_WORDS for t in tokens) and has_label:
        return "place"
    if has_label:  # "line between C3 and C4", "line from C1 to C4"
        if "between" in tokens:
            return "start"
        return "extend" if "line" in tokens and "from" in tokens else None
    names_action = any(t in _ACTION_WORDS or _VROOM.match(t) for t in tokens)
    only_action_words = all(t in _ACTION_WORDS or t in _FILLER or t.isdigit()
                            or t.startswith("space:") for t in tokens)
    if names_action and (only_action_words or any(_VROOM.match(t) for t in tokens)):
        return "choose"
    return None


def _parse_choose(tokens: list[str]) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    count = 1
    last: ActionName | None = None
    space: str | None = None
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            last = None
            continue
        if tok.startswith("space:"):  # "lines space b", "space b of lines"
            if moves and isinstance(moves[-1], ChooseAction) and moves[-1].space is None:
                moves[-1] = ChooseAction(moves[-1].action, tok[-1])
            else:
                space = tok[-1]
            continue
        action: ActionName | None = "vroom" if _VROOM.match(tok) else _ACTION_WORDS.get(tok)
        if action is None:
            if tok in _VERBS and _VERBS[tok] in ("choose",):
                continue
            if tok not in _FILLER:
                last = None if tok in ("and",) else last
            continue
        if action == last:  # "line expansion", "starting player": one action, two words
            continue
        if count > MOST_SPACES:
            raise ParseError(f"{count} markers on one action is more than its six spaces")
        moves.extend([ChooseAction(action, space)] * count)
        count, last, space = 1, action, None
    if not moves:
        raise _fail("Which action? Choose Line expansion, Buses, Passengers, Buildings, Clock, "
                    "Vrrooomm or Starting player")
    return moves


def _parse_buy(tokens: list[str]) -> list[PlayedMove]:
    """"buy a bus": a bus comes only with the Buses action, so that is the move meant."""
    if not any(_ACTION_WORDS.get(t) == "buses" for t in tokens):
        raise ParseError("Only buses are bought, and a bus comes with the Buses action: "
                         "Choose Buses")
    moves = _parse_choose(tokens)
    if any(m != ChooseAction("buses") for m in moves):
        raise ParseError("Only buses are bought, and a bus comes with the Buses action: "
                         "Choose Buses (choose other actions with Choose ...)")
    return moves


def _parse_place(tokens: list[str]) -> list[PlayedMove]:
    if any(t in _TYPES for t in tokens):
        return _parse_buildings(tokens)
    if any(t in _PASSENGER_WORDS for t in tokens) or any(t in _STATION_WORDS for t in tokens):
        return _parse_passengers(tokens)
    raise _fail("Place what? Name a house, office or pub and a crossing (Place Office at C1), "
                "or passengers and a station (Place 2 passengers at west)")


def _parse_buildings(tokens: list[str]) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    pending: list[tuple[BuildingType, int]] = []
    pending_label: str | None = None
    count = 1
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            continue
        kind = _TYPES.get(tok)
        if kind is not None:
            if pending_label is not None and not pending:
                _add(moves, PlaceBuilding(kind, pending_label), count, _MOST_BUILDINGS)
                pending_label = None
            else:
                pending.append((kind, count))
            count = 1
            continue
        label = _label(tok)
        if label is None:
            continue
        if label in ("WS", "ES"):
            raise ParseError(f"the station {label} has no building lots")
        if pending:
            for k, c in pending:
                _add(moves, PlaceBuilding(k, label), c, _MOST_BUILDINGS)
            pending = []
        elif pending_label is not None:
            raise ParseError(f"which building goes at {pending_label}? e.g. "
                             f"Place House at {pending_label}")
        else:
            pending_label = label
    if pending:
        names = " and ".join(dict.fromkeys(k for k, _ in pending))
        raise ParseError(f"where should the {names} go? e.g. Place "
                         f"{pending[0][0].capitalize()} at C1")
    if pending_label is not None:
        raise ParseError(f"which building goes at {pending_label}? e.g. "
                         f"Place House at {pending_label}")
    return moves


def _add(moves: list[PlayedMove], move: PlayedMove, count: int, most: tuple[int, str]) -> None:
    """``count`` times ``move``, refused before the list grows past what a turn can hold."""
    if len(moves) + count > most[0]:
        raise ParseError(most[1])
    moves.extend([move] * count)


def _parse_passengers(tokens: list[str]) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    count: int | None = None
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            continue
        label = _label(tok)
        if label is None:
            continue
        if label not in ("WS", "ES"):
            raise ParseError(f"passengers arrive at a station: WS (west) or ES (east), "
                             f"not {label}")
        _add(moves, PlacePassenger(label), 1 if count is None else count, _MOST_PASSENGERS)
        count = None
    if not moves:
        raise ParseError("at which station? e.g. Place 2 passengers at west, or Place passenger "
                         "at ES")
    return moves
