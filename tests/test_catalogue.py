"""The catalogue of words (issue 29): the loader, the files, and the checks that keep every
sentence a person reads in the catalogue.

The loader: a language's catalogue is Babel's, looked up by (id, English template), English
entry by entry where it has no translation, numbers with the locale's marks, a missing or stale
``.mo`` compiled in memory from its ``.po``.
"""

from __future__ import annotations

import ast
import io
import os
import re
import string
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from bot.service.words import catalogue
from bot.service.words.catalogue import LANGUAGES, known_language, load, say, words_for
from engine.text import ENGLISH, Listing, Msg, Plural, fields_of, listing
from scripts.literals import Checker, all_found

ROOT = Path(__file__).resolve().parent.parent
_FORMATTER = string.Formatter()

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


# ---- the constants: declared once, placeholders given, extracted by Babel ---------------------

#: the folders whose constants are checked (every area that says something)
SOURCE_DIRS = ("engine", "ai", "render", "bot")
_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")


@dataclass(frozen=True)
class Constant:
    """A ``Msg``/``Plural`` declared in the source, as the ast shows it."""

    module: str
    name: str | None  # the module-level name it is bound to (None: not at module level)
    line: int
    id: str | None  # None: not a literal
    templates: tuple[str | None, ...]
    count: str

    @property
    def fields(self) -> frozenset[str]:
        return frozenset().union(*(fields_of(t) for t in self.templates if t is not None))


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def _python_files() -> list[Path]:
    return [p for top in SOURCE_DIRS if (ROOT / top).is_dir()
            for p in sorted((ROOT / top).rglob("*.py"))]


def _module_name(path: Path) -> str:
    return path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(
        ".__init__")


def _kind(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr \
        if isinstance(func, ast.Attribute) else None
    return name if name in ("Msg", "Plural") else None


def _scan() -> tuple[list[Constant], dict[str, ast.Module]]:
    constants: list[Constant] = []
    trees: dict[str, ast.Module] = {}
    for path in _python_files():
        module = _module_name(path)
        tree = trees[module] = ast.parse(path.read_text(encoding="utf-8"))
        if module == "engine.text":
            continue  # the classes themselves (and ``AND``, found below like any other)
        bound: dict[int, str] = {}
        for stmt in tree.body:  # a constant, or an entry of a module-level table of them
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
                target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
                if isinstance(target, ast.Name):
                    for node in ast.walk(stmt.value):
                        if isinstance(node, ast.Call):
                            bound[id(node)] = (target.id if node is stmt.value
                                               else f"{target.id}[...]")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (kind := _kind(node)) is not None:
                args = {i: a for i, a in enumerate(node.args)}
                kw = {k.arg: k.value for k in node.keywords}
                texts = (args.get(1) or kw.get("en"),) if kind == "Msg" else (
                    args.get(1) or kw.get("one"), args.get(2) or kw.get("other"))
                count = _literal(args.get(3) or kw.get("count")) or "n"
                constants.append(Constant(module, bound.get(id(node)), node.lineno,
                                          _literal(args.get(0) or kw.get("id")),
                                          tuple(_literal(t) for t in texts), count))
    text_tree = trees.get("engine.text")
    assert text_tree is not None
    for stmt in text_tree.body:  # engine/text.py's own constants (``AND``)
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) \
                and _kind(stmt.value) == "Msg" and isinstance(stmt.targets[0], ast.Name):
            constants.append(Constant("engine.text", stmt.targets[0].id, stmt.lineno,
                                      _literal(stmt.value.args[0]),
                                      (_literal(stmt.value.args[1]),), "n"))
    return constants, trees


CONSTANTS, TREES = _scan()


def test_every_sentence_is_one_module_level_constant_with_a_unique_id() -> None:
    assert len(CONSTANTS) > 600
    problems = [f"{c.module}:{c.line}" for c in CONSTANTS
                if c.name is None or c.id is None or None in c.templates
                or not _ID.match(c.id)]
    assert problems == [], ("each Msg/Plural must be a module-level constant with a literal "
                            "dotted lower-case id and literal English templates", problems)
    seen: dict[str, str] = {}
    twice = []
    for c in CONSTANTS:
        assert c.id is not None
        if c.id in seen:
            twice.append(f"{c.id}: {seen[c.id]} and {c.module}:{c.line}")
        seen[c.id] = f"{c.module}:{c.line}"
    assert twice == []


