"""What the game's page says about its log besides the moves: plain values the service fills
from its records (``bot.service.page_notes``), so the page stays a drawing of the game that
only reads. A text log has none of them: its page shows the moves and the engine's events.

Kinds are CSS classes on the page: ``automatic`` (a move the bot made, or one made by someone
other than the seat's player), ``correction`` (a move a moderator corrected), ``undo`` and
``redo`` (moves taken back or put back), ``moderator`` (any other moderator act), ``turning``
(a turning point of the game's review, ``render.page_review``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.text import Text

#: The kinds a note may have, each drawn in its own way on the page.
NOTE_KINDS = ("automatic", "correction", "undo", "redo", "moderator", "turning")


@dataclass(frozen=True, slots=True)
class MoveMark:
    """A word on move ``move`` (1-based) of the log: "automatic", "corrected by Ada"."""

    move: int
    kind: str
    #: written in the page's language where it is a ``Text``
    text: str | Text


@dataclass(frozen=True, slots=True)
class Aside:
    """A line between moves, after move ``after`` (0: before the first): an undo, a redo, a
    seat given to someone else."""

    after: int
    kind: str
    #: written in the page's language where it is a ``Text``
    text: str | Text


@dataclass(frozen=True, slots=True)
class PageNotes:
    """Everything the page shows besides the game itself: its title line and the notes."""

    title: str | Text = ""
    marks: tuple[MoveMark, ...] = ()
    asides: tuple[Aside, ...] = ()
    #: the stored game's number, where the page is of one: a finished game's page then says at
    #: each position how to practise from it (``busbot practice --from GAME --move N``)
    game: int | None = None
