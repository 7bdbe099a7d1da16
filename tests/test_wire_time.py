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
