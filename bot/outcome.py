"""What a command handler is given, and what it gives back to the service.

Handlers are plain functions ``(Context, command) -> Outcome``: they read the game, change only
their ``Draft``, and never write to the database, so the service alone decides what is committed
and when the picture is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.api import Actor, Attachment
from bot.live_game import Draft, LiveGame
from bot.storage import Store
from bot.views import next_line
from engine import Game


@dataclass(slots=True)
class Context:
    place: str
    actor: Actor
    text: str
    now: float
    message_id: str | None
    live: LiveGame | None
    moderator: bool
    store: Store
    attachments: Sequence[Attachment] = ()
    bind_imported_names: bool = False

    def draft(self) -> Draft:
        assert self.live is not None
        return Draft.of(self.live, self.actor, self.now, self.message_id)


@dataclass(slots=True)
class Outcome:
    """A handler's answer. ``draft`` holds the records to commit (none: nothing changes).

    ``picture`` is the position to draw; ``table_changed`` marks a picture that shows a change
    (it goes into the game's index). ``mentions`` of None lets the service work out whose turn
    just began. ``previous`` is the position to highlight changes against (a preview's table
    as it stands); ``preview`` the moves a preview tried, which a Play button would send.
    """

    text: str
    ok: bool = True
    draft: Draft | None = None
    picture: Game | None = None
    picture_name: str | None = None
    table_changed: bool = False
    mentions: list[str] | None = None
    files: list[Attachment] = field(default_factory=list)
    position_changed: bool = False
    previous: Game | None = None
    preview: str | None = None


def refuse(text: str) -> Outcome:
    """A refusal: the reason, and nothing changes."""
    return Outcome(text, ok=False)


def table_outcome(draft: Draft, lines: list[str]) -> Outcome:
    """A command that changed the position: its report, whose turn it is, and the new picture."""
    text = "\n".join([*lines, next_line(draft.live)])
    return Outcome(text, draft=draft, picture=draft.game, table_changed=draft.game is not None,
                   position_changed=True)
