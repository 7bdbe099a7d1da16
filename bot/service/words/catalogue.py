"""The catalogues of words: every sentence a person reads, written in the reader's language.

``engine/text.py`` holds what is said as data (``Msg``, ``Plural``, ``Text``, ``Listing``) and
writes English from the templates themselves. Here a language's catalogue is loaded with Babel
(gettext's ``.mo`` files under ``bot/locale/LANG/LC_MESSAGES/busbot.mo``, made from the
committed ``.po`` by ``scripts/catalogue.py compile``, which ``scripts/bootstrap.sh`` runs) and
``words_for(lang)`` gives the ``Words`` that write a ``Text`` in it:

- each message is looked up by its id (the catalogue's ``msgctxt``) and its English template
  (the ``msgid``), so a changed English template finds no stale translation; an entry the
  catalogue lacks (or marks fuzzy) is written in English, entry by entry;
- a ``Plural`` takes the form the catalogue's plural rule chooses for the count;
- a number keeps its template's Python format spec and gets the locale's decimal and group
  marks (``+0,6`` in German), from Babel's locale data.

A ``.mo`` that is missing or older than its ``.po`` (a checkout that was not bootstrapped, a
``.po`` edited since) is compiled in memory from the ``.po``, so a catalogue is never stale.
English needs no file: ``words_for("en")`` is ``engine.text.ENGLISH``.
"""

from __future__ import annotations

import io
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.dates import format_date, format_time
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol, get_group_symbol
from babel.support import Translations

from engine.text import AND, ENGLISH, Listing, Msg, Plural, Text, Words, write

#: where the catalogues are: ``LANG/LC_MESSAGES/busbot.po`` (and its compiled ``.mo``)
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DOMAIN = "busbot"
#: the language every sentence is written in first, and the one a reader gets by default
DEFAULT_LANGUAGE = "en"


def _catalogue_languages() -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


#: the languages busbot can be read in: English, and every language with a catalogue
LANGUAGES: tuple[str, ...] = _catalogue_languages()


def known_language(lang: str | None) -> str | None:
    """``lang`` as a language busbot has (``de``, ``de-DE`` or ``de_AT`` -> ``de``), or None."""
    if not lang:
        return None
    base = lang.replace("-", "_").split("_", 1)[0].lower()
    return base if base in LANGUAGES else None


@dataclass(frozen=True, slots=True)
class CatalogueWords:
    """A language's ``Words``: its catalogue's templates (English for an entry it lacks) and
    its locale's marks for numbers."""

    language: str
    translations: Translations
    decimal: str = "."
    group: str = ","

    def template(self, msg: Msg | Plural, count: int | None) -> str:
        if isinstance(msg, Msg):
            return str(self.translations.pgettext(msg.id, msg.en))
        return str(self.translations.npgettext(msg.id, msg.one, msg.other,
                                               count if count is not None else 2))

    def number(self, value: int | float, spec: str) -> str:
        written = format(value, spec)
        if (self.decimal, self.group) == (".", ","):
            return written
        return "".join(self.decimal if c == "." else self.group if c == "," else c
                       for c in written)

    def __call__(self, text: Text) -> str:
        return write(self, text)


def translations_of(lang: str, locale_dir: Path = LOCALE_DIR) -> Translations:
    """The compiled catalogue of ``lang``: its ``.mo``, or the ``.po`` compiled in memory
    when the ``.mo`` is missing or older; an empty one where there is neither."""
    folder = locale_dir / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return Translations(fp, DOMAIN)
    if not po.exists():
        return Translations()
    return Translations(io.BytesIO(compiled(po, lang)), DOMAIN)


def compiled(po: Path, lang: str) -> bytes:
    """The ``.mo`` bytes of the ``.po`` file ``po`` (fuzzy entries left out: they are
    English until a translator confirms them)."""
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


_loaded: dict[str, Words] = {}
_loading = threading.Lock()


def words_for(lang: str | None) -> Words:
    """The ``Words`` of ``lang`` (a language of ``LANGUAGES``; anything else, or None, is
    English). Loaded once per language and kept: catalogues do not change while busbot runs."""
    known = known_language(lang) or DEFAULT_LANGUAGE
    if known == DEFAULT_LANGUAGE:
        return ENGLISH
    words = _loaded.get(known)
    if words is None:
        with _loading:
            words = _loaded.get(known)
            if words is None:
                words = _loaded[known] = load(known, translations_of(known))
    return words