def _resolved(module: str, name: str, depth: int = 0) -> Constant | None:
    """The constant ``name`` means in ``module`` (declared there, or imported by name)."""
    for c in CONSTANTS:
        if c.module == module and c.name == name:
            return c
    tree = TREES.get(module)
    if tree is None or depth > 5:
        return None
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module:
            for alias in stmt.names:
                if (alias.asname or alias.name) == name:
                    return _resolved(stmt.module, alias.name, depth + 1)
    return None


def _imported_module(module: str, alias: str) -> str | None:
    tree = TREES[module]
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module:
            for a in stmt.names:
                if (a.asname or a.name) == alias:
                    return f"{stmt.module}.{a.name}"
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if (a.asname or a.name) == alias:
                    return a.name
    return None


def test_every_call_gives_exactly_the_placeholders_its_template_names() -> None:
    """``NAME(**args)`` of a constant (declared in the module or imported): its keywords are
    the template's placeholders, no more and no fewer (``write`` also raises on a missing one:
    ``test_a_missing_argument_fails_loudly_in_every_language``)."""
    checked = 0
    wrong: list[str] = []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _kind(node) is not None:
                continue
            func = node.func
            constant = None
            if isinstance(func, ast.Name) and func.id.isupper():
                constant = _resolved(module, func.id)
            elif isinstance(func, ast.Attribute) and func.attr.isupper() \
                    and isinstance(func.value, ast.Name):
                owner = _imported_module(module, func.value.id)
                constant = _resolved(owner, func.attr) if owner else None
            if constant is None or node.args:
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # ``**args``: checked when written (``write`` raises)
            given = frozenset(k.arg for k in node.keywords if k.arg is not None)
            checked += 1
            # a plural's count chooses its form even where no form shows it
            wanted = constant.fields | ({constant.count} if len(constant.templates) == 2
                                        else set())
            if given != wanted:
                wrong.append(f"{module}:{node.lineno}: {constant.id} names "
                             f"{sorted(wanted)}, given {sorted(given)}")
    assert wrong == []
    assert checked > 400


def test_babel_extracts_every_constant() -> None:
    from scripts.catalogue import template

    extracted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                 for m in template() if m.id}
    declared = {(c.id, c.templates[0] if len(c.templates) == 1 else c.templates)
                for c in CONSTANTS}
    assert declared - extracted == set()
    assert extracted - declared == set()


def placeholders_unlike_english(catalog: Catalog) -> list[str]:
    """The entries of a language's catalogue whose translation names other placeholders
    than the English (an entry not translated yet is English, and fine). A plural's form may
    leave out its count, as gettext allows ("einmal" for "{n} time"): only the count, and
    only in a plural."""
    counts = {c.id: c.count for c in CONSTANTS if len(c.templates) == 2}
    wrong: list[str] = []
    for entry in catalog:
        if not entry.id or not entry.string:
            continue
        english = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        want = frozenset().union(*(fields_of(e) for e in english))
        may_leave = {counts.get(str(entry.context), "n")} if isinstance(entry.id, tuple) \
            else set()
        specs = _specs(english)
        wrong.extend(f"{entry.context}: {form!r}" for form in forms
                     if form and not (fields_of(form) <= want
                                      and want - fields_of(form) <= may_leave
                                      and _specs([form]) <= specs))
    return wrong


def _specs(templates: list[str]) -> set[tuple[str, str]]:
    """Each placeholder of ``templates`` with its format spec (``{gain:+.1f}``: a number's
    sign and decimals, which a translation keeps)."""
    return {(name, spec or "") for t in templates for _, name, spec, _ in _FORMATTER.parse(t)
            if name}


def _english(constant: Constant) -> str | tuple[str, ...]:
    """A constant's English as a catalogue's ``msgid`` holds it (a plural: both forms)."""
    forms = tuple(t for t in constant.templates if t is not None)
    assert len(forms) == len(constant.templates)
    return forms[0] if len(forms) == 1 else forms


