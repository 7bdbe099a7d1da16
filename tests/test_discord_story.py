"""``/bus story``: the game's statistics and score chart, to the asker alone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_support import PNG_SIGNATURE, Table, busbot_table
from tests.test_discord_game import MODERATOR_ROLE, Players, only, seat_players


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


async def test_the_story_so_far_comes_privately_with_the_chart(table: Table) -> None:
    server = table.server
    people = Players.at(server)
    await seat_players(table, people)
    only(await server.say(people.arcsyn, "Place House at C1"))
    answer = await server.slash(people.hedgethorn, "story", part="chart")
    post = only(answer.posts)
    assert answer.public == [] and post.ephemeral
    assert post.content.startswith("The story of game 1 so far (score chart attached).")
    assert "Deliveries: " in post.content and "still in its setup" in post.content
    name, chart = post.file("-chart.png")
    assert name == "bus-game1-chart.png" and chart.startswith(PNG_SIGNATURE)
