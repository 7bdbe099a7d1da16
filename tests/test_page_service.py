"""The game's page through the service and the command line: ``export html`` in a channel,
``busbot export ID --format html`` and ``busbot html LOG``, with the records' notes, within the
picture and animation allowances, and kept out of a message it would not fit in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import GameService
from bot.service.drawing.page_job import draw_page
from bot.service.words.catalogue import say
from render.page_notes import PageNotes
from tests.page_support import short_game, short_log
from tests.service_support import SETUP, Table, fake_png, play, started
from tests.test_discord_game import SHORT_GAME, steps


def page_table(path: Path, *, rate_limits: bool = False) -> Table:
    return Table(GameService(str(path / "busbot.db"), renderer=fake_png, stories=True,
                             rate_limits=rate_limits))


def log_line(html: str, move: int) -> str:
    """Move ``move``'s entry in the page's log, as text."""
    found = re.search(rf'<li class="([^"]*)" id="m{move}" data-move="{move}">(.*?)</li>', html)
    assert found is not None, f"no move {move} in the log"
    return found.group(1) + " | " + re.sub(r"<[^>]+>", "", found.group(2))


def test_export_html_marks_corrections_undos_and_moves_made_for_a_seat(tmp_path: Path) -> None:
    table = page_table(tmp_path)
    table.ok("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        table.ok(name, "join")
    assert "no page yet" in table.say("Daemonis", "export html").text
    table.ok("Arcsyn", "start order: Arcsyn, Daemonis, Hedgethorn")
    play(table, SETUP[:3])
    table.ok("Arcsyn", "as Daemonis: Place Office at C4")  # the moderator, for Daemonis
    table.ok("Hedgethorn", "Place Pub at E3")
    table.ok("Arcsyn", "undo Hedgethorn")  # Hedgethorn's pub, taken back (issue 19: named)
    table.ok("Hedgethorn", "Place Pub at E5")
    table.say("Arcsyn", "correct 1: Place Office at C2")  # replays 5 moves: asked first
    table.ok("Arcsyn", "confirm")
    reply = table.ok("Bram", "export html")
    assert [f.filename for f in reply.files] == ["bus-game1.html"]
    assert "Game 1 as a page" in reply.text and "The game's page, bus-game1.html" in reply.text
    html = reply.files[0].data.decode("utf-8")
    assert "<title>Bus, game 1: Arcsyn, Daemonis, Hedgethorn</title>" in html
    assert log_line(html, 1) == ("move correction | 1 Arcsyn: Place Office at C2 "
                                 "corrected by Arcsyn")
    assert log_line(html, 4).endswith("Daemonis: Place Office at C4 played by Arcsyn")
    assert "automatic" in log_line(html, 4).split(" | ")[0]
    assert log_line(html, 2) == "move | 2 Arcsyn: Place Pub at C2"
    undo = html.index('<li class="aside undo" data-move="4">Arcsyn took back 1 move '
                      '(Hedgethorn: Place Pub at E3)</li>')
    assert html.index('id="m4"') < undo < html.index('id="m5"')
    assert log_line(html, 5).endswith("Hedgethorn: Place Pub at E5")


def test_a_dropped_seat_s_moves_are_marked_automatic(tmp_path: Path) -> None:
    table = page_table(tmp_path)
    started(table)
    play(table, SETUP[:2])
    table.ok("Arcsyn", "drop Daemonis")
    html = table.ok("Arcsyn", "export html").files[0].data.decode("utf-8")
    assert log_line(html, 3).startswith("move automatic | 3 Daemonis: ")
    assert "<span class=\"mark automatic\">automatic (dropped)</span>" in html
    assert "Arcsyn dropped Daemonis" in html


def test_export_html_costs_a_picture_and_an_animation(tmp_path: Path) -> None:
    table = page_table(tmp_path, rate_limits=True)
    started(table)
    assert table.ok("Bram", "export html").files
    assert table.ok("Cleo", "export page").files  # the place's second animation
    refused = table.say("Dora", "export html")
    assert not refused.ok and refused.files == []
    assert "try `export html` again in" in refused.text
    assert table.ok("Dora", "export txt").files  # a text export costs nothing


def test_a_page_that_does_not_fit_says_so_and_names_the_command() -> None:
    said, files = draw_page(short_game(), 7, PageNotes(), room=50_000)
    notes = [say(note) for note in said]
    assert files == []
    assert notes[0].startswith("(The game's page is 0.2 MB, more than the 0.1 MB this message")
    assert "`busbot export 7 --format html`" in notes[0]


def test_the_command_line_writes_the_page_from_a_log_and_from_the_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.txt"
    log.write_text(short_log(), encoding="utf-8")
    out = tmp_path / "game.html"
    assert main(["html", str(log), "--out", str(out), "--title", "Cup final"]) == 0
    said = capsys.readouterr().out
    assert "the table at 24 positions, move 0 to move 23" in said
    assert "<title>Cup final</title>" in out.read_text(encoding="utf-8")
    assert main(["html", str(log), "--out", str(tmp_path / "game.png")]) == 2
    assert "--out must name an .html file" in capsys.readouterr().err
    db = tmp_path / "busbot.db"
    assert main(["import", str(log), "--db", str(db)]) == 0
    stored = tmp_path / "stored.html"
    assert main(["export", "1", "--format", "html", "--out", str(stored), "--db", str(db)]) == 0
    html = stored.read_text(encoding="utf-8")
    assert "<title>Bus, game 1: Arcsyn, Daemonis, Hedgethorn</title>" in html
    assert "<h2>Final standings</h2>" in html and 'id="m23"' in html


def test_a_final_post_sent_late_still_carries_the_page(tmp_path: Path) -> None:
    service = GameService(str(tmp_path / "busbot.db"), renderer=fake_png, stories=True,
                          announce=True)
    table = Table(service)
    started(table, options="clock_stones=1", names=("Arcsyn", "Daemonis", "Hedgethorn"))
    for name in ("Zed", "Yan"):  # the place's two animations for now, spent on pages
        assert table.ok(name, "export html").files
    script = steps(SHORT_GAME)
    for step in script:
        table.ok(step.player, step.move)
    first = table.replies[-1]
    assert "(No animation this time" in first.text
    late = [item for item in service.unsent(table.place) if "**The game's story.**" in item.text]
    assert late, "the final post is owed"
    again = service.owed(late[-1]).complete()
    names = [f.filename for f in again.files]
    assert names == [f.filename for f in first.files] == ["bus-game1-chart.png", "bus-game1.html"]


def test_export_html_at_the_console_writes_the_page_beside_the_pictures(tmp_path: Path) -> None:
    from tests.test_console import console, lobby

    pictures = tmp_path / "pics"
    out = console(tmp_path / "games.db", [*lobby(), "Bram: export html"],
                  "--pictures", str(pictures))
    assert "Game 1 as a page (bus-game1.html)" in out
    page = (pictures / "bus-game1.html").read_text(encoding="utf-8")
    assert "<title>Bus, game 1: Ada, Bram, Cleo</title>" in page and 'id="r0"' in page


def test_export_html_at_the_console_says_its_line_once(tmp_path: Path) -> None:
    """``export html`` printed its line twice: the command's ("the table at every move, with
    the log and the score chart"), then the page's own note saying the same."""
    from tests.test_console import console, lobby

    out = console(tmp_path / "games.db", [*lobby(), "Bram: export html"],
                  "--pictures", str(tmp_path / "pics"))
    said = out[out.index("Game 1 as a page"):].splitlines()
    assert said[0] == "Game 1 as a page (bus-game1.html), after move 0:"
    assert said[1].startswith("  The game's page, bus-game1.html (")
    assert sum("every position" in line or "every move" in line for line in said) == 1
