"""``ratings`` and ``ratings assisted count|skip``: how this server's ratings count (anyone
asks; the server's moderators set it). A game is *assisted* when timeouts or replacements made
more than a quarter of some person's seat's decisions; by default such games count (leaving a
losing game to the timeouts must not keep one's rating), and a server may say they do not, when
its games are rated again without them (``bot/service/ratings/counting.py``). A command
declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.ratings import asking, counting, tables
from engine.text import Msg

HELP = Msg("ratings_settings.help", "`ratings assisted count|skip` (whether games played much by "
           "timeouts count; `ratings` says)")

USAGE = Msg("ratings_settings.usage", "`ratings` or `ratings assisted count|skip`")
RULES = Msg("ratings_settings.rules", "Ratings here: {games} rated games; assisted games "
            "(timeouts or replacements played more than {share}% of a seat's decisions) {rule}.")
SET = Msg("ratings_settings.set", "Assisted games {rule} here from now on; the games finished so "
          "far were rated again accordingly.")
SAME = Msg("ratings_settings.same", "Assisted games {rule} here already; nothing was changed.")
COUNT = Msg("ratings_settings.count", "count")
SKIP = Msg("ratings_settings.skip", "do not count")


@dataclass(frozen=True, slots=True)
class RatingRules(Command):
    """``ratings`` (``assisted``: the new setting, None to ask)."""

    assisted: bool | None = None


def read(w: Words) -> RatingRules | None:
    if w.word(1) is None:
        return RatingRules()
    if w.word(1) == "assisted" and w.word(3) is None:
        value = {"count": True, "on": True, "skip": False, "off": False}.get(w.word(2) or "")
        return None if value is None else RatingRules(value)
    return None


def rules(ctx: Context[LiveGame | None], cmd: RatingRules) -> Outcome:
    refused = (asking.in_a_server(ctx) if cmd.assisted is None
               else asking.may_set(ctx, "say whether assisted games count"))
    if refused is not None:
        return refused
    server = asking.server(ctx)
    if cmd.assisted is None:
        with ctx.store.lock:
            db = ctx.store.db
            games = db.execute("SELECT COUNT(*) FROM rated_games WHERE server = ? AND "
                               "counted = 1", [server]).fetchone()[0]
            rule = COUNT() if tables.count_assisted(db, server) else SKIP()
        return Outcome(RULES(games=games, share=round(100 * counting.ASSISTED_SHARE),
                                    rule=rule))
    with ctx.store.transaction() as db:
        changed = tables.set_count_assisted(db, server, cmd.assisted)
    rule = COUNT() if cmd.assisted else SKIP()
    return Outcome((SET if changed else SAME)(rule=rule))


ENTRY = Entry(
    "ratings", ("ratings",), USAGE(), read, {RatingRules: OpenRoute(rules)},
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.ANYONE, "`ratings`"), (Who.MODERATORS, "`ratings assisted count\\|skip`")),
    slash=NoSlash("a server's rule is set once; reached with `/bus do`"),
    strict=True,
)
