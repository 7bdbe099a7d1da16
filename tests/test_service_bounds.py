"""Budgets per member and per server (issue 21): what one member of a public server can cost
the whole bot, across every place, is bounded, and the limits never freeze a channel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.api import Actor, Attachment, Reply
from bot.service import GameService
from engine import limits, random_game
from engine.limits import (
    GAMES_PER_MEMBER,
    GAMES_PER_SERVER,
    IMPORTS_PER_MEMBER,
    PICTURES_PER_MEMBER,
    RECORDS_PER_MEMBER_GAME,
)
from tests.service_support import actor, fake_png, open_table, started


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def member(name: str, server: str = "guild-1", *, manager: bool = False) -> Actor:
    return Actor(f"id-{name}", name, is_manager=manager, server=server)


def limited(tmp_path: Path, clock: Clock) -> GameService:
    return GameService(str(tmp_path / "bounds.db"), renderer=fake_png, clock=clock)


def test_games_per_member_across_places_and_per_server(tmp_path: Path) -> None:
    clock = Clock()
    service = limited(tmp_path, clock)
    made = [service.handle(f"ch-{i}", member("Zed"), "new game") for i in range(40)]
    assert sum(r.ok for r in made) == GAMES_PER_MEMBER.burst
    refusal = made[-1]
    assert "You have created many games today (games-per-member limit)" in refusal.text
    assert "try again in 2 hours" in refusal.text and "Nothing was changed" in refusal.text
    assert len(service.games()) == GAMES_PER_MEMBER.burst
    # another member of another server is not held back by Zed
    assert service.handle("elsewhere", member("Ann", "guild-2"), "new game").ok
    # the server's own budget: many members of one server together
    created = GAMES_PER_MEMBER.burst
    for n in range(GAMES_PER_SERVER.burst):
        created += service.handle(f"s-{n}", member(f"M{n}"), "new game").ok
    assert created == GAMES_PER_SERVER.burst
    assert "on this server" in service.handle("s-last", member("New"), "new game").text
    clock.now += GAMES_PER_MEMBER.per  # a day's share later, one more
    assert service.handle("ch-again", member("Zed", "guild-3"), "new game").ok


def test_an_abandoned_or_finished_games_place_takes_a_new_game_at_once(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "t.db"))
    started(table)
    table.ok("Arcsyn", "abandon")
    table.ok("Daemonis", "new game")
    table.ok("Daemonis", "abandon")
    table.ok("Zed", "new game")
    finished = open_table(str(tmp_path / "f.db"), bind_imported_names=True)
    finished.ok("Arcsyn", "import", attachments=[Attachment(
        "g.txt", random_game(3, seed=2).log().format().encode())])
    assert "game is over" in finished.ok("Zed", "status").text.lower()
    finished.ok("Zed", "new game")


def test_imports_per_member_per_day(tmp_path: Path) -> None:
    clock = Clock()
    source = open_table(str(tmp_path / "source.db"))
    started(source)
    source.ok("Arcsyn", "Place Office at C1")
    data = source.export("json").encode()
    service = limited(tmp_path, clock)
    replies = [service.handle(f"imp-{i}", member("Zed"), "import",
                              attachments=[Attachment("g.json", data)]) for i in range(6)]
    assert [r.ok for r in replies] == [True] * IMPORTS_PER_MEMBER.burst + [False] * (
        6 - IMPORTS_PER_MEMBER.burst)
    assert "imports-per-member limit" in replies[-1].text


def test_lobby_churn_by_one_member_stops_at_the_daily_records_budget_and_never_freezes_the_place(
        tmp_path: Path) -> None:
    """Issue 21, finding 2: join/leave 4,996 times froze a channel for good. Now the churner is
    held at the daily budget, and the moderator can still abandon, and a new game starts."""
    clock = Clock()
    service = limited(tmp_path, clock)
    owner, churner = member("Ann"), member("Zed")
    assert service.handle("ch", owner, "new game").ok
    accepted = 0
    last: Reply | None = None
    for i in range(RECORDS_PER_MEMBER_GAME.burst + 20):
        last = service.handle("ch", churner, "join" if i % 2 == 0 else "leave")
        accepted += last.ok
        if not last.ok:
            break
    assert accepted == RECORDS_PER_MEMBER_GAME.burst and last is not None
    assert "records-per-member-in-a-game limit" in last.text
    assert service.handle("ch", owner, "join").ok  # others still play
    assert service.handle("ch", owner, "abandon").ok
    assert service.handle("ch", owner, "new game").ok


@pytest.mark.parametrize("act", ["abandon", "drop Hedgethorn", "pause", "undo"])
def test_the_records_cap_never_blocks_abandon_drop_pause_or_a_moderators_undo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, act: str) -> None:
    table = open_table(str(tmp_path / "cap.db"))
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    monkeypatch.setattr(limits, "MAX_RECORDS", 6)  # the game is now over its cap
    assert not table.say("Arcsyn", "Place Pub at C2").ok
    assert table.say("Zed", "map").ok  # a lookup changes nothing: never capped
    reply = table.ok("Arcsyn", act)
    assert reply.changed


def test_pictures_per_member_across_places(tmp_path: Path) -> None:
    """12 ``map`` requests in each of 100 places drew 700 pictures; now a member's pictures
    across places are bounded by their own budget."""
    clock = Clock()
    service = limited(tmp_path, clock)
    places = [f"p-{i}" for i in range(8)]
    for i, place in enumerate(places):
        host = member(f"Host{i}", f"guild-{i}")
        assert service.handle(place, host, "new game").ok
        for name in ("A", "B", "C"):
            assert service.handle(place, member(f"{name}{i}", f"guild-{i}"), "join").ok
        assert service.handle(place, host, "start").ok
    drawn = 0
    for _ in range(6):
        for i, place in enumerate(places):
            reply = service.handle(place, member("Zed", f"guild-{i}"), "map")
            drawn += reply.picture is not None
    assert drawn == PICTURES_PER_MEMBER.burst
    assert service.handle(places[0], member("Ann", "guild-0"), "map").picture is not None


def test_a_json_export_round_trips_under_the_budgets(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "a.db"))
    started(table)
    doc = json.loads(table.export("json"))
    clock = Clock()
    service = limited(tmp_path, clock)
    assert service.handle("x", member("Zed"), "import",
                          attachments=[Attachment("g.json", json.dumps(doc).encode())]).ok


def test_old_replies_and_posted_announcements_are_pruned_and_a_late_repeat_is_a_new_message(
        tmp_path: Path) -> None:
    clock = Clock()
    service = GameService(str(tmp_path / "p.db"), renderer=fake_png, clock=clock, announce=True,
                          rate_limits=False)
    ann = member("Ann")
    first = service.handle("ch", ann, "new game", message_id="101")
    service.mark_sent([first.announcement or 0])
    assert service.handle("ch", ann, "join", message_id="102").ok
    unsent = service.unsent("ch")
    assert service.handle("ch", ann, "join", message_id="102").duplicate  # redelivered: same
    clock.now += (limits.HANDLED_KEEP_DAYS + 1) * limits.DAY
    assert service.handle("ch", member("Bob"), "join", message_id="103").ok  # prunes, hourly
    with service.store.lock:
        handled = [r[0] for r in service.store.db.execute("SELECT message_id FROM handled")]
        outbox = [r[0] for r in service.store.db.execute("SELECT id FROM outbox")]
    assert handled == ["103"]
    assert first.announcement not in outbox and all(u.id in outbox for u in unsent)
    late = service.handle("ch", ann, "join", message_id="102")  # a repeat after 15 days
    assert not late.ok and not late.duplicate and "already sit at this table" in late.text


def _abandoned_export() -> dict[str, object]:
    table = open_table(":memory:")
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "abandon")
    doc: dict[str, object] = json.loads(table.export("json"))
    return doc


def test_an_import_stores_only_known_keys_so_junk_is_neither_stored_nor_exported(
        tmp_path: Path) -> None:
    """Issue 21, finding 1: a 950,000-character "junk" key in the create record of an abandoned
    game's export was stored and exported again (952 kB an import)."""
    doc = _abandoned_export()
    records = doc["records"]
    assert isinstance(records, list)
    records[0]["data"]["junk"] = "x" * 950_000
    records[1]["junk"] = "y" * 1000  # beside the fields, too
    path = tmp_path / "junk.db"
    table = open_table(str(path))
    reply = table.ok("Zed", "import", attachments=[Attachment("g.json", json.dumps(doc).encode())])
    assert "imported a game" in reply.text
    assert path.stat().st_size < 200_000
    exported = table.export("json")
    assert "junk" not in exported and "xxxx" not in exported
    # the imported game is abandoned: the same place takes the next game at once
    assert table.say("Zed", "new game").ok


