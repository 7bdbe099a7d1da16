"""The backlog's gate when sessions overlap: a connection lost again (and not resumed) while
the last session's catch-up still reads. New messages of a place wait for the newest catch-up
of it, so a move posted meanwhile is applied before a live one (the soak met a live ``/bus
move`` refused as "not your turn": the older catch-up, ending, had let it through before the
newer one read the move before it)."""

from __future__ import annotations

import asyncio

from bot.discord_app.backlog import Backlog


async def still_waiting(waiting: asyncio.Task[None]) -> bool:
    """Whether ``waiting`` is still held, once every task that could run has run."""
    for _ in range(5):
        await asyncio.sleep(0)  # a turn of the loop, not a pause
    return not waiting.done()


async def test_the_older_catch_up_ending_does_not_let_a_place_go_ahead() -> None:
    backlog = Backlog()
    first = backlog.hold(0)
    backlog.behind(["table"], first)
    backlog.recovering(0, first)
    second = backlog.hold(0)  # lost again, not resumed: a new session, READY
    backlog.behind(["table"], second)
    backlog.recovering(0, second)
    live = asyncio.create_task(backlog.wait("table"))
    backlog.up_to_date("table", first)  # the first catch-up is done with it
    assert await still_waiting(live) and backlog.is_behind("table")
    backlog.up_to_date("table", second)
    await asyncio.wait_for(live, 5)
    assert not backlog.is_behind("table")


async def test_the_older_recovery_ending_does_not_open_the_newer_session_s_gate() -> None:
    backlog = Backlog()
    first = backlog.hold(0)
    backlog.behind(["table"], first)
    backlog.recovering(0, first)
    second = backlog.hold(0)  # its recovery has not listed its places yet
    live = asyncio.create_task(backlog.wait("elsewhere"))
    backlog.up_to_date("table", first)
    backlog.recovering(0, first)  # the first recovery's end (said again when it is over)
    assert await still_waiting(live)
    backlog.behind([], second)
    backlog.recovering(0, second)
    await asyncio.wait_for(live, 5)


async def test_a_message_waiting_on_a_place_waits_again_at_a_new_gate() -> None:
    """Released by its place's catch-up while a newer session's gate is shut: it waits there."""
    backlog = Backlog()
    first = backlog.hold(0)
    backlog.behind(["table"], first)
    backlog.recovering(0, first)
    live = asyncio.create_task(backlog.wait("table"))
    assert await still_waiting(live)
    second = backlog.hold(0)
    backlog.up_to_date("table", first)
    assert await still_waiting(live)
    backlog.behind(["table"], second)
    backlog.recovering(0, second)
    assert await still_waiting(live)
    backlog.up_to_date("table", second)
    await asyncio.wait_for(live, 5)


async def test_shards_and_failures_are_as_before() -> None:
    """Another shard's session holds only until its own recovery; a failed catch-up (every
    place up to date at once) lets everything go."""
    backlog = Backlog()
    zero, one = backlog.hold(0), backlog.hold(1)
    backlog.behind(["a"], zero)
    backlog.recovering(0, zero)
    live = asyncio.create_task(backlog.wait("b"))
    assert await still_waiting(live)
    backlog.behind(["b"], one)
    backlog.recovering(1, one)
    assert await still_waiting(live)
    backlog.up_to_date()
    await asyncio.wait_for(live, 5)
    assert not backlog.is_behind("a")
