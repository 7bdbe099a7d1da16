"""Computer players at the table: ``add bot`` in the lobby, ``replace NAME with bot``, the bots'
moves as ordinary records in one update each (through the outbox), thinking resumed after a
restart, and ``hint`` (refused when the game says ``hints=off``)."""

from __future__ import annotations

from pathlib import Path

from bot.service import GameService
from bot.service.bots import BotPlayers
from bot.service.drawing.prepared import seat_notes
from bot.service.game.live_game import build_game
from bot.service.game.records import BOT_PLAYER, GameRecord
from tests.service_support import open_table, started

#: a small fixed search per bot decision keeps these tests quick
PLAYOUTS = 2


def test_bots_fill_a_lobby_and_play_their_seats_as_records(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"), announce=True)
    bots = BotPlayers(table.service, playouts=PLAYOUTS)
    try:
        table.ok("Ada", "new game")
        table.ok("Ada", "join")
        added = table.ok("Ada", "add bot")
        assert "Normal Bot" in added.text and not added.mentions
        table.ok("Ada", "add bot easy")
        refused = table.say("Zed", "add bot")  # not seated, not a moderator
        assert not refused.ok and "Nothing was changed" in refused.text
        table.ok("Ada", "start order: Normal Bot, Easy Bot, Ada")
        assert bots.wait_idle(60)
        assert table.to_act() == "Ada"  # both bots placed their starting buildings
        records = table.service.store.records(table.game_id())
        bot_moves = [r for r in records if r.kind == "move" and r.user_id == BOT_PLAYER]
        assert [r.seat for r in bot_moves] == ["Normal Bot"] * 2 + ["Easy Bot"] * 2
        assert all(r.auto and r.user_name.startswith("bot (") for r in bot_moves)
        # one announcement for the run of bot moves, pinging only the person now to act
        last = table.service.unsent(table.place)[-1]
        assert "Normal Bot" in last.text and "Easy Bot" in last.text
        assert "(computer player, easy)" in last.text and last.mentions == ("id-Ada",)
    finally:
        bots.close()


def test_a_seat_handed_to_the_bot_is_played_and_a_restart_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    table = open_table(str(path))
    started(table)  # Arcsyn, Daemonis, Hedgethorn; Arcsyn moderates
    reply = table.ok("Arcsyn", "replace Arcsyn with bot hard")
    assert "computer (hard)" in reply.text
    record = GameRecord.fold(table.game_id(), table.place,
                             table.service.store.records(table.game_id()))
    # the picture's card says in words who plays the seat now
    assert seat_notes(record, build_game(record), 0.0)["Arcsyn"] == "bot (hard)"
    # the service was stopped before any bot thought: nothing has moved yet
    assert table.to_act() == "Arcsyn"
    table.service.close()
    again = GameService(str(path), renderer=None, rate_limits=False)
    bots = BotPlayers(again, playouts=PLAYOUTS)
    try:
        assert bots.resume() == 1
        assert bots.wait_idle(60)
        summary = again.store.latest_game("channel-1")
        assert summary is not None and summary.waiting_seat == "Daemonis"
    finally:
        bots.close()
        again.close()


def test_the_bot_never_plays_a_persons_seat_and_a_stale_run_is_refused(tmp_path: Path) -> None:
    from bot.service.bots import BOT_ACTOR
    from bot.service.verbs.bot_moves import BotMoves
    from engine import PlaceBuilding

    table = open_table(str(tmp_path / "g.db"))
    started(table)
    seq = table.service.store.latest_game(table.place)
    assert seq is not None
    move = (("Arcsyn", PlaceBuilding("office", "C1")),)
    reply = table.service.handle(table.place, BOT_ACTOR, BotMoves(seq.last_seq, move))
    assert not reply.ok and "not a computer player's seat" in reply.text
    reply = table.say("Arcsyn", "hint")
    assert reply.ok and "Hint for Arcsyn" in reply.text and "nothing was played" in reply.text


def test_hint_is_for_the_player_to_act_and_off_when_the_game_says_so(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table, options="hints=off")
    refused = table.say("Arcsyn", "hint")
    assert not refused.ok and "Hints are off" in refused.text
    other = open_table(str(tmp_path / "h.db"))
    started(other)
    refused = other.say("Daemonis", "hint")  # Arcsyn decides now
    assert not refused.ok and "only for the player whose decision it is" in refused.text


def test_the_hint_suggests_the_move_its_numbers_put_first_and_says_how_sure() -> None:
    """Issue 32: a hint suggested `Choose Buses` while printing a better figure for `Choose
    Passengers`. The hint now names the move ranked first by the chance it prints, the next
    best by the same numbers, and how sure it is."""
    import ai
    from bot.service.verbs.hint import hint_words
    from bot.service.words.catalogue import say
    from engine import ChooseAction

    buses, passengers = ChooseAction("buses"), ChooseAction("passengers")
    advice = ai.Advice(passengers, (ai.Option(passengers, 300, 0.42, 0.6),
                                    ai.Option(buses, 250, 0.31, 0.0)), 600, ai.Sure.CLEAR, 2)
    said = say(hint_words("Ada", advice), "en")
    assert "`Choose Passengers`." in said and "a chance of winning of 42%," in said
    assert "After `Choose Buses`, the next best, 250 lines give 31%" in said
    assert "fairly sure" in said
    close = ai.Advice(passengers, (ai.Option(passengers, 300, 0.42, 0.6),
                                   ai.Option(buses, 290, 0.41, 0.5)), 600, ai.Sure.CLOSE, 2)
    assert "close call: `Choose Buses` did about as well" in say(hint_words("Ada", close), "en")
    only = ai.Advice(buses, (), 0, ai.Sure.ONLY, 0)
    assert say(hint_words("Ada", only), "en").endswith("It is the only legal move.")


def test_the_hint_is_written_in_its_readers_language() -> None:
    """Every sentence of the hint is a catalogue entry: in German, the sentences, the move's
    notation and the numbers' decimal comma are German."""
    import ai
    from bot.service.verbs.hint import hint_words
    from bot.service.words.catalogue import say
    from engine import ChooseAction

    buses, passengers = ChooseAction("buses"), ChooseAction("passengers")
    advice = ai.Advice(passengers, (ai.Option(passengers, 300, 0.42, 0.6),
                                    ai.Option(buses, 250, 0.31, 0.0)), 600, ai.Sure.CLEAR, 2)
    english, german = say(hint_words("Ada", advice), "en"), say(hint_words("Ada", advice), "de")
    assert "Hint for Ada" in english and "Hint for" not in german and "Ada" in german
    assert "Gewinnchance von 42%" in german and "+0,6 Punkten" in german


def test_a_hint_over_the_picture_budget_names_hint_to_try_again(tmp_path: Path) -> None:
    """A hint costs a picture, as ``map`` does (its route's ``Cost``); refused for that, it
    names the command the player typed (it once said to try `map` again)."""
    table = open_table(str(tmp_path / "g.db"), rate_limits=True)
    started(table)
    while table.say("Arcsyn", "map").ok:
        pass
    refused = table.say("Arcsyn", "hint")
    assert not refused.ok and "try `hint` again in" in refused.text
