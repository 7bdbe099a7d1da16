"""The game service: (place, user, text) in; reply text, picture and mentions out.

``GameService`` is a small facade: the ``Core`` every part shares (the store, the one lock, the
clock, the live games, the budgets, the settings) and one part per job, each in its own module:

- ``pipeline``: a command, admit -> load -> decide -> commit -> draw;
- ``ledger``: the messages handled, read and owed an answer;
- ``announcements``: the outbox as the adapters post it;
- ``scheduler``: what comes due by the clock (reminders, deadlines);
- ``lookups``: what the adapters look up between commands (and ``router/chat.py``: whether a
  chat message is for the bot);
- ``exchange``: export and import for the command line.

What the adapters may call is declared once, ``bot.api.GameFace`` (with each method's
contract); ``AsyncGameService`` (``async_face.py``) is the same face awaited.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.api import (
    Actor,
    Addressed,
    Announcement,
    Attachment,
    Command,
    DirectPing,
    Failure,
    GameFace,
    Position,
    Reminder,
    Reply,
    TableNow,
)
from bot.service.announcements import Announcements
from bot.service.core import Core
from bot.service.drawing.prepared import Prepared
from bot.service.exchange import Exchange
from bot.service.game.live_game import LiveGame
from bot.service.ledger import Ledger
from bot.service.lookups import Lookups
from bot.service.pipeline import Pipeline
from bot.service.router import chat
from bot.service.scheduler import DUE_PER_RUN, Scheduler
from bot.service.store import digests, members
from bot.service.store.store import GameSummary


class GameService(Core):
    """Every game of one database (``Core``, whose settings it takes), with its parts; safe to
    call from several threads: one command at a time (the bot's calls all come from its one
    database thread anyway), one database statement at a time. Keeping the answers of a place
    in order is the adapter's part: the Discord bot holds a lock per place over handling a
    command and posting its answer. Each method is ``GameFace``'s, done by the part named."""

    def assemble(self) -> None:
        """The parts, over this core (its settings are ``Core``'s)."""
        self.ledger = Ledger(self)
        self.pipeline = Pipeline(self, self.ledger)
        self.announcements = Announcements(self)
        self.scheduler = Scheduler(self, self.pipeline)
        self.lookups = Lookups(self)
        self.exchange = Exchange(self, self.pipeline)

    def close(self) -> None:
        self.thinker.close()
        self.store.close()

    # ---- commands: the pipeline ----------------------------------------------------------------

    def handle(self, place: str, actor: Actor, message: str | Command, *,
               message_id: str | None = None, attachments: Sequence[Attachment] = (),
               addressed: Addressed | None = None) -> Reply:
        return self.pipeline.handle(place, actor, message, message_id=message_id,
                                    attachments=attachments, addressed=addressed).complete()

    # ---- look-ups between commands -------------------------------------------------------------

    def read_chat(self, place: str, text: str, user_id: str | None = None) -> Addressed | None:
        return chat.addressed(self.store, place, text, user_id, self.lookups.reading)

    def is_game_text(self, place: str, text: str, user_id: str | None = None) -> bool:
        """Whether an unprefixed message in ``place`` is meant for the bot (plain chat is not)."""
        return self.read_chat(place, text, user_id) is not None

    def choices(self, place: str, actor: Actor) -> list[str]:
        return self.lookups.choices(place, actor)

    def live_copy(self, place: str) -> LiveGame | None:
        return self.lookups.live_copy(place)

    def table_now(self, place: str) -> TableNow | None:
        return self.lookups.table_now(place)

    def since(self, place: str, then: Position, language: str | None = None) -> str:
        return self.lookups.since(place, then, language)

    def waiting_user(self, place: str) -> str | None:
        return self.lookups.waiting_user(place)

    def where_things_stand(self, place: str) -> str | None:
        return self.lookups.where_things_stand(place)

    def digests(self, now: float | None = None) -> list[tuple[str, str]]:
        return digests.due(self.store, self.clock() if now is None else now)

    def digest_sent(self, user_id: str, now: float | None = None) -> None:
        members.digest_sent(self.store, [user_id], self.clock() if now is None else now)

    def ping_ways(self, user_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        return members.ping_ways(self.store, user_ids, self.clock(), self.budgets.may_dm)

    def dms_closed(self, user_id: str) -> None:
        members.dms_closed(self.store, user_id, self.clock())
    def language_of(self, place: str, user_id: str | None = None,
                    locale: str | None = None, server: str | None = None) -> str:
        return self.lookups.language_of(place, user_id, locale, server)

    def games(self) -> list[GameSummary]:
        return self.store.games()

    def live_games(self) -> int:
        """How many games are in memory now."""
        with self.lock:
            return len(self.cache)

    # ---- the scheduler -------------------------------------------------------------------------

    def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        return self.scheduler.due_reminders(now, hours)

    def run_due(self, now: float | None = None,
                limit: int = DUE_PER_RUN) -> list[tuple[str, Prepared]]:
        return self.scheduler.run_due(now, limit)

    # ---- the outbox ----------------------------------------------------------------------------

    def unsent(self, place: str | None = None, due_by: float | None = None) -> list[Announcement]:
        return self.announcements.unsent(place, due_by)

    def owed(self, item: Announcement) -> Prepared:
        return self.announcements.owed(item)

    def mark_sent(self, ids: Sequence[int], direct: Sequence[DirectPing] = ()) -> None:
        self.announcements.mark_sent(ids, direct)

    def unsent_direct(self, place: str | None = None) -> list[DirectPing]:
        return self.store.unsent_direct(place)

    def direct_sent(self, ping_id: int, link: str | None) -> list[str]:
        return self.store.direct_sent(ping_id, link, self.clock())

    def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        return self.announcements.mark_failed(item_id, error, refused=refused)

    def mark_posting(self, ids: Sequence[int], nonce: str) -> None:
        self.announcements.mark_posting(ids, nonce)

    def replaced(self, ids: Sequence[int], link: str) -> list[str]:
        return self.store.replaced(list(ids), link, self.clock())

    # ---- the message ledger --------------------------------------------------------------------

    def see(self, place: str, message_id: str) -> None:
        self.ledger.see(place, message_id)

    def answered(self, place: str, message_id: str) -> None:
        self.ledger.answered(place, message_id)

    def unanswered(self, place: str) -> list[tuple[str, str]]:
        return self.ledger.unanswered(place)

    def open_places(self) -> list[tuple[str, int | None, float]]:
        return self.ledger.open_places()

    def prune(self) -> tuple[int, int]:
        return self.ledger.prune()

    # ---- games as files ------------------------------------------------------------------------

    def export(self, game_id_or_place: int | str, fmt: str) -> str:
        return self.exchange.export(game_id_or_place, fmt)

    def import_text(self, place: str, actor: Actor | None, text: str) -> Reply:
        """``import_data`` of a text (the command line's import)."""
        return self.exchange.import_data(place, actor, text.encode("utf-8"))

    def import_data(self, place: str, actor: Actor | None, data: bytes) -> Reply:
        return self.exchange.import_data(place, actor, data)


def _is_the_face(service: GameService) -> GameFace:
    """``GameService`` is the face the adapters are promised (mypy checks it here)."""
    return service
