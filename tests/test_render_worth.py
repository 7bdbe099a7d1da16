"""The action board shows what each space gives now (``engine.worth``) in every layout: a number
in a free space, a small disc on a taken space's marker, kept up to date as fleets grow, and a
key that fits its room whatever its language."""

from __future__ import annotations

import pytest

from engine import Game
from engine.worth import space_worth
from render import action_board, render_svg
from render.action_board import KEY_H, KEY_ROOM, KEY_SMALLEST, LETTERS, slot_centre
from render.layout import LAYOUTS
from render.measure import READABLE, label_heights
from render.textfit import width
from tests.render_support import parse, sample_game, with_class
from tests.test_worth import set_up
from tests.words_support import Replaced


def shown(game: Game,
          layout: str = "landscape") -> dict[tuple[str, int], tuple[int, float, float]]:
    """Each space's number as drawn: (action, space) -> (count, x, y)."""
    root = parse(render_svg(game, layout=layout))
    out = {}
    for n in with_class(root, "worth"):
        key = (n.get("data-action") or "", LETTERS.index(n.get("data-space") or ""))
        assert n.text == n.get("data-count")
        out[key] = (int(n.get("data-count") or -1), float(n.get("x") or 0),
                    float(n.get("y") or 0))
    return out


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("moves", [16, 94, 101, 110, 115])
def test_every_space_still_to_resolve_shows_what_it_gives(layout: str, moves: int) -> None:
    game = sample_game(moves)
    worth = space_worth(game.state)
    drawn = shown(game, layout)
    assert drawn.keys() == worth.keys()
    for key, (count, x, _y) in drawn.items():
        w = worth[key]
        assert count == w.count
        cx, _cy = slot_centre(*key)
        if w.seat is None:  # a free space: the number in its middle
            assert abs(x - cx) < 0.1
        else:  # a taken one: on its marker's edge, inside the slot's corner
            assert cx + 8 < x < cx + action_board.SLOT_W / 2 + 1


def test_the_numbers_follow_the_fleets() -> None:
    game = set_up(3)
    before = shown(game)
    assert before[("passengers", 0)][0] == 1 and before[("lines", 1)][0] == 0
    first = game.to_act()
    assert first is not None
    game.play(first.player, "choose buses")  # a bus this round counts for passengers
    after = shown(game)
    assert after[("passengers", 0)][0] == 2 and after[("passengers", 1)][0] == 1
    assert after[("lines", 1)][0] == 0  # not for Line expansion, which resolves before it
    game.state.players[2].buses = 3
    assert shown(game)[("lines", 1)][0] == 2


def test_on_a_phone_the_numbers_are_readable() -> None:
    svg = render_svg(sample_game(94), layout="phone")
    heights = label_heights(svg, kinds={"worth": "action-space value"})
    assert heights["worth"] >= READABLE, heights


@pytest.mark.parametrize(("key", "whole"), [
    (action_board.WORTH_KEY.en, True),
    ("Die Zahlen: was jedes Feld jetzt noch einbringt", True),  # half as long again
    ("Les nombres : ce que chaque case rapporte maintenant, une fois tout compris", False),
])
def test_the_key_fits_its_room_whatever_its_words(key: str, whole: bool) -> None:
    assert len(key) >= len(action_board.WORTH_KEY.en)
    lines = [el for el in action_board._key(Replaced({action_board.WORTH_KEY.id: key}))]
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(lines)}</svg>')
    drawn = with_class(root, "worth-key")
    words = []
    for n in drawn:
        size = float(n.get("font-size") or 0)
        assert size >= KEY_SMALLEST and width(n.text or "", size) <= KEY_ROOM + 0.1
        words.append(n.text or "")
    if whole:
        assert " ".join(words).split() == key.split()  # nothing cut
    else:  # far longer than any translation: cut inside the room, never beyond it
        assert words[-1].endswith("…")
    ys = [float(n.get("y") or 0) for n in drawn]
    assert max(ys) - min(ys) <= KEY_H
