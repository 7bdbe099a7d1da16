"""The plain values the game service speaks (who is talking, what the bot answers, what it
still owes a place), and the service's face as the adapters see it, declared once: ``GameFace``.

Discord and the console are thin adapters: they turn their own events into an ``Actor`` plus text,
call the service, and post the ``Reply`` as it is. Nothing Discord-specific lives here.
``GameService`` (``bot/service/service.py``) is a ``GameFace``; its asynchronous face
(``bot/service/async_face.py``) is made from this declaration, each method awaited on the
database thread, and is what the Discord adapter and the courier are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar, Protocol


@dataclass(frozen=True, slots=True)
class Actor:
    """The person issuing a command.

    ``user_id`` is stable (a Discord snowflake as text, or the console name); ``name`` is what the
    table calls them. ``is_manager`` is true for server managers; ``roles`` are role names, which
    the service compares with the configured moderator role. ``server`` is the Discord server
    (guild) the message came from, which the per-server budgets count by and ``games`` lists the
    games of; None where there is none (the console, a direct message), and then the place
    counts as its own server. ``locale`` is the language the person's app says they read
    (Discord's locale of a slash command or a button press, ``de``, ``en-GB``): what they alone
    read is written in it where they chose no language of their own.
    """

    user_id: str
    name: str
    is_manager: bool = False
    roles: tuple[str, ...] = ()
    server: str | None = None
    locale: str | None = None


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
    #: the language of the post offering them (the game's): the buttons' and menus' words,
    #: and the moves' notation the menus show (a choice's value stays the canonical one)
    language: str = "en"


# ---- what the service owes a place (its outbox) -------------------------------------------------


class StoryFiles(IntEnum):
    """What the game's final announcement draws besides the table (stored as this number), so
    a late post gets the files the first attempt would have had."""

    NONE = 0
    CHART = 1  # the place had drawn its animations for now
    CHART_AND_ANIMATION = 2


@dataclass(frozen=True, slots=True)
class Announcement:
    """One post owed to ``place``: what it says, whom it pings, and which position it shows.

    ``picture`` is false for a change without a table to show (the lobby). ``seq`` is the
    game's last record of the change: the picture is the position after it, with what changed
    since the position before ``first_seq`` (the change's first record) highlighted.
    ``story``: the game's story drawn with it (the announcement that ends the game).
    """

    place: str
    game_id: int
    seq: int
    text: str
    mentions: tuple[str, ...] = ()
    picture: bool = False
    first_seq: int = 0
    story: StoryFiles = StoryFiles.NONE
    id: int = 0
    attempts: int = 0
    moderator_told: bool = False
    created_at: float = 0.0
    #: the nonce of its last attempt, when that failed without a clear answer (the post may
    #: have been made); "" otherwise
    maybe_posted_as: str = ""
    #: the language ``text`` is written in (the game's, when it was made): what a late post
    #: adds to it is written in the same
    language: str = "en"
    #: a reminder of the decision the game waits for (its clock's key; None: not a reminder):
    #: once it is out, the post of an earlier reminder of the same decision is taken down
    reminds: int | None = None


@dataclass(frozen=True, slots=True)
class DirectPing:
    """A ping owed to ``user_id`` by direct message (``notify dm``): ``text``, written in their
    language, tells of a post in ``place``; ``id`` once kept (``store/direct_pings.py``)."""

    user_id: str
    language: str
    text: str
    place: str
    id: int = 0


@dataclass(frozen=True, slots=True)
class Failure:
    """What became of a failed post: the seconds until it is tried again, and whom to tell."""

    wait: float
    tell: str | None = None
    #: the language of the game's posts: what the moderator is told is written in it
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Addressed:
    """A chat message the service will answer (``GameFace.read_chat``), to be handed back to
    ``handle`` with it: ``game`` is the place's game as it was found to decide that, which the
    adapter does not read, so ``handle`` does not look it up again. The adapter holds the
    place's lock from the one call to the other, so nothing changes the game in between.
    ``read``: the command the chat filter took the message for, when it is not what the
    message reads as (the player to act naming a move in talk, ``I'll go for the clock``, is
    asked about it, never played); None: the message is read as any other."""

    place: str
    game: object
    read: Command | None = None


class Drawing(Protocol):
    """An answer whose picture (and story) is still to be drawn: ``complete`` draws it; the
    asynchronous face draws it on its render pool instead."""

    @property
    def reply(self) -> Reply: ...

    def complete(self) -> Reply: ...


# ---- the service's face --------------------------------------------------------------------------


class GameFace(Protocol):
    """Everything an adapter may ask of the game service, declared once.

    ``GameService`` is one (synchronous: one command at a time, on the caller's thread); the
    asynchronous face (``AsyncGameService``) has each method awaited on the database thread,
    the ones that draw (``handle``, ``owed``, ``run_due``) drawing on its pools, and it is the
    type the Discord adapter and the courier hold (``GameBackend``, ``OutboxBackend``).
    """

    def handle(self, place: str, actor: Actor, message: str | Command, *,
               message_id: str | None = None, attachments: Sequence[Attachment] = (),
               addressed: Addressed | None = None) -> Reply:
        """Answer one message: its text as the user wrote it, or a command already typed (a
        slash command's arguments); both go through the same limits and command table.
        ``addressed``: what ``read_chat`` found when it took up a chat message."""
        ...

    def read_chat(self, place: str, text: str, user_id: str | None = None) -> Addressed | None:
        """Whether an unprefixed message in ``place`` from ``user_id`` is meant for the bot:
        None for table talk, else what to hand ``handle`` with it."""
        ...

    def choices(self, place: str, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their decision)."""
        ...

    def table_now(self, place: str) -> TableNow | None:
        """The decision the place's game waits for (None: none), for buttons and menus."""
        ...

    def since(self, place: str, then: Position, language: str | None = None) -> str:
        """What changed in the place's game since ``then`` ("" when nothing did), written in
        ``language`` (None: the game's)."""
        ...

    def waiting_user(self, place: str) -> str | None:
        """The user the place's game waits for now, if it waits for a person."""
        ...

    def where_things_stand(self, place: str) -> str | None:
        """A line for someone arriving at a table: the open game and whom it waits for."""
        ...

    def language_of(self, place: str, user_id: str | None = None,
                    locale: str | None = None, server: str | None = None) -> str:
        """The language of what is said at ``place`` (a code: ``en``, ``de``): to everyone
        there (the game's, else ``server``'s default), or to ``user_id`` alone (their own,
        else ``locale``, their app's, else the game's or the server's). An adapter writes its
        own words (a button's label, the console's lines, a refusal before the service) in
        it."""
        ...

    def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        """One reminder per decision that has waited ``hours``; each is given only once."""
        ...

    def run_due(self, now: float | None = None) -> Sequence[tuple[str, Drawing]]:
        """Do what is due by ``now`` in every game (reminders, passed deadlines), each change
        committed with its announcement: each place's answer, still to be drawn."""
        ...

    def open_places(self) -> list[tuple[str, int | None, float]]:
        """Each open game's place, the newest message read there (None: none yet) and when
        the game was created: where to catch up after the bot was away."""
        ...

    def see(self, place: str, message_id: str) -> None:
        """Note that ``message_id`` was read in ``place``: catching up starts after it."""
        ...

    def answered(self, place: str, message_id: str) -> None:
        """The refusal owed to ``message_id`` was posted (see ``unanswered``)."""
        ...

    def unanswered(self, place: str) -> list[tuple[str, str]]:
        """The refusals handled live in ``place`` in the last day whose answer was never
        posted (the process stopped first): (message id, text), oldest first."""
        ...

    def unsent(self, place: str | None = None, due_by: float | None = None) -> list[Announcement]:
        """Announcements not yet posted: of ``place``, or of the places with one due by
        ``due_by``, or all; oldest first."""
        ...

    def owed(self, item: Announcement) -> Drawing:
        """The answer ``item`` stands for, with the picture of the position after it and its
        story, still to be drawn."""
        ...

    def mark_sent(self, ids: Sequence[int], direct: Sequence[DirectPing] = ()) -> None:
        """The announcements ``ids`` were posted, and the post owes the ``direct`` pings (in
        one transaction: a crash after the post loses none of them)."""
        ...

    def unsent_direct(self, place: str | None = None) -> list[DirectPing]:
        """The direct pings owed (of ``place``, or all), oldest first."""
        ...

    def direct_sent(self, ping_id: int, link: str | None) -> list[str]:
        """The direct ping ``ping_id`` went out as the message at ``link`` (None: the member
        was pinged in the channel instead): the links of the earlier direct pings of the same
        reminder's decision it replaces (each given once), to be taken down."""
        ...

    def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        """A post failed (``refused``: the place refused it): when to try again, whom to tell."""
        ...

    def replaced(self, ids: Sequence[int], link: str) -> list[str]:
        """The announcements ``ids``, just sent, were posted as the message at ``link``: when
        that is one reminder, the links of the earlier reminders of the same decision it
        replaces (each given once, marked replaced), to be taken down."""
        ...

    def mark_posting(self, ids: Sequence[int], nonce: str) -> None:
        """Note that ``ids`` are about to be posted with ``nonce`` (a crash repeats that post)."""
        ...

    def digests(self, now: float | None = None) -> list[tuple[str, str]]:
        """The daily digests due by ``now``: each (member, text), to be sent by direct message;
        each is given again later that day (a bounded number of times) until ``digest_sent``
        says it went."""
        ...

    def digest_sent(self, user_id: str, now: float | None = None) -> None:
        """The digest ``digests`` gave for ``user_id`` went out by ``now`` (or Discord refused
        it outright): it is not tried again; the next is tomorrow's."""
        ...

    def ping_ways(self, user_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """How each of ``user_ids`` is pinged now, with the language of what they alone read:
        ``channel``, ``dm``, ``both`` or ``off`` (``notify``; by the channel while their direct
        messages are closed, or over their daily budget of them, which this spends)."""
        ...

    def dms_closed(self, user_id: str) -> None:
        """Discord refused a direct message to ``user_id``: their pings go to the channel for
        a while."""
        ...

    def export(self, game_id_or_place: int | str, fmt: str) -> str:
        """A game's export (txt, json or html) by id, or the newest game of a place."""
        ...

    def import_data(self, place: str, actor: Actor | None, data: bytes) -> Reply:
        """A game created in ``place`` from a file's bytes (without ``actor``: its first seat
        imports it, and so moderates it)."""
        ...
