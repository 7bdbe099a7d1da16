"""The game's page as an attachment: drawn after the commit, outside any lock, like the chart
and the animation (``StoryJob`` calls it), and only when it fits in what the message has left
of Discord's attachment limit; else the reply says so and names the command that makes it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.api import Attachment
from engine import Game

if TYPE_CHECKING:
    from render.page_notes import PageNotes

log = logging.getLogger(__name__)


def page_name(game_id: int) -> str:
    return f"bus-game{game_id}.html"


def too_large(game_id: int, size: int, room: int) -> str:
    return (f"(The game's page is {size / 1_000_000:.1f} MB, more than the "
            f"{max(0, room) / 1_000_000:.1f} MB this message can still carry; "
            f"`busbot export {game_id} --format html` writes it on the bot's machine.)")


def draw_page(game: Game, game_id: int, notes: PageNotes,
              room: int) -> tuple[list[str], list[Attachment]]:
    """The page as a file when it fits in ``room`` bytes; a note saying why not otherwise."""
    try:
        from render.page import build_page  # the renderer is imported only when drawing

        page = build_page(game, notes)
    except ImportError:
        return ["(The game's page cannot be made here.)"], []
    except Exception:  # a drawing bug must not lose the message it rides on
        log.exception("making the game's page failed")
        return ["(The game's page could not be made this time.)"], []
    data = page.html.encode("utf-8")
    if len(data) > room:
        return [too_large(game_id, len(data), room)], []
    name = page_name(game_id)
    return ([f"The game's page, {name} ({len(data) / 1_000_000:.1f} MB): every position of "
             f"the table with the log and the chart; open it in any browser, offline."],
            [Attachment(name, data)])
