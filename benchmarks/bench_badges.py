"""How often a waiting passengers' count touches its own crossing, over many random games.

Run: ``.venv/bin/python benchmarks/bench_badges.py [--games N] [--every K]``

For 3, 4 and 5 players, seeded random games 0..N-1 (``engine.playout.random_game``), drawn
every K moves in the landscape layout (the city is drawn alike in every layout). Each count's
badge is read back from the SVG (its ``data-box``) and measured against the crossing discs: it
touches its own disc when its box comes within 2.5 units of the disc's edge (where the two
outlines meet). Prints, per player count, how many badges were drawn, how many touch, how far
the others stand off their disc (on their neck), and the smallest margin by which a badge is
nearer its own crossing than any other; the tests hold every badge to 8 units of margin.
"""

from __future__ import annotations

import argparse
import math
import xml.etree.ElementTree as ET

from engine import Game, random_game
from render import render_svg
from render.geometry import MapGeometry, geometry

TOUCH = 2.5


def gap(geo: MapGeometry, node: str, box: tuple[float, float, float, float]) -> float:
    x, y, w, h = box
    cx, cy = geo.nodes[node]
    return math.hypot(max(x - cx, 0.0, cx - x - w), max(y - cy, 0.0, cy - y - h)) \
        - geo.radius[node]


def position(full: Game, moves: int) -> Game:
    game = Game(full.players, full.edition, full.initial_options)
    for name, move in full.history[:moves]:
        game.push(move, name)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per player count")
    parser.add_argument("--every", type=int, default=7, help="draw every K moves")
    args = parser.parse_args()
    geo = geometry()
    print(f"{'players':>7} {'badges':>7} {'touching':>9} {'standing off (units)':>22} "
          f"{'least margin':>13}")
    for players in (3, 4, 5):
        total = touching = 0
        off: list[float] = []
        margin = math.inf
        for seed in range(args.games):
            full = random_game(players, seed)
            for moves in range(10, len(full.history), args.every):
                root = ET.fromstring(render_svg(position(full, moves)))
                for node in root.iter():
                    if "waiting" not in (node.get("class") or "").split():
                        continue
                    label = node.get("data-node") or ""
                    x, y, w, h = (float(v) for v in (node.get("data-box") or "").split())
                    own = gap(geo, label, (x, y, w, h))
                    other = min(gap(geo, c, (x, y, w, h)) for c in geo.nodes if c != label)
                    total += 1
                    margin = min(margin, other - own)
                    if own <= TOUCH:
                        touching += 1
                    else:
                        off.append(own)
        share = 100 * touching / max(1, total)
        stood = (f"{len(off)}, {min(off):.1f} to {max(off):.1f}" if off else "0")
        print(f"{players:>7} {total:>7} {touching:>5} {share:4.1f}% {stood:>22} "
              f"{margin:>13.1f}")


if __name__ == "__main__":
    main()
