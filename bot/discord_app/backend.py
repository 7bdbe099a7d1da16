"""What the Discord layer needs from the game service, written down as a protocol.

The cogs only ever talk to this; ``bot.service.AsyncGameService`` satisfies it. Keeping the
contract here lets the adapter be read (and type-checked) without the service's internals.
"""

from __future__ import annotations

from typing import Protocol

from bot.api import Actor, Attachment, Reminder, Reply
from bot.service.preview import Position, TableNow


class GameBackend(Protocol):
    """The asynchronous face of the game service; none of these may block the event loop."""

    async def handle(
        self,
        place: str,
        actor: Actor,
        text: str,
        *,
        message_id: str | None = ...,
        attachments: list[Attachment] = ...,
    ) -> Reply: ...

    async def is_game_text(self, place: str, text: str) -> bool: ...

    async def choices(self, place: str, actor: Actor) -> list[str]: ...

    async def table_now(self, place: str) -> TableNow | None: ...

    async def since(self, place: str, then: Position) -> str: ...

    async def due_reminders(self, now: float, hours: float) -> list[Reminder]: ...
