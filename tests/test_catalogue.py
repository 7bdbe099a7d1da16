"""The catalogue of words (issue 29): the loader, the files, and the checks that keep every
sentence a person reads in the catalogue.

The loader: a language's catalogue is Babel's, looked up by (id, English template), English
entry by entry where it has no translation, numbers with the locale's marks, a missing or stale
``.mo`` compiled in memory from its ``.po``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po
from babel.support import Translations

from bot.service.words import catalogue
from bot.service.words.catalogue import LANGUAGES, known_language, load, say, words_for
from engine.text import ENGLISH, Listing, Msg, Plural, listing

ROOT = Path(__file__).resolve().parent.parent

MOVES = Plural("test.moves", "{n} move", "{n} moves")
GAIN = Msg("test.gain", "A gain of {gain:+.1f} over {total:,} games.")
UNTRANSLATED = Msg("test.untranslated", "Nobody has translated this.")
CHANGED = Msg("test.changed", "The English was changed since.")


def fake_german() -> Catalog:
    """A second catalogue of our own (the German one is empty until its issue fills it)."""
    catalog = Catalog(locale="de", domain="busbot")
    catalog.add(("{n} move", "{n} moves"), ("{n} Zug", "{n} Züge"), context="test.moves")
    catalog.add(GAIN.en, "Ein Gewinn von {gain:+.1f} über {total:,} Partien.",
                context="test.gain")
    catalog.add("The English as it was.", "Das alte Englisch.", context="test.changed")
    return catalog


def translations(catalog: Catalog) -> Translations:
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return Translations(out, "busbot")


def test_a_catalogue_writes_its_language_and_english_where_it_has_no_entry() -> None:
    german = load("de", translations(fake_german()))
    assert german(MOVES(n=1)) == "1 Zug"
    assert german(MOVES(n=4)) == "4 Züge"
    assert german(GAIN(gain=0.6, total=12345)) == "Ein Gewinn von +0,6 über 12.345 Partien."
    assert german(UNTRANSLATED()) == "Nobody has translated this."
    # a translation of another English template is not used for the new one
    assert german(CHANGED()) == "The English was changed since."
    assert ENGLISH(GAIN(gain=0.6, total=12345)) == "A gain of +0.6 over 12,345 games."


def test_a_missing_argument_fails_loudly_in_every_language() -> None:
    german = load("de", translations(fake_german()))
    with pytest.raises(KeyError):
        german(GAIN(gain=0.5))
    with pytest.raises(KeyError):
        ENGLISH(GAIN(total=3))


def test_say_writes_texts_lines_and_lists_in_the_readers_language() -> None:
    german = load("de", translations(fake_german()))
    lines = Listing((MOVES(n=2), "C1-C2", listing([MOVES(n=1), MOVES(n=3)])), "\n")
    assert say(lines, german) == "2 Züge\nC1-C2\n1 Zug and 3 Züge"
    assert say(lines) == "2 moves\nC1-C2\n1 move and 3 moves"
    assert say("notation", "de") == "notation"


def test_languages_and_english_by_default() -> None:
    assert LANGUAGES[0] == "en"
    assert "de" in LANGUAGES  # the committed German catalogue
    assert words_for(None) is ENGLISH
    assert words_for("xx") is ENGLISH
    assert words_for("en-GB") is ENGLISH
    assert known_language("de-AT") == "de"
    assert known_language("fr") is None
    assert words_for("de").language == "de"
    # the German catalogue has no translations yet: English words, German number marks
    assert words_for("de")(GAIN(gain=1.25, total=1000)) == "A gain of +1,2 over 1.000 games."


def _write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, catalog)


def test_a_missing_or_stale_mo_is_compiled_from_its_po(tmp_path: Path) -> None:
    po = tmp_path / "de" / "LC_MESSAGES" / "busbot.po"
    _write_po(po, fake_german())
    # no .mo at all
    assert load("de", catalogue.translations_of("de", tmp_path))(MOVES(n=2)) == "2 Züge"
    # a .mo older than its .po: the .po wins
    stale = Catalog(locale="de", domain="busbot")
    stale.add(("{n} move", "{n} moves"), ("{n} alter Zug", "{n} alte Züge"),
              context="test.moves")
    mo = po.with_suffix(".mo")
    with mo.open("wb") as fp:
        write_mo(fp, stale)
    os.utime(mo, (po.stat().st_mtime - 60, po.stat().st_mtime - 60))
    assert load("de", catalogue.translations_of("de", tmp_path))(MOVES(n=2)) == "2 Züge"
    # a .mo as new as its .po is read as it is
    os.utime(mo, (po.stat().st_mtime + 60, po.stat().st_mtime + 60))
    assert load("de", catalogue.translations_of("de", tmp_path))(MOVES(n=2)) == "2 alte Züge"
    # neither: English
    assert load("fr", catalogue.translations_of("fr", tmp_path))(MOVES(n=2)) == "2 moves"


def test_a_fuzzy_entry_is_english_until_a_translator_confirms_it(tmp_path: Path) -> None:
    catalog = fake_german()
    entry = catalog.get(("{n} move", "{n} moves"), context="test.moves")
    assert entry is not None
    entry.flags.add("fuzzy")
    _write_po(tmp_path / "de" / "LC_MESSAGES" / "busbot.po", catalog)
    german = load("de", catalogue.translations_of("de", tmp_path))
    assert german(MOVES(n=2)) == "2 moves"
    assert german(GAIN(gain=1.0, total=2)) == "Ein Gewinn von +1,0 über 2 Partien."
