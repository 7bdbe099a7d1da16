"""The game's story through the service: statistics in the final message and on request, and
the score chart and animation drawn after the commit, within the place's animation allowance."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService
from tests.service_support import PNG_SIGNATURE, Table, fake_png, open_table, started
from tests.test_discord_game import SHORT_GAME, steps

NAMES = ("Arcsyn", "Daemonis", "Hedgethorn")


def short_game(table: Table) -> list[str]:
    """SHORT_GAME (one clock stone: over after 23 moves), every reply but the last kept."""
    started(table, options="clock_stones=1", names=NAMES)
    script = steps(SHORT_GAME)
    for step in script[:-1]:
        table.ok(step.player, step.move)
    return [f"{step.player}: {step.move}" for step in script]


@pytest.mark.long
def test_the_final_message_tells_the_story_and_attaches_chart_and_animation(
        tmp_path: Path) -> None:
    table = Table(GameService(str(tmp_path / "busbot.db"), renderer=fake_png, stories=True))
    short_game(table)
    final = table.ok("Arcsyn", "Stop time")
    assert "Daemonis wins" in final.text
    assert "**The game's story.** Deliveries: " in final.text
    assert "The game ended in round 1 when Arcsyn took the last clock stone" in final.text
    names = [f.filename for f in final.files]
    assert names == ["bus-game1-chart.png", "bus-game1.html", "bus-game1.gif"]
    chart, page, animation = (f.data for f in final.files)
    assert page.startswith(b"<!doctype html>") and "The game's page, bus-game1.html" in final.text
    assert chart.startswith(PNG_SIGNATURE) and animation.startswith(b"GIF89a")
    assert "The animation: " in final.text and len(animation) < 10_000_000
    # Asked for again: the chart costs a picture; the place has one animation left for now.
    assert [f.filename for f in table.ok("Zed", "chart").files] == ["bus-game1-chart.png"]
    assert [f.filename for f in table.ok("Zed", "replay").files] == ["bus-game1.gif"]
    refused = table.say("Zed", "replay")
    assert not refused.ok and "try `replay` again in" in refused.text and refused.files == []


def test_story_on_request_during_the_game_and_where_nothing_is_drawn(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"))  # a stand-in renderer: no charts drawn
    table.ok("Arcsyn", "new game")
    assert "has not started, so it has no story" in table.say("Arcsyn", "story").text
    table.ok("Arcsyn", "join")
    table.ok("Daemonis", "join")
    table.ok("Hedgethorn", "join")
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")
    before = table.snapshot()
    reply = table.ok("Daemonis", "story")
    assert reply.text.startswith("The story of game 1 so far")
    assert "Deliveries: " in reply.text and "still in its setup" in reply.text
    assert "(Charts and animations are not drawn here.)" in reply.text and reply.files == []
    assert table.snapshot() == before  # a story changes nothing
    assert not table.say("Daemonis", "story please").ok  # not the command: an unreadable move
