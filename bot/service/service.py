"""The game service: (place, user, text) in; reply text, picture and mentions out.

Discord and the console are thin adapters over this. One command is: find the place's game
(cached, or rebuilt from its records), let a handler change a draft of it, commit the draft's
records in one transaction, swap the draft into the cache, and only then draw the picture from
the committed position. The drawing is split off (``prepare`` / ``Prepared.complete``) so the
asynchronous wrapper can run it on a render pool while the single database thread moves on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

from bot.api import Actor, Attachment, Position, Reminder, Reply, TableNow
from bot.service import exchange, preview, replies, routes, story
from bot.service.chat import could_be_for_the_bot, meant_for_the_bot
from bot.service.commands import Command, Map, Preview, Story, written
from bot.service.live_game import LiveGame, build_game, positions_reached
from bot.service.lookups import export_text
from bot.service.needs import is_moderator
from bot.service.outbox import Announcement, Failure
from bot.service.outcome import Context, Outcome, refuse
from bot.service.pictures import Renderer, default_renderer, picture_name
from bot.service.reading import read_message
from bot.service.records import GameRecord, Record, same_user
from bot.service.storage import Change, GameSummary, PictureMoment, Store, Waiting
from engine import Game
from engine.game import SNAPSHOT_EVERY
from engine.limits import (
    MAX_IMPORT_BYTES,
    MAX_MESSAGE_CHARS,
    PICTURES_PER_PLACE,
    PICTURES_PER_USER,
    REMINDERS_PER_USER,
    LimitError,
    Rate,
    check_message,
    check_records,
)

log = logging.getLogger(__name__)

_DEFAULT = object()
#: Games kept live (their position in memory) unless the configuration says otherwise
#: (``live_games``): a late 5-player game with its kept positions takes about 0.2 MB.
CACHE_SIZE = 1000
#: Seconds a live game stays in memory after its last command (``live_idle_hours``).
CACHE_IDLE = 24 * 3600.0


class TokenBuckets:
    """Rate limits: one token bucket per key (a user in a place, a place, a user), refilled at
    ``rate.per`` seconds a token up to ``rate.burst``. Thread-safe; forgets full buckets."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._buckets: dict[tuple[object, ...], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def wait(self, key: tuple[object, ...], rate: Rate, *, take: bool = True) -> float:
        """0 when a token is there (taken when ``take``), else the seconds until there is one."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate.burst), now))
            tokens = min(float(rate.burst), tokens + max(0.0, now - at) / rate.per)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) * rate.per
            if take:
                tokens -= 1.0
            self._buckets[key] = (tokens, now)
            if len(self._buckets) > 10_000:
                self._forget(now)
            return 0.0

    def _forget(self, now: float) -> None:
        for key, (_tokens, at) in list(self._buckets.items()):
            if now - at > 3600:
                del self._buckets[key]


def _later(seconds: float) -> str:
    seconds = max(1, round(seconds))
    if seconds < 90:
        return f"{seconds} s"
    return f"{round(seconds / 60)} minutes"


@dataclass(slots=True)
class Prepared:
    """A handled command whose picture is still to be drawn (``complete`` draws it)."""

    reply: Reply
    snapshot: Game | None = None
    renderer: Renderer | None = None
    picture_dir: str | None = None
    #: the position of the previous picture, for highlighting what changed since
    previous: Game | None = None
    #: the game's chart and animation, drawn after the picture
    story: story.StoryJob | None = None
    #: marked on the picture (a preview's says it was not played)
    note: str = ""

    def complete(self) -> Reply:
        """Draw the picture, then the story (outside any lock: the positions are copies that
        are never changed again)."""
        reply = self._draw_picture()
        if self.story is not None:
            notes, files = self.story(len(reply.picture or b"")
                                      + sum(len(f.data) for f in reply.files))
            reply.text = "\n".join([reply.text, *notes])
            reply.files.extend(files)
        return reply

    def _draw_picture(self) -> Reply:
        reply = self.reply
        if self.snapshot is None:
            return reply
        if self.renderer is None:
            if not reply.changed:
                reply.text += "\n(Pictures cannot be drawn here.)"
            return reply
        try:
            reply.picture = self.renderer(self.snapshot, previous=self.previous,
                                          note=self.note)
        except Exception:  # a drawing bug must not lose the reply of a stored move
            log.exception("drawing the table failed")
            reply.text += "\n(The picture could not be drawn this time.)"
            return reply
        if self.picture_dir is not None:
            try:
                _write_picture(self.picture_dir, reply.picture_name, reply.picture)
            except OSError as err:  # the move is saved; only the file is missing
                log.exception("saving the picture failed")
                reply.text += (f"\n(The picture is missing: it could not be saved "
                               f"({err.strerror or err}). Everything above was saved.)")
                reply.picture = None
        return reply


def _write_picture(folder: str, name: str, data: bytes) -> None:
    """Write the picture whole or not at all: a temporary file renamed over the real one, and
    removed again when anything fails."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    tmp = f"{path}.{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


@dataclass(frozen=True, slots=True)
class Addressed:
    """A chat message the service will answer (``GameService.read_chat``), with the place's game
    as found to decide it; handed back to ``handle``, which then does not look it up again.
    The adapter holds the place's lock from the one call to the other, so nothing changes the
    game in between."""

    game: GameSummary


class GameService:
    """Every game of one database; safe to call from several threads: one command at a time
    (the bot's calls all come from its one database thread anyway), one database statement at
    a time. Keeping the answers of a place in order is the adapter's part: the Discord bot
    holds a lock per place over handling a command and posting its answer."""

    def __init__(
        self,
        db_path: str,
        *,
        moderator_role: str | None = None,
        picture_dir: str | None = None,
        renderer: Renderer | None | object = _DEFAULT,
        bind_imported_names: bool = False,
        cache_size: int = CACHE_SIZE,
        cache_idle: float | None = CACHE_IDLE,
        clock: Callable[[], float] = time.time,
        rate_limits: bool = True,
        stories: bool | None = None,
        announce: bool = False,
    ) -> None:
        """``stories``: draw score charts and animations (by default when the renderer is
        the default one; tests with a stand-in renderer leave them out). ``announce``: keep
        what each change must announce in the outbox until the adapter reports it posted (the
        chat adapters, whose posts can fail; the console prints)."""
        self.store = Store(db_path)
        self.announce = announce
        self.moderator_role = moderator_role
        self.picture_dir = picture_dir
        self.renderer: Renderer | None = (
            default_renderer() if renderer is _DEFAULT else renderer  # type: ignore[assignment]
        )
        self.stories = renderer is _DEFAULT if stories is None else stories
        self.bind_imported_names = bind_imported_names
        #: at most this many games live, each dropped after ``cache_idle`` seconds unused (None:
        #: kept until the count pushes it out); a game not live is rebuilt from the database
        self.cache_size = cache_size
        self.cache_idle = cache_idle
        self.clock = clock
        self.rates = TokenBuckets(clock) if rate_limits else None
        #: live games by id, least recently used first, with when each was last used
        self._cache: OrderedDict[int, tuple[LiveGame, float]] = OrderedDict()
        #: one command (or lookup of the cache) at a time
        self._lock = threading.Lock()

    def close(self) -> None:
        self.store.close()

    # ---- the commands -------------------------------------------------------------------------

    def handle(self, place: str, actor: Actor, message: str | Command, *,
               message_id: str | None = None, attachments: Sequence[Attachment] = (),
               addressed: Addressed | None = None) -> Reply:
        """Answer one message: its text as the user wrote it, or a command already typed (a
        slash command's arguments); both go through the same limits and command table.
        ``addressed``: what ``read_chat`` found when it took up a chat message."""
        return self.prepare(place, actor, message, message_id=message_id,
                            attachments=attachments, addressed=addressed).complete()

    def prepare(self, place: str, actor: Actor, message: str | Command, *,
                message_id: str | None = None, attachments: Sequence[Attachment] = (),
                addressed: Addressed | None = None) -> Prepared:
        """Handle a command up to (not including) drawing its picture."""
        with self._lock:
            return self._prepare(place, actor, message, message_id, attachments, addressed)

    def _prepare(self, place: str, actor: Actor, message: str | Command, message_id: str | None,
                 attachments: Sequence[Attachment], addressed: Addressed | None) -> Prepared:
        now = self.clock()
        try:
            check_message(message if isinstance(message, str) else written(message))
        except LimitError as err:
            return Prepared(Reply(f"{str(err).capitalize()}. Nothing was changed.", ok=False,
                                  ephemeral=True))
        if message_id is not None:
            before = self.store.handled_reply(place, message_id)
            if before is not None:
                return Prepared(Reply(f"(That message was handled already.)\n{before}",
                                      ephemeral=True, duplicate=True))
        summary = (addressed.game if addressed is not None and addressed.game.place == place
                   else self.store.latest_game(place))
        live: LiveGame | None = None
        try:
            live = self._live(summary) if summary is not None else None
            ctx: Context[LiveGame | None] = Context(
                place, actor, now, message_id, live,
                is_moderator(actor, live.record if live else None, self.moderator_role),
                self.store, attachments, self.bind_imported_names)
            cmd = read_message(message) if isinstance(message, str) else message
            wait = self._picture_wait(place, actor) if (
                isinstance(cmd, Map | Preview | Story) and live is not None
                and live.game is not None) else 0.0
            if isinstance(cmd, Story) and not wait and story.PARTS[cmd.what][1]:
                wait = self._animation_wait(place)
            again = cmd.what if isinstance(cmd, Story) else (
                "preview" if isinstance(cmd, Preview) else "map")
            outcome = (routes.run(ctx, cmd) if not wait else refuse(
                f"That is many pictures in a short while; try `{again}` again in "
                f"{_later(wait)}."))
            if outcome.draft is not None:
                check_records(outcome.draft.record.last_seq)
        except LimitError as err:
            outcome = refuse(f"{str(err).capitalize()}. Nothing was changed.")
        except Exception:  # a bug in one command must neither change nor take down anything
            log.exception("command %r in %s failed", message, place)
            outcome = refuse("Something went wrong on my side; nothing was changed.")
        draft = outcome.draft
        if not outcome.ok or draft is None or not draft.new:
            if message_id is not None:
                self._see(place, message_id)
            prepared = self._unchanged(outcome, summary)
            if outcome.ok and outcome.preview is not None and live is not None:
                prepared.reply.table = preview.table_now(live)  # what Play this is made for
            return prepared
        shown = (live.game if live is not None and live.record.game_id == draft.record.game_id
                 else None)  # the position the previous picture showed, if of this game
        after = draft.live
        mentions = (outcome.mentions if outcome.mentions is not None
                    else _turn_mentions(live, after, actor))
        moment = None
        snapshot = outcome.picture if self.renderer is not None else None
        if outcome.position_changed and snapshot is not None:
            moment = PictureMoment(
                draft.record.game_id, draft.new[-1].seq, len(after.record.moves),
                snapshot.state.round, now, _caption(draft.new[0], outcome.text))
        change = Change(
            game_id=draft.record.game_id, place=place, records=draft.new, status=after.status,
            edition=after.record.edition, players=", ".join(s.name for s in after.record.seats),
            waiting=_waiting(after, summary, outcome.position_changed, draft.new[-1].seq, now),
            message_id=message_id, reply_text=outcome.text, picture=moment,
            positions=positions_reached(live, after),
        )
        text = outcome.text
        if snapshot is not None:
            wait = self._picture_wait(place, actor)
            if wait > 0:  # the change stands; only its picture is skipped
                text += (f"\n(No picture this time: many were drawn here just now; "
                         f"`map` draws the table again in {_later(wait)}.)")
                snapshot = None
        ending = None
        if after.status == "over" and after.game is not None and (
                live is None or live.status != "over"):  # the game has just ended
            told, ending = story.at_the_end(after.game, draft.record.game_id,
                                            animation=self._animation_wait(place) == 0)
            text += told
        if self.announce:
            change.announcement = Announcement(
                place, draft.record.game_id, draft.new[-1].seq, text, tuple(mentions),
                snapshot is not None, draft.new[0].seq if shown is not None else 0)
        try:
            game_id = self.store.commit(change, now)
        except sqlite3.Error as err:
            log.exception("commit failed in %s", place)
            return Prepared(Reply(f"That could not be saved ({err}); nothing was changed. "
                                  f"Please try again.", ok=False, ephemeral=True))
        draft.record.game_id = game_id
        self._keep(game_id, after, now)
        name = picture_name(game_id, len(after.record.moves))
        reply = Reply(text, ok=True, mentions=mentions, files=outcome.files,
                      changed=True, picture_name=name, announcement=change.announcement_id,
                      table=preview.table_now(after))
        prepared = Prepared(reply, snapshot, self.renderer, self.picture_dir, shown)
        if ending is not None:
            prepared.story = ending if self.stories else None
        return prepared

    def _animation_wait(self, place: str) -> float:
        """0 when an animation may be drawn in ``place`` now (and counts it), else the wait."""
        if self.rates is None or not self.stories:
            return 0.0
        return self.rates.wait(("animation", place), story.ANIMATIONS_PER_PLACE)

    def _picture_wait(self, place: str, actor: Actor) -> float:
        """0 when a picture may be drawn for ``actor`` in ``place`` now (and counts it), else
        the seconds until one may: a bucket per user in the place, and one for the place."""
        if self.rates is None or self.renderer is None:
            return 0.0
        user, table = (place, actor.user_id), (place,)
        wait = max(self.rates.wait(user, PICTURES_PER_USER, take=False),
                   self.rates.wait(table, PICTURES_PER_PLACE, take=False))
        if wait == 0:
            self.rates.wait(user, PICTURES_PER_USER)
            self.rates.wait(table, PICTURES_PER_PLACE)
        return wait

    def _unchanged(self, outcome: Outcome, summary: GameSummary | None) -> Prepared:
        text = outcome.text
        if not outcome.ok and len(text) > MAX_MESSAGE_CHARS:  # a refusal is one message
            text = text[:MAX_MESSAGE_CHARS - 1] + "…"
        reply = Reply(text, ok=outcome.ok, files=outcome.files,
                      ephemeral=not outcome.ok, mentions=outcome.mentions or [],
                      preview=outcome.preview)
        if outcome.ok and outcome.story is not None:
            if not self.stories:
                reply.text += "\n(Charts and animations are not drawn here.)"
                return Prepared(reply)
            return Prepared(reply, story=outcome.story)
        if not outcome.ok or outcome.picture is None:
            return Prepared(reply)
        reply.picture_name = outcome.picture_name or picture_name(
            summary.id if summary else 0, len(outcome.picture.history))
        return Prepared(reply, outcome.picture, self.renderer, self.picture_dir,
                        outcome.previous,
                        note=preview.NOTE if outcome.preview is not None else "")

    # ---- loading ------------------------------------------------------------------------------

    def _live(self, summary: GameSummary) -> LiveGame:
        """The game as its records say, from the cache when nothing was written since (the
        caller holds the service's lock)."""
        cached = self._cache.get(summary.id)
        live = cached[0] if cached is not None else None
        if live is None or live.record.last_seq != summary.last_seq:
            record = GameRecord.fold(summary.id, summary.place, self.store.records(summary.id))
            live = LiveGame(record, build_game(record, kept=self._positions(record)))
        self._keep(summary.id, live, self.clock())
        return live

    def _positions(self, record: GameRecord) -> list[bytes]:
        """The game's stored positions its moves in force may start from (none is needed
        before the first is kept, so a short game costs no query)."""
        if len(record.moves) < SNAPSHOT_EVERY:
            return []
        return self.store.positions(record.game_id, len(record.moves))

    def _keep(self, game_id: int, live: LiveGame, now: float) -> None:
        """Make ``live`` the most recently used game, and let go of the games that were not
        used for ``cache_idle`` seconds or are more than ``cache_size``."""
        self._cache[game_id] = (live, now)
        self._cache.move_to_end(game_id)
        while self._cache:
            _, used = next(iter(self._cache.values()))
            if len(self._cache) <= self.cache_size and (
                    self.cache_idle is None or now - used <= self.cache_idle):
                break
            self._cache.popitem(last=False)

    def live_games(self) -> int:
        """How many games are in memory now."""
        with self._lock:
            return len(self._cache)

    # ---- for the adapters and the command line --------------------------------------------------

    def read_chat(self, place: str, text: str, user_id: str | None = None) -> Addressed | None:
        """Whether an unprefixed message in ``place`` from ``user_id`` is meant for the bot
        (``commands.meant_for_the_bot``, which takes a clear attempt at a move from the player to
        act; plain chat is not): None for chat, else what to hand ``handle`` with it so that
        the place's game is looked up once."""
        if not could_be_for_the_bot(text):
            return None  # table talk whatever the game: it is not even looked up
        summary = self.store.latest_game(place)
        if summary is None:
            return None
        to_act = summary.status == "active" and same_user(user_id, summary.waiting_user)
        meant = meant_for_the_bot(text, summary.status in ("active", "paused"), to_act)
        return Addressed(summary) if meant else None

    def is_game_text(self, place: str, text: str, user_id: str | None = None) -> bool:
        """Whether an unprefixed message in ``place`` is meant for the bot (plain chat is not)."""
        return self.read_chat(place, text, user_id) is not None

    # ---- announcements still owed (the outbox) and catching up --------------------------------

    def see(self, place: str, message_id: str) -> None:
        """Note that ``message_id`` was read in ``place``: catching up starts after it."""
        self._see(place, message_id)

    def _see(self, place: str, message_id: str) -> None:
        try:
            self.store.mark_seen(place, message_id)
        except sqlite3.Error:  # only catching up after a restart would read it again
            log.exception("noting message %s in %s failed", message_id, place)

    def unsent(self, place: str | None = None, due_by: float | None = None) -> list[Announcement]:
        """Announcements not yet posted: of ``place``, or of the places with one due by
        ``due_by``, or all; oldest first."""
        return self.store.unsent(place=place, due_by=due_by)

    def owed(self, item: Announcement) -> Prepared:
        """The reply ``item`` stands for, its picture (the position after its records) to be
        drawn by ``complete``."""
        reply = Reply(item.text, ok=True, mentions=list(item.mentions), changed=True,
                      announcement=item.id)
        if not item.picture or self.renderer is None:
            return Prepared(reply)
        with self._lock:
            records = [r for r in self.store.records(item.game_id) if r.seq <= item.seq]
        try:
            record = GameRecord.fold(item.game_id, item.place, records)
            position = build_game(record, kept=self._positions(record))
            previous = None
            if item.first_seq > 1:  # the table before the change, to highlight what it did
                before = GameRecord.fold(
                    item.game_id, item.place, [r for r in records if r.seq < item.first_seq])
                previous = build_game(before, kept=self._positions(before))
        except Exception:  # the records replayed when stored; never lose the text for this
            log.exception("rebuilding the position of announcement %d failed", item.id)
            return Prepared(reply)
        if position is None:
            return Prepared(reply)
        reply.picture_name = picture_name(item.game_id, len(record.moves))
        reply.table = preview.table_now(LiveGame(record, position))  # refused if out of date
        prepared = Prepared(reply, position, self.renderer, previous=previous)
        if position.is_over and self.stories and story.HEADING in item.text:
            prepared.story = story.StoryJob(position, item.game_id, True,
                                            story.NO_ANIMATION not in item.text)
        return prepared

    def mark_sent(self, ids: Sequence[int]) -> None:
        self.store.mark_sent(list(ids), self.clock())

    def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        return self.store.mark_failed(item_id, error, refused, self.clock())

    def open_places(self) -> list[tuple[str, int | None, float]]:
        """Each open game's place, the newest message read there (None: none yet) and when the
        game was created: where to catch up after the bot was away."""
        return [(g.place, self.store.last_seen(g.place), g.created_at)
                for g in self.store.games() if g.status in ("lobby", "active", "paused")]

    def waiting_user(self, place: str) -> str | None:
        """The user the place's game waits for now, if it waits for a person."""
        summary = self.store.latest_game(place)
        if summary is None or summary.status != "active":
            return None
        return summary.waiting_user

    def choices(self, place: str, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their decision)."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None:
                return []
            live = self._live(summary)
            if live.status != "active" or live.game is None:
                return []
            decision = live.game.to_act()
            seat = live.record.seat_of_user(actor.user_id)
            if decision is None or seat is None or seat.name != decision.player:
                return []
            return [str(m) for m in live.game.legal_moves()]

    def table_now(self, place: str) -> TableNow | None:
        """The decision the place's game waits for (None: none), for buttons and menus."""
        with self._lock:
            summary = self.store.latest_game(place)
            return preview.table_now(self._live(summary)) if summary is not None else None

    def since(self, place: str, then: Position) -> str:
        """What changed in the place's game since ``then`` ("" when nothing did)."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None:
                return "The table has moved on: the game is gone."
            return preview.since(self._live(summary), then)

    def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        """One reminder per decision that has waited ``hours``; each is given only once."""
        if hours <= 0:
            return []
        due = self.store.due(now - hours * 3600)
        if self.rates is not None:  # a user waited for at many tables is reminded a few a day
            due = [g for g in due if not self.rates.wait(("remind", g.waiting_user),
                                                         REMINDERS_PER_USER)]
        reminders = []
        for g in due:
            waited = (now - (g.waiting_since or now)) / 3600
            assert g.waiting_user is not None
            reminders.append(Reminder(
                g.place, (g.waiting_user,),
                f"Reminder: the game has waited {replies.count_of(round(waited), 'hour')} for "
                f"{g.waiting_text}. "
                f"(`moves` lists the choices.)"))
        self.store.mark_reminded([(g.id, g.waiting_key or 0) for g in due], now)
        return reminders

    def export(self, game_id_or_place: int | str, fmt: str) -> str:
        """A game's export by id (or the newest game of a place); ``ExchangeError`` if none."""
        if fmt not in ("txt", "json"):
            raise exchange.ExchangeError(f"unknown format {fmt!r}; use txt or json")
        summary = None
        if isinstance(game_id_or_place, int) or str(game_id_or_place).isdigit():
            summary = self.store.game(int(game_id_or_place))
        if summary is None:
            summary = self.store.latest_game(str(game_id_or_place))
        if summary is None:
            raise exchange.ExchangeError(f"no game {game_id_or_place!r} in {self.store.path}")
        with self._lock:
            live = self._live(summary)
            ctx = Context(summary.place, Actor("busbot", "busbot"), self.clock(), None, live,
                          True, self.store)
            return export_text(ctx, live, fmt)

    def import_text(self, place: str, actor: Actor | None, text: str) -> Reply:
        """Create a game in ``place`` from an exported text or JSON (the command line's import).

        Without an ``actor`` the file's first seat imports it, and so moderates it.
        """
        return self.import_data(place, actor, text.encode("utf-8"))

    def import_data(self, place: str, actor: Actor | None, data: bytes) -> Reply:
        """``import_text`` of a file's bytes, checked like an attachment (size, UTF-8)."""
        if actor is None and len(data) <= MAX_IMPORT_BYTES:
            actor = exchange.first_seat(data.decode("utf-8-sig", errors="replace"))
        if actor is None:
            return Reply("The file names no players, so it cannot be a game log; nothing was "
                         "imported. (`--as NAME` says who imports it.)", ok=False)
        return self.handle(place, actor, "import", attachments=[Attachment("import", data)])

    def where_things_stand(self, place: str) -> str | None:
        """A line for someone arriving at a table (the console after a restart): the open game
        and whom it waits for; None when the place has no open game."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None or summary.status not in ("lobby", "active", "paused"):
                return None
            live = self._live(summary)
        return replies.where_things_stand(live, summary.id)

    def games(self) -> list[GameSummary]:
        return self.store.games()


def _caption(first: Record, text: str) -> str:
    """What the index notes beside a picture: nothing for a player's own move, else the act."""
    if first.kind == "move" and not first.data.get("by_moderator"):
        return ""
    line = text.split("\n", 1)[0].split(":", 1)[0].rstrip(".")
    return line if len(line) <= 70 else line[:69] + "…"


def _turn_mentions(before: LiveGame | None, after: LiveGame, actor: Actor) -> list[str]:
    """The user whose turn just began: not when the same seat keeps deciding, not the actor."""
    if after.status != "active" or after.game is None:
        return []
    decision = after.game.to_act()
    if decision is None:
        return []
    if before is not None and before.status == "active" and before.game is not None:
        prev = before.game.to_act()
        if prev is not None and prev.player == decision.player:
            return []
    seat = after.record.seat(decision.player)
    if seat is None or seat.player is None or seat.dropped or same_user(seat.player,
                                                                        actor.user_id):
        return []
    return [seat.player]


def _waiting(after: LiveGame, summary: GameSummary | None, position_changed: bool,
             last_seq: int, now: float) -> Waiting | None:
    """Whom the game waits for; the clock for reminders restarts when the position changed."""
    waiting = preview.waiting_for(after)
    if waiting is None:
        return None
    decision, user = waiting
    if (not position_changed and summary is not None and summary.waiting_key is not None
            and summary.waiting_since is not None):
        return Waiting(decision.player, user, decision.text, summary.waiting_since,
                       summary.waiting_key)
    return Waiting(decision.player, user, decision.text, now, last_seq)


class AsyncGameService:
    """The service for an event loop: all database work on one dedicated thread, so commands
    are applied one at a time in the order they are handed in, and pictures on a bounded pool.
    Two commands of one place may finish drawing in either order: the Discord bot, which posts
    the answers, holds its lock per place from handing a command in to posting its answer."""

    def __init__(self, service: GameService, render_workers: int = 2) -> None:
        self.service = service
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="busbot-db")
        self._render = ThreadPoolExecutor(max_workers=max(1, render_workers),
                                          thread_name_prefix="busbot-render")

    async def handle(self, place: str, actor: Actor, message: str | Command, *,
                     message_id: str | None = None,
                     attachments: Sequence[Attachment] = (),
                     addressed: Addressed | None = None) -> Reply:
        loop = asyncio.get_running_loop()
        prepared = await loop.run_in_executor(
            self._db, partial(self.service.prepare, place, actor, message,
                              message_id=message_id, attachments=list(attachments),
                              addressed=addressed))
        if prepared.snapshot is None and prepared.story is None:
            return prepared.reply
        return await loop.run_in_executor(self._render, prepared.complete)

    async def read_chat(self, place: str, text: str,
                        user_id: str | None = None) -> Addressed | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.read_chat, place, text, user_id)

    async def is_game_text(self, place: str, text: str, user_id: str | None = None) -> bool:
        return await self.read_chat(place, text, user_id) is not None

    async def unsent(self, place: str | None = None,
                     due_by: float | None = None) -> list[Announcement]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.unsent, place, due_by)

    async def owed(self, item: Announcement) -> Reply:
        loop = asyncio.get_running_loop()
        prepared = await loop.run_in_executor(self._db, self.service.owed, item)
        if prepared.snapshot is None:
            return prepared.reply
        return await loop.run_in_executor(self._render, prepared.complete)

    async def mark_sent(self, ids: Sequence[int]) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._db, self.service.mark_sent, list(ids))

    async def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._db, partial(self.service.mark_failed, item_id, error, refused=refused))

    async def see(self, place: str, message_id: str) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._db, self.service.see, place, message_id)

    async def open_places(self) -> list[tuple[str, int | None, float]]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.open_places)

    async def waiting_user(self, place: str) -> str | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.waiting_user, place)

    async def choices(self, place: str, actor: Actor) -> list[str]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.choices, place, actor)

    async def table_now(self, place: str) -> TableNow | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.table_now, place)

    async def since(self, place: str, then: Position) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.since, place, then)

    async def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, self.service.due_reminders, now, hours)

    async def aclose(self) -> None:
        """Finish what is queued, then close the database on its own thread."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._db, self.service.close)
        self._db.shutdown(wait=True)
        self._render.shutdown(wait=True)
