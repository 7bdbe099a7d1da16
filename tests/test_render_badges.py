"""Waiting passengers' counts are attached to their crossing in every layout: each count's badge
touches its own crossing's disc (and no other), or, where no place beside the disc is free,
stands nearer its own crossing than any other on a neck from its disc. Before every Vrrooomm
which crossing a count belongs to is the whole decision."""

from __future__ import annotations

import math
import re

import pytest

from engine import Game, random_game
from render import render_svg
from render.geometry import MapGeometry, geometry
from render.layout import LAYOUTS
from tests.render_support import at_move, parse, sample_game, with_class

#: Touching: the badge's box comes within this much of the disc's edge, where the two outlines
#: (each 2.5 wide, half of it outside the shape) meet.
TOUCH = 2.5
#: A badge keeps at least this far from every other crossing's disc.
APART = 8.0

Box = tuple[float, float, float, float]  # x, y, w, h


def gap(geo: MapGeometry, node: str, box: Box) -> float:
    """How far a badge's box lies from a crossing's disc (below 0: it reaches into it)."""
    x, y, w, h = box
    cx, cy = geo.nodes[node]
    return math.hypot(max(x - cx, 0.0, cx - x - w), max(y - cy, 0.0, cy - y - h)) \
        - geo.radius[node]


def badges(svg: str) -> list[tuple[str, Box]]:
    root = parse(svg)
    out = []
    for n in with_class(root, "waiting"):
        x, y, w, h = (float(v) for v in (n.get("data-box") or "").split())
        out.append((n.get("data-node") or "", (x, y, w, h)))
    return out


def necks(svg: str) -> list[tuple[float, float, float, float]]:
    """Each neck's segment (from its disc to its badge's centre)."""
    root = parse(svg)
    found = with_class(root, "waiting-neck")
    if not found:
        return []
    numbers = re.findall(r"M([-\d.]+) ([-\d.]+)L([-\d.]+) ([-\d.]+)", found[0].get("d") or "")
    return [(float(a), float(b), float(c), float(d)) for a, b, c, d in numbers]


def attached(geo: MapGeometry, node: str, box: Box) -> tuple[bool, float, float]:
    """Whether the badge touches its own disc, its gap to it, and to the nearest other disc."""
    own = gap(geo, node, box)
    other = min(gap(geo, c, box) for c in geo.nodes if c != node)
    return own <= TOUCH, own, other


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("moves", [94, 152, 202])
def test_every_count_in_the_sample_game_touches_its_own_crossing(layout: str,
                                                                 moves: int) -> None:
    game = sample_game(moves)
    geo = geometry(LAYOUTS[layout].lots)
    found = badges(render_svg(game, layout=layout))
    assert {node for node, _ in found} == {
        label for label in geo.nodes if game.state.waiting_at(label) > 0}
    for node, box in found:
        touching, own, other = attached(geo, node, box)
        assert touching and other >= APART, (node, own, other)


def test_the_crossings_that_were_guesswork_before() -> None:
    # the delivery picture of the gallery: WS's count stood between W2 and WS, and the park's
    # counts in the middle of the park, each on a thin tie
    game = sample_game(152)
    geo = geometry()
    found = dict(badges(render_svg(game)))
    for node in ("WS", "C1", "C2", "C3", "C4"):
        assert node in found
        own = gap(geo, node, found[node])
        assert -1 <= own <= TOUCH, (node, own)
        nearest = min((c for c in geo.nodes if c != node), key=lambda c: gap(geo, c, found[node]))
        assert gap(geo, nearest, found[node]) >= own + APART, (node, nearest)


def test_counts_stay_attached_through_whole_games_of_every_size() -> None:
    total = touching_count = 0
    for players, seed in ((3, 28), (3, 4), (4, 1), (4, 7), (5, 2), (5, 11)):
        full = random_game(players, seed)
        for moves in range(10, len(full.history), 9):
            game: Game = at_move(full, moves)
            svg = render_svg(game)
            geo = geometry()
            ties = necks(svg)
            for node, box in badges(svg):
                total += 1
                touching, own, other = attached(geo, node, box)
                assert other >= own + APART, (players, seed, moves, node, own, other)
                if touching:
                    touching_count += 1
                    continue
                # standing off: a neck runs from inside its own disc to the badge
                x, y, w, h = box
                centre = (x + w / 2, y + h / 2)
                cx, cy = geo.nodes[node]
                assert any(math.dist((a, b), (cx, cy)) < geo.radius[node]
                           and math.dist((c, d), centre) < 1 for a, b, c, d in ties), node
    assert total > 200
    assert touching_count >= 0.98 * total, (touching_count, total)
