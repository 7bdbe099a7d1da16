"""Time that fits people (issue 37): a time bank per player that runs only while they act and
outside their quiet hours, a timeout applied once when it is empty, quiet hours that hold a
turn's ping back to their end, and every moment written as Discord's timestamp markup (the
console writes it out in its local zone and lets its practice clock move on)."""

from __future__ import annotations

import io
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot import console
from bot.api import Reply
from bot.service import GameService, ratings
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.prepared import seat_notes
from bot.service.game import timebank
from bot.service.game.live_game import build_game
from bot.service.game.quiet import Quiet, QuietHours
from bot.service.game.records import GameRecord
from bot.service.verbs.timebank import USAGE as TIMEBANK_USAGE
from bot.service.words.moments import local_zone, written_out
from tests.service_support import SETUP, Table, open_table, play, started

HOUR = 3600.0
DAY = 24 * HOUR
#: 2027-01-15 08:00 UTC, a Friday
MORNING = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = MORNING

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(tmp_path: Path, clock: Clock) -> Iterator[Table]:
    opened = open_table(str(tmp_path / "busbot.db"), clock=clock)
    started(opened, 3)
    yield opened
    opened.service.close()


def mark(at: float, style: str = "R") -> str:
    return f"<t:{round(at)}:{style}>"


def due(table: Table) -> list[Reply]:
    return [prepared.complete() for _, prepared in table.service.run_due()]


def seat_line(table: Table, name: str) -> str:
    """The seat's line of ``status``."""
    [line] = [line for line in table.ok("Zed", "status").text.splitlines()
              if line.startswith(f"  {name} ")]
    return line


# ---- the time bank ----------------------------------------------------------------------------


def test_the_presets_say_their_figures_and_a_bank_is_read_as_written() -> None:
    assert timebank.read("normal") == timebank.PRESETS["normal"]
    bank = timebank.read("3d +12h max 5d")
    assert bank is not None and (bank.start, bank.gain, bank.most) == (3 * DAY, 12 * HOUR, 5 * DAY)
    assert timebank.read("clock") is None  # the action, never a preset
    for name, preset in timebank.PRESETS.items():  # the usage line says each preset's figures
        assert f"`timebank {name}`" in str(TIMEBANK_USAGE())
        assert preset.start <= preset.most


def test_a_bank_runs_down_only_while_its_player_acts_and_gains_after_their_turn(
        table: Table, clock: Clock) -> None:
    set_reply = table.ok("Arcsyn", "timebank 1d +12h max 2d")
    assert "starts with 1 d, gains 12 h" in set_reply.text
    assert "Time bank: 1 d to start, 12 h more after each decision, at most 2 d" in table.ok(
        "Zed", "status").text
    clock.now += 5 * HOUR
    play(table, SETUP[:1])
    assert "bank 19 h" in seat_line(table, "Arcsyn")  # 5 h gone, still Arcsyn's turn
    assert "bank 1 d" in seat_line(table, "Daemonis")  # others' banks wait
    clock.now += 1 * HOUR
    play(table, SETUP[1:2])  # the turn passes: 6 h gone, 12 h gained
    assert "bank 1 d 6 h" in seat_line(table, "Arcsyn")
    assert f"due {mark(clock.now + DAY)}" in seat_line(table, "Daemonis")
    clock.now += 10 * HOUR
    assert "bank 14 h" in seat_line(table, "Daemonis")
    assert "bank 1 d 6 h" in seat_line(table, "Arcsyn")  # not running while others act


def test_a_bank_never_holds_more_than_its_most(table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "timebank 1d +1d max 1d")
    play(table, SETUP[:2])
    assert "bank 1 d" in seat_line(table, "Arcsyn")


def test_a_bank_does_not_run_in_its_players_quiet_hours(table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "quiet 22:00-07:30 UTC")
    table.ok("Arcsyn", "timebank 1d +0h")
    # 14 h to 22:00, 9.5 h of quiet, then the last 10 h
    assert f"due {mark(MORNING + 33.5 * HOUR)}" in seat_line(table, "Arcsyn")
    clock.now += 30 * HOUR  # 14:00 the next day: 14 h + 6.5 h counted
    assert "bank 3 h" in seat_line(table, "Arcsyn")
    clock.now = MORNING + 15 * HOUR  # 23:00: quiet
    line = seat_line(table, "Arcsyn")
    assert "bank 10 h" in line and f"quiet hours until {mark(MORNING + 23.5 * HOUR, 't')}" in line


