"""Hostile sessions through the service (issue 21): whatever a member sends, in whatever order,
in several places, what they make the bot store and draw stays within their budgets, and no
place is ever frozen (a manager can always abandon, and a new game can start at once).

The budgets are made small here (a few records, pictures and games), so that sessions of a few
dozen commands reach them; the bounds asserted are the budgets' own formulas."""

from __future__ import annotations

import os
import sqlite3
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.api import Actor
from bot.service import GameService
from bot.service import budgets as rates
from bot.service.drawing.story_job import StoryJob
from engine.limits import ALWAYS_ALLOWED, Rate
from tests.service_support import fake_png

SMALL = {
    "RECORDS_PER_MEMBER": Rate(burst=12, per=600.0),
    "RECORDS_PER_MEMBER_GAME": Rate(burst=8, per=900.0),
    "GAMES_PER_MEMBER": Rate(burst=3, per=3600.0),
    "GAMES_PER_SERVER": Rate(burst=5, per=3600.0),
    "PICTURES_PER_MEMBER": Rate(burst=4, per=60.0),
    "ANIMATIONS_PER_MEMBER": Rate(burst=1, per=1800.0),
}
HOSTILE = Actor("666", "Troll", server="1")
OTHERS = [Actor(str(700 + i), name, server="1") for i, name in enumerate(("Ann", "Bob", "Cid"))]
COMMANDS = ["new game", "join", "leave", "colour red", "colour blue", "start", "abandon",
            "undo", "redo", "map", "map 1", "story", "replay", "pause", "resume",
            "Place Office at C1", "Place Pub at C2", "pass", "status", "nudge", "forget me",
            "join as Troll2", "drop Ann", "moves", "log all"]
#: what a troll repeats most: churn, games, pictures and animations
FAVOURITES = ["new game", "join", "leave", "map", "replay", "start", "undo", "redo"]
STEP = st.tuples(st.sampled_from([HOSTILE, HOSTILE, HOSTILE, *OTHERS]),
                 st.sampled_from(["p1", "p2", "p3"]),
                 st.one_of(st.sampled_from(FAVOURITES), st.sampled_from(COMMANDS)),
                 st.floats(0, 3))


#: Bytes one command may store at most (its records, the reply kept in ``handled``, the
#: announcement; ``benchmarks/bench_bounds.py`` measures under 700 bytes a command).
PER_COMMAND = 2048


def _used_bytes(path: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT SUM(pgsize - unused) FROM dbstat").fetchone()[0])


class Clock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def allowed(rate: Rate, seconds: float) -> float:
    return rate.burst + seconds / rate.per


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, rate in SMALL.items():
        monkeypatch.setattr(rates, name, rate)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(STEP, min_size=40, max_size=120))
def test_a_hostile_session_stays_within_the_members_budgets(
        steps: list[tuple[Actor, str, str, float]]) -> None:
    drawn: list[str] = []
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "h.db")
        service = GameService(path, renderer=fake_png, clock=clock, stories=True)
        start, animations, empty = clock.now, 0, _used_bytes(path)
        for who, place, text, wait in steps:
            clock.now += wait
            prepared = service.pipeline.handle(place, who, text, message_id=None)
            if who is HOSTILE and prepared.snapshot is not None:
                drawn.append(place)
            story = prepared.story
            animations += (who is HOSTILE and isinstance(story, StoryJob)
                           and story.animation)
            assert len(prepared.reply.text) <= 4000
        elapsed = clock.now - start
        with sqlite3.connect(path) as conn:
            kinds = [k for (k,) in conn.execute(
                "SELECT kind FROM records WHERE user_id = 666 AND auto = 0")]
            creates = conn.execute("SELECT COUNT(*) FROM records WHERE user_id = 666 AND "
                                   "kind = 'create'").fetchone()[0]
        budgeted = [k for k in kinds if k not in ALWAYS_ALLOWED]
        # the bytes: every member's records within their budget, each command's record, reply
        # and post well under PER_COMMAND, and a game's rows for each game created
        members = 1 + len(OTHERS)
        commands = members * (allowed(SMALL["RECORDS_PER_MEMBER"], elapsed)
                              + 2 * allowed(SMALL["GAMES_PER_MEMBER"], elapsed))
        assert _used_bytes(path) - empty <= commands * PER_COMMAND
        assert len(budgeted) <= allowed(SMALL["RECORDS_PER_MEMBER"], elapsed)
        assert creates <= allowed(SMALL["GAMES_PER_MEMBER"], elapsed)
        assert len(drawn) <= allowed(SMALL["PICTURES_PER_MEMBER"], elapsed)
        assert animations <= allowed(SMALL["ANIMATIONS_PER_MEMBER"], elapsed)
        # nothing is frozen: a manager abandons any open game, and a new one starts at once
        for place in ("p1", "p2", "p3"):
            manager = Actor("900", "Mod", is_manager=True, server="2")
            summary = service.store.latest_game(place)
            if summary is not None and summary.status in ("lobby", "active", "paused"):
                reply = service.handle(place, manager, "abandon")
                if "`confirm`" in reply.text:  # many moves in: asked first (issue 19)
                    reply = service.handle(place, manager, "confirm")
                assert reply.ok
            assert service.handle(place, Actor(f"90{place[-1]}", "New", server="3"),
                                  "new game").ok
        service.close()