def untranslated(catalog: Catalog) -> list[str]:
    """The ids of the source's constants that ``catalog`` does not translate: missing, fuzzy
    (the English changed since: a translator must look again) or with a form left empty;
    each of them would be written in English."""
    entries = {str(e.context): e for e in catalog if e.id}
    missing: list[str] = []
    for constant in CONSTANTS:
        entry = entries.get(str(constant.id))
        forms: list[str] = [] if entry is None or entry.string is None else (
            [entry.string] if isinstance(entry.string, str) else list(entry.string))
        if (entry is None or entry.fuzzy or entry.id != _english(constant) or not forms
                or not all(forms)):
            missing.append(str(constant.id))
    return missing


def german_catalogue() -> Catalog:
    po = ROOT / "bot" / "locale" / "de" / "LC_MESSAGES" / "busbot.po"
    with po.open("rb") as fp:
        return read_po(fp, locale="de", domain="busbot")


def test_every_sentence_has_its_german() -> None:
    """Every id of the source has German text in the committed catalogue, for its English as
    it is now (a new sentence, or a changed English one, fails here until it is translated:
    ``scripts/catalogue.py update`` adds it to the ``.po``)."""
    assert len(CONSTANTS) > 1000
    assert untranslated(german_catalogue()) == []


def test_the_german_check_catches_a_missing_fuzzy_or_half_translated_entry() -> None:
    """The check above, on a catalogue of our own: it would fail."""
    catalog = Catalog(locale="de", domain="busbot")
    for constant in CONSTANTS:
        catalog.add(_english(constant), _english(constant), context=constant.id)
    assert untranslated(catalog) == []
    first, second = CONSTANTS[0], CONSTANTS[1]
    catalog.delete(_english(first), context=first.id)
    found = catalog.get(_english(second), context=second.id)
    assert found is not None
    found.flags.add("fuzzy")
    plural = next(c for c in CONSTANTS if len(c.templates) == 2)
    entry = catalog.get(_english(plural), context=plural.id)
    assert entry is not None and isinstance(entry.string, tuple)
    entry.string = (entry.string[0], "")
    assert sorted(untranslated(catalog)) == sorted(str(c.id) for c in (first, second, plural))


def test_german_placeholders_are_the_english_ones() -> None:
    german = german_catalogue()
    assert len(german) >= 1
    assert placeholders_unlike_english(german) == []


def test_the_german_check_catches_a_translation_with_other_placeholders() -> None:
    """The check above, on a catalogue of our own with a wrong entry: it would fail."""
    catalog = fake_german()
    assert placeholders_unlike_english(catalog) == []
    catalog.add("You have {n} points.", "Du hast {punkte} Punkte.", context="test.points")
    assert placeholders_unlike_english(catalog) == ["test.points: 'Du hast {punkte} Punkte.'"]
    # a number's spec is the English one (its sign and decimals)
    catalog.add("A gain of {gain:+.1f}.", "Ein Gewinn von {gain:.0f}.", context="test.spec")
    assert placeholders_unlike_english(catalog)[-1] == "test.spec: 'Ein Gewinn von {gain:.0f}.'"


# ---- no sentence bypasses the catalogue ------------------------------------------------------

#: What reaches a person and rightly stays out of the catalogue: (module, the literal as
#: ``scripts/literals.py`` shows it, or "*" for the whole module) -> why. Keep it short: every
#: entry is an exception.
ALLOWED: dict[tuple[str, str], str] = {
    # the operator's command line: run by whoever hosts busbot, in English like its logs and
    # its --help; no player or moderator reads it
    ("bot/cli.py", "*"): "the operator's command line (setup, render, status of a log file)",
    ("bot/maintenance.py", "*"): "the operator's check, backup and forget reports",
    ("bot/page_cli.py", "*"): "the operator's `busbot page` report",
    ("bot/story_cli.py", "*"): "the operator's `busbot story` report",
    ("bot/ratings_cli.py", "*"): "the operator's `busbot ratings rebuild` report",
    ("bot/review_cli.py", "*"): "the operator's `busbot review` progress (its summary is the "
                                "`review` command's catalogue entries, written in English)",
    ("bot/config.py", "*"): "the configuration's repr, for the operator's logs",
    ("bot/service/store/store.py", "*"): "why the database file cannot be opened: the "
                                         "operator's error at start-up",
    ("bot/console.py", "f'busbot console: {err}'"): "a bad config file or database at the "
                                                    "console's start: the operator's error",
    ("bot/console.py", "\x00(a line over the message limit)"): "a sentinel compared by "
                                                               "identity, never shown",
    # data, not words: stored in records or files and read back
    ("bot/service/ratings/stored.py", "all time"): "the all-time scope's name in the ratings' "
                                                   "CSV/JSON export (data read by tools)",
    ("bot/service/verbs/import_game.py", "text log"): "an import's source as its record keeps "
                                                      "it (``replies.SOURCES`` says it)",
    ("bot/service/verbs/import_game.py", "JSON export"): "likewise",
    ("bot/service/verbs/import_game.py", "busbot-game"): "the export file format's name",
    ("bot/service/verbs/undo.py", "f'undo last {cmd.count}'"): "the request as typed, which "
                                                               "`confirm` reads again",
    ("bot/service/verbs/undo.py", "f'undo to {cmd.number}'"): "likewise",
    ("bot/service/verbs/export.py", "f'bus-game{game_id}.{cmd.fmt}'"): "the exported file's "
                                                                        "name",
    # the developers' documentation (docs/game-service.md), in English like the code
    ("bot/service/router/registry.py", "| who | command |"): "the command table of "
                                                            "docs/game-service.md",
    ("bot/service/router/registry.py", "| module | commands |"): "the module map of "
                                                                "docs/game-service.md",
    ("bot/practice.py", "Player"): "the practice seat's default name: a name the game's "
                                   "records keep, as any seat's, never a sentence",
}


