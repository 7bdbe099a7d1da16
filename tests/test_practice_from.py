"""``busbot practice --from GAME --move N`` (issue 36): a practice table set at a position of a
finished game, you in one seat and the computer in the others, drawn exactly as the real game
was at that move but for the banner; the real game is only read, and a running game, a move out
of range, an unknown seat or a practice table still in play are refused with a sentence."""

from __future__ import annotations

import io
from pathlib import Path

from bot import console, practice, practice_from
from bot.api import Actor
from bot.cli import build_parser
from bot.service import GameService
from engine import GameLog, replay
from render.page_frames import PARTS, frames
from tests.service_support import Table, open_table, started
from tests.test_discord_game import SHORT_GAME, steps

NAMES = ("Arcsyn", "Daemonis", "Hedgethorn")


def _finished(db: Path) -> str:
    """Game 1 played to its end in ``db``; its text export as it stands (a practice from it must
    leave it so)."""
    table = open_table(str(db))
    started(table, options="clock_stones=1", names=NAMES)
    for step in steps(SHORT_GAME):
        table.ok(step.player, step.move)
    exported = table.service.export(1, "txt")
    table.service.close()
    return exported


def _practise(db: Path, *more: str) -> str:
    args = build_parser().parse_args(["practice", "--db", str(db), "--no-pictures", *more])
    out = io.StringIO()
    practice.main(args, stdin=io.StringIO(""), stdout=out)
    return out.getvalue()


def _drawn(game_log: str, at: int) -> dict[str, list[str]]:
    """What the table picture shows after move ``at``, part by part."""
    game = replay(GameLog.parse(game_log))
    drawn = frames(game)
    row = drawn.positions[at]
    return {name: [drawn.elements[i] for i in drawn.lists[row[k]]]
            for k, (name, _where, _draw) in enumerate(PARTS)}


