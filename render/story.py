"""The game's story as files: ``busbot chart``, ``busbot animate``, and their part of the gallery.

``bot.cli`` calls ``register`` to add the two subcommands (or adds them itself from
``chart_arguments``/``chart_command`` and ``animate_arguments``/``animate_command``);
``gallery_section`` is what ``render.gallery`` adds to ``docs/gallery``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from engine import BusError, Game, GameLog, LogError, random_game, replay
from engine.history import walk
from engine.stats import story, summary
from render.animation import (
    DISCORD_LIMIT,
    FRAME_MS,
    Animation,
    animate,
    every_move,
    update_positions,
)
from render.chart import chart_png, chart_size, chart_svg
from render.layout import LAYOUTS

#: the 5-player game whose chart the gallery shows: it ends when the last clock stone is taken
GALLERY_CHART_SEED = 242
_FORMAT_OF = {".gif": "gif", ".png": "png", ".apng": "png"}


class _Refusal(Exception):
    """A reason not to go on, in one sentence, and the exit code that goes with it."""

    def __init__(self, sentence: str, code: int) -> None:
        super().__init__(sentence)
        self.code = code


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
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the .gif or .png file to write")
    parser.add_argument("--size", type=int, metavar="PX",
                        help="pixels of each frame's long side (default 800, 1120 portrait)")
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="landscape",
                        help="the picture's layout (default landscape)")
    parser.add_argument("--every-move", action="store_true",
                        help="a frame after every move instead of after every player's update")
    parser.add_argument("--limit", type=float, default=DISCORD_LIMIT / 1_000_000, metavar="MB",
                        help="the largest file to make, in MB (default 10, Discord's limit)")
    parser.add_argument("--frame-ms", type=int, default=FRAME_MS, metavar="MS",
                        help=f"how long each picture shows, in milliseconds (default {FRAME_MS})")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``chart`` and ``animate`` to a ``busbot`` command line."""
    cp = subparsers.add_parser("chart", help=CHART_HELP, description=CHART_DESCRIPTION)
    chart_arguments(cp)
    cp.set_defaults(func=chart_command)
    ap = subparsers.add_parser("animate", help=ANIMATE_HELP, description=ANIMATE_DESCRIPTION)
    animate_arguments(ap)
    ap.set_defaults(func=animate_command)


def _load(name: str) -> Game:
    """The game a log file holds; a refusal names the file or the log's first bad line."""
    try:
        text = Path(name).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) else "it is not UTF-8 text"
        raise _Refusal(f"cannot read {name}: {why}", 2) from None
    try:
        return replay(GameLog.parse(text))
    except LogError as err:
        raise _Refusal(f"{name}: {err}", 1) from None
    except BusError as err:  # a bad header (players, edition) is reported like a bad line
        raise _Refusal(f"{name}: line 1: {err}", 1) from None


def _write(target: Path, data: bytes | str) -> None:
    try:
        if isinstance(data, str):
            target.write_text(data, encoding="utf-8")
        else:
            target.write_bytes(data)
    except OSError as err:
        raise _Refusal(f"cannot write {target}: {err.strerror}", 2) from None


def _guarded(job: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``job`` with its refusal printed as one sentence and turned into an exit code."""

    def run(args: argparse.Namespace) -> int:
        try:
            return job(args)
        except _Refusal as refusal:
            print(str(refusal), file=sys.stderr)
            return refusal.code

    return run


def _make_chart(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        raise _Refusal("--out must name a .png or .svg file", 2)
    try:
        width, height = chart_size(args.size)
    except ValueError as err:
        raise _Refusal(str(err), 2) from None
    game = _load(args.log)
    tale = story(game)
    svg = out.suffix.lower() == ".svg"
    _write(out, chart_svg(game, tale) if svg else chart_png(game, size=args.size, tale=tale))
    shape = "" if svg else f" ({width} x {height} px)"
    rounds = "round" if tale.rounds == 1 else "rounds"
    span = f"over {tale.rounds} {rounds}" if tale.rounds else "before the first round"
    print(f"{out}{shape}: the scores {span}.")
    print(summary(tale))
    return 0


def _make_animation(args: argparse.Namespace) -> int:
    out = Path(args.out)
    fmt = _FORMAT_OF.get(out.suffix.lower())
    if fmt is None:
        raise _Refusal("--out must name a .gif file, or a .png file for an animated PNG", 2)
    if not 0 < args.limit <= 1000:
        raise _Refusal("--limit is a number of megabytes above 0 and at most 1000", 2)
    if not 20 <= args.frame_ms <= 60_000:
        raise _Refusal("--frame-ms must be between 20 and 60000 milliseconds", 2)
    if args.size is not None and not 100 <= args.size <= 4000:
        raise _Refusal("--size must be between 100 and 4000 pixels", 2)
    game = _load(args.log)
    positions = every_move(game) if args.every_move else update_positions(game)
    try:
        made = animate(game, positions, fmt=fmt, size=args.size, layout=args.layout,
                       limit=int(args.limit * 1_000_000), frame_ms=args.frame_ms)
    except ValueError as err:
        raise _Refusal(str(err), 1) from None
    _write(out, made.data)
    print(describe(made, out.name))
    return 0


#: the subcommands' handlers: they take the parsed arguments and return the exit status
chart_command = _guarded(_make_chart)
animate_command = _guarded(_make_animation)


def describe(made: Animation, name: str) -> str:
    """One line about a finished animation, with its note when something was given up."""
    frames = "frame" if len(made.moves) == 1 else "frames"
    weight = len(made.data) / 1000
    amount = f"{weight / 1000:.1f} MB" if weight >= 1000 else f"{weight:.0f} KB"
    line = (f"{name} ({made.width} x {made.height} px, {len(made.moves)} {frames}, {amount}): "
            f"the table from move {made.moves[0]} to move {made.moves[-1]}.")
    return f"{line} {made.note}" if made.note else line


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

