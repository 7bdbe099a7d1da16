"""The last stage of a command: drawing the picture (and the story) of a committed position,
outside any lock, on the render pool when the service runs asynchronously."""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass

from bot.api import Reply
from bot.service.pictures import Renderer
from bot.service.storyjob import StoryJob
from engine import Game

log = logging.getLogger(__name__)


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
    story: StoryJob | None = None
    #: marked on the picture (a preview's says it was not played)
    note: str = ""

    def complete(self) -> Reply:
        """Draw the picture, then the story (outside any lock: the positions are copies that
        are never changed again)."""
        return self.draw_story(self.draw_picture())

    def draw_story(self, reply: Reply) -> Reply:
        """The chart and the animation added to ``reply`` (the heavy part: the asynchronous
        face runs it on a worker of its own, ``AsyncGameService``)."""
        if self.story is not None:
            notes, files = self.story(len(reply.picture or b"")
                                      + sum(len(f.data) for f in reply.files))
            reply.text = "\n".join([reply.text, *notes])
            reply.files.extend(files)
        return reply

    def skip_story(self, reply: Reply) -> Reply:
        """``reply`` without its chart and animation, saying so: too many are being drawn."""
        if self.story is not None:
            reply.text += ("\n(The chart, the animation and the page are not drawn this time: "
                           "several are being drawn already; `story` or `export html` draws "
                           "them later.)")
        return reply

    def draw_picture(self) -> Reply:
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