def test_practice_from_a_finished_games_move_is_that_position(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    real_before = _finished(db)
    said = _practise(db, "--from", "1", "--move", "12", "--level", "easy")
    assert "A practice game from game 1 at move 12: you play Arcsyn, the computer the other " \
           "seats (easy)." in said
    service = GameService(str(db), renderer=None)
    try:
        assert service.export(1, "txt") == real_before  # the real game is only read
        summary = service.store.latest_game(practice.PLACE)
        assert summary is not None and summary.id == 2
        copy = service.export(2, "txt")
        where = service.where_things_stand(practice.PLACE) or ""
        status = service.handle(practice.PLACE, Actor("Arcsyn", "Arcsyn"), "status").text
    finally:
        service.close()
    assert "12 moves played" in where and "Next: Arcsyn" in where
    real, practised = _drawn(real_before, 12), _drawn(copy, 12)
    assert {k: v for k, v in real.items() if k != "banner"} == {
        k: v for k, v in practised.items() if k != "banner"}
    # the other seats are the computer's now, yours is yours
    assert "Daemonis (played by bot (easy))" in status
    assert "Hedgethorn (played by bot (easy))" in status
    assert "Arcsyn (played by" not in status


def test_practice_from_is_refused_where_it_cannot_be(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    running = Table(GameService(str(db), renderer=None, rate_limits=False))
    started(running, options="clock_stones=1", names=NAMES)
    running.ok("Arcsyn", "Place House at C1")
    running.service.close()
    assert "Game 1 is still being played: practise from it once it is over" in _practise(
        db, "--from", "1", "--move", "1")
    assert "There is no game 9 here." in _practise(db, "--from", "9")
    other = tmp_path / "other.db"
    _finished(other)
    assert "Game 1 has 23 moves: choose a move from 0 to 23." in _practise(
        other, "--from", "1", "--move", "24")
    assert "Game 1 is over at move 23: choose an earlier move." in _practise(
        other, "--from", "1", "--move", "23")
    assert "Game 1 has no seat Zed; its seats: Arcsyn, Daemonis, Hedgethorn." in _practise(
        other, "--from", "1", "--move", "3", "--seat", "Zed")
    _practise(other, "--from", "1", "--move", "3", "--seat", "daemonis")
    assert "Your practice game goes on: finish it (or `abandon` it) before practising from " \
           "another position." in _practise(other, "--from", "1", "--move", "5")


def _at_the_console(db: Path, *lines: str) -> str:
    service = GameService(str(db), renderer=None, bind_imported_names=True, rate_limits=False)
    out = io.StringIO()
    try:
        assert console.run(service, io.StringIO("\n".join(lines) + "\n"), out, str(db.parent)) == 0
    finally:
        service.close()
    return out.getvalue()


def test_practice_from_at_the_console_opens_a_table_at_that_position(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    real_before = _finished(db)
    said = _at_the_console(db, "Ada: practice from game 1 move 12 easy", "Arcsyn: status",
                           "leave practice", "Ada: status")
    assert "A practice game from game 1 at move 12: you play Arcsyn, the computer the other " \
           "seats (easy)." in said
    assert "Lines now go to the practice table: `Arcsyn: text` plays your seat" in said
    # the status was the practice table's: the other seats are the computer's, Arcsyn yours
    practised_part, back_part = said.split("(Lines go to the console's table.)")
    assert "Daemonis (played by bot (easy))" in practised_part
    assert "Hedgethorn (played by bot (easy))" in practised_part
    assert "Arcsyn (played by" not in practised_part
    assert "played by bot" not in back_part  # the console's own table (no game there)
    service = GameService(str(db), renderer=None)
    try:
        assert service.export(1, "txt") == real_before  # the real game is only read
        summary = service.store.latest_game(practice.PLACE)
        assert summary is not None and summary.id == 2
        copy = service.export(2, "txt")
    finally:
        service.close()
    real, practised = _drawn(real_before, 12), _drawn(copy, 12)
    assert {k: v for k, v in real.items() if k != "banner"} == {
        k: v for k, v in practised.items() if k != "banner"}


def test_practice_from_at_the_console_is_refused_with_a_sentence(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    _finished(db)
    said = _at_the_console(db, "Ada: practice from game 9 move 1",
                           "Ada: practice from game 1 move 24",
                           "Ada: practice from game 1 move 23",
                           "Ada: practice from game 1 move 3 as Zed")
    assert "There is no game 9 here." in said
    assert "Game 1 has 23 moves: choose a move from 0 to 23." in said
    assert "Game 1 is over at move 23: choose an earlier move." in said
    assert "Game 1 has no seat Zed; its seats: Arcsyn, Daemonis, Hedgethorn." in said
    assert "Lines now go to the practice table" not in said
    service = GameService(str(db), renderer=None)
    try:
        assert service.store.latest_game(practice.PLACE) is None  # nothing was made
    finally:
        service.close()
    said = _at_the_console(db, "Ada: practice from game 1 move 3 as daemonis",
                           "Ada: practice from game 1 move 5")
    assert "you play Daemonis" in said
    assert "Your practice game goes on: finish it (or `abandon` it) before practising from " \
           "another position." in said


def test_a_practice_table_counts_against_the_askers_daily_games(tmp_path: Path) -> None:
    db = tmp_path / "busbot.db"
    _finished(db)
    service = GameService(str(db), renderer=None, bind_imported_names=True)
    ada = Actor("Ada", "Ada")
    try:
        for table in range(10):  # a day's worth of new games
            assert service.handle(f"table-{table}", ada, "new game").ok
        opened = practice_from.open_from(service, practice.PLACE, 1, 12, None, "easy", ada)
        assert opened.seat is None
        assert "You have created many games today" in opened.said[0].text
        assert service.store.latest_game(practice.PLACE) is None  # nothing was made
        # another member's allowance is their own
        bram = practice_from.open_from(service, practice.PLACE, 1, 12, None, "easy",
                                  Actor("Bram", "Bram"))
        assert bram.seat == "Arcsyn" and service.store.latest_game(practice.PLACE) is not None
    finally:
        service.close()
