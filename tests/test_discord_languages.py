"""The ``/bus`` slash tree in every language busbot has (issue 34): what the sync uploads, within
Discord's limits in each language, and a member's app language as their own where they chose
none.

Discord refuses a whole tree when one name or description breaks its rules, so the translated
payload (the one ``tree.sync`` sends, and ``sync.tree_hash`` fingerprints) is checked against
them for English and for each locale busbot translates: names of 1 to 32 lower-case letters,
digits, ``-`` or ``_`` and unique among their siblings, descriptions and choice names of 1 to
100 characters, at most 25 subcommands, options and choices, and at most 4,000 characters of
names, descriptions and values per command and language.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_app.sync import tree_hash
from bot.discord_app.translator import CatalogueTranslator
from bot.service.words.catalogue import LANGUAGES
from tests.discord_support import Table, busbot_table

#: the Discord locales of the languages busbot translates into (English is the tree itself)
LOCALES = [locale for locale in discord.Locale
           if locale.value.split("-")[0] in LANGUAGES and locale.value.split("-")[0] != "en"]


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)
    async with busbot_table(tmp_path / "busbot.db") as table:
        yield table


async def uploaded(table: Table) -> list[dict[str, Any]]:
    """The tree as ``tree.sync`` sends it: every command with its localizations."""
    tree = table.bot.tree
    assert isinstance(tree.translator, CatalogueTranslator)
    return [await command.get_translated_payload(tree, tree.translator)
            for command in tree.get_commands()]


def in_language(item: dict[str, Any], key: str, locale: str | None) -> str:
    """An item's ``name`` or ``description`` as an app in ``locale`` shows it."""
    if locale is None:
        return str(item[key])
    return str((item.get(f"{key}_localizations") or {}).get(locale, item[key]))


def problems(command: dict[str, Any], locale: str | None) -> list[str]:
    """Where ``command`` breaks Discord's rules for slash commands, as ``locale`` shows it."""
    found: list[str] = []
    total = 0

    def name_ok(item: dict[str, Any], where: str) -> None:
        nonlocal total
        name = in_language(item, "name", locale)
        total += len(name)
        if not (1 <= len(name) <= 32 and name == name.lower()
                and all(c.isalnum() or c in "-_" for c in name)):
            found.append(f"{where}: name {name!r}")

    def description_ok(item: dict[str, Any], where: str) -> None:
        nonlocal total
        text = in_language(item, "description", locale)
        total += len(text)
        if not 1 <= len(text) <= 100:
            found.append(f"{where}: description of {len(text)} characters: {text!r}")

    def options_ok(options: list[dict[str, Any]], where: str) -> None:
        nonlocal total
        if len(options) > 25:
            found.append(f"{where}: {len(options)} options")
        names = [in_language(o, "name", locale) for o in options]
        if len(names) != len(set(names)):
            found.append(f"{where}: two options named alike: {names}")
        for option in options:
            inner = f"{where} {in_language(option, 'name', locale)}"
            name_ok(option, inner)
            description_ok(option, inner)
            choices = option.get("choices") or []
            if len(choices) > 25:
                found.append(f"{inner}: {len(choices)} choices")
            for choice in choices:
                shown = in_language(choice, "name", locale)
                total += len(shown) + len(str(choice["value"]))
                if not 1 <= len(shown) <= 100:
                    found.append(f"{inner}: choice {shown!r}")
            options_ok(option.get("options") or [], inner)

    name_ok(command, "/")
    description_ok(command, f"/{command['name']}")
    options_ok(command.get("options") or [], f"/{command['name']}")
    if total > 4000:
        found.append(f"/{command['name']}: {total} characters in all")
    return found


async def test_the_slash_tree_fits_discord_s_limits_in_every_language(table: Table) -> None:
    payload = await uploaded(table)
    assert [c["name"] for c in payload] == ["bus"]
    assert LOCALES and len(payload[0]["options"]) <= 25
    for locale in (None, *(loc.value for loc in LOCALES)):
        assert [p for command in payload for p in problems(command, locale)] == [], locale


async def test_a_german_app_shows_the_tree_in_german(table: Table) -> None:
    bus = (await uploaded(table))[0]
    assert bus["name"] == "bus" and not bus.get("name_localizations")  # /bus in every app
    assert bus["description_localizations"]["de"] == "Spiele Bus an diesem Tisch"
    by_name = {o["name"]: o for o in bus["options"]}
    german = {name: o.get("name_localizations", {}).get("de") for name, o in by_name.items()}
    assert german["map"] == "karte" and german["move"] == "zug" and german["help"] == "hilfe"
    assert None not in german.values(), german  # every subcommand has its German name
    for name, option in by_name.items():  # ... and its German description
        assert option["description_localizations"]["de"] != option["description"], name
    layout = {o["name"]: o for o in by_name["map"]["options"]}["layout"]
    assert layout["name_localizations"]["de"] == "ansicht"
    assert {c["value"]: c.get("name_localizations", {}).get("de")
            for c in layout["choices"]}["phone"] == "Handy"
    # the English app sees the English tree, unchanged
    assert by_name["map"]["description"] == "The picture of the table"


