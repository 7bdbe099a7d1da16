"""The ``busbot`` command line: one program, one table of subcommands, imports on demand.

Each subcommand names the function that does its work as ``"module:function"``; the module is
imported only when that subcommand runs, so ``busbot --help`` and ``busbot replay`` never load
the renderer, sqlite-utils or discord.py. Adding a subcommand is one entry in ``SUBCOMMANDS``
(its arguments and its handler, which takes the parsed arguments and returns the exit status).

Messages name the program as the user started it: ``./play`` sets ``BUSBOT_PROG`` so that a
hint reads ``./play console`` there and ``busbot console`` where busbot is installed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot import (  # light: declare their commands' arguments only
    page_cli,
    ratings_cli,
    review_cli,
    story_cli,
)
from bot.cli_common import (
    PROG_VARIABLE,
    CliError,
    config_argument,
    console_arguments,
    db_arguments,
    db_path,
    load_config,
    load_game,
    practice_arguments,
    prog,
)

__all__ = ["PROG_VARIABLE", "CliError", "db_path", "load_config", "load_game", "main", "prog"]

Handler = Callable[[argparse.Namespace], int]


# ---- arguments ---------------------------------------------------------------------------------


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    config_argument(parser)


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--json", action="store_true", help="print the final state as JSON")


def _render_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    parser.add_argument("--out", required=True, help="the PNG file to write")
    parser.add_argument("--svg", help="also write the picture as an SVG file")
    parser.add_argument("--move", type=int, metavar="N",
                        help="draw the table after the first N moves (default: all)")
    parser.add_argument("--size", type=int, metavar="PX",
                        help="pixels of the picture's long side (default 1000, portrait 1400)")
    from bot.config import PICTURE_LAYOUTS  # light: not the renderer

    parser.add_argument("--layout", choices=PICTURE_LAYOUTS, default="landscape",
                        help="landscape (the cards beside the city) or portrait (under it, "
                             "for phones)")


def _gallery_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="docs/gallery",
                        help="folder to write (default docs/gallery)")
    parser.add_argument("--size", type=int, default=1000, metavar="PX",
                        help="pixels of each picture's long side (default 1000)")


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game's number, or the place (channel id, 'console')")
    parser.add_argument("--format", choices=("txt", "json", "html"), default="txt",
                        help="txt (the text log), json (every record) or html (the game's page)")
    parser.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    db_arguments(parser)


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .txt log or a .json export")
    parser.add_argument("--place", default="console",
                        help="where the game lives (default: the console table)")
    parser.add_argument("--as", dest="user", metavar="NAME",
                        help="who imports it and so moderates it (default: the first seat)")
    db_arguments(parser)


def _sync_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--guild", type=int, metavar="ID",
                        help="publish to this server only (appears at once); default: the "
                        "config's dev_guild, else everywhere")
    config_argument(parser)


def _backup_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="FILE",
                        help="the copy to write (must not exist yet)")
    db_arguments(parser)


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    db_arguments(parser)


def _forget_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("user_id", metavar="USER_ID",
                        help="the user's id (a Discord user id, or a console name)")
    parser.add_argument("--dry-run", action="store_true",
                        help="say what would be done, change nothing")
    db_arguments(parser)


@dataclass(frozen=True, slots=True)
class Subcommand:
    """One ``busbot`` subcommand: its arguments here, its work in ``handler`` (imported late)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    handler: str
    description: str | None = None


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("run", "start the Discord bot (or the console table without a token)",
               _run_arguments, "bot.cli:run_command"),
    Subcommand("console", "play at a table in the terminal (lines are 'Name: text')",
               console_arguments, "bot.console:main",
               "A local table: each input line is 'Name: text', as if that user wrote it in "
               "the channel. Games are stored in the database and continue where they were."),
    Subcommand("practice", "play against 2 to 4 computer players in the terminal",
               practice_arguments, "bot.practice:main",
               "You against computer players (ai/), your moves typed as in the channel; the "
               "game is kept and continues where it was."),
    Subcommand("replay", "replay a game log and check every move", _replay_arguments,
               "bot.cli:replay_command"),
    Subcommand("render", "draw the table after a game log (or after its N-th move)",
               _render_arguments, "bot.cli:render_command",
               "Draw the table as a PNG (and optionally an SVG) after a text game log."),
    Subcommand("gallery", "regenerate the picture gallery in docs/gallery/",
               _gallery_arguments, "bot.cli:gallery_command",
               "Draw the sample game at a few moments, with a markdown page."),
    Subcommand("chart", story_cli.CHART_HELP, story_cli.chart_arguments,
               "bot.story_cli:chart_command", story_cli.CHART_DESCRIPTION),
    Subcommand("animate", story_cli.ANIMATE_HELP, story_cli.animate_arguments,
               "bot.story_cli:animate_command", story_cli.ANIMATE_DESCRIPTION),
    Subcommand("review", review_cli.REVIEW_HELP, review_cli.review_arguments,
               "bot.review_cli:review_command", review_cli.REVIEW_DESCRIPTION),
    Subcommand("html", page_cli.HTML_HELP, page_cli.html_arguments, "bot.page_cli:html_command",
               page_cli.HTML_DESCRIPTION),
    Subcommand("export", "write a stored game as a text log, JSON or its page", _export_arguments,
               "bot.maintenance:export_command",
               "Write a game's log: txt is the engine's text log (read back by `replay` and "
               "`import`), json has every record with its metadata, html the game's page."),
    Subcommand("import", "make a new game from a text log or JSON export", _import_arguments,
               "bot.maintenance:import_command",
               "Create a game from an exported file, in a place that has no open game. "
               "Seats are given to users of the same name (as at the console table)."),
    Subcommand("sync", "publish the slash commands to Discord now", _sync_arguments,
               "bot.cli:sync_command",
               "Publish the /bus commands whether or not they changed (the bot itself "
               "publishes only when they changed)."),
    Subcommand("backup", "copy the database safely, even while the bot runs",
               _backup_arguments, "bot.maintenance:backup_command",
               "A consistent copy of the game database through SQLite's online backup."),
    Subcommand("check", "verify the database: integrity, and every game replays",
               _check_arguments, "bot.maintenance:check_command",
               "Check the database file and replay every game against its stored summary; "
               "one line per game; exit status 1 when anything is wrong."),
    Subcommand("forget", "remove a user's id and names from every stored game",
               _forget_arguments, "bot.maintenance:forget_command",
               "What `forget me` does for a member, for the operator (a request by mail): the "
               "user's id and names become a pseudonym in every stored game, which still "
               "replays; their handled messages and owed posts are deleted. Safe while the "
               "bot runs. See docs/privacy.md."),
    Subcommand("ratings", ratings_cli.RATINGS_HELP, ratings_cli.ratings_arguments,
               "bot.ratings_cli:ratings_command", ratings_cli.RATINGS_DESCRIPTION),
]


