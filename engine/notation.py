"""The command language: player text in, typed moves out, and moves written back as text.

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

The words are data: one word list per language (``engine/words.py``, the files in
``engine/data/words``). Every reading takes the languages it accepts (``languages``: a German
table reads ``("de", "en")``, German and English; the default is English alone), so a second
language is a word list and never a change here. ``write_move`` writes a move in a language
(``str(move)`` is the canonical English of logs and exports), and a move written in any
language reads back as the same move.

``VOCABULARY`` gives every English word with its role and ``MARKS`` the marks that ask; the chat
filter reads unprefixed messages with the same words, strictly (``read_chat``): moves, a
question, an unclear attempt at a move, or table talk.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import unicodedata
from collections.abc import Container, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TypeVar

from engine.board import BOARD
from engine.decisions import each_and, either, shortened
from engine.errors import ParseError
from engine.limits import MAX_MESSAGE_CHARS
from engine.moves import (
    ACTION_NAMES,
    ACTIONS,
    BUILDING_NAME,
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
from engine.text import Listing, Msg, Plural, Text
from engine.words import ENGLISH, Phrase, Verb, WordList, load

V = TypeVar("V")
#: The languages a reading accepts, in order of preference (the game's language first).
Languages = tuple[str, ...]
#: What an English table reads, and every reading that names no languages.
ENGLISH_ONLY: Languages = (ENGLISH,)

#: Words, numbers, crossings, emoticons and every other single symbol: nothing a message holds
#: is dropped unread, so an emoji or a mark the reader does not know is named back, never
#: skipped. Each alternative matches one run and cannot backtrack past it: linear in the text.
_TOKEN = re.compile(r"[a-z]+[0-9]+|[a-z]+|[0-9]+|:'\(|:-?[(/\\\[)](?![a-z0-9])"
                    r"|:-?[dp](?![a-z0-9])|;-?\)|(?<![a-z0-9])/s(?![a-z0-9])|[^\W\d_]+|\S")
_LABEL_LIKE = re.compile(r"^(?:[cnsew]\d+|ws|es)$")
_VROOM = re.compile(r"^v+r+o+m+$")
#: Marks that make a message a question or a maybe wherever they stand (``?``, ``‽``, ``🤔``,
#: ``/s``, ``:(``); they are read like the meaning-changing words, in every language.
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
_INTENT_PRIORITY: tuple[IntentKind, ...] = ("negation", "question", "hypothetical")
#: "did you mean" work is bounded: this many unknown words, each at most this long.
_SUGGEST_WORDS = 3
_SUGGEST_LENGTH = 20
#: The most of one thing a message may place: a bigger count is refused before any list is made.
_MOST_BUILDINGS = (12, Msg("notation.most_buildings",
                           "that is more buildings than anyone may place at once"))
_MOST_PASSENGERS = (15, Msg("notation.most_passengers",
                            "there are only 15 passengers in the game"))
_MOST_COUNT = 1000

EXAMPLES = ("Place Office at C1", "Start line between C1 and W3", "Extend line from C1 to C4",
            "Choose Buildings", "Pass", "Place 2 passengers at west", "Stop time",
            "Advance clock", "Deliver from W5 to C1")



class MoveText(str):
    """A move named in a sentence: a ``str`` that is its English notation (what ``str()`` of a
    sentence and the English catalogue show, and what a log writes), and that keeps the move,
    so a language's catalogue can write it with that language's writer instead
    (``written(language)``, ``write_move``): a move is an argument of a sentence, never words
    of its template."""

    move: Move

    def __new__(cls, move: Move) -> MoveText:
        made = super().__new__(cls, str(move))
        made.move = move
        return made

    def written(self, language: str) -> str:
        """The move in ``language``'s notation."""
        return write_move(self.move, language)


# ---- what the reader says when it cannot read a message ------------------------------------
# Every refusal ends with a few example moves, written in the reader's notation (``MoveText``).

NOT_A_CROSSING = Msg("notation.not_a_crossing", "{label} is not a crossing")
NOT_A_CROSSING_GUESS = Msg("notation.not_a_crossing_guess",
                           "{label} is not a crossing; did you mean {guess}?")
NOT_A_CROSSING_GUESS_NEAR = Msg("notation.not_a_crossing_guess_near",
                                "{label} is not a crossing; did you mean {guess} (next to "
                                "{near})?")
#: a mistyped crossing's guess, next to the crossings the same move names ("ES, next to E3")
GUESS_NEAR = Msg("notation.guess_near", "{guess}, next to {near}")
QUOTED = Msg("notation.quoted", "'{word}'")
QUOTED_GUESS = Msg("notation.quoted_guess", "'{word}' (did you mean {guess}?)")
UNKNOWN_WORDS = Plural("notation.unknown_words",
                       "I do not understand the word {words}, so nothing was played. Examples: "
                       "{examples}.",
                       "I do not understand the words {words}, so nothing was played. "
                       "Examples: {examples}.")
UNKNOWN_WORDS_MORE = Msg("notation.unknown_words_more",
                         "I do not understand the words {words} and {more} more, so nothing was "
                         "played. Examples: {examples}.")
UNCLEAR = Msg("notation.unclear", 'I do not understand "{words}". Examples: {examples}.')
START_BETWEEN_TWO = Plural("notation.start_between_two",
                           "Start a line between two crossings, e.g. {move} (found {n} "
                           "crossing). Examples: {examples}.",
                           "Start a line between two crossings, e.g. {move} (found {n} "
                           "crossings). Examples: {examples}.")
DELIVER_HINT = Msg("notation.deliver_hint",
                   "Name where the passenger waits and where they go, e.g. {move}")
