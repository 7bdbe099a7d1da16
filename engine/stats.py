"""A game's story in numbers: the scores round by round and the facts worth a line at the end.

Everything here is read off the game's moves by walking them again (``engine.history``), so it is
true for any position, finished or not, and for a game rebuilt from its log. ``summary_text`` puts
the facts into the sentences the bot adds to its final message (``summary`` is their English);
the score chart draws ``scores``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.game import Game
from engine.history import steps
from engine.moves import ACTION_NAMES, ACTIONS, ChooseAction, ClockChoice, Deliver
from engine.text import ENGLISH, Listing, Msg, Plural, Text

IN_SETUP = Msg("stats.in_setup", "The game is still in its setup.")
STILL_ON = Msg("stats.still_on", "The game is still on, in round {round}.")
ENDED_CLOCK_BY = Msg("stats.ended.clock_by",
                     "The game ended in round {round} when {name} took the last clock stone and "
                     "the space-time continuum ruptured.")
ENDED_CLOCK = Msg("stats.ended.clock",
                  "The game ended in round {round} when someone took the last clock stone and "
                  "the space-time continuum ruptured.")
ENDED_LOTS = Msg("stats.ended.lots",
                 "The game ended after round {round}: every building lot was built.")
ENDED_MARKERS = Msg("stats.ended.markers",
                    "The game ended after round {round}: at most one player had markers left.")
DELIVERIES = Msg("stats.deliveries", "Deliveries: {deliveries}.")
NO_LINE = Msg("stats.no_line", "No line has been started yet.")
LONGEST_LINE = Plural("stats.longest_line", "Longest line: {name}'s, {n} street.",
                      "Longest line: {name}'s, {n} streets.")
EVERY_LINE = Plural("stats.every_line", "Every line is {n} street long.",
                    "Every line is {n} streets long.")
LONGEST_LINES = Plural("stats.longest_lines", "Longest lines: {names}, {n} street each.",
                       "Longest lines: {names}, {n} streets each.")
MOST_CHOSEN_ACTION = Msg("stats.most_chosen_action", "Most chosen action: {action} ({times}).")
MOST_CHOSEN_ACTIONS = Msg("stats.most_chosen_actions",
                          "Most chosen actions: {actions} ({times} each).")
ONCE = Msg("stats.once", "once")
TWICE = Msg("stats.twice", "twice")
TIMES = Msg("stats.times", "{n} times")
#: the summary's sentences in order
SUMMARY = Msg("stats.summary", "{deliveries} {lines} {ending}")
SUMMARY_ACTIONS = Msg("stats.summary_actions", "{deliveries} {lines} {actions} {ending}")


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


def _times(n: int) -> Text:
    return ONCE() if n == 1 else TWICE() if n == 2 else TIMES(n=n)


def ending_text(tale: GameStory) -> Text:
    """How the game ended (or where it stands), as a sentence."""
    if not tale.over:
        if not tale.rounds:
            return IN_SETUP()
        return STILL_ON(round=tale.rounds)
    if tale.ended_by == "clock":
        if tale.last_stone:
            return ENDED_CLOCK_BY(round=tale.rounds, name=tale.last_stone)
        return ENDED_CLOCK(round=tale.rounds)
    if tale.ended_by == "lots":
        return ENDED_LOTS(round=tale.rounds)
    return ENDED_MARKERS(round=tale.rounds)


def ending(tale: GameStory) -> str:
    """``ending_text`` in English."""
    return ENGLISH(ending_text(tale))


def summary_text(tale: GameStory) -> Text:
    """The game's statistics in a few sentences, for the bot's final message."""
    ranked = tale.ranking or tuple(p.name for p in tale.players)
    # a name and a count are no words of any language: "Ada 7, Bram 5"
    deliveries = DELIVERIES(deliveries=Listing(
        tuple(f"{name} {tale.player(name).deliveries}" for name in ranked), ", "))
    holders, streets = tale.longest_line
    if not streets:
        lines = NO_LINE()
    elif len(holders) == 1:
        lines = LONGEST_LINE(name=holders[0], n=streets)
    elif len(holders) == len(tale.players):
        lines = EVERY_LINE(n=streets)
    else:
        lines = LONGEST_LINES(names=Listing(tuple(holders)), n=streets)
    actions, count = tale.favourite_actions
    if not actions:
        return SUMMARY(deliveries=deliveries, lines=lines, ending=ending_text(tale))
    if len(actions) == 1:
        chosen = MOST_CHOSEN_ACTION(action=ACTION_NAMES[actions[0]](), times=_times(count))
    else:
        chosen = MOST_CHOSEN_ACTIONS(actions=Listing(tuple(ACTION_NAMES[a]() for a in actions)),
                                     times=_times(count))
    return SUMMARY_ACTIONS(deliveries=deliveries, lines=lines, actions=chosen,
                           ending=ending_text(tale))


def summary(tale: GameStory) -> str:
    """``summary_text`` in English."""
    return ENGLISH(summary_text(tale))
