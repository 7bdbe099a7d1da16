"""The computer shares the machine fairly and never thinks where others wait (issue 33,
findings 1 and 2): every decision it takes (bot seats, ``on away bot``, ``on timeout bot``,
``hint``) is a search on a copy, done outside the service's lock on worker processes, taken
server by server and member by member, a table where a person plays before a table of bots
alone, one decision at a time, within each member's and server's thinking seconds and bot
seats.

Where a test must see a search begin and end, the searches are done on a thread of the test by
a ``Gate`` (the real search, held until the test lets it finish)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path

import pytest

from bot.api import Actor, Reply
from bot.service import GameService
from bot.service.bots import BotPlayers
from bot.service.budgets import Budgets, TokenBuckets
from bot.service.game.computer import Ask, Search, Share, Thought, hint_search, think
from bot.service.thinking import FairQueue, Thinker, worker_pool
from engine import Game
from engine.limits import BOT_SEATS_PER_MEMBER, THINKING_PER_MEMBER
from tests.service_support import Table, fake_png, open_table, started

HOUR = 3600.0


class Gate:
    """Searches that wait for the test: each one started is noted, and ends (with a small real
    search of the same position) when the test releases it."""

    def __init__(self) -> None:
        self.started: list[Ask] = []
        self.released = 0
        self.cond = threading.Condition()

    def __call__(self, ask: Ask) -> Thought:
        with self.cond:
            self.started.append(ask)
            number = len(self.started)
            self.cond.notify_all()
            assert self.cond.wait_for(lambda: self.released >= number, timeout=60)
        return think(replace(ask.search, level=None, playouts=2, seconds=None))

    def wait_started(self, count: int) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: len(self.started) >= count, timeout=60)

    def release(self, count: int = 1) -> None:
        with self.cond:
            self.released += count
            self.cond.notify_all()


@pytest.fixture
def gate() -> Iterator[Gate]:
    held = Gate()
    yield held
    held.release(10_000)  # nothing is left waiting


def gated(service: GameService, gate: Gate, workers: int = 1) -> Thinker:
    """The service's searches done by ``gate``, ``workers`` at once."""
    service.thinker = Thinker(service.budgets, workers=workers, processes=False, search=gate)
    return service.thinker


def said(service: GameService, place: str, name: str, text: str,
         server: str | None = None) -> Reply:
    reply = service.handle(place, Actor(f"id-{name}", name, server=server), text)
    assert reply.ok, f"{name}: {text} -> {reply.text}"
    return reply


def bots_only(service: GameService, place: str, member: str, server: str) -> None:
    """A table of three bots and no person, made by ``member``."""
    said(service, place, member, "new game", server)
    for _ in range(3):
        said(service, place, member, "add bot", server)
    said(service, place, member, "start", server)


# ---- finding 2: thinking never holds the service's lock ------------------------------------


def test_an_away_players_decision_is_thought_out_of_the_lock(tmp_path: Path, gate: Gate) -> None:
    table = open_table(str(tmp_path / "g.db"))
    gated(table.service, gate)
    bots = BotPlayers(table.service)
    try:
        started(table, 3)
        table.ok("Arcsyn", "on away bot")
        table.ok("Daemonis", "away 3d")
        moved = table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
        assert "Daemonis: Place" not in moved.text  # the command did not think for them
        assert gate.wait_started(1)  # the computer thinks now, for Daemonis
        assert gate.started[0].search.game is not None
        assert table.service.lock.acquire(blocking=False)  # and holds nothing others need
        table.service.lock.release()
        other = Table(table.service, "channel-2")
        other.ok("Zed", "new game")  # another table is answered meanwhile
        gate.release(10)
        assert bots.wait_idle(60)
        away = [r for r in table.service.store.records(table.game_id())
                if r.kind == "move" and r.seat == "Daemonis"]
        assert len(away) == 2 and all(r.auto and r.data["reason"] == "away" for r in away)
        assert table.to_act() == "Hedgethorn"
    finally:
        bots.close()


def test_a_timed_out_decision_is_thought_out_of_the_lock(tmp_path: Path, gate: Gate) -> None:
    clock = [1_800_000_000.0]
    table = open_table(str(tmp_path / "g.db"), clock=lambda: clock[0])
    gated(table.service, gate)
    bots = BotPlayers(table.service)
    try:
        started(table, 3)
        table.ok("Arcsyn", "deadline 24h")
        table.ok("Arcsyn", "on timeout bot")
        clock[0] += 25 * HOUR
        [passed] = [p.complete() for _, p in table.service.run_due()]  # never waits for it
        assert "Time ran out" in passed.text and "Arcsyn: Place" not in passed.text
        assert gate.wait_started(1)
        assert table.service.lock.acquire(blocking=False)
        table.service.lock.release()
        gate.release(10)
        assert bots.wait_idle(60)
        timed = [r for r in table.service.store.records(table.game_id())
                 if r.kind == "move" and r.data.get("reason") == "timeout"]
        assert len(timed) == 2 and all(r.data["policy"] == "bot" for r in timed)
        assert table.to_act() == "Daemonis"
    finally:
        bots.close()


