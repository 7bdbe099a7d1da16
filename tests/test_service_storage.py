"""Storage: restarts continue exactly, nothing is rewritten, a crash loses nothing confirmed, and
concurrent commands are serialized without losing any."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.api import Actor
from bot.service import AsyncGameService, GameService
from tests.crash_support import KILLED, WarmChild
from tests.service_support import Table, actor, fake_png, open_table, records_count, started


def _play_with_restart(path: str, restart: bool) -> tuple[list[str], str]:
    table = open_table(path)
    started(table, 4)
    table.play_random(150, seed=8)
    table.say("Arcsyn", "undo last 3")  # the game is over (144 moves): asked first
    table.ok("Arcsyn", "confirm")
    other = Table(table.service, "channel-2")
    started(other, 3)
    other.play_random(20, seed=1)
    if restart:
        places = ("channel-1", "channel-2")
        looks = {place: [table.service.handle(place, actor("Zed"), t).text
                         for t in ("status", "log all", "moves", "index")] for place in places}
        exports = {place: table.service.export(place, "json") for place in places}
        table.service.close()
        table = open_table(path)
        for place in places:
            assert [table.service.handle(place, actor("Zed"), t).text
                    for t in ("status", "log all", "moves", "index")] == looks[place]
            assert table.service.export(place, "json") == exports[place]
    table.play_random(30, seed=4)
    Table(table.service, "channel-2").play_random(30, seed=4)
    text = table.export("txt").splitlines()[1:] + Table(table.service, "channel-2").export(
        "txt").splitlines()[1:]
    return text, table.ok("Zed", "status").text


def test_a_restart_continues_every_game_exactly(tmp_path: Path) -> None:
    """Closing and reopening in the middle gives the same games as never stopping."""
    with_restart = _play_with_restart(str(tmp_path / "a.db"), restart=True)
    without = _play_with_restart(str(tmp_path / "b.db"), restart=False)
    assert with_restart == without
    assert len(with_restart[0]) > 150


def test_the_database_uses_wal_and_undo_appends_instead_of_deleting(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    table = open_table(path)
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    count = records_count(path)
    table.ok("Arcsyn", "undo")
    assert records_count(path) == count + 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        kinds = [r[0] for r in conn.execute("SELECT kind FROM records ORDER BY seq")]
    assert kinds[-2:] == ["move", "undo"]
    moves = json.loads(table.export("json"))["moves"]
    assert moves[0]["text"] == "Place Office at C1" and not moves[0]["in_force"]
    assert moves[0]["ended_by"]["how"] == "undone"
    assert moves[0]["ended_by"]["user_id"] == "id-Arcsyn"


def _consistent(path: str) -> None:
    """Nothing half-written: the summary matches the records and the handled messages."""
    with sqlite3.connect(path) as conn:
        for game_id, last_seq in conn.execute("SELECT id, last_seq FROM games"):
            seqs = [r[0] for r in conn.execute(
                "SELECT seq FROM records WHERE game_id = ? ORDER BY seq", [game_id])]
            assert seqs == list(range(1, last_seq + 1))
        handled = {r[0] for r in conn.execute("SELECT message_id FROM handled")}
        messages = {r[0] for r in conn.execute(
            "SELECT DISTINCT message_id FROM records WHERE message_id IS NOT NULL")}
        assert handled == messages


@pytest.mark.long
def test_a_crash_between_any_two_statements_loses_nothing_confirmed(
        tmp_path: Path, warm_child: WarmChild) -> None:
    """The last command killed at each of its statements (and the status after it), each time
    on a copy of one prepared game, in a process forked from a warm one
    (``tests.crash_support``)."""
    setup = ["Arcsyn: new game", "Arcsyn: join", "Daemonis: join", "Hedgethorn: join",
             "Arcsyn: start order: Arcsyn, Daemonis, Hedgethorn",
             "Arcsyn: Place Office at C1", "Arcsyn: drop Daemonis"]
    # The last command writes several records at once: the move and the dropped seat's moves.
    target = ["Arcsyn: Place Pub at C2", "Hedgethorn: status"]
    template = tmp_path / "template.db"
    status, out = warm_child.run("commands", template, lines=setup, first=0)
    assert status == 0 and all(line.startswith("CONFIRMED") for line in out[:-1]), out
    full = tmp_path / "full.db"
    full.write_bytes(template.read_bytes())
    status, out = warm_child.run("commands", full, lines=target, first=len(setup))
    assert status == 0 and out[0] == f"CONFIRMED {len(setup)}", out
    total = int(out[-1].split()[1])
    assert total > 5
    reference = GameService(str(full), renderer=None)
    expected_after = reference.export("table", "txt").splitlines()[1:]
    reference.close()

    seen = set()
    for kill_at in range(1, total + 1):
        path = tmp_path / f"crash{kill_at}.db"
        path.write_bytes(template.read_bytes())
        status, out = warm_child.run("commands", path, kill_at, lines=target, first=len(setup))
        assert status in (0, KILLED), out
        confirmed = [line for line in out if line.startswith("CONFIRMED")]
        _consistent(str(path))
        service = GameService(str(path), renderer=None)
        log = service.export("table", "txt").splitlines()[1:]
        if confirmed:
            assert log == expected_after, kill_at
        else:
            # Not confirmed: either fully there or not at all, never half.
            assert log == expected_after or log == [
                line for line in expected_after
                if not line.startswith(("Arcsyn: Place Pub", "Daemonis:"))], kill_at
        assert "Arcsyn: Place Office at C1" in log
        seen.add("applied" if log == expected_after else "not applied")
        # The restarted service continues, and the crashed message is applied at most once.
        reply = service.handle("table", Actor("Arcsyn", "Arcsyn"), "Place Pub at C2",
                               message_id=f"m{len(setup)}")
        assert service.export("table", "txt").splitlines()[1:] == expected_after
        assert reply.ok
        service.close()
    assert seen == {"applied", "not applied"}


def test_concurrent_commands_for_one_game_are_serialized_and_none_is_lost(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    hours = itertools.count()  # each command an hour after the last: nudges are never too soon
    service = GameService(path, renderer=fake_png, clock=lambda: 3600.0 * next(hours))
    service.handle("t", actor("Arcsyn"), "new game")
    barrier = threading.Barrier(5)
    replies = []

    def join(name: str) -> None:
        barrier.wait()
        replies.append(service.handle("t", actor(name), "join"))

    threads = [threading.Thread(target=join, args=(n,))
               for n in ("A1", "B2", "C3", "D4", "E5")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.ok for r in replies)
    status = service.handle("t", actor("Zed"), "status").text
    for name in ("A1", "B2", "C3", "D4", "E5"):
        assert name in status
    service.handle("t", actor("Arcsyn"), "start")

    def nudge(i: int) -> None:
        barrier.wait()
        for _ in range(10):
            replies.append(service.handle("t", actor("Arcsyn"), "nudge", message_id=f"n{i}-{_}"))

    replies.clear()
    threads = [threading.Thread(target=nudge, args=(i,)) for i in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(replies) == 50 and all(r.ok for r in replies)
    records = service.store.records(service.store.latest_game("t").id)  # type: ignore[union-attr]
    assert sum(r.kind == "nudge" for r in records) == 50
    assert [r.seq for r in records] == list(range(1, len(records) + 1))


async def test_the_async_service_serializes_a_place_and_renders_off_the_db_thread(
        tmp_path: Path) -> None:
    drawn_on: list[str] = []

    def renderer(game: object, *, previous: object = None, note: str = "") -> bytes:
        drawn_on.append(threading.current_thread().name)
        return fake_png(game)  # type: ignore[arg-type]

    service = GameService(str(tmp_path / "busbot.db"), renderer=renderer)
    front = AsyncGameService(service, render_workers=2)
    await front.handle("t", actor("Arcsyn"), "new game")
    names = ["Arcsyn", "Daemonis", "Hedgethorn", "discrider", "Esme"]
    joins = await asyncio.gather(*(front.handle("t", actor(n), "join", message_id=f"j-{n}")
                                   for n in names))
    assert all(r.ok for r in joins)
    again = await asyncio.gather(*(front.handle("t", actor(n), "join", message_id=f"j-{n}")
                                   for n in names))
    assert all("handled already" in r.text for r in again)
    await front.handle("t", actor("Arcsyn"), f"start order: {', '.join(names)}")
    # Everyone sends the legal first move at once; only Arcsyn's counts, nothing else changes.
    replies = await asyncio.gather(*(front.handle("t", actor(n), "Place Office at C1")
                                     for n in names))
    assert [r.ok for r in replies] == [True, False, False, False, False]
    assert replies[0].picture is not None
    assert drawn_on and all(name.startswith("busbot-render") for name in drawn_on)
    assert await front.is_game_text("t", "Place Pub at C2")
    assert not await front.is_game_text("t", "nice one")
    assert "Place Pub at C2" in await front.choices("t", actor("Arcsyn"))
    assert await front.due_reminders(0.0, 24) == []
    await front.aclose()


def test_a_failed_write_changes_nothing_and_a_failed_picture_keeps_the_move(
        tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"))
    started(table)
    before = table.snapshot()
    status = table.ok("Zed", "status").text
    original = table.service.store.commit

    def disk_full(*args: object, **kwargs: object) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    table.service.store.commit = disk_full  # type: ignore[method-assign]
    reply = table.say("Arcsyn", "Place Office at C1")
    assert not reply.ok and "could not be saved" in reply.text and "disk is full" in reply.text
    table.service.store.commit = original  # type: ignore[method-assign]
    assert table.snapshot() == before and table.ok("Zed", "status").text == status

    def broken(game: object, *, previous: object = None, note: str = "",
               layout: object = None, seat_notes: object = None,
               words: object = None) -> bytes:
        raise RuntimeError("no fonts")

    table.service.renderer = broken
    reply = table.ok("Arcsyn", "Place Office at C1")
    assert reply.picture is None and "could not be drawn" in reply.text
    assert "Arcsyn: Place Office at C1" in table.export("txt")


def test_a_live_refusal_is_owed_until_answered_and_catch_up_owes_nothing(tmp_path: Path) -> None:
    service = GameService(str(tmp_path / "g.db"), renderer=None)
    try:
        ada = Actor("1", "Ada")
        live = service.pipeline.handle("10", ada, "Place House at Q9", message_id="5", owed=True)
        # from history:
        read = service.pipeline.handle("10", ada, "Place House at Q8", message_id="6")
        assert not live.reply.ok and not read.reply.ok
        assert service.unanswered("10") == [("5", live.reply.text)]
        assert service.store.last_seen("10") == 6
        service.answered("10", "5")
        assert service.unanswered("10") == []
    finally:
        service.close()
