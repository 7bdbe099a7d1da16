"""Over the wire: every moment busbot shows on Discord is Discord's own timestamp markup
(``<t:UNIX:R>``, ``<t:UNIX:f>``), which each member's client writes in their own zone and
language; a time bank shows on ``status``, and the scheduler loop's reminder says when the
decision is due, not how much of it is gone (issue 37)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import cast

from bot.discord_app.cogs.reminders import Reminders
from tests.test_wire_game import checked, pinged, say
from tests.wire_server import User, WireServer
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

HOUR = 3600
#: a moment as Discord reads it
STAMP = re.compile(r"<t:(\d+):([RfF])>")


def stamps(text: str) -> list[tuple[int, str]]:
    return [(int(m[1]), m[2]) for m in STAMP.finditer(text)]


async def test_every_time_shown_on_discord_is_a_timestamp(tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy"),
                              (mod, "!bus deadline 24h"), (mod, "!bus timebank 2d +12h max 3d")]:
                await say(server, who, text)
            began = time.time()
            post, _ = await say(server, bob, "!bus away 2d")
            [(back, style)] = stamps(checked(post)["content"])
            assert style == "f" and abs(back - (began + 48 * HOUR)) < 60
            assert "UTC" not in post.json["content"]

            post, _ = await say(server, cy, "!bus status")
            shown = checked(post)["content"]
            ada_line = next(line for line in shown.splitlines() if line.startswith("  Ada"))
            [(due, style)] = stamps(ada_line)
            assert style == "R" and abs(due - (began + 24 * HOUR)) < 60  # the deadline first
            assert "bank 2 d" in ada_line and "waiting" not in shown
            assert "Time bank: 2 d to start, 12 h more after each decision, at most 3 d" in shown

            reminders = cast(Reminders, running.bot.get_cog("Reminders"))
            since = len(server.requests)
            assert await reminders.run_due(time.time() + 12.5 * HOUR) == 1
            [half] = server.posts(since)
            text = checked(half)["content"]
            assert "halfway" in text and pinged(half) == {ada.id}
            assert [style for _, style in stamps(text)] == ["R"] and "of 24 h" not in text
            assert abs(stamps(text)[0][0] - due) < 60

            # The second reminder of the same decision replaces the first: it is posted, then
            # the first is taken down (the channel keeps one reminder, never a pile).
            table = server.channels["bus-table"]
            half_id = server.history[table.id][-1]["id"]
            assert "halfway" in server.history[table.id][-1]["content"]
            since = len(server.requests)
            assert await reminders.run_due(time.time() + 23.5 * HOUR) == 1
            [hour] = server.posts(since)
            assert "an hour from" in checked(hour)["content"] and pinged(hour) == {ada.id}
            await server.wait_for(lambda: any(
                r.method == "DELETE" for r in server.requests[since:]))
            [gone] = [r for r in server.requests[since:] if r.method == "DELETE"]
            assert gone.path == f"/api/v10/channels/{table.id}/messages/{half_id}"
            shown = [m["content"] for m in server.history[table.id]]
            assert sum("Reminder" in text for text in shown) == 1


def dms_to(server: WireServer, user: User, since: int) -> list[str]:
    """The direct messages the bot sent ``user`` from request ``since`` on (accepted ones)."""
    return [r.json["content"] for r in server.posts(since)
            if int(r.path.split("/")[-2]) in server.dms
            and server.dms[int(r.path.split("/")[-2])] == user.id and user.id not in
            server.closed_dms]


def kept_dms(server: WireServer, user: User) -> list[str]:
    """The direct messages ``user`` has from the bot now (made, and not taken down)."""
    return [m["content"] for channel, member in server.dms.items() if member == user.id
            for m in server.history.get(channel, [])]


async def test_a_turn_ping_by_direct_message_and_its_one_fallback(tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        table = server.channels["bus-table"]
        async with busbot_on(server, config):
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy")]:
                await say(server, who, text)
            post, _ = await say(server, bob, "!bus notify dm")
            assert "by direct message" in checked(post)["content"]
            await say(server, cy, "!bus notify off")
            await say(server, ada, "Place House at C1")

            # Bob's turn: the table's post pings nobody; Bob gets a direct message with the
            # post and a link to it.
            since = len(server.requests)
            await server.say(ada, "Place Office at C1")
            await server.wait_for(lambda: len(dms_to(server, bob, since)) == 1)
            [moved] = [r for r in server.posts(since) if int(r.path.split("/")[-2]) == table.id]
            assert pinged(moved) == set() and "Bob" in moved.json["content"]
            [direct] = dms_to(server, bob, since)
            assert f"<#{table.id}>" in direct and "/channels/" in direct
            assert "Ada: Place Office at C1" in direct

            # Cy chose `off`: their turn pings nobody anywhere.
            await say(server, bob, "Place House at C2")
            since = len(server.requests)
            await server.say(bob, "Place Office at C2")
            await server.answers(1, since=since)  # and the bot idle: all it posts is there
            assert all(pinged(p) == set() for p in server.posts(since))

            # Cy's two placements hand the turn to Ada, pinged in the channel (the default).
            await say(server, cy, "Place Pub at E3")
            post, _ = await say(server, cy, "Place House at W3")
            assert pinged(post) == {ada.id}

            # Bob closes his direct messages: his next ping comes once in the channel, and then
            # his pings go there (not a refused direct message per ping).
            server.closed_dms.add(bob.id)
            since = len(server.requests)
            await server.say(ada, "Start line between C1 and C4")
            await server.wait_for(lambda: len([r for r in server.posts(since)
                                               if int(r.path.split("/")[-2]) == table.id]) >= 2)
            in_table = [r for r in server.posts(since)
                        if int(r.path.split("/")[-2]) == table.id]
            assert [pinged(p) for p in in_table] == [set(), {bob.id}]
            assert "could not send you a direct message" in in_table[1].json["content"]
            since = len(server.requests)
            post, _ = await say(server, mod, "!bus nudge")
            assert pinged(post) == {bob.id}
            assert not [r for r in server.requests[since:] if r.method == "POST"
                        and int(r.path.split("/")[-2]) in server.dms]


async def test_the_daily_digest_is_a_direct_message_listing_the_waiting_game(
        tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        table = server.channels["bus-table"]
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy")]:
                await say(server, who, text)
            for who in (ada, bob):
                post, _ = await say(server, who, "!bus digest on 07:00 UTC")
                assert "07:00 (UTC)" in checked(post)["content"]
            reminders = cast(Reminders, running.bot.get_cog("Reminders"))
            since = len(server.requests)
            assert await reminders.send_digests(time.time() + 25 * HOUR) == 1  # Bob: none
            [digest] = dms_to(server, ada, since)
            assert dms_to(server, bob, since) == []
            assert f"- Game 1 in <#{table.id}>: Ada: place 2 starting buildings" in digest
            assert "1 game waits for you" in digest
            assert await reminders.send_digests(time.time() + 25 * HOUR) == 0  # once a day


async def test_the_bot_wide_reminder_pings_where_the_member_chose(tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db", reminder_hours=24)
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        table = server.channels["bus-table"]
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy"), (ada, "!bus notify dm")]:
                await say(server, who, text)
            reminders = cast(Reminders, running.bot.get_cog("Reminders"))
            since = len(server.requests)
            assert await reminders.send_due(time.time() + 25 * HOUR) == 1
            [posted] = [r for r in server.posts(since) if int(r.path.split("/")[-2]) == table.id]
            assert "has waited" in checked(posted)["content"] and pinged(posted) == set()
            [direct] = dms_to(server, ada, since)
            assert "has waited" in direct and f"<#{table.id}>" in direct


async def test_a_reminder_by_direct_message_takes_the_last_one_down(tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy"), (mod, "!bus deadline 24h"),
                              (ada, "!bus notify dm")]:
                await say(server, who, text)
            reminders = cast(Reminders, running.bot.get_cog("Reminders"))
            since = len(server.requests)
            assert await reminders.run_due(time.time() + 12.5 * HOUR) == 1
            [half] = dms_to(server, ada, since)
            assert "halfway" in half
            [dm] = [int(r.path.split("/")[-2]) for r in server.posts(since)
                    if server.dms.get(int(r.path.split("/")[-2])) == ada.id]
            [first] = server.history[dm]
            since = len(server.requests)
            assert await reminders.run_due(time.time() + 23.5 * HOUR) == 1
            [hour] = dms_to(server, ada, since)
            assert "an hour from" in hour
            gone = f"/api/v10/channels/{dm}/messages/{first['id']}"
            await server.wait_for(lambda: any(
                r.method == "DELETE" and r.path == gone for r in server.requests[since:]))
            assert kept_dms(server, ada) == [hour]  # the first is gone: one, never a pile


async def test_a_digest_that_failed_is_sent_later_that_day(tmp_path: Path) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        ada, bob, cy = (server.add_member(name) for name in ("Ada", "Bob", "Cy"))
        async with busbot_on(server, config) as running:
            for who, text in [(mod, "!bus new game auto_single=false"), (ada, "!bus join"),
                              (bob, "!bus join"), (cy, "!bus join"),
                              (mod, "!bus start order: Ada, Bob, Cy"),
                              (ada, "!bus digest on 07:00 UTC")]:
                await say(server, who, text)
            reminders = cast(Reminders, running.bot.get_cog("Reminders"))
            server.fail_dms.append(400)  # Discord fails the first try
            due = time.time() + 25 * HOUR
            assert await reminders.send_digests(due) == 0
            assert kept_dms(server, ada) == [] and server.fail_dms == []
            assert await reminders.send_digests(due + 60) == 0  # not at once
            assert await reminders.send_digests(due + 16 * 60) == 1  # a quarter hour later
            [digest] = kept_dms(server, ada)
            assert "1 game waits for you" in digest
            assert await reminders.send_digests(due + 3 * HOUR) == 0  # sent: once that day
