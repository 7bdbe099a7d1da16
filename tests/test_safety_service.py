"""The game service on a public server: every finding of issue 8 as a regression test, and
hostile text of every kind through ``GameService.handle``.

Each test is named after the finding it guards (F1 to F10, as numbered in the issue).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.api import Actor, Attachment, Reply
from bot.discord_app.splitting import split_message
from bot.service import GameService
from bot.service.router.reading import parse_command
from bot.service.store import StoreError
from bot.service.store.store import Store
from engine import GameLog, ParseError, limits, parse_moves, random_game, replay
from engine.limits import (
    MAX_AUTO_LINES,
    MAX_MESSAGE_CHARS,
    PICTURES_PER_USER,
    LimitError,
    check_name,
    look_alike,
)
from engine.notation import read_chat
from tests.hostile_text import command_cases, move_cases
from tests.service_support import Table, actor, fake_png, open_table, started

#: Reading all ~1,300 worst-case command messages at the length cap takes the tokenizer about
#: 0.02 s; ten times that, and some. The backtracking patterns it replaced took seconds for a
#: single one of them (``as`` + 2,000 spaces: about 8 s; ``replace``: minutes). The guards
#: count this process's CPU time (``time.process_time``), so a busy machine does not fail them.
COMMAND_GUARD = 0.25
#: The move reader on its 16 worst cases at the cap: about 0.012 s (benchmarks/bench_parse.py);
#: the guard is ten times that, and some.
MOVE_GUARD = 0.15
SAMPLE_LOG = "players: Arcsyn, Daemonis, Hedgethorn\nArcsyn: Place Office at C1\n"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def limited_table(tmp_path: Path, clock: Clock) -> Table:
    """A table with the service's rate limits on and a clock the test moves."""
    return open_table(str(tmp_path / "limited.db"), rate_limits=True, clock=clock)


def attach(text: str, name: str = "game.txt") -> list[Attachment]:
    return [Attachment(name, text.encode("utf-8"))]


def refused(table: Table, name: str, text: str, reason: str, **kw: object) -> Reply:
    """The command is refused with ``reason`` and nothing stored changes."""
    before = table.snapshot()
    reply = table.say(name, text, **kw)  # type: ignore[arg-type]
    assert not reply.ok and reason in reply.text, (text[:80], reply.text)
    assert table.snapshot() == before
    assert reply.mentions == [] and reply.picture is None
    return reply


# ---- F1: one chat message froze the bot -----------------------------------------------------


def test_f1_every_command_reads_its_worst_cases_at_the_cap_in_linear_time() -> None:
    cases = list(command_cases(MAX_MESSAGE_CHARS).values())
    parse_command.cache_clear()  # every message is new to the reader
    start = time.process_time()
    for text in cases:
        parse_command(text)
        read_chat(text)
    assert time.process_time() - start < COMMAND_GUARD


def test_f1_the_move_reader_takes_its_worst_cases_at_the_cap_in_linear_time() -> None:
    cases = list(move_cases(MAX_MESSAGE_CHARS).values())
    start = time.process_time()
    for text in cases:
        with contextlib.suppress(ParseError):
            parse_moves(text)
    assert time.process_time() - start < MOVE_GUARD


def test_f1_the_messages_that_froze_the_bot_are_answered_at_once(table: Table) -> None:
    started(table)
    for text in ("replace a" + " " * 1990 + "b", "as" + " " * 1990 + "x",
                 "as " + "a " * 995 + ":", "correct" + " " * 1990 + "1"):
        start = time.process_time()
        reply = refused(table, "Zed", text, "")
        assert time.process_time() - start < 1.0, text[:20]
        assert len(reply.text) < 500


# ---- F2: import skipped the limits of join and new game --------------------------------------


