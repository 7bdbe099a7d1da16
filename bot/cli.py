"""The ``busbot`` command line: one entry point, a subcommand per job."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import render.cli
from bot import service_cli
from engine import GameLog, LogError, replay


def _replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.log).read_text(encoding="utf-8")
    except OSError as err:
        print(f"cannot read {args.log}: {err.strerror}", file=sys.stderr)
        return 2
    try:
        log = GameLog.parse(text)
        game = replay(log)
    except LogError as err:
        print(str(err))
        return 1
    if args.json:
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


def _run(args: argparse.Namespace) -> int:
    from bot.run import run

    return run(args.config)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="busbot", description="Moderate play-by-post games of Bus (Splotter Spellen).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rp = sub.add_parser("replay", help="replay a game log and check every move")
    rp.add_argument("log", help="a text game log (players:, edition:, Name: move lines)")
    rp.add_argument("--json", action="store_true", help="print the final state as JSON")
    rp.set_defaults(func=_replay)
    run = sub.add_parser("run", help="start the Discord bot (or the console table without a "
                                     "token)")
    run.add_argument("--config", default=None, help="config file (default: config.toml)")
    run.set_defaults(func=_run)
    render.cli.register(sub)  # render, gallery
    service_cli.register(sub)  # console, export, import
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
