"""Random complete games, for tests, benchmarks and sample pictures.

The only randomness in the engine, and it comes through an explicit seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.game import Game

DEFAULT_NAMES = ("Ada", "Bram", "Cleo", "Dirk", "Esme")
T = TypeVar("T")


def random_game(players: int = 4, seed: int = 0, edition: str = "capstone",
                names: list[str] | None = None) -> Game:
    """A complete game in which every decision is drawn uniformly from the legal moves."""
    rng = random.Random(seed)
    game = Game(list(names or DEFAULT_NAMES[:players]), edition)
    game.play_out(uniform(rng))
    return game


def uniform(rng: random.Random) -> Callable[[Sequence[T]], T]:
    """``rng.choice`` in one call instead of three: the same draws from the same generator
    (``random.Random._randbelow_with_getrandbits``), so a seed plays the same game, at a
    fifth of the cost of a random game's every move (tests/test_properties.py checks it)."""
    bits = rng.getrandbits

    def pick(items: Sequence[T]) -> T:
        n = len(items)
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return items[r]

    return pick
