"""The rating arithmetic: openskill's Weng-Lin Plackett-Luce model, as pure functions of plain
values (no database, no clock, no Discord).

Bus is a free-for-all of 3 to 5 players, so a game is one ranking of its seats (R15's places,
``engine.standings.places``: players R15 cannot separate share a place and are rated as a draw),
not a set of pairwise results as Elo would need. Each seat is one of three kinds of entrant:

- a **member** (a user id): rated from the prior (mu 25, sigma 25/3, openskill's defaults) and
  moved by each counted game they finish;
- a **computer level** (``easy``, ``normal``, ``hard``): a fixed skill that never moves
  (``LEVEL_SKILLS``, set from bot-against-bot games by ``benchmarks/bench_bot_ratings.py``), so
  that beating ``hard`` means the same thing on every server and in every season;
- a **stranger**: a seat whose player is not kept (forgotten on request, or never claimed in an
  imported game), rated at the prior in that game only and stored nowhere.

Everything a player sees comes from ``rate`` applied game after game in the order the games
finished: a rebuild from the stored games folds the same games in the same order through the
same function, so it gets the same numbers exactly (floats are stored as SQLite's 8-byte reals
and read back unchanged). The seats are handed to openskill in one canonical order (by place,
then by who), so a game's result never depends on the order of its seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

#: How many standard deviations the shown rating stays below the mean: the conservative value
#: a player is at least this good with 99.7% confidence (openskill's ``ordinal``); a new player
#: shows 0.
SHOWN_SIGMAS = 3.0
#: A member's rating is provisional until this many counted games (its sigma is still wide).
PROVISIONAL_GAMES = 5


@dataclass(frozen=True, slots=True)
class Skill:
    """What the model believes of a player: skill ``mu``, uncertain by ``sigma``."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative value players see (and the leaderboard sorts by)."""
        return self.mu - SHOWN_SIGMAS * self.sigma


#: A member nobody has rated yet (openskill's defaults).
PRIOR = Skill(25.0, 25.0 / 3.0)

#: The computer levels' fixed skills, estimated from 24 bot-against-bot games
#: (``benchmarks/bench_bot_ratings.py``, which prints these lines; docs/ratings.md has the run:
#: hard first in 18, normal in 5, easy in 1; sigma is what those games leave uncertain)
#: and placed on the members' scale by putting ``normal``, the level ``add bot`` seats by
#: default, at the prior's mean: a new member is expected to play about as well as ``normal``.
LEVEL_SKILLS: Mapping[str, Skill] = {
    "easy": Skill(7.95, 5.60),
    "normal": Skill(25.00, 5.21),
    "hard": Skill(39.47, 5.61),
}

#: The model, with openskill's defaults (beta 25/6, tau 25/300, kappa 1e-4). Its ``rate`` and
#: ``predict_win`` keep no state between calls (``limit_sigma`` is never passed, the only
#: argument that would change it).
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of a finished game as the rating sees it: its ``place`` (1 = first) and who sat
    there: a member (``member``, a user id), a computer level (``level``), or, with neither, a
    stranger."""

    place: int
    member: str | None = None
    level: str | None = None

    def __post_init__(self) -> None:
        if self.place < 1:
            raise ValueError("a place is 1 or more")
        if self.member is not None and self.level is not None:
            raise ValueError("a seat is a member's or a computer's, not both")
        if self.level is not None and self.level not in LEVEL_SKILLS:
            raise ValueError(f"no computer level {self.level!r}")

    @property
    def key(self) -> tuple[int, str]:
        """Its place in the canonical order openskill is given: by place, then members by id,
        then computers by level, then strangers."""
        who = (f"0{self.member}" if self.member is not None
               else f"1{self.level}" if self.level is not None else "2")
        return self.place, who


@dataclass(frozen=True, slots=True)
class Rated:
    """One seat's rating before and after a game (equal for a computer, a stranger's unkept)."""

    entrant: Entrant
    before: Skill
    after: Skill

    @property
    def change(self) -> float:
        """How far the shown rating moved."""
        return self.after.shown - self.before.shown


def skill_of(entrant: Entrant, table: Mapping[str, Skill]) -> Skill:
    """What the model believes of a seat before the game: the member's rating in ``table``
    (the prior when absent), the level's fixed skill, or the prior for a stranger."""
    if entrant.level is not None:
        return LEVEL_SKILLS[entrant.level]
    if entrant.member is not None:
        return table.get(entrant.member, PRIOR)
    return PRIOR


def _rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


