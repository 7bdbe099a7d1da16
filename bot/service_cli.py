"""``busbot console``, ``busbot export`` and ``busbot import``: the service from the shell."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot import console
from bot.api import Actor


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the service's subcommands to the ``busbot`` command line (``bot.cli`` calls this)."""
    cp = subparsers.add_parser(
        "console", help="play at a table in the terminal (lines are 'Name: text')",
        description="A local table: each input line is 'Name: text', as if that user wrote it in "
        "the channel. Games are stored in the database and continue where they were.")
    console.add_arguments(cp)
    cp.set_defaults(func=_console)

    ep = subparsers.add_parser(
        "export", help="write a stored game as a text log or JSON",
        description="Write a game's log: txt is the engine's text log (read back by `busbot "
        "replay` and `busbot import`), json has every record with its metadata.")
    ep.add_argument("game", help="the game's number, or the place (channel id, 'console')")
    ep.add_argument("--format", choices=("txt", "json"), default="txt")
    ep.add_argument("--db", metavar="PATH", help="the game database (default: from the config)")
    ep.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    ep.add_argument("--config", metavar="PATH", help="the settings file")
    ep.set_defaults(func=_export)

    ip = subparsers.add_parser(
        "import", help="make a new game from a text log or JSON export",
        description="Create a game from an exported file, in a place that has no open game. "
        "Seats are given to users of the same name (as at the console table).")
    ip.add_argument("file", help="a .txt log or a .json export")
    ip.add_argument("--place", default=console.PLACE,
                    help="where the game lives (default: the console table)")
    ip.add_argument("--as", dest="user", metavar="NAME",
                    help="who imports it and so moderates it (default: the first seat)")
    ip.add_argument("--db", metavar="PATH", help="the game database (default: from the config)")
    ip.add_argument("--config", metavar="PATH", help="the settings file")
    ip.set_defaults(func=_import)


def _db_path(args: argparse.Namespace) -> str:
    if args.db:
        return str(args.db)
    from bot.config import load_config

    return load_config(args.config).db_path


def _console(args: argparse.Namespace) -> int:
    return console.main(args)


def _export(args: argparse.Namespace) -> int:
    from bot.exchange import ExchangeError
    from bot.service import GameService

    service = GameService(_db_path(args), renderer=None)
    try:
        text = service.export(args.game, args.format)
    except ExchangeError as err:
        print(f"busbot export: {err}", file=sys.stderr)
        return 1
    finally:
        service.close()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _import(args: argparse.Namespace) -> int:
    from bot.service import GameService

    try:
        text = Path(args.file).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        print(f"busbot import: cannot read {args.file}: {err}", file=sys.stderr)
        return 2
    service = GameService(_db_path(args), renderer=None, bind_imported_names=True)
    try:
        importer = Actor(args.user, args.user) if args.user else None
        reply = service.import_text(args.place, importer, text)
    finally:
        service.close()
    print(reply.text)
    return 0 if reply.ok else 1
