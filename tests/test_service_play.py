"""Playing: moves by the seat whose decision it is, several at once, undo, and what players see."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.api import Actor, Attachment
from bot.service.words import logbook
from engine import GameLog, replay
from tests.engine_support import choose_round, new_game
from tests.service_support import PNG_SIGNATURE, Table, actor, fake_png, open_table, started
from tests.test_rules import three_player_setup


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def test_a_move_is_stored_drawn_and_pings_the_next_player(table: Table) -> None:
    started(table)
    reply = table.ok("Arcsyn", "place office at c1")
    assert reply.text.startswith("Arcsyn: Place Office at C1")
    assert "Next: Arcsyn: place 1 starting building" in reply.text
    assert reply.picture is not None and reply.picture.startswith(PNG_SIGNATURE)
    # drawn: the picture is the renderer's drawing of the table after the move
    assert reply.picture == fake_png(replay(GameLog.parse(table.export("txt"))))
    assert reply.picture_name == "bus-game1-move001.png"
    assert reply.mentions == []  # Arcsyn keeps deciding
    reply = table.ok("Arcsyn", "Place Pub at C2")
    assert reply.mentions == ["id-Daemonis"]
    assert "Arcsyn: Place Office at C1\nArcsyn: Place Pub at C2" in table.export("txt")


def test_out_of_turn_spectator_and_typo_are_refused_and_change_nothing(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    before = table.snapshot()
    cases = [
        ("Daemonis", "Place Pub at C3", "not your decision"),
        ("Zed", "Place Pub at C3", "not playing in this game"),
        ("Arcsyn", "Place Pub at C33", "did you mean C4"),
        ("Arcsyn", "Plaec Pub", "did you mean place"),
        ("Arcsyn", "Place Pub at N4", "Not allowed"),
        ("Arcsyn", "Choose Buses", "Not allowed"),
    ]
    for name, text, reason in cases:
        reply = table.say(name, text)
        assert not reply.ok and reason in reply.text, (text, reply.text)
        assert reply.picture is None and not reply.changed and reply.ephemeral
        assert table.snapshot() == before
    reply = table.say("Arcsyn", "Place Pub at N4")
    assert "zone" in reply.text.lower() or "Legal instead" in reply.text


def test_several_moves_in_one_message_are_all_or_nothing(table: Table) -> None:
    started(table)
    before = table.snapshot()
    reply = table.say("Arcsyn", "Place Office at C1; Place Pub at N4")
    assert not reply.ok and "Move 2 of 2" in reply.text and "none was played" in reply.text
    assert table.snapshot() == before
    reply = table.ok("Arcsyn", "Place Office at C1, Pub at C2")
    assert "Place Office at C1" in reply.text and "Place Pub at C2" in reply.text
    assert reply.mentions == ["id-Daemonis"]
    assert table.to_act() == "Daemonis"


def test_player_undo_only_while_nobody_else_has_moved(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    reply = table.ok("Arcsyn", "undo")
    assert "Arcsyn takes back: Place Pub at C2" in reply.text
    assert reply.picture is not None
    assert table.to_act() == "Arcsyn"
    table.ok("Arcsyn", "Place House at C2")
    table.ok("Daemonis", "Place Office at C3")
    before = table.snapshot()
    reply = table.say("Hedgethorn", "undo")  # a player, no moderator
    assert not reply.ok and "only your own last move" in reply.text
    assert "Daemonis's (Place Office at C3)" in reply.text
    assert "not playing in this game" in table.say("Bram", "undo").text
    assert table.snapshot() == before
    table.ok("Daemonis", "undo")
    log = table.ok("Hedgethorn", "log").text
    assert "2. Arcsyn: Place House at C2" in log and "Place Office at C3" not in log
    # The undone moves are still stored, marked with who took them back.
    records = table.service.store.records(table.game_id())
    assert [r.text for r in records if r.kind == "move"].count("Place Pub at C2") == 1


def test_looking_commands(table: Table) -> None:
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    moves = table.ok("Hedgethorn", "moves").text
    assert moves.startswith("Arcsyn: place 1 starting building")
    assert "Place House at C2" in moves and "Place Office at C1" in moves
    status = table.ok("Hedgethorn", "status").text
    assert "Round 0, setup" in status and "1 move played" in status
    assert "Daemonis, blue" in status
    reply = table.ok("Hedgethorn", "map")
    assert reply.picture is not None and not reply.changed
    earlier = table.ok("Hedgethorn", "map 0")
    assert earlier.picture is not None and earlier.picture != reply.picture
    assert "the start" in earlier.text
    assert not table.say("Hedgethorn", "map 7").ok
    assert "`undo last K`" in table.ok("Hedgethorn", "help").text
    assert "Vrrooomm" in table.ok("Hedgethorn", "rules").text
    assert "You are a moderator" in table.ok("Arcsyn", "help").text
    assert "You are a moderator" not in table.ok("Daemonis", "help").text


def test_choices_are_the_legal_moves_of_whoever_decides(table: Table) -> None:
    started(table)
    from tests.service_support import actor

    mine = table.service.choices(table.place, actor("Arcsyn"))
    assert "Place Office at C1" in mine and len(mine) == 24
    assert table.service.choices(table.place, actor("Daemonis")) == []
    assert table.service.choices(table.place, actor("Zed")) == []
    assert table.service.choices("nowhere", actor("Arcsyn")) == []


def test_a_whole_game_to_its_end(table: Table) -> None:
    started(table, 4)
    table.play_random(2000, seed=5)
    last = table.replies[-1].text
    assert "The game is over" in last and "wins" in last
    status = table.ok("Arcsyn", "status").text
    assert ": over." in status
    reply = table.say("Daemonis", "Pass")
    assert not reply.ok and "The game is over" in reply.text
    log = GameLog.parse(table.export("txt"))
    game = replay(log)
    assert game.is_over and f"{game.winner} wins" in last
    assert table.ok("Esme", "new game").changed


def test_auto_single_plays_forced_moves_and_logs_them_as_automatic(table: Table) -> None:
    started(table, options="auto_single=true")
    table.play_random(200, seed=11)
    log = table.ok("Arcsyn", "log all").text
    # the log marks each as the forced single choice (issue 32 item 13: "(forced: ...)", by id)
    assert str(logbook.WHY["single"]()) in log
    automatic = [r for r in table.service.store.records(table.game_id()) if r.auto]
    assert automatic and all(r.user_id == "busbot" for r in automatic)
    assert all(r.data["reason"] == "single" for r in automatic)
    assert any("(automatic: the only legal choice)" in r.text for r in table.replies)


def test_a_message_seen_twice_is_applied_once(table: Table) -> None:
    started(table)
    first = table.ok("Arcsyn", "Place Office at C1", message_id="m-1")
    again = table.say("Arcsyn", "Place Office at C1", message_id="m-1")
    assert again.ok and not again.changed and again.picture is None and again.duplicate
    assert not first.duplicate
    assert "handled already" in again.text and first.text in again.text
    assert table.export("txt").count("Place Office at C1") == 1
    assert table.ok("Arcsyn", "Place Pub at C2", message_id="m-2").changed


def test_passengers_beyond_the_supply_are_refused_naming_the_supply(table: Table) -> None:
    game = new_game(3, passengers=5)  # four start in the park, one left
    three_player_setup(game)
    choose_round(game, {"Ada": ["buses", "passengers"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    data = game.log().format().encode()
    table.ok("Ada", "import", attachments=[Attachment("g.txt", data)])
    before = table.snapshot()
    reply = table.say("Ada", "place 2 passengers at west")
    assert not reply.ok and "the passenger supply is empty" in reply.text, reply.text
    assert "not your decision" not in reply.text
    assert table.snapshot() == before
    assert "only 1 is left in the supply" in table.ok("Ada", "status").text


# ---- the log: what each action resolved to, who chose each move (issue 32, item 13) ---------

def test_the_log_says_what_each_action_resolved_to_and_who_chose_each_move(
        table: Table) -> None:
    """``log`` left out what each action resolved to (the page shows it) and labelled the
    computer's moves ``(automatic)`` like forced single choices."""
    from bot.service.bots import BOT_ACTOR
    from bot.service.verbs.bot_moves import BotMoves
    from engine.notation import parse_move

    started(table, options="auto_single=true")
    table.ok("Arcsyn", "replace Arcsyn with bot")
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    run = tuple(("Arcsyn", parse_move(m)) for m in ("Place Office at C1", "Place Pub at C2"))
    assert table.service.handle(table.place, BOT_ACTOR, BotMoves(summary.last_seq, run)).ok
    table.ok("Arcsyn", "replace Arcsyn with Arcsyn")  # a person (user "Arcsyn") plays it now
    rng = random.Random(5)
    for _ in range(60):
        seat = table.to_act()
        assert seat is not None
        who = Actor(seat, seat) if seat == "Arcsyn" else actor(seat)
        move = rng.choice(table.service.choices(table.place, who))
        assert table.service.handle(table.place, who, move).ok
    log = table.ok("Zed", "log all").text
    lines = log.splitlines()
    assert "1. Arcsyn: Place Office at C1 (bot)" in lines
    assert "2. Arcsyn: Place Pub at C2 (bot)" in lines
    assert "(forced: the only legal choice)" in log and "(automatic" not in log
    resolved = [line for line in lines if line.startswith("  · ") and "(space a):" in line]
    assert any("Line expansion (space a):" in line and "gets" in line for line in resolved)
    assert "  · Round 1: every marker is placed; the actions resolve." in lines
