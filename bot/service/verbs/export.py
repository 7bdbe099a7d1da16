"""``export html``: the game's page (``render.page``) as an attachment. Making it replays and
draws every position, so it is a costly job like ``story``: the service checks the picture and
animation budgets before the handler runs, and draws the page after it, outside the lock
(``StoryJob`` with ``page`` set), within what the message may carry."""

from __future__ import annotations

import importlib
from typing import Any

from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.drawing.page_job import page_name
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.story_job import StoryJob
from bot.service.game.live_game import LiveGame
from bot.service.verbs.import_game import ExchangeError

#: The export format that is the game's page.
HTML = "html"


def export_page(ctx: GameContext) -> Outcome:
    """The page of the game as it stands (finished or not), with its notes from the records."""
    live = ctx.live
    if live.game is None:
        return refuse("The game has not started, so it has no page yet.")
    game_id = live.record.game_id
    notes = page_notes(live, ctx.store.records(game_id))
    return Outcome(f"Game {game_id} as a page ({page_name(game_id)}): the table at every "
                   f"move, with the log and the score chart.",
                   story=StoryJob(live.game.copy(), game_id, False, False, page=notes))


def page_html(ctx: Context[Any], live: LiveGame) -> str:
    """The page's HTML at once (``busbot export ID --format html``, on the bot's machine);
    ``ExchangeError`` when the game has no page yet."""
    if live.game is None:
        raise ExchangeError("the game has not started, so it has no page yet")
    notes = page_notes(live, ctx.store.records(live.record.game_id))
    page = importlib.import_module("render.page").build_page(live.game, notes)
    html: str = page.html
    return html
