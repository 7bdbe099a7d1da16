"""What changed since the previous picture, the lots, and the final ranking, as players see them."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from bot.service import GameService
from engine import (
    BOARD,
    COLOURS,
    ChooseAction,
    Deliver,
    ExtendLine,
    Game,
    PlacePassenger,
    StartLine,
    random_game,
)
from engine.standings import tie_breaks
from render import render_png, render_svg, theme
from render.players import row_top
from tests.render_support import SVG, parse, sample_game, with_class
from tests.service_support import Table, fake_png, started

FULL = sample_game()


def banner_news(root: ET.Element) -> str:
    return " ".join(n.text or "" for n in with_class(root, "last-move-text"))


def at_round(previous: Game, moves: int) -> int:
    """The round in which the ``moves``-th move after ``previous`` was played."""
    game = previous.copy()
    for name, move in FULL.history[len(game.history):len(game.history) + moves]:
        game.push(move, name)
    return game.state.round


def check_update(previous: Game, game: Game) -> ET.Element:
    """Every move since ``previous`` and every piece it changed is highlighted and listed."""
    root = parse(render_svg(game, previous=previous))
    new = game.history[len(previous.history):]
    glows = {int(n.get("data-street") or -1) for n in with_class(root, "last-move", "path")
             if n.get("data-street")}
    rings = {int(n.get("data-lot") or -1) for n in with_class(root, "last-move")
             if n.get("data-lot")}
    stations = {n.get("data-node") for n in with_class(root, "last-move") if n.get("data-node")}
    arrows = [(n.get("data-from"), n.get("data-to")) for n in with_class(root, "delivery")]
    markers = [(n.get("data-action"), n.get("data-space")) for n in with_class(root, "last-move")
               if n.get("data-action")]
    before, after = previous.state, game.state
    assert rings == {i for i, (a, b) in enumerate(zip(before.lots, after.lots, strict=True))
                     if a is None and b is not None}
    assert glows == {s for p, q in zip(before.players, after.players, strict=True)
                     for s in q.streets - p.streets}
    chosen = 0
    for j, (_, move) in enumerate(new):
        if isinstance(move, StartLine | ExtendLine):
            a, b = (move.a, move.b) if isinstance(move, StartLine) else (move.frm, move.to)
            assert BOARD.street_between(a, b) in glows
        elif isinstance(move, PlacePassenger):
            assert move.station in stations
        elif isinstance(move, Deliver):
            assert (move.frm, move.to) in arrows
        elif isinstance(move, ChooseAction) and at_round(previous, j + 1) == after.round:
            chosen += 1
            assert move.action in {action for action, _ in markers}
    assert len(markers) == chosen
    for p, q in zip(before.players, after.players, strict=True):
        bought = [n for n in with_class(root, "last-move") if n.get("data-column") == "buses"
                  and n.get("data-seat") == str(q.seat)]
        assert len(bought) == (1 if q.buses > p.buses else 0)
    news = banner_news(root)
    more = re.search(r"and (\d+) more$", news)
    listed = len(new) - (int(more.group(1)) if more else 0)
    assert listed >= 1
    at = 0
    for _, move in new[:listed]:  # whole moves, in order
        at = news.index(str(move), at) + len(str(move))
    return root


@pytest.mark.parametrize("start", range(16, 196, 12))
def test_every_change_of_a_three_move_update_is_highlighted_and_listed(start: int) -> None:
    check_update(sample_game(start), sample_game(start + 3))


def test_three_streets_in_one_message_all_glow() -> None:
    moves = FULL.history
    start = next(i for i in range(16, len(moves) - 3)
                 if all(isinstance(m, ExtendLine) and n == moves[i][0]
                        for n, m in moves[i:i + 3]))
    root = check_update(sample_game(start), sample_game(start + 3))
    assert len([n for n in with_class(root, "last-move") if n.get("data-street")]) == 3
    assert "3 new moves" in banner_news(root)


def test_a_bus_bought_between_two_pictures_is_highlighted() -> None:
    for end in range(17, len(FULL.history)):
        before, after = sample_game(end - 1), sample_game(end)
        if any(q.buses > p.buses for p, q in zip(before.state.players, after.state.players,
                                                   strict=True)):
            check_update(before, after)
            return
    raise AssertionError("no bus was bought in the sample game")


def test_a_long_update_lists_what_fits_and_counts_the_rest() -> None:
    root = check_update(sample_game(100), sample_game(140))
    assert "40 new moves" in banner_news(root) and "more" in banner_news(root)


def test_an_undo_says_what_was_taken_back_and_highlights_nothing_new() -> None:
    root = parse(render_svg(sample_game(48), previous=sample_game(50)))
    news = banner_news(root)
    assert news.startswith("Taken back:")
    for _, move in FULL.history[48:50]:
        assert str(move) in news
    assert not with_class(root, "last-move")


def test_without_the_previous_picture_only_the_last_move_is_highlighted() -> None:
    root = parse(render_svg(sample_game(19)))
    assert banner_news(root).startswith("Last move:")
    assert str(FULL.history[18][1]) in banner_news(root)


def test_the_service_draws_what_changed_since_its_previous_picture(tmp_path: Path) -> None:
    shown: list[tuple[int, int | None]] = []

    def renderer(game: Game, *, previous: Game | None = None, note: str = "") -> bytes:
        shown.append((len(game.history), None if previous is None else len(previous.history)))
        return fake_png(game)

    table = Table(GameService(str(tmp_path / "db"), renderer=renderer))
    started(table)
    shown.clear()
    table.ok("Arcsyn", "Place Office at C1, Place Pub at W3")
    assert shown == [(2, 0)]
    table.ok("Daemonis", "Place House at C2")
    assert shown[-1] == (3, 2)
    table.ok("Daemonis", "undo")
    assert shown[-1] == (2, 3)
    table.ok("Daemonis", "map")
    assert shown[-1:] == [(2, None)]


# ---- lots and initials ------------------------------------------------------------------------

def _saturation(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return (max(r, g, b) - min(r, g, b)) / 255


def test_empty_lots_cannot_be_taken_for_player_initials() -> None:
    root = parse(render_svg(sample_game(16)))
    lots = with_class(root, "lot", "g")
    assert len(lots) == len(BOARD.lots)
    initials = with_class(root, "head") + with_class(root, "marker") + with_class(root, "to-act")
    assert initials and all(n.get("font-weight") == "bold" for n in initials)
    for lot in lots:
        (card,) = lot.iter(SVG + "path")
        (letter,) = lot.iter(SVG + "text")
        shape = card.get("d") or ""
        assert "h" in shape and "v" in shape  # a square with straight sides, not a disc
        assert card.get("stroke-dasharray")  # an empty plot, dashed
        assert letter.get("font-weight") != "bold" and letter.get("font-style") == "italic"
        for colour in (card.get("fill") or "", letter.get("fill") or ""):
            assert _saturation(colour) < 0.15  # neutral: no player's colour
    for seat, name in enumerate(COLOURS):  # every player's disc is a strong colour
        assert _saturation(theme.player_colour(name, seat)) > 0.3


# ---- the end -------------------------------------------------------------------------------------

def tied_game() -> Game:
    """A finished game where Cleo and Bram tie on score and Cleo has more clock stones."""
    game = random_game(3, 5, names=["Ada", "Bram", "Cleo"])
    ada, bram, cleo = game.state.players
    ada.carried, ada.stones = 9, 0
    bram.carried, bram.stones = 5, 1
    cleo.carried, cleo.stones = 6, 2
    return game


def test_the_final_panel_is_in_ranking_order_and_explains_the_tie() -> None:
    game = tied_game()
    assert game.is_over and game.ranking() == ["Ada", "Cleo", "Bram"]
    root = parse(render_svg(game))
    rows = sorted(with_class(root, "player-name"), key=lambda n: float(n.get("y") or 0))
    assert [n.text for n in rows] == ["Ada", "Cleo", "Bram"]
    places = {n.get("data-seat"): " ".join(t.text or "" for t in n.iter(SVG + "text"))
              for n in with_class(root, "tags")}
    assert [places[s] for s in ("0", "2", "1")] == ["WINNER", "2ND", "3RD"]
    scores = sorted(with_class(root, "score", "text"), key=lambda n: float(n.get("y") or 0))
    assert [n.text for n in scores] == ["9", "4", "4"]
    explained = " ".join(n.text or "" for n in with_class(root, "tie-break"))
    assert "Cleo ahead of Bram on clock stones" in explained
    top = row_top(0, 3)
    assert float(rows[0].get("y") or 0) > top  # the winner's row is the first row


def test_tie_breaks_name_the_rule_that_decided() -> None:
    game = tied_game()
    ada, bram, cleo = game.state.players
    assert tie_breaks(game.state.players) == ["Cleo ahead of Bram on clock stones (2 to 1)"]
    cleo.carried, cleo.stones = 5, 1
    bram.reached_at, cleo.reached_at = 40, 30
    assert tie_breaks(game.state.players) == ["Cleo ahead of Bram: carried 5 passengers first"]
    bram.reached_at = cleo.reached_at
    assert tie_breaks(game.state.players) == ["Bram ahead of Cleo on seat order"]
    assert game.ranking() == ["Ada", "Bram", "Cleo"]


# ---- size ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [1000, 1600])
def test_a_picture_full_of_highlights_stays_small(size: int) -> None:
    data = render_png(sample_game(202), size=size, previous=sample_game(90))
    assert len(data) <= 400 * 1024
    assert Image.open(io.BytesIO(data)).size[0] == size