def test_an_empty_bank_applies_the_timeout_policy_once(table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "timebank 2h +1h")
    table.ok("Arcsyn", "on timeout idle")
    clock.now += 1 * HOUR
    [half] = due(table)
    assert "halfway" in half.text and f"due {mark(MORNING + 2 * HOUR)}" in half.text
    clock.now += 1 * HOUR
    [passed] = due(table)
    assert "Arcsyn's time bank is empty" in passed.text and "Arcsyn: Place" in passed.text
    assert due(table) == []  # once
    assert table.to_act() == "Daemonis"
    assert "bank 0 min" in seat_line(table, "Arcsyn")  # a timeout gains nothing
    assert f"due {mark(clock.now + 2 * HOUR)}" in seat_line(table, "Daemonis")


def test_a_bank_off_leaves_only_the_deadline(table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "timebank normal")
    assert "bank 3 d" in seat_line(table, "Daemonis")
    table.ok("Arcsyn", "timebank off")
    assert "bank" not in table.ok("Zed", "status").text
    refused = table.say("Arcsyn", "timebank 3d +12h max 90d")
    assert not refused.ok and "time-bank limit" in refused.text
    assert not table.say("Daemonis", "timebank fast").ok  # a moderator's setting


# ---- quiet hours ------------------------------------------------------------------------------


def test_quiet_hours_are_read_in_the_members_zone_and_bounded(table: Table) -> None:
    assert "no quiet hours" in table.ok("Arcsyn", "quiet").text
    assert "22:00 to 07:30 (Europe/Berlin)" in table.ok(
        "Arcsyn", "quiet 22:00-07:30 europe/berlin").text
    assert "22:00 to 07:30 (Europe/Berlin)" in table.ok("Arcsyn", "quiet").text
    assert "quiet-hours limit" in table.say("Arcsyn", "quiet 18:00-08:00").text
    assert "no time zone named `Mars/Olympus`" in table.say(
        "Arcsyn", "quiet 22:00-07:30 Mars/Olympus").text
    assert "no quiet hours now" in table.ok("Arcsyn", "quiet off").text


def test_quiet_hours_follow_summer_time() -> None:
    berlin = Quiet(((0.0, QuietHours(22 * 60, 7 * 60, "Europe/Berlin")),))
    winter = 1_800_000_000.0  # January: 22:00 in Berlin is 21:00 UTC
    summer = winter + 180 * DAY  # July: 20:00 UTC
    assert berlin.quiet_at(_utc_day(winter) + 21.5 * HOUR)
    assert not berlin.quiet_at(_utc_day(summer) + 19.5 * HOUR)
    assert berlin.quiet_at(_utc_day(summer) + 20.5 * HOUR)


def _utc_day(at: float) -> float:
    return at - at % DAY


def test_a_turn_ping_waits_for_the_end_of_the_players_quiet_hours(
        table: Table, clock: Clock) -> None:
    table.ok("Daemonis", "quiet 22:00-07:30 UTC")
    play(table, SETUP[:1])
    clock.now = MORNING + 15 * HOUR  # 23:00 UTC
    [moved] = [table.ok("Arcsyn", SETUP[1][1])]
    assert table.to_act() == "Daemonis" and "id-Daemonis" not in moved.mentions
    clock.now = MORNING + 23 * HOUR  # 07:00: still quiet
    assert due(table) == []
    clock.now = MORNING + 23.5 * HOUR
    [woke] = due(table)
    assert "quiet hours are over" in woke.text and woke.mentions == ["id-Daemonis"]
    assert due(table) == []  # once
    assert "pinged as their quiet hours ended" in table.ok("Zed", "log all").text


# ---- moments ----------------------------------------------------------------------------------


