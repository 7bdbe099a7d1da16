"""``preview MOVES``: the table as it would be, drawn from a copy; nothing is ever recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.api import Position
from bot.service import GameService
from engine import Game
from engine.limits import PICTURES_PER_USER
from tests.service_support import PNG_SIGNATURE, Table, open_table, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def test_a_preview_shows_the_table_after_the_moves_and_plays_nothing(table: Table) -> None:
    started(table)
    before = table.snapshot()
    reply = table.ok("Daemonis", "preview Place Office at C1 and Pub at C2")
    assert reply.text.startswith("Preview only: nothing was played.")
    assert "Arcsyn: Place Office at C1" in reply.text and "Arcsyn: Place Pub at C2" in reply.text
    assert "After that, next: Daemonis" in reply.text and "Then: Next:" not in reply.text
    assert reply.text.endswith("Only Arcsyn can play it now, by writing: Place Office at C1; "
                               "Place Pub at C2")  # Daemonis previewed Arcsyn's move
    assert reply.preview == "Place Office at C1; Place Pub at C2"
    assert reply.picture is not None and reply.picture.startswith(PNG_SIGNATURE)
    assert reply.picture_name == "bus-game1-move002-preview.png"
    assert not reply.changed and reply.mentions == []
    assert table.snapshot() == before  # not a record, not a picture in the index
    played = table.ok("Arcsyn", "Place Office at C1 and Pub at C2")
    # the very table the preview showed, without the preview's mark
    assert played.picture is not None
    assert reply.picture == played.picture + b"Preview: not played"


def test_an_illegal_preview_is_refused_as_the_move_would_be(table: Table) -> None:
    started(table)
    before = table.snapshot()
    reply = table.say("Arcsyn", "preview Place Office at C1; Place Pub at N4")
    assert not reply.ok and reply.ephemeral and reply.picture is None
    assert "Move 2 of 2 (Place Pub at N4) failed" in reply.text
    assert "Nothing was previewed or changed." in reply.text
    typo = table.say("Arcsyn", "preview plaec office at C1")
    assert not typo.ok and "did you mean place" in typo.text
    assert table.snapshot() == before


def test_preview_needs_moves_and_a_game_under_way(table: Table) -> None:
    bare = table.say("Arcsyn", "preview")
    assert not bare.ok and "`preview MOVE...`" in bare.text
    table.ok("Arcsyn", "new game")
    lobby = table.say("Arcsyn", "preview Place Office at C1")
    assert not lobby.ok and "the game is lobby" in lobby.text


def test_a_maybe_inside_a_preview_is_previewed_and_a_maybe_alone_is_answered(
        table: Table) -> None:
    started(table)
    reply = table.ok("Arcsyn", "preview maybe Place Office at C1")
    assert reply.preview == "Place Office at C1" and reply.picture is not None
    answer = table.say("Arcsyn", "maybe Place Office at C1")
    assert answer.picture is None and "would be legal now" in answer.text


def test_previews_are_drawn_against_the_table_as_it_stands(tmp_path: Path) -> None:
    seen: list[tuple[int, int | None, str]] = []

    def renderer(game: Game, *, previous: Game | None = None, note: str = "") -> bytes:
        seen.append((len(game.history), None if previous is None else len(previous.history),
                     note))
        return PNG_SIGNATURE

    table = Table(GameService(str(tmp_path / "busbot.db"), renderer=renderer))
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    seen.clear()
    table.ok("Daemonis", "preview Place Pub at C2")
    assert seen == [(2, 1, "Preview: not played")]  # marked, so nobody takes it for the table
    seen.clear()
    table.ok("Daemonis", "map")
    table.ok("Arcsyn", "Place Pub at C2")
    assert [note for *_, note in seen] == ["", ""]


def test_since_says_what_changed_after_a_position(table: Table) -> None:
    started(table)
    now = table.service.table_now(table.place)
    assert now is not None and now.player == "Arcsyn" and "Place Office at C1" in now.choices
    table.ok("Arcsyn", "Place Office at C1")
    assert table.service.since(table.place, now.position) == (
        "The table has moved on: Arcsyn: Place Office at C1.")
    later = table.service.table_now(table.place)
    assert later is not None and table.service.since(table.place, later.position) == ""
    table.ok("Arcsyn", "undo")
    table.ok("Arcsyn", "Place Pub at C2")
    assert "taken back" in table.service.since(table.place, later.position)
    assert Position.parse(later.position.key()) == later.position
    assert Position.parse("1:2") is None and Position.parse("a:b:c") is None


def test_previews_cost_a_picture_like_map(tmp_path: Path) -> None:
    now = [1_000_000.0]
    table = open_table(str(tmp_path / "limited.db"), rate_limits=True, clock=lambda: now[0])
    started(table)
    drawn = 0
    for _ in range(PICTURES_PER_USER.burst + 5):
        reply = table.say("Zed", "preview Place Office at C1")
        if reply.ok:
            drawn += 1
        else:
            assert "try `preview` again in" in reply.text and reply.picture is None
    assert drawn == PICTURES_PER_USER.burst
    assert not table.say("Zed", "map").ok  # one budget for every picture
    now[0] += PICTURES_PER_USER.per
    assert table.ok("Zed", "preview Place Office at C1").picture is not None
