"""What a story command leaves to draw after the commit: the score chart and the animation
of a copy of the position (``StoryJob``), kept under Discord's attachment limit less what the
message's other files take. Its own module so that a handler's ``Outcome`` can carry one
without the handlers' module (``story``) and ``outcome`` importing each other."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from bot.api import Attachment
from bot.service.drawing.page_job import draw_page
from bot.service.words.catalogue import Said
from engine import Game
from engine.text import Listing, Msg, Text, Words

STORY_SKIPPED = Msg("story.skipped", "(The chart, the animation and the page are not drawn "
                    "this time: several are being drawn already; `story` or `export html` draws "
                    "them later.)")
CANNOT_DRAW = Msg("story.cannot_draw", "(The chart and the animation cannot be drawn here.)")
CHART_FAILED = Msg("story.chart_failed", "(The score chart could not be drawn this time.)")
NO_ANIMATION = Msg("story.no_animation", "(No animation: {err}.)")
ANIMATION_FAILED = Msg("story.animation_failed", "(The animation could not be drawn this time.)")
ANIMATION = Msg("story.animation", "The animation: {n} pictures, {width} x {height} px, {size}.")
ANIMATION_NOTED = Msg("story.animation_noted", "The animation: {n} pictures, {width} x {height} "
                      "px, {size}. {note}")
MEGABYTES = Msg("story.megabytes", "{mb:.1f} MB")

if TYPE_CHECKING:
    from ai.review import Review
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

    def __call__(self, taken: int, words: Words) -> tuple[list[Said], list[Attachment]]: ...

    @property
    def skipped(self) -> Said: ...


@runtime_checkable
class Reporting(Protocol):
    """A drawing long enough to say how far it is (a review): ``reporting`` gives the same
    drawing, calling ``report`` with a short sentence in the reply's language a few times as it
    goes (from the heavy worker's thread)."""

    def reporting(self, report: Callable[[str], None]) -> Drawing: ...


@dataclass(frozen=True, slots=True)
class StoryJob:
    """The chart and/or the animation of a position, drawn when called (outside any lock)."""

    game: Game
    game_id: int
    chart: bool
    animation: bool
    #: the game's page (``page_job.py``) with these notes, drawn before the animation
    page: PageNotes | None = None
    #: the game's review, kept by ``review``: the page carries its strip and turning points
    review: Review | None = field(default=None, kw_only=True)

    @property
    def skipped(self) -> Said:
        return STORY_SKIPPED()

    def __call__(self, taken: int, words: Words) -> tuple[list[Said], list[Attachment]]:
        """The notes and files; ``taken`` bytes of the message are already used; what is
        drawn is labelled in ``words``' language."""
        try:  # the renderer is imported only when drawing
            from render import animation, chart
        except ImportError:
            return [CANNOT_DRAW()], []
        notes: list[Said] = []
        files: list[Attachment] = []
        if self.chart:
            try:
                files.append(Attachment(f"bus-game{self.game_id}-chart.png",
                                        chart.chart_png(self.game, words=words)))
            except Exception:  # a drawing bug must not lose the message it rides on
                log.exception("drawing the score chart failed")
                notes.append(CHART_FAILED())
        if self.page is not None:
            room = MESSAGE_BYTES - MARGIN_BYTES - taken - sum(len(f.data) for f in files)
            told, made = draw_page(self.game, self.game_id, self.page, room, words,
                                    self.review)
            notes.extend(told)
            files.extend(made)
        if self.animation:
            room = MESSAGE_BYTES - MARGIN_BYTES - taken - sum(len(f.data) for f in files)
            try:
                moving = animation.animate(self.game, limit=room, words=words)
            except ValueError as err:  # too large even at its smallest, or nothing to show
                notes.append(NO_ANIMATION(err=str(err)))
            except Exception:
                log.exception("drawing the animation failed")
                notes.append(ANIMATION_FAILED())
            else:
                files.append(Attachment(f"bus-game{self.game_id}.{moving.format}", moving.data))
                facts: dict[str, str | int | float | Text | Listing] = dict(
                    n=len(moving.moves), width=moving.width, height=moving.height,
                    size=MEGABYTES(mb=len(moving.data) / 1_000_000))
                notes.append(ANIMATION_NOTED(note=moving.note, **facts) if moving.note
                             else ANIMATION(**facts))
        return notes, files
