"""The gateway layer's own rules, without a network: which frames are gateway messages, how a
shard paces its connection attempts, and how IDENTIFY is spaced (``bot.discord_app.gateway``;
the wire tests run the same layer against a misbehaving gateway)."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

from bot.discord_app.gateway import (
    CAP,
    FIRST,
    PER_MINUTE,
    SLACK,
    STEADY,
    WINDOW,
    IdentifyGate,
    Pace,
    Unreadable,
    read_frame,
)
from tests.wire_server import BAD_FRAMES


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def paced(seed: int = 1) -> tuple[Pace, Clock]:
    clock = Clock()
    return Pace(clock=clock, rng=random.Random(seed)), clock


@pytest.mark.parametrize(("kind", "why"), [
    ("empty", "the gateway sent a frame that is not JSON ('')"),
    ("not JSON", "the gateway sent a frame that is not JSON ('this is not json {{{')"),
    ("a JSON array", "the gateway sent a JSON list, not an object"),
    ("READY without payload", "the gateway sent READY without its session"),
    ("READY without its session", "the gateway sent READY without its session"),
])
def test_a_frame_that_is_no_gateway_message_says_what_it_is(kind: str, why: str) -> None:
    with pytest.raises(Unreadable) as unreadable:
        read_frame(BAD_FRAMES[kind])
    assert unreadable.value.why == why


@pytest.mark.parametrize("frame", [
    {"op": 10, "d": None},
    {"op": 10, "d": {"heartbeat_interval": "soon"}},
    {"op": "0", "t": "MESSAGE_CREATE", "d": {}},
    {"op": 0, "t": ["MESSAGE_CREATE"], "d": {}},
    {"op": 0, "t": "MESSAGE_CREATE", "s": "7", "d": {}},
    {"op": 0, "t": "RESUMED", "d": None},
    {"op": 0, "t": "READY", "d": {"session_id": "s", "resume_gateway_url": "ws://x",
                                  "user": {}, "guilds": [], "shard": [0]}},
])
def test_what_discord_py_relies_on_is_checked(frame: dict[str, object]) -> None:
    with pytest.raises(Unreadable):
        read_frame(json.dumps(frame))


@pytest.mark.parametrize("frame", [
    {"op": 10, "d": {"heartbeat_interval": 41250}},
    {"op": 11},
    {"op": 7, "d": None},
    {"op": 9, "d": False},
    {"op": 0, "t": "READY", "s": 1, "d": {"session_id": "s", "resume_gateway_url": "ws://x",
                                          "user": {}, "guilds": [], "shard": [0, 1]}},
    {"op": 0, "t": "RESUMED", "s": 9, "d": {}},
    # A malformed event payload is the parsers' to skip, in one line (incoming.guard_parsers).
    {"op": 0, "t": "MESSAGE_CREATE", "s": 3, "d": None},
])
def test_gateway_messages_pass(frame: dict[str, object]) -> None:
    assert read_frame(json.dumps(frame)) == frame


def test_the_first_try_after_a_loss_is_at_once_then_the_pauses_double_up_to_the_cap() -> None:
    pace, clock = paced()
    assert pace.delay() == 0  # never failed
    waits = []
    for _ in range(12):
        pace.failed()
        waits.append(pace.delay())
        clock.now += 61  # far apart: only the backoff counts, not the bound per minute
        pace.trying()
    assert waits[0] == 0  # one loss: straight back
    for n, wait in enumerate(waits[1:], start=2):
        ceiling = min(CAP, FIRST * 2 ** (n - 2))
        assert ceiling / 2 <= wait <= ceiling, (n, wait)
    assert len({round(w, 6) for w in waits[1:6]}) == 5, "jittered, not fixed steps"
    assert max(waits) <= CAP


def test_jitter_spreads_shards_that_failed_together() -> None:
    waits = []
    for seed in range(20):
        pace, _ = paced(seed)
        for _ in range(5):
            pace.failed()
        waits.append(pace.delay())
    assert max(waits) - min(waits) > 1.0
    assert all(FIRST * 4 <= w <= FIRST * 8 for w in waits)


def test_never_more_than_the_bound_a_minute_whatever_happens() -> None:
    """Connections that work for a random while (sometimes long enough to start afresh,
    sometimes not) over three simulated hours: no minute holds more tries than the bound."""
    pace, clock = paced(3)
    events = random.Random(5)
    tries: list[float] = []
    while clock.now < 1000 + 3 * 3600:
        clock.now += pace.delay()
        pace.trying()
        tries.append(clock.now)
        lasted = events.choice([None, 0.1, 1.0, STEADY, STEADY * 2])
        if lasted is not None:
            clock.now += lasted
            pace.working(lasted)
        pace.failed()
    busiest = max(sum(1 for t in tries[i:] if t < start + WINDOW)
                  for i, start in enumerate(tries))
    assert busiest <= PER_MINUTE
    assert busiest >= PER_MINUTE - 2, "the bound is what held, not a slow pattern"


def test_the_bound_holds_even_when_every_connection_worked() -> None:
    pace, clock = paced()
    for _ in range(PER_MINUTE):
        assert pace.delay() == 0
        pace.trying()
        clock.now += 1
    assert pace.delay() == pytest.approx(WINDOW + SLACK - PER_MINUTE)


def test_the_bound_holds_at_the_gateway_too() -> None:
    """An attempt reaches the gateway a moment after it began, later on a busy machine: the
    eleventh try comes well after the minute of the first, so the gateway, counting on its own
    clock, never sees eleven in a minute either."""
    pace, clock = paced()
    for _ in range(PER_MINUTE):
        pace.trying()
        clock.now += 0.1
    began = clock.now - PER_MINUTE * 0.1
    clock.now += pace.delay()
    assert clock.now - began >= WINDOW + 1.0


def test_a_burst_is_told_once_when_it_begins_and_once_when_it_ends() -> None:
    pace, clock = paced()
    begins = [pace.failed() for _ in range(6)]
    assert begins == [False, True, False, False, False, False]
    clock.now += 30
    assert pace.working(1.0) is None  # working, but not long enough yet
    assert pace.working(STEADY) == (6, 30 - STEADY)
    assert pace.failures == 0 and pace.delay() == 0
    assert pace.working(STEADY * 3) is None  # already told


async def test_identifies_are_spaced_across_shards_but_a_late_one_does_not_wait() -> None:
    gate = IdentifyGate(every=0.2)
    began = time.monotonic()
    await asyncio.gather(*(gate.wait() for _ in range(3)))  # three shards at once
    assert time.monotonic() - began >= 0.4
    await asyncio.sleep(0.25)
    quick = time.monotonic()
    await gate.wait()
    assert time.monotonic() - quick < 0.1
