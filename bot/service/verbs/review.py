"""``review``: the game reviewed (issue 36): who was ahead when, the three biggest turning
points with the move the computer would have preferred, each player's share of good decisions,
and a chart of every seat's chance of winning over the moves. A command declared in one file:
see ``bot/service/verbs/__init__.py``.

The numbers are ``ai.review``'s (a search of every position with a real choice, at a budget in
playouts, so the same game gives the same review). It is never given for a running game at a
real table (it would be advice to its players): only once the game is over, and for a
practice game (``busbot practice``) at any time.

A review takes half a minute of a core, so the handler only says what to do (``ReviewJob``)
and the service does it after the commit on the heavy worker, as it draws a game's animation
(the search itself on a process of its own, ``thinking.run_apart``, so it never holds the
interpreter's lock the event loop needs):
it is counted as one of the asker's animations (``ctx.animation``) and kept once done (the
``reviews`` table, ``store/reviews.py``), so asking again is free and instant; the chart is a
picture like ``chart``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ai.review import GOOD_COST, REVIEW_PLAYOUTS, Judged, Lead, Review, review
from bot.api import Attachment, Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, NoSlash, Route, Section, Who
from bot.service.command.words import Words, only
from bot.service.ratings.counting import PRACTICE_PLACE
from bot.service.store import reviews
from bot.service.store.store import Store
from bot.service.thinking import run_apart
from bot.service.words.catalogue import Said, lines
from engine import Game
from engine.errors import ParseError
from engine.limits import REVIEW_PROGRESS_REPORTS
from engine.notation import MoveText, parse_move
from engine.text import Listing, Msg, Plural, Text, listing
from engine.text import Words as Writer

log = logging.getLogger(__name__)

USAGE = Msg("review.usage", "`review`")
HELP = Msg("review.help", "`review` (once the game is over, or any time in a practice game: "
           "who was ahead when, the turning points and the better moves, with a chart)")
NOT_STARTED = Msg("review.not_started", "The game has not started, so there is nothing to "
                  "review yet.")
RUNNING = Msg("review.running", "A game is reviewed once it is over: a review now would be "
              "advice to its players. A practice game can be reviewed at any time.")
#: what the reply says at once; the review follows on the heavy worker
REVIEWING = Msg("review.reviewing", "The review of game {game}:")
SKIPPED = Msg("review.skipped", "(The review cannot be made this time: several long drawings "
              "are under way here; try `review` again in a minute.)")
FAILED = Msg("review.failed", "(The review could not be made this time.)")
#: how far a review being made is, edited a few times (``REVIEW_PROGRESS_REPORTS``) on Discord
PROGRESS = Msg("review.progress", "Reviewing game {game}: {percent}%…")
CHART_FAILED = Msg("review.chart_failed", "(The review's chart could not be drawn this time.)")
#: where else the review shows: the game's page, made after it
ON_THE_PAGE = Msg("review.on_the_page", "`export html` now makes the game's page with the "
                  "review: its chance strip under the slider, the turning points in the log "
                  "and the better move at each position.")

#: the review's text, one sentence each
HEADING = Plural("review.heading",
                 "The computer's search judged the game's {decisions} decision with a real "
                 "choice, trying {playouts} lines of play from each position.",
                 "The computer's search judged the game's {decisions} decisions with a real "
                 "choice, trying {playouts} lines of play from each position.",
                 count="decisions")
NOT_OVER = Plural("review.not_over", "The game is not over: this covers its first {n} move.",
                  "The game is not over: this covers its first {n} moves.")
AHEAD = Msg("review.ahead", "Who was ahead, by the chance of winning as each round began: "
            "{runs}.")
AHEAD_ROUND = Msg("review.ahead.round", "{player} in round {round} (up to {best}%)")
AHEAD_ROUNDS = Msg("review.ahead.rounds", "{player} in rounds {first} to {last} (up to "
                   "{best}%)")
AHEAD_SETUP = Msg("review.ahead.setup", "{player} in the setup (up to {best}%)")
AHEAD_SETUP_ROUNDS = Msg("review.ahead.setup_rounds", "{player} from the setup to round "
                         "{last} (up to {best}%)")
TURNING_POINTS = Msg("review.turning_points", "The biggest turning points:")
TURN = Msg("review.turn", "{mark}. Round {round}, move {number}: {player} played `{played}` "
           "(chance of winning {before}% before, {after}% after); `{better}` was better by "
           "{cost} percentage points.")
TURN_SETUP = Msg("review.turn.setup", "{mark}. The setup, move {number}: {player} played "
                 "`{played}` (chance of winning {before}% before, {after}% after); `{better}` "
                 "was better by {cost} percentage points.")
NO_TURNING_POINT = Msg("review.no_turning_point", "No move gave away {good} percentage points "
                       "or more of its player's chance of winning against the computer's "
                       "choice.")
GOOD = Msg("review.good", "Good decisions (within {good} percentage points of the computer's "
           "choice): {shares}.")
GOOD_SHARE = Msg("review.good.share", "{player} {good} of {total} ({share}%)")


@dataclass(frozen=True, slots=True)
class ReviewGame(Command):
    """``review``: the place's game reviewed."""


def read(w: Words) -> ReviewGame | None:
    return ReviewGame() if only(w, 1) else None


def _percent(share: float) -> int:
    return round(100 * share)


