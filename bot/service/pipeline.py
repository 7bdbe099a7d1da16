"""The pipeline of one command, each step named once:

    admit  -> load  -> decide  -> commit  -> draw

``handle`` is its one entry, under the service's lock: ``admit`` (the message limit, a message
already handled, the adapter's admission checks), ``load`` (the place's game, from the live
games or its records), ``decide`` (read the text once, charge what the command costs, route it
to its handler, which changes only a draft; a change is then checked against the records cap
and the daily budgets), ``commit`` (the draft's records, the summary row, the picture index,
the outbox row and the positions reached, in one transaction; then the draft becomes the live
game). A refusal or a lookup commits nothing (``unchanged``). What ``handle`` returns is a
``Prepared`` answer: **draw** is ``Prepared.complete`` (``drawing/prepared.py``), after the
lock, on the render pool when the service runs asynchronously.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from bot.api import (
    Actor,
    Addressed,
    Announcement,
    Attachment,
    Command,
    Duplicate,
    Lookup,
    Previewed,
    Refusal,
    Reply,
    StoryFiles,
    Update,
)
from bot.service import lookups, ratings
from bot.service.command.context import Context, Outcome, refusal_text, refuse
from bot.service.command.forms import Budget, Cost
from bot.service.command.needs import is_moderator
from bot.service.core import Core
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.prepared import Prepared, seat_notes
from bot.service.drawing.renderer import picture_name
from bot.service.drawing.story_job import StoryJob
from bot.service.game import payloads, timebank
from bot.service.game.deadlines import HELD, NEVER, Hours, due_at, runs_out
from bot.service.game.live_game import (
    BOT_USER,
    Draft,
    LiveGame,
    positions_reached,
    waiting_for,
)
from bot.service.game.quiet import Quiet
from bot.service.game.records import GameStatus, Record, same_user
from bot.service.ledger import Ledger
from bot.service.router import registry, route
from bot.service.router.reading import read_message
from bot.service.store import languages, layouts, members
from bot.service.store.store import Change, GameSummary, PictureMoment, Waiting
from bot.service.verbs.preview import NOTE as PREVIEW_NOTE
from bot.service.verbs.review import ReviewJob
from bot.service.verbs.story import at_the_end
from bot.service.words.catalogue import Said, lines, say, words_for
from engine import Game
from engine.limits import MAX_MESSAGE_CHARS, LimitError, check_message, unlinked
from engine.notation import ENGLISH_ONLY, Languages
from engine.text import Msg, Words

log = logging.getLogger(__name__)

HANDLED_ALREADY = Msg("pipeline.handled_already", "(That message was handled already.)")
WENT_WRONG = Msg("pipeline.went_wrong", "Something went wrong on my side; nothing was changed.")
NOT_SAVED = Msg("pipeline.not_saved",
                "That could not be saved ({error}); nothing was changed. Please try again.")
NO_STORIES = Msg("pipeline.no_stories", "(Charts and animations are not drawn here.)")


@dataclass(slots=True)
class Step:
    """What the steps of one command share: who said it where and when, and the place's game
    (its summary row, and the live game once loaded)."""

    place: str
    actor: Actor
    now: float
    message_id: str | None
    summary: GameSummary | None
    live: LiveGame | None = None
    #: said live (not read from history): a refusal is owed until its post is made
    owed: bool = False
    #: the author's words (their language, else the game's), once looked up
    reader: Words | None = None
    #: the languages the table reads (the game's, then English), once the game is loaded
    languages: Languages = ENGLISH_ONLY


class Pipeline:
    """One command at a time, from the message to the committed change and its answer."""

    def __init__(self, core: Core, ledger: Ledger) -> None:
        self.core = core
        self.ledger = ledger

    def handle(self, place: str, actor: Actor, message: str | Command, *,
               message_id: str | None = None, attachments: Sequence[Attachment] = (),
               addressed: Addressed | None = None, owed: bool = False) -> Prepared:
        """The command through every step but the drawing (``Prepared.complete``). ``owed``:
        said live, so a refusal's answer is kept as owed until it is ``answered``."""
        # a display name is member text too, echoed in replies and kept in records
        actor = replace(actor, name=unlinked(actor.name))
        with self.core.lock:
            now = self.core.clock()
            refused = self.admit(place, actor, message, message_id, now)
            if refused is not None:
                return Prepared(refused)
            found = addressed.game if addressed is not None and addressed.place == place else None
            if found is not None and addressed is not None and addressed.read is not None:
                message = addressed.read  # what the chat filter took a talk message for
            summary = (found if isinstance(found, GameSummary)
                       else self.core.store.latest_game(place))
            step = Step(place, actor, now, message_id, summary, owed=owed)
            outcome = self._load_and_decide(step, message, attachments)
            if not outcome.ok or outcome.draft is None or not outcome.draft.new:
                return self.unchanged(step, outcome)
            return self.commit(step, outcome, outcome.draft)

    # ---- admit: limits, duplicates, the adapter's checks -------------------------------------

    def admit(self, place: str, actor: Actor, message: str | Command,
              message_id: str | None, now: float) -> Reply | None:
        """None when the message may be handled, else the reply that ends it: over a limit,
        already handled, or refused by an admission check (``admit=``)."""
        try:
            check_message(message if isinstance(message, str) else message.written())
        except LimitError as err:
            return Refusal(say(refusal_text(limit_said(err)), self.private(actor, None)))
        if message_id is not None:
            before = self.ledger.handled_reply(place, message_id)
            if before is not None:
                return Duplicate(say(lines(HANDLED_ALREADY(), before),
                                     self.private(actor, None)))
        for check in self.core.admission:
            refused = check(place, actor, message, now)
            if refused is not None:
                return Refusal(say(refusal_text(refused), self.private(actor, None)))
        return None

    # ---- who reads it: the language of each reply (``store/languages.py``) -----------------

    def public(self, actor: Actor, live: LiveGame | None) -> Words:
        """The words of a post everyone in the game's place reads: the game's language."""
        return words_for(languages.for_game(self.core.store, live.record if live else None,
                                            actor.server, self.core.language))

    def reading(self, actor: Actor, live: LiveGame | None) -> Languages:
        """The languages a message at the table is read in: the game's, then English,
        whoever writes it (moves are the table's, not the author's); where no game is open,
        every language (the server's default first), so a game can be made in any."""
        language = languages.for_game(self.core.store, live.record if live else None,
                                      actor.server, self.core.language)
        if live is None or not live.is_open:
            return languages.every(language)
        return languages.reading(language)

    def reader(self, step: Step) -> Words:
        """The author's words for this command (looked up once per command)."""
        if step.reader is None:
            step.reader = self.private(step.actor, step.live)
        return step.reader

    def private(self, actor: Actor, live: LiveGame | None) -> Words:
        """The words of what the author alone asked for or is refused: their language."""
        return words_for(languages.for_member(self.core.store, actor.user_id,
                                              live.record if live else None, actor.server,
                                              self.core.language, actor.locale))

    # ---- load and decide: the game, the route and the handler --------------------------------

    def _load_and_decide(self, step: Step, message: str | Command,
                         attachments: Sequence[Attachment]) -> Outcome:
        """``load``, then ``decide``; a limit or a bug in a handler is a refusal that changes
        nothing."""
        try:
            step.live = self.load(step.summary)
            step.languages = self.reading(step.actor, step.live)
            cmd = read_message(message, step.languages) if isinstance(message, str) else message
            return self.decide(step, cmd, attachments)
        except LimitError as err:
            return refuse(limit_said(err))
        except Exception:  # a bug in one command must neither change nor take down anything
            log.exception("command %r in %s failed", message, step.place)
            return refuse(WENT_WRONG())

    def load(self, summary: GameSummary | None) -> LiveGame | None:
        """The place's game (None: there is none), from the live games or its records."""
        return self.core.cache.get(summary) if summary is not None else None

    def decide(self, step: Step, cmd: Command, attachments: Sequence[Attachment]) -> Outcome:
        """What the command costs, charged first (``Cost``), then its route (needs, handler);
        a change is then checked against the records cap and the daily budgets."""
        core, live, actor = self.core, step.live, step.actor
        cost = registry.cost_of(cmd)
        if cost is not None:
            over = core.budgets.refusal(cost, step.place, actor.user_id, actor.server,
                                        started=live is not None and live.game is not None)
            if over is not None:
                return refuse(over)
        ctx: Context[LiveGame | None] = Context(
            step.place, actor, step.now, step.message_id, live,
            is_moderator(actor, live.record if live else None, core.moderator_role),
            core.store, attachments, core.bind_imported_names,
            server_moderator=is_moderator(actor, None, core.moderator_role),
            words=self.reader(step), languages=step.languages,
            default_language=core.language,
            animation=partial(_animation, core, step.place, actor))
        outcome = route.run(ctx, cmd)
        if outcome.draft is not None and outcome.draft.new:
            over = core.budgets.change_refusal(step.place, actor, outcome.draft, ctx.moderator)
            if over is not None:
                return refuse(over)
        return outcome

    # ---- commit: records, outbox, positions --------------------------------------------------

    def commit(self, step: Step, outcome: Outcome, draft: Draft) -> Prepared:
        """Write the draft's records, its announcement and positions in one transaction, then
        make the draft the live game; the picture is left to ``Prepared.complete``."""
        core, live = self.core, step.live
        hours = self.hours(live, draft)
        mentions = _pings(step, outcome, draft, hours)
        after = draft.live
        shown = (live.game if live is not None and live.record.game_id == draft.record.game_id
                 else None)  # the position the previous picture showed, if of this game
        snapshot = outcome.picture if core.renderer is not None else None
        skipped = None if snapshot is None else core.budgets.picture_skipped(
            step.place, step.actor.user_id, step.actor.server)
        snapshot = None if skipped else snapshot
        told, ending = self._ending(step, draft)
        words = self.public(step.actor, after)
        said = say(outcome.text, words)
        text = say(lines(said, skipped, told), words)
        change = _change(step, outcome, draft, snapshot, said, hours)
        # a finished game's ratings, said in the post's language
        change.derive = ratings.on_change(live, after, step.place, words)
        if core.announce:
            change.announcement = Announcement(
                step.place, draft.record.game_id, draft.new[-1].seq, text, tuple(mentions),
                snapshot is not None, draft.new[0].seq if shown is not None else 0,
                _story_of(ending), language=words.language,
                reminds=after.record.clock.key if outcome.reminder else None)
        try:
            game_id = core.store.commit(change, step.now)
        except sqlite3.Error as err:
            log.exception("commit failed in %s", step.place)
            return Prepared(Refusal(say(NOT_SAVED(error=str(err)),
                                        self.private(step.actor, live))))
        draft.record.game_id = game_id
        core.cache.keep(game_id, after, step.now)
        for hook in core.after_commit:
            hook(step.place, after, step.actor.server, step.now)
        self.ledger.prune_now_and_then(step.now)
        reply = Update("\n".join(filter(None, (text, say(change.derived or "", words)))),
                       mentions=mentions,
                       files=outcome.files,
                       picture_name=picture_name(game_id, len(after.record.moves)),
                       announcement=change.announcement_id,
                       table=lookups.table_now(after, words.language))
        prepared = Prepared(reply, snapshot, core.renderer, core.picture_dir, shown, words=words)
        prepared.story = ending if core.stories else None
        if snapshot is not None:  # posted for everyone: the channel's layout
            prepared.layout = layouts.for_place(core.store, step.place)
            prepared.seat_notes = seat_notes(draft.record, snapshot, step.now, words, hours)
        return prepared

    def hours(self, live: LiveGame | None, draft: Draft) -> Hours:
        """The quiet hours of the game's players, by seat, before and after the change (one
        query: they hold turn pings back, and stop deadlines and time banks)."""
        records = [r for r in (live.record if live else None, draft.record) if r is not None]
        hours: dict[str, Quiet] = {}
        for record in records:
            hours.update(members.hours_of(self.core.store, record))
        return hours

    def _ending(self, step: Step, draft: Draft) -> tuple[Said, StoryJob | None]:
        """The statistics and the story to draw when this change has just ended the game."""
        after, live = draft.live, step.live
        if after.status != GameStatus.OVER or after.game is None or (
                live is not None and live.status == GameStatus.OVER):
            return "", None
        records = self.core.store.records(draft.record.game_id) + draft.new
        actor = step.actor
        return at_the_end(after.game, draft.record.game_id,
                          animation=self.core.budgets.animation_wait(
                              step.place, actor.user_id, actor.server) == 0,
                          page=page_notes(after, records, self.public(step.actor, after)))

    # ---- a refusal or a lookup: nothing to commit --------------------------------------------

    def unchanged(self, step: Step, outcome: Outcome) -> Prepared:
        """A refusal or a lookup: nothing to commit, only the message to note as read (and a
        live refusal's answer as owed until it is posted: ``answered``)."""
        words = words_for(outcome.language) if outcome.language else self.reader(step)
        text = say(outcome.text, words)
        if not outcome.ok and len(text) > MAX_MESSAGE_CHARS:  # a refusal is one message
            text = text[:MAX_MESSAGE_CHARS - 1] + "…"
        if step.message_id is not None:
            self.ledger.see(step.place, step.message_id,
                            text if step.owed and not outcome.ok else None, step.now)
        if not outcome.ok:
            return Prepared(Refusal(text, files=outcome.files, mentions=outcome.mentions or []),
                            words=words)
        if outcome.pondering is not None:  # thought out after the lock, on the workers
            return Prepared(Lookup(text, mentions=outcome.mentions or []), words=words,
                            pondering=outcome.pondering, thinking=self.core.thinker)
        if outcome.story is not None:
            reply = Lookup(text, files=outcome.files, mentions=outcome.mentions or [])
            if not self.core.stories and isinstance(outcome.story, ReviewJob):
                # a review's words need no drawing: made all the same, its chart left out
                reply.text += "\n" + words(NO_STORIES())
                return Prepared(reply, story=replace(outcome.story, chart=False), words=words)
            if not self.core.stories:
                reply.text += "\n" + words(NO_STORIES())
                return Prepared(reply, words=words)
            return Prepared(reply, story=outcome.story, words=words)
        return self._looked_up(step, outcome, text, words)

    def _looked_up(self, step: Step, outcome: Outcome, text: str, words: Words) -> Prepared:
        """A lookup's or a preview's reply, with the picture it asked for to be drawn."""
        core = self.core
        reply: Reply
        if outcome.preview is not None:
            reply = Previewed(text, files=outcome.files, moves=outcome.preview,
                              mentions=outcome.mentions or [])
            if step.live is not None:
                reply.table = lookups.table_now(step.live, words.language)  # for Play this
        else:
            reply = Lookup(text, files=outcome.files, mentions=outcome.mentions or [])
        if outcome.picture is None:
            return Prepared(reply, words=words)
        summary = step.summary
        reply.picture_name = outcome.picture_name or picture_name(
            summary.id if summary else 0, len(outcome.picture.history))
        return Prepared(reply, outcome.picture, core.renderer, core.picture_dir,
                        outcome.previous,
                        note=PREVIEW_NOTE() if outcome.preview is not None else "",
                        layout=outcome.layout or layouts.for_asker(
                            core.store, step.place, step.actor.user_id),
                        seat_notes=seat_notes(step.live.record, outcome.picture, step.now,
                                              words, members.hours_of(core.store,
                                                                      step.live.record))
                        if step.live else {}, words=words)


