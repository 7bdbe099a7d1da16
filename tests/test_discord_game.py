"""Bus played on a (fake) Discord server, through the real bot, service, engine and renderer.

Each step asserts what the people in the channel would see: the bot's post, the picture attached
to it (byte for byte the table as it now stands), and who got pinged.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest

from bot.api import Reply
from bot.discord_app import dispatch, outgoing
from tests.discord_support import (
    PNG_SIGNATURE,
    FakeDiscord,
    Person,
    Post,
    Table,
    busbot_table,
)

MODERATOR_ROLE = "Bus moderator"

# A whole game, as the forum thread would read: three players, one clock stone, so the game
# ends when the first player stops time. "-> Name" is who gets pinged by the bot's answer:
# the player whose turn just began (nobody when the same player decides again).
SHORT_GAME = """
Arcsyn: Place House at C1
Arcsyn: Place Office at C1 -> Daemonis
Daemonis: Place House at C2
Daemonis: Place Pub at C2 -> Hedgethorn
Hedgethorn: Place House at C3
Hedgethorn: Place Office at C3 -> Arcsyn
Arcsyn: Start line between C1 and C2 -> Daemonis
Daemonis: Start line between C1 and C2 -> Hedgethorn
Hedgethorn: Start line between C1 and C2
Hedgethorn: Extend line from C1 to C4 -> Daemonis
Daemonis: Extend line from C1 to N3 -> Arcsyn
Arcsyn: Extend line from C1 to W3
Arcsyn: Choose Clock -> Daemonis
Daemonis: Choose Buses -> Hedgethorn
Hedgethorn: Choose Starting player -> Arcsyn
Arcsyn: Choose Line expansion -> Daemonis
Daemonis: Choose Line expansion -> Hedgethorn
Hedgethorn: Choose Line expansion -> Arcsyn
Arcsyn: Pass -> Daemonis
Daemonis: Pass -> Hedgethorn
Hedgethorn: Pass -> Arcsyn
Arcsyn: Extend line from W3 to N1
Arcsyn: Stop time
"""


@dataclass(frozen=True)
class Step:
    player: str
    move: str
    pings: str | None


def steps(script: str) -> list[Step]:
    parsed = []
    for line in script.strip().splitlines():
        player, rest = line.split(": ", 1)
        move, _, ping = rest.partition(" -> ")
        parsed.append(Step(player, move, ping or None))
    return parsed


@dataclass
class Players:
    arcsyn: Person
    daemonis: Person
    hedgethorn: Person
    moderator: Person

    def named(self, name: str) -> Person:
        person: Person = getattr(self, name.lower())
        return person

    @classmethod
    def at(cls, server: FakeDiscord) -> Players:
        """The three players and a moderator, as members of the test server."""
        return cls(
            arcsyn=server.person("Arcsyn"),
            daemonis=server.person("Daemonis"),
            hedgethorn=server.person("Hedgethorn"),
            moderator=server.person("Mod", roles=(MODERATOR_ROLE,)),
        )


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.chdir(tmp_path)  # dpytest stores the files the bot sends in the working directory
    async with busbot_table(tmp_path / "busbot.db", moderator_role=MODERATOR_ROLE) as table:
        yield table


@pytest.fixture
def people(table: Table) -> Players:
    return Players.at(table.server)


def only(posts: list[Post]) -> Post:
    assert len(posts) == 1, f"expected one post, got {[p.content for p in posts]}"
    return posts[0]


async def seat_players(table: Table, people: Players, where: object = None) -> None:
    """The lobby: a new game, three joins (one each way), the moderator starts in seat order."""
    server = table.server
    created = only(await server.say(people.moderator, "!bus new game clock_stones=1", where=where))
    assert "New game of Bus" in created.content
    assert created.files == () and created.pings == frozenset()

    joined = [
        only(await server.say(people.arcsyn, "join", where=where)),
        only(await server.say(people.daemonis, "!bus join", where=where)),
        only((await server.slash(people.hedgethorn, "join", where=where)).public),
    ]
    for post, name in zip(joined, ("Arcsyn", "Daemonis", "Hedgethorn"), strict=True):
        assert f"{name} joins the game" in post.content
        assert post.pings == frozenset()

    answer = await server.slash(
        people.moderator, "start", where=where, order="Arcsyn, Daemonis, Hedgethorn"
    )
    started = only(answer.public)
    assert "The game begins!" in started.content
    assert started.pictures == [table.expected_picture(where or server.table)]
    assert started.pings == {people.arcsyn.id}
    assert started.content.endswith(people.arcsyn.mention)


async def play(server: FakeDiscord, who: Person, move: str, way: str, where: object = None
               ) -> list[Post]:
    """``who`` makes ``move`` as plain text, after the prefix, or with ``/bus move``."""
    if way == "text":
        return await server.say(who, move, where=where)
    if way == "prefix":
        return await server.say(who, f"!bus {move}", where=where)
    answer = await server.slash(who, "move", where=where, move=move)
    assert answer.deferred and not answer.deferred_ephemeral
    assert answer.private == []
    return answer.public


@pytest.mark.long
async def test_a_whole_game_with_text_prefix_and_slash_commands(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)
    ways = ("text", "prefix", "slash")
    script = steps(SHORT_GAME)
    for number, step in enumerate(script):
        who = people.named(step.player)
        post = only(await play(server, who, step.move, ways[number % 3]))

        assert step.player in post.content.splitlines()[0], post.content
        assert post.reply_to is None
        ending = number == len(script) - 1  # the final message brings the game's story
        assert len(post.files) == (4 if ending else 1)  # picture, chart, page, animation
        assert post.files[0][1] == table.expected_picture(server.table), f"picture after {step}"
        expected = {people.named(step.pings).id} if step.pings else set()
        assert post.pings == expected, f"pings after {step}: {post.content}"
        if step.pings:
            assert post.content.endswith(people.named(step.pings).mention)

    assert "The game is over" in post.content and "Daemonis wins" in post.content
    assert "The game's story." in post.content and "Deliveries: " in post.content
    assert "The animation: " in post.content
    assert post.file("-chart.png")[1].startswith(PNG_SIGNATURE)
    assert post.file(".gif")[1].startswith(b"GIF89a")
    assert post.file(".html")[1].startswith(b"<!doctype html>")
    assert [move for _, move in table.moves_played(server.table)] == [
        step.move for step in steps(SHORT_GAME)
    ]


async def test_the_move_picker_offers_only_the_asking_players_legal_moves(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)

    offered = await server.autocomplete(people.arcsyn, "move", "move", "office")
    assert offered and all("Office" in text for text in offered)
    assert "Place Office at C1" in offered
    narrowed = await server.autocomplete(people.arcsyn, "move", "move", "pub c3")
    assert narrowed == ["Place Pub at C3"]
    assert len(await server.autocomplete(people.arcsyn, "move", "move", "")) == 24
    # Not Daemonis's decision: nothing to suggest.
    assert await server.autocomplete(people.daemonis, "move", "move", "") == []


async def test_a_refused_move_gets_a_short_reply_and_changes_nothing(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)
    before = table.service.export(str(server.table.id), "txt")

    refused = only(await server.say(people.daemonis, "Place House at C2"))
    assert refused.reply_to == server.last_message_id
    assert "not your decision" in refused.content
    assert refused.files == () and refused.pings == frozenset()

    refused = only(await server.say(people.arcsyn, "!bus Place House at W9"))
    assert refused.reply_to == server.last_message_id
    assert "W9" in refused.content and refused.files == ()

    answer = await server.slash(people.daemonis, "move", move="Place House at C2")
    assert answer.public == [], "a refused slash command must be seen by its author only"
    assert answer.placeholder_deleted
    assert "not your decision" in only(answer.private).content

    assert table.service.export(str(server.table.id), "txt") == before


async def test_ordinary_chat_is_left_alone(table: Table, people: Players) -> None:
    server = table.server
    # No game here yet: even a move is just chat.
    assert await server.say(people.arcsyn, "Place House at C1") == []
    await seat_players(table, people)
    assert await server.say(people.arcsyn, "good luck everyone, let me think about this") == []
    assert await server.say(people.daemonis, "I'd place an office somewhere nice") == []
    # The game lives in its own channel; moves in the chat channel stay chat.
    assert await server.say(people.arcsyn, "Place House at C1", where=server.chat) == []
    assert table.moves_played(server.table) == []


async def test_bare_action_words_and_questions_are_answered_only_for_the_player_to_act(
    table: Table, people: Players
) -> None:
    """``time?`` or ``the bus`` from anyone else is table talk; the player to act is answered,
    and a move written as the log writes it is answered whoever writes it."""
    server = table.server
    await seat_players(table, people)  # Arcsyn places the first starting buildings
    spectator = server.person("Zed")
    for who in (spectator, people.daemonis):
        for text in ("time?", "clock", "take the bus", "the bus", "Place House at C1?"):
            assert await server.say(who, text) == [], (who.name, text)
    asked = only(await server.say(people.arcsyn, "Place House at C1?"))
    assert "nothing was played" in asked.content and "would be legal now" in asked.content
    clearly = only(await server.say(spectator, "Place House at C1"))
    assert "not playing in this game" in clearly.content
    not_yet = only(await server.say(people.daemonis, "Place House at C1"))
    assert "not your decision" in not_yet.content
    assert table.moves_played(server.table) == []


async def test_a_chat_message_looks_the_game_up_once(
    table: Table, people: Players, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = table.server
    await seat_players(table, people)
    store = table.service.store
    asked: list[str] = []
    latest_game = store.latest_game

    def counted(place: str) -> object:
        asked.append(place)
        return latest_game(place)

    monkeypatch.setattr(store, "latest_game", counted)
    only(await server.say(people.arcsyn, "Place House at C1"))
    assert asked == [str(server.table.id)]
    asked.clear()
    assert await server.say(people.arcsyn, "nice weather today") == []
    assert asked == []  # chat that reads as neither a command nor a move costs no query


async def test_moderator_undo_and_acting_for_a_player(table: Table, people: Players) -> None:
    server = table.server
    await seat_players(table, people)
    for step in steps(SHORT_GAME)[:3]:
        only(await server.say(people.named(step.player), step.move))

    undone = only(await server.say(people.moderator, "!bus undo"))
    assert "took back Daemonis's move" in undone.content  # names whose move went
    assert "Daemonis: Place House at C2" in undone.content
    assert undone.pictures == [table.expected_picture(server.table)]
    assert undone.pings == frozenset()  # Daemonis was already the one deciding

    answer = await server.slash(people.moderator, "undo", count=2)
    undone = only(answer.public)
    assert "took back 2 moves" in undone.content
    assert undone.pictures == [table.expected_picture(server.table)]
    assert undone.pings == {people.arcsyn.id}
    assert table.moves_played(server.table) == []

    answer = await server.slash(
        people.moderator, "as", player="Arcsyn", move="Place House at C1"
    )
    acted = only(answer.public)
    assert "Arcsyn" in acted.content and "Mod" in acted.content
    assert acted.pictures == [table.expected_picture(server.table)]
    acted = only(await server.say(people.moderator, "!bus as Arcsyn: Place Office at C1"))
    assert acted.pings == {people.daemonis.id}
    assert table.moves_played(server.table) == [
        ("Arcsyn", "Place House at C1"), ("Arcsyn", "Place Office at C1")
    ]

    # Acting for someone else is for moderators only.
    answer = await server.slash(
        people.hedgethorn, "as", player="Daemonis", move="Place House at C2"
    )
    assert answer.public == []
    assert "moderator" in only(answer.private).content
    assert len(table.moves_played(server.table)) == 2


async def test_an_exported_game_imports_back_elsewhere(
    table: Table, people: Players, tmp_path: Path
) -> None:
    server = table.server
    await seat_players(table, people)
    for step in steps(SHORT_GAME)[:7]:
        only(await server.say(people.named(step.player), step.move))

    answer = await server.slash(people.moderator, "export")
    assert answer.deferred_ephemeral and answer.public == []
    exported = only(answer.private)
    name, data = exported.file(".txt")
    assert name.startswith("bus-game") and b"Arcsyn: Start line between C1 and C2" in data
    saved = tmp_path / name
    saved.write_bytes(data)

    # A thread of its own takes the game over, from the file attached to the message.
    thread = server.thread("Bus, continued")
    imported = only(await server.say(people.moderator, "!bus import", where=thread,
                                     files=(saved,)))
    assert "imported a game" in imported.content
    assert imported.pictures == [table.expected_picture(thread)]
    assert table.moves_played(thread) == table.moves_played(server.table)

    # The same through the slash command's file option, into a forum post, as JSON.
    posted = only(await server.say(people.moderator, "!bus export json"))
    json_name, json_data = posted.file(".json")
    (tmp_path / json_name).write_bytes(json_data)
    forum_post = server.thread("Bus again", forum=True)
    answer = await server.slash(people.moderator, "import", where=forum_post,
                                file=tmp_path / json_name)
    imported = only(answer.public)
    assert "imported a game" in imported.content
    assert table.moves_played(forum_post) == table.moves_played(server.table)


async def test_each_thread_and_forum_post_is_a_table_of_its_own(
    table: Table, people: Players
) -> None:
    server = table.server
    thread = server.thread("Bus in a thread")
    forum_post = server.thread("Bus in the forum", forum=True)
    await seat_players(table, people, where=thread)
    await seat_players(table, people, where=forum_post)

    post = only(await server.say(people.arcsyn, "Place House at C1", where=thread))
    assert post.channel_id == thread.id
    assert post.pictures == [table.expected_picture(thread)]
    post = only(await play(server, people.arcsyn, "Place Pub at C4", "slash", where=forum_post))
    assert post.channel_id == forum_post.id
    assert post.pictures[0].startswith(PNG_SIGNATURE)
    assert post.pictures == [table.expected_picture(forum_post)]

    assert table.moves_played(thread) == [("Arcsyn", "Place House at C1")]
    assert table.moves_played(forum_post) == [("Arcsyn", "Place Pub at C4")]
    # The parent channel has no game: a move there is chat.
    assert await server.say(people.arcsyn, "Place House at C2") == []


async def test_moves_all_lists_every_choice_over_as_many_posts_as_it_takes(
    table: Table, people: Players
) -> None:
    server = table.server
    await seat_players(table, people)
    for step in steps(SHORT_GAME)[:6]:
        only(await server.say(people.named(step.player), step.move))
    short = only(await server.say(people.arcsyn, "!bus moves"))
    assert "`moves all` lists every one" in short.content
    posts = await server.say(people.arcsyn, "!bus moves all")
    assert len(posts) > 1 and all(len(post.content) <= 2000 for post in posts)
    listed = [line.removeprefix("  · ") for post in posts
              for line in post.content.splitlines() if line.startswith("  · ")]
    total = int(posts[0].content.split("Every legal choice now (", 1)[1].split(")", 1)[0])
    assert len(set(listed)) == len(listed) == total > 40
    assert "Start line between C1 and C2" in listed


async def test_the_answers_of_one_place_are_posted_in_the_order_applied(
    table: Table, people: Players, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move whose picture takes a while, then a quick lookup: the lookup waits, and its
    answer (which already shows the move) is posted after the move's."""
    server = table.server
    await seat_players(table, people)
    drawn = table.service.renderer
    assert drawn is not None

    # The move's picture is drawn only once the lookup waits for the place (or, were the place
    # not kept in order, has been answered already): events, not a pause of a guessed length.
    drawing, release = threading.Event(), threading.Event()

    def slow(game: Any, *, previous: Any = None, note: str = "") -> bytes:
        drawing.set()
        release.wait(timeout=60)
        return drawn(game, previous=previous, note=note)

    queued, answered = asyncio.Event(), asyncio.Event()

    class NotedLock(asyncio.Lock):
        async def acquire(self) -> Literal[True]:
            if self.locked():
                queued.set()
            return await super().acquire()

    locks: dict[str, asyncio.Lock] = {}
    posted: list[str] = []
    send = outgoing.send_to_interaction

    async def noted(interaction: Any, reply: Reply, **options: Any) -> Any:
        posted.append(reply.text)
        answered.set()
        return await send(interaction, reply, **options)

    monkeypatch.setattr(table.service, "renderer", slow)
    monkeypatch.setattr(dispatch, "send_to_interaction", noted)
    monkeypatch.setattr(table.bot, "place_lock",
                        lambda place: locks.setdefault(place, NotedLock()))
    server.begin_slash(people.arcsyn, "move", move="Place House at C1")
    await asyncio.to_thread(drawing.wait, 60)
    server.begin_slash(people.daemonis, "status")
    waits = [asyncio.ensure_future(event.wait()) for event in (queued, answered)]
    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for waiting in waits:
        waiting.cancel()
    release.set()
    await server.settle()
    assert len(posted) == 2 and posted[0].startswith("Arcsyn: Place House at C1"), posted
    assert "1 move played" in posted[1], posted
