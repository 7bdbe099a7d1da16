"""``review`` through the service (issue 36): a finished game's review answers with its text
and its chart, made on the heavy worker's path as one of the place's animations and kept, so
asking again is free and gives the same; a running game at a real table is refused (it would
be advice), a practice game is reviewed at any time; forgetting a member drops the review that
names them."""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from ai.review import REVIEW_PLAYOUTS, Review, review
from bot.service import GameService
from bot.service.ratings.counting import PRACTICE_PLACE
from bot.service.store import reviews
from bot.service.store.privacy import forget
from bot.service.thinking import run_apart
from bot.service.verbs import review as review_verb
from bot.service.verbs.review import ReviewJob
from bot.service.words.catalogue import say
from engine import GameLog, replay
from engine.text import ENGLISH
from tests.service_support import PNG_SIGNATURE, Table, actor, fake_png, open_table, started
from tests.test_service_story import short_game


def _finished(tmp_path: Path) -> Table:
    table = Table(GameService(str(tmp_path / "busbot.db"), renderer=fake_png, stories=True))
    short_game(table)
    assert "Daemonis wins" in table.ok("Arcsyn", "Stop time").text  # one animation drawn
    return table


def _kept_rows(table: Table) -> int:
    with sqlite3.connect(table.service.store.path) as conn:
        return int(conn.execute("SELECT count(*) FROM reviews").fetchone()[0])


def test_a_finished_games_review_tells_and_charts_it_and_is_kept(tmp_path: Path) -> None:
    table = _finished(tmp_path)
    before = table.snapshot()
    first = table.ok("Zed", "review")  # anyone at the table
    assert first.text.startswith("The review of game 1:\nThe computer's search judged the "
                                 "game's ")
    assert "Who was ahead, by the chance of winning as each round began: " in first.text
    assert "Good decisions (within 5 percentage points of the computer's choice): " in first.text
    assert [f.filename for f in first.files] == ["bus-game1-review.png"]
    assert first.files[0].data.startswith(PNG_SIGNATURE)
    assert table.snapshot() == before and _kept_rows(table) == 1  # the game is unchanged
    # the place's two animations for now are spent (the final message's and the review's)...
    refused = table.say("Zed", "replay")
    assert not refused.ok and "try `replay` again in" in refused.text
    # ...yet asking again is free: the same review, read back
    again = table.ok("Daemonis", "review")
    assert again.text == first.text and _kept_rows(table) == 1


def test_the_kept_review_is_the_games_review_at_the_stated_budget(tmp_path: Path) -> None:
    """The same numbers as reviewing the exported log: a review is the game's, not the
    moment's."""
    table = _finished(tmp_path)
    table.ok("Zed", "review")
    game = replay(GameLog.parse(table.export("txt")))
    kept = reviews.kept(table.service.store, 1, len(game.history), REVIEW_PLAYOUTS)
    assert kept == review(game)


def test_a_new_review_is_one_of_the_places_animations(tmp_path: Path) -> None:
    table = _finished(tmp_path)
    table.ok("Zed", "replay")  # the place's second animation for now (the final message's
    # was the first)
    refused = table.say("Zed", "review")
    assert not refused.ok and "try `review` again in" in refused.text
    assert _kept_rows(table) == 0


