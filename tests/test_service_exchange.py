"""Export and import: text log and JSON round-trip to the same game; bad files change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.api import Attachment
from bot.cli import main as cli_main
from bot.service import GameService
from engine import GameLog, Options, random_game, replay
from tests.service_support import Table, open_table, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def _played(table: Table) -> None:
    started(table, 4)
    table.play_random(120, seed=6)
    table.ok("Arcsyn", "undo last 2")
    table.ok("Arcsyn", "drop discrider")
    table.play_random(10, seed=2)


def test_the_text_export_replays_to_the_same_position(table: Table) -> None:
    _played(table)
    reply = table.ok("Zed", "export txt")
    [attachment] = reply.files
    assert attachment.filename == "bus-game1.txt"
    text = attachment.data.decode()
    assert text.startswith("# busbot game 1 in channel-1")
    game = replay(GameLog.parse(text))
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    live = table.service.cache.get(summary).game  # the position the service plays on
    assert live is not None and game.to_json() == live.to_json()


def test_text_import_gives_the_same_game_in_another_place(table: Table) -> None:
    _played(table)
    text = table.export("txt")
    other = Table(table.service, "channel-2")
    reply = other.ok("Zed", "import", attachments=[Attachment("game.txt", text.encode())])
    assert "imported a game (text log)" in reply.text and reply.picture is not None
    assert "Empty seats: Arcsyn, Daemonis, Hedgethorn, discrider" in reply.text
    assert other.export("txt").splitlines()[1:] == text.splitlines()[1:]
    assert other.ok("Zed", "moves").text == table.ok("Zed", "moves").text
    # The importer moderates it and gives the seats to their players.
    seat = other.to_act()
    assert seat is not None
    other.ok("Zed", f"replace {seat} with {seat}")
    from bot.api import Actor

    move = other.service.choices(other.place, Actor(seat, seat))[0]
    assert other.service.handle(other.place, Actor(seat, seat), move).ok


def test_json_export_then_import_gives_the_same_game(table: Table) -> None:
    _played(table)
    exported = json.loads(table.export("json"))
    assert exported["format"] == "busbot-game"
    assert [s["dropped"] for s in exported["game"]["seats"]] == [False, False, False, True]
    assert any(not m["in_force"] for m in exported["moves"])
    other = Table(table.service, "channel-2")
    reply = other.ok("Zed", "import", attachments=[
        Attachment("game.json", json.dumps(exported).encode())])
    assert "imported a game (JSON export)" in reply.text
    again = json.loads(other.export("json"))
    assert again["records"][:-1] == exported["records"]
    assert again["records"][-1]["kind"] == "import"
    assert again["moves"] == exported["moves"]
    for key in ("edition", "options", "seats", "seed", "status", "winner"):
        assert again["game"][key] == exported["game"][key]
    assert again["log"] == exported["log"]
    # The dropped seat stays dropped and the game goes on from the same decision.
    assert other.to_act() == table.to_act()
    assert other.play_random(5, seed=9) == 5


@pytest.mark.parametrize(("data", "reason"), [
    (b"\xff\xfe\x00garbage", "not text"),
    (b"hello there", "line 1"),
    (b"players: A, B\nA: Place Office at C1\n", "3 to 5 players"),
    (b"players: A, B, C\nA: Place Office at N4\n", "line 2"),
    (b"players: A, B, C\nB: Place Office at C1\n", "line 2"),
    (b'{"format": "something else"}', "not a busbot game export"),
    (b'{"format": "busbot-game", "version": 1, "records": []}', "no records"),
    (b"{not json", "not valid JSON"),
])
def test_bad_files_are_refused_and_create_nothing(table: Table, data: bytes,
                                                  reason: str) -> None:
    reply = table.say("Zed", "import", attachments=[Attachment("x", data)])
    assert not reply.ok and reason in reply.text, reply.text
    assert "Nothing was imported" in reply.text
    assert table.snapshot() == (None,)


def test_tampered_json_is_refused_with_the_record_that_fails(table: Table) -> None:
    started(table)
    table.play_random(12, seed=1)
    exported = json.loads(table.export("json"))
    moves = [r for r in exported["records"] if r["kind"] == "move"]
    moves[3]["text"] = "Place Office at N4"
    other = Table(table.service, "channel-2")
    reply = other.say("Zed", "import", attachments=[
        Attachment("g.json", json.dumps(exported).encode())])
    assert not reply.ok and "move 4" in reply.text and "N4" in reply.text
    exported = json.loads(table.export("json"))
    exported["records"][5]["seq"] = 99
    reply = other.say("Zed", "import", attachments=[
        Attachment("g.json", json.dumps(exported).encode())])
    assert not reply.ok and "record 99" in reply.text
    exported = json.loads(table.export("json"))
    exported["records"][7]["kind"] = "teleport"
    reply = other.say("Zed", "import", attachments=[
        Attachment("g.json", json.dumps(exported).encode())])
    assert not reply.ok and "unknown kind 'teleport'" in reply.text
    assert other.snapshot() == (None,)


def test_import_needs_a_file_and_a_free_place(table: Table) -> None:
    assert "Attach" in table.say("Zed", "import").text
    started(table)
    before = table.snapshot()
    log = random_game(3, seed=1).log().format()
    reply = table.say("Zed", "import", attachments=[Attachment("g.txt", log.encode())])
    assert not reply.ok and "already a game here" in reply.text
    assert table.snapshot() == before


def test_command_line_export_and_import(tmp_path: Path, table: Table,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    started(table)
    table.play_random(20, seed=3)
    db = table.service.store.path
    out = tmp_path / "game.txt"
    assert cli_main(["export", "1", "--format", "txt", "--db", db, "--out", str(out)]) == 0
    assert cli_main(["replay", str(out)]) == 0
    assert "20 moves replayed" in capsys.readouterr().out
    assert cli_main(["export", "channel-1", "--format", "json", "--db", db]) == 0
    assert json.loads(capsys.readouterr().out)["game"]["id"] == 1
    assert cli_main(["export", "77", "--db", db]) == 1
    assert "no game" in capsys.readouterr().err
    assert cli_main(["import", str(out), "--db", db, "--place", "console"]) == 0
    assert "imported a game" in capsys.readouterr().out
    assert cli_main(["import", str(out), "--db", db, "--place", "console"]) == 1
    service = GameService(db, renderer=None)
    summary = service.store.latest_game("console")
    assert summary is not None and summary.players == "Arcsyn, Daemonis, Hedgethorn"
    # Imported from the command line, seats belong to the users of the same name.
    from bot.api import Actor

    seat = summary.waiting_seat
    assert seat is not None and service.choices("console", Actor(seat, seat))


# ---- rule options and table settings apart (issue 32, item 14) --------------------------------

def test_the_text_export_writes_table_settings_apart_from_rule_options(table: Table) -> None:
    """``option: auto_single = true`` sat among the rule options, and an independent reader of
    the log format refused it ("unknown option"): settings go on ``setting:`` lines."""
    started(table, options="first_line_on_empty_street=true auto_single=true hints=off")
    table.ok("Arcsyn", "auto_single off")  # a moderator's change later is what is exported
    text = table.export("txt")
    headers = [line for line in text.splitlines() if line.startswith(("option:", "setting:"))]
    assert headers == ["option: first_line_on_empty_street = true",
                       "setting: auto_single = false", "setting: hints = off"]
    log = GameLog.parse(text)
    assert log.options == {"first_line_on_empty_street": "true"}
    assert log.settings == {"auto_single": "false", "hints": "off"}
    # every option line names a rule option an independent reader knows
    assert set(log.options) <= set(Options.names())
    replay(log)


def test_settings_and_options_round_trip_through_import(table: Table) -> None:
    started(table, options="markers=12 auto_single=true hints=off")
    table.play_random(10, seed=3)
    text = table.export("txt")
    other = Table(table.service, "channel-2")
    other.ok("Zed", "import", attachments=[Attachment("game.txt", text.encode())])
    again = other.export("txt")
    assert again.splitlines()[1:] == text.splitlines()[1:]
    seat = other.to_act()
    assert seat is not None
    other.ok("Zed", f"replace {seat} with {seat}")
    assert "Hints are off in this game" in other.say(seat, "hint").text
    rules = other.ok("Zed", "rules").text
    assert "12 markers each" in rules and "single choices played automatically: yes" in rules


def test_an_old_log_with_auto_single_as_an_option_still_imports(table: Table) -> None:
    old = ("players: Ada, Bram, Cleo\nedition: capstone\noption: markers = 12\n"
           "option: auto_single = true\nAda: Place Office at C1\n")
    assert GameLog.parse(old).settings == {"auto_single": "true"}
    reply = table.ok("Ada", "import", attachments=[Attachment("old.txt", old.encode())])
    assert "1 move replayed" in reply.text
    exported = table.export("txt")
    assert "option: auto_single" not in exported
    assert "setting: auto_single = true" in exported and "option: markers = 12" in exported
    assert "single choices played automatically: yes" in table.ok("Ada", "rules").text


@pytest.mark.parametrize(("line", "reason"), [
    ("setting: colour_scheme = dark", "line 3: 'colour_scheme' is not a table setting"),
    ("setting: hints = maybe", "line 3: option hints takes on or off"),
    ("setting hints off", "line 3"),
    ("setting: hints", "line 3: a setting line reads 'setting: name = value'"),
    ("option: auto_single = maybe", "line 3: option auto_single takes true or false"),
])
def test_a_setting_busbot_does_not_know_is_refused_by_its_line(table: Table, line: str,
                                                               reason: str) -> None:
    text = f"players: Ada, Bram, Cleo\nedition: capstone\n{line}\nAda: Place Office at C1\n"
    reply = table.say("Ada", "import", attachments=[Attachment("x.txt", text.encode())])
    assert not reply.ok and reason in reply.text, reply.text
    assert table.service.store.latest_game(table.place) is None


def test_a_replay_reads_past_settings_it_has_no_use_for() -> None:
    """The engine's reader keeps settings it does not know; they change no rule."""
    log = GameLog.parse("players: Ada, Bram, Cleo\nsetting: colour_scheme = dark\n"
                        "Ada: Place Office at C1\n")
    assert log.settings == {"colour_scheme": "dark"} and len(replay(log).history) == 1
    again = GameLog.parse(log.format())
    assert (again.settings, again.options, again.moves) == (log.settings, log.options, log.moves)


def test_log_and_rules_work_in_a_game_without_hints(table: Table) -> None:
    """A table setting in the game's options never reaches the rules' replay (``log`` replayed
    the options as rule options, and ``hints`` is none)."""
    started(table, options="hints=off")
    table.play_random(8, seed=1)
    assert "**Setup**" in table.ok("Zed", "log").text


def test_no_seat_is_named_like_the_setting_header(table: Table) -> None:
    """A seat named ``setting`` would write move lines that read back as a header."""
    table.ok("Arcsyn", "new game")
    reply = table.say("Setting", "join")
    assert not reply.ok and "'Setting'" in reply.text
