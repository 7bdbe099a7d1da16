"""``rules``: the game in short, and this game's edition and components."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game.automatic import single
from bot.service.game.live_game import LiveGame, build_options
from bot.service.game.records import GameRecord, GameStatus
from bot.service.words.catalogue import LanguageName, Said, lines
from engine import EDITIONS, Options
from engine.notation import ENGLISH_ONLY, EXAMPLES, Languages, MoveText, parse_move
from engine.text import Listing, Msg

SUMMARY = Msg("rules.summary", "**Bus** in short: each round players take turns placing action "
              "markers (at least two each, then they may pass), then the actions resolve in "
              "order: line expansion, buses, passengers, buildings, clock, Vrrooomm (deliver "
              "passengers to buildings of the clock's type), starting player. Each delivered "
              "passenger scores 1; each clock stone costs 1. The game ends when the last clock "
              "stone is taken, when at most one player has markers left, or when every lot is "
              "built.")
NO_GAME = Msg("rules.no_game", "No game is open here. Editions: {editions} (the default is "
              "{default}); `new game {last}` picks one.")
THIS_GAME_EDITION = Msg("rules.this_game_edition", "This game: {edition} edition.")
COMPONENTS = Msg("rules.components", "Components: {markers} markers each, {clock_stones} clock "
                 "stones, {bus_limit} buses at most, {passengers} passengers, building type "
                 "limit {limit}; first line on an empty street: {first_line}; single choices "
                 "played automatically: {auto_single}.")
NONE = Msg("rules.none", "none")
YES = Msg("rules.yes", "yes")
NO = Msg("rules.no", "no")
HELP = Msg("rules.help", "`rules`")
#: how moves are written at the table, with examples in the reader's notation
MOVES_HERE = Msg("rules.moves_here", "Moves are written like this: {examples}. This table reads "
                 "{languages}; crossings are named as on the board (C1, N3, W5, WS/ES).")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("rules.slash", "A summary of the rules")


@dataclass(frozen=True, slots=True)
class Rules(Command):
    pass


def _rules(w: Words) -> Command | None:
    return Rules() if only(w, 1) else None


def rules(ctx: Context[LiveGame | None], cmd: Rules) -> Outcome:
    live = ctx.live
    return Outcome(rules_text(live.record if live and live.status != GameStatus.ABANDONED
                                      else None, ctx.languages))


def rules_text(record: GameRecord | None, languages: Languages = ENGLISH_ONLY) -> Said:
    """The game in short, how moves are written at this table (read in ``languages``), and
    the game's edition and components."""
    examples = Listing(tuple(MoveText(parse_move(e)) for e in EXAMPLES[:5]), "; ")
    out: list[Said] = [SUMMARY(), MOVES_HERE(examples=examples, languages=Listing(tuple(
        LanguageName(code) for code in languages)))]
    if record is None:
        out.append(NO_GAME(editions=", ".join(EDITIONS), default=EDITIONS[0], last=EDITIONS[-1]))
    else:
        out.append(THIS_GAME_EDITION(edition=record.edition))
        n = max(3, len(record.seats))
        try:
            opts: Options | None = build_options(record.edition, n, record.options)
        except ValueError:
            opts = None
        if opts is not None:
            out.append(COMPONENTS(
                markers=opts.markers, clock_stones=opts.clock_stones, bus_limit=opts.bus_limit,
                passengers=opts.passengers, limit=opts.building_type_limit or NONE(),
                first_line=YES() if opts.first_line_on_empty_street else NO(),
                auto_single=YES() if single(record) else NO()))
    return lines(*out)


ENTRY = Entry(
    "rules", ("rules",), HELP(), _rules, {Rules: OpenRoute(rules)},
    help=((Section.LOOK, HELP()),), docs=((Who.ANYONE, "`rules`"),),
    slash=Slash("rules", SLASH(), private=True), rank=4,
)
