"""``forget me`` and ``busbot forget USER_ID`` (issue 21, finding 7): a member's id and names
leave every stored game, replaced by a stable pseudonym, and the games still replay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.api import Actor
from bot.cli import main as cli_main
from bot.maintenance import check
from bot.service import GameService
from bot.service.store.privacy import forget
from tests.service_support import SETUP, Table, actor, fake_png, open_table, play, started


def _everything(path: Path) -> str:
    """Every stored value of the database, as text (to look for a name or id anywhere)."""
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return "\n".join(repr(row) for t in tables for row in conn.execute(f"SELECT * FROM {t}"))


@pytest.fixture
def played(tmp_path: Path) -> tuple[Table, Path]:
    path = tmp_path / "busbot.db"
    table = open_table(str(path), announce=True)
    started(table)
    for n, (name, move) in enumerate(SETUP):
        table.ok(name, move, message_id=str(1000 + n))
    return table, path


def test_forget_me_asks_first_then_replaces_the_member_everywhere_and_the_game_replays(
        played: tuple[Table, Path]) -> None:
    table, path = played
    before = table.export("txt")
    asked = table.ok("Daemonis", "forget me")
    assert "would replace your id and names with a pseudonym in 1 game" in asked.text
    assert "forget me confirm" in asked.text
    assert "Daemonis" in _everything(path)  # asking changed nothing
    done = table.ok("Daemonis", "forget me confirm")
    assert done.text.startswith("Done: replaced your id and names with a pseudonym in 1 game "
                                "(1);")
    assert "Player 2" not in done.text  # the table is not told who the pseudonym was
    assert "2 handled messages and 4 owed posts were deleted" in done.text
    assert "in the open game(s) 1 the seat waits for a moderator" in done.text
    stored = _everything(path)
    assert "Daemonis" not in stored and "id-Daemonis" not in stored
    after = table.export("txt")
    assert after.replace("Player 2 of game 1", "Daemonis").split("\n")[1:] == \
        before.split("\n")[1:]  # the same game, every move, under the pseudonym
    assert check(str(path))[0] == 0  # replays to its summary, positions included
    # the game plays on: the moderator drops the forgotten seat, whose moves are automatic
    table.ok("Arcsyn", "drop Player 2 of game 1")
    # asking again finds the pseudonym only: the same, stable
    again = table.ok("Daemonis", "forget me confirm")
    assert "nothing was stored about that id" in again.text


def test_the_pseudonym_is_stable_and_numbered_by_first_appearance(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "a.db"))
    started(table)  # Arcsyn creates and joins, Daemonis 2nd, Hedgethorn 3rd
    table.ok("Hedgethorn", "forget me confirm")
    assert "Player 3 of game 1" in table.export("txt")
    table.ok("Arcsyn", "forget me confirm")
    text = table.export("txt")
    assert "players: Player 1 of game 1, Daemonis, Player 3 of game 1" in text


def test_the_operator_forgets_a_user_id_from_the_command_line(
        played: tuple[Table, Path], capsys: pytest.CaptureFixture[str]) -> None:
    table, path = played
    table.service.close()
    assert cli_main(["forget", "--db", str(path), "id-Arcsyn"]) == 0
    out = capsys.readouterr().out
    assert ("replaced the user id-Arcsyn's id and names with a pseudonym in 1 game (game 1 "
            "(Player 1 of game 1))") in out
    assert "Arcsyn" not in _everything(path)
    assert check(str(path))[0] == 0
    assert cli_main(["forget", "--db", str(path), "id-Nobody"]) == 0
    assert "nothing" in capsys.readouterr().out


def test_a_running_service_drops_its_cached_games_when_another_process_forgets(
        tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    table = open_table(str(path))
    started(table)
    play(table, SETUP[:2])
    other = GameService(str(path), renderer=fake_png, rate_limits=False)
    forget(other.store, "id-Arcsyn")
    other.close()
    reply = table.ok("Daemonis", "Place House at C3")  # the bot, still running, plays on
    assert "Arcsyn" not in reply.text and "Arcsyn" not in _everything(path)
    assert table.service.handle(table.place, actor("Zed"), "status").ok


def test_forgetting_players_of_a_seat_taken_over_keeps_the_game_replaying(
        tmp_path: Path) -> None:
    """Daemonis's seat is taken over by Zed (and renamed); forgetting Daemonis, then Zed, then
    the moderator leaves a game that replays to its summary and names none of them."""
    path = tmp_path / "over.db"
    table = open_table(str(path))
    started(table)
    play(table, SETUP[:3])
    table.ok("Arcsyn", "replace Daemonis with Zed")  # the seat plays as Zed from now on
    record = table.service.cache.get(table.service.store.latest_game(table.place)).record  # type: ignore[arg-type]
    zed = next(s for s in record.seats if s.name == "Zed")
    assert zed.user_id is not None
    assert table.service.handle(table.place, Actor(zed.user_id, "Zed"),
                                "Place Office at C4").ok
    for who in ("id-Daemonis", zed.user_id, "id-Arcsyn"):
        forget(table.service.store, who)
        assert check(str(path))[0] == 0, who
    text = table.export("txt")
    assert "Daemonis" not in text and "Arcsyn" not in text and "Zed" not in text
    assert "Hedgethorn" in text and "Player 1 of game 1" in text


def test_forget_me_is_limited_per_member_since_each_looks_through_every_record(
        tmp_path: Path) -> None:
    from engine.limits import FORGETS_PER_MEMBER

    service = GameService(str(tmp_path / "f.db"), renderer=fake_png)
    replies = [service.handle("p", actor("Zed"), "forget me") for _ in range(5)]
    assert [r.ok for r in replies] == [True] * FORGETS_PER_MEMBER.burst + [False] * (
        5 - FORGETS_PER_MEMBER.burst)
    assert "forget-per-member limit" in replies[-1].text
    assert service.handle("p", actor("Ann"), "forget me").ok  # another member's own
