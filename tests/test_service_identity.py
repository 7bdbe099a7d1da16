"""Who is who: importers moderate what they import, and names match whatever their case."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.api import Actor, Attachment, Reply
from bot.cli import main as cli_main
from bot.service import GameService
from tests.service_support import SETUP, Table, fake_png, open_table, play, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def console_user(name: str) -> Actor:
    """A console user: the name typed before the colon is the user."""
    return Actor(name, name)


def at_console(service: GameService, name: str, text: str) -> Reply:
    return service.handle("console", console_user(name), text)


def exported_log(tmp_path: Path) -> Path:
    """A game log as `export txt` writes it: three players through the setup."""
    path = tmp_path / "game.txt"
    path.write_text("players: Ada, Bram, Cleo\n"
                    "Ada: Place Office at C1\nAda: Place Pub at C2\n"
                    "Bram: Place House at C3\nBram: Place Office at C4\n"
                    "Cleo: Place Pub at E3\nCleo: Place House at W3\n", encoding="utf-8")
    return path


def test_busbot_import_without_as_makes_the_first_seat_the_moderator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.db")
    log = exported_log(tmp_path)
    assert cli_main(["import", str(log), "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Ada imported a game (text log)" in out and "Ada moderates it." in out
    service = GameService(db, renderer=fake_png)
    moves = at_console(service, "Bram", "log all").text
    assert "(by " not in moves  # every imported move is its own player's, nobody else's
    assert "console" not in moves
    assert at_console(service, "Ada", "pause").ok  # the importer, who sits there, moderates
    assert not at_console(service, "Bram", "resume").ok
    assert at_console(service, "ada", "resume").ok  # and names are not case-sensitive
    service.close()


def test_busbot_import_as_someone_makes_them_the_moderator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.db")
    assert cli_main(["import", str(exported_log(tmp_path)), "--db", db, "--as", "Zed"]) == 0
    assert "Zed moderates it." in capsys.readouterr().out
    service = GameService(db, renderer=fake_png)
    assert not at_console(service, "Ada", "pause").ok
    assert at_console(service, "Zed", "pause").ok
    service.close()


def test_console_names_match_whatever_their_case(table: Table) -> None:
    say = table.service.handle
    place = table.place
    assert say(place, console_user("Ada"), "new game").ok
    for name in ("dave", "Bram", "Cleo"):
        assert say(place, console_user(name), "join").ok
    reply = say(place, console_user("DAVE"), "join")
    assert not reply.ok and "already sit at this table as dave" in reply.text
    assert say(place, console_user("ada"), "start order: Dave, bram, CLEO").ok  # the creator
    reply = say(place, console_user("Dave"), "Place Office at C1")
    assert reply.ok and "dave: Place Office at C1" in reply.text
    assert say(place, console_user("DAVE"), "undo").ok
    assert "You are a moderator" in say(place, console_user("ADA"), "help").text


def test_moves_all_lists_every_legal_choice(table: Table) -> None:
    started(table)
    play(table, SETUP)
    legal = table.service.choices(table.place, Actor("id-Arcsyn", "Arcsyn"))
    assert len(legal) > 40
    short = table.ok("Zed", "moves").text
    assert f"and {len(legal) - 40} more (`moves all` lists every one)" in short
    everything = table.ok("Zed", "moves all").text.splitlines()
    assert everything[1] == f"Every legal choice now ({len(legal)}):"
    assert everything[2:] == [f"  · {move}" for move in legal]


def test_what_the_service_says_reads_right(table: Table) -> None:
    rules = table.ok("Zed", "rules").text
    assert "This game" not in rules and "No game is open here" in rules
    reply = table.say("Zed", "undo please")
    assert not reply.ok
    assert reply.text == ("That command is written `undo` (your own last move), `undo NAME` "
                          "(that player's last move), `undo last K` (the last K moves) or "
                          "`undo to N` (move N and every move after it). Nothing was changed.")
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    status = table.ok("Zed", "status").text
    assert "1 move played" in status and "1 bus," in status
    table.ok("Arcsyn", "abandon")
    assert "This game" not in table.ok("Zed", "rules").text


def test_a_replaced_seat_shows_its_new_players_name_from_then_on(table: Table,
                                                                 tmp_path: Path) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    table.ok("Daemonis", "Place House at C3")
    before_picture = table.ok("Zed", "map").picture
    reply = table.ok("Arcsyn", "replace Daemonis with @Walt")
    assert "gave Daemonis's seat to Walt; the seat plays as Walt from now on" in reply.text
    assert "Next: Walt: place 1 starting building" in reply.text
    assert reply.mentions == ["Walt"]
    assert reply.picture is not None and reply.picture != before_picture
    refused = table.say("Hedgethorn", "Place Pub at E3")
    assert not refused.ok and "The game waits for Walt" in refused.text
    walt = Actor("Walt", "Walt")
    reply = table.service.handle(table.place, walt, "Place Office at C4")
    assert reply.ok and "Walt: Place Office at C4" in reply.text
    assert "Walt, blue" in table.ok("Zed", "status").text
    log = table.ok("Zed", "log").text.splitlines()
    assert "3. Daemonis: Place House at C3" in log  # who played which move stays
    assert "  — Arcsyn gave Daemonis's seat to Walt (named Walt from then on)" in log
    assert "4. Walt: Place Office at C4" in log and not any("(by" in line for line in log)
    exported = table.export("txt")
    assert "players: Arcsyn, Walt, Hedgethorn" in exported
    assert ("# Walt took over the seat of Daemonis after move 3; the moves before were "
            "Daemonis's\n") in exported
    # Taking back and putting back across the change of name.
    table.ok("Arcsyn", "undo to 3")
    table.ok("Arcsyn", "redo")
    assert table.to_act() == "Hedgethorn"
    # A service started afresh, and an imported copy, agree.
    looks = [table.ok("Zed", t).text for t in ("status", "log all")]
    fresh = Table(GameService(table.service.store.path, renderer=fake_png), table.place)
    assert [fresh.ok("Zed", t).text for t in ("status", "log all")] == looks
    fresh.service.close()
    other = open_table(str(tmp_path / "other.db"))
    other.ok("Arcsyn", "import",
             attachments=[Attachment("g.json", table.export("json").encode())])
    assert "Walt, blue" in other.ok("Zed", "status").text
    # A name another seat has, or a Discord mention, leaves the seat's name as it is.
    reply = table.ok("Arcsyn", "replace Walt with <@4242>")
    assert "plays as" not in reply.text and "Walt (offered to <@4242>" in table.ok(
        "Zed", "status").text