DELIVER_HINT_EXAMPLES = Msg("notation.deliver_hint_examples",
                            "Name where the passenger waits and where they go, e.g. {move}. "
                            "Examples: {examples}.")
EXTEND_HINT = Msg("notation.extend_hint", "Name the head and the next crossing, e.g. {move}")
TOO_MANY_MARKERS = Msg("notation.too_many_markers",
                       "{count} markers on one action is more than its six spaces")
WHICH_ACTION = Msg("notation.which_action", "Which action? Choose {actions}. Examples: {examples}.")
ONLY_BUSES = Msg("notation.only_buses",
                 "Only buses are bought, and a bus comes with the Buses action: {move}")
ONLY_BUSES_OTHERS = Msg("notation.only_buses_others",
                        "Only buses are bought, and a bus comes with the Buses action: {move} "
                        "(choose other actions with Choose ...)")
PLACE_WHAT = Msg("notation.place_what",
                 "Place what? Name a house, office or pub and a crossing ({move}), or passengers "
                 "and a station (Place 2 passengers at west). Examples: {examples}.")
STATION_HAS_NO_LOTS = Msg("notation.station_no_lots", "the station {label} has no building lots")
WHICH_BUILDING = Msg("notation.which_building", "which building goes at {label}? e.g. {move}")
WHERE_BUILDINGS = Msg("notation.where_buildings", "where should the {names} go? e.g. {move}")
AT_A_STATION = Msg("notation.at_a_station",
                   "passengers arrive at a station: WS (west) or ES (east), not {label}")
WHICH_STATION = Msg("notation.which_station",
                    "at which station? e.g. Place 2 passengers at west, or {move}")
NO_MOVE = Msg("notation.no_move", "There is no move in that message. Examples: {examples}.")
EMPTY = Msg("notation.empty", "The message is empty. Examples: {examples}.")
TOO_LONG = Msg("notation.too_long", "That message is too long to be a list of moves.")
ONE_MOVE = Msg("notation.one_move", "expected one move, found {n}")
#: a move asked about, not played, by the kind of word that made it so
PLAYS_NOTHING: dict[str, Msg] = {
    "negation": Msg("notation.plays_nothing.negation",
                    '"{word}" makes that a negation, which plays nothing; write the move itself, '
                    "e.g. {moves}"),
    "question": Msg("notation.plays_nothing.question",
                    '"{word}" makes that a question, which plays nothing; write the move itself, '
                    "e.g. {moves}"),
    "hypothetical": Msg("notation.plays_nothing.maybe",
                        '"{word}" makes that a maybe, which plays nothing; write the move itself, '
                        "e.g. {moves}"),
}
#: the examples every refusal of the reader ends with (the first five of ``EXAMPLES``)
_EXAMPLES = Listing((MoveText(PlaceBuilding("office", "C1")), MoveText(StartLine("C1", "W3")),
                     MoveText(ExtendLine("C1", "C4")), MoveText(ChooseAction("buildings")),
                     MoveText(Pass())), "; ")
_DELIVER_EXAMPLE = MoveText(Deliver("W5", "C1"))
assert [str(m) for m in _EXAMPLES.items] == list(EXAMPLES[:5])


class _Lexicon:
    """The words of the languages one reading accepts, merged (the first language's role wins
    where two languages give one word different roles), with what the reader derives from
    them: the words it knows, the words that name part of a move, the phrases by first word."""

    __slots__ = ("languages", "lists", "fold", "verbs", "types", "actions", "stations",
                 "numbers", "intent", "shown", "passengers", "articles", "filler", "polite",
                 "loose", "and_words", "then_words", "between", "from_words", "to_words", "line",
                 "line_extends", "space", "start_choose", "asking", "subjects", "known",
                 "content", "vocabulary", "clause_split", "phrases", "verb_phrases")

    def __init__(self, languages: Languages) -> None:
        self.languages = languages
        self.lists: tuple[WordList, ...] = tuple(load(code) for code in languages)
        fold: dict[str, str] = {}
        for words in self.lists:
            for letter, instead in words.fold.items():
                fold.setdefault(letter, instead)
        self.fold: dict[int, str] | None = str.maketrans(fold) if fold else None
        self.verbs: dict[str, Verb] = _merged([w.verbs for w in self.lists])
        self.types: dict[str, BuildingType] = _merged([w.buildings for w in self.lists])
        self.actions: dict[str, ActionName] = _merged([w.actions for w in self.lists])
        self.stations: dict[str, str] = _merged([w.stations for w in self.lists])
        self.numbers: dict[str, int] = _merged([w.numbers for w in self.lists])
        self.intent: dict[str, IntentKind] = _merged([w.intent for w in self.lists])
        self.shown: dict[str, str] = _merged([w.shown for w in self.lists])

        def role(name: str) -> frozenset[str]:
            return frozenset().union(*(w.words(name) for w in self.lists))

        self.passengers = role("passengers")
        self.articles = role("articles")
        self.filler = role("filler")
        self.polite = role("polite")
        self.loose = role("loose")
        self.and_words = role("and")
        self.then_words = role("then")
        self.between = role("between")
        self.from_words = role("from")
        self.to_words = role("to")
        self.line = role("line")
        self.line_extends = role("line_extends")
        self.space = role("space")
        self.start_choose = role("start_choose")
        self.asking = role("asking")
        self.subjects = role("subjects")
        self.known = frozenset(set(self.verbs) | self.filler | set(self.intent) | set(self.types)
                               | self.passengers | set(self.actions) | set(self.numbers)
                               | set(self.stations))
        #: what a move message's content is: the words that name a move, not how it is said
        self.content = frozenset(set(self.verbs) | set(self.types) | self.passengers
                                 | set(self.actions) | set(self.stations)) \
            - self.line - self.line_extends - self.space
        self.vocabulary = sorted(set(self.verbs) | set(self.types) | set(self.actions)
                                 | {"vrrooomm", "passenger"})
        then = "|".join(sorted(self.then_words, key=len, reverse=True))
        self.clause_split = re.compile(r"[;\n\r,]+" + (rf"|\b(?:{then})\b" if then else ""))
        phrases: dict[str, list[Phrase]] = {}
        verb_phrases: dict[str, list[Phrase]] = {}
        for words in self.lists:
            for phrase in words.phrases:
                first = phrase.pattern[0]
                table = phrases if isinstance(first, str) else verb_phrases
                table.setdefault(first if isinstance(first, str) else first[1], []).append(phrase)
        #: the phrases by their first word (or the verb of their first word), longest first
        self.phrases = {k: tuple(sorted(v, key=lambda p: -len(p.pattern)))
                        for k, v in phrases.items()}
        self.verb_phrases = {k: tuple(sorted(v, key=lambda p: -len(p.pattern)))
                             for k, v in verb_phrases.items()}

    def lowered(self, text: str) -> str:
        """``text`` as the reader reads it: lower case, folded (``ä`` as ``ae``)."""
        lowered = text.lower()
        return lowered.translate(self.fold) if self.fold is not None else lowered


