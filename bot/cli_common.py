"""What the ``busbot`` subcommands share: the program's name, the error a subcommand stops
with, the settings and database arguments, and reading a game log.

Its own module, imported by ``bot.cli`` (the table of subcommands) and by the modules of the
subcommands' work (``console``, ``story_cli``, ``maintenance``), so none of them imports
``bot.cli`` back. Light: nothing here loads the service, the renderer or discord.py.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Config
    from engine import Game

PROG_VARIABLE = "BUSBOT_PROG"


def prog() -> str:
    """How the user starts busbot here: ``busbot``, or ``./play`` from a checkout."""
    return os.environ.get(PROG_VARIABLE, "").strip() or "busbot"


class CliError(Exception):
    """A subcommand that cannot go on: the message for the user and the exit status."""

    def __init__(self, message: str, status: int = 2, *, stdout: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.stdout = stdout



def config_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="PATH",
                        help="the settings file (default: config.toml here, if any)")


def db_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="PATH", help="the game database (default: from the "
                        "config file, else busbot.db)")
    config_argument(parser)


def console_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="PATH", help="the game database (default: from the "
                        "config file, else busbot.db)")
    parser.add_argument("--pictures", metavar="DIR", help="where pictures and exports are "
                        "written (default: the config's picture_dir, else ./pictures)")
    parser.add_argument("--no-pictures", action="store_true", help="do not draw the table "
                        "(much faster; `map` still explains)")
    parser.add_argument("--describe", action="store_true", help="print each picture's "
                        "description (what a screen reader reads on Discord) under its path")
    parser.add_argument("--config", metavar="PATH", help="the settings file (default: "
                        "config.toml here, if any)")


def practice_arguments(parser: argparse.ArgumentParser) -> None:
    """``practice``: the console's arguments, and the bots at the table."""
    console_arguments(parser)
    parser.add_argument("--bots", type=int, default=3, choices=(2, 3, 4),
                        help="how many computer players (default 3)")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                        help="how strongly they play (default normal)")
    parser.add_argument("--name", help="your seat's name (default: your login name, else "
                        "Player)")
    parser.add_argument("--from", dest="from_game", type=int, metavar="GAME",
                        help="start from a position of this finished game (with --move)")
    parser.add_argument("--move", type=int, default=0, metavar="N",
                        help="with --from: the position after its N-th move (default 0)")
    parser.add_argument("--seat", help="with --from: the seat you play (default: the one "
                                       "whose decision it is there)")


def load_config(args: argparse.Namespace) -> Config:
    """The settings named by ``--config`` (or ./config.toml), as one sentence when unusable."""
    from bot.config import ConfigError
    from bot.config import load_config as load

    try:
        return load(getattr(args, "config", None))
    except ConfigError as error:
        raise CliError(f"{prog()}: {error}") from None


def db_path(args: argparse.Namespace) -> str:
    if getattr(args, "db", None):
        return str(args.db)
    return load_config(args).db_path


def load_game(path: str, upto: int | None = None) -> tuple[Game, int]:
    """Read, parse and replay a text log: the game (after ``upto`` moves) and its move count.

    Every way it fails is a ``CliError``: an unreadable file (status 2), a bad line (status 1,
    ``line N, move M (rule R): reason`` on standard output, as ``replay`` promises).
    """
    from engine import GameLog, LogError, replay

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise CliError(f"cannot read {path}: {reason}") from None
    try:
        log = GameLog.parse(text)
        total = len(log.moves)
        if upto is not None and not 0 <= upto <= total:
            raise CliError(f"--move must be between 0 and {total}, the moves in this log")
        return replay(log, upto=upto), total
    except LogError as err:
        raise CliError(str(err), 1, stdout=True) from None
