"""The last stage of a command: drawing the picture (and the story) of a committed position,
outside any lock, on the render pool when the service runs asynchronously.

The picture is drawn in the layout its readers chose (``store/layouts.py``), with each seat's
state in words on its row (``seat_notes``), and carries a short description for those who cannot
see it (``alttext.py``): Discord attaches it to the file, the console prints it."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.api import Reply
from bot.service.drawing.alttext import alt_text
from bot.service.drawing.renderer import Renderer
from bot.service.drawing.story_job import Drawing, Reporting
from bot.service.game.computer import Pondering, Thinking
from bot.service.game.deadlines import NO_HOURS, Hours
from bot.service.game.records import GameRecord
from bot.service.words.catalogue import Said, say
from bot.service.words.moments import written_out
from bot.service.words.names import level_name
from bot.service.words.waiting import seat_facts
from engine import Game
from engine.text import ENGLISH, Msg, Text, Words

log = logging.getLogger(__name__)

#: pictures of one move kept side by side at most (``name_2.png`` ...); past that the last is
#: written over
MAX_SAME_NAME = 999
BOT = Msg("seat.bot", "bot ({level})")
DROPPED = Msg("seat.dropped", "dropped")
CANNOT_DRAW = Msg("picture.cannot_draw", "(Pictures cannot be drawn here.)")
NOT_DRAWN = Msg("picture.not_drawn", "(The picture could not be drawn this time.)")
NOT_SAVED = Msg("picture.not_saved", "(The picture is missing: it could not be saved "
                "({error}). Everything above was saved.)")


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
    story: Drawing | None = None
    #: marked on the picture (a preview's says it was not played)
    note: Said = ""
    #: the layout to draw in (None: the server's, ``picture_layout``)
    layout: str | None = None
    #: a few words per player name about the seat (``seat_notes``), written on its row
    seat_notes: dict[str, str] = field(default_factory=dict)
    #: the language the reply is written in: what is added to it here is written in the same
    words: Words = ENGLISH
    #: a search the reply answers with (``hint``), and where it is done
    pondering: Pondering | None = None
    thinking: Thinking | None = None

    @property
    def long(self) -> bool:
        """Whether what is left is long (a search, a story: seconds to half a minute) and
        changes nothing, so an adapter may finish it after releasing the place's lock: a
        change is posted in its turn, however long its drawing."""
        return ((self.story is not None or self.pondering is not None) and not self.reply.changed
                and self.reply.announcement is None)

    def reporting(self, report: Callable[[str], None]) -> bool:
        """Have a long story say how far it is through ``report`` (``story_job.Reporting``);
        whether it will."""
        if isinstance(self.story, Reporting):
            self.story = self.story.reporting(report)
            return True
        return False

    def complete(self) -> Reply:
        """Think (a hint's search), draw the picture, then the story (outside any lock: the
        positions are copies that are never changed again)."""
        if self.pondering is not None:
            self.reply.text = say(self.pondering.now(self.thinking), self.words)
        return self.draw_story(self.draw_picture())

    def draw_story(self, reply: Reply) -> Reply:
        """The chart and the animation added to ``reply`` (the heavy part: the asynchronous
        face runs it on a worker of its own, ``AsyncGameService``)."""
        if self.story is not None:
            notes, files = self.story(len(reply.picture or b"")
                                      + sum(len(f.data) for f in reply.files), self.words)
            reply.text = "\n".join([reply.text, *(say(note, self.words) for note in notes)])
            reply.files.extend(files)
        return reply

    def skip_story(self, reply: Reply) -> Reply:
        """``reply`` without its chart and animation, saying so: too many are being drawn."""
        if self.story is not None:
            reply.text += "\n" + say(self.story.skipped, self.words)
        return reply

    def draw_picture(self) -> Reply:
        reply = self.reply
        if self.snapshot is None:
            return reply
        if self.renderer is None:
            if not reply.changed:
                reply.text += "\n" + self.words(CANNOT_DRAW())
            return reply
        try:
            reply.picture = self._render()
        except Exception:  # a drawing bug must not lose the reply of a stored move
            log.exception("drawing the table failed")
            reply.text += "\n" + self.words(NOT_DRAWN())
            return reply
        reply.picture_alt = alt_text(self.snapshot, previous=self.previous,
                                     seat_notes=self.seat_notes,
                                     note=say(self.note, self.words), words=self.words)
        if self.picture_dir is not None:
            try:
                reply.picture_name = _write_picture(self.picture_dir, reply.picture_name,
                                                    reply.picture)
            except OSError as err:  # the move is saved; only the file is missing
                log.exception("saving the picture failed")
                reply.text += "\n" + self.words(NOT_SAVED(error=str(err.strerror or err)))
                reply.picture = None
        return reply


    def _render(self) -> bytes:
        """The picture's PNG; the layout and seat notes are passed only when there are any,
        so a stand-in renderer that knows neither keeps working."""
        assert self.renderer is not None and self.snapshot is not None
        extra: dict[str, object] = {}
        if self.layout is not None:
            extra["layout"] = self.layout
        if self.seat_notes:
            extra["seat_notes"] = self.seat_notes
        if self.words.language != "en":  # English is the renderer's own
            extra["words"] = self.words
        return self.renderer(self.snapshot, previous=self.previous,
                             note=say(self.note, self.words),
                             **extra)  # type: ignore[arg-type]


def seat_notes(record: GameRecord, game: Game | None, now: float, words: Words = ENGLISH,
               hours: Hours = NO_HOURS) -> dict[str, str]:
    """A few words per seat whose state a player should see on the picture, by player name:
    "bot (normal)" (the computer plays it), "dropped" (the service plays it), then what
    ``words/waiting.seat_facts`` says ("due in 10 hours" on the seat to act, "away until Dec 2,
    14:00 UTC", "bank 2 d 4 h", "has a plan"). ``game`` is the position drawn: the wait is said
    only on the game's latest position (never on ``map N`` of an earlier one, or of a finished
    game); ``now`` is for states that run out, and what a moment is said against (a picture
    is read in every zone: moments are said from now, or in UTC); ``hours``: the quiet hours
    of the seats' players."""
    notes: dict[str, list[Text]] = {name: [BOT(level=level_name(level))]
                                    for name, level in record.bots.items()}
    for seat in record.seats:
        if seat.dropped:
            notes[seat.name] = [DROPPED()]
    if game is not None and len(game.history) != len(record.moves):
        game = None  # an earlier position (``map N``): its decision was made, nobody waits
    for name, facts in seat_facts(record, game, now, hours).items():
        notes.setdefault(name, []).extend(facts)
    return {name: written_out(", ".join(words(note) for note in said), now, words.language,
                              brief=True)
            for name, said in notes.items()}


def _write_picture(folder: str, name: str, data: bytes) -> str:
    """Write the picture under a name no picture has yet, whole or not at all, and return that
    name: the folder is a history of what was shown, so a second picture of the same move
    (``map`` after ``layout phone``, the next move after an undo) is ``..._2.png`` beside the
    first, never over it. The name is taken by creating the file exclusively (two pictures
    written at once never share one), then the data goes to a temporary file renamed over it,
    removed again when anything fails."""
    os.makedirs(folder, exist_ok=True)
    stem, ext = os.path.splitext(name)
    taken, reserved = name, False
    for n in range(2, MAX_SAME_NAME + 1):
        try:
            with open(os.path.join(folder, taken), "xb"):
                reserved = True
                break
        except FileExistsError:
            taken = f"{stem}_{n}{ext}"
    path = os.path.join(folder, taken)  # (after MAX_SAME_NAME pictures, the last is replaced)
    tmp = f"{path}.{threading.get_ident()}.tmp"
    written = False
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
        written = True
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
        if reserved and not written:  # no empty file is left under the name
            with contextlib.suppress(OSError):
                os.remove(path)
    return taken