def _merged(tables: Sequence[dict[str, V]]) -> dict[str, V]:
    out: dict[str, V] = {}
    for table in tables:
        for word, value in table.items():
            out.setdefault(word, value)
    return out


@lru_cache(maxsize=16)
def _lexicon(languages: Languages) -> _Lexicon:
    return _Lexicon(languages)


def _accepted(languages: Sequence[str] | None) -> Languages:
    """The languages of a reading as a key: a tuple, English when none are named."""
    if not languages:
        return ENGLISH_ONLY
    return languages if isinstance(languages, tuple) else tuple(languages)


_EN = _lexicon(ENGLISH_ONLY)
#: Words a move message may hold besides moves, which are skipped: politeness. (The service
#: does not read them as a command's argument.)
POLITE = _EN.polite


def label_hint(text: str, near: Sequence[str] = ()) -> Text:
    """Why a label is unknown, with the nearest real label ("W9 is not a crossing; ...").

    ``near``: the crossings the same move names; the guess is then one next to them (the
    crossing the move could reach), so extending from N1 with "W9" suggests W3, not W8."""
    label = text.strip().upper()
    guess, beside = _label_guess(label, near)
    if guess is None:
        return NOT_A_CROSSING(label=_shown(label))
    if beside:
        return NOT_A_CROSSING_GUESS_NEAR(label=_shown(label), guess=guess, near=either(beside))
    return NOT_A_CROSSING_GUESS(label=_shown(label), guess=guess)


def _label_guess(label: str, near: Sequence[str]) -> tuple[str | None, list[str]]:
    """The real label most like ``label`` and, where it is one next to the crossings ``near``,
    those crossings."""
    reachable = sorted({n for lab in near if BOARD.is_label(lab) for n, _ in BOARD.adjacent[lab]})
    guess = _closest(label, reachable) if reachable else None
    if guess is not None:
        return guess, list(dict.fromkeys(near))
    return _closest(label, BOARD.labels), []


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


#: An unknown word that looks like a mistyped crossing: a compass letter and a letter or a
#: number ("ez" for ES, "wz", "e33"), or any letter or two and a number ("x1", "cc4").
_MISTYPED_LABEL = re.compile(r"[cnsew][a-z]|[cnsew][a-z]?\d{1,2}|[a-z]{1,2}\d{1,2}")


def _mistyped_label(word: str, near: Sequence[str]) -> str | Text | None:
    """The crossing an unknown word was likely meant to be ("ez": "ES, next to E3"), or None.

    A compass letter and a letter names a station ("ez", "wz" are ES and WS; there is no
    other crossing whose name is letters only); with a number, the nearest label."""
    if not _MISTYPED_LABEL.fullmatch(word):
        return None
    label = word.upper()
    guess: str | None
    if label.isalpha():
        station = label[0] + "S"
        if not BOARD.is_label(station):
            return None
        guess = station
        beside = [lab for lab in dict.fromkeys(near) if BOARD.is_label(lab)
                  and any(n == station for n, _ in BOARD.adjacent[lab])]
    else:
        guess, beside = _label_guess(label, near)
    if guess is None:
        return None
    return GUESS_NEAR(guess=guess, near=either(beside)) if beside else guess


def _shown(word: str) -> str:
    """A word of the player's as quoted back: never more than a line's worth."""
    return word if len(word) <= 40 else word[:37] + "..."


def _label(token: str, lex: _Lexicon, near: Sequence[str] = ()) -> str | None:
    """The board label a token names, None for a non-label; raises for label-like typos (the
    guess next to ``near``, the other crossings of the same move)."""
    station = lex.stations.get(token)
    if station:
        return station
    if _LABEL_LIKE.match(token):
        label = token.upper()
        if BOARD.is_label(label):
            return label
        raise ParseError(label_hint(label, near))
    return None


def _good_labels(tokens: Sequence[str]) -> list[str]:
    """The real crossings among ``tokens`` (what a typo's guess is kept next to)."""
    return [t.upper() for t in tokens if _LABEL_LIKE.match(t) and BOARD.is_label(t.upper())]


