"""Monte Carlo tree search over the engine's own moves (UCT, one reward per seat: each seat
picks what is best for itself, the max^n reading of a game of several players).

Every iteration copies the position, walks down the tree by UCB1, adds one new move, plays the
game out with the playout policy (``ai.playout``) and credits every seat with its reward on the
way back. The move played is the root's most visited.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ai.playout import NOISE, finish, margin, outcome, seat_to_act
from engine.game import Game
from engine.moves import Move

#: exploration constant of UCB1 (rewards lie in 0..1)
EXPLORE = 0.35


class Node:
    """A position in the tree: the move that led here, who decides here, and the rewards of
    every seat summed over the playouts through it."""

    __slots__ = ("move", "seat", "children", "untried", "visits", "totals", "margin")

    def __init__(self, move: Move | None, seat: int | None, untried: list[Move],
                 seats: int) -> None:
        self.move = move
        self.seat = seat
        self.children: list[Node] = []
        self.untried = untried
        self.visits = 0
        self.totals = [0.0] * seats
        #: the deciding seat's final margin over its best rival, summed (the root's children)
        self.margin = 0.0

    def best_child(self) -> Node:
        """The child best for the seat deciding here, by UCB1."""
        seat = self.seat if self.seat is not None else 0
        log_n = math.log(self.visits)
        best, best_value = self.children[0], -1.0
        for child in self.children:
            value = (child.totals[seat] / child.visits
                     + EXPLORE * math.sqrt(log_n / child.visits))
            if value > best_value:
                best, best_value = child, value
        return best


class Search:
    """One decision's tree, grown one playout at a time."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.seats = len(game.state.players)
        self.root = Node(None, seat_to_act(game.state), game.legal_moves(), self.seats)
        self.playouts = 0

    def grow(self) -> None:
        """One iteration: select, expand, play out, back up."""
        game = self.game.copy()
        node = self.root
        path = [node]
        while not node.untried and node.children:
            node = node.best_child()
            game.push(node.move)  # type: ignore[arg-type]
            path.append(node)
        if node.untried and not game.is_over:
            move = node.untried.pop(0 if node is self.root else
                                    self.rng.randrange(len(node.untried)))
            game.push(move)
            child = Node(move, seat_to_act(game.state), game.legal_moves(), self.seats)
            node.children.append(child)
            path.append(child)
        # a move's first playout is the greedy game that follows it (the exact answer when
        # everyone plays greedily); later ones add noise to look around it
        noise = 0.0 if len(path) == 2 and path[1].visits == 0 else NOISE
        end = finish(game, self.rng, noise)
        rewards = outcome(end)
        if len(path) > 1 and self.root.seat is not None:
            path[1].margin += margin(end, self.root.seat)
        for n in path:
            n.visits += 1
            totals = n.totals
            for seat, r in enumerate(rewards):
                totals[seat] += r
        self.playouts += 1

    def run(self, playouts: int | None, seconds: float | None,
            clock: Callable[[], float]) -> None:
        """Grow until ``playouts`` iterations are done or ``seconds`` have passed (at least one
        iteration either way)."""
        deadline = None if seconds is None else clock() + seconds
        while True:
            self.grow()
            if playouts is not None and self.playouts >= playouts:
                return
            if deadline is not None and clock() >= deadline:  # a reading costs far less than
                return  # a playout, so the budget is overshot by one playout at most

    def best_move(self) -> Move:
        """The root's most visited move (the first listed among equals)."""
        children = self.root.children
        if not children:
            return self.root.untried[0]
        return max(children, key=lambda c: c.visits).move  # type: ignore[return-value]

    def ranked(self) -> list[tuple[Move, int, float]]:
        """The root's moves, most visited first, with their playouts and the mover's mean
        final margin over its best rival in them."""
        out = [(c.move, c.visits, c.margin / c.visits) for c in self.root.children
               if c.move is not None]
        return sorted(out, key=lambda t: -t[1])
