"""Moderator tools, and that nobody without the right can use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.service_support import SETUP, Table, open_table, play, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"), role="Bus moderator")


def test_strangers_and_players_cannot_use_moderator_commands(table: Table) -> None:
    started(table)
    play(table, SETUP[:3])
    before = table.snapshot()
    for text in ("undo last 2", "as Daemonis: Place Pub at C4", "correct 1: Place House at C1",
                 "replace Daemonis with Zed", "drop Daemonis", "pause", "abandon", "nudge",
                 "start"):
        for name in ("Zed", "Hedgethorn"):
            reply = table.say(name, text)
            assert not reply.ok and not reply.changed, (text, reply.text)
            assert "moderator" in reply.text.lower() or "is active" in reply.text, reply.text
            assert table.snapshot() == before, text
    # Looking is open to everyone.
    for text in ("status", "log", "moves", "index", "map", "export json", "rules", "help"):
        assert table.say("Zed", text).ok, text
    assert table.snapshot() == before


def test_undo_any_number_by_creator_role_or_manager(table: Table) -> None:
    started(table)
    play(table, SETUP)
    reply = table.ok("Arcsyn", "undo last 2")
    assert "Moderator Arcsyn took back 2 moves" in reply.text
    assert "5. Hedgethorn: Place Pub at E3" in reply.text
    assert reply.mentions == ["id-Hedgethorn"]
    assert table.ok("Zed", "undo last 1", roles=["Bus moderator"]).changed
    assert table.ok("Owner", "undo", manager=True).changed  # a moderator without a seat
    assert table.to_act() == "Daemonis"
    reply = table.say("Arcsyn", "undo last 9")
    assert not reply.ok and "takes back 1 to 2" in reply.text
    log = table.ok("Hedgethorn", "log").text
    assert "Arcsyn took back 2 moves" in log and "Zed took back 1 move" in log


def test_acting_for_a_player_records_who_really_did_it(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    reply = table.ok("Arcsyn", "as arcsyn: place pub at C2")
    assert "Arcsyn: Place Pub at C2 (by moderator Arcsyn)" in reply.text
    reply = table.ok("Zed", "as Daemonis: Place House at C3", roles=["bus moderator"])
    assert "Daemonis: Place House at C3 (by moderator Zed)" in reply.text
    records = json.loads(table.export("json"))["records"]
    move = [r for r in records if r["text"] == "Place House at C3"][0]
    assert move["seat"] == "Daemonis" and move["user_id"] == "id-Zed"
    assert move["data"] == {"by_moderator": True}
    assert "3. Daemonis: Place House at C3 (by Zed)" in table.ok("Zed", "log").text
    reply = table.say("Arcsyn", "as Nobody: Pass")
    assert not reply.ok and "not a player" in reply.text
    reply = table.say("Arcsyn", "as Hedgethorn: Place Pub at E3")
    assert not reply.ok and "not your decision" in reply.text


def test_correcting_a_move_keeps_the_later_moves_that_stay_legal(table: Table) -> None:
    started(table)
    play(table, SETUP)
    reply = table.ok("Arcsyn", "correct 3: Place House at E5")
    assert "corrected move 3 (Daemonis): Place House at C3 → Place House at E5" in reply.text
    assert "the 3 later moves still stand" in reply.text
    exported = table.export("txt")
    assert "Daemonis: Place House at E5" in exported and "Place House at C3" not in exported
    assert "Hedgethorn: Place House at W3" in exported
    assert "3. Daemonis: Place House at E5 (corrected by Arcsyn)" in table.ok("Zed", "log").text


def test_a_correction_that_breaks_a_later_move_stops_there_and_says_why(table: Table) -> None:
    started(table)
    play(table, SETUP)
    reply = table.ok("Arcsyn", "correct 3: Place House at E3")
    assert "Move 5 (Hedgethorn: Place Pub at E3) is no longer legal" in reply.text
    assert "2 in all" in reply.text and "move 4 still stands" in reply.text
    assert table.to_act() == "Hedgethorn"
    exported = table.export("txt")
    assert "Place Pub at E3" not in exported and "Place House at W3" not in exported
    moves = json.loads(table.export("json"))["moves"]
    ended = {m["text"]: m["ended_by"] for m in moves if not m["in_force"]}
    assert ended["Place House at C3"]["how"] == "corrected"
    assert ended["Place Pub at E3"]["how"] == "withdrawn by a correction"


def test_an_illegal_correction_changes_nothing(table: Table) -> None:
    started(table)
    play(table, SETUP)
    before = table.snapshot()
    for text, reason in (("correct 3: Place House at N4", "cannot replace move 3"),
                         ("correct 9: Pass", "no move 9"),
                         ("correct 2: flibber", "could not read")):
        reply = table.say("Arcsyn", text)
        assert not reply.ok and reason in reply.text, reply.text
    assert table.snapshot() == before


def test_replacing_a_player_hands_the_seat_to_another_user(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    reply = table.ok("Arcsyn", "replace Daemonis with <@4242>")
    assert "offered Daemonis's seat to <@4242>" in reply.text
    assert reply.mentions == []  # nobody is pinged for a seat they have not taken
    assert not table.say("Daemonis", "Place House at C3").ok
    from bot.api import Actor

    newcomer = Actor("4242", "Newcomer")
    reply = table.service.handle(table.place, newcomer, "Place House at C3")
    assert not reply.ok and "type `accept`" in reply.text
    reply = table.service.handle(table.place, newcomer, "accept")
    assert reply.ok and "Newcomer takes Daemonis's seat" in reply.text
    reply = table.service.handle(table.place, newcomer, "Place House at C3")
    assert reply.ok and "Daemonis: Place House at C3" in reply.text
    reply = table.say("Arcsyn", "replace Hedgethorn with <@4242>")
    assert not reply.ok and "already plays Daemonis" in reply.text
    assert "Daemonis (played by <@4242>)" in table.ok("Zed", "status").text


def test_a_dropped_player_passes_or_takes_the_first_choice_announced(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    reply = table.ok("Arcsyn", "drop Daemonis")
    since_drop = len(table.replies) - 1
    assert "dropped Daemonis" in reply.text
    assert reply.text.count("(automatic: this player has left)") == 2
    assert table.to_act() == "Hedgethorn"
    assert reply.mentions == ["id-Hedgethorn"]
    assert not table.say("Daemonis", "Place House at C4").ok
    table.play_random(400, seed=3)
    records = table.service.store.records(table.game_id())
    dropped = [r for r in records if r.seat == "Daemonis" and r.kind == "move" and r.auto]
    assert len(dropped) > 10 and all(r.data["reason"] == "dropped" for r in dropped)
    assert any(r.text == "Pass" for r in dropped)
    assert all("id-Daemonis" not in r.mentions for r in table.replies[since_drop:])


def test_pause_resume_abandon_and_nudge(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    assert "paused" in table.ok("Arcsyn", "pause").text
    before = table.snapshot()
    reply = table.say("Arcsyn", "Place Pub at C2")
    assert not reply.ok and "paused" in reply.text
    assert table.snapshot() == before
    assert not table.say("Arcsyn", "pause").ok
    reply = table.ok("Arcsyn", "resume")
    assert "resumed" in reply.text and reply.picture is not None
    reply = table.ok("Arcsyn", "nudge")
    assert reply.mentions == ["id-Arcsyn"] and "waits for Arcsyn" in reply.text
    table.ok("Arcsyn", "Place Pub at C2")
    assert table.ok("Arcsyn", "nudge").mentions == ["id-Daemonis"]
    reply = table.ok("Arcsyn", "abandon")
    assert "abandoned" in reply.text
    assert not table.say("Daemonis", "Place House at C3").ok
    assert "abandoned" in table.ok("Zed", "status").text
    log = table.ok("Zed", "log").text
    for act in ("Arcsyn: pause", "Arcsyn: resume", "nudged Arcsyn", "nudged Daemonis",
                "Arcsyn: abandon"):
        assert act in log, act
