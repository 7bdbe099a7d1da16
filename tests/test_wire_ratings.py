"""The ratings over real sockets: a short game played to its end on the loopback Discord,
then what the channel receives for ``leaderboard`` (its text and its picture), ``rating``,
``stats``, ``vs`` and a season, and ``busbot ratings rebuild`` reproducing the stored numbers."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from bot.service.ratings import stored
from bot.service.store.store import Store
from tests.test_discord_game import SHORT_GAME, steps
from tests.test_wire_game import PNG_SIGNATURE, checked, say
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server


async def test_the_ratings_over_the_wire(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        people = {name: server.add_member(name) for name in ("Arcsyn", "Daemonis", "Hedgethorn")}
        async with busbot_on(server, wire_config(server, db)):
            await say(server, mod, "!bus new game clock_stones=1 auto_single=false")
            for person in people.values():
                await say(server, person, "!bus join")
            await say(server, mod, "!bus start order: Arcsyn, Daemonis, Hedgethorn")
            for step in steps(SHORT_GAME):
                post, _ = await say(server, people[step.player], step.move)
            final = checked(post)["content"]
            assert "The game is over" in final, final
            changes = re.search(r"Ratings: (.*)\.", final)
            assert changes is not None, final
            moved = dict(re.findall(r"(\w+) 0\.0 → (-?\d+\.\d)", changes.group(1)))
            assert set(moved) == set(people)

            post, _ = await say(server, people["Daemonis"], "!bus leaderboard")
            body = checked(post)
            listed = re.findall(r"^\d+\. (\w+): (-?\d+\.\d)", body["content"], re.M)
            assert [name for name, _ in listed] == sorted(
                moved, key=lambda n: -float(moved[n]))  # as the game's result says
            pictures = [data for name, data in post.files if name.endswith(".png")]
            assert len(pictures) == 1 and pictures[0].startswith(PNG_SIGNATURE)
            Image.open(io.BytesIO(pictures[0])).verify()
            described = [a.get("description", "") for a in body["attachments"]]
            assert any("leaderboard" in d for d in described), described

            # (each member may send ten commands in a burst: the players have used theirs)
            post, _ = await say(server, mod, "!bus rating Hedgethorn")
            assert f"Hedgethorn: rating {moved['Hedgethorn']}" in checked(post)["content"]
            post, _ = await say(server, mod, "!bus stats Arcsyn")
            assert "Arcsyn, over 1 rated game here" in checked(post)["content"]
            post, _ = await say(server, people["Hedgethorn"],
                                f"!bus vs <@{people['Daemonis'].id}>")
            assert "played 1 rated game together" in checked(post)["content"]
            post, _ = await say(server, server.add_member("Zed"), "!bus season start Spring")
            assert "Only the server's moderators" in checked(post)["content"]
            post, _ = await say(server, mod, "!bus season start Spring")
            assert "The season Spring begins" in checked(post)["content"]
    store = Store(str(db))
    try:
        assert stored.rebuild(store).same
    finally:
        store.close()
