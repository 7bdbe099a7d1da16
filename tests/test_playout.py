"""Random games: the one-call pick draws what ``random.Random.choice`` draws, so a seed plays the
same random game it always did, and ``Game.play_out`` plays what pushing each move plays."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Move, random_game
from engine.playout import uniform
from engine.rules import RULES, Rule


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 300), min_size=1,
                                                   max_size=40))
def test_a_uniform_pick_is_what_choice_would_have_drawn(seed: int, sizes: list[int]) -> None:
    pick, rng = uniform(random.Random(seed)), random.Random(seed)
    for n in sizes:
        items = list(range(n))
        assert pick(items) == rng.choice(items)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32), edition=st.sampled_from(
    ["capstone", "splotter-2nd"]))
def test_a_random_game_is_the_game_its_seed_plays_move_by_move(players: int, seed: int,
                                                                 edition: str) -> None:
    """The playout loop (the quiet marker loop, listings kept between moves) plays exactly the
    game that pushing the same picks one by one plays, for every table size and edition."""
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]
    rng = random.Random(seed)
    game = Game(names, edition)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    played = random_game(players, seed, edition)
    assert played.log().format() == game.log().format()
    assert played.state.copy() == game.state.copy()


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), salt=st.integers(0, 1000))
def test_a_pick_that_reads_the_position_sees_it_as_pushed_moves_would(players: int,
                                                                      salt: int) -> None:
    """A playout's pick may look at the position (the computer player's picks do): at every
    pick the position is the one the move will be played in, marker choices included."""
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]

    def reading(game: Game) -> Callable[[Sequence[Move]], Move]:
        def pick(listed: Sequence[Move]) -> Move:
            s = game.state
            seat = s.current if s.phase == "choosing" else s.task.seat if s.task else 0
            assert seat is not None
            return listed[(seat * 7 + s.moves_played + salt) % len(listed)]
        return pick

    pushed = Game(names)
    while not pushed.is_over:
        pushed.push(reading(pushed)(pushed.legal_moves()))
    played = Game(names)
    played.play_out(reading(played))
    assert played.log().format() == pushed.log().format()


def test_every_step_begins_quietly_as_it_starts() -> None:
    """A playout begins each step with ``begin`` (no announcement) where the game calls
    ``start``: a step that tells its start its own way must also owe its own way, so ``begin``
    is defined beside or below the ``start`` it stands for (or is the default, which calls it)."""
    for rule in RULES.values():
        mro = type(rule).__mro__
        begins = next(c for c in mro if "begin" in c.__dict__)
        starts = next(c for c in mro if "start" in c.__dict__)
        assert begins is Rule or issubclass(begins, starts), type(rule).__name__


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32), cut=st.integers(1, 12))
def test_a_playout_stopped_at_a_round_plays_on_to_the_same_game(players: int, seed: int,
                                                                cut: int) -> None:
    """``until_round`` stops a playout at the first choice of that round (no marker of it
    placed yet, or the game over before it), and playing on from there plays the very game
    that one playout to the end plays with the same picks (the computer player's truncated
    playouts stop there and read the position)."""
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]
    whole = random_game(players, seed, names=names)
    game = Game(names)
    pick = uniform(random.Random(seed))
    game.play_out(pick, until_round=cut)
    st_ = game.state
    if not game.is_over:
        assert st_.phase == "choosing" and st_.round == cut
        assert not any(p.placed for p in st_.players)
    game.play_out(pick)
    assert game.log().format() == whole.log().format()
