"""``busbot chart`` and ``busbot animate``: the game's story from a log file.

The arguments are declared here without touching the renderer, so that ``busbot --help`` stays
light (``bot.cli`` lists them in ``SUBCOMMANDS``); the handlers import it when they run. The work
itself is ``render.chart``, ``render.animation`` and ``engine.stats``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from render.animation import Animation

#: the defaults of ``render.animation``, repeated for the help text (a test holds them equal)
DISCORD_MB = 10.0
FRAME_MS = 700
_FORMAT_OF = {".gif": "gif", ".png": "png", ".apng": "png"}

CHART_HELP = "draw every player's score round by round, from a game log"
CHART_DESCRIPTION = ("Draw the score chart of a text game log (the clock stones marked where "
                     "they were taken) and print the game's statistics.")
ANIMATE_HELP = "make an animation of a whole game from its log"
ANIMATE_DESCRIPTION = (
    "Draw the table after every player's update (or every move) and put the pictures together "
    "as an animated GIF, or an animated PNG when --out ends in .png. The file is kept under the "
    "limit by drawing it smaller, then dropping frames.")


def chart_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the PNG (or .svg) file to write")
    parser.add_argument("--size", type=int, default=1000, metavar="PX",
                        help="pixels of the chart's width (default 1000)")


def animate_arguments(parser: argparse.ArgumentParser) -> None:
    from bot.config import PICTURE_LAYOUTS  # light: not the renderer

    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the .gif or .png file to write")
    parser.add_argument("--size", type=int, metavar="PX",
                        help="pixels of each frame's long side (default 800, 1120 portrait)")
    parser.add_argument("--layout", choices=PICTURE_LAYOUTS, default="landscape",
                        help="the picture's layout (default landscape)")
    parser.add_argument("--every-move", action="store_true",
                        help="a frame after every move instead of after every player's update")
    parser.add_argument("--limit", type=float, default=DISCORD_MB, metavar="MB",
                        help="the largest file to make, in MB (default 10, Discord's limit)")
    parser.add_argument("--frame-ms", type=int, default=FRAME_MS, metavar="MS",
                        help=f"how long each picture shows, in milliseconds (default {FRAME_MS})")


def _write(target: Path, data: bytes | str) -> None:
    from bot.cli_common import CliError

    try:
        if isinstance(data, str):
            target.write_text(data, encoding="utf-8")
        else:
            target.write_bytes(data)
    except OSError as err:
        raise CliError(f"cannot write {target}: {err.strerror}") from None


def chart_command(args: argparse.Namespace) -> int:
    from bot.cli_common import CliError, load_game
    from engine.stats import story, summary
    from render.chart import chart_png, chart_size, chart_svg

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        raise CliError("--out must name a .png or .svg file")
    try:
        width, height = chart_size(args.size)
    except ValueError as err:
        raise CliError(str(err)) from None
    game, _ = load_game(args.log)
    tale = story(game)
    svg = out.suffix.lower() == ".svg"
    _write(out, chart_svg(game, tale) if svg else chart_png(game, size=args.size, tale=tale))
    shape = "" if svg else f" ({width} x {height} px)"
    rounds = "round" if tale.rounds == 1 else "rounds"
    span = f"over {tale.rounds} {rounds}" if tale.rounds else "before the first round"
    print(f"{out}{shape}: the scores {span}.")
    print(summary(tale))
    return 0


def animate_command(args: argparse.Namespace) -> int:
    from bot.cli_common import CliError, load_game
    from render.animation import animate, every_move, update_positions

    out = Path(args.out)
    fmt = _FORMAT_OF.get(out.suffix.lower())
    if fmt is None:
        raise CliError("--out must name a .gif file, or a .png file for an animated PNG")
    if not 0 < args.limit <= 1000:
        raise CliError("--limit is a number of megabytes above 0 and at most 1000")
    if not 20 <= args.frame_ms <= 60_000:
        raise CliError("--frame-ms must be between 20 and 60000 milliseconds")
    if args.size is not None and not 100 <= args.size <= 4000:
        raise CliError("--size must be between 100 and 4000 pixels")
    game, _ = load_game(args.log)
    positions = every_move(game) if args.every_move else update_positions(game)
    try:
        made = animate(game, positions, fmt=fmt, size=args.size, layout=args.layout,
                       limit=int(args.limit * 1_000_000), frame_ms=args.frame_ms)
    except ValueError as err:
        raise CliError(str(err), 1) from None
    _write(out, made.data)
    print(describe(made, out.name))
    return 0


def describe(made: Animation, name: str) -> str:
    """One line about a finished animation, with its note when something was given up."""
    frames = "frame" if len(made.moves) == 1 else "frames"
    weight = len(made.data) / 1000
    amount = f"{weight / 1000:.1f} MB" if weight >= 1000 else f"{weight:.0f} KB"
    line = (f"{name} ({made.width} x {made.height} px, {len(made.moves)} {frames}, {amount}): "
            f"the table from move {made.moves[0]} to move {made.moves[-1]}.")
    return f"{line} {made.note}" if made.note else line
