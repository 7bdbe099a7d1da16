"""Typed records: each kind of record carries its own class (``bot/service/game/payloads.py``),
every record the service writes reads back as that class and writes the same stored data again, and
the final announcement keeps whether its story goes with it (not found in its text)."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest

from bot.api import Attachment
from bot.api import StoryFiles as Story
from bot.service import GameService
from bot.service.drawing.story_job import StoryJob
from bot.service.game import payloads
from bot.service.game.records import RECORD_KINDS, GameRecord, Record, RecordError
from tests.service_support import Table, fake_png, open_table, started
from tests.test_service_story import short_game

ROOT = Path(__file__).resolve().parent.parent


def eventful(table: Table) -> None:
    """A game with a record of nearly every kind."""
    table.ok("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn", "Zed"):
        table.ok(name, "join")
    table.ok("Zed", "leave")
    table.ok("Daemonis", "colour green")
    table.ok("Arcsyn", "add bot")  # last in the order: the six setup moves below are people's
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn, Normal Bot")
    table.ok("Arcsyn", "timebank normal")  # each decision made draws on its seat's bank
    table.play_random(6, seed=3)
    table.ok("Arcsyn", "undo last 2")
    table.ok("Arcsyn", "redo")
    table.say("Arcsyn", "correct 1: Place House at C1")  # replays 5 moves: asked first
    table.ok("Arcsyn", "confirm")
    table.ok("Arcsyn", "nudge")
    table.ok("Arcsyn", "pause")
    table.ok("Arcsyn", "resume")
    table.ok("Arcsyn", "deadline 24h")
    table.ok("Arcsyn", "on timeout wait")
    assert table.service.run_due(time.time() + 13 * 3600)  # the halfway reminder
    table.ok("Arcsyn", "away 2d")
    table.ok("Arcsyn", "back")
    table.ok("Hedgethorn", "plan: pass")
    table.ok("Arcsyn", "replace Daemonis with <@4242>")
    table.ok("Arcsyn", "drop Hedgethorn")
    table.ok("Arcsyn", "replace Hedgethorn with bot easy")
    table.say("Arcsyn", "abandon")  # after 6 moves: asked first
    table.ok("Arcsyn", "confirm")


def test_every_record_reads_as_its_kinds_class_and_writes_the_same_data(
        tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"))
    eventful(table)
    exported = table.export("json")
    other = open_table(str(tmp_path / "busbot.db"), place="channel-2")
    other.ok("Zed", "import", attachments=[Attachment("game.txt", table.export().encode())])
    other.ok("Zed", "rated")  # an imported game marked to count for the ratings
    records = [r for g in (1, 2) for r in other.service.store.records(g)]
    assert {r.kind for r in records} == set(RECORD_KINDS) - {"accept"}
    for rec in records:
        payload = rec.payload
        assert type(payload) is payloads.PAYLOADS[rec.kind]
        assert rec.kind == payload.KIND
        assert payload.to_data() == dict(rec.data)
        assert payloads.read(rec.kind, payload.to_data()) == payload
    assert '"kind": "redo"' in exported


def test_a_malformed_payload_is_named_when_folded() -> None:
    bad = Record(1, 1, "create", 0.0, "u", "U", data={"options": {}})  # no edition
    with pytest.raises(RecordError, match="malformed create record"):
        GameRecord.fold(1, "p", [bad])
    good = Record.of(payloads.Created("capstone"), game_id=1, seq=1, at=0.0, user_id="u",
                     user_name="U")
    start = Record(1, 2, "start", 0.0, "u", "U", data={"order": "ab", "colours": []})
    with pytest.raises(RecordError, match="malformed start record"):  # a text, not a list
        GameRecord.fold(1, "p", [good, start])


def test_records_are_read_through_their_payloads_only() -> None:
    """No module of the bot reads a record's stored data by key."""
    pattern = re.compile(r"\.data(\.get\(|\[)")
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "bot").rglob("*.py"))
                 for n, line in enumerate(path.read_text().splitlines(), start=1)
                 if pattern.search(line)]
    assert offenders == []