@pytest.mark.parametrize(("where", "value"), [
    ("order_by", "z" * 950_000), ("edition", "capstone" * 20)])
def test_an_import_with_a_known_value_over_its_limit_is_refused_in_one_sentence(
        tmp_path: Path, where: str, value: str) -> None:
    doc = _abandoned_export()
    records = doc["records"]
    assert isinstance(records, list)
    target = next(r for r in records if where in r["data"])
    target["data"][where] = value
    table = open_table(str(tmp_path / "long.db"))
    reply = table.say("Zed", "import", attachments=[Attachment("g.json",
                                                               json.dumps(doc).encode())])
    assert not reply.ok and "longer than 64 characters (the imported text limit)" in reply.text
    assert table.service.games() == []


def test_the_records_cap_counts_only_what_changes_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, finding 2: join/leave or undo/redo churn no longer fills the cap: a leave
    takes its join back, a redo its undo; a real move still counts."""
    monkeypatch.setattr(limits, "MAX_RECORDS", 11)
    table = open_table(str(tmp_path / "churn.db"))
    table.ok("Arcsyn", "new game")
    for _ in range(20):  # 40 records of churn, far past the cap of 11
        table.ok("Zed", "join")
        table.ok("Zed", "colour red")
        table.ok("Zed", "leave")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok(name, "join")
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")  # counted: 5
    table.ok("Arcsyn", "Place Office at C1")
    for _ in range(20):
        table.ok("Arcsyn", "undo")
        table.ok("Arcsyn", "redo")
    table.ok("Arcsyn", "pause")
    table.ok("Arcsyn", "resume")
    for name, move in [("Arcsyn", "Place Pub at C2"), ("Daemonis", "Place House at C3"),
                       ("Daemonis", "Place Office at C4"), ("Hedgethorn", "Place Pub at E3"),
                       ("Hedgethorn", "Place House at W3")]:
        table.ok(name, move)  # counted 11
    seat = table.to_act()
    assert seat is not None
    move = table.service.choices(table.place, actor(seat))[0]
    reply = table.say(seat, move)
    assert not reply.ok and "the records limit" in reply.text
    monkeypatch.setattr(limits, "MAX_RECORDS", 5000)
    monkeypatch.setattr(limits, "MAX_STORED_RECORDS", len(table.snapshot()[1]))  # type: ignore[arg-type]
    assert "the records limit" in table.say(seat, move).text  # the backstop counts every record
    assert "`confirm`" in table.say("Arcsyn", "abandon").text  # issue 19: asked first
    assert table.ok("Arcsyn", "confirm").changed
