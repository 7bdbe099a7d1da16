"""``busbot ratings rebuild`` and ``busbot ratings export``: the ratings for the operator.

The arguments are declared here without touching the database (``bot.cli`` lists them in
``SUBCOMMANDS``); the handler imports the service when it runs. The work itself is
``bot/service/ratings/stored.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli_common import CliError, db_arguments, db_path, prog

RATINGS_HELP = "rebuild the ratings from the stored games, or export a server's"
RATINGS_DESCRIPTION = (
    "rebuild: compute every rating again from the finished games (safe while the bot runs: the "
    "games are read first, then the tables are rewritten in one short transaction) and say "
    "whether the stored numbers were reproduced exactly. export: a server's ratings (every "
    "server's without --server) as CSV (one row per player per scope: all time, each season) "
    "or JSON (also every rated game with each player's rating before and after).")
#: What a rebuild prints (operator-facing English, one template each).
REBUILT_SAME = ("Rebuilt the ratings from {games} stored games ({rated} rated): the stored "
                "numbers were reproduced exactly.")
REBUILT_DIFFERENT = ("Rebuilt the ratings from {games} stored games ({rated} rated): {rows} "
                     "stored rows differed ({tables}) and were replaced by the rebuilt ones.")


def ratings_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("rebuild", "export"))
    parser.add_argument("--format", choices=("csv", "json"), default="csv",
                        help="export: csv (the tables) or json (the tables and every game)")
    parser.add_argument("--server", metavar="ID",
                        help="export: one server (a Discord server id, or a console place)")
    parser.add_argument("--out", metavar="FILE", help="export: write here instead of "
                        "standard output")
    db_arguments(parser)


def ratings_command(args: argparse.Namespace) -> int:
    from bot.maintenance import _existing as existing  # the one 'no database there' check
    from bot.service.ratings import stored
    from bot.service.store.store import Store

    store = Store(existing(db_path(args)))
    try:
        if args.action == "rebuild":
            report = stored.rebuild(store)
            if report.same:
                print(REBUILT_SAME.format(games=report.games, rated=report.rated))
                return 0
            differing = {name: n for name, n in report.differing.items() if n}
            print(REBUILT_DIFFERENT.format(
                games=report.games, rated=report.rated, rows=sum(differing.values()),
                tables=", ".join(f"{name} {n}" for name, n in differing.items())))
            return 1
        if args.server is not None and args.server not in stored.servers(store):
            raise CliError(f"{prog()} ratings export: no rated game on the server "
                           f"{args.server[:40]!r}", 1)
        text = stored.export_text(store, args.format, args.server)
    finally:
        store.close()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
