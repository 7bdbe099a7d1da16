"""Games that never stall: deadlines with reminders and timeout policies, time away, plans and
``auto_single``, all with an injected clock, and restarts in the middle of each."""

from __future__ import annotations

import io
import random
import threading
from pathlib import Path

import pytest

from bot import console
from bot.api import Actor, Attachment, Reply
from bot.service import GameService
from bot.service.bots import BotPlayers
from bot.service.drawing.prepared import seat_notes
from bot.service.game.live_game import build_game
from bot.service.game.records import GameRecord, Record
from tests.service_support import Table, actor, open_table, started

HOUR = 3600.0


def mark(at: float, style: str = "R") -> str:
    """A moment as Discord's timestamp markup, which each reader's client writes in their own
    zone and language."""
    return f"<t:{round(at)}:{style}>"


ABSENT = "Hedgethorn"


class Clock:
    """The service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "busbot.db")


def table_at(db: str, clock: Clock) -> Table:
    return open_table(db, clock=clock)


def due(table: Table) -> list[Reply]:
    """One turn of the scheduler loop, its replies drawn."""
    return [prepared.complete() for _, prepared in table.service.run_due()]


def records(table: Table) -> list[Record]:
    return table.service.store.records(table.game_id())


def moves_of(table: Table, seat: str) -> list[Record]:
    return [r for r in records(table) if r.kind == "move" and r.seat == seat]


def status(table: Table) -> str:
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    return summary.status


def with_deadline(db: str, clock: Clock, policy: str = "wait", **kw: str) -> Table:
    table = table_at(db, clock)
    started(table, 3, options=kw.get("options", ""))
    table.ok("Arcsyn", "deadline 24h")
    table.ok("Arcsyn", f"on timeout {policy}")
    return table


# ---- deadlines ------------------------------------------------------------------------------


def test_reminders_come_halfway_and_an_hour_before_and_the_moderator_hears_of_the_end(
        db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    assert table.to_act() == "Arcsyn"
    clock.now += 11 * HOUR
    assert due(table) == []
    clock.now += 1 * HOUR
    [half] = due(table)
    assert "halfway" in half.text and f"due {mark(clock.now + 12 * HOUR)}" in half.text
    assert "of 24 h" not in half.text  # a time left is said as a moment, not a sum
    assert half.mentions == ["id-Arcsyn"]
    deadline = clock.now + 12 * HOUR
    assert due(table) == []  # given once
    clock.now += 11 * HOUR
    [hour] = due(table)
    assert "an hour from" in hour.text and hour.mentions == ["id-Arcsyn"]
    clock.now += 1 * HOUR
    [passed] = due(table)
    assert "Time ran out" in passed.text and "moderator Arcsyn" in passed.text
    assert "waits for them" in passed.text
    clock.now += 100 * HOUR
    assert due(table) == []  # `wait` does nothing more
    assert table.to_act() == "Arcsyn"
    assert f"overdue since {mark(deadline)}" in table.ok("Daemonis", "status").text


def test_a_restart_loses_nothing_and_sends_nothing_twice(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    clock.now += 12 * HOUR
    assert len(due(table)) == 1
    table.service.close()
    again = table_at(db, clock)
    assert due(again) == []  # the halfway reminder was given before the restart
    clock.now += 11 * HOUR
    [hour] = due(again)
    assert "an hour from" in hour.text


def test_the_clock_stops_while_the_game_is_paused(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    clock.now += 10 * HOUR
    table.ok("Arcsyn", "pause")
    clock.now += 100 * HOUR
    assert due(table) == []
    table.ok("Arcsyn", "resume")
    clock.now += 1 * HOUR
    assert due(table) == []
    clock.now += 1 * HOUR
    [half] = due(table)
    assert f"due {mark(clock.now + 12 * HOUR)}" in half.text  # 12 h left, as before the pause


def test_a_new_decision_starts_its_own_deadline(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    clock.now += 20 * HOUR
    table.ok("Arcsyn", "Place Office at C1")
    clock.now += 11 * HOUR
    assert due(table) == []


@pytest.mark.parametrize(("deadline", "said", "reminders"), [
    ("1h", "reminded once, halfway (30 min in)", ["halfway"]),
    ("2h", "reminded once, halfway (1 h in)", ["halfway"]),
    ("3h", "reminded halfway and an hour before", ["halfway", "an hour from"]),
])
def test_a_deadline_says_the_reminders_that_come(db: str, clock: Clock, deadline: str,
                                                 said: str, reminders: list[str]) -> None:
    table = table_at(db, clock)
    started(table, 3)
    text = table.ok("Arcsyn", f"deadline {deadline}").text
    assert said in text, text
    given = []
    for _ in range(4 * 60):  # a minute at a time, past the deadline
        clock.now += 60
        given += [r.text for r in due(table)]
    assert [next(w for w in ("halfway", "an hour from", "Time ran out") if w in g)
            for g in given] == [*reminders, "Time ran out"]


def test_deadlines_and_policies_are_within_limits_and_for_moderators(
        db: str, clock: Clock) -> None:
    table = table_at(db, clock)
    started(table, 3)
    before = table.snapshot()
    for text, reason in (("deadline 10m", "from 1 hour to 30 days"),
                         ("deadline 40d", "from 1 hour to 30 days"),
                         ("deadline soon", "written"),
                         ("on timeout later", "written")):
        reply = table.say("Arcsyn", text)
        assert not reply.ok and reason in reply.text, reply.text
    assert "Only a moderator" in table.say("Daemonis", "deadline 24h").text
    assert table.snapshot() == before
    table.ok("Arcsyn", "deadline 2d")
    assert "a deadline of 2 d per decision" in table.ok("Zed", "status").text
    table.ok("Arcsyn", "deadline off")
    assert "Waiting:" not in table.ok("Zed", "status").text


def _finish(table: Table, clock: Clock, seed: int = 0, bots: BotPlayers | None = None) -> int:
    """Play the game to its end: the absent seat never answers, the others play at random;
    returns how many turns of the scheduler loop played something (``bots``: the computer's
    players, which play the timed-out decisions of ``on timeout bot``)."""
    rng = random.Random(seed)
    turns = 0
    for _ in range(2000):
        if status(table) != "active":
            break
        seat = table.to_act()
        if seat == ABSENT:
            clock.now += 13 * HOUR
            turns += sum(1 for r in due(table) if "Time ran out" in r.text)
            if bots is not None:
                assert bots.wait_idle(60)
            continue
        assert seat is not None
        table.ok(seat, rng.choice(table.service.choices(table.place, actor(seat))))
        clock.now += 60
    return turns


def test_a_game_where_one_player_never_answers_finishes_under_idle(
        db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "idle", options="markers=6 clock_stones=2")
    assert _finish(table, clock) > 0
    assert status(table) == "over"
    absent = moves_of(table, ABSENT)
    assert absent and all(r.auto and r.user_id == "busbot" for r in absent)
    timed = [r for r in absent if r.data.get("reason") == "timeout"]
    assert timed and all(r.data["policy"] == "idle" and r.data["after"] == 24 * HOUR
                         for r in timed)
    assert {r.data.get("reason") for r in absent} <= {"timeout", "single"}
    log = table.ok("Daemonis", "log all").text
    assert f"{ABSENT}: " in log and "timed out after 24 h, idle" in log
    assert "**Round 2**" in log  # and what happened after the moves: buses, the clock, the end
    events = [line for line in log.splitlines() if line.startswith("  · ")]
    assert any("bus" in line for line in events) and "The game is over" in events[-1]


def test_a_game_where_one_player_never_answers_finishes_under_bot(
        db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "bot", options="markers=6 clock_stones=2")
    bots = BotPlayers(table.service, playouts=8)  # a small search keeps the test quick
    try:
        assert _finish(table, clock, seed=4, bots=bots) > 0
    finally:
        bots.close()
    assert status(table) == "over"
    timed = [r for r in moves_of(table, ABSENT) if r.data.get("reason") == "timeout"]
    assert timed and all(r.data["policy"] == "bot" and r.user_id == "busbot" for r in timed)
    assert "timed out after 24 h, bot" in table.ok("Daemonis", "log all").text


def test_a_restart_in_the_middle_of_a_timed_out_game_goes_on(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "idle", options="markers=6 clock_stones=2")
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    table.ok("Daemonis", "Place House at C3")
    table.ok("Daemonis", "Place Office at C4")
    clock.now += 30 * HOUR
    table.service.close()
    table = table_at(db, clock)
    [passed] = due(table)
    assert "Time ran out" in passed.text and f"{ABSENT}: Place" in passed.text
    assert "(automatic: time ran out)" in passed.text
    _finish(table, clock, seed=2)
    assert status(table) == "over"


def test_a_moderator_undoes_a_timed_out_move_alone(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "idle")
    table.ok("Arcsyn", "Place Office at C1")
    clock.now += 25 * HOUR
    [passed] = due(table)
    assert "Arcsyn: Place" in passed.text
    refused = table.say("Arcsyn", "undo")  # Arcsyn plays the seat, and moderates
    assert not refused.ok and "`undo Arcsyn`" in refused.text
    undone = table.ok("Arcsyn", "undo Arcsyn")
    assert "took back Arcsyn's move" in undone.text
    kept = [r for r in moves_of(table, "Arcsyn")]
    assert len(kept) == 2  # the undo took the timed-out move only
    assert table.to_act() == "Arcsyn"


def _overdue(db: str, clock: Clock) -> Table:
    """A game whose deadline passed under ``wait``: the game still waits for Arcsyn."""
    table = with_deadline(db, clock, "wait")
    deadline = clock.now + 24 * HOUR
    clock.now += 25 * HOUR
    [passed] = due(table)
    assert "Time ran out for Arcsyn" in passed.text and "(timeout policy `wait`)" in passed.text
    assert f"Arcsyn (overdue since {mark(deadline)})" in table.ok("Zed", "status").text
    return table


def test_a_policy_switched_on_an_overdue_decision_plays_it_at_once(db: str,
                                                                   clock: Clock) -> None:
    """After "Time ran out for Ben ... (timeout policy `wait`)", ``on timeout idle`` answered
    only with the policy, and ``status`` still said "waiting 25 h of 24 h" a minute later."""
    table = _overdue(db, clock)
    clock.now += 60
    switched = table.ok("Arcsyn", "on timeout idle")
    assert "Arcsyn's deadline had already passed (25 h of 24 h), so `idle` plays that " \
           "decision now:" in switched.text
    assert "Arcsyn: Place" in switched.text and switched.picture is not None
    timed = [r for r in moves_of(table, "Arcsyn") if r.data.get("reason") == "timeout"]
    assert timed and all(r.data["policy"] == "idle" and r.data["after"] == 24 * HOUR
                         for r in timed)
    clock.now += 60
    shown = table.ok("Zed", "status").text
    assert "25 h of 24 h" not in shown and "Arcsyn (overdue" not in shown
    assert due(table) == []  # and the scheduler plays nothing twice


def test_the_computer_takes_an_overdue_decision_once_the_policy_is_bot(db: str,
                                                                       clock: Clock) -> None:
    table = _overdue(db, clock)
    bots = BotPlayers(table.service, playouts=8)  # a small search keeps the test quick
    try:
        switched = table.ok("Arcsyn", "on timeout bot")
        assert "Arcsyn's deadline had already passed (25 h of 24 h), so the computer player " \
               "takes that decision now" in switched.text
        assert bots.wait_idle(60)
    finally:
        bots.close()
    timed = [r for r in moves_of(table, "Arcsyn") if r.data.get("reason") == "timeout"]
    assert timed and all(r.data["policy"] == "bot" for r in timed)
    assert table.to_act() != "Arcsyn"
    shown = table.ok("Zed", "status").text
    assert "25 h of 24 h" not in shown and "overdue" not in shown


def test_an_overdue_decision_no_policy_plays_says_why_and_what_to_write(db: str,
                                                                        clock: Clock) -> None:
    table = _overdue(db, clock)
    again = table.ok("Arcsyn", "on timeout wait")
    assert "Arcsyn's deadline has passed (25 h of 24 h) and the game still waits for them: " \
           "`on timeout idle` or `on timeout bot` plays that decision now" in again.text
    table.ok("Arcsyn", "pause")
    paused = table.ok("Arcsyn", "on timeout idle")
    assert "the game is paused: `resume` and `idle` plays that decision at once" in paused.text
    assert not [r for r in moves_of(table, "Arcsyn") if r.data.get("reason") == "timeout"]
    resumed = table.ok("Arcsyn", "resume")
    assert "so `idle` plays that decision now" in resumed.text and "Arcsyn: Place" in resumed.text
    assert [r for r in moves_of(table, "Arcsyn") if r.data.get("reason") == "timeout"]


def test_an_overdue_decision_of_a_player_now_away_follows_the_away_policy(
        db: str, clock: Clock) -> None:
    table = _overdue(db, clock)
    table.ok("Arcsyn", "away 2d")
    reply = table.ok("Arcsyn", "on timeout idle")
    assert "Arcsyn is away until" in reply.text and "`on away idle`" in reply.text
    assert table.to_act() == "Arcsyn"
    played = table.ok("Arcsyn", "on away idle")
    assert "(automatic: the player is away)" in played.text and table.to_act() != "Arcsyn"


# ---- time away ------------------------------------------------------------------------------


def test_an_away_player_is_never_pinged_and_their_deadline_waits(
        db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "idle")
    table.ok("Arcsyn", "Place Office at C1")
    table.ok("Arcsyn", "Place Pub at C2")
    reply = table.ok("Daemonis", "away 3d")
    assert "away until" in reply.text and reply.mentions == []
    assert "away until" in table.ok("Zed", "status").text
    for turn in range(6):
        clock.now += 12 * HOUR
        assert due(table) == []
        if turn == 2:  # a restart in the middle of the time away changes nothing
            table.service.close()
            table = table_at(db, clock)
    assert moves_of(table, "Daemonis") == []
    clock.now += 11 * HOUR  # back: the deadline counts from the end of the time away
    assert due(table) == []
    clock.now += 1 * HOUR
    [half] = due(table)
    assert "halfway" in half.text and half.mentions == ["id-Daemonis"]


def test_back_ends_time_away_and_pings_again(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    table.ok("Daemonis", "away until 2027-02-01")  # the clock reads 15 January 2027
    moved = table.ok("Arcsyn", "Place Office at C1 and Place Pub at C2")
    assert moved.mentions == []  # Daemonis is away: no ping for their turn
    table.ok("Daemonis", "back")
    assert not table.say("Daemonis", "back").ok
    clock.now += 12 * HOUR
    [half] = due(table)
    assert half.mentions == ["id-Daemonis"]


def test_away_is_bounded_and_only_for_oneself(db: str, clock: Clock) -> None:
    table = table_at(db, clock)
    started(table, 3)
    assert "at most 60 days" in table.say("Daemonis", "away 90d").text
    assert "at most 60 days" in table.say("Daemonis", "away until 2099-01-01").text
    assert not table.say("Zed", "away 3d").ok


def test_a_delegated_away_seat_plays_itself_the_least_disruptive_way(
        db: str, clock: Clock) -> None:
    table = with_deadline(db, clock, "idle")
    table.ok("Arcsyn", "on away idle")
    table.ok("Daemonis", "away 2d")
    table.ok("Arcsyn", "Place Office at C1")
    reply = table.ok("Arcsyn", "Place Pub at C2")
    assert "(automatic: the player is away)" in reply.text
    assert reply.mentions == ["id-Hedgethorn"]
    assert table.to_act() == ABSENT
    auto = moves_of(table, "Daemonis")
    assert len(auto) == 2 and all(r.data["reason"] == "away" for r in auto)


# ---- plans ----------------------------------------------------------------------------------


SETUP = [("Arcsyn", "Place Office at C1"), ("Arcsyn", "Place Pub at C2"),
         ("Daemonis", "Place House at C3"), ("Daemonis", "Place Office at C4"),
         ("Hedgethorn", "Place Pub at E3"), ("Hedgethorn", "Place House at W3"),
         ("Arcsyn", "Start line between E5 and S5"), ("Daemonis", "Start line between C2 and C3"),
         ("Hedgethorn", "Start line between E2 and ES"),
         ("Hedgethorn", "Extend line from ES to E5"),
         ("Daemonis", "Extend line from C3 to C4"), ("Arcsyn", "Extend line from S5 to S7")]


def choosing(db: str, clock: Clock) -> Table:
    table = table_at(db, clock)
    started(table, 3)
    for name, move in SETUP:
        table.ok(name, move)
    assert table.to_act() == "Arcsyn"
    return table


def test_a_plan_plays_when_its_turns_come_and_status_shows_only_that_there_is_one(
        db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    made = table.ok("Daemonis", "plan: choose vrrooomm, then choose buses, then pass")
    assert "a plan of 3 steps" in made.text and "Vrrooomm" not in made.text
    shown = table.ok("Zed", "status").text
    assert "Daemonis (has a plan)" in shown and "Vrrooomm" not in shown
    table.service.close()  # a plan is stored: it survives a restart
    table = table_at(db, clock)
    reply = table.ok("Arcsyn", "choose passengers")
    assert "Daemonis chooses Vrrooomm" in reply.text and "(planned)" in reply.text
    assert table.to_act() == ABSENT
    table.ok(ABSENT, "choose lines")
    table.ok("Arcsyn", "choose buildings")
    planned = [r for r in moves_of(table, "Daemonis") if r.data.get("reason") == "plan"]
    assert [r.text for r in planned] == ["Choose Vrrooomm", "Choose Buses"]
    assert "has a plan" in table.ok("Zed", "status").text
    assert table.ok("Daemonis", "plan").text == "Your plan: Pass."


def test_a_broken_plan_stops_and_pings_its_player(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    table.ok("Daemonis", "plan: choose buses, then choose clock")
    table.ok(ABSENT, "plan: choose clock")
    reply = table.ok("Arcsyn", "choose passengers")
    # Daemonis takes Buses; Hedgethorn's Clock is played; Arcsyn chooses again...
    assert "(planned)" in reply.text
    reply = table.ok("Arcsyn", "choose vrrooomm")
    assert "Daemonis's plan stopped" in reply.text and "id-Daemonis" in reply.mentions
    assert table.to_act() == "Daemonis"
    assert "has a plan" not in table.ok("Zed", "status").text


def test_plan_pass_this_round_and_clear(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    table.ok("Daemonis", "plan pass this round")
    table.ok("Arcsyn", "choose passengers")
    broken = [r for r in records(table) if r.kind == "plan" and r.data.get("broken")]
    assert broken  # passing is not legal before two markers: the plan stops at once
    table.ok(ABSENT, "plan: choose buses")
    table.ok(ABSENT, "plan clear")
    assert not table.say(ABSENT, "plan clear").ok
    assert "has a plan" not in table.ok("Zed", "status").text


def test_undo_of_a_move_before_a_plan_clears_it(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    table.ok("Arcsyn", "choose passengers")
    table.ok("Hedgethorn", "plan: choose clock")
    table.ok("Arcsyn", "undo")  # Arcsyn's own move, made before the plan
    assert "has a plan" not in table.ok("Zed", "status").text


def test_plans_are_bounded_and_for_seated_players(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    before = table.snapshot()
    assert "at most 20 steps" in table.say("Daemonis", "plan: " + ", ".join(
        ["pass"] * 21)).text
    assert not table.say("Zed", "plan: pass").ok
    assert not table.say("Daemonis", "plan: choose teleport").ok
    assert table.snapshot() == before


# ---- auto_single ----------------------------------------------------------------------------


def test_auto_single_is_on_for_new_games_and_a_moderator_turns_it_off(
        db: str, clock: Clock) -> None:
    table = table_at(db, clock)
    table.ok("Arcsyn", "new game")
    assert "auto_single=true" in table.ok("Arcsyn", "status").text
    assert "Only a moderator" in table.say("Daemonis", "auto_single off").text
    table.ok("Arcsyn", "auto_single off")
    created = records(table)
    assert created[-1].kind == "setting" and created[-1].data == {
        "name": "auto_single", "value": False}


# ---- the log and every game at a glance -------------------------------------------------


def test_the_log_has_round_headers_events_and_log_since_me(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    table.ok("Arcsyn", "choose buses")
    table.ok("Daemonis", "choose clock")
    for name in ("Hedgethorn", "Arcsyn", "Daemonis", "Hedgethorn", "Arcsyn", "Daemonis",
                 "Hedgethorn"):
        table.ok(name, table.service.choices(table.place, actor(name))[0])
    log = table.ok("Zed", "log all").text.splitlines()
    assert log.index("**Setup**") < log.index("12. Arcsyn: Extend line from S5 to S7") \
        < log.index("**Round 1**") < log.index("13. Arcsyn: Choose Buses")
    since = table.ok("Daemonis", "log since me").text
    assert since.startswith("Since your last move (") and "Choose Clock" not in since.split(
        "\n", 1)[1]
    assert not table.say("Zed", "log since me").ok


def test_games_lists_whose_turn_it_is_theirs_first_and_games_waiting_the_stalled(
        tmp_path: Path, clock: Clock) -> None:
    db = str(tmp_path / "many.db")
    first = table_at(db, clock)
    started(first, 3)
    second = Table(first.service, place="channel-2")
    started(second, 3, names=("Daemonis", "Arcsyn", "Hedgethorn"), creator="Daemonis")
    second.ok("Daemonis", "deadline 24h")
    began, ends = mark(clock.now), mark(clock.now + 24 * HOUR)
    clock.now += 30 * HOUR
    listed = first.ok("Arcsyn", "games").text.splitlines()
    assert listed[0] == "2 open games, 1 waiting for you:"
    assert listed[1].startswith(f"• Game 1 in channel-1: waits for you (turn began {began}")
    assert listed[2] == (f"• Game 2 in channel-2: waits for Daemonis (turn began {began}, "
                         f"overdue since {ends})")
    assert "Only a moderator" in first.say("Zed", "games waiting").text
    waiting = first.ok("Arcsyn", "games waiting").text.splitlines()
    assert waiting == ["1 game waiting longer than their deadline (or 48 h):",
                       f"• Game 2 in channel-2: waits for Daemonis (turn began {began}, "
                       f"overdue since {ends})"]


# ---- the console runs the same loop ---------------------------------------------------------


class Waiting(io.StringIO):
    """Standard input whose ``# wait N h`` lines move the clock on as they are read."""

    def __init__(self, text: str, clock: Clock) -> None:
        super().__init__(text)
        self.clock = clock

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        if line.startswith("# wait "):
            self.clock.now += float(line.split()[2]) * HOUR
        return line


