"""The game service: (place, user, text) in; reply text, picture and mentions out.

Discord and the console are thin adapters over this. One command is: find the place's game
(cached, or rebuilt from its records), let a handler change a draft of it, commit the draft's
records in one transaction, swap the draft into the cache, and only then draw the picture from
the committed position. The drawing is split off (``prepare`` / ``Prepared.complete``) so the
asynchronous wrapper can run it on a render pool while the single database thread moves on.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.api import (
    Actor,
    Attachment,
    Command,
    Duplicate,
    Lookup,
    Position,
    Previewed,
    Refusal,
    Reminder,
    Reply,
    TableNow,
    Update,
)
from bot.service import lookups, scheduler
from bot.service.budgets import Budgets, TokenBuckets, later
from bot.service.command.context import Context, Outcome, refusal_text, refuse
from bot.service.command.needs import is_moderator
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.prepared import Prepared, seat_notes
from bot.service.drawing.renderer import Renderer, default_renderer, picture_name
from bot.service.drawing.story_job import StoryJob
from bot.service.game import deadlines, payloads
from bot.service.game.live_game import (
    Draft,
    LiveGame,
    build_game,
    positions_reached,
    waiting_for,
)
from bot.service.game.records import (
    OPEN_STATUSES,
    PLAYING_STATUSES,
    GameRecord,
    GameStatus,
    Record,
    same_user,
)
from bot.service.router import registry
from bot.service.router import route as routes
from bot.service.router.chat import could_be_for_the_bot, meant_for_the_bot
from bot.service.router.reading import read_message
from bot.service.store import layouts
from bot.service.store.outbox import Announcement, Failure
from bot.service.store.outbox import Story as StoryParts
from bot.service.store.store import Change, GameSummary, PictureMoment, Store, Waiting
from bot.service.verbs import import_game, story
from bot.service.verbs.export import ExchangeError, export_text
from bot.service.verbs.preview import NOTE as PREVIEW_NOTE
from bot.service.words import replies
from engine import Game
from engine.game import SNAPSHOT_EVERY
from engine.limits import (
    ALWAYS_ALLOWED,
    DAY,
    MAX_IMPORT_BYTES,
    MAX_MESSAGE_CHARS,
    LimitError,
    check_message,
    check_records,
    exempt,
)

if TYPE_CHECKING:  # the renderer is imported only where something is drawn
    from render.page_notes import PageNotes

log = logging.getLogger(__name__)

_DEFAULT = object()
#: Games the scheduler looks at in one run (the most overdue first; the rest come next run).
DUE_PER_RUN = 100
#: Seconds of due work in one run, at most (a game whose timeout the computer player plays
#: takes up to a second); what is left waits for the next run.
DUE_SECONDS = 5.0
#: When a game's due work failed (a bug), it is looked at again this much later.
DUE_RETRY = 3600.0
#: Who the scheduler's records are written by (automatic moves are the bot's, for a seat).
SCHEDULER = Actor("busbot", "busbot")
#: Games kept live (their position in memory) unless the configuration says otherwise
#: (``live_games``): a late 5-player game with its kept positions takes about 0.2 MB.
CACHE_SIZE = 1000
#: Seconds a live game stays in memory after its last command (``live_idle_hours``).
CACHE_IDLE = 24 * 3600.0
#: Seconds between two prunings of old replies and posted announcements (``Store.prune``).
PRUNE_EVERY = 3600.0
#: What a change over a daily budget is told, by the budget (``rates.Budgets.change_over``).
_OVER = {
    "games-per-member": "You have created many games today",
    "games-per-server": "Many games were created on this server today",
    "imports-per-member": "You have imported many games today",
    "records-per-member-in-a-game": "You have changed this game many times today; a moderator "
                                    "can still `abandon` or `pause` it",
    "records-per-member": "You have changed games many times today",
}


@dataclass(slots=True)
class Step:
    """What the stages of one command share: who said it where and when, and the place's game
    (its summary row, and the live game once loaded)."""

    place: str
    actor: Actor
    now: float
    message_id: str | None
    summary: GameSummary | None
    live: LiveGame | None
    #: said live (not read from history): a refusal is owed until its post is made
    owed: bool = False


#: An admission check: the reason of its refusal (``refuse`` adds that nothing changed), or None.
#: Checks of an adapter's own plug in here (``GameService(admit=...)``); the budgets per member
#: and per server are built in (``rates.Budgets``).
Admission = Callable[[str, Actor, "str | Command", float], "str | None"]


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
        admit: Sequence[Admission] = (),
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
        self.budgets = Budgets(TokenBuckets(clock) if rate_limits else None,
                               pictures=self.renderer is not None, animations=self.stories)
        #: checks every message passes before any work (``Admission``), after the limits
        self.admission: tuple[Admission, ...] = tuple(admit)
        #: live games by id, least recently used first, with when each was last used
        self._cache: OrderedDict[int, tuple[LiveGame, float]] = OrderedDict()
        #: one command (or lookup of the cache) at a time
        self._lock = threading.Lock()
        #: called with the place after every committed change (the bot seats' player,
        #: ``bot.service.bots``, looks whether a bot is to act); must not block
        self.after_commit: list[Callable[[str], None]] = []
        #: when old replies and posted announcements were last pruned (``Store.prune``)
        self._pruned_at = clock()
        #: the stored games' rewrite count the cache was filled under (``Store.generation``)
        self._generation = self.store.generation()

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
                addressed: Addressed | None = None, owed: bool = False) -> Prepared:
        """Handle a command up to (not including) drawing its picture; ``owed``: said live, so
        a refusal's answer is kept as owed until ``answered``."""
        with self._lock:
            return self._prepare(place, actor, message, message_id, attachments, addressed,
                                 owed)

    def _prepare(self, place: str, actor: Actor, message: str | Command, message_id: str | None,
                 attachments: Sequence[Attachment], addressed: Addressed | None,
                 owed: bool = False) -> Prepared:
        """The pipeline: admit -> load -> decide -> commit; ``Prepared.complete`` draws."""
        now = self.clock()
        refused = self._admit(place, actor, message, message_id, now)
        if refused is not None:
            return Prepared(refused)
        summary = (addressed.game if addressed is not None and addressed.game.place == place
                   else self.store.latest_game(place))
        step = Step(place, actor, now, message_id, summary, None, owed)
        outcome = self._load_and_decide(step, message, attachments)
        if not outcome.ok or outcome.draft is None or not outcome.draft.new:
            return self._unchanged(step, outcome)
        return self._commit(step, outcome, outcome.draft)

    # ---- admit: limits, duplicates, rates ----------------------------------------------------

    def _admit(self, place: str, actor: Actor, message: str | Command,
               message_id: str | None, now: float) -> Reply | None:
        """None when the message may be handled, else the reply that ends it: over a limit,
        already handled, or refused by an admission check (``admit=``)."""
        try:
            check_message(message if isinstance(message, str) else message.written())
        except LimitError as err:
            return Refusal(refusal_text(str(err).capitalize() + "."))
        if message_id is not None:
            before = self.store.handled_reply(place, message_id)
            if before is not None:
                return Duplicate(f"(That message was handled already.)\n{before}")
        for check in self.admission:
            refused = check(place, actor, message, now)
            if refused is not None:
                return Refusal(refusal_text(refused))
        return None

    # ---- load and decide: the game, the route and the handler --------------------------------

    def _load_and_decide(self, step: Step, message: str | Command,
                         attachments: Sequence[Attachment]) -> Outcome:
        """Load the place's game, read the message and run its route; a limit or a bug in a
        handler is a refusal that changes nothing."""
        try:
            step.live = self._live(step.summary) if step.summary is not None else None
            cmd = read_message(message) if isinstance(message, str) else message
            return self._decide(step, cmd, attachments)
        except LimitError as err:
            return refuse(str(err).capitalize() + ".")
        except Exception:  # a bug in one command must neither change nor take down anything
            log.exception("command %r in %s failed", message, step.place)
            return refuse("Something went wrong on my side; nothing was changed.")

    def _decide(self, step: Step, cmd: Command, attachments: Sequence[Attachment]) -> Outcome:
        live = step.live
        cost = registry.cost_of(cmd)
        if cost is not None:  # what it draws on, taken before any work
            actor = step.actor
            over = self.budgets.refusal(cost, step.place, actor.user_id, actor.server,
                                        started=live is not None and live.game is not None)
            if over is not None:
                return refuse(over)
        ctx: Context[LiveGame | None] = Context(
            step.place, step.actor, step.now, step.message_id, live,
            is_moderator(step.actor, live.record if live else None, self.moderator_role),
            self.store, attachments, self.bind_imported_names)
        outcome = routes.run(ctx, cmd)
        if outcome.draft is not None and outcome.draft.new:
            return self._within_budgets(step, ctx.moderator, outcome, outcome.draft)
        return outcome

    def _within_budgets(self, step: Step, moderator: bool, outcome: Outcome,
                        draft: Draft) -> Outcome:
        """A change within the records cap and the member's and server's daily budgets (taken
        now), else a refusal; abandon, drop, pause and a moderator's undo always pass."""
        new_game = draft.new[0].kind == "create"  # an import's records all count, auto or not
        kinds = [r.kind for r in draft.new if new_game or not r.auto]
        if kinds and kinds[0] in ALWAYS_ALLOWED:
            return outcome
        if not exempt(kinds, moderator):  # a moderator's undo passes the cap, not the budgets
            check_records(draft.record.counted, draft.record.last_seq)
        actor = step.actor
        over = self.budgets.change_over(step.place, actor.user_id, actor.server,
                                        draft.record.game_id, kinds)
        if over is None:
            return outcome
        return refuse(_OVER.get(over.limit, "That is over a daily limit") +
                      f" ({over.limit} limit); try again in {later(over.wait)}.")

    # ---- commit: records, outbox, positions --------------------------------------------------

    def _commit(self, step: Step, outcome: Outcome, draft: Draft) -> Prepared:
        """Write the draft's records, its announcement and positions in one transaction, then
        make the draft the cached game; the picture is left to ``Prepared.complete``."""
        live, after = step.live, draft.live
        shown = (live.game if live is not None and live.record.game_id == draft.record.game_id
                 else None)  # the position the previous picture showed, if of this game
        mentions = (outcome.mentions if outcome.mentions is not None
                    else _turn_mentions(live, after, step.actor, step.now))
        mentions = list(dict.fromkeys([*mentions, *draft.pings]))
        snapshot = outcome.picture if self.renderer is not None else None
        change = self._change(step, outcome, draft, snapshot)
        text, snapshot = self._picture_allowed(step, outcome.text, snapshot)
        told, ending = self._ending(step, draft)
        text += told
        if self.announce:
            change.announcement = Announcement(
                step.place, draft.record.game_id, draft.new[-1].seq, text, tuple(mentions),
                snapshot is not None, draft.new[0].seq if shown is not None else 0,
                _story_of(ending))
        try:
            game_id = self.store.commit(change, step.now)
        except sqlite3.Error as err:
            log.exception("commit failed in %s", step.place)
            return Prepared(Refusal(f"That could not be saved ({err}); nothing was changed. "
                                    f"Please try again."))
        draft.record.game_id = game_id
        self._keep(game_id, after, step.now)
        for hook in self.after_commit:
            hook(step.place)
        if step.now - self._pruned_at >= PRUNE_EVERY:
            self.prune()
        reply = Update(text, mentions=mentions, files=outcome.files,
                       picture_name=picture_name(game_id, len(after.record.moves)),
                       announcement=change.announcement_id, table=lookups.table_now(after))
        prepared = Prepared(reply, snapshot, self.renderer, self.picture_dir, shown)
        prepared.story = ending if self.stories else None
        if snapshot is not None:  # posted for everyone: the channel's layout
            prepared.layout = layouts.for_place(self.store, step.place)
            prepared.seat_notes = seat_notes(draft.record, snapshot, step.now)
        return prepared

    def _change(self, step: Step, outcome: Outcome, draft: Draft,
                snapshot: Game | None) -> Change:
        """What the store writes for a change: records, the summary row, the picture index."""
        after, first, last = draft.live, draft.new[0], draft.new[-1]
        moment = None
        if outcome.position_changed and snapshot is not None:
            moment = PictureMoment(
                draft.record.game_id, last.seq, len(after.record.moves),
                snapshot.state.round, step.now, _caption(first, outcome.text))
        return Change(
            game_id=draft.record.game_id, place=step.place, records=draft.new,
            status=after.status, edition=after.record.edition,
            players=", ".join(s.name for s in after.record.seats),
            waiting=_waiting(after, step.summary, outcome.position_changed, last.seq, step.now),
            message_id=step.message_id, reply_text=outcome.text, picture=moment,
            positions=positions_reached(step.live, after),
            due_at=_due_at(after, step.now), deadline=after.record.deadline,
            server=step.actor.server,
        )

    def _picture_allowed(self, step: Step, text: str,
                         snapshot: Game | None) -> tuple[str, Game | None]:
        """A change over the picture budget stands; only its picture is skipped."""
        if snapshot is None:
            return text, None
        wait = self.budgets.picture_wait(step.place, step.actor.user_id, step.actor.server)
        if wait > 0:
            return (text + f"\n(No picture this time: many were drawn here just now; "
                           f"`map` draws the table again in {later(wait)}.)"), None
        return text, snapshot

    def _ending(self, step: Step, draft: Draft) -> tuple[str, StoryJob | None]:
        """The statistics and the story to draw when this change has just ended the game."""
        after, live = draft.live, step.live
        if after.status != GameStatus.OVER or after.game is None or (
                live is not None and live.status == GameStatus.OVER):
            return "", None
        records = self.store.records(draft.record.game_id) + draft.new
        return story.at_the_end(after.game, draft.record.game_id,
                                animation=self.budgets.animation_wait(
                                    step.place, step.actor.user_id, step.actor.server) == 0,
                                page=page_notes(after, records))

    def _unchanged(self, step: Step, outcome: Outcome) -> Prepared:
        """A refusal or a lookup: nothing to commit, only the message to note as read (and a
        live refusal's answer as owed until it is posted: ``answered``)."""
        text = outcome.text
        if not outcome.ok and len(text) > MAX_MESSAGE_CHARS:  # a refusal is one message
            text = text[:MAX_MESSAGE_CHARS - 1] + "…"
        if step.message_id is not None:
            self._see(step.place, step.message_id,
                      text if step.owed and not outcome.ok else None, step.now)
        if not outcome.ok:
            return Prepared(Refusal(text, files=outcome.files, mentions=outcome.mentions or []))
        if outcome.story is not None:
            reply = Lookup(text, files=outcome.files, mentions=outcome.mentions or [])
            if not self.stories:
                reply.text += "\n(Charts and animations are not drawn here.)"
                return Prepared(reply)
            return Prepared(reply, story=outcome.story)
        return self._looked_up(step, outcome)

    def _looked_up(self, step: Step, outcome: Outcome) -> Prepared:
        """A lookup's or a preview's reply, with the picture it asked for to be drawn."""
        reply: Reply
        if outcome.preview is not None:
            reply = Previewed(outcome.text, files=outcome.files, moves=outcome.preview,
                              mentions=outcome.mentions or [])
            if step.live is not None:
                reply.table = lookups.table_now(step.live)  # what Play this is made for
        else:
            reply = Lookup(outcome.text, files=outcome.files, mentions=outcome.mentions or [])
        if outcome.picture is None:
            return Prepared(reply)
        summary = step.summary
        reply.picture_name = outcome.picture_name or picture_name(
            summary.id if summary else 0, len(outcome.picture.history))
        return Prepared(reply, outcome.picture, self.renderer, self.picture_dir,
                        outcome.previous,
                        note=PREVIEW_NOTE if outcome.preview is not None else "",
                        layout=outcome.layout or layouts.for_asker(
                            self.store, step.place, step.actor.user_id),
                        seat_notes=seat_notes(step.live.record, outcome.picture, step.now)
                        if step.live else {})

    # ---- loading ------------------------------------------------------------------------------

    def _live(self, summary: GameSummary) -> LiveGame:
        """The game as its records say, from the cache when nothing was written since (the
        caller holds the service's lock)."""
        self._drop_rewritten()
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

    def prune(self) -> tuple[int, int]:
        """Forget old replies and posted announcements now (``Store.prune``); done by itself
        once an hour after a change. (replies, announcements) forgotten."""
        self._pruned_at = self.clock()
        try:
            return self.store.prune(self._pruned_at)
        except sqlite3.Error:  # only the database's size is at stake; the next hour tries again
            log.exception("pruning old replies failed")
            return 0, 0

    def _drop_rewritten(self) -> None:
        """Forget every live game when stored games were rewritten (a member forgotten, here
        or by ``busbot forget`` in another process): the cache would name them again."""
        generation = self.store.generation()
        if generation != self._generation:
            self._cache.clear()
            self._generation = generation

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
        to_act = summary.status == GameStatus.ACTIVE and same_user(user_id, summary.waiting_user)
        moves = summary.status in PLAYING_STATUSES
        meant = meant_for_the_bot(text, moves, to_act)
        return Addressed(summary) if meant else None

    def is_game_text(self, place: str, text: str, user_id: str | None = None) -> bool:
        """Whether an unprefixed message in ``place`` is meant for the bot (plain chat is not)."""
        return self.read_chat(place, text, user_id) is not None

    # ---- announcements still owed (the outbox) and catching up --------------------------------

    def see(self, place: str, message_id: str) -> None:
        """Note that ``message_id`` was read in ``place``: catching up starts after it."""
        self._see(place, message_id)

    def _see(self, place: str, message_id: str, owed: str | None = None,
             now: float = 0.0) -> None:
        try:
            if owed is None:
                self.store.mark_seen(place, message_id)
            else:
                self.store.owe_answer(place, message_id, owed, now)
        except sqlite3.Error:  # only catching up after a restart would read it again
            log.exception("noting message %s in %s failed", message_id, place)

    def unsent(self, place: str | None = None, due_by: float | None = None) -> list[Announcement]:
        """Announcements not yet posted: of ``place``, or of the places with one due by
        ``due_by``, or all; oldest first."""
        return self.store.unsent(place=place, due_by=due_by)

    def owed(self, item: Announcement) -> Prepared:
        """The reply ``item`` stands for, its picture (the position after its records) and its
        story to be drawn by ``complete``."""
        reply = Update(item.text, mentions=list(item.mentions), announcement=item.id)
        if self.renderer is None or not item.picture and item.story == StoryParts.NONE:
            return Prepared(reply)
        rebuilt = self._rebuilt(item)
        if rebuilt is None:
            return Prepared(reply)
        record, position, previous = rebuilt
        prepared = Prepared(reply)
        if item.picture:
            reply.picture_name = picture_name(item.game_id, len(record.moves))
            reply.table = lookups.table_now(LiveGame(record, position))  # refused if stale
            prepared = Prepared(reply, position, self.renderer, previous=previous,
                                layout=layouts.for_place(self.store, item.place),
                                seat_notes=seat_notes(record, position, self.clock()))
        if position.is_over and self.stories and item.story != StoryParts.NONE:
            prepared.story = StoryJob(position, item.game_id, True,
                                      item.story == StoryParts.CHART_AND_ANIMATION,
                                      page=self._page_notes(item, LiveGame(record, position)))
        return prepared

    def _page_notes(self, item: Announcement, ended: LiveGame) -> PageNotes:
        """The notes of the game's page a late final post carries: its records up to it."""
        with self._lock:
            records = [r for r in self.store.records(item.game_id) if r.seq <= item.seq]
        return page_notes(ended, records)

    def _rebuilt(self, item: Announcement) -> tuple[GameRecord, Game, Game | None] | None:
        """The game after ``item``'s records, and the position before them when it shows what
        changed; None when that cannot be rebuilt (the text is posted without a picture)."""
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
            return None
        return None if position is None else (record, position, previous)

    def mark_sent(self, ids: Sequence[int]) -> None:
        self.store.mark_sent(list(ids), self.clock())

    def mark_failed(self, item_id: int, error: str, *, refused: bool) -> Failure:
        return self.store.mark_failed(item_id, error, refused, self.clock())

    def mark_posting(self, ids: Sequence[int], nonce: str) -> None:
        """Note that ``ids`` are about to be posted with ``nonce`` (see ``outbox``)."""
        self.store.mark_posting(list(ids), nonce)

    def answered(self, place: str, message_id: str) -> None:
        """The refusal owed to ``message_id`` was posted (see ``unanswered``)."""
        try:
            self.store.answered(place, message_id)
        except sqlite3.Error:  # the next start would post it again, under the same nonce
            log.exception("noting the answer to %s in %s failed", message_id, place)

    def unanswered(self, place: str) -> list[tuple[str, str]]:
        """The refusals handled live in ``place`` in the last day whose answer was never
        posted (the process stopped first): (message id, text), oldest first."""
        return self.store.unanswered(place, self.clock() - DAY)

    def open_places(self) -> list[tuple[str, int | None, float]]:
        """Each open game's place, the newest message read there (None: none yet) and when the
        game was created: where to catch up after the bot was away."""
        return [(g.place, self.store.last_seen(g.place), g.created_at)
                for g in self.store.games() if g.status in OPEN_STATUSES]

    def waiting_user(self, place: str) -> str | None:
        """The user the place's game waits for now, if it waits for a person."""
        summary = self.store.latest_game(place)
        if summary is None or summary.status != GameStatus.ACTIVE:
            return None
        return summary.waiting_user

    def choices(self, place: str, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their decision)."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None:
                return []
            live = self._live(summary)
            if live.status != GameStatus.ACTIVE or live.game is None:
                return []
            decision = live.game.to_act()
            seat = live.record.seat_of_user(actor.user_id)
            if decision is None or seat is None or seat.name != decision.player:
                return []
            return [str(m) for m in live.game.legal_moves()]

    def live_copy(self, place: str) -> LiveGame | None:
        """The place's game as it stands, copied (records and position), for work done outside
        the service's lock: the computer thinking about its move (``bot.service.bots``)."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None:
                return None
            live = self._live(summary)
            return LiveGame(live.record.copy(), live.game.copy() if live.game else None)

    def table_now(self, place: str) -> TableNow | None:
        """The decision the place's game waits for (None: none), for buttons and menus."""
        with self._lock:
            summary = self.store.latest_game(place)
            return lookups.table_now(self._live(summary)) if summary is not None else None

    def since(self, place: str, then: Position) -> str:
        """What changed in the place's game since ``then`` ("" when nothing did)."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None:
                return "The table has moved on: the game is gone."
            return lookups.since(self._live(summary), then)

    def due_reminders(self, now: float, hours: float) -> list[Reminder]:
        """One reminder per decision that has waited ``hours``; each is given only once."""
        if hours <= 0:
            return []
        due = [g for g in self.store.due(now - hours * 3600) if not self._away(g, now)]
        due = [g for g in due if self.budgets.may_remind(g.waiting_user)]
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

    # ---- the scheduler: reminders and deadlines due ------------------------------------------

    def run_due(self, now: float | None = None,
                limit: int = DUE_PER_RUN) -> list[tuple[str, Prepared]]:
        """Do what is due by ``now`` (by default the service's clock) in every game: reminders
        and passed deadlines (``scheduler.due_work``), each committed with its announcement and
        the game's next due moment; the one loop of the Discord bot and the console. Returns
        each place's reply, its picture still to be drawn (``Prepared.complete``)."""
        now = self.clock() if now is None else now
        done = []
        spent = time.monotonic() + DUE_SECONDS  # the computer player thinks up to a second
        for game_id in self.store.due_games(now, limit):
            if time.monotonic() > spent:
                break  # the rest next time: the commands waiting behind come first
            with self._lock:
                prepared = self._due_one(game_id, now)
            if prepared is not None:
                done.append(prepared)
        return done

    def _due_one(self, game_id: int, now: float) -> tuple[str, Prepared] | None:
        summary = self.store.game(game_id)
        if summary is None:
            return None
        step = Step(summary.place, SCHEDULER, now, None, summary, None)
        try:
            live = step.live = self._live(summary)
            ctx = Context(summary.place, SCHEDULER, now, None, live, True, self.store)
            outcome = scheduler.due_work(ctx.with_game(live))
        except Exception:  # one game's fault must not stop every other game's reminders
            log.exception("due work in game %d failed", game_id)
            self.store.set_due(game_id, now + DUE_RETRY)
            return None
        if outcome is None or outcome.draft is None or not outcome.draft.new:
            self.store.set_due(game_id, _due_at(live, now))
            return None
        draft = outcome.draft
        draft.pings = [user for user in draft.pings if self.budgets.may_remind(user)]
        prepared = self._commit(step, outcome, draft)
        if not prepared.reply.ok:  # not saved: nothing to say; it is due again next run
            return None
        return summary.place, prepared

    def _away(self, summary: GameSummary, now: float) -> bool:
        """Whether the player the game waits for is away (then nobody reminds them)."""
        if summary.waiting_seat is None:
            return False
        with self._lock:
            return self._live(summary).record.is_away(summary.waiting_seat, now)

    def export(self, game_id_or_place: int | str, fmt: str) -> str:
        """A game's export by id (or the newest game of a place); ``ExchangeError`` if none."""
        if fmt not in ("txt", "json", "html"):
            raise ExchangeError(f"unknown format {fmt!r}; use txt, json or html")
        summary = None
        if isinstance(game_id_or_place, int) or str(game_id_or_place).isdigit():
            summary = self.store.game(int(game_id_or_place))
        if summary is None:
            summary = self.store.latest_game(str(game_id_or_place))
        if summary is None:
            raise ExchangeError(f"no game {game_id_or_place!r} in {self.store.path}")
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
            actor = import_game.first_seat(data.decode("utf-8-sig", errors="replace"))
        if actor is None:
            return Refusal("The file names no players, so it cannot be a game log; nothing was "
                            "imported. (`--as NAME` says who imports it.)")
        return self.handle(place, actor, "import", attachments=[Attachment("import", data)])

    def where_things_stand(self, place: str) -> str | None:
        """A line for someone arriving at a table (the console after a restart): the open game
        and whom it waits for; None when the place has no open game."""
        with self._lock:
            summary = self.store.latest_game(place)
            if summary is None or summary.status not in OPEN_STATUSES:
                return None
            live = self._live(summary)
        return replies.where_things_stand(live, summary.id)

    def games(self) -> list[GameSummary]:
        return self.store.games()


def _due_at(live: LiveGame, now: float) -> float | None:
    """When the game next owes a reminder or a deadline (``deadlines.next_due``)."""
    due = deadlines.next_due(live.record, live.game, now)
    return None if due is None else due.at


def _story_of(ending: StoryJob | None) -> StoryParts:
    """What the announcement that ends a game keeps of its story, to draw it again when late."""
    if ending is None:
        return StoryParts.NONE
    return StoryParts.CHART_AND_ANIMATION if ending.animation else StoryParts.CHART


def _caption(first: Record, text: str) -> str:
    """What the index notes beside a picture: nothing for a player's own move, else the act."""
    if isinstance(move := first.payload, payloads.Move) and not move.by_moderator:
        return ""
    line = text.split("\n", 1)[0].split(":", 1)[0].rstrip(".")
    return line if len(line) <= 70 else line[:69] + "…"


def _turn_mentions(before: LiveGame | None, after: LiveGame, actor: Actor,
                   now: float) -> list[str]:
    """The user whose turn just began: not when the same seat keeps deciding, not the actor."""
    if after.status != GameStatus.ACTIVE or after.game is None:
        return []
    decision = after.game.to_act()
    if decision is None:
        return []
    if before is not None and before.status == GameStatus.ACTIVE and before.game is not None:
        prev = before.game.to_act()
        if prev is not None and prev.player == decision.player:
            return []
    seat = after.record.seat(decision.player)
    if seat is None or seat.player is None or seat.dropped or same_user(seat.player,
                                                                        actor.user_id):
        return []
    if after.record.is_away(seat.name, now):  # time away: nobody pings them
        return []
    return [seat.player]


def _waiting(after: LiveGame, summary: GameSummary | None, position_changed: bool,
             last_seq: int, now: float) -> Waiting | None:
    """Whom the game waits for; the clock for reminders restarts when the position changed."""
    waiting = waiting_for(after)
    if waiting is None:
        return None
    decision, user = waiting
    if (not position_changed and summary is not None and summary.waiting_key is not None
            and summary.waiting_since is not None):
        return Waiting(decision.player, user, decision.text, summary.waiting_since,
                       summary.waiting_key)
    return Waiting(decision.player, user, decision.text, now, last_seq)
