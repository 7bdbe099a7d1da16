"""The plain values the game service speaks: who is talking, and what the bot answers.

Discord and the console are thin adapters: they turn their own events into an ``Actor`` plus text,
call the service, and post the ``Reply`` as it is. Nothing Discord-specific lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Actor:
    """The person issuing a command.

    ``user_id`` is stable (a Discord snowflake as text, or the console name); ``name`` is what the
    table calls them. ``is_manager`` is true for server managers; ``roles`` are role names, which
    the service compares with the configured moderator role.
    """

    user_id: str
    name: str
    is_manager: bool = False
    roles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(slots=True)
class Reply:
    """What the bot posts after one command.

    ``ok`` is false when the command was refused or illegal: then nothing changed, and
    ``ephemeral`` asks the adapter to show it to the author only where it can (slash commands).
    ``picture`` is a PNG of the table, present exactly when the table changed or was asked for.
    ``mentions`` are the user ids whose turn just began; ``files`` are other attachments
    (exports). ``changed`` tells the adapter that the game's log grew or changed.
    ``duplicate`` marks the answer to a message id already handled (a redelivery after a
    restart or reconnect): nothing was applied again, and a chat adapter should stay silent.
    ``preview`` is set on the answer to ``preview MOVES``: the moves it tried, as the command
    text that plays them (a chat adapter may offer a button that sends it). ``table`` is the
    decision the game waits for after a change (or a preview), for buttons and menus.
    ``announcement`` is the outbox row of a change (when the service keeps an outbox): the
    adapter reports it sent once the post was accepted, or failed.
    """

    text: str
    ok: bool = True
    picture: bytes | None = None
    picture_name: str = "table.png"
    mentions: list[str] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    ephemeral: bool = False
    changed: bool = False
    duplicate: bool = False
    preview: str | None = None
    table: TableNow | None = None
    announcement: int | None = None


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
