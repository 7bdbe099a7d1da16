"""``busbot review LOG --out review.json``: a game reviewed from its log (issue 36).

The review is ``ai.review``'s (every decision with a real choice judged by the computer's
search, at ``REVIEW_PLAYOUTS`` a position unless ``--playouts`` says otherwise); the file is
its JSON (``Review.to_json``), the text printed is the one the ``review`` command answers
with (``bot/service/verbs/review.py``), and ``--chart`` draws its chart
(``render/review_chart.py``). Progress goes to standard error, a line every tenth of the game.
The arguments are declared here without importing the search or the renderer, so that
``busbot --help`` stays light.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REVIEW_HELP = "review a game from its log: win chances move by move, turning points"
REVIEW_DESCRIPTION = (
    "Judge every decision of a text game log with the computer's search: each seat's chance "
    "of winning before and after it, the move the computer would have preferred and what the "
    "played one cost. Writes the review as JSON, prints its summary, and draws its chart with "
    "--chart. The same log gives the same review.")


def review_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--chart", metavar="PNG", help="also draw the chart (.png or .svg)")
    parser.add_argument("--playouts", type=int, metavar="N",
                        help="lines of play a position (default: the review's budget, 400)")


def review_command(args: argparse.Namespace) -> int:
    from ai.review import REVIEW_PLAYOUTS, review
    from bot.cli_common import CliError, load_game
    from bot.service.verbs.review import review_said
    from bot.service.words.catalogue import say

    out = Path(args.out)
    chart = Path(args.chart) if args.chart else None
    if chart is not None and chart.suffix.lower() not in (".png", ".svg"):
        raise CliError("--chart must name a .png or .svg file")
    playouts = REVIEW_PLAYOUTS if args.playouts is None else args.playouts
    if playouts < 1:
        raise CliError("--playouts must be at least 1")
    game, _ = load_game(args.log)
    shown = [-1]

    def progress(done: int, whole: int) -> None:
        tenth = 10 * done // max(1, whole)
        if tenth > shown[0]:
            shown[0] = tenth
            print(f"reviewing: {10 * tenth}%", file=sys.stderr, flush=True)

    done = review(game, playouts=playouts, progress=progress)
    _write(out, json.dumps(done.to_json(), indent=1) + "\n")
    if chart is not None:
        from render.review_chart import review_chart_png, review_chart_svg

        svg = chart.suffix.lower() == ".svg"
        _write(chart, review_chart_svg(done) if svg else review_chart_png(done))
    print(say(review_said(done, game.is_over), "en"))
    return 0


def _write(target: Path, data: bytes | str) -> None:
    from bot.cli_common import CliError

    try:
        if isinstance(data, str):
            target.write_text(data, encoding="utf-8")
        else:
            target.write_bytes(data)
    except OSError as err:
        raise CliError(f"cannot write {target}: {err.strerror}") from None