@pytest.mark.long
def test_no_player_facing_literal_bypasses_the_catalogue() -> None:
    """Every sentence a person reads is a catalogue entry (issue 29's conversion, finished by
    issue 34 with the Discord adapter and ``hint``), but for the allowed exceptions."""
    bypass = [str(f) for f in all_found(ROOT)
              if (f.module, f.literal) not in ALLOWED and (f.module, "*") not in ALLOWED]
    assert bypass == [], "write each sentence as a Msg/Plural constant (engine/text.py)"


def test_the_bypass_check_finds_a_sentence_written_inline(tmp_path: Path) -> None:
    """The checker on a module of our own: a refusal, a reply's text, a helper's sentence
    and a constant written inline are found; a Msg, notation and a log line are not."""
    service = tmp_path / "bot" / "service"
    service.mkdir(parents=True)
    (service / "bad.py").write_text(textwrap.dedent('''
        import logging
        from engine.text import Msg
        GONE = "The game is gone."
        FINE = Msg("bad.fine", "This one is in the catalogue.")
        def handler(ctx, cmd):
            logging.getLogger().info("an operator's line %s", cmd)
            if cmd:
                return refuse("You cannot do that here.")
            if ctx:
                return refuse(GONE)
            return Outcome(FINE(), ok=False)
        def helper(n) -> str:
            return f"{n} moves were played." if n else f"{n}-{n}"
        def more(reply):
            reply.text += "\\n(Nothing else.)"
    '''))
    found = sorted((f.line, f.literal) for f in Checker(tmp_path).found("bot"))
    assert [literal for _, literal in found] == [
        "The game is gone.", "You cannot do that here.", "f'{n} moves were played.'",
        "\n(Nothing else.)"]


def test_the_bypass_check_follows_a_functions_locals(tmp_path: Path) -> None:
    """A sentence put in a local first and said after (``line = f"..."``, then
    ``Outcome(line)``), one of a local's several values, and a piece of a post (``Block``) are
    found; a catalogue entry through a local, a dict key popped, a stored choice's kind and SQL
    in an f-string are not."""
    service = tmp_path / "bot" / "service"
    service.mkdir(parents=True)
    (service / "locals.py").write_text(textwrap.dedent('''
        from engine.text import Msg
        FINE = Msg("locals.fine", "In the catalogue.")
        KIND = "member"
        def handler(ctx, cmd, options, store):
            line = f"Moderator {ctx.name} set the policy." if cmd else FINE()
            if options:
                other = "Nothing changed."
            else:
                other = FINE()
            named = options.pop("language", None)
            mine = chosen(store, KIND, named)
            ctx.store.execute(f"SELECT hash FROM {cmd} WHERE place = ?")
            Block("Posted late, in order:")
            if options:
                return refuse(other)
            return Outcome(line, text=mine)
    '''))
    found = sorted((f.line, f.literal) for f in Checker(tmp_path).found("bot"))
    assert [literal for _, literal in found] == [
        "f'Moderator {ctx.name} set the policy.'", "Nothing changed.",
        "Posted late, in order:"]
