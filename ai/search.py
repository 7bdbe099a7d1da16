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
from dataclasses import dataclass

from ai.playout import finish, margin, outcome, seat_to_act
from engine.game import Game
from engine.moves import Move


@dataclass(frozen=True, slots=True)
class Settings:
    """How the search spends its playouts (tuned with ``benchmarks/bench_ai.py``)."""

    #: exploration constant of UCB1 (rewards lie in 0..1)
    explore: float = 0.35
    #: the chance a playout move is drawn at random rather than the policy's
    noise: float = 0.1
    #: the noise of the other seats' playout moves (None: ``noise``)
    others_noise: float | None = None
    #: rounds a playout plays before its position is estimated (0: to the game's end)
    horizon: int = 1
    #: how deep the tree grows below the root (1: a flat search of the root's moves)
    depth: int = 99
    #: weight of winning in a seat's reward; the rest is its margin over the others
    win_weight: float = 0.5
    #: points of margin at which the margin's half of the reward is three quarters full
    margin_scale: float = 4.0


SETTINGS = Settings()
#: playouts between two looks at whether the choice is settled
SETTLE_EVERY = 16


@dataclass(frozen=True, slots=True)
class Option:
    """One move the search looked at, with how the games it played out after it ended for the
    player deciding now."""

    move: Move
    #: games played out after the move
    playouts: int
    #: the share of them the player won (R15's order, ties included): its chance of winning
    win: float
    #: its mean final score minus the best other player's in them
    margin: float


class Node:
    """A position in the tree: the move that led here, who decides here, and the rewards of
    every seat summed over the playouts through it."""

    __slots__ = ("move", "seat", "children", "untried", "visits", "totals", "margin", "wins")

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
        #: each seat's chances of winning summed over the playouts through here
        self.wins = [0.0] * seats

    def best_child(self, explore: float) -> Node:
        """The child best for the seat deciding here, by UCB1."""
        seat = self.seat if self.seat is not None else 0
        log_n = math.log(self.visits)
        best, best_value = self.children[0], -1.0
        for child in self.children:
            value = (child.totals[seat] / child.visits
                     + explore * math.sqrt(log_n / child.visits))
            if value > best_value:
                best, best_value = child, value
        return best


class Search:
    """One decision's tree, grown one playout at a time."""

    def __init__(self, game: Game, rng: random.Random, settings: Settings | None = None) -> None:
        self.game = game
        self.rng = rng
        self.settings = settings or SETTINGS
        self.seats = len(game.state.players)
        self.root = Node(None, seat_to_act(game.state), game.legal_moves(), self.seats)
        self.playouts = 0

    def grow(self) -> None:
        """One iteration: select, expand, play out, back up."""
        settings = self.settings
        game = self.game.copy()
        node = self.root
        path = [node]
        while not node.untried and node.children:
            node = node.best_child(settings.explore)
            game.push(node.move)  # type: ignore[arg-type]
            path.append(node)
        if node.untried and not game.is_over and len(path) <= settings.depth:
            move = node.untried.pop(0 if node is self.root else
                                    self.rng.randrange(len(node.untried)))
            game.push(move)
            child = Node(move, seat_to_act(game.state), game.legal_moves(), self.seats)
            node.children.append(child)
            path.append(child)
        # a move's first playout is the greedy game that follows it (the exact answer when
        # everyone plays greedily); later ones add noise to look around it
        noise = 0.0 if len(path) == 2 and path[1].visits == 0 else settings.noise
        until = game.state.round + settings.horizon if settings.horizon else None
        end = finish(game, self.rng, self._noise(noise), until)
        rewards, chances, scores = outcome(end, settings.win_weight, settings.margin_scale)
        if len(path) > 1 and self.root.seat is not None:
            path[1].margin += margin(scores, self.root.seat)
        for n in path:
            n.visits += 1
            wins = n.wins
            for seat, c in enumerate(chances):
                wins[seat] += c
            totals = n.totals
            for seat, r in enumerate(rewards):
                totals[seat] += r
        self.playouts += 1

    def _noise(self, noise: float) -> float | list[float]:
        others = self.settings.others_noise
        if others is None or self.root.seat is None:
            return noise
        each = [others] * self.seats
        each[self.root.seat] = noise
        return each

    def run(self, playouts: int | None, seconds: float | None,
            clock: Callable[[], float], settle: bool = True) -> None:
        """Grow until ``playouts`` iterations are done or ``seconds`` have passed (at least one
        iteration either way), or sooner once the choice is settled: when no other move could
        catch up with the most visited one in the playouts left (the move played is the most
        visited, so stopping then changes nothing but the time spent). ``settle=False`` spends
        the whole budget (the chances of winning read every playout, not only the move)."""
        start = clock()
        deadline = None if seconds is None else start + seconds
        while True:
            self.grow()
            done = self.playouts
            if playouts is not None and done >= playouts:
                return
            left = math.inf if playouts is None else playouts - done
            if deadline is not None:
                now = clock()  # a reading costs far less than a playout, so the budget is
                if now >= deadline:  # overshot by one playout at most
                    return
                if done % SETTLE_EVERY == 0 and now > start:
                    left = min(left, done / (now - start) * (deadline - now))
            if settle and done % SETTLE_EVERY == 0 and self._lead() > left:
                return

    def _lead(self) -> int:
        """How many more playouts the most visited move has than the next one."""
        first = second = 0
        for child in self.root.children:
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second if len(self.root.children) > 1 or not self.root.untried else 0

    def best_move(self) -> Move:
        """The root's most visited move (the first listed among equals)."""
        children = self.root.children
        if not children:
            return self.root.untried[0]
        return max(children, key=lambda c: c.visits).move  # type: ignore[return-value]

    def options(self) -> list[Option]:
        """The root's moves the search played out, most visited first, each with the share
        of its playouts the player deciding won and its mean final margin."""
        seat = self.root.seat if self.root.seat is not None else 0
        out = [Option(c.move, c.visits, c.wins[seat] / c.visits, c.margin / c.visits)
               for c in self.root.children if c.move is not None and c.visits]
        return sorted(out, key=lambda o: -o.playouts)
