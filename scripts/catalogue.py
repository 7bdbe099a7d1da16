"""Keep busbot's catalogues of words: extract, update, compile (with Babel's own API).

Run: ``.venv/bin/python scripts/catalogue.py COMMAND``:

- ``extract``: the template ``bot/locale/busbot.pot`` from the source: every ``Msg`` and
  ``Plural`` constant of ``engine/``, ``ai/``, ``render/`` and ``bot/`` (keywords ``Msg:1c,2``
  and ``Plural:1c,2,3``: the id is the ``msgctxt``, the English template the ``msgid``); not
  committed (it is made again from the source).
  A language's ``.po`` is written without source locations and sorted, so that engineers adding
  sentences at once do not collide over line numbers.
- ``update``: extract, then bring every language's ``.po`` up to date with it (new entries
  added empty, a changed English template marked fuzzy, gone entries kept as obsolete).
- ``init LANG``: start the ``.po`` of a new language from the template.
- ``compile``: each ``.po`` to its ``.mo`` (what busbot reads; made here, not committed).
  ``scripts/bootstrap.sh`` runs it; the loader compiles a missing or older ``.mo`` in memory.
- ``count``: how many entries the source holds.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_keywords  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from bot.service.words.catalogue import DOMAIN, LOCALE_DIR, compiled  # noqa: E402

#: where the constants are (``ai/`` has none yet, but a sentence it adds is found)
SOURCES = ("engine", "ai", "render", "bot")
KEYWORDS = parse_keywords(["Msg:1c,2", "Plural:1c,2,3"])
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def extracted() -> Iterator[tuple[str, int, str | tuple[str, ...], str]]:
    """(file, line, msgid or (singular, plural), msgctxt) of every constant in the source."""
    for top in SOURCES:
        folder = ROOT / top
        if not folder.is_dir():
            continue
        for filename, lineno, message, _comments, context in extract_from_dir(
                folder, method_map=[("**.py", "python")], keywords=KEYWORDS):
            if context is None:
                continue  # a Msg(...) call without a literal id is no constant
            yield f"{top}/{filename}", lineno, message, context


def template() -> Catalog:
    """The catalogue of every constant in the source, English only."""
    catalog = Catalog(project="busbot", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, context in extracted():
        catalog.add(message, locations=[(filename, lineno)], context=context)
    return catalog


def po_files() -> Iterable[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> Catalog:
    catalog = template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as fp:
        write_po(fp, catalog, width=100, sort_by_file=True)
    return catalog


def update() -> None:
    pot = extract()
    for po in po_files():
        lang = po.parent.parent.name
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=DOMAIN)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        with po.open("wb") as fp:
            write_po(fp, catalog, width=100, no_location=True, sort_output=True,
                     include_previous=True)
        print(f"{po.relative_to(ROOT)}: {len(catalog)} entries")


def init(lang: str) -> None:
    pot = extract()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise SystemExit(f"{po.relative_to(ROOT)} is there already: use update")
    catalog = Catalog(locale=lang, project="busbot", domain=DOMAIN, fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True)
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as fp:
        write_po(fp, catalog, width=100, no_location=True, sort_output=True)
    print(f"{po.relative_to(ROOT)}: {len(catalog)} entries")


def compile_all() -> None:
    for po in po_files():
        lang = po.parent.parent.name
        po.with_suffix(".mo").write_bytes(compiled(po, lang))


def main(argv: list[str]) -> int:
    match argv:
        case ["extract"]:
            print(f"{TEMPLATE.relative_to(ROOT)}: {len(extract())} entries")
        case ["update"]:
            update()
        case ["init", lang]:
            init(lang)
        case ["compile"]:
            compile_all()
        case ["count"]:
            print(len(template()))
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