async def test_a_new_translation_publishes_the_tree_again(table: Table) -> None:
    """The sync's fingerprint covers the translations: a tree whose German changed is
    published again, as one whose English changed is."""
    tree = table.bot.tree
    before = await tree_hash(tree, None)
    assert await tree_hash(tree, None) == before

    class Other(CatalogueTranslator):
        async def translate(self, string: Any, locale: discord.Locale, context: Any
                            ) -> str | None:
            said = await super().translate(string, locale, context)
            return None if said is None else said + "!"

    await tree.set_translator(Other())
    assert await tree_hash(tree, None) != before


async def test_a_member_s_app_language_is_theirs_where_they_chose_none(table: Table) -> None:
    server = table.server
    zed = server.person("Zed")
    english = await server.slash(zed, "rules")
    german = await server.slash(zed, "rules", locale="de")
    assert english.text.startswith("**Bus** in short") and "So schreibst" not in english.text
    assert german.text.startswith("**Bus** in Kürze") and "So schreibst du Züge" in german.text
    # a member's own choice wins over their app's
    await server.slash(zed, "do", command="my language en")
    assert (await server.slash(zed, "rules", locale="de")).text.startswith("**Bus** in short")
    chosen = await server.slash(zed, "do", locale="de", command="meine Sprache default")
    assert chosen.text.startswith("Zed, du hast jetzt keine eigene Sprache mehr")


async def test_a_german_table_s_buttons_and_menus_are_german(table: Table) -> None:
    """The components of a German table's update: German labels, the choices written in
    German notation (each still plays the move it stands for), a German preview's Play this."""
    server = table.server
    ada, bram, cleo = (server.person(name) for name in ("Ada", "Bram", "Cleo"))
    await server.say(ada, "!bus neues Spiel")
    for who in (ada, bram, cleo):
        await server.say(who, "mitspielen")
    started = await server.slash(ada, "start", order="Ada, Bram, Cleo")
    update = started.public[-1]
    assert update.labels == ["Wähl deinen Zug", "Rückgängig", "Züge"]
    menu = update.component("Wähl deinen Zug")
    labels = {o["label"]: o["value"] for o in menu["options"]}
    assert labels["Platziere Büro auf C1"] == "Place Office at C1"
    pressed = await server.press(ada, update, "Wähl deinen Zug", choose="Platziere Büro auf C1")
    assert pressed.public[-1].content.startswith("Ada: Platziere Büro auf C1")
    assert table.moves_played(server.table) == [("Ada", "Place Office at C1")]
    # a preview is private: written, Play this included, in the language of the asker's app
    preview = await server.slash(ada, "preview", locale="de", moves="Haus auf C4")
    assert preview.private[-1].labels == ["So spielen"]
    assert "Platziere Haus auf C4" in preview.private[-1].content
    english = await server.slash(ada, "preview", moves="Haus auf C4")
    assert english.private[-1].labels == ["Play this"]


async def test_presses_refused_before_the_service_are_answered_in_the_presser_s_language(
        table: Table) -> None:
    """The Discord layer's own answers (issue 34): a press on someone else's decision or on an
    earlier position is refused privately in the presser's language: their app's, else (no
    app language, as a plain message has none) the game's."""
    server = table.server
    ada, bram, cleo = (server.person(name) for name in ("Ada", "Bram", "Cleo"))
    await server.say(ada, "!bus neues Spiel")
    for who in (ada, bram, cleo):
        await server.say(who, "mitspielen")
    update = (await server.slash(ada, "start", order="Ada, Bram, Cleo")).public[-1]
    choice = "Platziere Büro auf C1"
    german = await server.press(bram, update, "Wähl deinen Zug", choose=choice, locale="de")
    assert german.public == [] and german.text.startswith("Diese Knöpfe sind für Ada")
    english = await server.press(bram, update, "Wähl deinen Zug", choose=choice)
    assert english.text.startswith("These buttons are for Ada")
    await server.say(ada, "Büro auf C1")
    stale = await server.press(ada, update, "Wähl deinen Zug", choose=choice, locale="de")
    assert stale.public == [] and "Ada: Platziere Büro auf C1" in stale.text
    assert stale.text.endswith("Diese Nachricht gehört zu einer früheren Stellung, daher "
                               "wurde nichts geändert.")
    assert table.moves_played(server.table) == [("Ada", "Place Office at C1")]