def _lead(run: Lead) -> Text:
    best = _percent(run.best)
    if run.first == 0:
        if run.last == 0:
            return AHEAD_SETUP(player=run.player, best=best)
        return AHEAD_SETUP_ROUNDS(player=run.player, last=run.last, best=best)
    if run.first == run.last:
        return AHEAD_ROUND(player=run.player, round=run.first, best=best)
    return AHEAD_ROUNDS(player=run.player, first=run.first, last=run.last, best=best)


def _move(text: str) -> MoveText | str:
    """A move of the review named in a sentence (written in the reader's language where the
    notation reads back; as stored otherwise)."""
    try:
        return MoveText(parse_move(text))
    except ParseError:  # a stored review from an older notation: shown as it was written
        return text


def _turn(mark: int, d: Judged) -> Text:
    said = TURN_SETUP if d.round == 0 else TURN
    return said(mark=mark, round=d.round, number=d.number, player=d.player,
                played=_move(d.played), before=_percent(d.before[d.seat]),
                after=_percent(d.after[d.seat]), better=_move(d.better or ""),
                cost=_percent(d.cost))


def review_said(done: Review, over: bool = True) -> Listing:
    """The review's text: what was judged, who was ahead when, the turning points with the
    better move, and each player's share of good decisions."""
    good = _percent(GOOD_COST)
    points = done.turning_points()
    shares = [GOOD_SHARE(player=name, good=g, total=t, share=_percent(g / t) if t else 0)
              for name, (g, t) in done.good_share().items()]
    turns: list[Said] = ([TURNING_POINTS(), *(_turn(k, d) for k, d in enumerate(points, 1))]
                         if points else [NO_TURNING_POINT(good=good)])
    return lines(HEADING(decisions=len(done.decisions), playouts=done.playouts),
                 None if over else NOT_OVER(n=done.moves),
                 AHEAD(runs=listing([_lead(r) for r in done.leaders()])),
                 *turns,
                 GOOD(good=good, shares=listing(shares)))


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """The review made (unless ``kept``) and kept, then told and charted: called on the heavy
    worker, outside any lock."""

    game: Game
    game_id: int
    store: Store
    kept: Review | None
    #: whether its chart is drawn (not where the service draws no charts)
    chart: bool = True
    #: told how far the search is, a few times (``reporting``); None: nobody asks
    report: Callable[[str], None] | None = field(default=None, compare=False)

    @property
    def skipped(self) -> Said:
        return SKIPPED()

    def reporting(self, report: Callable[[str], None]) -> ReviewJob:
        return replace(self, report=report)

    def _progress(self, words: Writer) -> Callable[[int, int], None] | None:
        """What the search calls after each move: ``report`` told at the first move past each
        of ``REVIEW_PROGRESS_REPORTS`` even steps (25%, 50%, 75% for three), never at the end
        (the review itself comes then)."""
        report = self.report
        if report is None:
            return None
        steps = REVIEW_PROGRESS_REPORTS + 1
        told = [0]

        def progress(done: int, total: int) -> None:
            step = done * steps // max(1, total)
            if told[0] < step < steps:
                told[0] = step
                report(words(PROGRESS(game=self.game_id, percent=100 * step // steps)))
        return progress

    def __call__(self, taken: int, words: Writer) -> tuple[list[Said], list[Attachment]]:
        # asked twice at once (the place's lock is not held while a review is made), the
        # second finds the first's kept: the heavy worker makes one at a time
        done = self.kept or reviews.kept(self.store, self.game_id, len(self.game.history),
                                         REVIEW_PLAYOUTS)
        if done is None:
            try:  # on a process of its own: pure Python for half a minute
                done = run_apart(review, self.game, progress=self._progress(words))
                reviews.keep(self.store, self.game_id, done)
            except Exception:  # a bug must not take the worker down with it
                log.exception("reviewing game %s failed", self.game_id)
                return [FAILED()], []
        notes: list[Said] = [review_said(done, self.game.is_over), ON_THE_PAGE()]
        if not self.chart:
            return notes, []
        try:  # the renderer is imported only when drawing
            from render.review_chart import review_chart_png
            chart = review_chart_png(done, words=words)
        except Exception:
            log.exception("drawing the review's chart of game %s failed", self.game_id)
            return [*notes, CHART_FAILED()], []
        return notes, [Attachment(f"bus-game{self.game_id}-review.png", chart)]


def tell(ctx: GameContext, cmd: ReviewGame) -> Outcome:
    """``review``: refused for a running game at a real table; else the kept review, or a new
    one (an animation's cost) made after the commit."""
    live = ctx.live
    game = live.game
    if game is None or not game.history:
        return refuse(NOT_STARTED())
    if not game.is_over and ctx.place != PRACTICE_PLACE:
        return refuse(RUNNING())
    game_id = live.record.game_id
    kept = reviews.kept(ctx.store, game_id, len(game.history), REVIEW_PLAYOUTS)
    if kept is None and ctx.animation is not None:
        over = ctx.animation("review")
        if over is not None:
            return refuse(over)
    return Outcome(REVIEWING(game=game_id),
                   story=ReviewJob(game.copy(), game_id, ctx.store, kept))


ENTRY = Entry(
    "review", ("review",), USAGE(), read,
    {ReviewGame: Route(tell, cost=Cost((Budget.PICTURE,), "review"))},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`review` (once the game is over; any time in a practice game)"),),
    # the /bus group holds Discord's 25 subcommands at most and has one slot left: a review is
    # asked once a game, so it keeps that slot free
    slash=NoSlash("asked once a game; reached with `/bus do`"),
    rank=10,
)
