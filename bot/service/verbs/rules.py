"""``rules``: the game in short, and this game's edition and components."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game.live_game import LiveGame, build_options
from bot.service.game.records import GameRecord, GameStatus
from engine import EDITIONS, Options


@dataclass(frozen=True, slots=True)
class Rules(Command):
    pass


def _rules(w: Words) -> Command | None:
    return Rules() if only(w, 1) else None


def rules(ctx: Context[LiveGame | None], cmd: Rules) -> Outcome:
    live = ctx.live
    return Outcome(rules_text(live.record if live and live.status != GameStatus.ABANDONED
                                      else None))


def rules_text(record: GameRecord | None) -> str:
    lines = [
        "**Bus** in short: each round players take turns placing action markers (at least two "
        "each, then they may pass), then the actions resolve in order: line expansion, buses, "
        "passengers, buildings, clock, Vrrooomm (deliver passengers to buildings of the clock's "
        "type), starting player. Each delivered passenger scores 1; each clock stone costs 1. "
        "The game ends when the last clock stone is taken, when at most one player has markers "
        "left, or when every lot is built.",
    ]
    if record is None:
        lines.append(f"No game is open here. Editions: {', '.join(EDITIONS)} (the default is "
                     f"{EDITIONS[0]}); `new game {EDITIONS[-1]}` picks one.")
    else:
        lines.append(f"This game: {record.edition} edition.")
        n = max(3, len(record.seats))
        try:
            opts: Options | None = build_options(record.edition, n, record.options)
        except ValueError:
            opts = None
        if opts is not None:
            lines.append(
                f"Components: {opts.markers} markers each, {opts.clock_stones} clock stones, "
                f"{opts.bus_limit} buses at most, {opts.passengers} passengers, building type "
                f"limit {opts.building_type_limit or 'none'}; first line on an empty street: "
                f"{'yes' if opts.first_line_on_empty_street else 'no'}; single choices played "
                f"automatically: {'yes' if opts.auto_single else 'no'}.")
    return "\n".join(lines)


ENTRY = Entry(
    "rules", ("rules",), "`rules`", _rules, {Rules: OpenRoute(rules)},
    help=((Section.LOOK, "`rules`"),), docs=((Who.ANYONE, "`rules`"),),
    slash=Slash("rules", "A summary of the rules", private=True), rank=4,
)