def load(lang: str, translations: Translations) -> CatalogueWords:
    """The ``Words`` of ``lang`` from its ``translations`` (tests pass a catalogue of their
    own), with the locale's marks for numbers."""
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return CatalogueWords(lang, translations)
    return CatalogueWords(lang, translations, get_decimal_symbol(locale),
                          get_group_symbol(locale))


class LanguageName(str):
    """A language named in a sentence (``de``): a ``str`` that is its code, written as the
    reader's language names it (``Deutsch``, ``German``; Babel's locale data), never as words
    of a catalogue (``engine.text.Notation``)."""

    def written(self, language: str) -> str:
        return language_name(str(self), language)


class Figure(str):
    """A number written before it is put in a sentence (a rating's ``22.4``, a change's
    ``+1.5``): a ``str`` that is its English writing, written with the decimal and group marks
    of another language's locale (``22,4``), as a number argument of a template is."""

    value: float
    spec: str

    def __new__(cls, value: float, spec: str) -> Figure:
        made = super().__new__(cls, format(value, spec))
        made.value, made.spec = value, spec
        return made

    def written(self, language: str) -> str:
        words = words_for(language)
        return words.number(self.value, self.spec) if isinstance(words, CatalogueWords) \
            else str(self)


class Moment(str):
    """A time named in a sentence (UTC): a ``str`` that is its English writing, as ever
    (``2026-12-02 14:00 UTC``, or the day alone: ``2026-12-02``), written in another language
    with its locale's date and time formats from Babel (``02.12.2026, 14:00 UTC``)."""

    at: float
    with_time: bool

    def __new__(cls, at: float, with_time: bool = True) -> Moment:
        english = time.strftime("%Y-%m-%d %H:%M UTC" if with_time else "%Y-%m-%d",
                                time.gmtime(at))
        made = super().__new__(cls, english)
        made.at, made.with_time = at, with_time
        return made

    def written(self, language: str) -> str:
        if language == DEFAULT_LANGUAGE:
            return str(self)
        moment = datetime.fromtimestamp(self.at, UTC)
        try:
            day = format_date(moment, "medium", locale=language)
            if not self.with_time:
                return day
            return f"{day}, {format_time(moment, 'short', tzinfo=UTC, locale=language)} UTC"
        except (UnknownLocaleError, ValueError):
            return str(self)


def language_name(code: str, reader: str = DEFAULT_LANGUAGE) -> str:
    """``code``'s name in the language ``reader`` (``de`` in English: ``German``)."""
    try:
        name = Locale.parse(code).get_display_name(reader)
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:] if name else code


def _names() -> dict[str, str]:
    """Every way a language busbot has may be named in a command: its code, and its name in
    each language busbot has (``de``, ``deutsch``, ``german``), lower case."""
    out: dict[str, str] = {}
    for code in LANGUAGES:
        out[code] = code
        for reader in LANGUAGES:
            out.setdefault(language_name(code, reader).lower(), code)
    return out


_NAMED = _names()


def language_named(word: str) -> str | None:
    """The language busbot has that ``word`` names (``de``, ``de-AT``, ``Deutsch``,
    ``german``), or None."""
    return _NAMED.get(word.strip().lower()) or known_language(word.strip())


#: What a reply or a post says before it is written for its reader: a ``Text``, a ``Listing``
#: of them (the lines of a reply: ``lines``), or a plain string for what is in no language (a
#: name, a move's notation, a log's lines): ``tests/test_catalogue.py`` fails on a sentence
#: written as a plain string.
Said = Text | Listing | str


def lines(*parts: Said | None) -> Listing:
    """The parts that are there, one per line (a reply of several sentences or tables)."""
    return Listing(tuple(p for p in parts if p is not None and p != ""), "\n")


def joined(*parts: Said | None) -> Listing:
    """The parts that are there, one after another with a space (sentences of one line)."""
    return Listing(tuple(p for p in parts if p is not None and p != ""), " ")


def say(text: Said, lang: str | Words | None = None) -> str:
    """What is said, written for a reader of ``lang`` (a language, or its ``Words``): a
    ``Text``, a ``Listing`` of texts (lines of a reply) or a plain string (a name, notation:
    words of no language, written as they are)."""
    words = lang if lang is not None and not isinstance(lang, str) else words_for(lang)
    if isinstance(text, Text):
        return words(text)
    if isinstance(text, Listing):
        items = [say(item, words) if isinstance(item, Text | Listing) else str(item)
                 for item in text.items]
        if text.sep is not None or len(items) < 2:
            return (text.sep or "").join(items)
        return words(AND(head=", ".join(items[:-1]), last=items[-1]))
    return text