def test_a_hint_is_thought_out_of_the_lock(tmp_path: Path, gate: Gate) -> None:
    table = open_table(str(tmp_path / "g.db"))
    gated(table.service, gate)
    started(table, 3)
    answers: list[Reply] = []
    asking = threading.Thread(target=lambda: answers.append(table.say("Arcsyn", "hint")))
    asking.start()
    assert gate.wait_started(1)
    assert gate.started[0].share == Share("channel-1", "id-Arcsyn", waiting=True)
    assert table.service.lock.acquire(blocking=False)
    table.service.lock.release()
    gate.release()
    asking.join(60)
    assert answers and "Hint for Arcsyn" in answers[0].text


def test_searches_run_in_worker_processes_and_are_timed(tmp_path: Path) -> None:
    assert worker_pool().submit(os.getpid).result(timeout=120) != os.getpid()
    thinker = Thinker(Budgets(None))
    game = Game(["Ada", "Bo", "Cy"])
    thought = thinker.submit(Ask(Share("s", "m"), hint_search(game))).result(timeout=120)
    assert thought.move in game.legal_moves() and thought.advice is not None
    assert thought.advice.move == thought.move  # the hint's numbers came back with it
    assert thinker.done == 1 and thinker.seconds == thought.seconds > 0


def test_a_killed_worker_is_replaced_and_the_next_search_is_done() -> None:
    """A worker process killed (by the system, out of memory) fails at most the search it
    had; the next one gets fresh workers (the bot players think that decision again)."""
    pool = worker_pool()
    victim = pool.submit(os.getpid).result(timeout=120)
    os.kill(victim, signal.SIGKILL)
    thinker = Thinker(Budgets(None))
    game = Game(["Ada", "Bo", "Cy"])
    outcomes: list[Thought | None] = []
    for _ in range(3):
        try:
            outcomes.append(thinker.submit(Ask(Share("s", "m"), hint_search(game)))
                            .result(timeout=120))
            break
        except BrokenProcessPool:
            outcomes.append(None)
    assert outcomes[-1] is not None and outcomes[-1].move in game.legal_moves()
    assert worker_pool() is not pool


# ---- finding 1: a fair share ------------------------------------------------------------------


def test_one_members_tables_of_bots_do_not_hold_up_another_servers_table(
        tmp_path: Path, gate: Gate) -> None:
    """Ten tables of bots alone took both bot workers for an hour and a half, first come first
    served; now a table where a person waits, on another server, is next in turn."""
    service = GameService(str(tmp_path / "g.db"), renderer=fake_png, rate_limits=False)
    thinker = gated(service, gate)
    bots = BotPlayers(service)
    try:
        for n in range(4):
            bots_only(service, f"mallory-{n}", "Mallory", "server-1")
        assert thinker.wait_busy(4, timeout=60)  # one search running, three queued
        said(service, "ada", "Ada", "new game", "server-2")
        said(service, "ada", "Ada", "join", "server-2")
        said(service, "ada", "Ada", "add bot", "server-2")
        said(service, "ada", "Ada", "add bot", "server-2")
        said(service, "ada", "Ada", "start order: Normal Bot, Ada, Normal Bot 2", "server-2")
        assert thinker.wait_busy(5, timeout=60)
        assert gate.wait_started(1) and gate.started[0].share.server == "server-1"
        gate.release()  # the first slice of Mallory's ends...
        assert gate.wait_started(2)
        ada = gate.started[1].share
        assert ada == Share("server-2", "id-Ada", waiting=True)  # ...and Ada's bot is next
    finally:
        bots.close()
        service.close()


def test_each_decision_is_one_slice_in_the_turn() -> None:
    """A table's run is one search per decision, each going to the back of the line: servers
    in turn, members in turn within a server, what a person waits for first."""
    line: FairQueue[str] = FairQueue()
    mallory, eve, ada = (Share("s1", "mallory", False), Share("s1", "eve", False),
                         Share("s2", "ada", False))
    for n in range(3):
        line.put(mallory, f"mallory {n}")
    line.put(eve, "eve 0")
    line.put(ada, "ada 0")
    line.put(Share("s1", "bo", True), "bo 0 (a person waits)")
    order = []
    while (taken := line.take()) is not None:
        order.append(taken[1])
    assert order == ["bo 0 (a person waits)", "mallory 0", "ada 0", "eve 0", "mallory 1",
                     "mallory 2"]
    line.put(mallory, "mallory 3")
    line.put(ada, "ada 1")
    spent = line.take(lambda share: share.member != "mallory")  # over budget: passed over
    assert spent == (ada, "ada 1") and line.take() == (mallory, "mallory 3")


