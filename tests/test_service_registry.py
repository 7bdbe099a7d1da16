"""The command registry: every command declared once and whole, and everything derived from it
(the words, help, the slash tree, the docs' table) in step with it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.service.command.forms import Entry, NoSlash, Slash
from bot.service.router import registry
from bot.service.router.reading import read_message
from scripts.command_table import DOCS, rewritten
from tests.service_support import open_table, started

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", registry.ENTRIES, ids=lambda e: e.name)
def test_every_command_is_declared_whole(entry: Entry) -> None:
    assert entry.usage.startswith("`") and entry.routes
    assert (entry.read is None) == (not entry.words)
    if entry.internal:  # the service's own (the computer's moves): nobody types it
        assert not entry.words and not entry.help and not entry.docs
        return
    assert entry.words or entry.name == "move"  # only moves are named by no word
    assert entry.help and all(piece for _, piece in entry.help)
    assert entry.docs and all(piece for _, piece in entry.docs)
    if isinstance(entry.slash, Slash):
        assert entry.slash.name and entry.slash.description
    else:
        assert isinstance(entry.slash, NoSlash) and "/bus do" in entry.slash.reason


def test_no_word_or_slash_name_names_two_commands() -> None:
    words = [w for e in registry.ENTRIES for w in e.words]
    assert len(words) == len(set(words))
    names = [s.name for s in registry.SLASH]
    assert len(names) == len(set(names)) and "do" not in names


def test_the_slash_group_fits_discord_s_limit() -> None:
    """Discord refuses a command group with more than 25 subcommands, and the whole ``/bus``
    tree with it: every declared slash form and ``/bus do`` must fit (a new command past that
    says why it has none, as ``NoSlash``, and is reached with ``/bus do``)."""
    assert len(registry.SLASH) + 1 <= 25


def test_the_docs_table_is_the_registry_s() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert rewritten(text) == text, "run scripts/command_table.py"
    for entry in registry.ENTRIES:
        assert all(piece in text for _, piece in entry.docs), entry.name


def test_help_names_every_command(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    text = table.ok("Daemonis", "help").text
    for entry in registry.ENTRIES:
        assert all(piece in text for _, piece in entry.help), entry.name
    assert text.startswith("**Lobby**") and "You are a moderator" not in text


def test_the_slash_tree_is_the_registry_s() -> None:
    from bot.discord_app.cogs.slash import Slash as SlashCog

    built = {command.name for command in SlashCog.__cog_app_commands__}
    assert built == {s.name for s in registry.SLASH} | {"do"}


def test_a_near_miss_of_a_command_word_is_named_back(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    reply = table.say("Zed", "stauts")
    assert not reply.ok and "did you mean the command `status`" in reply.text.lower()
    assert "did you mean the command" not in str(read_message("Place Offfice at C1"))


def test_a_command_in_one_file_is_found() -> None:
    from bot.service.verbs import index

    assert registry.BY_WORD["index"] is index.ENTRY
    assert isinstance(read_message("index"), index.Index)
    for path in (ROOT / "bot" / "service" / "verbs").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "bot.service.router.registry" not in imported, path  # the registry imports them