def _labels(tokens: Sequence[str], lex: _Lexicon, *, streets: bool) -> list[str]:
    """Every crossing a clause names, in order; a typo raises with a guess, for a move along
    ``streets`` one next to the crossings it does name."""
    good = _good_labels(tokens) if streets else []
    return [lab for tok in tokens if (lab := _label(tok, lex, good)) is not None]


def _number(token: str, lex: _Lexicon) -> int | None:
    """A count written as digits or a word ("2", "two"); "a"/"an" are left to the filler.

    Any count above ``_MOST_COUNT`` is refused by every move kind, so longer numbers are never
    converted (a thousand-digit run costs nothing)."""
    if token.isdigit():
        return int(token) if len(token) <= 3 else _MOST_COUNT
    if token in lex.articles:
        return None
    return lex.numbers.get(token)


def _known(token: str, lex: _Lexicon = _EN) -> bool:
    return (token in lex.known or token.isdigit() or _LABEL_LIKE.match(token) is not None
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


def _content(token: str, lex: _Lexicon) -> bool:
    """Whether a token names part of a move (a verb, a building, an action, a crossing)."""
    return (token in lex.content or _LABEL_LIKE.match(token) is not None
            or _VROOM.match(token) is not None)


def _names_a_part(token: str, lex: _Lexicon) -> bool:
    """Whether a token names an action, a building, passengers or a crossing (a verb alone,
    "take", names none of them: "take care" is talk)."""
    return (token not in lex.verbs or token in lex.actions) and _content(token, lex)


class _Reading:
    """A message cut into clauses of known words, with what its meaning-changing words say.

    ``first``: the first token that is neither filler nor politeness nor a meaning-changing
    word (None when there is none), so the chat filter can tell "take the bus home" (a move
    with a word too many) from "nice move" (talk that holds a verb)."""

    def __init__(self, text: str, lex: _Lexicon) -> None:
        self.lex = lex
        lowered = lex.lowered(text)
        self.clauses: list[list[str]] = []
        self.unknown: list[str] = []
        self.first: str | None = None
        self.content = 0
        self.crossings = 0
        #: how many tokens name an action, a building, passengers or a crossing
        self.parts = 0
        #: the first meaning-changing word of each kind, as written
        self.intent: dict[IntentKind, str] = {}
        self.marks: list[tuple[IntentKind, str]] = []
        and_words, verbs = lex.and_words, lex.verbs
        for part in lex.clause_split.split(lowered):
            tokens = self._plain(_TOKEN.findall(part))
            current: list[str] = []
            for i, tok in enumerate(tokens):
                # "and" before a new verb starts a new clause ("choose clock and pass")
                if tok in and_words and i + 1 < len(tokens) and tokens[i + 1] in verbs \
                        and current:
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
            self.intent[kind] = self.lex.shown.get(word, word)

    def _seen(self, tok: str) -> None:
        """Note a token that says something: the first one, and whether it names a move."""
        if self.first is None:
            self.first = tok
        if _content(tok, self.lex):
            self.content += 1
            if _names_a_part(tok, self.lex):
                self.parts += 1
        if _LABEL_LIKE.match(tok) is not None:
            self.crossings += 1

    def _plain(self, tokens: list[str]) -> list[str]:
        """The tokens with the meaning-changing words and marks taken out (and noted), unknown
        words and symbols noted, and phrases read as the words they stand for ("don't stop"
        as "advance")."""
        words = [tok for tok in tokens if _is_word(tok) or self._symbol(tok)]
        out: list[str] = []
        i = 0
        while i < len(words):
            step, means = self._phrase(words, i, out)
            if step:
                i += step
                for tok in means:
                    self._word(tok, out)
                continue
            self._word(words[i], out)
            i += 1
        return out

    def _word(self, tok: str, out: list[str]) -> None:
        kind = self.lex.intent.get(tok)
        if kind is not None:
            self._note(kind, tok)
        elif _known(tok, self.lex):
            out.append(tok)
            if tok not in self.lex.filler:
                self._seen(tok)
        else:
            self.unknown.append(tok)
            self._seen(tok)

    def _symbol(self, tok: str) -> bool:
        """Note what a token that is no word means; True only for one not understood (kept, so
        it is named back in order with the words)."""
        mark = _mark(tok)
        if isinstance(mark, str):  # noted after the words, which name an intent better
            self.marks.append((mark, tok))
            return False
        return not mark

    def _phrase(self, tokens: list[str], i: int, out: list[str]) -> tuple[int, tuple[str, ...]]:
        """How many tokens at ``i`` a phrase reads ("don't stop", "let time", "do I", "I'd
        like"), 0 for none, and the words it is read as. A bounded number of phrases of at
        most four words each is tried at each token: linear in the text."""
        lex = self.lex
        tok = tokens[i]
        verb = lex.verbs.get(tok)
        for phrase in lex.phrases.get(tok, ()) + (lex.verb_phrases.get(verb, ()) if verb else ()):
            if _matches(phrase, tokens, i, lex):
                return len(phrase.pattern), phrase.means
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if nxt is not None and tok in lex.space and len(nxt) == 1 \
                and nxt in SPACE_LETTERS:  # "space a" names a space: "a" is no article
            out.append(f"space:{nxt}")
            return 2, ()
        if nxt is not None and tok in lex.asking and nxt in lex.subjects \
                and tok not in lex.intent:  # "should I" is asked by "should" alone
            self._note("question", f"{tok} {'I' if nxt == 'i' else nxt}")
            return 2, ()
        return 0, ()

    def kind(self) -> IntentKind | None:
        return next((k for k in _INTENT_PRIORITY if k in self.intent), None)


def _matches(phrase: Phrase, tokens: list[str], i: int, lex: _Lexicon) -> bool:
    if i + len(phrase.pattern) > len(tokens):
        return False
    for want, tok in zip(phrase.pattern, tokens[i:i + len(phrase.pattern)], strict=True):
        if isinstance(want, str):
            if tok != want:
                return False
        elif lex.verbs.get(tok) != want[1]:
            return False
    return True


def _suggestion(word: str, lex: _Lexicon, near: Sequence[str]) -> str | Text | None:
    if len(word) > _SUGGEST_LENGTH:
        return None
    close = difflib.get_close_matches(word, lex.vocabulary, n=1, cutoff=0.75)
    if close:
        return close[0]
    return _mistyped_label(word, near)


def _unknown_error(words: list[str], lex: _Lexicon, near: Sequence[str]) -> ParseError:
    """Unknown words are never skipped: name them (a few, with a guess each), play nothing."""
    distinct = list(dict.fromkeys(words))
    shown, more = shortened(distinct, _SUGGEST_WORDS)
    named: list[Text] = []
    for word in shown:
        guess = _suggestion(word, lex, near)
        named.append(QUOTED_GUESS(word=_shown(word), guess=guess) if guess
                     else QUOTED(word=_shown(word)))
    listed = Listing(tuple(named), ", ")
    if more > 0:
        return ParseError(UNKNOWN_WORDS_MORE(words=listed, more=more, examples=_EXAMPLES))
    return ParseError(UNKNOWN_WORDS(n=len(distinct), words=listed, examples=_EXAMPLES))


@lru_cache(maxsize=8192)
def _parse_cached(text: str, languages: Languages = ENGLISH_ONLY) -> tuple[Move, ...]:
    lex = _lexicon(languages)
    reading = _Reading(text, lex)
    if reading.unknown:
        near = _good_labels([t for clause in reading.clauses for t in clause])
        raise _unknown_error(reading.unknown, lex, near)
    moves: list[PlayedMove | Unfinished] = []
    verb: Verb | None = None
    for tokens in reading.clauses:
        if all(t in lex.filler for t in tokens):  # "..., please"
            continue
        found, verb = _parse_clause(tokens, verb, lex)
        moves.extend(found)
    if not moves:
        raise ParseError(NO_MOVE(examples=_EXAMPLES))
    kind = reading.kind()
    if kind is not None:
        return (Question(kind, tuple(moves), reading.intent[kind]),)
    return tuple(moves)


def _checked(text: str) -> str:
    if not text or not text.strip():
        raise ParseError(EMPTY(examples=_EXAMPLES))
    if len(text) > MAX_MESSAGE_CHARS:  # longer messages are refused before any work
        raise ParseError(TOO_LONG())
    return text.strip()


def parse_moves(text: str, languages: Sequence[str] | None = None) -> list[Move]:
    """Every move in a message, in order; ``ParseError`` when any part cannot be read.

    ``languages``: the word lists to read it with (``engine.words.reading_languages`` gives a
    table's: its language, then English); English alone by default.

    A message with a negation, a question or a maybe in it is one ``Question`` holding the moves
    it names, which the game answers without playing them; ``extend`` without two crossings and
    ``deliver`` without both ends are ``Unfinished`` moves, which the game answers with what is
    missing now.
    """
    return list(_parse_cached(_checked(text), _accepted(languages)))


def parse_move(text: str, languages: Sequence[str] | None = None) -> Move:
    """Exactly one move that plays (a log line, a correction); ``ParseError`` for none, several,
    a question or a move without its crossings."""
    moves = parse_moves(text, languages)
    if len(moves) != 1:
        raise ParseError(ONE_MOVE(n=len(moves)))
    move = moves[0]
    if isinstance(move, Question):
        raise ParseError(PLAYS_NOTHING[move.kind](
            word=_shown(move.word), moves=Listing(tuple(MoveText(m) for m in move.moves), "; ")))
    if isinstance(move, Unfinished):
        raise ParseError(EXTEND_HINT(move=MoveText(ExtendLine("C1", "C4")))
                         if move.verb == "extend" else DELIVER_HINT(move=_DELIVER_EXAMPLE))
    return move


# ---- writing moves --------------------------------------------------------------------------


def write_move(move: Move, language: str = ENGLISH) -> str:
    """``move`` written in ``language`` with that language's templates: what a reply or a log
    at a table in that language shows. It reads back as the same move in that language (and
    English ``write_move(move)`` is ``str(move)``, the canonical notation of exports)."""
    words = load(language)
    t = words.writer
    if isinstance(move, PlaceBuilding):
        return t["place_building"].format(building=words.buildings_written[move.kind],
                                          node=move.node)
    if isinstance(move, StartLine):
        return t["start_line"].format(a=move.a, b=move.b)
    if isinstance(move, ExtendLine):
        return t["extend_line"].format(frm=move.frm, to=move.to)
    if isinstance(move, ChooseAction):
        return t["choose_action"].format(action=words.actions_written[move.action])
    if isinstance(move, Pass):
        return t["pass"]
    if isinstance(move, PlacePassenger):
        return t["place_passenger"].format(station=move.station)
    if isinstance(move, ClockChoice):
        return t["stop_time"] if move.stop else t["advance_clock"]
    if isinstance(move, Deliver):
        return t["deliver"].format(frm=move.frm, to=move.to)
    if isinstance(move, Question):
        inner = t["separator"].join(write_move(m, language) for m in move.moves)
        return t[move.kind].format(moves=inner)
    if move.verb == "extend":
        if move.frm is None:
            return t["extend_unfinished"]
        return t["extend_unfinished_from"].format(frm=move.frm)
    if move.frm is not None:
        return t["deliver_unfinished_from"].format(frm=move.frm)
    if move.to is not None:
        return t["deliver_unfinished_to"].format(to=move.to)
    return t["deliver_unfinished"]


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
LOOSE = _EN.loose
_INTENT_ROLE: dict[IntentKind, Role] = {
    "negation": Role.NEGATION, "question": Role.QUESTION, "hypothetical": Role.MAYBE}


def _role(word: str, lex: _Lexicon) -> Role:
    kind = lex.intent.get(word)
    if kind is not None:
        return _INTENT_ROLE[kind]
    tables: tuple[tuple[Container[str], Role], ...] = (
        (lex.verbs, Role.VERB), (lex.types, Role.BUILDING), (lex.passengers, Role.PASSENGERS),
        (lex.actions, Role.ACTION), (lex.stations, Role.STATION), (lex.numbers, Role.NUMBER),
        (lex.loose, Role.LOOSE), (lex.polite, Role.POLITE))
    for table, role in tables:
        if word in table:
            return role
    return Role.FILLER


def vocabulary(languages: Sequence[str] | None = None) -> dict[str, Role]:
    """Every word a reading in ``languages`` knows, with its role (as the reader reads it:
    folded, so German ``büro`` is ``buero``)."""
    lex = _lexicon(_accepted(languages))
    return {word: _role(word, lex) for word in sorted(lex.known)}


#: Every English word either reading knows, with its role: the one vocabulary (a test walks it).
VOCABULARY: dict[str, Role] = vocabulary()
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
    at C1``, ``Pass``), or as the writer of an accepted language does (``Passe``), which anyone
    may write and be answered. ``names``: the message names an action, a building, passengers
    or a crossing (``I'll go for the clock``), so the player the game waits for must get an
    answer even where the verdict is talk (``tentative`` gives the moves to answer about)."""

    verdict: Verdict
    logged: bool = False
    names: bool = False


@lru_cache(maxsize=1024)
def read_chat(text: str, languages: Languages = ENGLISH_ONLY) -> ChatReading:
    """An unprefixed chat message read strictly, with the same vocabulary as ``parse_moves``.

    Moves: it parses, and every word is a move's, an allowed filler word or politeness ("I'll
    take the bus please"). A question: the same, with a question, a maybe or a negation
    ("will I place office at C1", "Pass 🤔"). Unclear: it opens (after the filler) with a
    move's verb or a crossing but cannot be read, or holds a word, emoji or mark the reader
    does not know ("place office at C1 🦄"). Talk: everything else ("nice move", "brb").
    Linear in the text; nothing longer than ``CHAT_CHARS`` is read. ``languages``: as for
    ``parse_moves``, a tuple (the reading is kept for the last messages)."""
    text = text.strip()
    if not text or len(text) > CHAT_CHARS:
        return ChatReading(Verdict.TALK)
    lex = _lexicon(languages)
    reading = _Reading(text, lex)
    if not reading.content:
        return ChatReading(Verdict.TALK)
    names = reading.parts > 0
    loose = [t for clause in reading.clauses for t in clause if t in lex.loose]
    moves: tuple[Move, ...] = ()
    # a word it does not know: no moves, and no reading (the reader's "did you mean" for it
    # is the refusal's, which chat never shows)
    if not reading.unknown:
        with contextlib.suppress(ParseError):
            moves = _parse_cached(text, languages)
    if moves and isinstance(moves[0], Question):  # never plays: asked however it is put
        return ChatReading(Verdict.QUESTION, names=names)
    if not moves or loose:
        verdict = Verdict.UNCLEAR if _attempt(reading, len(loose)) else Verdict.TALK
        return ChatReading(verdict, names=names)
    return ChatReading(Verdict.MOVES, _as_logged(text, moves, lex), names=names)



def names_a_move(text: str, languages: Sequence[str] | None = None) -> bool:
    """Whether a message names any part of a move (a verb, a building, an action, a
    crossing): one that does not is no move at all, however it is written."""
    return len(text) <= MAX_MESSAGE_CHARS and \
        _Reading(text, _lexicon(_accepted(languages))).content > 0


def names_a_part(text: str, languages: Sequence[str] | None = None) -> bool:
    """Whether a message names an action, a building, passengers or a crossing, in any of
    ``languages`` (``I'll go for the clock``, ``Kneipe?``, ``W5``); a verb alone does not
    (``take care``). From the player the game waits for, such a message is never left
    unanswered, whatever ``read_chat`` calls it. Linear; nothing longer than ``CHAT_CHARS``
    is read."""
    text = text.strip()
    if not text or len(text) > CHAT_CHARS:
        return False
    return _Reading(text, _lexicon(_accepted(languages))).parts > 0


def tentative(text: str, languages: Sequence[str] | None = None) -> Question:
    """The moves a chat message names, as a maybe that the game answers without playing them
    (``Game.push`` of it raises ``NothingPlayed``: "... would be legal now ... To play it,
    write: Choose Clock"): how to answer the player the game waits for when ``read_chat``
    calls their message talk but it names a part of a move (``names_a_part``). ``word`` is the
    word that kept it from being a move ("go"), else the whole message. ``ParseError``, with
    the reader's hint, when it holds no move that can be read."""
    accepted = _accepted(languages)
    moves = parse_moves(text, accepted)
    if isinstance(moves[0], Question):
        return moves[0]
    lex = _lexicon(accepted)
    reading = _Reading(text, lex)
    loose = next((t for clause in reading.clauses for t in clause if t in lex.loose), None)
    named = tuple(m for m in moves if not isinstance(m, Question))
    return Question("hypothetical", named, loose or _shown(text.strip()))


def _attempt(reading: _Reading, loose: int) -> bool:
    """Clearly meant as a move: it opens with a verb, a crossing or a count, or names a
    crossing, and holds few words the reader does not know."""
    first, lex = reading.first, reading.lex
    opens = first is not None and (first in lex.verbs or first.isdigit() or first in lex.numbers
                                   or _VROOM.match(first) is not None)
    return (opens or reading.crossings > 0) and len(set(reading.unknown)) + loose <= _CHAT_UNKNOWN


def _as_logged(text: str, moves: tuple[Move, ...], lex: _Lexicon) -> bool:
    if any(isinstance(move, Question | Unfinished) for move in moves):
        return False
    written = [t for t in _WORD_ONLY.findall(lex.lowered(text)) if t not in lex.then_words]
    return any(written == _WORD_ONLY.findall(lex.lowered(" ".join(write_move(m, code)
                                                                  for m in moves)))
               for code in lex.languages)




def _parse_clause(tokens: list[str], carried: Verb | None, lex: _Lexicon
                  ) -> tuple[Sequence[PlayedMove | Unfinished], Verb | None]:
    verb = next((lex.verbs[tok] for tok in tokens if tok in lex.verbs), None)
    if verb is None:
        verb = _infer_verb(tokens, lex) or carried
    if verb is None:
        raise ParseError(UNCLEAR(words=_shown(" ".join(tokens)), examples=_EXAMPLES))
    if verb == "build":
        verb = _built(tokens, lex)
    if verb == "pass":
        return [Pass()], verb
    if verb in ("stop", "advance"):
        return [ClockChoice(verb == "stop")], verb
    if verb == "choose":
        return _parse_choose(tokens, lex), verb
    if verb == "buy":
        return _parse_buy(tokens, lex), verb
    if verb == "place":
        return _parse_place(tokens, lex), verb
    if verb == "start":
        labels = _labels(tokens, lex, streets=True)
        if any(_VROOM.match(t) or t in lex.start_choose for t in tokens):
            return _parse_choose(tokens, lex), "choose"
        if len(labels) != 2:
            raise ParseError(START_BETWEEN_TWO(move=MoveText(StartLine("C1", "W3")),
                                               n=len(labels), examples=_EXAMPLES))
        return [StartLine(labels[0], labels[1])], verb
    if verb == "extend":
        return _parse_extend(tokens, lex), verb
    if verb == "deliver":
        return _parse_deliver(tokens, lex), verb
    raise AssertionError(verb)


def _built(tokens: list[str], lex: _Lexicon) -> Verb:
    """What "build" means in a clause: placing, with a building, passengers or a station
    named ("baue Haus auf C1"); else extending, with crossings or a line named ("baue C1-C4",
    "baue Strecke"); else placing (whose refusal says what to name)."""
    if any(t in lex.types or t in lex.passengers or t in lex.stations for t in tokens):
        return "place"
    if any(_LABEL_LIKE.match(t) or t in lex.line or t in lex.line_extends for t in tokens):
        return "extend"
    return "place"


def _parse_extend(tokens: list[str], lex: _Lexicon) -> list[PlayedMove | Unfinished]:
    """Streets from the crossings named, in order. ``and`` between two streets written with
    both ends ("extend C3 to C4 and C4 to W5") joins them where they meet, and a street from
    elsewhere ("extend C3 to C4 and W5 to W6") extends from there (the line's other head)."""
    good = _good_labels(tokens)
    segments: list[list[str]] = [[]]
    for tok in tokens:
        if tok in lex.and_words:
            segments.append([])
        elif (label := _label(tok, lex, good)) is not None:
            segments[-1].append(label)
    runs: list[list[str]] = []
    for segment in filter(None, segments):
        if runs and (len(segment) < 2 or len(runs[-1]) < 2 or segment[0] == runs[-1][-1]):
            last = runs[-1]
            last.extend(segment[1:] if segment[0] == last[-1] else segment)
        else:
            runs.append(segment)
    if sum(len(run) for run in runs) < 2:  # what is missing depends on the game (engine/intent)
        return [Unfinished("extend", runs[0][0] if runs else None)]
    return [ExtendLine(a, b) for run in runs for a, b in zip(run, run[1:], strict=False)]


def _parse_deliver(tokens: list[str], lex: _Lexicon) -> list[PlayedMove | Unfinished]:
    """Deliveries, two crossings each. One end alone ("deliver to W7", "deliver from W5") or
    none is ``Unfinished``: the game lists the deliveries that fit. "Transport" alone names the
    action (the German summary's name for Vrrooomm)."""
    labels = _labels(tokens, lex, streets=False)
    if not labels:
        said = [t for t in tokens if t not in lex.filler]
        if said and all(lex.actions.get(t) == "vroom" for t in said):
            return [ChooseAction("vroom")]
        return [Unfinished("deliver")]
    if len(labels) == 1:
        before = tokens[:next(i for i, t in enumerate(tokens) if _label(t, lex) is not None)]
        if any(t in lex.from_words for t in before):
            return [Unfinished("deliver", frm=labels[0])]
        if any(t in lex.to_words for t in before):
            return [Unfinished("deliver", to=labels[0])]
    if len(labels) % 2:
        raise ParseError(DELIVER_HINT_EXAMPLES(move=_DELIVER_EXAMPLE, examples=_EXAMPLES))
    return [Deliver(labels[i], labels[i + 1]) for i in range(0, len(labels), 2)]


def _infer_verb(tokens: list[str], lex: _Lexicon) -> Verb | None:
    """A clause without a verb: "C1: Office", "vroom", "2 passengers west"."""
    has_type = any(t in lex.types for t in tokens)
    has_label = any(_LABEL_LIKE.match(t) or t in lex.stations for t in tokens)
    if has_type and has_label:
        return "place"
    if any(t in lex.passengers for t in tokens) and has_label:
        return "place"
    if has_label:  # "line between C3 and C4", "line from C1 to C4", German "Linie C1 C4"
        if any(t in lex.between for t in tokens):
            return "start"
        if any(t in lex.line_extends for t in tokens):
            return "extend"
        if any(t in lex.line for t in tokens) and any(t in lex.from_words for t in tokens):
            return "extend"
        return None
    names_action = any(t in lex.actions or _VROOM.match(t) for t in tokens)
    only_action_words = all(t in lex.actions or t in lex.filler or t.isdigit()
                            or t.startswith("space:") for t in tokens)
    if names_action and (only_action_words or any(_VROOM.match(t) for t in tokens)):
        return "choose"
    return None


def _parse_choose(tokens: list[str], lex: _Lexicon) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    count = 1
    last: ActionName | None = None
    space: str | None = None
    for tok in tokens:
        n = _number(tok, lex)
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
        action: ActionName | None = "vroom" if _VROOM.match(tok) else lex.actions.get(tok)
        if action is None:
            if lex.verbs.get(tok) == "choose":
                continue
            if tok not in lex.filler:
                last = None if tok in lex.and_words else last
            continue
        if action == last:  # "line expansion", "starting player": one action, two words
            continue
        if count > MOST_SPACES:
            raise ParseError(TOO_MANY_MARKERS(count=count))
        moves.extend([ChooseAction(action, space)] * count)
        count, last, space = 1, action, None
    if not moves:
        raise ParseError(WHICH_ACTION(actions=either([ACTION_NAMES[a]() for a in ACTIONS]),
                                      examples=_EXAMPLES))
    return moves


def _parse_buy(tokens: list[str], lex: _Lexicon) -> list[PlayedMove]:
    """"buy a bus": a bus comes only with the Buses action, so that is the move meant."""
    buses = MoveText(ChooseAction("buses"))
    if not any(lex.actions.get(t) == "buses" for t in tokens):
        raise ParseError(ONLY_BUSES(move=buses))
    moves = _parse_choose(tokens, lex)
    if any(m != ChooseAction("buses") for m in moves):
        raise ParseError(ONLY_BUSES_OTHERS(move=buses))
    return moves


def _parse_place(tokens: list[str], lex: _Lexicon) -> list[PlayedMove]:
    if any(t in lex.types for t in tokens):
        return _parse_buildings(tokens, lex)
    if any(t in lex.passengers for t in tokens) or any(t in lex.stations for t in tokens):
        return _parse_passengers(tokens, lex)
    if any(lex.actions.get(t) for t in tokens) and not any(_LABEL_LIKE.match(t) for t in tokens):
        # a marker is placed on an action: "place my marker on the clock", German "setze
        # Aktionsstein auf Streckenbau" (the summary's "Aktionsstein setzen")
        return _parse_choose(tokens, lex)
    raise ParseError(PLACE_WHAT(move=MoveText(PlaceBuilding("office", "C1")),
                                examples=_EXAMPLES))


def _parse_buildings(tokens: list[str], lex: _Lexicon) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    pending: list[tuple[BuildingType, int]] = []
    pending_label: str | None = None
    count = 1
    for tok in tokens:
        n = _number(tok, lex)
        if n is not None:
            count = n
            continue
        kind = lex.types.get(tok)
        if kind is not None:
            if pending_label is not None and not pending:
                _add(moves, PlaceBuilding(kind, pending_label), count, _MOST_BUILDINGS)
                pending_label = None
            else:
                pending.append((kind, count))
            count = 1
            continue
        label = _label(tok, lex)
        if label is None:
            continue
        if label in ("WS", "ES"):
            raise ParseError(STATION_HAS_NO_LOTS(label=label))
        if pending:
            for k, c in pending:
                _add(moves, PlaceBuilding(k, label), c, _MOST_BUILDINGS)
            pending = []
        elif pending_label is not None:
            raise ParseError(WHICH_BUILDING(label=pending_label,
                                            move=MoveText(PlaceBuilding("house", pending_label))))
        else:
            pending_label = label
    if pending:
        names = each_and([BUILDING_NAME[k]() for k in dict.fromkeys(k for k, _ in pending)])
        raise ParseError(WHERE_BUILDINGS(names=names,
                                         move=MoveText(PlaceBuilding(pending[0][0], "C1"))))
    if pending_label is not None:
        raise ParseError(WHICH_BUILDING(label=pending_label,
                                        move=MoveText(PlaceBuilding("house", pending_label))))
    return moves


def _add(moves: list[PlayedMove], move: PlayedMove, count: int, most: tuple[int, Msg]) -> None:
    """``count`` times ``move``, refused before the list grows past what a turn can hold."""
    if len(moves) + count > most[0]:
        raise ParseError(most[1]())
    moves.extend([move] * count)


def _parse_passengers(tokens: list[str], lex: _Lexicon) -> list[PlayedMove]:
    moves: list[PlayedMove] = []
    count: int | None = None
    for tok in tokens:
        n = _number(tok, lex)
        if n is not None:
            count = n
            continue
        label = _label(tok, lex)
        if label is None:
            continue
        if label not in ("WS", "ES"):
            raise ParseError(AT_A_STATION(label=label))
        _add(moves, PlacePassenger(label), 1 if count is None else count, _MOST_PASSENGERS)
        count = None
    if not moves:
        raise ParseError(WHICH_STATION(move=MoveText(PlacePassenger("ES"))))
    return moves
