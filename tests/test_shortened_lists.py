"""No list the service says ends "and 1 more" or "and 2 more" (issue 32, item 9): naming one or
two costs no more than counting them and spares the reader a question. Each list is shortened
by ``engine.decisions.shortened``: every item when at most two would be left out, else the
first few and a count of at least three."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.api import Position
from bot.service.drawing.alttext import MOST_MOVES, alt_text
from bot.service.game.live_game import Played
from bot.service.lookups import since
from bot.service.verbs.undo import SHOWN, listed
from bot.service.words.catalogue import say
from bot.service.words.replies import played_lines
from engine import ChooseAction
from engine.limits import MAX_AUTO_LINES
from render import render_svg
from tests.render_support import parse, sample_game, with_class
from tests.service_support import Table, open_table, started

_MORE = re.compile(r"and (\d+) more")


def _counts(text: str) -> list[int]:
    return [int(n) for n in _MORE.findall(text)]


@pytest.mark.parametrize("extra", [1, 2, 3, 4])
def test_the_alt_text_names_one_or_two_more_moves_rather_than_counting_them(extra: int) -> None:
    game = sample_game(40 + MOST_MOVES + extra)
    alt = alt_text(game, previous=sample_game(40))
    new = game.history[40:]
    if extra < 3:
        assert "more" not in alt and all(str(move) in alt for _, move in new)
    else:
        assert _counts(alt) == [extra]


@pytest.mark.parametrize(("items", "more"), [(SHOWN + 1, 0), (SHOWN + 2, 0), (SHOWN + 3, 3)])
def test_a_long_undo_lists_every_move_unless_three_or_more_are_left(items: int,
                                                                    more: int) -> None:
    lines = listed([f"{n}. Ada: Pass" for n in range(1, items + 1)])
    assert _counts("\n".join(say(line) for line in lines)) == ([more] if more else [])
    assert len(lines) == (SHOWN + 1 if more else items)


@pytest.mark.parametrize("extra", [1, 2, 3])
def test_automatic_moves_past_the_reply_s_room_are_named_unless_three_or_more(extra: int) -> None:
    played = [Played("Ada", ChooseAction("clock"), [], auto="single")
              for _ in range(MAX_AUTO_LINES + extra)]
    lines = [say(line) for line in played_lines(played)]
    counted = [line for line in lines if "more automatic" in line]
    assert (len(counted) == 1 and _counts(counted[0]) == [extra]) if extra >= 3 else not counted


def test_a_press_on_an_old_message_names_up_to_five_moves_made_since(tmp_path: Path) -> None:
    table: Table = open_table(str(tmp_path / "g.db"))
    started(table)
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    then = Position(summary.id, 0, 0)
    for moves, expected in ((4, []), (5, []), (6, [3])):
        while len(table.service.cache.get(summary).record.moves) < moves:
            table.play_random(1, seed=moves)
        live = table.service.cache.get(summary)
        assert _counts(say(since(live, then))) == expected, say(since(live, then))


@pytest.mark.parametrize(("start", "moves"), [(20, 6), (20, 7), (34, 5), (34, 6), (41, 8)])
def test_the_banner_never_counts_one_or_two_more_moves(start: int, moves: int) -> None:
    """Where the banner's lines hold all but one or two of the new moves, it names fewer and
    counts at least three (these updates of the sample game said "and 1 more", "and 2 more")."""
    root = parse(render_svg(sample_game(start + moves), previous=sample_game(start)))
    news = " ".join(n.text or "" for n in with_class(root, "last-move-text"))
    assert news and all(n >= 3 for n in _counts(news)), news
