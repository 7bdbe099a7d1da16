"""Never apply a move silently: what a change announces is kept until the chat took it.

The courier posts through a fake sender that fails the way Discord does (a refused channel, a
lost connection) and then recovers; the service is closed and opened again in between, as a
restart would.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.api import Reply
from bot.delivery import Courier, Refused
from bot.service import AsyncGameService, GameService
from bot.service.store.outbox import RETRY_FIRST
from tests.service_support import SETUP, Table, actor, fake_png, started


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class FakeSender:
    """Posts land in ``posts``; ``failures`` are raised first, one per attempt."""

    def __init__(self, *failures: Exception) -> None:
        self.failures = list(failures)
        self.posts: list[tuple[str, Reply]] = []
        self.told: list[tuple[str, str]] = []
        self.taken_down: list[str] = []

    async def post(self, place: str, reply: Reply, *, nonce: str | None = None) -> str:
        if self.failures:
            raise self.failures.pop(0)
        self.posts.append((place, reply))
        return f"https://discord.com/channels/1/{place}/{len(self.posts)}"

    async def tell(self, user_id: str, text: str, *, nonce: str | None = None) -> str:
        self.told.append((user_id, text))
        return f"https://discord.com/channels/@me/9/{len(self.told)}"

    async def take_down_direct(self, link: str) -> None:
        self.taken_down.append(link)

    async def take_down(self, place: str, link: str) -> None:
        self.taken_down.append(link)


def _service(path: Path, clock: Clock) -> GameService:
    return GameService(str(path), renderer=fake_png, announce=True, clock=clock)


def _locks() -> dict[str, asyncio.Lock]:
    return {}


def _lock(locks: dict[str, asyncio.Lock]) -> Callable[[str], asyncio.Lock]:
    return lambda place: locks.setdefault(place, asyncio.Lock())


async def _move(game: AsyncGameService, courier: Courier, name: str, text: str) -> Reply:
    reply = await game.handle("channel-1", actor(name), text)
    assert reply.ok, reply.text
    await courier.deliver("channel-1", reply)
    return reply


def _started(path: Path, clock: Clock) -> None:
    service = _service(path, clock)
    table = Table(service)
    started(table)
    service.mark_sent([a.id for a in service.unsent()])  # the lobby was announced
    service.close()


async def test_a_refused_post_survives_a_restart_and_is_delivered_once(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    refusal = Refused("Discord refused my post (Missing Permissions)")
    sender = FakeSender(refusal, refusal, refusal)
    courier = Courier(game, sender)
    first = await _move(game, courier, *SETUP[0])
    # The move stands although nobody could be told; a later retry is refused again.
    clock.now += RETRY_FIRST
    await courier.retry_due(clock.now, _lock(_locks()))
    assert sender.posts == []
    assert [user for user, _ in sender.told] == ["id-Arcsyn"]  # the creator, once
    assert "cannot post in <#channel-1>" in sender.told[0][1]
    # The next move tries the older post first, is refused, and waits behind it.
    second = await _move(game, courier, *SETUP[1])
    assert sender.posts == [] and sender.failures == [] and len(sender.told) == 1
    await game.aclose()

    # A restart: a new service over the same file, and the permission is back.
    game = AsyncGameService(_service(db, clock))
    courier = Courier(game, sender)
    assert await courier.retry_due(clock.now, _lock(_locks()), everything=True) == 1
    # What was owed goes out as one current update: both moves in order, the table as it
    # stands now, and a ping only for the player whose decision it is now.
    [(_, late)] = sender.posts
    assert late.text.index("Office at C1") < late.text.index("Pub at C2")
    assert late.mentions == ["id-Daemonis"]
    assert late.picture == second.picture and first.picture != second.picture
    assert late.picture_name == second.picture_name
    assert game.service.unsent() == []
    # Exactly once: nothing more goes out, however often it is asked.
    await courier.retry_due(clock.now + 10_000, _lock(_locks()), everything=True)
    assert len(sender.posts) == 1 and len(sender.told) == 1
    await game.aclose()


async def test_a_network_error_is_retried_after_a_pause_without_bothering_anyone(
        tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    sender = FakeSender(OSError("connection reset"), OSError("connection reset"))
    courier = Courier(game, sender)
    locks = _lock(_locks())
    await _move(game, courier, *SETUP[0])
    await courier.retry_due(clock.now + 1, locks)  # not due yet
    assert len(sender.failures) == 1
    clock.now += RETRY_FIRST
    await courier.retry_due(clock.now, locks)  # due, fails again: the pause doubles
    assert sender.failures == [] and sender.posts == []
    clock.now += RETRY_FIRST
    await courier.retry_due(clock.now, locks)
    assert sender.posts == []
    clock.now += RETRY_FIRST
    await courier.retry_due(clock.now, locks)
    assert len(sender.posts) == 1 and sender.told == []
    await game.aclose()


async def test_refusals_and_looks_owe_nothing(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    service = _service(db, clock)
    refused = service.handle("channel-1", actor("Daemonis"), "Place House at C3")
    assert not refused.ok and refused.announcement is None
    assert service.handle("channel-1", actor("Arcsyn"), "status").announcement is None
    assert service.unsent() == []
    service.close()


@pytest.mark.parametrize(("who", "text", "answered"), [
    ("Arcsyn", "Place Pub at W9", True),        # a typo from the player to act
    ("Arcsyn", "extend line from C1 to C99", True),
    ("Arcsyn", "what a lovely board", False),     # chat stays chat
    ("Arcsyn", "see you at 9", False),
    ("Daemonis", "Place Pub at W9", False),      # not their turn: chat
])
def test_a_mistyped_move_from_the_player_to_act_is_taken_up(tmp_path: Path, who: str,
                                                          text: str, answered: bool) -> None:
    service = _service(tmp_path / "games.db", Clock())
    started(Table(service))
    assert service.is_game_text("channel-1", text, f"id-{who}") is answered
    service.close()


def test_the_hint_is_the_one_the_prefix_gives(tmp_path: Path) -> None:
    service = _service(tmp_path / "games.db", Clock())
    started(Table(service))
    reply = service.handle("channel-1", actor("Arcsyn"), "Place Pub at W9")
    assert not reply.ok and "W9 is not a crossing; did you mean W8?" in reply.text
    service.close()


def test_catching_up_starts_after_the_newest_message_read(tmp_path: Path) -> None:
    service = _service(tmp_path / "games.db", Clock())
    table = Table(service)
    table.ok("Arcsyn", "new game", message_id="100")
    assert service.open_places()[0][:2] == ("channel-1", 100)
    table.say("Arcsyn", "status", message_id="105")  # read, changed nothing: still noted
    table.say("Daemonis", "undo", message_id="103")  # an older id never moves it back
    assert service.open_places()[0][:2] == ("channel-1", 105)
    # A database from before the watermark: the newest message that changed the game.
    with service.store.transaction() as db:
        db.execute("DELETE FROM seen")
    assert service.open_places()[0][:2] == ("channel-1", 100)
    service.close()


async def _due(game: AsyncGameService, courier: Courier) -> list[Reply]:
    """One turn of the scheduler loop, each place's post delivered."""
    done = await game.run_due()
    for place, reply in done:
        await courier.deliver(place, reply)
    return [reply for _, reply in done]


