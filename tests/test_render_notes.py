"""A seat's note on the players' card ("bot (normal)", "dropped", "away until 2 Dec", the wait)
is never cut: it is measured as drawn and wraps, then shrinks, inside its row, in every layout
and with every number of players, also when a translation is 40% longer than the English."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import random_game
from render import render_svg
from render.layout import LAYOUTS, PLAYERS, player_row_height
from render.players import CAPS_SPACING, TAG_PAD, TAGS_END, TAGS_X, row_top
from render.textfit import spaced_width
from tests.render_support import SVG, at_move, parse, sample_game, with_class
from tests.service_support import Table, open_table, started
from tests.test_discord_game import SHORT_GAME, steps

#: Notes as the service writes them, and longer ones, as a translation could make them.
NOTES = (
    "dropped",
    "bot (normal)",
    "bot (normal), waiting 0 min of 24 h",
    "away until 12 Dec, has a plan, waiting 23 h of 24 h",
    "Bot (normal), wartet seit 0 Min. von 24 Std., hat einen Plan",  # 40% longer
    "abwesend bis 12. Dez., hat einen Plan, wartet 23 Std. von 24 Std.",
)
Box = tuple[float, float, float, float]  # x, y, w, h


def pill(d: str) -> Box:
    """The box of a tag drawn by ``svgkit.rect_path`` (rounded corners)."""
    m = re.match(r"M([-\d.]+) ([-\d.]+)h([-\d.]+)a([-\d.]+) [-\d.]+ 0 0 1 [-\d.]+ [-\d.]+v"
                 r"([-\d.]+)", d)
    assert m is not None, d
    x, y, flat, r, v = (float(g) for g in m.groups())
    return x - r, y, flat + 2 * r, v + 2 * r


def note_of(root: ET.Element, seat: int) -> tuple[Box, list[tuple[str, float]]]:
    """The seat's note: its pill, and each line written in it with its type size."""
    group = next(g for g in with_class(root, "tags", "g") if g.get("data-seat") == str(seat))
    shape = next(n for n in with_class(group, "seat-note"))
    x, y, w, h = box = pill(shape.get("d") or "")
    lines = []
    for n in group.iter(SVG + "text"):
        tx, ty = float(n.get("x") or 0), float(n.get("y") or 0)
        if abs(tx - (x + TAG_PAD)) < 0.2 and y <= ty <= y + h:
            lines.append((n.text or "", float(n.get("font-size") or 0)))
    return box, lines


def check_fits(svg: str, seat: int, rows: tuple[int, ...], players: int, note: str) -> None:
    root = parse(svg)
    (x, y, w, h), lines = note_of(root, seat)
    assert lines, note
    for words, size in lines:
        # each line, measured as drawn, lies inside its pill
        assert spaced_width(words, size, True, CAPS_SPACING) <= w - 2 * TAG_PAD + 0.5, words
        assert "…" not in words
    written = " ".join(words for words, _ in lines)
    assert written.split() == note.upper().split()  # every word, in order
    # the pill stays short of the numbers and inside its row
    assert PLAYERS.x + TAGS_X - 0.1 <= x and x + w <= PLAYERS.x + TAGS_END + 0.1
    top = row_top(rows[seat], players)
    assert top <= y and y + h <= top + player_row_height(players), (note, y, h, top)
    assert min(size for _, size in lines) >= 8


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_note_fits_its_row_whole(players: int, layout: str) -> None:
    game = at_move(random_game(players, 3), 60)
    seats = [p.name for p in game.state.players]
    for note in NOTES:
        notes = {name: note for name in seats}
        svg = render_svg(game, layout=layout, seat_notes=notes)
        for seat in range(players):
            check_fits(svg, seat, tuple(range(players)), players, note)


def test_the_issue_s_notes_are_written_whole_beside_the_other_tags() -> None:
    game = sample_game(94)
    names = [p.name for p in game.state.players]
    notes = {names[0]: "waiting 0 min of 24 h", names[1]: "bot (normal), waiting 0 min of 24 h"}
    root = parse(render_svg(game, seat_notes=notes))
    for seat in (0, 1):
        _, lines = note_of(root, seat)
        assert " ".join(w for w, _ in lines) == " ".join(notes[names[seat]].upper().split())
    # the seat to act keeps its "to act" tag beside or under its note
    seat = game.to_act().seat  # type: ignore[union-attr]
    group = next(g for g in with_class(root, "tags", "g") if g.get("data-seat") == str(seat))
    assert "TO ACT" in [n.text for n in group.iter(SVG + "text")]


def test_a_hostile_note_is_cut_inside_its_pill_never_outside() -> None:
    game = sample_game(94)
    note = "x" * 3000 + " " + "word " * 400
    svg = render_svg(game, seat_notes={game.players[0]: note})
    (x, _y, w, _h), lines = note_of(parse(svg), 0)
    assert lines and all(spaced_width(t, s, True, CAPS_SPACING) <= w - 2 * TAG_PAD + 0.5
                         for t, s in lines)
    assert x + w <= PLAYERS.x + TAGS_END + 0.1


def test_a_finished_game_s_pictures_say_nobody_is_waiting(tmp_path: Path) -> None:
    table: Table = open_table(str(tmp_path / "busbot.db"))
    started(table, 3, options="clock_stones=1", names=("Arcsyn", "Daemonis", "Hedgethorn"))
    table.ok("Arcsyn", "deadline 24h")
    script = steps(SHORT_GAME)
    for step in script:
        table.ok(step.player, step.move)
    # a past position of the finished game: its decision was made long ago
    for asked in ("map 20", "map"):
        picture = table.ok("Zed", asked).picture or b""
        assert picture and b"waiting" not in picture, asked