def test_the_console_table_runs_the_scheduler_before_each_line(
        tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "c.db"), renderer=None, clock=clock,
                          bind_imported_names=True, rate_limits=False)
    lines = ["Ada: new game", "Ada: join", "Bram: join", "Cleo: join",
             "Ada: start order: Ada, Bram, Cleo", "Ada: deadline 24h", "Ada: on timeout idle",
             "# wait 12.5", "# wait 12", "Bram: status"]
    out = io.StringIO()
    assert console.run(service, Waiting("\n".join(lines) + "\n", clock), out,
                       str(tmp_path)) == 0
    text = out.getvalue()
    assert text.index("Reminder (halfway") < text.index("Time ran out for Ada") \
        < text.index("Ada: Place") < text.index("Game 1 (capstone edition)")
    assert "ping: @Ada" in text
    service.close()


def test_a_nudge_never_pings_an_away_player(db: str, clock: Clock) -> None:
    table = table_at(db, clock)
    started(table, 3)
    table.ok("Arcsyn", "away 2d")
    nudged = table.ok("Daemonis", "nudge", manager=True)
    assert "nudges Arcsyn" in nudged.text and nudged.mentions == []


def test_deadlines_away_and_plans_travel_in_a_json_export(db: str, clock: Clock) -> None:
    table = choosing(db, clock)
    table.ok("Arcsyn", "deadline 24h")
    table.ok("Arcsyn", "on timeout idle")
    table.ok("Daemonis", "away 2d")
    table.ok(ABSENT, "plan: choose clock")
    exported = table.export("json")
    other = Table(table.service, place="channel-2")
    other.ok("Zed", "import", attachments=[Attachment("game.json", exported.encode())])
    shown = other.ok("Zed", "status").text
    assert "a deadline of 24 h per decision (then `idle`)" in shown
    seats = {line.split()[0]: line for line in shown.splitlines() if line.startswith("  ")}
    assert "(away until" in seats["Daemonis"] and "(has a plan)" in seats[ABSENT]
    assert "has a plan" not in seats["Arcsyn"]


