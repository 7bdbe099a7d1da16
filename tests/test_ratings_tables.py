"""The ratings' tables (``bot/service/ratings/tables.py``): whatever happens to the games, in
whatever order (finishing, an undo after the end, a correction, an imported game marked rated
late, seasons, the assisted setting), the tables equal what a rebuild from scratch computes,
to the last bit of every float."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.ratings import tables
from bot.service.ratings.counting import GameFacts, SeatFacts, Status
from bot.service.ratings.model import LEVEL_SKILLS, PRIOR
from bot.service.store import schema

MEMBERS = ["ada", "bram", "cleo", "dirk", "eva"]


def database() -> sqlite_utils.Database:
    db = sqlite_utils.Database(sqlite3.connect(":memory:"))
    schema.create_side_tables(db)
    return db


@st.composite
def finished_facts(draw: st.DrawFn, game_id: int, server: str, at: float) -> GameFacts:
    n = draw(st.integers(3, 5))
    members = draw(st.lists(st.sampled_from(MEMBERS), min_size=1, max_size=n, unique=True))
    seats: list[SeatFacts] = []
    scores = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    for i in range(n):
        place = 1 + sum(s > scores[i] for s in scores)
        decisions = draw(st.integers(1, 30))
        if i < len(members):
            assisted = draw(st.integers(0, decisions))
            seats.append(SeatFacts(f"S{i}", place, member=members[i], decisions=decisions,
                                   assisted=assisted, held=decisions, score=scores[i],
                                   actions={"buses": i}))
        else:
            seats.append(SeatFacts(f"S{i}", place,
                                   level=draw(st.sampled_from(sorted(LEVEL_SKILLS))),
                                   decisions=decisions, score=scores[i]))
    imported = draw(st.booleans())
    return GameFacts(game_id, server, Status.FINISHED, at, tuple(seats),
                     practice=draw(st.booleans()) and draw(st.booleans()), imported=imported,
                     marked_rated=imported and draw(st.booleans()))


@st.composite
def histories(draw: st.DrawFn) -> list[tuple[str, object]]:
    """Things that happen, in order, with the clock moving on."""
    ops: list[tuple[str, object]] = []
    at = 0.0
    for _ in range(draw(st.integers(1, 25))):
        at += draw(st.sampled_from([0.0, 1.0, 5.0]))
        kind = draw(st.sampled_from(["game", "game", "game", "reopen", "season", "setting"]))
        game_id = draw(st.integers(1, 8))
        server = "s1" if game_id <= 5 else "s2"
        if kind == "game":
            # a game finishes now, or a correction leaves its end where it was (earlier)
            when = at - draw(st.sampled_from([0.0, 0.0, 3.0]))
            ops.append(("game", (draw(finished_facts(game_id, server, when)),
                                 draw(st.one_of(st.none(), st.just(at))))))
        elif kind == "reopen":
            ops.append(("game", (GameFacts(game_id, server, draw(st.sampled_from(
                [Status.OPEN, Status.ABANDONED])), 0.0, ()), None)))
        elif kind == "season":
            ops.append(("season", (server, at)))
        else:
            ops.append(("setting", (server, draw(st.booleans()))))
    return ops


def run(db: sqlite_utils.Database, ops: list[tuple[str, object]]
        ) -> dict[int, tuple[GameFacts, float | None]]:
    latest: dict[int, tuple[GameFacts, float | None]] = {}
    for n, (kind, value) in enumerate(ops):
        if kind == "game":
            assert isinstance(value, tuple)
            facts, marked = value
            assert isinstance(facts, GameFacts)
            latest[facts.game_id] = (facts, marked)
            tables.update(db, facts, marked)
        elif kind == "season":
            assert isinstance(value, tuple)
            server, at = str(value[0]), float(value[1])
            running = tables.current_season(db, server)
            if running is not None:
                tables.end_season(db, running, at)
            else:
                tables.start_season(db, server, f"season {n}", at, "mod")
        else:
            assert isinstance(value, tuple)
            tables.set_count_assisted(db, str(value[0]), bool(value[1]))
    return latest


@settings(max_examples=120, deadline=None)
@given(histories())
def test_the_tables_always_equal_a_rebuild_from_scratch(ops: list[tuple[str, object]]) -> None:
    db = database()
    latest = run(db, ops)
    kept = tables.snapshot(db)
    tables.rebuild(db, latest.values())
    assert tables.snapshot(db) == kept


def test_a_game_finishing_after_the_others_is_appended_and_counted_once() -> None:
    db = database()
    a = GameFacts(1, "s", Status.FINISHED, 10.0, (
        SeatFacts("Ada", 1, member="ada", decisions=9, held=9),
        SeatFacts("Bram", 2, member="bram", decisions=9, held=9),
        SeatFacts("Bot", 3, level="hard", decisions=9)))
    first = tables.update(db, a)
    assert first.verdict is not None and first.verdict.counts
    assert [name for name, _ in first.changes] == ["Ada", "Bram"]
    ada = dict(first.changes)["Ada"]
    assert ada.before == PRIOR and ada.after.mu > PRIOR.mu
    # the same facts again (any later command on the finished game) change nothing
    again = tables.update(db, a)
    assert again.changes == first.changes
    lines = tables.members_lines(db, "s", tables.ALL_TIME)
    assert [(line["member"], line["games"], line["wins"]) for line in lines] == [
        ("ada", 1, 1), ("bram", 1, 0)]
    assert all(line["provisional"] for line in lines)
    # an undo after the end takes the game out of the ratings
    tables.update(db, replace(a, status=Status.OPEN, seats=()))
    assert tables.members_lines(db, "s", tables.ALL_TIME) == []


def test_a_season_counts_the_games_finished_in_it_and_the_all_time_table_stays() -> None:
    db = database()
    seats = (SeatFacts("Ada", 2, member="ada", decisions=1, held=1),
             SeatFacts("Bram", 1, member="bram", decisions=1, held=1),
             SeatFacts("Bot", 3, level="easy", decisions=1))
    tables.update(db, GameFacts(1, "s", Status.FINISHED, 10.0, seats))
    season = tables.start_season(db, "s", "Spring", 20.0, "mod")
    tables.update(db, GameFacts(2, "s", Status.FINISHED, 30.0, seats))
    tables.end_season(db, season, 40.0)
    tables.update(db, GameFacts(3, "s", Status.FINISHED, 50.0, seats))
    all_time = {line["member"]: line["games"] for line in
                tables.members_lines(db, "s", tables.ALL_TIME)}
    in_season = {line["member"]: line["games"] for line in
                 tables.members_lines(db, "s", season.id)}
    assert all_time == {"ada": 3, "bram": 3}
    assert in_season == {"ada": 1, "bram": 1}
