"""Hostile values in a game (very long names, control characters, huge counts) still draw a
readable table, at a cost that does not grow with their size."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from engine import Game
from engine.state import Options
from render import render_png, render_svg, textfit
from render.players import NAME_ROOM, NAME_SIZE
from render.png import pixel_size
from tests.render_support import parse, subpath_starts, with_class


def measured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the font is asked to measure from now on (the width cache left out)."""
    seen: list[str] = []
    advance = textfit._advance

    def counting(content: str, size: float, bold: bool) -> float:
        seen.append(content)
        return advance(content, size, bold)

    monkeypatch.setattr(textfit, "_advance", counting)
    monkeypatch.setattr(textfit, "width", counting)
    return seen


@pytest.mark.parametrize("length", [40, 3_000, 300_000])
def test_shortening_a_name_measures_the_same_little_text_however_long_it_is(
        monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    seen = measured(monkeypatch)
    name = ("Wilhelmina " * length)[:length]
    short = textfit.shorten(name, 19, 176, bold=True)
    assert short.endswith("…") and name.startswith(short[:-1])
    assert textfit.width(short, 19, True) <= 176
    assert len(seen) <= 14  # halving over at most ``most_chars`` characters
    assert sum(len(s) for s in seen) <= 14 * textfit.most_chars(19, 176)


def test_shortening_finds_the_longest_prefix_that_fits() -> None:
    name = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen"
    short = textfit.shorten(name, 19, 176, bold=True)
    assert textfit.width(short, 19, True) <= 176
    longer = name[:len(short)].rstrip() + "…"  # one character more than what was kept
    assert textfit.width(longer, 19, True) > 176 or longer == short


def test_wrapping_a_huge_text_measures_a_bounded_amount(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = measured(monkeypatch)
    lines = textfit.wrap("place a house " * 50_000, 16.5, 440, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert sum(len(s) for s in seen) < 200 * textfit.most_chars(16.5, 440)


def test_counts_stay_short() -> None:
    assert [textfit.count_text(n) for n in (0, 7, 9999, 12_345, 300_000, 4_500_000,
                                            7 * 10**9, 10**400, -12_000)] == [
        "0", "7", "9999", "12k", "300k", "4M", "7G", "1T+", "-12k"]


def hostile_game() -> Game:
    options = dataclasses.replace(Options.for_edition("capstone", 5), clock_stones=300_000,
                                  markers=10**6)
    names = ["A" * 30_000 + "\x01", "B\x00" * 15_000, "Cleo\u202e" * 6_000,
             "D" + "\u200b" * 30_000 + "d", "E" * 29_000]
    return Game(names, options=options)


def test_a_table_of_hostile_values_draws_cut_names_and_short_counts() -> None:
    game = hostile_game()
    svg = render_svg(game)
    assert len(svg) < 150_000  # nothing is written thousands of times
    root = parse(svg)  # no character XML cannot hold reached the document
    names = with_class(root, "player-name")
    assert len(names) == 5
    for node in names:
        shown = node.text or ""
        assert shown.endswith("…") and len(shown) <= textfit.most_chars(NAME_SIZE, NAME_ROOM) + 1
        assert "\x00" not in shown and "\x01" not in shown
    (stones,) = with_class(root, "stones-left")
    assert stones.get("data-count") == "300000"
    assert len(subpath_starts(stones.get("d") or "")) == 1
    (count,) = with_class(root, "stones-count")
    assert (count.text or "").startswith("300k")
    markers = [n.text for n in with_class(root, "markers", "text")]
    assert markers == ["1M"] * 5
    picture = Image.open(io.BytesIO(render_png(game, size=600)))
    assert picture.size == pixel_size(600)