def test_the_seat_facts_are_the_pictures_seat_notes(db: str, clock: Clock) -> None:
    table = with_deadline(db, clock)
    table.ok("Daemonis", "away 2d")
    table.ok(ABSENT, "plan: pass")
    clock.now += 14 * HOUR
    record = GameRecord.fold(table.game_id(), table.place, records(table))
    assert seat_notes(record, build_game(record), clock.now) == {
        "Arcsyn": "due in 10 hours", "Daemonis": "away until Jan 17, 08:00 UTC",
        ABSENT: "has a plan"}


def test_a_console_left_open_at_a_terminal_is_reminded_without_a_line_typed(
        tmp_path: Path, clock: Clock) -> None:
    table = Table(GameService(str(tmp_path / "c.db"), renderer=None, clock=clock,
                              rate_limits=False), place=console.PLACE)
    started(table, 3)
    table.ok("Arcsyn", "deadline 24h")
    clock.now += 13 * HOUR
    out = io.StringIO()
    ticker = console.Ticker(table.service, out, str(tmp_path), threading.Lock(), every=0.0)
    ticker.start()
    assert ticker.looked.wait(30)
    ticker.stop()
    assert "Reminder (halfway" in out.getvalue() and "ping: @id-Arcsyn" in out.getvalue()
    table.service.close()


