"""The positions a game went through, rebuilt from its moves.

A game keeps only its present position and its list of moves; whatever looks back over a game
(its statistics, its score chart, its animation) walks the moves again from the game's first
kept position with ``Game.follow``, the loop ``Game.pop`` and a log replay use, so the past is
always the one the rules give.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.game import Game
from engine.moves import Move


def fresh(game: Game) -> Game:
    """A new game with ``game``'s seats, colours, edition and options, before any move."""
    return game.position_at(0)


def walk(game: Game) -> Iterator[tuple[int, Game]]:
    """``(moves played, position)`` from the start to ``game``'s position, in order.

    Every step yields the same ``Game`` object, one move further on: read it (or draw it) before
    asking for the next step, and ``copy()`` it to keep it. Walking costs one replay.
    """
    table = fresh(game)
    yield 0, table
    for played in range(1, len(game.history) + 1):
        table.follow(game.history, played)
        yield played, table


def steps(game: Game) -> Iterator[tuple[int, str, Move, Game]]:
    """``(round, player, move, position after it)`` for every move, in order.

    ``round`` is the round the move was played in (0 during setup), read before the move: the last
    move of a round starts the next one by itself, so the position after it shows the new round.
    """
    table = fresh(game)
    for played, (name, move) in enumerate(game.history, start=1):
        round_number = table.state.round
        table.follow(game.history, played)
        yield round_number, name, move, table
