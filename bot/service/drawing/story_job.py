"""What a story command leaves to draw after the commit: the score chart and the animation
of a copy of the position (``StoryJob``), kept under Discord's attachment limit less what the
message's other files take. Its own module so that a handler's ``Outcome`` can carry one
without the handlers' module (``story``) and ``outcome`` importing each other."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bot.api import Attachment
from bot.service.drawing.page_job import draw_page
from engine import Game

if TYPE_CHECKING:
    from render.page_notes import PageNotes

log = logging.getLogger(__name__)

#: What one message may carry in all (Discord's default attachment limit), and what is kept
#: free of it for the message's text and the multipart envelope.
MESSAGE_BYTES = 10_000_000
MARGIN_BYTES = 100_000

class Drawing(Protocol):
    """Pictures a command leaves to draw after it, outside any lock (a game's story, the
    ratings' pictures): called with the bytes the message already carries, it gives the notes
    to add to the reply and the files; ``skipped`` is what the reply says instead when too many
    are being drawn at once."""

    def __call__(self, taken: int) -> tuple[list[str], list[Attachment]]: ...

    @property
    def skipped(self) -> str: ...


#: What a story's reply says when it is not drawn this time.
STORY_SKIPPED = ("(The chart, the animation and the page are not drawn this time: several are "
                 "being drawn already; `story` or `export html` draws them later.)")


@dataclass(frozen=True, slots=True)
class StoryJob:
    """The chart and/or the animation of a position, drawn when called (outside any lock)."""

    game: Game
    game_id: int
    chart: bool
    animation: bool
    #: the game's page (``page_job.py``) with these notes, drawn before the animation
    page: PageNotes | None = None

    @property
    def skipped(self) -> str:
        return STORY_SKIPPED

    def __call__(self, taken: int) -> tuple[list[str], list[Attachment]]:
        """The notes and files; ``taken`` bytes of the message are already used."""
        try:  # the renderer is imported only when drawing
            from render import animation, chart
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
        if self.page is not None:
            room = MESSAGE_BYTES - MARGIN_BYTES - taken - sum(len(f.data) for f in files)
            told, made = draw_page(self.game, self.game_id, self.page, room)
            notes.extend(told)
            files.extend(made)
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