def test_f2_a_text_log_goes_through_the_name_seat_and_option_limits(table: Table) -> None:
    cases = [
        (f"players: {'A' * 30_000}, B, C\n", "at most 32 characters"),
        ("players: A, B, C\noption: clock_stones = 300000\n", "from 1 to 10"),
        ("players: A, B, C\noption: markers = 100000\n", "the markers limit"),
        ("players: " + ", ".join(f"P{i}" for i in range(50)) + "\n", "3 to 5 players"),
        ("players: A, B\u0000, C\n", "control character"),
    ]
    for log, reason in cases:
        refused(table, "Zed", "import", reason, attachments=attach(log))


def test_f2_new_game_names_the_option_limit(table: Table) -> None:
    reply = refused(table, "Zed", "new game clock_stones=300000", "clock_stones")
    assert "from 1 to 10" in reply.text and "limit" in reply.text
    refused(table, "Zed", "new game passengers=99999999999999999999", "whole number")


#: Discord users, by their snowflakes: whom an imported file can name
PLAYERS = {"Arcsyn": Actor("1001", "Arcsyn"), "Daemonis": Actor("1002", "Daemonis"),
           "Hedgethorn": Actor("1003", "Hedgethorn")}


def _lobby_export(table: Table) -> dict[str, object]:
    """A started game of three Discord users, one move in, as its JSON export."""
    def say(name: str, text: str) -> None:
        assert table.service.handle(table.place, PLAYERS[name], text).ok, text

    say("Arcsyn", "new game")
    for name in PLAYERS:
        say(name, "join")
    say("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")
    say("Arcsyn", "Place Office at C1")
    exported: dict[str, object] = json.loads(table.export("json"))
    return exported


def test_f2_a_json_import_goes_through_the_same_limits(table: Table) -> None:
    exported = _lobby_export(table)
    records = exported["records"]
    assert isinstance(records, list)
    joins = [r for r in records if r["kind"] == "join"]
    other = Table(table.service, "channel-2")

    def refused_json(change: object, reason: str) -> None:
        doc = json.loads(json.dumps(exported))
        change_records = doc["records"]
        assert callable(change)
        change(change_records)
        refused(other, "Zed", "import", reason, attachments=attach(json.dumps(doc), "g.json"))

    def fifty_seats(rows: list[dict[str, object]]) -> None:
        at = rows.index(next(r for r in rows if r["kind"] == "start"))
        extra = [dict(joins[0], seat=f"Extra{i}", seq=0) for i in range(50)]
        rows[at:at] = extra
        for seq, row in enumerate(rows, start=1):
            row["seq"] = seq

    def renamed(name: str) -> object:
        def change(rows: list[dict[str, object]]) -> None:
            for row in rows:
                if row.get("seat") == "Hedgethorn":
                    row["seat"] = name
                data = row.get("data")
                if isinstance(data, dict) and "order" in data:
                    data["order"] = [name if n == "Hedgethorn" else n for n in data["order"]]
        return change

    refused_json(fifty_seats, "more than 5 seats")
    refused_json(renamed("Hedge\nthorn"), "control character")
    refused_json(renamed("Hedge:thorn"), "may not contain")
    refused_json(renamed("Hedge,thorn"), "may not contain")
    refused_json(renamed("Аrcsyn"), "look alike")  # a Cyrillic А beside Arcsyn


# ---- F3: unlimited automatic play -----------------------------------------------------------


def test_f3_a_game_of_dropped_seats_ends_in_one_short_reply(table: Table) -> None:
    refused(table, "Zed", "new game markers=100000", "the markers limit")
    started(table, creator="Zed")
    table.ok("Zed", "pause")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok("Zed", f"drop {name}")
    reply = table.ok("Zed", "resume")
    shown = [line for line in reply.text.splitlines() if "(automatic" in line]
    assert len(shown) == MAX_AUTO_LINES
    assert "more automatic moves (`log` lists them" in reply.text
    assert "The game is over" in reply.text
    assert len(split_message(reply.text)) <= 2  # one post (two at most), not hundreds


