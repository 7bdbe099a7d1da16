"""A game's story in numbers: the scores round by round and the facts worth a line at the end.

Everything here is read off the game's moves by walking them again (``engine.history``), so it is
true for any position, finished or not, and for a game rebuilt from its log. ``summary`` puts the
facts into the sentences the bot adds to its final message; the score chart draws ``scores``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.game import Game
from engine.history import steps
from engine.moves import ACTION_TITLES, ACTIONS, ChooseAction, ClockChoice, Deliver


@dataclass(frozen=True, slots=True)
class PlayerStory:
    name: str
    colour: str
    seat: int
    #: the score (carried passengers minus clock stones) when setup ended (index 0, always 0)
    #: and at the end of each round since; the last entry is the score now
    scores: tuple[int, ...]
    #: the round in which each of the player's clock stones was taken, in order
    stones: tuple[int, ...]
    deliveries: int
    #: streets in the player's line now
    streets: int

    @property
    def score(self) -> int:
        return self.scores[-1]


@dataclass(frozen=True, slots=True)
class GameStory:
    players: tuple[PlayerStory, ...]
    #: rounds begun; the last one is still being played unless the game is over
    rounds: int
    over: bool
    #: "clock", "markers" or "lots" once the game is over
    ended_by: str | None
    #: the player who took the last clock stone, when that ended the game
    last_stone: str | None
    #: how many times each action was chosen, over the whole game, in the board's order
    actions: dict[str, int]
    #: player names best first, once the game is over
    ranking: tuple[str, ...]

    def player(self, name: str) -> PlayerStory:
        return next(p for p in self.players if p.name == name)

    @property
    def longest_line(self) -> tuple[list[str], int]:
        """The players whose line has the most streets (all of them on a tie), and that count."""
        most = max(p.streets for p in self.players)
        return [p.name for p in self.players if p.streets == most], most

    @property
    def favourite_actions(self) -> tuple[list[str], int]:
        """The actions chosen most often (all of them on a tie), and how often; none before the
        first round."""
        most = max(self.actions.values(), default=0)
        if most == 0:
            return [], 0
        return [a for a, n in self.actions.items() if n == most], most


def story(game: Game) -> GameStory:
    """The story of ``game`` from its first move to its position now (one replay)."""
    names = game.players
    seats = {name: seat for seat, name in enumerate(names)}
    # scores[seat][round] is the score after the last move of that round seen so far
    scores: list[list[int]] = [[0] for _ in names]
    stones: list[list[int]] = [[] for _ in names]
    deliveries = Counter[str]()
    chosen = Counter[str]()
    last_stone: str | None = None
    for round_number, name, move, table in steps(game):
        for seat, p in enumerate(table.state.players):
            row = scores[seat]
            while len(row) <= round_number:
                row.append(row[-1])
            row[round_number] = p.score
        if isinstance(move, ClockChoice) and move.stop:
            stones[seats[name]].append(round_number)
            last_stone = name
        elif isinstance(move, Deliver):
            deliveries[name] += 1
        elif isinstance(move, ChooseAction):
            chosen[move.action] += 1
    state = game.state
    rounds = state.round
    for row in scores:
        while len(row) <= rounds:
            row.append(row[-1])
    players = tuple(
        PlayerStory(p.name, p.colour, p.seat, tuple(scores[p.seat]), tuple(stones[p.seat]),
                    deliveries[p.name], len(p.streets))
        for p in state.players
    )
    return GameStory(
        players=players,
        rounds=rounds,
        over=game.is_over,
        ended_by=state.ended_by,
        last_stone=last_stone if state.ended_by == "clock" else None,
        actions={a: chosen[a] for a in ACTIONS},
        ranking=tuple(game.ranking()) if game.is_over else (),
    )


def _names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def ending(tale: GameStory) -> str:
    """How the game ended (or where it stands), as a sentence."""
    if not tale.over:
        if not tale.rounds:
            return "The game is still in its setup."
        return f"The game is still on, in round {tale.rounds}."
    if tale.ended_by == "clock":
        who = f"{tale.last_stone} took" if tale.last_stone else "someone took"
        return (f"The game ended in round {tale.rounds} when {who} the last clock stone and the "
                f"space-time continuum ruptured.")
    if tale.ended_by == "lots":
        return f"The game ended after round {tale.rounds}: every building lot was built."
    return f"The game ended after round {tale.rounds}: at most one player had markers left."


def summary(tale: GameStory) -> str:
    """The game's statistics in a few sentences, for the bot's final message."""
    ranked = tale.ranking or tuple(p.name for p in tale.players)
    deliveries = ", ".join(f"{name} {tale.player(name).deliveries}" for name in ranked)
    out = [f"Deliveries: {deliveries}."]
    holders, streets = tale.longest_line
    street_word = "street" if streets == 1 else "streets"
    if not streets:
        out.append("No line has been started yet.")
    elif len(holders) == 1:
        out.append(f"Longest line: {holders[0]}'s, {streets} {street_word}.")
    elif len(holders) == len(tale.players):
        out.append(f"Every line is {streets} {street_word} long.")
    else:
        out.append(f"Longest lines: {_names(holders)}, {streets} {street_word} each.")
    actions, count = tale.favourite_actions
    if actions:
        titles = _names([ACTION_TITLES[a] for a in actions])
        label = "Most chosen action" if len(actions) == 1 else "Most chosen actions"
        out.append(f"{label}: {titles} ({_times(count)}{' each' if len(actions) > 1 else ''}).")
    out.append(ending(tale))
    return " ".join(out)
