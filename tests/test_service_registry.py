"""The command registry: every command declared once and whole, and everything derived from it
(the words, help, the slash tree, the docs' table) in step with it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.service.command.forms import Entry, NoSlash, Slash
from bot.service.router import registry
from bot.service.router.reading import read_message
from bot.service.words.catalogue import say
from scripts.command_table import DOCS, rewritten
from tests.service_support import open_table, started

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", registry.ENTRIES, ids=lambda e: e.name)
def test_every_command_is_declared_whole(entry: Entry) -> None:
    assert say(entry.usage).startswith("`") and entry.routes
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


def test_the_docs_tables_are_the_registry_s() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert rewritten(text) == text, "run scripts/command_table.py"
    for entry in registry.ENTRIES:
        assert all(piece in text for _, piece in entry.docs), entry.name
        module = registry.MODULES[entry.name].replace(".", "/") + ".py"
        assert f"| `{module}` |" in text, entry.name  # where it lives, one step away


def test_help_names_every_command(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    text = table.ok("Daemonis", "help").text
    for entry in registry.ENTRIES:
        assert all(say(piece) in text for _, piece in entry.help), entry.name
    assert text.startswith("**Lobby**") and "You are a moderator" not in text


def test_the_slash_tree_is_the_registry_s() -> None:
    """Every ``/bus`` subcommand, its description included, is the registry's: the slash cog
    writes only typed arguments (and ``do``, its own)."""
    from bot.discord_app.cogs.slash import Slash as SlashCog

    built = {command.name: command.description for command in SlashCog.__cog_app_commands__}
    assert built == {s.name: s.description.english() for s in registry.SLASH} | {
        "do": "Anything you could write after the prefix"}


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
    for path in VERBS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        # the registry and the router import the verbs; ``ctx.commands`` is the way back
        assert not {m for m in imported if m.startswith("bot.service.router")}, path


VERBS = ROOT / "bot" / "service" / "verbs"


def test_every_module_of_verbs_declares_its_commands_whole() -> None:
    """Each module of ``verbs/`` declares at least one command, and every command the registry
    holds comes from there, each request class declared in its command's own module."""
    modules = {f"bot.service.verbs.{p.stem}" for p in VERBS.glob("*.py") if p.stem != "__init__"}
    assert set(registry.MODULES.values()) == modules
    for entry in registry.ENTRIES:
        for kind in entry.routes:
            assert kind.__module__ == registry.MODULES[entry.name], (entry.name, kind)


def _request_classes() -> dict[str, str]:
    """Each request class's name and the module declaring it."""
    return {kind.__name__: kind.__module__ for e in registry.ENTRIES for kind in e.routes}


def test_no_module_but_its_own_asks_what_a_command_is() -> None:
    """What a command costs, whether it asks first, what Discord settles and what it resolves
    to are its route's facts: no other module of the bot tells one request from another
    (``isinstance``, ``match``), as the service once did for its picture budget (``Map |
    Preview | Story | Hint``), confirm for its thresholds and the Discord guards for theirs."""
    declared = _request_classes()
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
                names = [n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)]
            elif isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Name):
                names = [node.cls.id]
            found += [f"{module}: {n}" for n in names
                      if n in declared and declared[n] != module]
    # the one exception: a message that names no command is moves, the reader's fallback,
    # which the chat filter tells from a command (``chat.a_command``)
    assert found == ["bot.service.router.chat: Play"]


def test_the_facts_of_a_command_are_read_from_its_route() -> None:
    """The budgets, the questions, the Discord checks and the resolving, as their commands
    declare them and the rest of the bot reads them (``cost_of``, ``on_discord``)."""
    from bot.service.command.forms import Budget
    from bot.service.verbs.export import Export
    from bot.service.verbs.forget import Forget
    from bot.service.verbs.hint import Hint
    from bot.service.verbs.lobby import Join, NewGame, Start
    from bot.service.verbs.map import Map
    from bot.service.verbs.moderation import Abandon, Pause
    from bot.service.verbs.move import Play
    from bot.service.verbs.preview import Preview, previewing
    from bot.service.verbs.replace import ReplacePlayer, ReplaceWithBot
    from bot.service.verbs.status import Status
    from bot.service.verbs.story import Story
    from bot.service.verbs.undo import Correct, Undo, UndoLast, UndoTo

    picture, animation = (Budget.PICTURE,), (Budget.PICTURE, Budget.ANIMATION)
    costs = {Map(): (picture, "map"), previewing("Pass"): (picture, "preview"),
             Hint(): ((Budget.PICTURE, Budget.THINKING), "hint"),
             Story("chart"): (picture, "chart"),
             Story("replay"): (animation, "replay"), Export("html"): (animation, "export html"),
             Forget(False): ((Budget.FORGET,), "forget me")}
    for cmd, (budgets, again) in costs.items():
        cost = registry.cost_of(cmd)
        assert cost is not None and (cost.budgets, cost.again) == (budgets, again), cmd
    assert registry.cost_of(Export("txt")) is None and registry.cost_of(Status()) is None
    asking = {kind for kind, route in registry.ROUTES.items()
              if getattr(route, "confirm", None) is not None}
    assert asking == {UndoLast, UndoTo, Correct, Abandon}
    assert all(registry.ROUTES[k].confirm.above == 3 for k in asking)  # type: ignore[union-attr]
    posting = {kind for kind, route in registry.ROUTES.items() if route.discord.posts}
    assert posting == {NewGame, Start}
    assert registry.on_discord(ReplacePlayer("A", "@b")).member == "user"
    assert registry.on_discord(ReplaceWithBot("A", None)).member is None
    assert registry.on_discord(Pause()).member is None
    resolving = {kind for kind, route in registry.ROUTES.items()
                 if getattr(route, "resolve", None) is not None}
    # join by whom a seat is offered to; moves (and a preview's) that the adapter read before
    # the table's languages were known are read again in them
    assert resolving == {Join, Play, Preview} and Undo not in asking
