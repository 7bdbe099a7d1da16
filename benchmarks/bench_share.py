"""The computer's share of the machine (issue 33): what its thinking costs everyone else.

Three figures, each with its spread:

1. **Nothing waits behind the computer.** A game with two ``normal`` bot seats and an away
   player under ``on away bot`` is played to the end through the asynchronous face, as the
   Discord bot runs it (the person's moves from the event loop, every update posted by the real
   courier to an in-memory sender, pictures drawn by the real renderer). Printed: the longest
   hold of the service's lock (less the time spent writing the database inside it) and the
   event loop's worst delay (a 5 ms tick). Goal: under 50 ms each.
2. **Another server's bot is not held up.** Ada (server 2) plays against a ``hard`` bot on an
   idle machine, then again while Mallory (server 1) uses every allowance: as many tables as
   her bot seats allow, each with two ``hard`` bots and herself, moving at once by script (so
   her tables are ones a person plays at, thinking all the time: the worst case for Ada's
   turn). Printed: the time from Ada's move to her bot's move, per decision of the bot, idle
   and loaded; and the longest lock hold while the bots played. Goal: loaded within 5 s of
   idle.
3. **One member's tables are bounded.** With her thinking seconds' burst spent, Mallory's
   tables go on for ``--minutes``; printed: the processor seconds they were charged, against
   the rate's bound for that time, and the bound per hour the docs state.

Run: ``.venv/bin/python benchmarks/bench_share.py`` (about 8 minutes; ``--quick`` for a short
look). Figures depend on the machine and its load: it prints the load average, the event loop's
delay with nothing running at all, and, while part 1 runs, the same tick in a separate process:
the machine's own noise (under ``nice`` on a busy machine that alone reaches 200 ms; the loop's
delay is busbot's only where it exceeds what that process saw).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import sqlite_utils

from bot.api import Actor, Reply
from bot.delivery import Courier
from bot.service import AsyncGameService, GameService
from bot.service.bots import BotPlayers
from bot.service.drawing.renderer import default_renderer
from bot.service.store.store import Store
from engine.limits import (
    BOT_SEATS_PER_MEMBER,
    MAX_THINK_SECONDS,
    THINKING_PER_MEMBER,
    THINKING_WORKERS,
)

GOAL_HOLD = 0.050
GOAL_LAG = 0.050
GOAL_LATER = 5.0
TICK = 0.005


def spread(values: list[float], unit: float = 1000.0, label: str = "ms") -> str:
    """Median, 99th percentile and the worst, in ``label``."""
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"median {statistics.median(ordered) * unit:.1f} {label}, p99 {p99 * unit:.1f} "
            f"{label}, worst {ordered[-1] * unit:.1f} {label} (n={len(ordered)})")


class TimedLock:
    """The service's lock, noting how long each hold lasted, how much of it was spent writing
    the database (``Store.transaction``, timed by ``instrumented``), and how much processor
    time the holding thread itself used in it (the rest of a hold is waiting: for the
    interpreter lock, or for the machine while other processes run)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._mine = threading.local()
        self.holds: list[float] = []
        self.writes: list[float] = []
        self.working: list[float] = []

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        got = self._lock.acquire(blocking, timeout)
        if got:
            self._mine.since = time.perf_counter()
            self._mine.cpu = time.thread_time()
            self._mine.writing = 0.0
        return got

    def release(self) -> None:
        held = time.perf_counter() - self._mine.since
        writing = self._mine.writing
        self.holds.append(max(0.0, held - writing))
        self.writes.append(writing)
        self.working.append(time.thread_time() - self._mine.cpu)
        self._lock.release()

    def wrote(self, seconds: float) -> None:
        if hasattr(self._mine, "writing"):
            self._mine.writing += seconds

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def instrumented(service: GameService) -> TimedLock:
    """Put a ``TimedLock`` in the service and time its store's write transactions."""
    lock = TimedLock()
    service.lock = lock  # type: ignore[assignment]
    store: Store = service.store
    plain = store.transaction

    @contextmanager
    def timed() -> Iterator[sqlite_utils.Database]:
        started = time.perf_counter()
        with plain() as db:
            yield db
        lock.wrote(time.perf_counter() - started)
    store.transaction = timed  # type: ignore[method-assign]
    return lock


class Quiet:
    """A sender that takes every post (Discord's side, in memory)."""

    def __init__(self) -> None:
        self.posts = 0

    async def post(self, place: str, reply: Reply, *, nonce: str | None = None) -> None:
        self.posts += 1

    async def tell(self, user_id: str, text: str, *, nonce: str | None = None) -> None:
        pass

    async def take_down(self, place: str, link: str) -> None:
        pass

    async def take_down_direct(self, link: str) -> None:
        pass


