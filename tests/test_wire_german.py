"""A German table over real sockets (issue 34): what Discord receives, in German, from the
server's language to the final story.

The bot publishes its slash tree with German names, a moderator makes German the server's
language, a game refused where the bot cannot post pictures is refused in German, and a whole
short game is played with German and English moves, plain text, ``!bus`` and slash commands
from a German app alike: every post reads German (``tests/test_german_table.py``'s check: none
of the words every English sentence is made of), each picture is the table drawn in German,
the moves are named in German notation, and the last post brings the story in German.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.service.words.catalogue import words_for
from engine.notation import parse_move, write_move
from tests.discord_support import expected_picture
from tests.test_discord_game import SHORT_GAME, steps
from tests.test_german_table import english_in
from tests.test_wire_game import checked, pinged, say, slash, the_picture
from tests.wire_server import Request
from tests.wire_support import MODERATOR_ROLE, busbot_on, wire_config, wire_server

GERMAN = words_for("de")


def german_picture(db: Path, place: int) -> bytes:
    service = GameService(str(db), renderer=None)
    try:
        return expected_picture(service, str(place), GERMAN)
    finally:
        service.close()


def german(post: Request) -> str:
    """The post's text, which must read German (what is typed in backticks aside)."""
    content = str(checked(post).get("content") or "")
    assert content and english_in(content) == [], content
    return content


def uploaded(requests: list[Request]) -> list[dict[str, Any]]:
    """The slash tree the bot published (its last upload)."""
    puts = [r for r in requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts, "the tree was published"
    tree: list[dict[str, Any]] = puts[-1].json
    return tree


async def test_a_german_game_over_the_wire(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    async with wire_server() as server:
        server.add_channel("keine-bilder", deny_bot=1 << 15)  # Attach Files
        mod = server.add_member("Mod", roles=(MODERATOR_ROLE,))
        people = {name: server.add_member(name) for name in ("Arcsyn", "Daemonis", "Hedgethorn")}
        table = server.channels["bus-table"].id
        async with busbot_on(server, wire_config(server, db)):
            # ---- the German slash tree, as the sync uploaded it ----
            bus = next(c for c in uploaded(server.requests) if c["name"] == "bus")
            names = {o["name"]: (o.get("name_localizations") or {}).get("de")
                     for o in bus["options"]}
            assert names["new"] == "neues-spiel" and names["join"] == "mitspielen"
            assert names["rules"] == "regeln"

            # ---- German from the server's first sentence on ----
            post, _ = await say(server, mod, "!bus language server de")
            german(post)
            post, said = await say(server, mod, "!bus neues Spiel", channel="keine-bilder")
            assert "Mir fehlt in diesem Kanal die Berechtigung Dateien anhängen" in german(post)
            assert str(post.json["message_reference"]["message_id"]) == said["id"]

            # ---- the lobby: plain text, the prefix, a slash command from a German app ----
            post, _ = await say(server, mod, "!bus neues Spiel clock_stones=1 auto_single=false")
            german(post)
            post, _ = await say(server, people["Arcsyn"], "mitspielen grün")
            assert "Arcsyn" in german(post) and "Grün" in german(post)
            post, _ = await say(server, people["Daemonis"], "!bus join blue")
            assert "Blau" in german(post)
            _, post = await slash(server, people["Hedgethorn"], "join", locale="de",
                                  colour="rot")
            assert "Rot" in german(post)
            _, post = await slash(server, mod, "start", locale="de",
                                  order="Arcsyn, Daemonis, Hedgethorn")
            german(post)
            assert the_picture(post) == german_picture(db, table)
            assert pinged(post) == {people["Arcsyn"].id}

            # ---- a whole game, German and English moves in turn ----
            script = steps(SHORT_GAME)
            for number, step in enumerate(script):
                move = parse_move(step.move)
                typed = write_move(move, "de") if number % 2 == 0 else step.move
                if number == 3:  # a move out of turn, refused in German first
                    post, said = await say(server, people["Hedgethorn"], "!bus Haus auf C4")
                    assert str(post.json["message_reference"]["message_id"]) == said["id"]
                    assert "nicht" in german(post) and post.files == []
                post, _ = await say(server, people[step.player], typed)
                content = german(post)
                assert step.player in content.splitlines()[0], content
                if step.move.startswith(("Place", "Start", "Extend")):
                    # the move is named in German however it was typed
                    assert f"{step.player}: {write_move(move, 'de')}" in content, content
                expected = {people[step.pings].id} if step.pings else set()
                assert pinged(post) == expected, f"pings after {step}"
                if number < len(script) - 1:
                    assert the_picture(post) == german_picture(db, table), f"after {step}"

            # ---- the final post: the table, its story, the chart, the page, in German ----
            files = dict(post.files)
            assert sorted(files) == sorted(a["filename"] for a in post.json["attachments"])
            page = next(data for name, data in files.items() if name.endswith(".html"))
            assert b'lang="de"' in page
            descriptions = [a.get("description") or "" for a in post.json["attachments"]]
            assert all(english_in(d) == [] for d in descriptions), descriptions