def _change(step: Step, outcome: Outcome, draft: Draft, snapshot: Game | None,
            said: str, hours: Hours) -> Change:
    """What the store writes for a change: records, the summary row, the picture index
    (``said``: the reply as written for the game's place)."""
    after, first, last = draft.live, draft.new[0], draft.new[-1]
    moment = None
    if outcome.position_changed and snapshot is not None:
        moment = PictureMoment(
            draft.record.game_id, last.seq, len(after.record.moves),
            snapshot.state.round, step.now, _caption(first, said))
    return Change(
        game_id=draft.record.game_id, place=step.place, records=draft.new,
        status=after.status, edition=after.record.edition,
        players=", ".join(s.name for s in after.record.seats),
        waiting=_waiting(after, step.summary, outcome.position_changed, last.seq, step.now),
        message_id=step.message_id, reply_text=said, picture=moment,
        positions=positions_reached(step.live, after),
        due_at=due_at(after.record, after.game, step.now, hours), deadline=after.record.deadline,
        runs_out=runs_out(after.record, after.game, step.now, hours), server=step.actor.server,
        writes=outcome.writes,
    )


def limit_said(err: LimitError) -> Said:
    """A limit's refusal: the engine's words for it, as a sentence."""
    return str(err).capitalize() + "."


def _story_of(ending: StoryJob | None) -> StoryFiles:
    """What the announcement that ends a game keeps of its story, to draw it again when late."""
    if ending is None:
        return StoryFiles.NONE
    return StoryFiles.CHART_AND_ANIMATION if ending.animation else StoryFiles.CHART