def _resolve(target: str) -> Handler:
    module, _, function = target.partition(":")
    handler: Handler = getattr(importlib.import_module(module), function)
    return handler


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog(), description="Moderate play-by-post games of Bus (Splotter Spellen).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.description)
        command.arguments(p)
        p.set_defaults(handler=command.handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _resolve(args.handler)(args)
    except CliError as error:
        print(str(error), file=sys.stdout if error.stdout else sys.stderr)
        return error.status
    except Exception as error:
        # A database that cannot be used (damaged, locked, read-only): one sentence, status 2.
        # Imported only on this path, so the subcommands that need no database stay light.
        from bot.service.store import StoreError

        if not isinstance(error, StoreError):
            raise
        print(f"{prog()} {args.command}: {error}", file=sys.stderr)
        return 2


# ---- the subcommands that live here -----------------------------------------------------------


def replay_command(args: argparse.Namespace) -> int:
    game, _ = load_game(args.log)
    if args.json:
        import json

        print(json.dumps(game.to_json(), indent=2))
        return 0
    st = game.state
    print(f"{len(game.history)} moves replayed; round {st.round}, {st.phase}.")
    for name in game.ranking():
        p = game.player(name)
        points = "point" if abs(p.score) == 1 else "points"
        stones = "clock stone" if p.stones == 1 else "clock stones"
        print(f"  {p.name} ({p.colour}): {p.score} {points} = {p.carried} carried - "
              f"{p.stones} {stones}")
    if game.is_over:
        print(f"Game over: {game.winner} wins.")
    else:
        decision = game.to_act()
        assert decision is not None
        print(f"Waiting for {decision.text}")
    return 0


def render_command(args: argparse.Namespace) -> int:
    from render import render_png, render_svg
    from render.layout import LAYOUTS
    from render.png import pixel_size

    layout = LAYOUTS[args.layout]
    size = args.size or layout.size
    try:
        width, height = pixel_size(size, layout)
    except ValueError as err:
        raise CliError(str(err)) from None
    game, total = load_game(args.log, upto=args.move)
    try:
        Path(args.out).write_bytes(render_png(game, size=size, layout=layout.name))
        if args.svg:
            Path(args.svg).write_text(render_svg(game, layout=layout.name), encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {err.filename}: {err.strerror}") from None
    played = len(game.history)
    decision = game.to_act()
    now = f"waiting for {decision.text}" if decision else f"game over, {game.winner} wins"
    extra = f" and {args.svg}" if args.svg else ""
    print(f"{args.out} ({width} x {height} px){extra}: after move {played} of {total}; {now}")
    return 0


def gallery_command(args: argparse.Namespace) -> int:
    from render.gallery import write_gallery

    try:
        write_gallery(Path(args.out), size=args.size)
    except OSError as err:
        raise CliError(f"cannot write {err.filename}: {err.strerror}") from None
    return 0


def no_token_text() -> str:
    from bot.config import TOKEN_VARIABLE

    name = prog()
    return f"""\
No Discord token found, so the bot cannot connect to Discord.

To run busbot on Discord:
  1. Create an application and its bot user at https://discord.com/developers/applications
     (docs/discord-setup.md walks through it, including the invite link).
  2. Give the bot's token to busbot, preferably through the environment:
       export {TOKEN_VARIABLE}=...your token...
     or as `token = "..."` in config.toml (never commit that file).
  3. Run `{name}` again.

Meanwhile you can play locally with `{name} console`; starting the console table now.
"""


def run_command(args: argparse.Namespace) -> int:
    """The Discord bot when there is a token; without one, how to get it, and the console."""
    config = load_config(args)
    if not config.token:
        print(no_token_text(), file=sys.stderr)
        from bot import console

        return console.main(config)
    # Imported only now: the console path does not need discord.py at all.
    from bot.discord_app import runner

    return runner.run_bot(config)


def sync_command(args: argparse.Namespace) -> int:
    config = load_config(args)
    from bot.discord_app.runner import sync_commands

    return sync_commands(config, args.guild)


if __name__ == "__main__":
    # Run the imported module, not this __main__ copy, so that handlers and ``main`` share one
    # ``CliError`` class.
    from bot.cli import main as cli_main

    sys.exit(cli_main())
