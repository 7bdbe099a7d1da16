"""The game's story in the gallery: a score chart and a short animation in ``docs/gallery``.

``render.gallery`` calls ``gallery_section``; the same pictures come from ``busbot chart`` and
``busbot animate`` (``bot.story_cli``) for any log.
"""

from __future__ import annotations

from pathlib import Path

from engine import Game, GameLog, random_game, replay
from engine.history import walk
from render.animation import animate, update_positions
from render.chart import chart_png

#: the 5-player game whose chart the gallery shows: it ends when the last clock stone is taken
GALLERY_CHART_SEED = 242


def _round_one(game: Game) -> list[int]:
    """The updates of the first round: its first position to the one that starts round 2."""
    rounds = {played: table.state.round for played, table in walk(game)}
    updates = update_positions(game)
    inside = [n for n in updates if rounds[n] == 1]
    after = [n for n in updates if rounds[n] > 1][:1]
    return inside + after


def gallery_section(out: Path, log: GameLog, size: int) -> tuple[list[str], list[Path]]:
    """The gallery's story pictures, written into ``out/story``: a score chart and a short
    animation.

    Returns the markdown lines that show them, and the files written.
    """
    game = replay(log)
    folder = out / "story"
    folder.mkdir(exist_ok=True)
    chart = folder / "chart.png"
    chart.write_bytes(chart_png(random_game(5, GALLERY_CHART_SEED), size=size))
    moving = animate(game, _round_one(game), size=min(size, 640), layout="landscape")
    animation = folder / "round-1.gif"
    animation.write_bytes(moving.data)
    lines = [
        "## The game's story",
        "",
        "From a game's log busbot draws a chart of every player's score round by round "
        "(`busbot chart LOG --out chart.png`) and an animation of the whole game, a frame per "
        "player's update (`busbot animate LOG --out game.gif`).",
        "",
        f"The score chart of a five-player game (`random_game(5, {GALLERY_CHART_SEED})`), which "
        "ended when the last clock stone was taken; the grey discs are the clock stones, each "
        "on its player's line in the round it was taken.",
        "",
        f"![Score chart](story/{chart.name})",
        "",
        f"The first round of the sample game, one frame per player's update "
        f"({len(moving.moves)} frames, {len(moving.data) // 1000} KB).",
        "",
        f"![Round 1 of the sample game](story/{animation.name})",
        "",
    ]
    return lines, [chart, animation]