def test_every_moment_is_a_discord_timestamp_and_the_console_writes_it_out(
        table: Table, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    table.ok("Arcsyn", "deadline 24h")
    away = table.ok("Daemonis", "away 2d").text
    assert mark(MORNING + 2 * DAY, "f") in away and "UTC" not in away
    status = table.ok("Zed", "status").text
    assert f"due {mark(MORNING + DAY)}" in status and "waiting" not in status
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        shown = written_out(status, MORNING, "en", local_zone())
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    assert "due in 24 hours (Jan 16, 2027, 09:00 CET)" in shown and "<t:" not in shown


def test_the_console_lets_time_pass_for_practice(tmp_path: Path, clock: Clock) -> None:
    practice = console.PracticeClock(clock)
    service = GameService(str(tmp_path / "c.db"), renderer=None, clock=practice,
                          bind_imported_names=True, rate_limits=False)
    lines = ["Ada: new game", "Ada: join", "Bram: join", "Cleo: join",
             "Ada: start order: Ada, Bram, Cleo", "Ada: deadline 24h", "Ada: on timeout idle",
             "time", "time +13h", "time +12h", "time -3h", "time +90d", "Bram: status"]
    out = io.StringIO()
    assert console.run(service, io.StringIO("\n".join(lines) + "\n"), out, str(tmp_path)) == 0
    text = out.getvalue()
    assert "The table's clock reads" in text and "0 min ahead" in text
    assert text.index("Reminder (halfway") < text.index("13 h ahead") \
        < text.index("Time ran out for Ada") < text.index("1 d 1 h ahead")
    assert text.count("`time +3h` moves this table's clock on") == 2  # back, or too far
    assert "<t:" not in text  # every moment written out for the terminal
    assert practice() == MORNING + 25 * HOUR
    service.close()


def test_the_practice_clock_is_the_consoles_only(tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "c.db"), renderer=None, clock=clock,
                          rate_limits=False)
    out = io.StringIO()
    console.run(service, io.StringIO("time +3h\n"), out, str(tmp_path))
    assert "cannot be moved" in out.getvalue() and clock() == MORNING
    service.close()
    # from a channel, `time` is no command: even over the practice clock, a player's message
    # never moves it
    practice = console.PracticeClock(clock)
    service = GameService(str(tmp_path / "p.db"), renderer=None, clock=practice,
                          rate_limits=False)
    table = Table(service)
    started(table, 3)
    table.say("Arcsyn", "!bus time +3h")
    table.say("Arcsyn", "time +3h")
    assert practice() == MORNING
    service.close()


# ---- where a member is pinged -----------------------------------------------------------------


def test_notify_is_kept_per_member_and_direct_pings_are_bounded_per_day(
        tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "n.db"), renderer=None, clock=clock)
    table = Table(service)
    assert "in the game's channel" in table.ok("Ada", "notify").text
    assert "by direct message" in table.ok("Ada", "notify dm").text
    table.ok("Bo", "notify off")
    assert not table.say("Ada", "notify pigeon").ok
    assert service.ping_ways(["id-Ada", "id-Bo", "id-Cy"]) == {
        "id-Ada": ("dm", "en"), "id-Bo": ("off", "en"), "id-Cy": ("channel", "en")}
    ways = [service.ping_ways(["id-Ada"])["id-Ada"][0] for _ in range(12)]
    # ten at once (the look above spent one), then the channel
    assert ways.count("dm") == 9 and ways[-1] == "channel"
    clock.now += DAY
    assert service.ping_ways(["id-Ada"])["id-Ada"][0] == "dm"  # the day's budget came back
    service.dms_closed("id-Ada")  # Discord refused one: the channel for a week
    assert service.ping_ways(["id-Ada"])["id-Ada"][0] == "channel"
    clock.now += 8 * DAY
    assert service.ping_ways(["id-Ada"])["id-Ada"][0] == "dm"
    service.close()


# ---- the daily digest -------------------------------------------------------------------------