async def test_a_reminder_replaces_the_last_one_of_the_same_decision(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    sender = FakeSender()
    courier = Courier(game, sender)
    await _move(game, courier, "Arcsyn", "deadline 24h")
    clock.now += 12 * 3600
    [half] = await _due(game, courier)
    half_link = f"https://discord.com/channels/1/channel-1/{len(sender.posts)}"
    assert "halfway" in half.text and sender.taken_down == []
    clock.now += 11 * 3600
    [hour] = await _due(game, courier)
    assert "an hour from" in hour.text
    assert sender.taken_down == [half_link]  # the new reminder is out, the old one goes
    hour_link = f"https://discord.com/channels/1/channel-1/{len(sender.posts)}"
    clock.now += 1800
    nudged = await _move(game, courier, "Arcsyn", "nudge")  # a moderator's reminder, too
    assert "nudges" in nudged.text and sender.taken_down == [half_link, hour_link]
    # A move starts a new decision: its first reminder replaces none of the old one's.
    await _move(game, courier, *SETUP[0])
    await _move(game, courier, *SETUP[1])
    clock.now += 12 * 3600
    [later] = await _due(game, courier)
    assert "halfway" in later.text and len(sender.taken_down) == 2
    assert game.service.unsent() == []
    await game.aclose()


async def test_reminders_posted_together_late_take_nothing_down(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    refusal = Refused("Discord refused my post (Missing Permissions)")
    sender = FakeSender(refusal, refusal)
    courier = Courier(game, sender)
    await _move(game, courier, "Arcsyn", "deadline 24h")  # refused: owed
    clock.now += 12 * 3600
    await _due(game, courier)  # the halfway reminder waits behind it
    assert sender.posts == []
    clock.now += 11 * 3600
    await _due(game, courier)  # the hour's: all three go out as one post
    [(_, late)] = sender.posts
    assert "halfway" in late.text and "an hour from" in late.text
    assert sender.taken_down == []  # one post holds both: nothing to take down, nothing lost
    await game.aclose()


class Stop(BaseException):
    """The process stops (killed): nothing after it runs."""


async def test_a_reminder_by_direct_message_replaces_the_last_one_too(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    sender = FakeSender()
    courier = Courier(game, sender)
    await _move(game, courier, "Arcsyn", "notify both")
    await _move(game, courier, "Arcsyn", "deadline 24h")
    clock.now += 12 * 3600
    await _due(game, courier)
    [(user, half)] = sender.told
    assert user == "id-Arcsyn" and "halfway" in half
    half_link = f"https://discord.com/channels/1/channel-1/{len(sender.posts)}"
    clock.now += 11 * 3600
    await _due(game, courier)
    assert "an hour from" in sender.told[-1][1] and len(sender.told) == 2
    # the direct message of the new reminder is out: the old one goes, as in the channel
    assert sorted(sender.taken_down) == sorted([half_link, "https://discord.com/channels/@me/9/1"])
    # A move starts a new decision: its first reminder replaces none of the old one's; its
    # second replaces the first, privately too.
    await _move(game, courier, *SETUP[0])
    await _move(game, courier, "Arcsyn", "nudge")
    assert len(sender.told) == 3 and len(sender.taken_down) == 2
    clock.now += 2 * 3600
    await _move(game, courier, "Arcsyn", "nudge")
    assert len(sender.told) == 4 and len(sender.taken_down) == 4
    assert "https://discord.com/channels/@me/9/3" in sender.taken_down
    assert game.service.unsent_direct() == []
    await game.aclose()


async def test_a_direct_ping_lost_to_a_stop_after_its_post_goes_once_at_the_next_start(
        tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "games.db"
    _started(db, clock)
    game = AsyncGameService(_service(db, clock))
    stopping = FakeSender()

    async def stop(user_id: str, text: str, *, nonce: str | None = None) -> str:
        raise Stop

    stopping.tell = stop  # type: ignore[method-assign]
    courier = Courier(game, stopping)
    await _move(game, courier, "Daemonis", "notify dm")
    await _move(game, courier, *SETUP[0])
    with pytest.raises(Stop):  # Daemonis's turn: posted, and the process stops
        await _move(game, courier, *SETUP[1])
    [(_, posted)] = stopping.posts[-1:]
    assert "Pub at C2" in posted.text and posted.mentions == []
    await game.aclose()

    game = AsyncGameService(_service(db, clock))
    sender = FakeSender()
    courier = Courier(game, sender)
    await courier.retry_due(clock.now, _lock(_locks()), everything=True)
    [(user, told)] = sender.told
    assert user == "id-Daemonis" and "Pub at C2" in told
    assert sender.posts == []  # the post is not repeated
    await courier.retry_due(clock.now + 10_000, _lock(_locks()), everything=True)
    assert len(sender.told) == 1 and sender.posts == []  # exactly once
    await game.aclose()