def test_games_on_discord_lists_this_servers_games_only(tmp_path: Path, clock: Clock) -> None:
    service = GameService(str(tmp_path / "s.db"), renderer=None, clock=clock,
                          rate_limits=False)
    ours, theirs = Actor("101", "Ada", server="1"), Actor("202", "Bo", server="2")
    service.handle("900", ours, "new game")
    service.handle("901", theirs, "new game")
    assert service.handle("900", ours, "games").text.splitlines() == [
        "1 open game:", "• Game 1 in <#900>: being set up (nobody seated)"]
    assert "Game 1" not in service.handle("901", theirs, "games").text
    private = service.handle("dm", Actor("101", "Ada"), "games")  # a direct message
    assert not private.ok and "ask in one of its channels" in private.text
    service.close()


def test_a_round_plan_that_passed_is_done_and_never_reported_broken(db: str,
                                                                    clock: Clock) -> None:
    """``plan pass this round`` was reported as a broken plan after it did its job ("Cat's plan
    stopped: Pass is not legal now...", with a ping) at its player's next decision, while the
    actions resolved."""
    table = choosing(db, clock)
    for name, move in (("Arcsyn", "choose passengers"), ("Daemonis", "choose lines"),
                       (ABSENT, "choose buses"), ("Arcsyn", "choose buildings"),
                       ("Daemonis", "choose vrrooomm")):
        table.ok(name, move)
    table.ok("Daemonis", "plan pass this round")
    table.ok(ABSENT, "choose clock")
    passed = table.ok("Arcsyn", "pass")
    assert "Daemonis passes" in passed.text and "(planned)" in passed.text
    assert "has a plan" not in table.ok("Zed", "status").text  # its job is done
    resolved = table.ok(ABSENT, "pass")  # every marker is placed: Line expansion for Daemonis
    assert table.to_act() == "Daemonis"
    assert "plan stopped" not in resolved.text and "id-Daemonis" in resolved.mentions
    assert not [r for r in records(table) if r.kind == "plan" and r.data.get("broken")]


def test_a_round_plan_is_refused_while_no_actions_are_chosen(db: str, clock: Clock) -> None:
    table = table_at(db, clock)
    started(table, 3)
    before = table.snapshot()
    reply = table.say("Arcsyn", "plan pass this round")
    assert not reply.ok and "once round 1 begins" in reply.text
    assert table.snapshot() == before
