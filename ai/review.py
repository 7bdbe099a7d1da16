"""The game reviewed: every seat's chance of winning move by move, the moves that turned the
game, and the move the computer would have preferred.

Pure like the rest of ``ai``: it replays a game's own moves and, at every decision with a real
choice (two or more legal moves), runs the computer player's search (``ai.search``) from the
position before the move for exactly ``playouts`` playouts, seeded by the move's number. A
review is therefore the same for the same game, whatever the machine's load, and its cost is
the budget times the decisions (``benchmarks/bench_review.py`` prints the processor seconds of
a five-player game).

What one decision's search gives (``Judged``):

- ``before``: each seat's chance of winning from the position before the move (the share of
  the search's playouts each seat won, as ``ai.win_chances`` reads it);
- ``after``: the same from the position after it, which is the next decision's ``before`` (the
  final result once the game is over), so the line of chances is one unbroken line;
- ``better``: the move the search ranks first by its own numbers (as ``hint`` does), where it
  differs from the move played;
- ``cost``: the chance of winning the played move gave away against ``better``, for the player
  who moved: the better move's chance in the search minus the played move's. The played move's
  chance is read off the same search where it looked at it often enough to tell (a quarter as
  often as at its favourite), else off the next position's search. Never below zero.

A decision is *good* when its cost is under ``GOOD_COST`` (the search's own error at the
budget is a few points, so a smaller difference says nothing).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.search import Option, Search
from engine.game import Game
from engine.replay import replay

#: the playouts of every position's search: about 0.12 s of one core each today, so a
#: five-player game of 240 moves takes under half a minute (``benchmarks/bench_review.py``)
REVIEW_PLAYOUTS = 400
#: a played move whose cost is below this many win chance is a good decision
GOOD_COST = 0.05
#: how many turning points a review names
TURNING_POINTS = 3

#: called after each move is judged with (moves judged, moves in the game)
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision with a real choice, judged: see the module's docstring for each number."""

    #: the move's number in the game, from 1
    number: int
    #: the round it was played in (0: the setup before the first round)
    round: int
    player: str
    seat: int
    #: the move played and the legal moves it was chosen from
    played: str
    choices: int
    #: each seat's chance of winning before and after the move, in seat order
    before: tuple[float, ...]
    after: tuple[float, ...]
    #: the move the search preferred where it differs from the played one
    better: str | None
    #: the chance of winning the played move gave away against ``better`` (0 when none)
    cost: float

    @property
    def good(self) -> bool:
        """Whether the move was as good as the search can tell."""
        return self.cost < GOOD_COST


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game judged: the players (and their colours, for the chart), the budget per
    position, the moves reviewed, every decision with a real choice in the order played, and
    the final result (each seat's 1 or 0; an even share when the game is not over)."""

    players: tuple[str, ...]
    colours: tuple[str, ...]
    playouts: int
    moves: int
    decisions: tuple[Judged, ...]
    final: tuple[float, ...]

    def turning_points(self, count: int = TURNING_POINTS) -> list[Judged]:
        """The ``count`` decisions that gave away the most chance of winning against the
        better move (the costliest first; equal costs in the order played)."""
        costly = [d for d in self.decisions if d.better is not None and not d.good]
        return sorted(costly, key=lambda d: (-d.cost, d.number))[:count]

    def good_share(self) -> dict[str, tuple[int, int]]:
        """Each player's good decisions and decisions with a real choice, in seat order."""
        out = {name: (0, 0) for name in self.players}
        for d in self.decisions:
            good, total = out[d.player]
            out[d.player] = (good + d.good, total + 1)
        return out

    def leaders(self) -> list[Lead]:
        """Who was ahead when: runs of consecutive rounds in which the same seat had the best
        chance of winning at the round's first judged decision (the last run ends with the
        game, whoever won it)."""
        runs: list[Lead] = []
        seen: set[int] = set()
        for d in self.decisions:
            if d.round in seen:
                continue
            seen.add(d.round)
            ahead = max(range(len(d.before)), key=lambda s: (d.before[s], -s))
            name = self.players[ahead]
            if runs and runs[-1].player == name:
                runs[-1] = Lead(name, runs[-1].first, d.round, max(runs[-1].best,
                                                                    d.before[ahead]))
            else:
                runs.append(Lead(name, d.round, d.round, d.before[ahead]))
        return runs

    def to_json(self) -> dict[str, Any]:
        """The review as plain data (what ``busbot review --out`` writes and the store keeps)."""
        return {
            "players": list(self.players),
            "colours": list(self.colours),
            "playouts": self.playouts,
            "moves": self.moves,
            "final": list(self.final),
            "decisions": [
                {"number": d.number, "round": d.round, "player": d.player, "seat": d.seat,
                 "played": d.played, "choices": d.choices, "before": list(d.before),
                 "after": list(d.after), "better": d.better, "cost": d.cost}
                for d in self.decisions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """A review read back from ``to_json``'s data (``KeyError``/``TypeError``/
        ``ValueError`` when it is not one)."""
        decisions = tuple(
            Judged(int(d["number"]), int(d["round"]), str(d["player"]), int(d["seat"]),
                   str(d["played"]), int(d["choices"]),
                   tuple(float(x) for x in d["before"]), tuple(float(x) for x in d["after"]),
                   None if d["better"] is None else str(d["better"]), float(d["cost"]))
            for d in data["decisions"])
        return cls(tuple(str(p) for p in data["players"]),
                   tuple(str(c) for c in data["colours"]), int(data["playouts"]),
                   int(data["moves"]), decisions, tuple(float(x) for x in data["final"]))


@dataclass(frozen=True, slots=True)
class Lead:
    """A run of rounds ``first``..``last`` in which ``player`` was ahead, with the best
    chance of winning it had at the start of any of them."""

    player: str
    first: int
    last: int
    best: float


def review(game: Game, *, playouts: int = REVIEW_PLAYOUTS,
           progress: Progress | None = None) -> Review:
    """Judge every decision with a real choice in ``game`` (left unchanged; finished or not:
    the caller decides whom a review may be shown to). Deterministic for the same moves and
    budget."""
    if playouts < 1:
        raise ValueError("a review needs at least one playout a position")
    moves = list(game.history)
    board = replay(game.log(), upto=0)
    # first pass: search every position with a real choice
    found: list[tuple[int, int, str, int, str, int, tuple[float, ...], list[Option]]] = []
    for number, (player, move) in enumerate(moves, start=1):
        legal = board.legal_moves()
        if len(legal) > 1:
            before, options = _searched(board, playouts, number)
            seat = board.player(player).seat
            found.append((number, board.state.round, player, seat, str(move), len(legal),
                          before, options))
        board.push(move, player)
        if progress is not None:
            progress(number, len(moves))
    final = _final(board, playouts)
    # second pass: each decision's "after" is the next one's "before"
    judged: list[Judged] = []
    for k, (number, rnd, player, seat, played, choices, before, options) in enumerate(found):
        after = found[k + 1][6] if k + 1 < len(found) else final
        better, cost = _better(played, options, after[seat])
        judged.append(Judged(number, rnd, player, seat, played, choices, before, after,
                             better, cost))
    players = board.state.players
    return Review(tuple(p.name for p in players), tuple(p.colour for p in players), playouts,
                  len(moves),
                  tuple(judged), final)


def _final(game: Game, playouts: int) -> tuple[float, ...]:
    """The result of a finished game (the winner 1), or, for a game not over (a practice game
    reviewed part of the way), the chances of the position now by the same search."""
    players = game.state.players
    if game.is_over:
        winner = game.ranking()[0]
        return tuple(1.0 if p.name == winner else 0.0 for p in players)
    return _searched(game, playouts, len(game.history) + 1)[0]


def _searched(game: Game, playouts: int, seed: int) -> tuple[tuple[float, ...], list[Option]]:
    """Each seat's chance of winning by a search of exactly ``playouts`` playouts (the share
    of them each seat won, one imagined game shared out evenly so none is 0 or 1), and the
    moves it weighed."""
    seats = len(game.state.players)
    search = Search(game, random.Random(seed))
    for _ in range(playouts):
        search.grow()
    wins = search.root.wins
    return tuple((w + 1 / seats) / (search.playouts + 1) for w in wins), search.options()


def _better(played: str, options: list[Option], after: float) -> tuple[str | None, float]:
    """The search's preferred move where it differs from ``played``, and what ``played``
    cost against it (see the module's docstring)."""
    if not options:
        return None, 0.0
    top = max(o.playouts for o in options)
    trusted = [o for o in options if 4 * o.playouts >= top]
    best = max(trusted, key=lambda o: (o.win, o.margin, o.playouts))
    if str(best.move) == played:
        return None, 0.0
    mine = next((o for o in trusted if str(o.move) == played), None)
    value = mine.win if mine is not None else after
    return str(best.move), max(0.0, best.win - value)
