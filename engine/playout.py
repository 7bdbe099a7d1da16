"""Random complete games, for tests, benchmarks and sample pictures.

The only randomness in the engine, and it comes through an explicit seed.
"""

from __future__ import annotations

import random

from engine.game import Game

DEFAULT_NAMES = ("Ada", "Bram", "Cleo", "Dirk", "Esme")


def random_game(players: int = 4, seed: int = 0, edition: str = "capstone",
                names: list[str] | None = None) -> Game:
    """A complete game in which every decision is drawn uniformly from the legal moves."""
    rng = random.Random(seed)
    game = Game(list(names or DEFAULT_NAMES[:players]), edition)
    game.play_out(rng.choice)
    return game
