"""The rating arithmetic (``bot/service/ratings/model.py``) and the counting rules
(``counting.py``): pure functions, checked with hypothesis over whole seasons of random games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.ratings import counting
from bot.service.ratings.counting import GameFacts, Reason, SeatFacts, Status, verdict
from bot.service.ratings.model import (
    LEVEL_SKILLS,
    PRIOR,
    Entrant,
    Skill,
    calibrate,
    chances,
    rate,
    replay,
)
from engine import Game
from engine.standings import places

MEMBERS = ["ada", "bram", "cleo", "dirk", "eva", "finn"]
LEVELS = sorted(LEVEL_SKILLS)


@st.composite
def tables(draw: st.DrawFn) -> list[Entrant]:
    """One finished game: 3 to 5 seats, members (each at most once), computers and strangers,
    with places as R15 gives them (ties possible)."""
    n = draw(st.integers(3, 5))
    members = draw(st.lists(st.sampled_from(MEMBERS), min_size=1, max_size=n, unique=True))
    others = [draw(st.one_of(st.sampled_from(LEVELS), st.none())) for _ in range(n - len(members))]
    scores = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    out = [Entrant(1 + sum(s > score for s in scores), member=m)
           for m, score in zip(members, scores, strict=False)]
    out += [Entrant(1 + sum(s > score for s in scores), level=level)
            for level, score in zip(others, scores[len(members):], strict=True)]
    return draw(st.permutations(out))


seasons = st.lists(tables(), min_size=1, max_size=12)


@given(tables(), st.randoms(use_true_random=False))
def test_a_games_result_does_not_depend_on_the_order_of_its_seats(
        table: list[Entrant], rng: object) -> None:
    import random
    assert isinstance(rng, random.Random)
    shuffled = list(table)
    rng.shuffle(shuffled)
    before = {"ada": Skill(27.0, 5.0), "bram": Skill(22.5, 3.1)}
    first = {r.entrant: r.after for r in rate(before, table)}
    again = {r.entrant: r.after for r in rate(before, shuffled)}
    assert first == again  # exactly equal, not approximately


@given(seasons)
def test_computers_and_strangers_never_move(games: list[list[Entrant]]) -> None:
    table: dict[str, Skill] = {}
    for game in games:
        for r in rate(table, game):
            if r.entrant.member is None:
                assert r.after == r.before
                expected = LEVEL_SKILLS[r.entrant.level] if r.entrant.level else PRIOR
                assert r.before == expected
            else:
                table[r.entrant.member] = r.after
    assert set(table) <= set(MEMBERS)  # no computer or stranger is ever kept


@given(seasons)
def test_rating_game_by_game_adds_up_to_the_rebuild(games: list[list[Entrant]]) -> None:
    table: dict[str, Skill] = {}
    for game in games:
        for r in rate(table, game):
            if r.entrant.member is not None:
                table[r.entrant.member] = r.after
    assert replay(games) == table
    # and resuming a rebuild half-way through gives the same as rebuilding it all
    half = len(games) // 2
    assert replay(games[half:], replay(games[:half])) == table


@given(seasons)
def test_members_absent_from_a_game_keep_their_rating(games: list[list[Entrant]]) -> None:
    table = replay(games[:-1])
    after = replay(games[-1:], table)
    seated = {e.member for e in games[-1]}
    for member, skill in table.items():
        if member not in seated:
            assert after[member] == skill


@given(st.integers(3, 5))
def test_the_winner_gains_and_the_last_loses_among_equals(n: int) -> None:
    game = [Entrant(place, member=MEMBERS[place - 1]) for place in range(1, n + 1)]
    rated = {r.entrant.member: r for r in rate({}, game)}
    assert rated["ada"].after.mu > PRIOR.mu > rated[MEMBERS[n - 1]].after.mu
    assert all(r.after.sigma < PRIOR.sigma for r in rated.values())


def test_a_tie_by_r15_is_a_draw_and_beating_hard_is_worth_more_than_beating_easy() -> None:
    tie = rate({}, [Entrant(1, member="ada"), Entrant(1, member="bram"), Entrant(3, level="easy")])
    assert tie[0].after == tie[1].after
    beat_hard = rate({}, [Entrant(1, member="ada"), Entrant(2, level="hard"),
                          Entrant(3, level="hard")])[0]
    beat_easy = rate({}, [Entrant(1, member="ada"), Entrant(2, level="easy"),
                          Entrant(3, level="easy")])[0]
    assert beat_hard.change > beat_easy.change > 0


def test_the_levels_are_ordered_and_normal_is_the_new_members_equal() -> None:
    assert LEVEL_SKILLS["easy"].mu < LEVEL_SKILLS["normal"].mu < LEVEL_SKILLS["hard"].mu
    assert LEVEL_SKILLS["normal"].mu == PRIOR.mu
    even = chances([PRIOR, LEVEL_SKILLS["normal"], LEVEL_SKILLS["normal"]])
    assert sum(even) == pytest.approx(1.0)
    assert even[0] == pytest.approx(1 / 3, abs=0.02)
    odds = chances([PRIOR, LEVEL_SKILLS["hard"], LEVEL_SKILLS["easy"]])
    assert odds[1] > odds[0] > odds[2]


def test_a_member_cannot_hold_two_seats_and_a_game_needs_two() -> None:
    with pytest.raises(ValueError):
        rate({}, [Entrant(1, member="ada"), Entrant(2, member="ada"), Entrant(3)])
    with pytest.raises(ValueError):
        rate({}, [Entrant(1, member="ada")])
    with pytest.raises(ValueError):
        Entrant(1, level="grandmaster")


def test_calibration_puts_the_anchor_at_the_prior_and_orders_what_the_games_show() -> None:
    games = [[("easy", 3), ("normal", 2), ("hard", 1)]] * 8 + [[("easy", 2), ("normal", 1),
                                                                  ("hard", 3)]] * 2
    skills = calibrate(games)
    assert skills["normal"].mu == PRIOR.mu
    assert skills["easy"].mu < skills["normal"].mu < skills["hard"].mu
    assert all(s.sigma < PRIOR.sigma for s in skills.values())
    with pytest.raises(ValueError):
        calibrate([[("easy", 1), ("hard", 2)]])


# ---- counting -----------------------------------------------------------------------------------


def seat(name: str, place: int, **kw: object) -> SeatFacts:
    return SeatFacts(name, place, **kw)  # type: ignore[arg-type]


def finished(*seats: SeatFacts, **kw: object) -> GameFacts:
    return GameFacts(1, "srv", Status.FINISHED, 100.0, seats, **kw)  # type: ignore[arg-type]


TABLE = (seat("Ada", 1, member="ada", decisions=40, held=40),
         seat("Bram", 2, member="bram", decisions=40, held=40),
         seat("Normal Bot", 3, level="normal", decisions=40))


def test_a_finished_game_counts_and_the_others_say_why_not() -> None:
    assert verdict(finished(*TABLE)).counts
    assert verdict(replace(finished(*TABLE), status=Status.ABANDONED)).reason is Reason.ABANDONED
    assert verdict(replace(finished(*TABLE), status=Status.OPEN)).reason is Reason.OPEN
    assert verdict(finished(*TABLE, practice=True)).reason is Reason.PRACTICE
    assert verdict(finished(*TABLE, imported=True)).reason is Reason.UNMARKED
    assert verdict(finished(*TABLE, imported=True, marked_rated=True)).counts
    bots = finished(seat("A", 1, level="easy"), seat("B", 2, level="hard"), seat("C", 3))
    assert verdict(bots).reason is Reason.NOBODY
    twice = finished(seat("A", 1, member="ada"), seat("B", 2, member="ada"), seat("C", 3))
    assert verdict(twice).reason is Reason.TWO_SEATS


@given(st.integers(1, 60), st.integers(0, 60))
def test_a_game_is_assisted_beyond_the_stated_share_and_counts_by_the_setting(
        decisions: int, assisted: int) -> None:
    assisted = min(assisted, decisions)
    ada = seat("Ada", 1, member="ada", decisions=decisions, assisted=assisted, held=decisions)
    game = finished(ada, *TABLE[1:])
    over = assisted / decisions > counting.ASSISTED_SHARE
    assert verdict(game).assisted is over
    assert verdict(game).counts  # by default an assisted game counts
    assert verdict(game, count_assisted=False).counts is not over
    if over:
        assert verdict(game, count_assisted=False).reason is Reason.ASSISTED


def test_a_computers_own_moves_never_make_a_game_assisted() -> None:
    bot = seat("Bot", 3, level="hard", decisions=40, assisted=40)
    assert not verdict(finished(*TABLE[:2], bot)).assisted


def test_who_a_seat_is_rated_as() -> None:
    late = seat("Cleo", 2, member="cleo", decisions=40, held=19, assisted=21)
    forgotten = seat("Player 2 of game 1", 3, member="forgotten-2-of-1", forgotten=True,
                     decisions=40, held=40)
    unclaimed = seat("Dirk", 4)
    game = finished(TABLE[0], late, forgotten, unclaimed, TABLE[2])
    assert [(e.member, e.level) for e in counting.entrants(game)] == [
        ("ada", None), (None, None), (None, None), (None, None), (None, "normal")]
    half = replace(late, held=20, assisted=20)
    assert counting.rated_member(half) == "cleo"


def test_places_follow_r15_and_share_what_it_cannot_tell_apart() -> None:
    game = Game(["A", "B", "C", "D"])
    a, b, c, d = game.state.players
    a.carried, b.carried, c.carried, d.carried = 5, 5, 5, 2
    b.stones = 1
    b.carried = 6  # 6 - 1 = 5: ties A on score, ahead on stones
    a.reached_at, c.reached_at = 10, 12
    assert places(game.state.players) == {"B": 1, "A": 2, "C": 3, "D": 4}
    c.reached_at = 10
    assert places(game.state.players) == {"B": 1, "A": 2, "C": 2, "D": 4}


@settings(max_examples=50)
@given(seasons)
def test_the_counted_games_rated_in_order_equal_the_rebuild_whatever_else_was_played(
        games: list[list[Entrant]]) -> None:
    """Games that do not count are skipped by both ways alike."""
    facts = [finished(*(seat(f"S{i}", e.place, member=e.member, level=e.level, decisions=1,
                             held=1) for i, e in enumerate(game)),
                      practice=(k % 3 == 0)) for k, game in enumerate(games)]
    table: dict[str, Skill] = {}
    for f in facts:
        if verdict(f).counts:
            for r in rate(table, counting.entrants(f)):
                if r.entrant.member is not None:
                    table[r.entrant.member] = r.after
    assert replay(counting.entrants(f) for f in facts if verdict(f).counts) == table
