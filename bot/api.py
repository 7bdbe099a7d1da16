"""The plain values the game service speaks: who is talking, and what the bot answers.

Discord and the console are thin adapters: they turn their own events into an ``Actor`` plus text,
call the service, and post the ``Reply`` as it is. Nothing Discord-specific lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Actor:
    """The person issuing a command.

    ``user_id`` is stable (a Discord snowflake as text, or the console name); ``name`` is what the
    table calls them. ``is_manager`` is true for server managers; ``roles`` are role names, which
    the service compares with the configured moderator role. ``server`` is the Discord server
    (guild) the message came from, which the per-server budgets count by and ``games`` lists the
    games of; None where there is none (the console, a direct message), and then the place
    counts as its own server.
    """

    user_id: str
    name: str
    is_manager: bool = False
    roles: tuple[str, ...] = ()
    server: str | None = None


class Command:
    """What a message asks the service for. Every command (a frozen dataclass declared in its
    own module of ``bot/service/verbs/``) is one of these; an adapter that reads arguments
    itself (a slash command) hands the service one instead of text. The records a command
    leaves are another thing: ``bot/service/game/payloads.py``."""

    __slots__ = ()

    def written(self) -> str:
        """The text the command carries, which the message limit is measured on: every text
        among its fields (a command holding a whole message, as moves do, says so itself)."""
        parts: list[str] = []
        for value in (getattr(self, name) for name in getattr(self, "__slots__", ())):
            if isinstance(value, str):
                parts.append(value)
            elif isinstance(value, tuple):
                parts.extend(v for v in value if isinstance(v, str))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    data: bytes
    #: a short description of a picture for screen readers ("" for none)
    description: str = ""


@dataclass(slots=True)
class Reply:
    """What the bot posts after one command: a small tagged union the adapters match on
    (``Refusal``, ``Update``, ``Lookup``, ``Previewed``, ``Duplicate``; a bare ``Reply`` is an
    adapter's own notice, such as a reminder).

    ``picture`` is a PNG of the table, present exactly when the table changed or was asked for.
    ``mentions`` are the user ids whose turn just began; ``files`` are other attachments
    (exports). ``table`` is the decision the game waits for after a change (or a preview), for
    buttons and menus. ``announcement`` is the outbox row of an ``Update`` (when the service
    keeps an outbox): the adapter reports it sent once the post was accepted, or failed.

    The flags (``ok``, ``changed``, ``ephemeral``, ``duplicate``, ``preview``) follow from the
    kind, for a reader that asks rather than matches; nothing sets them.
    """

    text: str
    picture: bytes | None = None
    picture_name: str = "table.png"
    #: what the picture shows, for those who cannot see it (Discord's attachment description)
    picture_alt: str = ""
    mentions: list[str] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    table: TableNow | None = None
    announcement: int | None = None

    #: false for a refusal: then nothing changed
    ok: ClassVar[bool] = True
    #: the game's log grew or changed
    changed: ClassVar[bool] = False
    #: shown to the author only where the adapter can (slash commands)
    ephemeral: ClassVar[bool] = False
    #: the answer to a message id already handled (a redelivery): a chat adapter stays silent
    duplicate: ClassVar[bool] = False

    @property
    def preview(self) -> str | None:
        """The moves a preview tried, as the text that plays them (None: not a preview)."""
        return None


@dataclass(slots=True)
class Refusal(Reply):
    """Refused or illegal: the reason, and nothing changed."""

    ok: ClassVar[bool] = False
    ephemeral: ClassVar[bool] = True


@dataclass(slots=True)
class Update(Reply):
    """The game changed: its report, the new picture, whom it is up to."""

    changed: ClassVar[bool] = True


@dataclass(slots=True)
class Lookup(Reply):
    """An answer that changed nothing (status, log, map, help...)."""


@dataclass(slots=True)
class Previewed(Reply):
    """The answer to ``preview MOVES``: the table as it would be; ``moves`` is the text that
    plays them (a chat adapter may offer a button that sends it)."""

    moves: str = ""

    @property
    def preview(self) -> str | None:
        return self.moves


@dataclass(slots=True)
class Duplicate(Reply):
    """A message delivered again after a restart or reconnect: nothing was applied again."""

    ephemeral: ClassVar[bool] = True
    duplicate: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Reminder:
    """A nudge the adapter should post in ``place`` mentioning ``user_ids``."""

    place: str
    user_ids: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Position:
    """One position of one game: survives a restart, fits in a Discord custom id."""

    game_id: int
    moves: int
    last_seq: int

    def key(self) -> str:
        return f"{self.game_id}:{self.moves}:{self.last_seq}"

    @classmethod
    def parse(cls, key: str) -> Position | None:
        parts = key.split(":")
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 18 for p in parts):
            return None
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))


@dataclass(frozen=True, slots=True)
class TableNow:
    """What a chat adapter needs to offer buttons for the decision now: whose it is and the
    legal choices (all of them; the adapter decides what fits in a menu)."""

    position: Position
    player: str
    user_id: str | None
    decision: str
    choices: tuple[str, ...]
