"""The game's story in the bot's replies: statistics, the score chart and the animation.

The statistics are the engine's (``engine.stats``) and cost nothing; they go into the final
message of every game and into the answer to ``story`` / ``chart`` / ``replay``. The chart and
the animation are drawn by ``render`` (the animation of a whole game takes seconds), so the
handler only says what to draw (a ``StoryJob``) and the service draws it after the commit, on
the render pool, like the table's picture. The animation is kept under Discord's attachment
limit less what the message's other files take, and says when it had to shrink or drop frames.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

from bot.api import Attachment
from bot.service.commands import Story
from bot.service.outcome import GameContext, Outcome, refuse
from engine import Game
from engine.limits import Rate
from engine.stats import story, summary

log = logging.getLogger(__name__)

#: What one message may carry in all (Discord's default attachment limit), and what is kept
#: free of it for the message's text and the multipart envelope.
MESSAGE_BYTES = 10_000_000
MARGIN_BYTES = 100_000
#: Animations drawn in one place (on request or at a game's end): each takes seconds of a core.
ANIMATIONS_PER_PLACE = Rate(burst=2, per=600.0)
#: How the final message begins its story, and says it has no animation: an announcement
#: stored with them (the outbox) gets the same files when it is posted late.
HEADING = "**The game's story.**"
NO_ANIMATION = "(No animation this time"
#: What each command word draws besides the statistics.
PARTS = {"story": (True, True), "chart": (True, False), "replay": (False, True)}


@dataclass(frozen=True, slots=True)
class StoryJob:
    """The chart and/or the animation of a position, drawn when called (outside any lock)."""

    game: Game
    game_id: int
    chart: bool
    animation: bool

    def __call__(self, taken: int) -> tuple[list[str], list[Attachment]]:
        """The notes and files; ``taken`` bytes of the message are already used."""
        try:
            chart = importlib.import_module("render.chart")
            animation = importlib.import_module("render.animation")
        except ImportError:
            return ["(The chart and the animation cannot be drawn here.)"], []
        notes: list[str] = []
        files: list[Attachment] = []
        if self.chart:
            try:
                files.append(Attachment(f"bus-game{self.game_id}-chart.png",
                                        chart.chart_png(self.game)))
            except Exception:  # a drawing bug must not lose the message it rides on
                log.exception("drawing the score chart failed")
                notes.append("(The score chart could not be drawn this time.)")
        if self.animation:
            room = MESSAGE_BYTES - MARGIN_BYTES - taken - sum(len(f.data) for f in files)
            try:
                moving = animation.animate(self.game, limit=room)
            except ValueError as err:  # too large even at its smallest, or nothing to show
                notes.append(f"(No animation: {err}.)")
            except Exception:
                log.exception("drawing the animation failed")
                notes.append("(The animation could not be drawn this time.)")
            else:
                files.append(Attachment(f"bus-game{self.game_id}.{moving.format}", moving.data))
                size = f"{len(moving.data) / 1_000_000:.1f} MB"
                notes.append(f"The animation: {len(moving.moves)} pictures, {moving.width} x "
                             f"{moving.height} px, {size}." + (f" {moving.note}"
                                                              if moving.note else ""))
        return notes, files


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


def at_the_end(game: Game, game_id: int, animation: bool) -> tuple[str, StoryJob]:
    """What a game's final message adds: the statistics, the chart and (unless the place has
    had its animations for now) the animation."""
    text = f"\n{HEADING} {statistics(game)}"
    if not animation:
        text += f"\n{NO_ANIMATION}: several were drawn here just now; `replay` makes it.)"
    return text, StoryJob(game.copy(), game_id, True, animation)