def test_f3_a_game_stops_growing_at_the_records_limit(table: Table,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_RECORDS", 9)  # create, 3 joins, start: 5 records
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    table.ok("Daemonis", "Place House at C3")
    table.ok("Daemonis", "Place Office at C4")
    refused(table, "Hedgethorn", "Place Pub at E3", "the records limit")
    doc = json.loads(table.export("json"))
    doc["records"] *= 2
    refused(Table(table.service, "elsewhere"), "Zed", "import", "the records limit",
            attachments=attach(json.dumps(doc), "g.json"))


# ---- F4: an ordinary member could make the bot ping anyone ------------------------------------


def test_f4_replace_and_import_only_offer_seats_and_nudge_once_an_hour(tmp_path: Path) -> None:
    clock = Clock()
    table = limited_table(tmp_path, clock)
    victim = Actor("999", "Victim")
    # Anyone may import a log, which makes them its moderator.
    table.ok("Mallory", "import", attachments=attach(SAMPLE_LOG))
    reply = table.ok("Mallory", "replace Daemonis with <@999>")
    assert "offered Daemonis's seat to <@999>" in reply.text and reply.mentions == []
    table.ok("Mallory", "as Arcsyn: Place Pub at C2")  # now Daemonis must decide
    assert table.service.store.latest_game(table.place).waiting_user is None  # type: ignore[union-attr]
    reply = table.ok("Mallory", "nudge")
    assert reply.mentions == []  # the victim never agreed to play
    for _ in range(20):
        refused(table, "Mallory", "nudge", "at most once an hour")
    clock.now += 3601
    assert table.ok("Mallory", "nudge").mentions == []
    assert table.service.due_reminders(clock.now + 10 * 86400, 1) == []
    assert all("999" not in r.mentions for r in table.replies)
    # The offered user takes the seat; from then on they are the one pinged.
    assert table.service.handle(table.place, victim, "join as Daemonis").ok
    clock.now += 3601
    assert table.ok("Mallory", "nudge").mentions == ["999"]


def test_f4_replace_names_go_through_the_name_limits(table: Table) -> None:
    started(table)
    refused(table, "Arcsyn", "replace Daemonis with Vic\x01tim", "control character")
    refused(table, "Arcsyn", "replace Daemonis with " + "v" * 60, "")


def test_f4_a_json_import_offers_the_seats_of_its_users(table: Table) -> None:
    exported = _lobby_export(table)
    other = Table(table.service, "channel-2")
    reply = other.ok("Mallory", "import", attachments=attach(json.dumps(exported), "g.json"))
    assert "Offered seats: Arcsyn, Daemonis, Hedgethorn" in reply.text
    assert reply.mentions == []
    arcsyn, daemonis = PLAYERS["Arcsyn"], PLAYERS["Daemonis"]
    before = other.snapshot()
    refusal = other.service.handle(other.place, arcsyn, "Place Pub at C2")
    assert not refusal.ok and "type `accept`" in refusal.text and other.snapshot() == before
    assert other.ok("Mallory", "as Arcsyn: Place Pub at C2").mentions == []  # not taken yet
    taken = other.service.handle(other.place, daemonis, "accept")
    assert taken.ok and "Daemonis takes Daemonis's seat" in taken.text
    moved = other.service.handle(other.place, daemonis, "Place House at C3")
    assert moved.ok and moved.mentions == []  # Hedgethorn has not taken theirs either
    refused(other, "Zed", "accept", "No seat is offered to you")


# ---- F5: a failed picture save came after the saved move --------------------------------------


def test_f5_a_picture_that_cannot_be_saved_leaves_the_move_and_says_so(tmp_path: Path) -> None:
    blocked = tmp_path / "pictures"
    blocked.write_text("a file where the folder should be")
    table = open_table(str(tmp_path / "busbot.db"), picture_dir=str(blocked))
    started(table)
    before = table.snapshot()
    reply = table.say("Arcsyn", "Place Office at C1")
    assert reply.ok and reply.changed and "Arcsyn: Place Office at C1" in reply.text
    assert "picture is missing" in reply.text and "Everything above was saved" in reply.text
    assert reply.picture is None
    assert table.snapshot() != before


def test_f5_no_temporary_picture_file_is_left_behind(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    table = open_table(str(tmp_path / "busbot.db"), picture_dir=str(folder))
    started(table)
    (folder / "bus-game1-move001.png").mkdir(parents=True)  # the name is taken...
    # ... so the picture goes beside it (issue 32 item 12: pictures are never written over),
    # and the rename into that new name fails
    rename = os.replace

    def failing(src: str, dst: str) -> None:
        if str(dst).endswith(".png"):
            raise OSError(28, "No space left on device")
        rename(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    reply = table.ok("Arcsyn", "Place Office at C1")
    assert "picture is missing" in reply.text
    assert sorted(p.name for p in folder.iterdir()) == ["bus-game1-move000.png",
                                                       "bus-game1-move001.png"]


# ---- F6: a second process on a live database failed at start-up -------------------------------


def test_f6_a_second_process_waits_for_the_writer_instead_of_failing(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    writer = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    writer.execute("PRAGMA journal_mode=wal")
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("CREATE TABLE other (x)")
    released = threading.Timer(0.5, lambda: writer.execute("COMMIT"))
    released.start()
    start = time.perf_counter()
    store = Store(path)  # creates the schema: must wait for the writer, then succeed
    assert time.perf_counter() - start >= 0.3
    store.close()
    released.join()
    writer.close()


def test_f6_export_while_the_bot_plays_waits_and_succeeds(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    bot = open_table(path)
    started(bot)
    errors: list[BaseException] = []

    def play() -> None:
        try:
            bot.play_random(60, seed=5)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    player = threading.Thread(target=play)
    player.start()
    exports = 0
    while player.is_alive():
        other = GameService(path, renderer=None)  # a separate connection, as `busbot export`
        try:
            assert other.export(bot.place, "txt").startswith("# busbot game 1")
            exports += 1
        finally:
            other.close()
    player.join()
    assert errors == [] and exports > 0


# ---- F7: a dropped player could still undo ----------------------------------------------------


def test_f7_a_dropped_seat_can_neither_move_nor_undo(table: Table) -> None:
    started(table, creator="Zed")
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Zed", "drop Arcsyn")
    refused(table, "Arcsyn", "undo", "was dropped")
    refused(table, "Arcsyn", "Place House at C4", "was dropped")


# ---- F8: an exported log could not be imported back -------------------------------------------


@pytest.mark.parametrize("name", ["players", "Edition", "option", "colours", "COLORS", "busbot"])
def test_f8_header_words_are_refused_as_names(table: Table, name: str) -> None:
    table.ok("Arcsyn", "new game")
    refused(table, "Zed", f"join as {name}", "reserved word")


#: letters of every script, marks, digits, punctuation and symbols, and spaces
_NAME_CHARS = st.characters(categories=["L", "M", "N", "P", "S"], include_characters=" ")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.text(_NAME_CHARS, min_size=1, max_size=36))
def test_f8_every_name_join_accepts_survives_export_and_import(name: str) -> None:
    try:
        clean = check_name(name)
    except LimitError:
        assume(False)
        return
    assume(look_alike(clean, ["Daemonis", "Hedgethorn", "Zed"]) is None)
    with tempfile.TemporaryDirectory() as folder:
        table = Table(GameService(os.path.join(folder, "busbot.db"), renderer=None,
                                  rate_limits=False))
        table.ok("Zed", "new game")
        table.ok("Player", f"join as {name}")
        table.ok("Daemonis", "join")
        table.ok("Hedgethorn", "join")
        table.ok("Zed", f"start order: {clean}, Daemonis, Hedgethorn")
        table.ok("Player", "Place Office at C1")  # the strange name moves first
        table.ok("Player", "Place Pub at C2")
        text = table.export("txt")
        other = Table(table.service, "elsewhere")
        other.ok("Zed", "import", attachments=attach(text))
        assert other.export("txt").splitlines()[1:] == text.splitlines()[1:]
        assert replay(GameLog.parse(text)).players[0] == clean
        table.service.close()


# ---- F9: control characters and look-alike names ---------------------------------------------


@pytest.mark.parametrize(("name", "reason"), [
    ("Arc\x01syn", "control character"), ("Arc\x00syn", "control character"),
    ("Аrcsyn", "looks like Arcsyn"), ("Arcsyn\u200b", "U+200B"), ("\u200fArcsyn", "U+200F"),
    ("ARCSYN", "looks like Arcsyn"), ("Arcsyn\u202e", "U+202E"), ("a\tb", "U+0009"),
])
def test_f9_invisible_characters_and_look_alikes_are_refused(table: Table, name: str,
                                                             reason: str) -> None:
    table.ok("Arcsyn", "new game")
    table.ok("Arcsyn", "join")
    refused(table, "Zed", f"join as {name}", reason)
    refused(Table(table.service, "elsewhere"), "Zed", "import", "",
            attachments=attach(f"players: Arcsyn, {name}, Bob\n"))


# ---- F10: the smaller ones ----------------------------------------------------------------------


def test_f10_long_messages_are_refused_before_reading_and_echoes_are_short(table: Table) -> None:
    started(table)
    reply = refused(table, "Arcsyn", "drop " + "x" * 10_000_000, "the message limit")
    assert len(reply.text) < 200
    for text in ("drop " + "x" * 1990, "replace " + "y" * 1990 + " with z",
                 "Place " + "zz " * 600, "as " + "q" * 1990 + ": pass"):
        reply = refused(table, "Arcsyn", text, "")
        assert len(reply.text) < 800, reply.text[:100]


@pytest.mark.parametrize(("change", "reason"), [
    (lambda doc: doc["records"][0].update(at=1e400), "out of range"),
    (lambda doc: doc["records"][0].update(at=float("nan")), "NaN is not a number"),
    (lambda doc: doc["records"][0].update(seq=10**30), "out of range"),
])
def test_f10_json_numbers_out_of_range_are_refused(table: Table, change: object,
                                                    reason: str) -> None:
    doc = _lobby_export(table)
    assert callable(change)
    change(doc)
    text = json.dumps(doc).replace("Infinity", "1e400")
    refused(Table(table.service, "elsewhere"), "Zed", "import", reason,
            attachments=attach(text, "g.json"))


def test_f10_deep_json_is_refused_without_a_traceback(table: Table) -> None:
    deep = '{"format": "busbot-game", "version": 1, "records": ' + "[" * 100_000 + "]" * 100_000
    refused(table, "Zed", "import", "nests deeper than 20", attachments=attach(deep + "}"))
    nested = {"format": "busbot-game", "version": 1, "records": [{"data": {}}]}
    node: dict[str, object] = nested["records"][0]["data"]  # type: ignore[index]
    for _ in range(30):
        node["x"] = {}
        node = node["x"]  # type: ignore[assignment]
    refused(table, "Zed", "import", "JSON depth limit", attachments=attach(json.dumps(nested)))


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_f10_a_damaged_database_is_one_sentence(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "busbot.db"
    table = open_table(str(path))
    started(table)
    table.play_random(30)
    table.service.close()
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    else:
        path.write_bytes(data[: len(data) // 3])
    with pytest.raises(StoreError) as err:
        GameService(str(path), renderer=None)
    message = str(err.value)
    assert str(path) in message and "\n" not in message and "backup" in message


def test_f10_a_stranger_asking_for_maps_is_told_when_to_try_again(tmp_path: Path) -> None:
    clock = Clock()
    table = limited_table(tmp_path, clock)
    started(table)
    table.ok("Arcsyn", "Place Office at C1")
    drawn = 0
    for _ in range(200):
        reply = table.say("Zed", "map 1")
        if reply.ok:
            drawn += 1
            assert reply.picture is not None
        else:
            assert "try `map` again in" in reply.text and reply.ephemeral
    assert drawn == PICTURES_PER_USER.burst
    clock.now += PICTURES_PER_USER.per
    assert table.ok("Zed", "map").picture is not None
    assert not table.say("Zed", "map").ok
    # A player's move is never refused for it: it is saved, only its picture waits.
    while table.say("Arcsyn", "map").ok:
        pass
    reply = table.ok("Arcsyn", "Place Pub at C2")
    assert reply.changed and reply.picture is None and "No picture this time" in reply.text
    reply = table.ok("Daemonis", "Place House at C3")  # another user, another budget
    assert reply.picture is not None


def test_reminders_are_limited_per_user_across_tables(tmp_path: Path) -> None:
    clock = Clock()
    table = limited_table(tmp_path, clock)
    for i in range(6):
        place = Table(table.service, f"table-{i}")
        started(place, names=("Arcsyn", "Daemonis", "Hedgethorn"))
    due = table.service.due_reminders(clock.now + 48 * 3600, 24)
    assert len(due) == 3  # Arcsyn is awaited at six tables; three reminders at once
    clock.now += 3600
    assert len(table.service.due_reminders(clock.now + 48 * 3600, 24)) == 1


# ---- hostile text of every kind ------------------------------------------------------------------

_FILLER = st.sampled_from([" ", "\t", "\n", " x", ":", " with", "#", "=", "<@1>", "**", "```",
                           "@everyone", "\u200b", "\u202e", "\x00", "||", "> "])
_HEADS = st.sampled_from(sorted({w for t in command_cases(10) for w in [t.split("/")[0]]})
                         + ["", "Place Office at", "as Arcsyn:", "correct 1:"])
HOSTILE = st.one_of(
    st.text(max_size=200),
    st.builds(lambda h, f, n: h + f * n, _HEADS, _FILLER, st.integers(0, 2100)),
    st.lists(st.sampled_from(["<@123>", "<@!77>", "@everyone", "@here", "<@&5>", "**bold**",
                              "`code`", "~~x~~", "||spoiler||", "\n", " ", "Arcsyn", "join",
                              "Pass", "as", ":"]), max_size=60).map("".join),
    st.text(st.characters(categories=["Cc", "Cf", "Zs", "Zl", "Zp"]), max_size=300),
)
_WHO = st.sampled_from(["Arcsyn", "Daemonis", "Hedgethorn", "Zed"])


@pytest.fixture(scope="module")
def hostile_table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    clock = Clock()
    path = str(tmp_path_factory.mktemp("hostile") / "busbot.db")
    table = Table(GameService(path, renderer=fake_png, rate_limits=True, clock=clock))
    started(table)
    return table


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=HOSTILE, who=_WHO)
def test_hostile_text_is_answered_briefly_and_changes_nothing_when_refused(
        hostile_table: Table, text: str, who: str) -> None:
    table = hostile_table
    seated = {actor(n).user_id for n in ("Arcsyn", "Daemonis", "Hedgethorn")}
    before = table.snapshot()
    start = time.process_time()
    reply = table.service.handle(table.place, actor(who), text)  # never raises
    assert time.process_time() - start < 2.0
    assert "Something went wrong" not in reply.text
    assert set(reply.mentions) <= seated - {actor(who).user_id}
    assert all(len(part) <= MAX_MESSAGE_CHARS for part in split_message(reply.text))
    if not reply.ok:
        assert table.snapshot() == before
        assert len(reply.text) <= MAX_MESSAGE_CHARS  # a refusal is one message
        assert reply.picture is None and not reply.changed


def test_a_random_finished_game_replays_through_the_limits() -> None:
    # The limits leave every real game alone: a whole game's log reads back under them.
    game = random_game(5, seed=3)
    assert replay(GameLog.parse(game.log().format())).to_json() == game.to_json()