def rate(table: Mapping[str, Skill], entrants: Sequence[Entrant]) -> list[Rated]:
    """Each seat's skill before and after one game, in the order of ``entrants``: members move
    (openskill's update from their places), computers and strangers keep the skill they came
    with. ``table`` is not changed. A member must not hold two seats of one game (the counting
    rules leave such a game out)."""
    if len(entrants) < 2:
        raise ValueError("a rated game has at least two seats")
    members = [e.member for e in entrants if e.member is not None]
    if len(set(members)) != len(members):
        raise ValueError("a member holds two seats of one game")
    order = sorted(range(len(entrants)), key=lambda i: entrants[i].key)
    before = [skill_of(e, table) for e in entrants]
    teams = [[_rating(before[i])] for i in order]
    result = MODEL.rate(teams, ranks=[float(entrants[i].place) for i in order])
    after = list(before)
    for team, i in zip(result, order, strict=True):
        if entrants[i].member is not None:
            after[i] = Skill(team[0].mu, team[0].sigma)
    return [Rated(e, b, a) for e, b, a in zip(entrants, before, after, strict=True)]


def chances(skills: Sequence[Skill]) -> list[float]:
    """Each seat's chance of finishing first, from the skills the seats bring (openskill's
    ``predict_win``): the predictions shown at ``start``. They add up to 1."""
    if len(skills) < 2:
        raise ValueError("a prediction needs at least two seats")
    return list(MODEL.predict_win([[_rating(s)] for s in skills]))


def replay(games: Iterable[Sequence[Entrant]],
           table: Mapping[str, Skill] | None = None) -> dict[str, Skill]:
    """The members' ratings after ``games``, rated one after the other from ``table`` (the
    prior for everyone when None): what a rebuild computes, and what rating each game as it
    finishes adds up to."""
    now = dict(table or {})
    for entrants in games:
        for r in rate(now, entrants):
            if r.entrant.member is not None:
                now[r.entrant.member] = r.after
    return now


# ---- calibrating the computer levels ----------------------------------------------------------

#: The calibration's model: the levels' true strength does not drift, so no dynamics (tau 0).
_STATIC = PlackettLuce(tau=0.0)
#: Orders the calibration games are rated in, averaged: one pass of the online update weighs
#: the last games most, and bot-against-bot games have no order.
CALIBRATION_ORDERS = 64


def _one_pass(games: Sequence[Sequence[tuple[str, int]]]) -> dict[str, Skill]:
    now: dict[str, Skill] = {}
    for seats in games:
        teams = [[_rating(now.get(level, PRIOR))] for level, _ in seats]
        result = _STATIC.rate(teams, ranks=[float(place) for _, place in seats])
        # a level with two seats at one table: each seat is its own player in the update, and
        # the level takes the mean of their moves (the same strength played both)
        moved: dict[str, list[Skill]] = {}
        for (level, _), team in zip(seats, result, strict=True):
            moved.setdefault(level, []).append(Skill(team[0].mu, team[0].sigma))
        for level, skills in moved.items():
            start = now.get(level, PRIOR)
            now[level] = Skill(start.mu + sum(s.mu - start.mu for s in skills) / len(skills),
                               min(s.sigma for s in skills))
    return now


def calibrate(games: Iterable[Sequence[tuple[str, int]]], anchor: str = "normal",
              at: float = PRIOR.mu, orders: int = CALIBRATION_ORDERS) -> dict[str, Skill]:
    """The levels' skills from bot-against-bot games, each a sequence of (level, place): every
    level starts at the prior and is rated game after game as a member would be (without
    drift: a level's strength does not change); that is done over ``orders`` shuffled orders
    of the games (a fixed seed) and averaged, then all are shifted together so that ``anchor``
    sits at ``at``. Only differences between levels are measured; the shift puts them on the
    members' scale."""
    played = [list(game) for game in games]
    if not any(level == anchor for game in played for level, _ in game):
        raise ValueError(f"the games hold no {anchor!r} seat to anchor the scale")
    rng = random.Random(0)
    totals: dict[str, list[Skill]] = {}
    for _ in range(orders):
        shuffled = list(played)
        rng.shuffle(shuffled)
        for level, skill in _one_pass(shuffled).items():
            totals.setdefault(level, []).append(skill)
    mean = {level: Skill(sum(s.mu for s in skills) / len(skills),
                         sum(s.sigma for s in skills) / len(skills))
            for level, skills in totals.items()}
    shift = at - mean[anchor].mu
    return {level: Skill(s.mu + shift, s.sigma) for level, s in sorted(mean.items())}
