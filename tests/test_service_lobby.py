"""The lobby: creating a game, seats and colours, and the start (random with a seed, or given)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.service_support import Table, open_table, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def test_new_game_then_join_and_start_in_the_given_order(table: Table) -> None:
    reply = table.ok("Arcsyn", "new game")
    assert "capstone" in reply.text and "join" in reply.text
    table.ok("Daemonis", "join blue")
    table.ok("Hedgethorn", "join")
    reply = table.ok("Arcsyn", "join as Arc")
    assert "Arc joins the game as yellow" in reply.text
    reply = table.ok("Arcsyn", "start order: Hedgethorn, Arc, Daemonis")
    assert "Hedgethorn (red), Arc (yellow), Daemonis (blue)" in reply.text
    assert "given by the moderator" in reply.text
    assert reply.picture is not None and reply.changed
    assert reply.mentions == ["id-Hedgethorn"]
    assert table.to_act() == "Hedgethorn"


def test_random_start_records_its_seed_and_the_order_follows_from_it(table: Table) -> None:
    table.ok("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn", "discrider"):
        table.ok(name, "join")
    reply = table.ok("Arcsyn", "start")
    seed = int(reply.text.split("seed ")[1].split(")")[0])
    order = ["Arcsyn", "Daemonis", "Hedgethorn", "discrider"]
    random.Random(seed).shuffle(order)
    assert "players: " + ", ".join(order) in table.export("txt")
    assert f"seed {seed}" in table.ok("Daemonis", "log").text


def test_a_second_game_in_the_same_place_is_refused_until_the_first_ends(table: Table) -> None:
    started(table)
    before = table.snapshot()
    reply = table.say("Esme", "new game")
    assert not reply.ok and "already a game here" in reply.text
    assert table.snapshot() == before
    table.ok("Arcsyn", "abandon")
    assert table.ok("Esme", "new game splotter-2nd").changed
    assert "splotter-2nd" in table.ok("Esme", "status").text


def test_options_are_set_at_creation_and_bad_ones_refused(table: Table) -> None:
    reply = table.say("Arcsyn", "new game capstone markers=eighteen")
    assert not reply.ok and "markers" in reply.text
    assert table.snapshot() == (None,)
    reply = table.say("Arcsyn", "new game colour_blind=true")
    assert not reply.ok and "unknown option" in reply.text
    reply = table.say("Arcsyn", "new game tuesday")
    assert not reply.ok and "tuesday" in reply.text
    table.ok("Arcsyn", "new game capstone markers = 18 first_line_on_empty_street=true")
    rules = table.ok("Daemonis", "rules").text
    assert "18 markers" in rules and "first line on an empty street: yes" in rules
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok(name, "join")
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")
    exported = table.export("txt")
    assert "option: markers = 18" in exported
    assert "option: first_line_on_empty_street = true" in exported


def test_seats_colours_and_their_refusals(table: Table) -> None:
    table.ok("Arcsyn", "new game")
    table.ok("Arcsyn", "join green")
    cases = [
        ("Arcsyn", "join", "already sit"),
        ("Daemonis", "join green", "green is taken"),
        ("Daemonis", "join pink", "not a colour"),
        ("Daemonis", "join as Arcsyn", "taken"),
        ("Daemonis", "join as A:B", "may not contain"),
        ("Daemonis", "colour red", "not seated"),
        ("Daemonis", "leave", "not seated"),
    ]
    for name, text, reason in cases:
        before = table.snapshot()
        reply = table.say(name, text)
        assert not reply.ok and reason in reply.text, (text, reply.text)
        assert reply.ephemeral
        assert table.snapshot() == before
    table.ok("Daemonis", "join")
    assert "Daemonis now plays purple" in table.ok("Daemonis", "colour purple").text
    assert "leaves" in table.ok("Daemonis", "leave").text
    assert "Seated: Arcsyn (green)." in table.ok("Hedgethorn", "status").text


def test_the_table_holds_five_and_the_game_needs_three(table: Table) -> None:
    table.ok("Arcsyn", "new game")
    table.ok("Arcsyn", "join")
    table.ok("Daemonis", "join")
    reply = table.say("Arcsyn", "start")
    assert not reply.ok and "3 to 5 players" in reply.text
    for name in ("Hedgethorn", "discrider", "Esme"):
        table.ok(name, "join")
    reply = table.say("Zed", "join")
    assert not reply.ok and "full" in reply.text


def test_only_a_moderator_starts_and_a_started_game_keeps_its_seats(table: Table) -> None:
    table.ok("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok(name, "join")
    before = table.snapshot()
    reply = table.say("Daemonis", "start")
    assert not reply.ok and "Only a moderator" in reply.text
    reply = table.say("Arcsyn", "start order: Arcsyn, Daemonis")
    assert not reply.ok and "every seat" in reply.text
    reply = table.say("Arcsyn", "start order: Arcsyn, Daemonis, Zed")
    assert not reply.ok and "Zed is not seated" in reply.text
    assert table.snapshot() == before
    table.ok("Esme", "start", manager=True)
    for text in ("join", "leave", "colour purple"):
        reply = table.say("Daemonis" if text != "join" else "Esme", text)
        assert not reply.ok and "the game is active" in reply.text


def test_moderator_role_comes_from_the_configuration(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "db.sqlite"), role="Bus moderator")
    table.ok("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok(name, "join")
    assert not table.say("Esme", "start", roles=["Regular"]).ok
    assert table.ok("Esme", "start", roles=["bus MODERATOR"]).changed


def test_commands_without_a_game_say_how_to_start_one(table: Table) -> None:
    for text in ("join", "status", "Place Office at C1", "undo", "start"):
        reply = table.say("Arcsyn", text)
        assert not reply.ok and "new game" in reply.text
    assert table.ok("Arcsyn", "help").text.startswith("**Lobby**")
    assert table.snapshot() == (None,)


def test_is_game_text_tells_commands_and_moves_from_chat(table: Table) -> None:
    service, place = table.service, table.place
    assert not service.is_game_text(place, "status")  # no game here yet
    started(table)
    for text in ("status", "join", "undo last 2", "as Daemonis: place pub C3",
                 "Place Office at C1",
                 "place office at c1; place pub at c3", "Pass", "Choose Line expansion",
                 "Stop time", "map 3", "export json"):
        assert service.is_game_text(place, text), text
    for text in ("let me think", "ok I am done for today", "good game everyone", "lol",
                 "join us tomorrow?", "who is next?", "take the bus home", "map please",
                 "I will build a house somewhere nice"):
        assert not service.is_game_text(place, text), text
    assert not service.is_game_text("other-channel", "Place Office at C1")


def test_bare_moves_and_questions_are_game_text_only_from_the_player_to_act(
        table: Table) -> None:
    service, place = table.service, table.place
    started(table)  # Arcsyn places the first starting buildings
    for text in ("time?", "clock", "the bus", "take the bus", "Place Office at C1?"):
        assert service.is_game_text(place, text, "id-Arcsyn"), text
        assert not service.is_game_text(place, text, "id-Daemonis"), text
        assert not service.is_game_text(place, text), text
    for who in ("id-Arcsyn", "id-Daemonis", "id-Zed", None):
        assert service.is_game_text(place, "Place Office at C1", who)
        assert service.is_game_text(place, "place office at c1, then pass", who)
    table.ok("Arcsyn", "pause")
    assert not service.is_game_text(place, "time?", "id-Arcsyn")  # paused: nobody is to act
    assert service.is_game_text(place, "Place Office at C1", "id-Arcsyn")
