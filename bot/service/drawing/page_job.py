"""The game's page as an attachment: drawn after the commit, outside any lock, like the chart
and the animation (``StoryJob`` calls it), and only when it fits in what the message has left
of Discord's attachment limit; else the reply says so and names the command that makes it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.api import Attachment
from bot.service.words.catalogue import Said
from engine import Game
from engine.text import ENGLISH, Msg, Text, Words

CANNOT_MAKE = Msg("page.cannot_make", "(The game's page cannot be made here.)")
MAKING_FAILED = Msg("page.making_failed", "(The game's page could not be made this time.)")
TOO_LARGE = Msg("page.too_large", "(The game's page is {size:.1f} MB, more than the {room:.1f} MB "
                "this message can still carry; `busbot export {game} --format html` writes it on "
                "the bot's machine.)")
ATTACHED = Msg("page.attached", "The game's page, {name} ({size:.1f} MB): every position of the "
               "table with the log and the chart; open it in any browser, offline.")

if TYPE_CHECKING:
    from ai.review import Review
    from render.page_notes import PageNotes

log = logging.getLogger(__name__)


def page_name(game_id: int) -> str:
    return f"bus-game{game_id}.html"


def too_large(game_id: int, size: int, room: int) -> Text:
    return TOO_LARGE(size=size / 1_000_000, room=max(0, room) / 1_000_000, game=game_id)


def draw_page(game: Game, game_id: int, notes: PageNotes, room: int,
              words: Words = ENGLISH, review: Review | None = None
              ) -> tuple[list[Said], list[Attachment]]:
    """The page as a file when it fits in ``room`` bytes; a note saying why not otherwise.
    With the game's ``review`` (kept by ``review``) it carries the review's strip and marks."""
    try:
        from render.page import build_page  # the renderer is imported only when drawing

        page = build_page(game, notes, words, review)
    except ImportError:
        return [CANNOT_MAKE()], []
    except Exception:  # a drawing bug must not lose the message it rides on
        log.exception("making the game's page failed")
        return [MAKING_FAILED()], []
    data = page.html.encode("utf-8")
    if len(data) > room:
        return [too_large(game_id, len(data), room)], []
    name = page_name(game_id)
    return [ATTACHED(name=name, size=len(data) / 1_000_000)], [Attachment(name, data)]
