"""What each space of the action board gives now, in words (issue 32, item 7): ``moves`` says
it for every free space, and the reply to a choice worth nothing says so; the numbers are the
engine's (``engine.worth.space_worth``), which the picture's action board draws too."""

from __future__ import annotations

from pathlib import Path

from engine import ChooseAction
from engine.worth import space_worth
from tests.service_support import Table, open_table, started
from tests.test_service_stall import Clock, choosing


def _choosing(tmp_path: Path) -> Table:
    return choosing(str(tmp_path / "g.db"), Clock())


def test_moves_says_what_each_free_space_gives_now(tmp_path: Path) -> None:
    table = _choosing(tmp_path)
    said = table.ok("Arcsyn", "moves").text
    assert said.splitlines()[-1] == (
        "What each free space gives now: Line expansion space a: 1 street (largest fleet 1), "
        "Buses: 1 bus (Arcsyn has 1 bus of at most 5), Passengers space a: 1 passenger "
        "(largest fleet 1), Buildings space a: 1 building (largest fleet 1).")
    assert said.splitlines()[-1] in table.ok("Arcsyn", "moves all").text
    table.ok("Arcsyn", "choose lines")
    assert "Line expansion space b: 0 streets (largest fleet 1)" in \
        table.ok("Daemonis", "moves").text


def test_a_choice_worth_nothing_is_told_and_still_played(tmp_path: Path) -> None:
    """Ben chose Line expansion space c for 0 streets twice and nothing said so."""
    table = _choosing(tmp_path)
    first = table.ok("Arcsyn", "choose lines")
    assert "gives" not in first.text  # space a brings a street
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    game = table.service.cache.get(summary).game
    assert game is not None and space_worth(game.state)[("lines", 1)].count == 0
    reply = table.ok("Daemonis", "choose line expansion")
    assert "Daemonis chooses Line expansion (space b)." in reply.text
    assert "Line expansion space b gives 0 streets now (largest fleet 1)." in reply.text
    game = table.service.cache.get(summary).game
    assert game is not None and game.history[-1] == ("Daemonis", ChooseAction("lines"))


def test_moves_says_nothing_of_spaces_outside_a_choice_of_action(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    assert "gives now" not in table.ok("Arcsyn", "moves").text  # the starting buildings


def test_each_reason_a_space_gives_nothing_is_said() -> None:
    """Passengers with the supply empty, Buildings with no free lot, Buses at the limit."""
    from bot.service.words.worth import worth_nothing
    from tests.test_rules import three_player_setup

    game = three_player_setup()
    state = game.state
    state.passenger_supply = 0
    state.lots = [lot if lot is not None else "house" for lot in state.lots]
    assert state.current is not None
    state.players[state.current].buses = state.options.bus_limit
    name = state.players[state.current].name
    assert str(worth_nothing(game, ChooseAction("passengers"))) == (
        "Passengers space a gives 0 passengers now (largest fleet 5, but the passenger supply "
        "runs out).")
    assert str(worth_nothing(game, ChooseAction("buildings"))) == (
        "Buildings space a gives 0 buildings now (largest fleet 5, but the free lots run out).")
    assert str(worth_nothing(game, ChooseAction("buses"))) == (
        f"Buses gives 0 buses now ({name} has 5 buses, the bus limit).")
    assert worth_nothing(game, ChooseAction("clock")) is None
