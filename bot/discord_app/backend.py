"""What the Discord layer needs from the game service, written down as a protocol.

The cogs only ever talk to this; ``bot.service.AsyncGameService`` satisfies it. Keeping the
contract here lets the adapter be read (and type-checked) without the service's internals.
"""

from __future__ import annotations

from typing import Protocol

from bot.api import Actor, Attachment, Command, Position, Reminder, Reply, TableNow
from bot.delivery import OutboxBackend
from bot.service import Addressed


class GameBackend(OutboxBackend, Protocol):
    """The asynchronous face of the game service; none of these may block the event loop."""

    async def handle(
        self,
        place: str,
        actor: Actor,
        message: str | Command,
        *,
        message_id: str | None = ...,
        attachments: list[Attachment] = ...,
        addressed: Addressed | None = ...,
        draw: bool = ...,
    ) -> Reply: ...

    async def read_chat(
        self, place: str, text: str, user_id: str | None = ...
    ) -> Addressed | None: ...

    async def choices(self, place: str, actor: Actor) -> list[str]: ...

    async def table_now(self, place: str) -> TableNow | None: ...

    async def since(self, place: str, then: Position) -> str: ...

    async def due_reminders(self, now: float, hours: float) -> list[Reminder]: ...

    async def run_due(self, now: float | None = ...) -> list[tuple[str, Reply]]: ...

    async def open_places(self) -> list[tuple[str, int | None, float]]: ...

    async def see(self, place: str, message_id: str) -> None: ...

    async def answered(self, place: str, message_id: str) -> None: ...

    async def unanswered(self, place: str) -> list[tuple[str, str]]: ...

    async def waiting_user(self, place: str) -> str | None: ...
