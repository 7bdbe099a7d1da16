"""The game's story in the bot's replies: statistics, the score chart and the animation.

The statistics are the engine's (``engine.stats``) and cost nothing; they go into the final
message of every game and into the answer to ``story`` / ``chart`` / ``replay``. The chart and
the animation are drawn by ``render`` (the animation of a whole game takes seconds), so the
handler only says what to draw (a ``StoryJob``) and the service draws it after the commit, on
the render pool, like the table's picture. The animation is kept under Discord's attachment
limit less what the message's other files take, and says when it had to shrink or drop frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.drawing.story_job import StoryJob
from bot.service.words.catalogue import Said, lines
from engine import Game
from engine.stats import story, summary_text
from engine.text import Msg, Text

THE_GAME_HAS_NOT_STARTED = Msg("story.the_game_has_not_started", "The game has not started, so "
                               "it has no story yet.")
USAGE = Msg("story.usage", "`story`, `chart` or `replay`")
HELP = Msg("story.help", "`story` (statistics, score chart and animation; `chart` or `replay` "
           "for one)")

if TYPE_CHECKING:
    from render.page_notes import PageNotes

#: How the final message tells its story, and says it has no animation. The outbox stores
#: which files go with it (``bot.api.StoryFiles``), so a late post gets the same ones.
HEADING = Msg("story.heading", "**The game's story.** {statistics}")
NO_ANIMATION = Msg("story.no_animation_now", "(No animation this time: several were drawn here "
                   "just now; `replay` makes it.)")
SO_FAR = Msg("story.so_far", "The story of game {game} so far ({drawn} attached).")
CHART_AND_ANIMATION = Msg("story.drawn.both", "score chart and animation")
CHART = Msg("story.drawn.chart", "score chart")
ANIMATION = Msg("story.drawn.animation", "animation")
#: What each command word draws besides the statistics.
PARTS = {"story": (True, True), "chart": (True, False), "replay": (False, True)}

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("story.slash", "The game's statistics, score chart and animation")


@dataclass(frozen=True, slots=True)
class Story(Command):
    """``story`` (chart and animation), ``chart`` or ``replay`` (the animation), each with the
    game's statistics."""

    what: str


def _story(w: Words) -> Command | None:
    what = w.word(0)
    assert what is not None
    return Story(what) if only(w, 1) else None


def _cost(cmd: Story) -> Cost:
    """A picture, and an animation too when the word draws one."""
    animation = PARTS[cmd.what][1]
    return Cost((Budget.PICTURE, Budget.ANIMATION) if animation else (Budget.PICTURE,), cmd.what)


def statistics(game: Game) -> Text:
    """The game's statistics in a few sentences (deliveries, longest line, most chosen action,
    how it ended or where it stands)."""
    return summary_text(story(game))


def tell(ctx: GameContext, cmd: Story) -> Outcome:
    """``story``, ``chart`` or ``replay``: the statistics now, and what the word draws."""
    live = ctx.live
    if live.game is None:
        return refuse(THE_GAME_HAS_NOT_STARTED())
    chart, animation = PARTS[cmd.what]
    drawn = CHART_AND_ANIMATION() if chart and animation else CHART() if chart else ANIMATION()
    text = lines(SO_FAR(game=live.record.game_id, drawn=drawn), statistics(live.game))
    return Outcome(text, story=StoryJob(live.game.copy(), live.record.game_id, chart,
                                        animation))


def at_the_end(game: Game, game_id: int, animation: bool,
               page: PageNotes | None = None) -> tuple[Said, StoryJob]:
    """What a game's final message adds: the statistics, the chart, the game's page (with
    ``page``'s notes) and (unless the place has had its animations for now) the animation."""
    text = lines(HEADING(statistics=statistics(game)), None if animation else NO_ANIMATION())
    return text, StoryJob(game.copy(), game_id, True, animation, page=page)


ENTRY = Entry(
    "story", ("story", "chart", "replay"), USAGE(), _story,
    {Story: Route(tell, cost=_cost)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`story`, `chart`, `replay` (once the game has started)"),),
    slash=Slash("story", SLASH(), private=True),
    rank=9,
)