@dataclass
class Loop:
    """The event loop's delays, measured by a tick that should wake every ``TICK``."""

    delays: list[float] = field(default_factory=list)
    running: bool = True

    async def tick(self) -> None:
        while self.running:
            before = time.perf_counter()
            await asyncio.sleep(TICK)
            self.delays.append(max(0.0, time.perf_counter() - before - TICK))


#: A process beside the benchmark that ticks the same way until its input closes, then prints
#: its delays: what the machine's load did to any process meanwhile, to read ours against.
CONTROL = """
import select, sys, time
delays = []
while True:
    before = time.perf_counter()
    ready, _, _ = select.select([sys.stdin], [], [], TICK)
    if ready:
        break
    delays.append(max(0.0, time.perf_counter() - before - TICK))
print(" ".join(f"{d:.6f}" for d in delays))
""".replace("TICK", repr(TICK))


@contextmanager
def control() -> Iterator[list[float]]:
    """The control process's delays, filled in when the block ends."""
    child = subprocess.Popen([sys.executable, "-c", CONTROL], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    delays: list[float] = []
    try:
        yield delays
    finally:
        out, _ = child.communicate("")
        delays.extend(float(x) for x in out.split())


def actor(name: str, server: str) -> Actor:
    return Actor(f"id-{name}", name, server=server)


async def play_as(face: AsyncGameService, place: str, who: Actor, rng: random.Random) -> bool:
    """``who`` plays a random legal move if it is their decision; whether they did."""
    choices = await face.choices(place, who)
    if not choices:
        return False
    reply = await face.handle(place, who, rng.choice(choices))
    return reply.ok


# ---- 1: a game with bot and away seats, on the event loop ------------------------------------


async def baseline(seconds: float) -> Loop:
    """The same tick with nothing else running: what the machine's load alone does to it."""
    ticks = Loop()
    ticking = asyncio.get_running_loop().create_task(ticks.tick())
    await asyncio.sleep(seconds)
    ticks.running = False
    await ticking
    return ticks


async def bots_and_away(folder: str, moves: int) -> tuple[TimedLock, Loop, int]:
    service = GameService(os.path.join(folder, "game.db"), announce=True,
                          renderer=default_renderer())
    lock = instrumented(service)
    face = AsyncGameService(service)
    courier = Courier(face, Quiet())
    loop, ticks = asyncio.get_running_loop(), Loop()
    place, server = "2000000000000000001", "1100000000000000001"
    ada, bram = actor("Ada", server), actor("Bram", server)
    posting: set[asyncio.Task[bool]] = set()

    def posted(where: str, reply: Reply) -> None:
        def post() -> None:
            task = loop.create_task(courier.flush(where))
            posting.add(task)
            task.add_done_callback(posting.discard)
        loop.call_soon_threadsafe(post)

    bots = BotPlayers(service, on_update=posted, draw=False)
    await asyncio.to_thread(service.thinker.warm_up)
    ticking = loop.create_task(ticks.tick())
    for who, text in ((ada, "new game"), (ada, "join"), (bram, "join"), (ada, "add bot"),
                      (ada, "add bot"), (ada, "on away bot"), (bram, "away 30d"),
                      (ada, "start order: Ada, Normal Bot, Bram, Normal Bot 2")):
        reply = await face.handle(place, who, text)
        assert reply.ok, reply.text
    rng, played = random.Random(7), 0
    while played < moves:
        summary = await face.on_db(lambda: service.store.latest_game(place))
        if summary is None or summary.status != "active":
            break
        if await play_as(face, place, ada, rng):
            played += 1
        else:
            await asyncio.sleep(0.02)  # the computer's turn: its update comes by itself
    await asyncio.to_thread(bots.wait_idle, 120)
    while posting:
        await asyncio.gather(*posting)
    ticks.running = False
    await ticking
    bots.close()
    await face.aclose()
    return lock, ticks, played


# ---- 2 and 3: another server's bot while one member uses every allowance ----------------------


@dataclass
class Ada:
    """Ada's table on server 2, against a ``hard`` bot: each of her moves, and how long the
    bot's run after it took, per decision of the bot."""

    service: GameService
    place: str = "ada-table"
    server: str = "server-2"
    per_decision: list[float] = field(default_factory=list)
    runs: threading.Event = field(default_factory=threading.Event)

    def seat(self) -> None:
        for name, text in (("Ada", "new game"), ("Ada", "join"), ("Cy", "join"),
                           ("Ada", "add bot hard"), ("Ada", "start order: Ada, Cy, Hard Bot")):
            assert self.service.handle(self.place, actor(name, self.server), text).ok

    def records(self) -> int:
        summary = self.service.store.latest_game(self.place)
        return len(self.service.store.records(summary.id)) if summary is not None else 0

    def bot_moves_since(self, count: int) -> int:
        summary = self.service.store.latest_game(self.place)
        assert summary is not None
        return sum(1 for r in self.service.store.records(summary.id)[count:]
                   if r.kind == "move" and r.user_id == "busbot")

    def play(self, decisions: int, seed: int) -> None:
        """Ada and Cy move at random; each time the bot's decision comes, time its run (from
        the person's move to the bot's update), per decision of the bot."""
        rng = random.Random(seed)
        while len(self.per_decision) < decisions:
            summary = self.service.store.latest_game(self.place)
            if summary is None or summary.status != "active":
                self.seat_again()
                continue
            who = actor(summary.waiting_seat or "", self.server)
            choices = self.service.choices(self.place, who)
            if not choices:
                raise RuntimeError(f"nobody can move at {self.place}: {summary}")
            before = self.records()
            self.runs.clear()
            started = time.perf_counter()
            self.service.handle(self.place, who, rng.choice(choices))
            after = self.service.store.latest_game(self.place)
            if after is None or after.status != "active" or after.waiting_user is not None:
                continue
            assert self.runs.wait(300), "the bot never moved"
            took = time.perf_counter() - started
            moves = max(1, self.bot_moves_since(before))
            self.per_decision.extend([took / moves] * moves)

    def seat_again(self) -> None:
        self.place = f"{self.place}+"
        self.seat()


def mallory_at_every_allowance(service: GameService) -> tuple[int, list[str]]:
    """Mallory's tables on server 1: herself and two ``hard`` bots at each, as many as her bot
    seats allow (the next is refused). (tables, their places)"""
    places: list[str] = []
    mallory = actor("Mallory", "server-1")
    for n in range(BOT_SEATS_PER_MEMBER.burst):
        place = f"mallory-{n}"
        assert service.handle(place, mallory, "new game").ok
        assert service.handle(place, mallory, "join").ok
        if not all(service.handle(place, mallory, "add bot hard").ok for _ in range(2)):
            break
        assert service.handle(place, mallory, "start order: Hard Bot, Hard Bot 2, Mallory").ok
        places.append(place)
    return len(places), places


def mallory_plays(service: GameService, places: list[str], stop: threading.Event) -> None:
    """Mallory moves at once whenever one of her tables waits for her (a script), so every
    one of her tables is one a person plays at, thinking all the time: the worst case for
    Ada's turn, which the fair turn must hold up by at most a slice."""
    rng, mallory = random.Random(11), actor("Mallory", "server-1")
    while not stop.is_set():
        moved = False
        for place in places:
            choices = service.choices(place, mallory)
            if choices:
                moved = service.handle(place, mallory, rng.choice(choices)).ok or moved
        if not moved:
            stop.wait(0.05)


def other_server(folder: str, decisions: int, minutes: float) -> None:
    service = GameService(os.path.join(folder, "share.db"), renderer=None, rate_limits=True)
    lock = instrumented(service)
    ada = Ada(service)
    bots = BotPlayers(service, on_update=lambda place, reply: ada.runs.set()
                      if place == ada.place else None, draw=False)
    service.thinker.warm_up()
    charged: dict[str, float] = {}
    thought = service.budgets.thought

    def counted(member: str, server: str, seconds: float) -> None:
        charged[member] = charged.get(member, 0.0) + seconds
        thought(member, server, seconds)
    service.budgets.thought = counted  # type: ignore[method-assign]

    ada.seat()
    ada.play(decisions, seed=3)
    idle = list(ada.per_decision)
    print(f"  Ada's hard bot, idle machine: per decision {spread(idle, 1, 's')}")
    sys.stdout.flush()

    tables, places = mallory_at_every_allowance(service)
    stop = threading.Event()
    script = threading.Thread(target=mallory_plays, args=(service, places, stop), daemon=True)
    script.start()
    print(f"  Mallory at every allowance: {tables} tables, {tables * 2} bot seats "
          f"(bot-seats-per-member burst {BOT_SEATS_PER_MEMBER.burst}; the next refused), "
          f"herself seated at each and moving at once (a script)")
    ada.per_decision.clear()
    holds_before = len(lock.holds)
    ada.seat_again()
    ada.play(decisions, seed=3)
    loaded = list(ada.per_decision)
    print(f"  Ada's hard bot, Mallory's tables thinking: per decision {spread(loaded, 1, 's')}")
    later = statistics.median(loaded) - statistics.median(idle)
    worst = max(loaded) - max(idle)
    verdict = "within" if max(later, worst) < GOAL_LATER else "OVER"
    print(f"  later than idle: median {later:+.2f} s, worst {worst:+.2f} s ({verdict} the goal "
          f"of {GOAL_LATER:.0f} s)")
    bot_holds = lock.holds[holds_before:]
    print(f"  the service's lock during that bot play, less database writes: "
          f"{spread(bot_holds)}; database writes under it: {spread(lock.writes[holds_before:])}; "
          f"the holder's own processor time: {spread(lock.working[holds_before:])}")
    print(f"  Mallory's tables were charged {charged.get('id-Mallory', 0.0):.0f} processor s so "
          f"far; Ada's {charged.get('id-Ada', 0.0):.0f} s")
    sys.stdout.flush()

    # 3: her burst spent, her tables go on for a while at the rate alone
    service.budgets.thought("id-Mallory", "server-1",
                            max(0.0, THINKING_PER_MEMBER.burst))  # (not counted below)
    start_charged = charged.get("id-Mallory", 0.0)
    started = time.perf_counter()
    time.sleep(minutes * 60)
    spent = charged.get("id-Mallory", 0.0) - start_charged
    window = time.perf_counter() - started
    in_flight = THINKING_WORKERS * MAX_THINK_SECONDS
    allowed = window / THINKING_PER_MEMBER.per + in_flight
    per_hour = THINKING_PER_MEMBER.burst + 3600 / THINKING_PER_MEMBER.per + in_flight
    unbounded = window * THINKING_WORKERS
    print(f"  with her burst spent, over {window:.0f} s her tables were charged {spent:.1f} "
          f"processor s (the rate allows {allowed:.1f} s with {in_flight:.0f} s in flight; "
          f"unbounded they could take {unbounded:.0f} s)")
    print(f"  bound per member per hour (docs, engine/limits.py): {per_hour:,.0f} processor s "
          f"({THINKING_PER_MEMBER.burst} at once + {3600 / THINKING_PER_MEMBER.per:.0f} an hour "
          f"+ {in_flight:.0f} in flight), {per_hour / (3600 * (os.cpu_count() or 1)):.0%} of "
          f"this machine's {os.cpu_count()} cores")
    stop.set()
    script.join()
    bots.close()
    service.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short look")
    parser.add_argument("--moves", type=int, default=200, help="the person's moves in part 1")
    parser.add_argument("--decisions", type=int, default=12, help="Ada's bot decisions timed")
    parser.add_argument("--minutes", type=float, default=2.0, help="part 3's window")
    args = parser.parse_args(argv)
    if args.quick:
        args.moves, args.decisions, args.minutes = 25, 4, 0.5
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores); {THINKING_WORKERS} thinking workers")
    with tempfile.TemporaryDirectory() as folder:
        quiet = asyncio.run(baseline(10.0))
        print(f"0. the event loop's delay past a {TICK * 1000:.0f} ms tick with nothing else "
              f"running (the machine's own noise): {spread(quiet.delays)}")
        print("1. a game with two normal bots and an away player under `on away bot`, played "
              "through the asynchronous face:")
        with control() as beside:
            lock, ticks, played = asyncio.run(bots_and_away(folder, args.moves))
        hold, lag = max(lock.holds), max(ticks.delays)
        print(f"  {played} moves of the person; the service's lock, less database writes: "
              f"{spread(lock.holds)} ({'within' if hold < GOAL_HOLD else 'OVER'} the goal of "
              f"{GOAL_HOLD * 1000:.0f} ms)")
        print(f"  database writes under it: {spread(lock.writes)}; the holder's own processor "
              f"time in a hold (writes included): {spread(lock.working)}")
        print(f"  the event loop's delay past a {TICK * 1000:.0f} ms tick: {spread(ticks.delays)} "
              f"({'within' if lag < GOAL_LAG else 'OVER'} the goal of {GOAL_LAG * 1000:.0f} ms)")
        print(f"  meanwhile, the same tick in a process of its own (the machine's load): "
              f"{spread(beside)}")
        sys.stdout.flush()
        print("2. another server's bot while one member uses every allowance; 3. her bound:")
        other_server(folder, args.decisions, args.minutes)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
