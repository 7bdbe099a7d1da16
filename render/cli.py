"""The ``busbot render`` and ``busbot gallery`` subcommands.

``bot.cli`` owns the ``busbot`` program and calls ``register``; ``python -m render.cli`` runs the
same two subcommands without it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import GameLog, LogError, replay
from render import render_png, render_svg
from render.gallery import write_gallery
from render.layout import LAYOUTS
from render.png import pixel_size


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``render`` and ``gallery`` to a ``busbot`` command line."""
    rp = subparsers.add_parser(
        "render", help="draw the table after a game log (or after its N-th move)",
        description="Draw the table as a PNG (and optionally an SVG) after a text game log.")
    rp.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    rp.add_argument("--out", required=True, help="the PNG file to write")
    rp.add_argument("--svg", help="also write the picture as an SVG file")
    rp.add_argument("--move", type=int, metavar="N",
                    help="draw the table after the first N moves (default: all)")
    rp.add_argument("--size", type=int, metavar="PX",
                    help="pixels of the picture's long side (default 1000, portrait 1400)")
    rp.add_argument("--layout", choices=sorted(LAYOUTS), default="landscape",
                    help="landscape (the cards beside the city) or portrait (under it, for "
                         "phones)")
    rp.set_defaults(func=_render)
    gp = subparsers.add_parser(
        "gallery", help="regenerate the picture gallery in docs/gallery/",
        description="Draw the sample game at a few moments, with a markdown page.")
    gp.add_argument("--out", default="docs/gallery", help="folder to write (default docs/gallery)")
    gp.add_argument("--size", type=int, default=1000, metavar="PX",
                    help="pixels of each picture's long side (default 1000)")
    gp.set_defaults(func=_gallery)


def _render(args: argparse.Namespace) -> int:
    try:
        text = Path(args.log).read_text(encoding="utf-8")
    except OSError as err:
        print(f"cannot read {args.log}: {err.strerror}", file=sys.stderr)
        return 2
    layout = LAYOUTS[args.layout]
    size = args.size or layout.size
    try:
        width, height = pixel_size(size, layout)
    except ValueError as err:
        print(str(err), file=sys.stderr)
        return 2
    try:
        log = GameLog.parse(text)
        total = len(log.moves)
        if args.move is not None and not 0 <= args.move <= total:
            print(f"--move must be between 0 and {total}, the moves in this log",
                  file=sys.stderr)
            return 2
        game = replay(log, upto=args.move)
    except LogError as err:
        print(str(err))
        return 1
    try:
        Path(args.out).write_bytes(render_png(game, size=size, layout=layout.name))
        if args.svg:
            Path(args.svg).write_text(render_svg(game, layout=layout.name), encoding="utf-8")
    except OSError as err:
        print(f"cannot write {err.filename}: {err.strerror}", file=sys.stderr)
        return 2
    played = len(game.history)
    decision = game.to_act()
    now = f"waiting for {decision.text}" if decision else f"game over, {game.winner} wins"
    extra = f" and {args.svg}" if args.svg else ""
    print(f"{args.out} ({width} x {height} px){extra}: after move {played} of {total}; {now}")
    return 0


def _gallery(args: argparse.Namespace) -> int:
    try:
        write_gallery(Path(args.out), size=args.size)
    except OSError as err:
        print(f"cannot write {err.filename}: {err.strerror}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.cli")
    register(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