def test_a_digest_lists_exactly_the_games_waiting_for_the_member_once_a_day(
        tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "d.db"), renderer=None, clock=clock,
                          rate_limits=False)
    first, second, third = (Table(service, place=f"channel-{n}") for n in (1, 2, 3))
    started(first, 3)  # Arcsyn to act
    first.ok("Arcsyn", "deadline 24h")
    started(second, 3, names=("Daemonis", "Arcsyn", "Hedgethorn"), creator="Daemonis")
    started(third, 3)
    play(third, SETUP[:2])  # Daemonis to act here: not Arcsyn's
    set_reply = first.ok("Arcsyn", "digest on 09:30 Europe/Berlin")
    assert "09:30 (Europe/Berlin)" in set_reply.text
    assert mark(MORNING + 30 * 60, "f") in set_reply.text  # 09:30 CET is 08:30 UTC
    assert "the next" in first.ok("Arcsyn", "digest").text
    assert service.digests() == []  # not yet
    clock.now = MORNING + 30 * 60
    [(user, text)] = service.digests()
    assert user == "id-Arcsyn"
    assert "1 game waits for you" in text and "Game 3" not in text  # Daemonis acts there
    assert f"Game 1 in channel-1: Arcsyn: place 2 starting buildings on free zone-A lots, " \
           f"due {mark(MORNING + DAY)}" in text
    assert "Game 2" not in text  # Daemonis places first there
    assert service.digests() == []  # once a day
    clock.now += DAY
    play(first, SETUP[:2])
    play(second, [("Daemonis", "Place House at C1"), ("Daemonis", "Place Office at C1")])
    [(_, text)] = service.digests()
    assert "1 game waits for you" in text and "Game 1" not in text
    assert "Game 2 in channel-2: Arcsyn: place" in text and "turn began" in text
    clock.now += DAY
    play(second, [("Arcsyn", "Place House at C2"), ("Arcsyn", "Place Office at C2")])
    assert service.digests() == []  # nothing waits for Arcsyn: no message that day
    assert "no more daily digest" in first.ok("Arcsyn", "digest off").text
    service.close()


def test_the_console_prints_a_digest_as_the_direct_message_it_is(
        tmp_path: Path, clock: Clock) -> None:
    practice = console.PracticeClock(clock)
    service = GameService(str(tmp_path / "c.db"), renderer=None, clock=practice,
                          bind_imported_names=True, rate_limits=False)
    lines = ["Ada: new game", "Ada: join", "Bram: join", "Cleo: join",
             "Ada: start order: Ada, Bram, Cleo", "Ada: digest on 10:00 UTC", "time +3h"]
    out = io.StringIO()
    assert console.run(service, io.StringIO("\n".join(lines) + "\n"), out, str(tmp_path)) == 0
    assert "busbot (a direct message to Ada): Your Bus digest: 1 game waits for you" in \
        out.getvalue()
    service.close()


# ---- the allowance of time away ---------------------------------------------------------------


def test_time_away_draws_on_a_yearly_allowance_that_a_moderator_can_grant(
        table: Table, clock: Clock) -> None:
    assert "30 days of time away left" in table.ok("Daemonis", "away").text  # the default
    assert "20 left this year" in table.ok("Daemonis", "away 10d").text
    # a longer time away draws only the days not covered already
    assert "(2 days of time away drawn; 18 left" in table.ok("Daemonis", "away 12d").text
    refused = table.say("Daemonis", "away 40d")
    assert not refused.ok and "That is 28 days" in refused.text and "18 left" in refused.text
    assert "(away until" in seat_line(table, "Daemonis")
    clock.now += DAY
    assert "11 unused days of time away given back; 29 left" in table.ok(
        "Daemonis", "back").text
    # the server's moderators set it and grant more; a game's creator does not
    assert not table.say("Arcsyn", "away allowance 10").ok
    assert "10 days of time away a year" in table.ok("Zed", "away allowance 10",
                                                     manager=True).text
    assert "9 days of time away left" in table.ok("Daemonis", "away").text
    granted = table.ok("Zed", "away grant Daemonis 5", manager=True).text
    assert "Daemonis is granted 5 more days" in granted and "14 left" in granted
    assert "away-days limit" in table.say("Zed", "away allowance 400", manager=True).text
    # a new year starts whole
    clock.now += 365 * DAY
    assert "10 days of time away left" in table.ok("Daemonis", "away").text


