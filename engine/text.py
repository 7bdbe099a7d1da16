"""Words a person reads, as data: every sentence is one catalogue entry.

Nothing in busbot writes a player-facing sentence inline. Each sentence is one module-level
constant: a ``Msg`` (its catalogue id and its English template, placeholders in ``{braces}``), or
a ``Plural`` (one template for a count of one, one for any other count). What the engine, the
pictures and the service *say* is a ``Text``: a message with its arguments, still in no language.
It is written out where it is shown, in the reader's language, by a ``Words`` (the catalogue of
``bot/service/words/catalogue.py`` for a language; ``ENGLISH`` here needs no catalogue), so the
engine stays pure and a stored ``Text`` can be written again in another language.

Babel extracts the constants from the source (keywords ``Msg:1c,2`` and ``Plural:1c,2,3``): a
catalogue's ``msgctxt`` is the id and its ``msgid`` the English template, so a translator sees the
English beside every id, and a changed English template marks its translations for review.
``scripts/catalogue.py`` extracts, updates and compiles; ``tests/test_catalogue.py`` checks that
ids are unique, that every placeholder a template names is given, and that no player-facing
literal bypasses the catalogue.

Arguments are plain values (text, numbers) or other ``Text`` (written in the same language): a
move, a crossing or a player's name is passed as it is, a phrase of its own as a ``Text``. A number
keeps its Python format spec in the template (``{gain:+.1f}``), and the catalogue of a language
writes its decimal and group marks (``+0,6`` in German).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

_FORMATTER = string.Formatter()


def fields_of(template: str) -> frozenset[str]:
    """The names a template's placeholders use (``{name}``, ``{n:+d}`` -> ``name``, ``n``)."""
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template)
                     if name is not None and name != "")


@dataclass(frozen=True, slots=True)
class Msg:
    """One sentence or label: ``id`` names it in every catalogue (dotted, by feature:
    ``undo.nothing_to_undo``), ``en`` is its English template."""

    id: str
    en: str

    def __call__(self, **args: str | int | float | Text | Listing) -> Text:
        return Text(self, tuple(sorted(args.items())))

    @property
    def fields(self) -> frozenset[str]:
        return fields_of(self.en)

    def templates(self) -> tuple[str, ...]:
        return (self.en,)


@dataclass(frozen=True, slots=True)
class Plural:
    """A sentence whose words follow a count: ``one`` for a count of one, ``other`` for any
    other (a language's catalogue may have more forms; gettext's plural rules choose). ``count``
    names the argument that chooses."""

    id: str
    one: str
    other: str
    count: str = "n"

    def __call__(self, **args: str | int | float | Text | Listing) -> Text:
        return Text(self, tuple(sorted(args.items())))

    @property
    def fields(self) -> frozenset[str]:
        return fields_of(self.one) | fields_of(self.other)

    def templates(self) -> tuple[str, ...]:
        return (self.one, self.other)


@dataclass(frozen=True, slots=True)
class Text:
    """A message with its arguments: what is said, in no language yet. Hashable and
    comparable, so tests and the outbox can hold it; ``str()`` is its English."""

    msg: Msg | Plural
    args: tuple[tuple[str, str | int | float | Text | Listing], ...] = ()

    @property
    def id(self) -> str:
        return self.msg.id

    def arg(self, name: str) -> str | int | float | Text | Listing | None:
        return next((value for key, value in self.args if key == name), None)

    def english(self) -> str:
        return ENGLISH(self)

    def __str__(self) -> str:
        return ENGLISH(self)


@dataclass(frozen=True, slots=True)
class Listing:
    """Several texts joined as a language joins a list (``C1, C2 and C3``; German ``C1, C2 und
    C3``); ``sep`` alone (``"; "``, ``"\\n"``) joins them plainly."""

    items: tuple[str | int | float | Text | Listing, ...]
    sep: str | None = None


#: the English words for joining a list, read by ``ENGLISH``
AND = Msg("list.and", "{head} and {last}")


class Words(Protocol):
    """Writes texts in one language: a catalogue's, or ``ENGLISH``."""

    @property
    def language(self) -> str: ...

    def __call__(self, text: Text) -> str: ...


class English:
    """The English templates themselves: no catalogue, no locale data; what the engine's
    ``str()`` and the default of every drawing give."""

    language = "en"

    def template(self, msg: Msg | Plural, count: int | None) -> str:
        if isinstance(msg, Msg):
            return msg.en
        return msg.one if count == 1 else msg.other

    def number(self, value: int | float, spec: str) -> str:
        return format(value, spec)

    def __call__(self, text: Text) -> str:
        return write(self, text)


def write(words: English | WordsWithTemplates, text: Text) -> str:
    """``text`` written with ``words``' templates and numbers: the one formatting of every
    language (a missing argument fails loudly, so a test catches it)."""
    args = dict(text.args)
    count = args.get(text.msg.count) if isinstance(text.msg, Plural) else None
    template = words.template(text.msg, count if isinstance(count, int) else None)
    values: dict[str, str] = {}
    specs = {name: spec for _, name, spec, _ in _FORMATTER.parse(template) if name}
    for name in fields_of(template):
        if name not in args:
            raise KeyError(f"{text.msg.id}: no argument {name!r}")
        value = args[name]
        spec = specs.get(name) or ""
        values[name] = (words.number(value, spec) if isinstance(value, int | float)
                        and not isinstance(value, bool) else _written(words, value))
    return _FORMATTER.vformat(_without_specs(template), (), values)


def _written(words: English | WordsWithTemplates, value: str | int | float | Text | Listing
             ) -> str:
    if type(value) is str:
        return value
    if isinstance(value, Text):
        return write(words, value)
    if isinstance(value, Notation):
        return value.written(words.language)
    if isinstance(value, Listing):
        items = [_written(words, item) for item in value.items]
        if value.sep is not None or len(items) < 2:
            return (value.sep or "").join(items)
        return write(words, AND(head=", ".join(items[:-1]), last=items[-1]))
    return str(value)


def _without_specs(template: str) -> str:
    """The template with each placeholder's format spec taken off (numbers are written before
    they are put in, by the language's own marks)."""
    out: list[str] = []
    for literal, name, _spec, conversion in _FORMATTER.parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + "}")
    return "".join(out)


@runtime_checkable
class Notation(Protocol):
    """A text argument that has its own writing in each language: a move named in a sentence
    (``engine.notation.MoveText``, a ``str`` that is the English notation) is written in the
    reader's notation, never translated as words."""

    def written(self, language: str) -> str: ...


class WordsWithTemplates(Protocol):
    """What ``write`` needs of a language: its name, its template for a message (by count,
    for a plural) and its way of writing a number."""

    @property
    def language(self) -> str: ...

    def template(self, msg: Msg | Plural, count: int | None) -> str: ...

    def number(self, value: int | float, spec: str) -> str: ...


ENGLISH = English()


def listing(items: Sequence[str | int | float | Text | Listing], sep: str | None = None
            ) -> Listing:
    return Listing(tuple(items), sep)


def as_args(mapping: Mapping[str, str | int | float | Text | Listing]
            ) -> tuple[tuple[str, str | int | float | Text | Listing], ...]:
    return tuple(sorted(mapping.items()))
