"""What each action space brings now (``engine.worth``): R5's counts from the largest fleet,
R8's bus, and what R6 will forfeit, exactly as the rules then resolve each space."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ExtendLine, Game, PlaceBuilding, PlacePassenger, random_game
from engine.history import walk
from engine.worth import UNITS, space_worth
from tests.engine_support import BASIC_BUILDINGS, new_game, setup

PLACES = {"passengers": PlacePassenger, "buildings": PlaceBuilding, "lines": ExtendLine}


def set_up(players: int) -> Game:
    """A game after its setup, every fleet one bus, the first player to choose."""
    game = new_game(players)
    buildings = (BASIC_BUILDINGS + ["Place House at C4", "Place Pub at C4",
                                    "Place House at E3", "Place Pub at W3"])[:2 * players]
    firsts = ["W3 WS", "E3 ES", "S2 S3", "N1 N2", "E6 E4"][:players]
    seconds = ["WS W1", "ES E1", "S3 S6", "N2 N4", "E4 E2"][:players]  # in seat order
    setup(game, buildings, firsts, seconds[::-1])
    return game


def test_r5_counts_from_the_largest_fleet_and_five_players_get_a_street_more() -> None:
    game = set_up(3)
    worth = space_worth(game.state)
    assert [worth[("lines", s)].count for s in range(6)] == [1, 0, 0, 0, 0, 0]
    assert worth[("lines", 2)].unit == "street" and worth[("lines", 2)].fleet == 1
    assert worth[("buses", 0)].count == 1 and worth[("buses", 0)].seat is None
    game.state.players[1].buses = 3  # as if bought in earlier rounds
    worth = space_worth(game.state)
    assert [worth[("lines", s)].count for s in range(6)] == [3, 2, 1, 0, 0, 0]
    assert [worth[("buildings", s)].count for s in range(6)] == [3, 2, 1, 0, 0, 0]
    five = set_up(5)
    worth = space_worth(five.state)
    assert [worth[("lines", s)].count for s in range(6)] == [2, 1, 0, 0, 0, 0]  # M + 1
    assert [worth[("passengers", s)].count for s in range(6)] == [1, 0, 0, 0, 0, 0]


def test_a_bus_chosen_this_round_counts_for_passengers_and_buildings_not_lines() -> None:
    game = set_up(3)
    first = game.to_act()
    assert first is not None
    game.play(first.player, "choose buses")
    worth = space_worth(game.state)
    assert worth[("buses", 0)].seat == first.seat and worth[("buses", 0)].count == 1
    assert worth[("lines", 0)].count == 1 and worth[("lines", 0)].fleet == 1
    assert worth[("passengers", 0)].count == 2 and worth[("passengers", 1)].count == 1
    assert worth[("buildings", 0)].fleet == 2


def test_the_supply_and_the_bus_limit_cut_what_a_space_brings() -> None:
    game = set_up(3)
    game.state.passenger_supply = 2
    game.state.players[0].buses = 4
    worth = space_worth(game.state)
    # spaces a, b, c would bring 4, 3, 2 passengers; the supply holds 2, taken from space a on
    assert [worth[("passengers", s)].count for s in range(4)] == [2, 0, 0, 0]
    assert worth[("passengers", 1)].short == "supply"
    game.state.players[0].buses = game.state.options.bus_limit
    chooser = game.state.current
    assert chooser is not None
    worth = space_worth(game.state)
    assert worth[("buses", 0)].count == (0 if chooser == 0 else 1)


def test_line_expansion_space_c_with_a_largest_fleet_of_two_brings_no_street() -> None:
    # the table's complaint: Line expansion space c chosen twice for 0 streets
    game = set_up(4)
    game.state.players[2].buses = 2
    worth = space_worth(game.state)[("lines", 2)]
    assert (worth.count, worth.unit, worth.fleet) == (0, UNITS["lines"], 2)


def test_nothing_has_a_worth_in_the_setup_or_at_the_end() -> None:
    assert space_worth(new_game(3).state) == {}
    assert space_worth(random_game(3, 1).state) == {}


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6))
def test_each_space_brings_what_its_worth_said(players: int, seed: int) -> None:
    """Through a whole random game: the worth a space shows once the round's choosing is over
    is what it brings when it resolves (Passengers and Buildings exactly, Line expansion at
    most, as a line can run out of streets), and a space being resolved shows what is left."""
    game = random_game(players, seed)
    said: dict[tuple[int, str, int], int] = {}  # (round, action, space) -> first worth shown
    brought: dict[tuple[int, str, int], int] = {}
    for n, position in walk(game):
        state = position.state
        worth = space_worth(state)
        if state.phase == "resolving":
            for (action, space), w in worth.items():
                said.setdefault((state.round, action, space), w.count)
                assert w.seat is not None and w.unit == UNITS[action]
            task = state.task
            if task is not None and str(task.action) in PLACES and n < len(game.history):
                key = (state.round, str(task.action), task.space)
                now = worth[(str(task.action), task.space)]
                assert now.count <= task.remaining
                if isinstance(game.history[n][1], PLACES[str(task.action)]):
                    brought[key] = brought.get(key, 0) + 1
    assert said
    for (rnd, action, space), count in said.items():
        got = brought.get((rnd, action, space), 0)
        if action == "lines":
            assert got <= count, (rnd, action, space)
        elif action != "buses":
            assert got == count, (rnd, action, space, got, count)
