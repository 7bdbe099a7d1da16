"""The command table: every command has one route, its needs are checked before its handler,
typed commands (what slash commands send) are answered exactly as their text, and a chat
message is read once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.api import Command
from bot.service.command import words as commands
from bot.service.router import reading, registry
from bot.service.verbs import move
from bot.service.verbs.export import Export
from bot.service.verbs.lobby import Start
from bot.service.verbs.log import Log
from bot.service.verbs.map import Map
from bot.service.verbs.moderation import ActAs
from bot.service.verbs.moves import Choices
from bot.service.verbs.replace import ReplacePlayer
from bot.service.verbs.status import Status
from bot.service.verbs.undo import Correct, Undo
from tests.service_support import Table, actor, open_table, started


def _kinds(base: type) -> set[type]:
    """Every command class (a slotted dataclass replaces the class it was made from: only the
    one its module names counts)."""
    found: set[type] = set()
    kinds: list[type] = base.__subclasses__()
    for kind in kinds:
        if getattr(sys.modules[kind.__module__], kind.__name__, None) is kind:
            found |= {kind, *_kinds(kind)}
    return found


def test_every_command_has_exactly_one_route() -> None:
    # a mistyped command is answered its usage, an unknown one as unknown (router/route.py)
    kinds = _kinds(Command) - {commands.Malformed, commands.Unknown}
    routed = [kind for entry in registry.ENTRIES for kind in entry.routes]
    assert kinds <= set(routed)
    assert len(routed) == len(set(routed))


@pytest.mark.parametrize("text", ["join", "leave", "colour red", "start", "status", "moves",
                                  "log", "index", "map", "undo", "undo 2", "as A: pass",
                                  "correct 1: pass", "replace A with B", "drop A", "pause",
                                  "resume", "abandon", "nudge", "export", "accept", "pass"])
def test_a_command_about_a_game_where_there_is_none_changes_nothing(tmp_path: Path,
                                                                      text: str) -> None:
    table = open_table(str(tmp_path / "g.db"))
    reply = table.say("Zed", text)
    assert not reply.ok and "There is no game here" in reply.text
    assert table.snapshot() == (None,)


def _twins(tmp_path: Path) -> tuple[Table, Table]:
    tables = []
    for name in ("text", "typed"):
        table = open_table(str(tmp_path / f"{name}.db"))
        table.ok("Arcsyn", "new game")
        for player in ("Arcsyn", "Daemonis", "Hedgethorn"):
            table.ok(player, "join")
        tables.append(table)
    return tables[0], tables[1]


def test_typed_commands_are_answered_exactly_as_their_text(tmp_path: Path) -> None:
    by_text, by_type = _twins(tmp_path)
    steps: list[tuple[str, str, Command]] = [
        ("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn",
         Start(("Arcsyn", "Daemonis", "Hedgethorn"))),
        ("Arcsyn", "Place Office at C1", move.play("Place Office at C1")),
        ("Zed", "status", Status()),
        ("Arcsyn", "as Arcsyn: Place Pub at C2", ActAs("Arcsyn", "Place Pub at C2")),
        ("Daemonis", "moves", Choices()),
        ("Arcsyn", "correct 1: Place House at C1", Correct(1, "Place House at C1")),
        ("Zed", "map 1", Map(1)),
        ("Arcsyn", "undo 1", Undo(1)),
        ("Arcsyn", "replace Hedgethorn with <@7>", ReplacePlayer("Hedgethorn", "<@7>")),
        ("Zed", "log all", Log(everything=True)),
        ("Zed", "export json", Export("json")),
        ("Daemonis", "status", move.play("status")),  # typed as a move, it is one
    ]
    for who, text, typed in steps:
        a = by_text.say(who, text)
        b = by_type.service.handle(by_type.place, actor(who), typed)
        if isinstance(typed, move.Play) and typed.text == "status":
            assert a.ok and not b.ok and "could not read" in b.text
            continue
        assert (a.ok, a.text, a.mentions, a.picture) == (b.ok, b.text, b.mentions, b.picture)
        if a.files:
            assert [f.filename for f in a.files] == [f.filename for f in b.files]
    assert by_text.export("txt").splitlines()[1:] == by_type.export("txt").splitlines()[1:]


def test_typed_commands_go_through_the_message_limit(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    reply = table.service.handle(table.place, actor("Arcsyn"),
                                 ActAs("Arcsyn", "Pass " * 500))
    assert not reply.ok and "the message limit" in reply.text


def test_a_chat_message_is_read_once(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    text = "Place Office at C1"
    reading.read_message.cache_clear()
    reading.parse_command.cache_clear()
    assert table.service.is_game_text(table.place, text)
    assert table.ok("Arcsyn", text).changed
    assert reading.read_message.cache_info().misses == 1
    assert reading.parse_command.cache_info().misses == 1


def test_every_refusal_says_once_that_nothing_changed(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    for name, text in [("Zed", "Place Office at C1"), ("Daemonis", "Place Pub at C3"),
                       ("Arcsyn", "Place Office at N1"), ("Daemonis", "undo last 2"),
                       ("Zed", "pause"), ("Arcsyn", "join"), ("Arcsyn", "map 99"),
                       ("Arcsyn", "correct 1: Pass"), ("Arcsyn", "redo")]:
        reply = table.say(name, text)
        assert not reply.ok and reply.text.lower().count("nothing was") == 1, (text, reply.text)
