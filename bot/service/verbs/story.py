"""The game's story in the bot's replies: statistics, the score chart and the animation.

The statistics are the engine's (``engine.stats``) and cost nothing; they go into the final
message of every game and into the answer to ``story`` / ``chart`` / ``replay``. The chart and
the animation are drawn by ``render`` (the animation of a whole game takes seconds), so the
handler only says what to draw (a ``StoryJob``) and the service draws it after the commit, on
the render pool, like the table's picture. The animation is kept under Discord's attachment
limit less what the message's other files take, and says when it had to shrink or drop frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.words import Story
from bot.service.drawing.story_job import StoryJob
from engine import Game
from engine.stats import story, summary

if TYPE_CHECKING:
    from render.page_notes import PageNotes

#: How the final message begins its story, and says it has no animation. The outbox stores
#: which files go with it (``outbox.Story``), so a late post gets the same ones.
HEADING = "**The game's story.**"
NO_ANIMATION = "(No animation this time"
#: What each command word draws besides the statistics.
PARTS = {"story": (True, True), "chart": (True, False), "replay": (False, True)}


def statistics(game: Game) -> str:
    """The game's statistics in a few sentences (deliveries, longest line, most chosen action,
    how it ended or where it stands)."""
    return summary(story(game))


def tell(ctx: GameContext, cmd: Story) -> Outcome:
    """``story``, ``chart`` or ``replay``: the statistics now, and what the word draws."""
    live = ctx.live
    if live.game is None:
        return refuse("The game has not started, so it has no story yet.")
    chart, animation = PARTS[cmd.what]
    drawn = " and ".join(w for w, on in (("score chart", chart), ("animation", animation)) if on)
    text = (f"The story of game {live.record.game_id} so far ({drawn} attached).\n"
            f"{statistics(live.game)}")
    return Outcome(text, story=StoryJob(live.game.copy(), live.record.game_id, chart,
                                        animation))


def at_the_end(game: Game, game_id: int, animation: bool,
               page: PageNotes | None = None) -> tuple[str, StoryJob]:
    """What a game's final message adds: the statistics, the chart, the game's page (with
    ``page``'s notes) and (unless the place has had its animations for now) the animation."""
    text = f"\n{HEADING} {statistics(game)}"
    if not animation:
        text += f"\n{NO_ANIMATION}: several were drawn here just now; `replay` makes it.)"
    return text, StoryJob(game.copy(), game_id, True, animation, page=page)
