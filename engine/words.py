"""The word lists of the move reader and writer: one data file per language.

Each language is one TOML file, ``engine/data/words/<code>.toml`` (English ``en``, German
``de``): which words are verbs, buildings, actions, stations, numbers, filler, politeness and
meaning-changing words (a negation, a question, a maybe), the phrases read as one word ("don't
stop" is Advance clock), and the templates the writer writes moves with. The reader
(``engine/notation.py``) is one piece of code for every language; adding a language is adding a
file (its words and its templates), never a code change. A file is checked when it is loaded,
so a missing role or a template with the wrong placeholders is one clear error naming the file
and the key, not a wrong reading at a table.

Words are written as players write them, umlauts included; a language may ``fold`` letters
before anything is read (German reads ``ä`` as ``ae`` and ``ß`` as ``ss``, so ``Büro`` and
``Buero`` are one word), and its words are folded the same way when loaded. Nothing here reads
the file system after the first load of a language (``load`` keeps it), and reading a packaged
file is the engine's only I/O, as for the board (``engine/board.py``).
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Literal, cast, get_args

from engine.moves import ACTIONS, BUILDING_TYPES, ActionName, BuildingType, IntentKind

#: The verbs the reader knows what to do with; a word list maps its words onto these.
#: ``build`` places with a building, a passenger or a station named, and else extends a line
#: (German "baue C1-C4" and "baue Haus auf C1").
Verb = Literal["place", "start", "extend", "choose", "pass", "stop", "advance", "deliver", "buy",
               "build"]
VERBS: tuple[Verb, ...] = get_args(Verb)
INTENT_KINDS: tuple[IntentKind, ...] = get_args(IntentKind)
#: The language of the canonical notation (logs, exports, ``str(move)``) and of a table that
#: names none.
ENGLISH = "en"
_DIRECTORY = os.path.join(os.path.dirname(__file__), "data", "words")
#: The languages shipped: a code for each file in ``engine/data/words`` (English first), so a
#: new language is a new file.
LANGUAGES: tuple[str, ...] = (ENGLISH, *sorted(
    name.removesuffix(".toml") for name in os.listdir(_DIRECTORY)
    if name.endswith(".toml") and name != f"{ENGLISH}.toml"))
_PLACEHOLDER = re.compile(r"\{([a-z]+)\}")
#: Every template of the writer, with the placeholders it must hold (no more, no fewer).
TEMPLATES: dict[str, frozenset[str]] = {
    "place_building": frozenset(("building", "node")),
    "start_line": frozenset(("a", "b")),
    "extend_line": frozenset(("frm", "to")),
    "choose_action": frozenset(("action",)),
    "pass": frozenset(),
    "place_passenger": frozenset(("station",)),
    "stop_time": frozenset(),
    "advance_clock": frozenset(),
    "deliver": frozenset(("frm", "to")),
    "extend_unfinished": frozenset(),
    "extend_unfinished_from": frozenset(("frm",)),
    "deliver_unfinished_from": frozenset(("frm",)),
    "deliver_unfinished_to": frozenset(("to",)),
    "deliver_unfinished": frozenset(),
    "negation": frozenset(("moves",)),
    "question": frozenset(("moves",)),
    "hypothetical": frozenset(("moves",)),
    "separator": frozenset(),
}
#: The lists of words by the role they play besides the tables (``[words]`` of a file).
#: ``and``, ``then``, ``between``, ``from``, ``to``, ``line``, ``line_extends`` and ``space``
#: words are filler too (a file need not list them twice).
WORD_ROLES = ("passengers", "articles", "filler", "polite", "loose", "and", "then", "between",
              "from", "to", "line", "line_extends", "space", "start_choose", "asking",
              "subjects")
_ALSO_FILLER = ("and", "then", "between", "from", "to", "line", "line_extends", "space")


class WordListError(ValueError):
    """A word list that cannot be read: the file and the key are named."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words read as others: ``pattern`` is a tuple of words, where ``("verb", "stop")`` stands
    for any word whose verb is Stop; ``means`` the words read instead (none: skipped)."""

    pattern: tuple[str | tuple[str, str], ...]
    means: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WordList:
    """One language's words, folded as the reader reads them (lower case, ``fold`` applied).

    ``shown``: how a meaning-changing word is quoted back ("don" as "don't", "wuerde" as
    "würde"). ``writer``: the templates (``TEMPLATES``), ``buildings_written`` and
    ``actions_written`` the names the writer puts in them. ``commands``: the language's words
    for the service's commands, by the registry's command name (read by the service, not here).
    ``slash``: the names of the ``/bus`` slash commands and their options (``map``,
    ``map.number``) in the language (read by the Discord adapter, not here).
    """

    code: str
    name: str
    fold: dict[str, str]
    verbs: dict[str, Verb]
    buildings: dict[str, BuildingType]
    actions: dict[str, ActionName]
    stations: dict[str, str]
    numbers: dict[str, int]
    intent: dict[str, IntentKind]
    roles: dict[str, frozenset[str]]
    shown: dict[str, str]
    phrases: tuple[Phrase, ...]
    writer: dict[str, str]
    buildings_written: dict[BuildingType, str]
    actions_written: dict[ActionName, str]
    commands: dict[str, tuple[str, ...]]
    slash: dict[str, str]

    def words(self, role: str) -> frozenset[str]:
        """The words of one of ``WORD_ROLES``."""
        return self.roles[role]

    def folded(self, text: str) -> str:
        """``text`` lower-cased and folded as this language reads it."""
        return folded(text.lower(), self.fold)


def folded(text: str, fold: dict[str, str]) -> str:
    """``text`` with each letter of ``fold`` replaced (one pass, linear in the text)."""
    if not fold:
        return text
    table: dict[str, str | int | None] = dict(fold)
    return text.translate(str.maketrans(table))


def available() -> tuple[str, ...]:
    """The languages whose word lists are shipped."""
    return LANGUAGES


def reading_languages(language: str | None) -> tuple[str, ...]:
    """The languages a table in ``language`` reads: its own, then English (a German table
    understands English moves too); English alone for an English table or none."""
    if language is None or language == ENGLISH:
        return (ENGLISH,)
    if language not in LANGUAGES:
        raise WordListError(f"there is no word list for the language {language!r} "
                            f"(known: {', '.join(LANGUAGES)})")
    return (language, ENGLISH)


@cache
def load(code: str) -> WordList:
    """The word list of ``code``, read and checked once."""
    if code not in LANGUAGES:
        raise WordListError(f"there is no word list for the language {code!r} "
                            f"(known: {', '.join(LANGUAGES)})")
    path = os.path.join(_DIRECTORY, f"{code}.toml")
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return _Checked(f"{code}.toml", data).word_list(code)


class _Checked:
    """Reads one file's tables, naming the file and key of anything wrong."""

    def __init__(self, where: str, data: dict[str, object]) -> None:
        self.where = where
        self.data = data
        fold = self._table(data, "fold")
        self.fold = {self._letter(k): self._text(v, f"fold.{k}") for k, v in fold.items()}
        self.shown: dict[str, str] = {}

    def _fail(self, key: str, why: str) -> WordListError:
        return WordListError(f"{self.where}: {key}: {why}")

    def _table(self, data: dict[str, object], key: str) -> dict[str, object]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise self._fail(key, "must be a table")
        return cast(dict[str, object], value)

    def _text(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self._fail(key, "must be a string")
        return value

    def _letter(self, key: str) -> str:
        if len(key) != 1:
            raise self._fail(f"fold.{key}", "folds one letter")
        return key

    def _word(self, word: object, key: str) -> str:
        """A word as the reader sees it, remembered as written for quoting back."""
        written = self._text(word, key).strip().lower()
        read = folded(written, self.fold)
        if not read or not read.isalnum():
            raise self._fail(key, f"{written!r} is not one word")
        if written != read:
            self.shown.setdefault(read, written)
        return read

    def _words(self, value: object, key: str) -> list[str]:
        if not isinstance(value, list):
            raise self._fail(key, "must be a list of words")
        return [self._word(w, key) for w in value]

    def _mapping(self, key: str, names: tuple[str, ...]) -> dict[str, str]:
        """A table of ``name = [words]`` read as word -> name, every name one of ``names``."""
        out: dict[str, str] = {}
        for name, words in self._table(self.data, key).items():
            if name not in names:
                raise self._fail(f"{key}.{name}", f"must be one of {', '.join(names)}")
            for word in self._words(words, f"{key}.{name}"):
                if out.setdefault(word, name) != name:
                    raise self._fail(f"{key}.{name}", f"{word!r} is also {key}.{out[word]}")
        return out

    def word_list(self, code: str) -> WordList:
        data = self.data
        language = self._text(data.get("language"), "language")
        if language != code:
            raise self._fail("language", f"says {language!r}, the file is {code!r}")
        verbs = cast(dict[str, Verb], self._mapping("verbs", VERBS))
        buildings = cast(dict[str, BuildingType], self._mapping("buildings", BUILDING_TYPES))
        actions = cast(dict[str, ActionName], self._mapping("actions", ACTIONS))
        stations = self._mapping("stations", ("WS", "ES"))
        numbers = {w: int(n) for w, n in self._mapping(
            "numbers", tuple(str(n) for n in range(1, 7))).items()}
        intent = cast(dict[str, IntentKind], self._mapping("intent", INTENT_KINDS))
        listed = self._table(data, "words")
        unknown = set(listed) - set(WORD_ROLES)
        if unknown:
            raise self._fail(f"words.{sorted(unknown)[0]}",
                             f"is no role (roles: {', '.join(WORD_ROLES)})")
        roles = {role: frozenset(self._words(listed.get(role, []), f"words.{role}"))
                 for role in WORD_ROLES}
        roles["filler"] = roles["filler"].union(*(roles[r] for r in _ALSO_FILLER),
                                                roles["polite"])
        for word, quoted in self._table(data, "shown").items():
            self.shown[self._word(word, f"shown.{word}")] = self._text(quoted, f"shown.{word}")
        phrases = tuple(self._phrase(k, v) for k, v in self._table(data, "phrases").items())
        writer = {k: self._text(v, f"writer.{k}") for k, v in self._table(data, "writer").items()
                  if not isinstance(v, dict)}
        for key, wanted in TEMPLATES.items():
            if key not in writer:
                raise self._fail(f"writer.{key}", "is missing")
            found = frozenset(_PLACEHOLDER.findall(writer[key]))
            if found != wanted:
                raise self._fail(f"writer.{key}", f"must hold {sorted(wanted)}, holds "
                                                  f"{sorted(found)}")
        extra = set(writer) - set(TEMPLATES)
        if extra:
            raise self._fail(f"writer.{sorted(extra)[0]}", "is no template")
        written = self._table(self._table(data, "writer"), "buildings")
        actions_written = self._table(self._table(data, "writer"), "actions")
        if set(written) != set(BUILDING_TYPES) or set(actions_written) != set(ACTIONS):
            raise self._fail("writer", "names every building (writer.buildings) and every "
                                       "action (writer.actions)")
        commands = {name: tuple(self._text(w, f"commands.{name}") for w in
                                cast(list[object], words))
                    for name, words in self._table(data, "commands").items()
                    if isinstance(words, list)}
        slash = {name: self._text(written, f"slash.{name}")
                 for name, written in self._table(data, "slash").items()}
        return WordList(
            code=code, name=self._text(data.get("name"), "name"), fold=self.fold,
            verbs=verbs, buildings=buildings, actions=actions, stations=stations,
            numbers=numbers, intent=intent, roles=roles, shown=self.shown, phrases=phrases,
            writer=writer,
            buildings_written={cast(BuildingType, k): self._text(v, f"writer.buildings.{k}")
                               for k, v in written.items()},
            actions_written={cast(ActionName, k): self._text(v, f"writer.actions.{k}")
                             for k, v in actions_written.items()},
            commands=commands, slash=slash)

    def _phrase(self, key: str, value: object) -> Phrase:
        pattern: list[str | tuple[str, str]] = []
        for part in key.split():
            if part.startswith("{") and part.endswith("}"):
                verb = part[1:-1]
                if verb not in VERBS:
                    raise self._fail(f"phrases.{key}", f"{{{verb}}} is no verb")
                pattern.append(("verb", verb))
            else:
                pattern.append(self._word(part, f"phrases.{key}"))
        if not pattern or len(pattern) > 4:
            raise self._fail(f"phrases.{key}", "a phrase is one to four words")
        means = tuple(self._word(w, f"phrases.{key}")
                      for w in self._text(value, f"phrases.{key}").split())
        return Phrase(tuple(pattern), means)