def test_a_running_game_at_a_real_table_is_not_reviewed(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"))
    table.ok("Arcsyn", "new game")
    assert "nothing to review yet" in table.say("Arcsyn", "review").text
    table.ok("Arcsyn", "join")
    table.ok("Daemonis", "join")
    table.ok("Hedgethorn", "join")
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")
    table.ok("Arcsyn", "Place House at C1")
    before = table.snapshot()
    refused = table.say("Daemonis", "review")
    assert not refused.ok and refused.text.startswith(
        "A game is reviewed once it is over: a review now would be advice to its players. "
        "A practice game can be reviewed at any time.")
    assert table.snapshot() == before


def test_a_practice_game_is_reviewed_part_of_the_way(tmp_path: Path) -> None:
    table = Table(GameService(str(tmp_path / "busbot.db"), renderer=fake_png, stories=True,
                              rate_limits=False), PRACTICE_PLACE)
    started(table)
    table.ok("Arcsyn", "Place House at C1")
    reply = table.ok("Arcsyn", "review")
    assert "The game is not over: this covers its first 1 move." in reply.text
    assert [f.filename for f in reply.files] == [f"bus-game{table.game_id()}-review.png"]


def test_forgetting_a_member_drops_the_review_that_names_them(tmp_path: Path) -> None:
    table = _finished(tmp_path)
    table.ok("Zed", "review")
    forget(table.service.store, actor("Daemonis").user_id)
    assert _kept_rows(table) == 0


def test_the_page_made_after_a_review_carries_its_strip(tmp_path: Path) -> None:
    table = Table(GameService(str(tmp_path / "busbot.db"), renderer=fake_png, stories=True,
                              rate_limits=False))
    short_game(table)
    table.ok("Arcsyn", "Stop time")
    before = table.ok("Zed", "export html").files[0].data.decode("utf-8")
    assert 'id="review-strip"' not in before
    said = table.ok("Zed", "review").text
    assert "`export html` now makes the game's page with the review" in said
    after = table.ok("Zed", "export html").files[0].data.decode("utf-8")
    assert 'id="review-strip"' in after and 'class="mark turning"' in after


def test_a_review_is_computed_on_a_process_of_its_own_replaced_when_killed() -> None:
    """The half-minute search never runs on the bot's own process (it would hold the
    interpreter's lock the event loop needs); a killed worker is replaced on the next call."""
    first = run_apart(os.getpid)
    assert first != os.getpid()
    os.kill(first, signal.SIGKILL)
    second = run_apart(os.getpid)
    assert second not in (first, os.getpid())


def test_where_no_charts_are_drawn_the_review_is_told_without_its_chart(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "busbot.db"), place=PRACTICE_PLACE)  # no charts here
    started(table)
    table.ok("Arcsyn", "Place House at C1")
    reply = table.ok("Arcsyn", "review")
    assert "(Charts and animations are not drawn here.)" in reply.text
    assert "The game is not over: this covers its first 1 move." in reply.text
    assert reply.files == []


def test_a_review_being_made_reports_how_far_it_is_three_times_from_its_process(
        tmp_path: Path) -> None:
    """The search's progress crosses from its process (a pipe) to whoever asked: 25%, 50%,
    75%, never more (the budget of edits on Discord); the review is the same as unreported."""
    table = _finished(tmp_path)
    live = table.service.live_copy(table.place)
    assert live is not None and live.game is not None
    told: list[str] = []
    job = ReviewJob(live.game.copy(), 1, table.service.store, None, chart=False)
    notes, files = job.reporting(told.append)(0, ENGLISH)
    assert told == [f"Reviewing game 1: {p}%…" for p in (25, 50, 75)]
    assert files == [] and say(notes[0], ENGLISH).startswith("The computer's search judged")
    kept = reviews.kept(table.service.store, 1, len(live.game.history), REVIEW_PLAYOUTS)
    assert kept == review(live.game)


def test_a_review_asked_twice_before_it_is_made_is_made_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Discord the place's lock is not held while a review is made, so a second `review`
    may be handled before the first is kept: when its turn on the heavy worker comes, it reads
    the first one's instead of searching again."""
    table = _finished(tmp_path)
    live = table.service.live_copy(table.place)
    assert live is not None and live.game is not None
    searches: list[int] = []

    def counted(call: Callable[..., Review], *args: object,
                progress: Callable[[int, int], None] | None = None) -> Review:
        searches.append(1)
        return run_apart(call, *args, progress=progress)

    monkeypatch.setattr(review_verb, "run_apart", counted)
    first, second = (ReviewJob(live.game.copy(), 1, table.service.store, None, chart=False)
                     for _ in range(2))
    told = first(0, ENGLISH)[0]
    assert second(0, ENGLISH)[0] == told and searches == [1]
