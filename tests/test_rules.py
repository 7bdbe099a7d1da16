"""The rulings R1..R15, each checked through the public API as players would reach it."""

from __future__ import annotations

import pytest

from engine import (
    BusError,
    ExtendLine,
    Game,
    IllegalMove,
    NotYourTurn,
    random_game,
)
from tests.engine_support import BASIC_BUILDINGS, choose_round, new_game, script, setup


def three_player_setup(game: Game | None = None) -> Game:
    game = game or new_game(3)
    setup(game, BASIC_BUILDINGS, ["W3 WS", "E3 ES", "S2 S3"], ["S3 S6", "ES E1", "WS W1"])
    return game


# ---- R1 setup buildings ------------------------------------------------------------------------

def test_r1_each_player_places_two_buildings_on_zone_a_lots_in_seat_order() -> None:
    game = new_game(3)
    assert game.to_act().player == "Ada"  # type: ignore[union-attr]
    script(game, "Ada: Place House at C1\nAda: Place Office at C1")
    assert game.to_act().player == "Bram"  # type: ignore[union-attr]
    assert game.to_json()["buildings"]["C1"] == ["house", "office"]


def test_r1_zone_b_lots_and_full_lots_are_refused_in_setup() -> None:
    game = new_game(3)
    with pytest.raises(IllegalMove) as err:
        game.play("Ada", "Place House at N3")
    assert err.value.rule == "R1"
    assert "zone B" in str(err.value)
    script(game, "Ada: Place House at C1\nAda: Place Office at C1")
    with pytest.raises(IllegalMove, match="every lot at C1 is already built") as full:
        game.play("Bram", "Place Pub at C1")
    assert "C2" in full.value.alternatives


def test_r1_out_of_turn_building_is_not_your_turn() -> None:
    game = new_game(3)
    with pytest.raises(NotYourTurn, match="Ada"):
        game.play("Bram", "Place House at C1")


# ---- R2 setup lines ---------------------------------------------------------------------------

