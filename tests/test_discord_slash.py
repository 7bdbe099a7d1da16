"""A slash command and its text twin: the same command, so the same answer.

Slash commands hand the service typed commands, text messages their words; both go through the
same limits and command table. Two tables play the same script side by side, one by ``!bus``
text and one by ``/bus``, and every answer reads the same (the game's own number aside).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.discord_support import Person, Table, busbot_table

MODERATOR_ROLE = "Bus moderator"

#: (who, what they write after ``!bus``, the slash subcommand, its options)
SCRIPT: list[tuple[str, str, str, dict[str, Any]]] = [
    ("Arcsyn", "status", "status", {}),
    ("Mod", "new game clock_stones=1", "new", {"options": "clock_stones=1"}),
    ("Arcsyn", "join", "join", {}),
    ("Daemonis", "join", "join", {}),
    ("Hedgethorn", "join", "join", {}),
    ("Hedgethorn", "leave", "do", {"command": "leave"}),
    ("Hedgethorn", "join green", "join", {"colour": "Green"}),
    ("Arcsyn", "start", "start", {}),
    ("Mod", "start order: Arcsyn, Daemonis, Hedgethorn", "start",
     {"order": "Arcsyn, Daemonis, Hedgethorn"}),
    ("Daemonis", "Place House at C1", "move", {"move": "Place House at C1"}),
    ("Arcsyn", "Place House at C1", "move", {"move": "Place House at C1"}),
    ("Arcsyn", "status", "status", {}),
    ("Arcsyn", "moves", "moves", {}),
    ("Mod", "as Arcsyn: Place Office at C1", "as",
     {"player": "Arcsyn", "move": "Place Office at C1"}),
    ("Daemonis", "Place House at C2", "move", {"move": "Place House at C2"}),
    ("Mod", "correct 3: Place House at C3", "correct", {"number": 3, "move": "Place House at C3"}),
    ("Daemonis", "undo", "undo", {}),
    ("Mod", "undo last 2", "undo", {"count": 2}),
    ("Mod", "redo", "redo", {}),
    ("Mod", "undo last 2", "undo", {"count": 2}),
    ("Zed", "map 0", "map", {"number": 0}),
    ("Zed", "map 9", "map", {"number": 9}),
    ("Zed", "map 0 phone", "map", {"number": 0, "layout": "phone"}),
    ("Zed", "layout phone", "layout", {"layout": "phone"}),
    ("Zed", "layout", "layout", {}),
    ("Zed", "layout channel portrait", "layout", {"layout": "portrait", "channel": True}),
    ("Mod", "layout channel portrait", "layout", {"layout": "portrait", "channel": True}),
    ("Zed", "layout default", "layout", {"layout": "default"}),
    ("Zed", "log all", "log", {"everything": True}),
    ("Zed", "log", "log", {}),
    ("Zed", "help", "help", {}),
    ("Mod", "help", "help", {}),
    ("Zed", "rules", "rules", {}),
    ("Zed", "nudge", "do", {"command": "nudge"}),
    ("Mod", "nudge", "do", {"command": "nudge"}),
    ("Zed", "export json", "export", {"format": "json"}),
    ("Mod", "export", "export", {}),
    ("Daemonis", "Place office at C2; place pub at C9", "move",
     {"move": "Place office at C2; place pub at C9"}),
    ("Mod", "pause", "do", {"command": "pause"}),
    ("Arcsyn", "Place House at C4", "move", {"move": "Place House at C4"}),
    ("Mod", "resume", "do", {"command": "resume"}),
    ("Arcsyn", "Place House at C4", "move", {"move": "Place House at C4"}),
]


def _read(text: str) -> str:
    """An answer without the game's own number, which differs between the two tables."""
    return re.sub(r"(?i)(game ?#?)\d+", r"\1N", text)


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


@pytest.mark.long
async def test_every_slash_command_answers_as_its_text_twin(table: Table) -> None:
    server = table.server
    people: dict[str, Person] = {
        name: server.person(name, roles=(MODERATOR_ROLE,) if name == "Mod" else ())
        for name in ("Arcsyn", "Daemonis", "Hedgethorn", "Mod", "Zed")}
    by_text, by_slash = server.thread("by text"), server.thread("by slash")
    for who, text, subcommand, options in SCRIPT:
        written = await server.say(people[who], f"!bus {text}", where=by_text)
        answer = await server.slash(people[who], subcommand, where=by_slash, **options)
        assert [_read(p.content) for p in written] == [_read(p.content) for p in answer.posts], \
            text
        assert [p.pings for p in written] == [p.pings for p in answer.posts], text
        assert [len(p.pictures) for p in written] == [len(p.pictures) for p in answer.posts]
        assert [n.replace("game2", "game1") for p in written for n, _ in p.files
                if not n.endswith(".png")] == [
            n.replace("game2", "game1") for p in answer.posts for n, _ in p.files
            if not n.endswith(".png")], text
    assert table.moves_played(by_text) == table.moves_played(by_slash)
    assert table.moves_played(by_text)  # the script did play moves


async def test_a_slash_move_is_read_as_moves_only(table: Table) -> None:
    """``/bus move status`` is a move that cannot be read, not the ``status`` command (in a
    game, where the two readings answer differently)."""
    server = table.server
    mod = server.person("Mod", roles=(MODERATOR_ROLE,))
    await server.say(mod, "!bus new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        await server.say(server.person(name), "!bus join")
    await server.say(mod, "!bus start order: Arcsyn, Daemonis, Hedgethorn")
    answer = await server.slash(server.person("Arcsyn"), "move", move="status")
    assert "I could not read that as a move" in answer.text
    assert "the word 'status'" in answer.text and "0 moves played" not in answer.text
    assert all(post.ephemeral for post in answer.posts)
    status = await server.slash(server.person("Arcsyn"), "status")
    assert "0 moves played" in status.text  # what the other reading would have answered


async def test_a_slash_replace_offers_the_seat_to_the_member_picked(table: Table) -> None:
    """The member comes with the slash command, so no name is looked up: the seat is offered to
    exactly that member, who takes it with ``accept``."""
    server = table.server
    mod = server.person("Mod", roles=(MODERATOR_ROLE,))
    await server.say(mod, "!bus new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        await server.say(server.person(name), "!bus join")
    await server.say(mod, "!bus start order: Arcsyn, Daemonis, Hedgethorn")
    carol = server.person("Carol")
    answer = await server.slash(mod, "replace", player="Daemonis", user=carol)
    assert "offered Daemonis's seat to Carol" in answer.text, answer.text
    taken = await server.say(carol, "!bus accept")
    assert "Carol takes Daemonis's seat" in taken[0].content, taken[0].content
