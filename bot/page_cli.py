"""``busbot html``: the game's page (``render.page``) from a text log.

Declared here without touching the renderer, so that ``busbot --help`` stays light; the handler
imports it when it runs. A stored game's page, with its automatic moves, corrections and undos
marked, is ``busbot export ID --format html`` (``bot.maintenance``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ai.review import Review

HTML_HELP = "make the game's page (one HTML file) from a game log"
HTML_DESCRIPTION = (
    "Write one self-contained HTML file that shows the table at every move (a slider, buttons "
    "and the arrow keys move through it), the log by round, the score chart and the final "
    "standings. It loads nothing from anywhere: open it in any browser, offline.")


def html_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the .html file to write")
    parser.add_argument("--title", help="the page's title (default: the players' names)")
    parser.add_argument("--review", metavar="JSON",
                        help="the game's review (`busbot review LOG --out review.json`): the "
                             "page adds its win-chance strip, turning points and better moves")


def html_command(args: argparse.Namespace) -> int:
    from bot.cli_common import CliError, load_game
    from render.page import PageNotes, build_page

    out = Path(args.out)
    if out.suffix.lower() not in (".html", ".htm"):
        raise CliError("--out must name an .html file")
    game, _ = load_game(args.log)
    review = _review(args.review, len(game.history)) if args.review else None
    page = build_page(game, PageNotes(title=args.title or ""), review=review)
    try:
        out.write_text(page.html, encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {out}: {err.strerror}") from None
    where = (f"{page.positions} positions, move 0 to move {page.positions - 1}"
             if page.positions > 1 else "its start (no move yet)")
    print(f"{out} ({page.size / 1_000_000:.2f} MB): the table at {where}; open it in a "
          f"browser.")
    return 0


def _review(path: str, moves: int) -> Review:
    """The review read from ``busbot review``'s JSON, checked to be of this log's moves."""
    from ai.review import Review
    from bot.cli_common import CliError

    try:
        review = Review.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror}") from None
    except (ValueError, KeyError, TypeError):
        raise CliError(f"{path} is not a review written by `busbot review`") from None
    if review.moves != moves:
        raise CliError(f"{path} reviews {review.moves} moves, but the log has {moves}")
    return review
