"""What a command handler is given, and what it gives back to the service.

Handlers are plain functions ``(Context, command) -> Outcome``: they read the game, change only
their ``Draft``, and never write to the database, so the service alone decides what is committed
and when the picture is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import sqlite_utils

from bot.api import Actor, Attachment
from bot.service.drawing.story_job import Drawing
from bot.service.game.computer import Pondering
from bot.service.game.live_game import Draft, LiveGame
from bot.service.game.records import Seat
from bot.service.store.store import Store
from bot.service.words.catalogue import Said, joined, lines, say
from engine import Game
from engine.notation import ENGLISH_ONLY, Languages
from engine.text import ENGLISH, Msg, Words

L = TypeVar("L", LiveGame, LiveGame | None)


class CommandTable(Protocol):
    """The registry as a handler sees it: ``help`` lists every command, ``confirm`` runs a
    command again. Handed in with the context (a command's module cannot import the registry,
    which imports it)."""

    def help_text(self, moderator: bool, language: str = "en") -> Said:
        """``help``: a paragraph per part of the game, each the pieces of its commands (and,
        for a reader of ``language``, the commands' names in it)."""
        ...

    def again(self, ctx: GameContext, text: str) -> Outcome | None:
        """``text`` read as a command and run with every need checked but the question a big
        change asks (``confirm``); None when it is no command about the game any more."""
        ...


@dataclass(slots=True)
class Context(Generic[L]):
    """What a handler is given. ``GameContext`` (a ``Context[LiveGame]``) is what every command
    about the place's game gets: its game is always there, because the command table checked
    that, and that the command's other needs are met, before the handler was called. ``seat``
    is the author's own seat for the commands that need one."""

    place: str
    actor: Actor
    now: float
    message_id: str | None
    live: L
    moderator: bool
    store: Store
    attachments: Sequence[Attachment] = ()
    bind_imported_names: bool = False
    #: the registry (``help``, ``confirm``); the router hands it in
    commands: CommandTable | None = None
    seat: Seat | None = None
    #: a moderator of the server itself (its managers, the moderator role), whatever the game:
    #: what server-wide settings need (a season of the ratings), unlike a game's creator
    server_moderator: bool = False
    #: the language of the asker's reply: what a handler writes itself (a file it attaches,
    #: a page) is written in it; its ``Outcome.text`` is written by the pipeline
    words: Words = ENGLISH
    #: the languages moves are read in at this table: the game's, then English
    #: (``engine.words.reading_languages``)
    languages: Languages = ENGLISH_ONLY
    #: the configured language of tables whose game and server chose none (config.toml)
    default_language: str = "en"
    #: takes one of the asker's animations, a cost the handler learns only once it has looked
    #: (``review``: a review already kept is free, a new one costs an animation); given the
    #: command to try again, it answers None when taken, else the refusal. None here: nothing
    #: is counted (tests, tools)
    animation: Callable[[str], Said | None] | None = None

    def with_game(self, live: LiveGame) -> GameContext:
        return Context(self.place, self.actor, self.now, self.message_id, live,
                       self.moderator, self.store, self.attachments, self.bind_imported_names,
                       self.commands, server_moderator=self.server_moderator,
                       words=self.words, languages=self.languages,
                       default_language=self.default_language, animation=self.animation)

    def draft(self: GameContext) -> Draft:
        return Draft.of(self.live, self.actor, self.now, self.message_id)


GameContext = Context[LiveGame]


@dataclass(slots=True)
class Outcome:
    """A handler's answer. ``draft`` holds the records to commit (none: nothing changes).

    ``picture`` is the position to draw. ``position_changed`` says the records changed the
    position or who must answer it: the wait for the next decision starts again, and a picture
    of it shows a change (it goes into the game's index). ``mentions`` of None lets the service
    work out whose turn just began. Whether anything changed at all is whether ``draft`` has
    new records; the adapters see that as ``Reply.changed``. ``previous`` is
    the position to highlight changes against (a preview's table as it stands); ``preview`` the
    moves a preview tried, which a Play button would send.
    """

    #: what it says, in no language yet: the pipeline writes it for its reader
    #: (``store/languages.py``: the game's language for a change, the author's for the rest)
    text: Said
    ok: bool = True
    draft: Draft | None = None
    picture: Game | None = None
    picture_name: str | None = None
    mentions: list[str] | None = None
    files: list[Attachment] = field(default_factory=list)
    position_changed: bool = False
    previous: Game | None = None
    preview: str | None = None
    #: pictures to draw after the command: a game's chart and animation (``verbs/story.py``),
    #: the ratings' leaderboard or chart (``ratings/pictures.py``)
    story: Drawing | None = None
    #: the layout the picture was asked in (``map phone``); None: the asker's, the channel's
    layout: str | None = None
    #: the language a lookup's answer is written in when the handler has just changed its
    #: reader's (``my language de`` is answered in German); None: the reader's, as ever
    language: str | None = None
    #: a search to answer with, done after the lock (``hint``): the reply's text is its answer
    pondering: Pondering | None = None
    #: a reminder of the decision the game waits for (the scheduler's, a ``nudge``): its post
    #: replaces the decision's earlier reminder (``Announcement.reminds``)
    reminder: bool = False
    #: side rows the change writes in the very transaction of its records (``Change.writes``:
    #: the days ``away`` draws on the member's allowance), so a change not saved writes none
    writes: list[Callable[[sqlite_utils.Database], None]] = field(default_factory=list)


#: What every refusal ends with (unless its reason already says what was not done).
NOTHING_CHANGED = Msg("refusal.nothing_changed", "Nothing was changed.")
#: ... as said (the default of every refusal)
UNCHANGED = NOTHING_CHANGED()


def refusal_text(reason: Said, unchanged: Said = UNCHANGED) -> Said:
    """The reason, then that nothing was changed, said once (a reason that already says what
    was not done, like the move reader's "so nothing was played", is left as it is: its
    English template says so, whatever the language it is written in)."""
    if "nothing was" in say(reason).lower():
        return reason
    if isinstance(reason, str):
        reason = reason.rstrip()
    return joined(reason, unchanged)


def refuse(reason: Said, *, then: Said = "", unchanged: Said = UNCHANGED) -> Outcome:
    """A refusal: the reason, that nothing was changed (``unchanged``, said once, here only),
    then anything that helps (``then``: the legal moves instead, on lines of their own)."""
    return Outcome(lines(refusal_text(reason, unchanged), then), ok=False)


#: A need: None when it is met, else the refusal. Checked in order before the handler runs
#: (``command/needs.py`` has the common ones; a route lists its own, ``forms.Route.needs``).
Check = Callable[[GameContext, Any], Outcome | None]
