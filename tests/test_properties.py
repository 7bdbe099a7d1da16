"""Property-based tests: random complete games keep every invariant; random text never crashes."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    BOARD,
    BusError,
    Game,
    GameLog,
    Move,
    parse_moves,
    replay,
)
from engine.state import CLOCK

GAMES = 40 if os.environ.get("CI") else 25


def check_invariants(game: Game) -> None:
    s = game.state
    opts = s.options
    # 15 passengers in all: supply + on the board
    assert s.passenger_supply + sum(s.passengers.values()) == opts.passengers
    assert all(v > 0 for v in s.passengers.values())
    # lots never overfilled: one building per lot, and the zone order holds
    built_zones = [BOARD.lots[i].zone for i, k in enumerate(s.lots) if k is not None]
    open_zone = s.open_zone()
    if open_zone is not None and s.phase != "setup":
        assert all(z <= open_zone for z in built_zones)
    for kind in ("house", "office", "pub"):
        if opts.building_type_limit:
            assert s.type_count(kind) <= opts.building_type_limit
    # every line is a trail whose streets are recorded on the board
    for p in s.players:
        if p.line:
            pairs = zip(p.line, p.line[1:], strict=False)
            streets = [BOARD.street_between(a, b) for a, b in pairs]
            assert None not in streets
            assert len(set(streets)) == len(streets) == len(p.streets)
            assert set(streets) == p.streets
            for street in p.streets:
                assert s.street_lines[street].count(p.seat) == 1
        # markers and scores
        assert 0 <= p.markers <= opts.markers
        assert 1 <= p.buses <= opts.bus_limit
        assert p.score == p.carried - p.stones
    assert sum(p.stones for p in s.players) + s.clock_stones_left == opts.clock_stones
    assert sum(len(v) for v in s.spaces.values()) == sum(p.placed for p in s.players)
    assert CLOCK[s.clock] in ("house", "office", "pub")
    # the decision and the legal moves agree
    decision = game.to_act()
    if game.is_over:
        assert decision is None and game.legal_moves() == []
    else:
        assert decision is not None and game.legal_moves()
        assert decision.text.startswith(decision.player + ": ")


def play_random(players: int, seed: int, edition: str) -> Game:
    rng = random.Random(seed)
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]
    game = Game(names, edition)
    check_invariants(game)
    while not game.is_over:
        moves: list[Move] = game.legal_moves()
        move = rng.choice(moves)
        decision = game.to_act()
        assert decision is not None
        # the canonical text of a legal move parses back to that move
        assert parse_moves(str(move)) == [move]
        game.play(decision.player, str(move))
        check_invariants(game)
    return game


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1),
       edition=st.sampled_from(["capstone", "splotter-2nd"]))
def test_random_games_keep_invariants_and_replay_to_the_same_state(
        players: int, seed: int, edition: str) -> None:
    game = play_random(players, seed, edition)
    assert game.winner == game.ranking()[0]
    again = replay(GameLog.parse(game.log().format()))
    assert again.to_json() == game.to_json()
    assert again.state.players == game.state.players


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_undo_is_replay_without_the_last_move(players: int, seed: int, data: st.DataObject) -> None:
    game = play_random(players, seed, "capstone")
    cut = data.draw(st.integers(1, len(game.history)))
    log = game.log()
    partial = replay(log, upto=cut)
    popped = partial.pop()
    assert str(popped) == log.moves[cut - 1][1]
    assert partial.to_json() == replay(log, upto=cut - 1).to_json()


_WORDS = ["place", "office", "house", "pub", "at", "c1", "w9", "extend", "line", "from", "to",
          "start", "between", "and", "choose", "take", "vroom", "pass", "stop", "time", "advance",
          "clock", "deliver", "passenger", "passengers", "west", "east", "ws", "es", "2", "0", "99",
          ",", ";", "\n", "-", "then", "buses", "starting", "player", "n3", "e1", "s7", "don't"]


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80),
                 st.lists(st.sampled_from(_WORDS), max_size=12).map(" ".join)))
def test_any_text_gives_moves_or_an_engine_error(text: str) -> None:
    try:
        moves = parse_moves(text)
    except BusError as err:
        assert str(err)
        return
    assert moves
    for move in moves:
        assert parse_moves(str(move)) == [move]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=10).map(" ".join), st.integers(0, 400))
def test_any_text_played_in_a_game_changes_nothing_unless_legal(text: str, cut: int) -> None:
    base = replay(GameLog.parse(_SAMPLE_LOG), upto=min(cut, _SAMPLE_MOVES))
    decision = base.to_act()
    if decision is None:
        return
    before = base.to_json()
    try:
        base.play(decision.player, text)
    except BusError:
        assert base.to_json() == before
        return
    assert len(base.history) > before["moves"]


def _sample() -> tuple[str, int]:
    from engine import random_game

    game = random_game(4, 7)
    return game.log().format(), len(game.history)


_SAMPLE_LOG, _SAMPLE_MOVES = _sample()


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_position_from_the_kept_copies_is_the_replayed_position(
        players: int, seed: int, data: st.DataObject) -> None:
    game = play_random(players, seed, "capstone")
    log = game.log()
    cut = data.draw(st.integers(0, len(game.history)))
    past = game.position_at(cut)
    again = replay(log, upto=cut)
    assert past.to_json() == again.to_json()
    assert past.legal_moves() == again.legal_moves()
    assert game.to_json() == replay(log).to_json()  # looking back changes nothing
    # the position goes on exactly as the replayed one would
    for name, text in log.moves[cut:cut + 40]:
        past.play(name, text)
    assert past.to_json() == replay(log, upto=min(cut + 40, len(log.moves))).to_json()