def test_r2_first_streets_in_seat_order_then_second_streets_in_reverse() -> None:
    game = new_game(3)
    for i, text in enumerate(BASIC_BUILDINGS):
        game.play(game.players[i // 2], text)
    order = []
    for street in ("W3 WS", "W3 WS", "S2 S3"):  # a first street may share another's street
        decision = game.to_act()
        assert decision is not None
        order.append(decision.player)
        game.play(decision.player, f"start line between {street}")
    for street in ("S3 S6", "WS W1", "W3 C1"):
        decision = game.to_act()
        assert decision is not None
        order.append(decision.player)
        game.play(decision.player, f"extend {street}")
    assert order == ["Ada", "Bram", "Cleo", "Cleo", "Bram", "Ada"]
    assert game.state.phase == "choosing"
    assert game.to_json()["players"][0]["line"] == ["C1", "W3", "WS"]


def test_r2_option_first_line_on_empty_street_forbids_a_shared_first_street() -> None:
    game = new_game(3, first_line_on_empty_street=True)
    for i, text in enumerate(BASIC_BUILDINGS):
        game.play(game.players[i // 2], text)
    game.play("Ada", "Start line between W3 and WS")
    with pytest.raises(IllegalMove, match="already holds Ada's line") as err:
        game.play("Bram", "Start line between WS and W3")
    assert err.value.rule == "R2"


# ---- R3 choosing actions ----------------------------------------------------------------------

def test_r3_pass_needs_two_markers_and_a_passed_player_places_no_more() -> None:
    game = three_player_setup()
    with pytest.raises(IllegalMove) as err:
        game.play("Ada", "pass")
    assert err.value.rule == "R3"
    script(game, """
        Ada: Choose Buses
        Bram: Choose Clock
        Cleo: Choose Starting player
        Ada: Choose Vrrooomm
        Bram: Choose Vrrooomm
        Cleo: Choose Vrrooomm
        Ada: Pass
    """)
    assert game.to_act().player == "Bram"  # type: ignore[union-attr]
    script(game, "Bram: Choose Passengers\nCleo: pass\nBram: Choose Buildings\nBram: pass")
    assert game.state.phase == "resolving"
    assert [game.state.players[s].name for s in game.state.spaces["vroom"]] == [
        "Ada", "Bram", "Cleo"]


def test_r3_single_space_actions_take_one_marker_per_round() -> None:
    game = three_player_setup()
    game.play("Ada", "take a bus")
    with pytest.raises(IllegalMove, match="Buses is taken this round by Ada") as err:
        game.play("Bram", "choose buses")
    assert "Choose Clock" in err.value.alternatives


def test_r3_six_space_action_fills_and_then_refuses() -> None:
    game = new_game(3, markers=10)
    three_player_setup(game)
    script(game, """
        Ada: vroom
        Bram: vroom
        Cleo: vroom
        Ada: vroom
        Bram: vroom
        Cleo: vroom
    """)
    with pytest.raises(IllegalMove, match="all six Vrrooomm spaces"):
        game.play("Ada", "vroom")


def test_r3_last_marker_is_placed_and_player_is_done_and_empty_player_is_skipped() -> None:
    game = new_game(3, markers=3)
    three_player_setup(game)
    choose_round(game, {"Ada": ["vroom", "vroom", "vroom"], "Bram": ["clock", "vroom"],
                        "Cleo": ["passengers", "buildings"]})
    while game.state.phase == "resolving":
        game.push(game.legal_moves()[0])
    # round 2: Ada has no markers and is skipped; Bram (left of Ada) starts
    assert game.state.round == 2
    assert game.state.players[0].markers == 0
    assert game.to_act().player == "Bram"  # type: ignore[union-attr]
    game.play("Bram", "vroom")
    assert game.to_act().player == "Cleo"  # type: ignore[union-attr]


# ---- R4 / R5 resolution order and counts -----------------------------------------------------

def test_r4_r5_lines_resolve_last_space_first_with_counts_from_largest_fleet() -> None:
    game = three_player_setup()
    choose_round(game, {"Ada": ["lines", "buses"], "Bram": ["lines", "vroom"],
                        "Cleo": ["lines", "start"]})
    # Lines: a=Ada, b=Bram, c=Cleo; resolved c, b, a; M=1 (the bus comes after lines)
    decision = game.to_act()
    assert decision is not None and decision.player == "Ada" and decision.count == 1
    game.play("Ada", game.legal_moves()[0].__str__())
    # then Buses (automatic), then Vrrooomm for Bram
    assert game.state.players[0].buses == 2


def test_r5_bus_bought_this_round_counts_for_passengers_and_buildings() -> None:
    game = three_player_setup()
    choose_round(game, {"Ada": ["buses", "passengers"], "Bram": ["buildings", "passengers"],
                        "Cleo": ["buildings", "vroom"]})
    decision = game.to_act()
    assert decision is not None
    assert (decision.player, decision.kind, decision.count) == ("Ada", "passengers", 2)
    script(game, "Ada: place 2 passengers at west")
    decision = game.to_act()
    assert decision is not None
    assert (decision.player, decision.kind, decision.count) == ("Bram", "passengers", 1)
    script(game, "Bram: place passenger at east")
    # Buildings: a=Bram (2), b=Cleo (1), resolved from b to a
    assert (game.to_act().player, game.to_act().count) == ("Cleo", 1)  # type: ignore[union-attr]


def test_r5_five_players_get_one_more_street_on_line_expansion() -> None:
    game = new_game(5)
    buildings = BASIC_BUILDINGS + ["Place House at C4", "Place Pub at C4",
                                   "Place Office at E3", "Place Pub at E5"]
    setup(game, buildings, ["W3 WS", "E3 ES", "S2 S3", "N4 N5", "W6 W4"],
          ["W4 WS", "N5 N2", "S3 S6", "ES E1", "WS W1"])
    choose_round(game, {"Ada": ["lines", "vroom"], "Bram": ["lines", "vroom"],
                        "Cleo": ["vroom", "vroom"], "Dirk": ["vroom", "clock"],
                        "Esme": ["vroom", "start"]})
    # b=Bram resolves first with M=1: 1 street; then a=Ada with M+1 = 2 streets
    assert (game.to_act().player, game.to_act().count) == ("Bram", 1)  # type: ignore[union-attr]
    game.push(game.legal_moves()[0])
    assert (game.to_act().player, game.to_act().count) == ("Ada", 2)  # type: ignore[union-attr]


# ---- R6 forfeits are events ------------------------------------------------------------------

def test_r6_space_worth_nothing_is_an_event_not_a_move() -> None:
    game = three_player_setup()
    events = choose_round(game, {"Ada": ["buildings", "vroom"], "Bram": ["buildings", "vroom"],
                                 "Cleo": ["clock", "start"]})
    # buildings b (Bram) is worth 0 and is skipped; Ada at a builds 1
    assert "Buildings (space b): Bram gets 0 buildings." in events
    decision = game.to_act()
    assert decision is not None and decision.player == "Ada" and decision.kind == "buildings"
    moves_before = len(game.history)
    game.play("Ada", "Place Pub at C4")
    assert len(game.history) == moves_before + 1  # only Ada's building is a move


def test_r6_passengers_beyond_the_supply_are_forfeited_and_announced() -> None:
    game = new_game(3, passengers=5)  # four start in the park, one left
    three_player_setup(game)
    choose_round(game, {"Ada": ["buses", "passengers"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    events = game.play("Ada", "place passenger at west")
    assert any(e.kind == "forfeit" and "supply is empty" in e.text for e in events)
    assert game.state.passenger_supply == 0


# ---- R7 line expansion (rulebook cases A-D and the circle) -----------------------------------

def _after_buildings() -> Game:
    game = new_game(3)
    for i, text in enumerate(BASIC_BUILDINGS):
        game.play(game.players[i // 2], text)
    return game


def _heads_moves(game: Game, head: str) -> set[str]:
    return {m.to for m in game.legal_moves() if isinstance(m, ExtendLine) and m.frm == head}


def test_r7_case_a_and_d_only_the_empty_street_and_no_parallel_to_a_passing_line() -> None:
    game = _after_buildings()
    script(game, """
        Ada: Start line between C4 and C1
        Bram: Start line between C2 and C1
        Cleo: Start line between S2 and S3
        Cleo: Extend line from S3 to S6
        Bram: Extend line from C1 to W3
    """)
    # Bram's line runs C2-C1-W3 through C1; C1-N3 is the one empty street there
    assert _heads_moves(game, "C1") == {"N3"}
    with pytest.raises(IllegalMove) as err:
        game.play("Ada", "Extend line from C1 to C2")
    assert err.value.rule == "R7"
    assert "parallel to Bram's line" in str(err.value)
    assert "C1-N3 is empty" in str(err.value)
    assert "Extend line from C1 to N3" in err.value.alternatives


def test_r7_case_b_head_to_head_parallel_even_with_empty_streets() -> None:
    game = _after_buildings()
    script(game, """
        Ada: Start line between C4 and C1
        Bram: Start line between C1 and C2
        Cleo: Start line between S2 and S3
        Cleo: Extend line from S3 to S6
        Bram: Extend line from C2 to C3
    """)
    assert _heads_moves(game, "C1") == {"C2", "N3", "W3"}
    game.play("Ada", "Extend line from C1 to C2")
    assert game.state.street_lines[game_street("C1", "C2")] == [1, 0]


def test_r7_case_b_lost_when_another_line_passes_on_that_street() -> None:
    game = _after_buildings()
    script(game, """
        Ada: Start line between C4 and C1
        Bram: Start line between C1 and C2
        Cleo: Start line between C2 and C1
        Cleo: Extend line from C1 to N3
        Bram: Extend line from C2 to C3
    """)
    assert _heads_moves(game, "C1") == {"W3"}
    with pytest.raises(IllegalMove, match="Cleo's line does not end at C1"):
        game.play("Ada", "extend C1-C2")


def test_r7_case_c_no_empty_street_any_street_but_never_back_along_own_line() -> None:
    game = _after_buildings()
    script(game, """
        Ada: Start line between C4 and C1
        Bram: Start line between C2 and C1
        Cleo: Start line between N3 and C1
        Cleo: Extend line from C1 to W3
        Bram: Extend line from C1 to N3
    """)
    assert _heads_moves(game, "C1") == {"C2", "N3", "W3"}
    with pytest.raises(IllegalMove, match="already part of Ada's line"):
        game.play("Ada", "Extend line from C1 to C4")
    with pytest.raises(IllegalMove, match="C2 is not a head of Ada's line"):
        game.play("Ada", "Extend line from C2 to C3")


def _ring_game() -> Game:
    """Ada's line C1-C2-C3-C4: one street from closing a circle round the park."""
    game = _after_buildings()
    script(game, """
        Ada: Start line between C1 and C2
        Bram: Start line between S2 and S3
        Cleo: Start line between E1 and E2
        Cleo: Extend line from E2 to E4
        Bram: Extend line from S3 to S6
        Ada: Extend line from C2 to C3
    """)
    choose_round(game, {"Ada": ["lines", "start"], "Bram": ["clock", "lines"],
                        "Cleo": ["buses", "lines"]})
    game.play("Ada", "Extend line from C3 to C4")
    play_out_resolution(game)
    choose_round(game, {"Ada": ["lines", "clock"], "Bram": ["start", "lines"],
                        "Cleo": ["lines", "vroom"]})
    # lines resolve c (Bram, M-2 = 0), b (Cleo, 1), then a (Ada)
    play_until(game, "lines", "Ada")
    return game


def play_out_resolution(game: Game) -> None:
    """Finish the round with the first legal choice for every decision."""
    while game.state.phase == "resolving":
        game.push(game.legal_moves()[0])


def game_street(a: str, b: str) -> int:
    from engine import BOARD

    street = BOARD.street_between(a, b)
    assert street is not None
    return street


@pytest.mark.parametrize(("frm", "to"), [("C4", "C1"), ("C1", "C4")])
def test_r7_circle_heads_stay_at_the_closing_crossing(frm: str, to: str) -> None:
    game = _ring_game()
    # Cleo bought a bus in round 1, so space a brings M = 2 streets in round 2
    decision = game.to_act()
    assert decision is not None and decision.player == "Ada" and decision.count == 2
    game.play("Ada", f"Extend line from {frm} to {to}")
    line = game.to_json()["players"][0]["line"]
    assert line[0] == line[-1] == to
    assert game.state.players[0].heads == (to, to)
    assert {m.frm for m in game.legal_moves()} == {to}  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="is not a head"):
        game.play("Ada", "Extend line from C2 to N3")


def test_r7_a_line_may_run_into_its_own_crossing() -> None:
    game = _ring_game()
    game.play("Ada", "Extend line from C1 to N3")
    game.play("Ada", "Extend line from N3 to C2")  # C2 is already on the line
    line = game.state.players[0].line
    assert line.count("C2") == 2
    assert len(game.state.players[0].streets) == len(line) - 1


# ---- R8 buses ----------------------------------------------------------------------------------

def test_r8_buses_add_one_up_to_the_limit_and_then_do_nothing() -> None:
    game = new_game(3, bus_limit=2)
    three_player_setup(game)
    choose_round(game, {"Ada": ["buses", "vroom"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    play_out_resolution(game)
    assert game.state.players[0].buses == 2
    events = choose_round(game, {"Cleo": ["vroom", "vroom"], "Ada": ["buses", "vroom"],
                                 "Bram": ["clock", "vroom"]})
    while game.state.phase == "resolving":
        events.extend(e.text for e in game.push(game.legal_moves()[0]))
    assert game.state.players[0].buses == 2
    assert "Ada already has 2 buses, the limit: the Buses action does nothing." in events


# ---- R9 passengers -----------------------------------------------------------------------------

def test_r9_passengers_go_to_either_station_and_always_want_to_leave() -> None:
    game = three_player_setup()
    choose_round(game, {"Ada": ["buses", "passengers"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    with pytest.raises(BusError, match="WS \\(west\\) or ES \\(east\\), not C1"):
        game.play("Ada", "place passenger at C1")
    game.play("Ada", "place passenger at west, 1 at east")
    assert game.state.passengers["WS"] == 1 and game.state.passengers["ES"] == 1
    assert game.state.passenger_supply == 15 - 4 - 2
    assert game.state.waiting_at("WS") == 1


# ---- R10 buildings -----------------------------------------------------------------------------

def test_r10_zone_b_opens_only_when_zone_a_is_full_even_mid_turn() -> None:
    game = new_game(5)
    buildings = BASIC_BUILDINGS + ["Place House at C4", "Place Pub at C4",
                                   "Place Office at E3", "Place Pub at E5"]
    setup(game, buildings, ["W3 WS", "E3 ES", "S2 S3", "N4 N5", "W6 W4"],
          ["W4 WS", "N5 N2", "S3 S6", "ES E1", "WS W1"])
    choose_round(game, {"Ada": ["buses", "buildings"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"], "Dirk": ["vroom", "vroom"],
                        "Esme": ["vroom", "vroom"]})
    play_until(game, "buildings")
    assert game.to_act().count == 2  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="zone B lots open only when every zone-A lot"):
        game.play("Ada", "Place House at N3")
    game.play("Ada", "Place House at W3")  # the last-but-one zone-A lot
    game.play("Ada", "Place House at W5")  # the last zone-A lot
    assert game.state.open_zone() == "B"


def play_until(game: Game, kind: str, player: str | None = None) -> None:
    """Play first legal choices until ``player`` (anyone when None) owes a ``kind`` decision."""
    while True:
        decision = game.to_act()
        assert decision is not None, "the game ended first"
        if decision.kind == kind and player in (None, decision.player):
            return
        game.push(game.legal_moves()[0])


def test_r10_type_limit_removes_that_type_from_the_choices() -> None:
    game = new_game(3, building_type_limit=1)
    game.play("Ada", "Place House at C1")
    assert "Place House at C2" not in [str(m) for m in game.legal_moves()]
    with pytest.raises(IllegalMove, match="all 1 houses are built") as err:
        game.play("Ada", "Place House at C2")
    assert err.value.rule == "R10"
    assert game.state.type_count("house") == 1


# ---- R11 clock ---------------------------------------------------------------------------------

def test_r11_untaken_clock_advances_and_stop_time_takes_a_stone() -> None:
    game = three_player_setup()
    choose_round(game, {"Ada": ["vroom", "vroom"], "Bram": ["vroom", "vroom"],
                        "Cleo": ["vroom", "vroom"]})
    play_out_resolution(game)
    assert game.to_json()["clock"] == "office"
    choose_round(game, {"Bram": ["clock", "vroom"], "Cleo": ["vroom", "vroom"],
                        "Ada": ["vroom", "vroom"]})
    play_until(game, "clock")
    events = game.play("Bram", "stop time")
    assert game.to_json()["clock"] == "office"
    assert game.state.players[1].stones == 1 and game.state.clock_stones_left == 4
    assert game.state.players[1].score == -1
    assert any("stops time" in e.text for e in events)


def test_r11_last_clock_stone_ends_the_game_at_once() -> None:
    game = new_game(3, clock_stones=1)
    three_player_setup(game)
    choose_round(game, {"Ada": ["clock", "vroom"], "Bram": ["vroom", "start"],
                        "Cleo": ["vroom", "vroom"]})
    events = game.play("Ada", "Stop time")
    assert game.is_over and game.state.ended_by == "clock"
    assert game.to_act() is None
    assert any(e.kind == "game_over" for e in events)
    assert game.to_json()["ranking"][-1] == "Ada"  # her stone is a minus point


# ---- R12 Vrrooomm ------------------------------------------------------------------------------

def _vroom_game(**options: object) -> Game:
    game = new_game(3, "capstone", **options)
    setup(game, ["Place Office at C1", "Place Office at W3", "Place Pub at C2",
                 "Place House at C2", "Place Pub at C3", "Place House at C4"],
          ["C1 W3", "S2 S3", "E5 ES"], ["ES E1", "S3 S6", "C1 C4"])
    return game


def test_r12_clock_and_vroom_example_passengers_at_wanted_buildings_stay() -> None:
    game = _vroom_game()
    choose_round(game, {"Ada": ["buses", "vroom"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    game.play("Bram", "advance clock")  # house -> office
    decision = game.to_act()
    assert decision is not None
    # two buses, but only C4's passenger wants to leave Ada's line (C1's sits in its office)
    assert (decision.player, decision.kind, decision.count) == ("Ada", "vroom", 1)
    with pytest.raises(IllegalMove, match="nobody at C1 wants to leave") as err:
        game.play("Ada", "deliver from C1 to W3")
    assert err.value.rule == "R12"
    with pytest.raises(IllegalMove, match="C2 is not on Ada's line"):
        game.play("Ada", "deliver C2 W3")
    assert [str(m) for m in game.legal_moves()] == ["Deliver from C4 to W3"]
    game.play("Ada", "deliver C4 W3")
    assert game.state.players[0].carried == 1
    assert game.state.passengers.get("C4", 0) == 0 and game.state.passengers["W3"] == 1
    assert game.state.players[0].reached_at == len(game.history)


def test_r12_each_vroom_marker_runs_all_buses_again() -> None:
    game = _vroom_game()
    choose_round(game, {"Ada": ["vroom", "vroom"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    game.play("Bram", "advance clock")
    # space a (Ada): one bus, one delivery
    game.play("Ada", "deliver C4 W3")
    # Bram's space b: nothing on his line; Ada's space c: nothing left to carry (W3 is full)
    assert game.state.players[0].carried == 1
    assert game.state.phase in ("choosing", "resolving", "over")


# ---- R13 starting player -----------------------------------------------------------------------

def test_r13_chooser_starts_next_round_else_the_seat_to_the_left() -> None:
    game = three_player_setup()
    choose_round(game, {"Ada": ["vroom", "vroom"], "Bram": ["vroom", "vroom"],
                        "Cleo": ["start", "vroom"]})
    play_out_resolution(game)
    assert game.to_act().player == "Cleo"  # type: ignore[union-attr]
    choose_round(game, {"Cleo": ["vroom", "vroom"], "Ada": ["vroom", "vroom"],
                        "Bram": ["vroom", "vroom"]})
    play_out_resolution(game)
    decision = game.to_act()
    assert decision is not None and decision.player == "Ada"  # left of Cleo


# ---- R14 end of round --------------------------------------------------------------------------

def test_r14_markers_are_spent_and_the_game_ends_when_at_most_one_has_markers() -> None:
    game = new_game(3, markers=3)
    three_player_setup(game)
    choose_round(game, {"Ada": ["vroom", "vroom"], "Bram": ["vroom", "vroom", "vroom"],
                        "Cleo": ["vroom", "start"]})
    play_out_resolution(game)
    assert [p.markers for p in game.state.players] == [1, 0, 1]
    assert not game.is_over
    choose_round(game, {"Ada": ["vroom"], "Cleo": ["vroom"]})
    play_out_resolution(game)
    assert game.is_over and game.state.ended_by == "markers"


def test_r14_every_random_game_ends_for_a_reason_that_holds() -> None:
    for players in (3, 4, 5):
        for seed in range(20):
            game = random_game(players, seed)
            st = game.state
            assert st.ended_by in ("clock", "markers", "lots")
            if st.ended_by == "clock":
                assert st.clock_stones_left == 0
            elif st.ended_by == "markers":
                assert sum(1 for p in st.players if p.markers > 0) <= 1
            else:
                assert st.open_zone() is None


# ---- R15 final score ---------------------------------------------------------------------------

def test_r15_score_is_carried_minus_stones_and_ties_go_to_more_stones() -> None:
    game = _vroom_game(clock_stones=1)
    choose_round(game, {"Ada": ["buses", "vroom"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    game.play("Bram", "advance clock")
    game.play("Ada", "deliver C4 W3")
    play_out_resolution(game)
    choose_round(game, {"Cleo": ["vroom", "vroom"], "Ada": ["clock", "vroom"],
                        "Bram": ["vroom", "vroom"]})
    play_until(game, "clock")
    game.play("Ada", "stop time")
    assert game.is_over
    players = {p["name"]: p for p in game.to_json()["players"]}
    assert players["Ada"]["score"] == 0 and players["Ada"]["stones"] == 1
    assert players["Bram"]["score"] == 0 and players["Cleo"]["score"] == 0
    # Ada ties on 0 with Bram and Cleo and wins on more clock stones
    assert game.winner == "Ada"


def test_r15_tie_on_score_and_stones_goes_to_who_reached_it_first() -> None:
    found = 0
    for seed in range(60):
        game = random_game(4, seed)
        ps = game.state.players
        rank = game.ranking()
        for a, b in zip(rank, rank[1:], strict=False):
            pa, pb = game.player(a), game.player(b)
            if (pa.score, pa.stones) == (pb.score, pb.stones) and pa.carried > 0:
                assert pa.reached_at < pb.reached_at
                found += 1
        assert rank[0] == game.winner and len(ps) == 4
    assert found > 0


def test_r12_rulebook_example_one_is_short_of_passengers_another_of_buses() -> None:
    game = new_game(3)
    setup(game, ["Place Office at C1", "Place Office at W3", "Place Office at E3",
                 "Place Office at E5", "Place Pub at C2", "Place House at C4"],
          ["C1 W3", "E3 ES", "S2 S3"], ["S3 S6", "ES E5", "C1 C4"])
    choose_round(game, {"Ada": ["buses", "vroom"], "Bram": ["passengers", "vroom"],
                        "Cleo": ["clock", "start"]})
    game.play("Bram", "place 2 passengers at east")  # M = 2 after Ada's bus
    game.play("Cleo", "advance clock")  # house -> office
    # Ada has two buses but only C4's passenger wants to leave her line: one delivery
    decision = game.to_act()
    assert decision is not None and (decision.player, decision.count) == ("Ada", 1)
    game.play("Ada", "deliver C4 W3")
    # Bram has two passengers at ES and free offices at E3 and E5, but one bus: one delivery
    decision = game.to_act()
    assert decision is not None and (decision.player, decision.count) == ("Bram", 1)
    assert {str(m) for m in game.legal_moves()} == {"Deliver from ES to E3",
                                                   "Deliver from ES to E5"}
    game.play("Bram", "deliver ES E5")
    assert [p.carried for p in game.state.players] == [1, 1, 0]
    assert game.state.passengers["ES"] == 1


def test_r6_r9_the_prompt_names_what_the_supply_allows_and_more_is_refused_naming_it() -> None:
    game = new_game(3, passengers=5)  # four start in the park, one left
    three_player_setup(game)
    choose_round(game, {"Ada": ["buses", "passengers"], "Bram": ["clock", "vroom"],
                        "Cleo": ["start", "vroom"]})
    decision = game.to_act()
    assert decision is not None and decision.kind == "passengers" and decision.count == 2
    assert "place 1 passenger at a station" in decision.text
    assert "only 1 is left in the supply, so the other 1 is forfeited" in decision.text
    before = game.to_json()
    with pytest.raises(IllegalMove) as err:
        game.play("Ada", "place 2 passengers at west")
    assert err.value.rule == "R9" and "the passenger supply is empty" in str(err.value)
    assert game.to_json() == before
    game.play("Ada", "place passenger at west")
    assert game.state.passenger_supply == 0


def test_r7_a_refusal_names_every_empty_street_in_the_plural() -> None:
    game = _after_buildings()
    script(game, """
        Ada: Start line between C1 and C4
        Bram: Start line between S1 and C4
        Cleo: Start line between S2 and S3
        Cleo: Extend line from S3 to S6
        Bram: Extend line from C4 to S2
    """)
    with pytest.raises(IllegalMove) as err:
        game.play("Ada", "Extend line from C4 to S1")
    assert "the streets C4-C3 and C4-S5 and C4-W5 are empty" in str(err.value)