def test_the_final_announcement_keeps_its_story_and_a_late_post_draws_it(
        tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    # Drawn or not here, the announcement keeps what its story draws (the late post draws it).
    table = Table(GameService(path, renderer=fake_png, stories=False, announce=True))
    short_game(table)
    table.ok("Arcsyn", "Stop time")
    final = table.service.unsent()[-1]
    assert final.story == Story.CHART_AND_ANIMATION
    assert all(item.story == Story.NONE for item in table.service.unsent()[:-1])
    table.service.close()
    # The flag, not the text, says what is drawn: a late post of a text without the heading.
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE outbox SET text = 'The end.' WHERE id = ?", [final.id])
    conn.close()
    again = GameService(path, renderer=fake_png, stories=True, announce=True)
    late = again.owed(again.unsent()[-1]).story  # drawn by ``complete``, as tested elsewhere
    assert isinstance(late, StoryJob)  # a game's story, not another picture
    assert late is not None and late.chart and late.animation and late.game.is_over
    again.close()


def test_an_outbox_from_before_the_flag_gains_it_from_the_text(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    table = Table(GameService(path, renderer=fake_png, stories=False, announce=True))
    short_game(table)
    table.ok("Arcsyn", "Stop time")
    table.service.close()
    with sqlite3.connect(path) as conn:  # the outbox as older versions made it
        conn.execute("ALTER TABLE outbox DROP COLUMN story")
    conn.close()
    again = GameService(path, renderer=fake_png, stories=True, announce=True)
    stories = [item.story for item in again.unsent()]
    assert stories[-1] == Story.CHART_AND_ANIMATION and set(stories[:-1]) == {Story.NONE}
    again.close()


def test_an_outbox_from_before_the_flag_gains_it_from_stored_facts_not_words(
        tmp_path: Path) -> None:
    """Its rows' texts are in whatever language they were written in (here words the old
    migration did not know), and also without the language column: the flag still comes from
    which row carries the end of a finished game, and the texts read back as English."""
    path = str(tmp_path / "busbot.db")
    table = Table(GameService(path, renderer=fake_png, stories=False, announce=True))
    short_game(table)
    table.ok("Arcsyn", "Stop time")
    table.service.close()
    with sqlite3.connect(path) as conn:  # the outbox as older versions made it, in German
        conn.execute("UPDATE outbox SET text = 'Das Spiel ist aus.'")
        conn.execute("ALTER TABLE outbox DROP COLUMN story")
        conn.execute("ALTER TABLE outbox DROP COLUMN language")
    conn.close()
    again = GameService(path, renderer=fake_png, stories=True, announce=True)
    unsent = again.unsent()
    assert [item.story for item in unsent][-1] == Story.CHART_AND_ANIMATION
    assert {item.story for item in unsent[:-1]} == {Story.NONE}
    assert {item.language for item in unsent} == {"en"}
    again.close()


def test_a_started_game_records_its_order_through_the_start_payload(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"))
    seated = started(table)
    start = next(r for r in table.service.store.records(1) if r.kind == "start")
    payload = start.carried(payloads.Started)
    assert list(payload.order) == seated and payload.order_by == "moderator"
    with pytest.raises(TypeError):
        start.carried(payloads.Moved)


def test_one_codec_writes_each_kind_as_it_always_was() -> None:
    """One codec, from the fields, writes the keys the service has always written, in the same
    order, and only when they say something (``sparse``); reads back the same payload; reads a
    missing key as its default; and sets a flag of a file's only when it says exactly true."""
    written: list[tuple[payloads.Payload, dict[str, object]]] = [
        (payloads.Created("capstone"), {"edition": "capstone", "options": {}}),
        (payloads.Joined("red"), {"colour": "red"}),
        (payloads.Joined("red", True, None, "Ada", agreed=True),
         {"colour": "red", "user_id": None, "user_name": "Ada", "agreed": True}),
        (payloads.Started(("A", "B"), ("red", "blue")),
         {"order": ["A", "B"], "colours": ["red", "blue"], "seed": None, "order_by": "random"}),
        (payloads.Moved(), {}),
        (payloads.Moved(by_moderator=True), {"by_moderator": True}),
        (payloads.Moved(reason="timeout", policy="idle", after=3600.0),
         {"reason": "timeout", "policy": "idle", "after": 3600.0}),
        (payloads.Corrected(5), {"target": 5, "number": None, "replaced": None,
                                 "withdrawn": [], "reason": None}),
        (payloads.Replaced("1", "Ada"), {"user_id": "1", "user_name": "Ada"}),
        (payloads.Replaced("1", "Ada", "Bo", offered=True),
         {"user_id": "1", "user_name": "Ada", "name": "Bo", "offered": True}),
        (payloads.Accepted(), {}),
        (payloads.Imported(), {"source": "a file"}),
        (payloads.SettingChanged("deadline"), {"name": "deadline", "value": None}),
        (payloads.PlanChanged(), {"steps": []}),
        (payloads.PlanChanged(("Pass",), 3), {"steps": ["Pass"], "round": 3}),
        (payloads.BotAdded("easy"), {"level": "easy", "colour": None}),
        (payloads.Dropped(), {}),
    ]
    for payload, data in written:
        assert list(payload.to_data().items()) == list(data.items()), payload
        assert payloads.read(payload.KIND, data) == payload
    assert payloads.read("join", {"colour": "red", "agreed": 1}) == payloads.Joined("red")
    assert payloads.read("join", {"colour": "red", "user_id": None}).named  # type: ignore[attr-defined]
    assert payloads.read("setting", {"name": "deadline", "value": 3600}) == \
        payloads.SettingChanged("deadline", 3600.0)
    assert payloads.read("drop", {"a note": 1}) == payloads.Dropped()
    with pytest.raises(KeyError):
        payloads.read("undo", {})
    with pytest.raises(TypeError):
        payloads.read("undo", {"targets": "12"})
    with pytest.raises(TypeError, match="a setting's value is a number"):
        payloads.read("setting", {"name": "x", "value": [1]})


def test_no_kind_writes_or_reads_itself() -> None:
    """Every kind goes through the one codec: none has a ``to_data`` or ``from_data`` of its
    own, and each is named for what happened (the requests are the verbs')."""
    for kind, cls in payloads.PAYLOADS.items():
        assert "to_data" not in vars(cls) and "from_data" not in vars(cls), kind
        assert kind == cls.KIND and cls.__name__[0].isupper()
    from bot.service.router import registry

    requests = {kind.__name__ for e in registry.ENTRIES for kind in e.routes}
    assert not requests & {cls.__name__ for cls in payloads.PAYLOADS.values()}
