"""A short game of Bus over real sockets: what Discord receives at every step.

The lobby (plain text, ``!bus`` and a slash command), the start, a round of moves, a refused move,
``export txt`` as an attachment, ``import`` from an attachment in another channel, and a
moderator's undo. Every message body is checked the way Discord would judge it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from bot.service import GameService
from engine import GameLog
from tests.discord_support import expected_picture
from tests.test_discord_game import SHORT_GAME, steps
from tests.wire_server import Request, User, WireServer
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def checked(post: Request) -> dict[str, Any]:
    """The body of one message the bot created, after what every message must satisfy."""
    body: dict[str, Any] = post.json
    assert len(body.get("content") or "") <= 2000
    allowed = body["allowed_mentions"]
    assert allowed["parse"] == [], "nothing may ping by parsing the text (@everyone, names)"
    assert allowed.get("replied_user", False) is False
    return body


def pinged(post: Request) -> set[int]:
    return {int(user) for user in checked(post)["allowed_mentions"].get("users", [])}


def picture_of(db: Path, place: int) -> bytes:
    service = GameService(str(db), renderer=None)
    try:
        return expected_picture(service, str(place))
    finally:
        service.close()


def the_picture(post: Request) -> bytes:
    pictures = [data for name, data in post.files if name.endswith(".png")]
    assert len(pictures) == 1, [name for name, _ in post.files]
    # Multipart, as Discord wants it: each file part is described in payload_json.
    described = [a["filename"] for a in post.json["attachments"]]
    assert described == [name for name, _ in post.files]
    data = pictures[0]
    assert data.startswith(PNG_SIGNATURE)
    Image.open(io.BytesIO(data)).verify()  # decodes as a PNG, not just its signature
    return data


async def say(server: WireServer, who: User, text: str, *, channel: str = "bus-table",
              files: list[tuple[str, bytes]] | None = None) -> tuple[Request, dict[str, Any]]:
    """``who`` writes ``text``; the one message the bot posts in answer, and what was said."""
    since = len(server.requests)
    said = await server.say(who, text, channel=channel, attachments=files or [])
    posts = await server.answers(1, since=since)
    assert len(posts) == 1, [p.json.get("content") for p in posts]
    return posts[0], said


async def slash(server: WireServer, who: User, command: str, **options: Any
                ) -> tuple[Request, Request]:
    """``who`` runs ``/bus command``: the deferral and the one follow-up."""
    since = len(server.requests)
    sent_at = server.clock()
    interaction = await server.slash(who, command, **options)
    posts = await server.answers(1, since=since)
    calls = server.requests[since:]
    callbacks = [r for r in calls if r.path.endswith(f"/{interaction['id']}/"
                                                      f"{interaction['token']}/callback")]
    assert len(callbacks) == 1 and callbacks[0].json["type"] == 5, "deferred exactly once"
    assert callbacks[0].at - sent_at < 3.0, "deferred within Discord's three seconds"
    assert posts[0].path.endswith(f"/webhooks/{server.application_id}/{interaction['token']}")
    assert callbacks[0].at <= posts[0].at
    return callbacks[0], posts[0]


async def test_a_short_game_over_the_wire(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        people = {name: server.add_member(name) for name in ("Arcsyn", "Daemonis", "Hedgethorn")}
        server.add_channel("bus-import")
        table = server.channels["bus-table"].id
        async with busbot_on(server, wire_config(server, db)):
            # ---- the lobby: plain text, the prefix, a slash command ----
            post, _ = await say(server, mod, "!bus new game clock_stones=1 auto_single=false")
            assert "New game of Bus" in checked(post)["content"] and post.files == []
            post, said = await say(server, people["Arcsyn"], "join")
            assert "Arcsyn joins" in checked(post)["content"] and pinged(post) == set()
            post, _ = await say(server, people["Daemonis"], "!bus join")
            assert "Daemonis joins" in checked(post)["content"]
            _, post = await slash(server, people["Hedgethorn"], "join")
            assert "Hedgethorn joins" in checked(post)["content"]

            _, post = await slash(server, mod, "start", order="Arcsyn, Daemonis, Hedgethorn")
            assert "The game begins!" in checked(post)["content"]
            assert the_picture(post) == picture_of(db, table)
            assert pinged(post) == {people["Arcsyn"].id}
            assert checked(post)["content"].endswith(f"<@{people['Arcsyn'].id}>")

            # ---- setup and a round, as plain text: picture and ping each time ----
            script = steps(SHORT_GAME)[:-2]
            for step in script:
                post, _ = await say(server, people[step.player], step.move)
                body = checked(post)
                assert step.player in body["content"].splitlines()[0], body["content"]
                assert "message_reference" not in body  # a move is posted for the table
                assert the_picture(post) == picture_of(db, table), f"picture after {step}"
                expected = {people[step.pings].id} if step.pings else set()
                assert pinged(post) == expected, f"pings after {step}"

            # ---- a refusal answers the message that caused it, and pings nobody ----
            post, said = await say(server, people["Daemonis"], "Extend line from W3 to N1")
            body = checked(post)
            assert "not your decision" in body["content"]
            assert str(body["message_reference"]["message_id"]) == said["id"]
            assert pinged(post) == set() and post.files == []

            # ---- a moderator's undo ----
            post, _ = await say(server, mod, "!bus undo last 2")
            assert "took back 2 moves" in checked(post)["content"]
            assert the_picture(post) == picture_of(db, table)

            # ---- export as an attachment, imported into another channel ----
            post, said = await say(server, mod, "!bus export txt")
            exported = [(name, data) for name, data in post.files if name.endswith(".txt")]
            assert len(exported) == 1
            name, data = exported[0]
            log = GameLog.parse(data.decode())
            assert [move for _, move in log.moves] == [s.move for s in script[:-2]]

            post, _ = await say(server, mod, "!bus import", channel="bus-import",
                                files=[(name, data)])
            assert "imported a game" in checked(post)["content"]
            imported = server.channels["bus-import"].id
            assert the_picture(post) == picture_of(db, imported)
            assert server.downloads == [name]  # fetched once, from the attachment's URL