def test_a_member_past_their_thinking_seconds_waits_and_others_go_on(gate: Gate) -> None:
    now = [0.0]
    budgets = Budgets(TokenBuckets(lambda: now[0]))
    order: list[str] = []

    def costly(ask: Ask) -> Thought:
        order.append(ask.share.member)
        legal = ask.search.game.legal_moves()
        return Thought(legal[0], None, THINKING_PER_MEMBER.burst + 1.0)  # a whole budget

    thinker = Thinker(budgets, workers=1, processes=False, search=costly)
    game = Game(["Ada", "Bo", "Cy"])

    def ask(member: str) -> Ask:  # each on a server of their own
        return Ask(Share(f"server-of-{member}", member, waiting=False),
                   Search(game, 0, playouts=1))

    thinker.submit(ask("mallory")).result(timeout=60)
    assert budgets.thinking_wait("mallory", "server-of-mallory") > 0
    later = thinker.submit(ask("mallory"))
    assert thinker.submit(ask("ada")).result(timeout=60)  # Ada goes first...
    assert not later.done() and order == ["mallory", "ada"]
    now[0] += budgets.thinking_wait("mallory", "server-of-mallory") + 1.0  # ...until it refills
    thinker.submit(ask("bo"))  # (any new search wakes the turn at once)
    assert later.result(timeout=60) and "mallory" in order[2:]


def test_a_hint_past_the_thinking_seconds_is_refused_with_when(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"), rate_limits=True)
    started(table, 3)
    table.service.budgets.thought("id-Arcsyn", "channel-1", 10 * THINKING_PER_MEMBER.burst)
    refused = table.say("Arcsyn", "hint")
    assert not refused.ok and "try `hint` again in" in refused.text
    assert "thinking-per-member" in refused.text


def test_bot_seats_are_budgeted_per_member(tmp_path: Path) -> None:
    """Ten tables of five bots in a day was one member's allowance; now a dozen bot seats."""
    service = GameService(str(tmp_path / "g.db"), renderer=fake_png, rate_limits=True)
    added = 0
    for n in range(BOT_SEATS_PER_MEMBER.burst // 3 + 1):
        place = f"mallory-{n}"
        said(service, place, "Mallory", "new game", "server-1")
        for _ in range(3):
            reply = service.handle(place, Actor("id-Mallory", "Mallory", server="server-1"),
                                   "add bot")
            if not reply.ok:
                assert "bot-seats-per-member limit" in reply.text and "try again in" in reply.text
                assert added == BOT_SEATS_PER_MEMBER.burst
                return
            added += 1
    pytest.fail(f"{added} bot seats were added")


def test_a_table_waits_for_its_computer_only_while_a_person_is_there(tmp_path: Path) -> None:
    """Tables of bots alone, or of people all away, think after those where a person waits."""
    from bot.service.game.computer import a_person_waits
    from bot.service.game.records import GameRecord

    clock = [1_800_000_000.0]
    service = GameService(str(tmp_path / "g.db"), renderer=fake_png, rate_limits=False,
                          clock=lambda: clock[0])
    bots_only(service, "bots", "Mallory", "s1")
    said(service, "people", "Ada", "new game", "s1")
    said(service, "people", "Ada", "join", "s1")
    for _ in range(2):
        said(service, "people", "Ada", "add bot", "s1")
    said(service, "people", "Ada", "start", "s1")

    def record(place: str) -> GameRecord:
        summary = service.store.latest_game(place)
        assert summary is not None
        return GameRecord.fold(summary.id, place, service.store.records(summary.id))

    assert not a_person_waits(record("bots"), clock[0])
    assert a_person_waits(record("people"), clock[0])
    said(service, "people", "Ada", "away 3d", "s1")
    assert not a_person_waits(record("people"), clock[0])
    clock[0] += 4 * 86400.0
    assert a_person_waits(record("people"), clock[0])  # back


WORKERS_OF_A_BOT = """
import os, sys, time
from bot.service.thinking import worker_pool

if __name__ == "__main__":
    pool = worker_pool()
    pids = {pool.submit(os.getpid).result(timeout=120) for _ in range(8)}
    print(" ".join(map(str, sorted(pids))), flush=True)
    time.sleep(600)
"""


def test_the_workers_end_when_the_bot_is_killed(tmp_path: Path) -> None:
    """A bot killed outright (SIGKILL, as the wire tests and a crash do) leaves no worker
    process behind: each watches its parent and ends with it."""
    script = tmp_path / "a_bot.py"
    script.write_text(WORKERS_OF_A_BOT, encoding="utf-8")
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                           cwd=Path(__file__).resolve().parent.parent)
    assert bot.stdout is not None
    pids = [int(pid) for pid in bot.stdout.readline().split()]
    assert pids and bot.pid not in pids
    watching = [os.pidfd_open(pid) for pid in pids]  # readable once the process has ended
    try:
        bot.kill()
        bot.wait(60)
        for fd in watching:
            ready, _, _ = select.select([fd], [], [], 60)
            assert ready, "a worker outlived the bot"
    finally:
        for fd in watching:
            os.close(fd)