def _caption(first: Record, text: str) -> str:
    """What the index notes beside a picture: nothing for a player's own move, else the act."""
    if isinstance(move := first.payload, payloads.Moved) and not move.by_moderator:
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


def _pings(step: Step, outcome: Outcome, draft: Draft, hours: Hours) -> list[str]:
    """The change's time banks settled (a decision that ended draws on its seat's bank), then
    whom its post pings: the player whose turn began (held back in their quiet hours) or whom
    the command named, and whoever the scheduler or a policy named."""
    timebank.settle(step.live, draft, hours)
    mentions = (outcome.mentions if outcome.mentions is not None
                else _turn_mentions(step.live, draft.live, step.actor, step.now))
    mentions = _hold_quiet(draft, mentions, hours, step.now)
    return list(dict.fromkeys([*mentions, *draft.pings]))


def _hold_quiet(draft: Draft, mentions: list[str], hours: Hours, now: float) -> list[str]:
    """The turn's ping, held back when its player is in their quiet hours (marked on the
    decision, ``deadlines.HELD``: the scheduler gives it when they end)."""
    after = draft.live
    decision = after.game.to_act() if after.game is not None else None
    seat = after.record.seat(decision.player) if decision is not None else None
    if seat is None or seat.player not in mentions \
            or not hours.get(seat.name, NEVER).quiet_at(now):
        return mentions
    draft.add(payloads.Reminded((HELD,)), seat=seat.name, user=BOT_USER)
    return [user for user in mentions if user != seat.player]


def _waiting(after: LiveGame, summary: GameSummary | None, position_changed: bool,
             last_seq: int, now: float) -> Waiting | None:
    """Whom the game waits for; the clock for reminders restarts when the position changed."""
    waiting = waiting_for(after, now)
    if waiting is None:
        return None
    decision, user = waiting
    if (not position_changed and summary is not None and summary.waiting_key is not None
            and summary.waiting_since is not None):
        return Waiting(decision.player, user, decision.text, summary.waiting_since,
                       summary.waiting_key)
    return Waiting(decision.player, user, decision.text, now, last_seq)


def _animation(core: Core, place: str, actor: Actor, again: str) -> Said | None:
    """One of ``actor``'s animations taken for a handler (``Context.animation``), or the
    refusal when the place, the member or the server has had its animations for now."""
    return core.budgets.refusal(Cost((Budget.ANIMATION,), again), place, actor.user_id,
                                actor.server, started=True)
