"""``review`` on the (fake) Discord server, through the real bot: refused while the game runs
(to the asker alone), then, once it is over, the review's text and chart in the channel
(``/bus do review``, ``!bus review``), the second time read back from the store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord_support import PNG_SIGNATURE, Table, busbot_table
from tests.test_discord_game import (
    MODERATOR_ROLE,
    SHORT_GAME,
    Players,
    only,
    seat_players,
    steps,
)


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


async def test_a_finished_game_is_reviewed_with_its_text_and_chart(table: Table) -> None:
    server = table.server
    people = Players.at(server)
    await seat_players(table, people)
    script = steps(SHORT_GAME)
    for step in script[:-1]:
        only(await server.say(people.named(step.player), step.move))
    refused = only((await server.slash(people.daemonis, "do", command="review")).posts)
    assert refused.ephemeral and refused.content.startswith("A game is reviewed once it is over")
    assert "Daemonis wins" in only(await server.say(people.arcsyn, script[-1].move)).content
    answer = await server.slash(people.hedgethorn, "do", command="review")
    post = only(answer.public)
    assert post.content.startswith("The review of game 1:\nThe computer's search judged the "
                                   "game's ")
    assert "Who was ahead" in post.content and "Good decisions" in post.content
    name, chart = post.file("-review.png")
    assert name == "bus-game1-review.png" and chart.startswith(PNG_SIGNATURE)
    again = only(await server.say(people.moderator, "!bus review"))
    assert again.content == post.content
    assert again.file("-review.png")[1] == chart