def test_a_seat_with_nothing_to_say_has_no_note(table: Table) -> None:
    """A game without deadline or bank writes no empty note on the seat to act's card (an
    empty note once reached a renderer that takes none)."""
    record = GameRecord.fold(table.game_id(), table.place,
                             table.service.store.records(table.game_id()))
    assert seat_notes(record, build_game(record), MORNING) == {}


def test_the_games_page_writes_a_return_from_time_away_out_in_utc(table: Table) -> None:
    """The page is read in a browser, not a Discord client: a moment there is words."""
    table.ok("Daemonis", "away 2d")
    live = table.service.live_copy(table.place)
    assert live is not None
    notes = page_notes(live, table.service.store.records(table.game_id()))
    [away] = [str(a.text) for a in notes.asides if "away until" in str(a.text)]
    assert away == "Daemonis is away until Jan 17, 2027, 08:00 UTC" and "<t:" not in away


def test_the_bot_wide_reminder_waits_for_the_end_of_the_players_quiet_hours(
        table: Table, clock: Clock) -> None:
    table.ok("Arcsyn", "quiet 22:00-07:30 UTC")  # Arcsyn places first
    assert table.service.due_reminders(MORNING + 15 * HOUR, 12) == []  # 23:00: quiet
    assert table.service.due_reminders(MORNING + 23 * HOUR, 12) == []  # 07:00: still
    [reminder] = table.service.due_reminders(MORNING + 23.5 * HOUR, 12)  # 07:30: it comes
    assert reminder.user_ids == ("id-Arcsyn",)
    assert table.service.due_reminders(MORNING + 24 * HOUR, 12) == []  # once


def test_a_time_away_not_saved_draws_nothing_on_the_allowance(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> str:
        raise sqlite3.OperationalError("disk I/O error")

    def failing_after_the_writes(*args: object) -> Callable[..., str]:
        return broken  # the derived data, written after the side rows: they are rolled back

    with monkeypatch.context() as patched:  # the store fails inside the change's transaction
        patched.setattr(ratings, "on_change", failing_after_the_writes)
        failed = table.say("Daemonis", "away 10d")
        assert not failed.ok and "disk I/O error" in failed.text
    assert "away until" not in table.ok("Zed", "status").text
    assert "30 days of time away left" in table.ok("Daemonis", "away").text  # none drawn
    assert "20 left this year" in table.ok("Daemonis", "away 10d").text
    with monkeypatch.context() as patched:
        patched.setattr(ratings, "on_change", failing_after_the_writes)
        assert not table.say("Daemonis", "back").ok
    assert "20 days of time away left" in table.ok("Daemonis", "away").text  # none given back


def test_a_digest_not_sent_is_tried_again_that_day_a_bounded_number_of_times(
        tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "r.db"), renderer=None, clock=clock,
                          rate_limits=False)
    table = Table(service)
    started(table, 3)  # Arcsyn to act
    table.ok("Arcsyn", "digest on 08:30 UTC")
    table.ok("Daemonis", "digest on 08:30 UTC")  # nothing waits for Daemonis
    clock.now = MORNING + 30 * 60
    [(user, first)] = service.digests()  # handed out, never confirmed sent (it failed)
    assert user == "id-Arcsyn"
    assert service.digests() == []  # not at once
    clock.now += 15 * 60
    assert service.digests() == [(user, first)]  # the same digest, a quarter of an hour later
    clock.now += 30 * 60
    assert service.digests() == [(user, first)]  # then half an hour later
    clock.now += 60 * 60
    assert service.digests() == [(user, first)]  # four tries in all, then none that day
    clock.now += 5 * HOUR
    assert service.digests() == []
    clock.now = MORNING + DAY + 30 * 60  # the next day's comes
    [(_, again)] = service.digests()
    service.digest_sent("id-Arcsyn")  # it went out: no retry
    clock.now += 3 * HOUR
    assert service.digests() == []
    clock.now = MORNING + 2 * DAY + 30 * 60
    assert [user for user, _ in service.digests()] == ["id-Arcsyn"]
    service.close()
