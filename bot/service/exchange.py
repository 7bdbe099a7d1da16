"""Games as files, for the command line: a game's export by its id or its place
(``busbot export``), and a game created from a file's text or bytes (``busbot import``, the
console's ``import PATH``). The files themselves are ``verbs/export.py``'s and
``verbs/import_game.py``'s, which the ``export`` and ``import`` commands use too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.api import Actor, Attachment, Drawing, Refusal, Reply
from bot.service.command.context import Context
from bot.service.core import Core
from bot.service.store import languages
from bot.service.verbs.export import ExchangeError, export_text
from bot.service.verbs.import_game import first_seat
from bot.service.words.catalogue import say, words_for
from engine.limits import MAX_IMPORT_BYTES
from engine.text import Msg

UNKNOWN_FORMAT = Msg("exchange.unknown_format", "unknown format {fmt}; use txt, json or html")
NO_GAME = Msg("exchange.no_game", "no game {game} in {path}")

THE_FILE_NAMES_NO_PLAYERS = Msg("exchange.the_file_names_no_players", "The file names no "
                                "players, so it cannot be a game log; nothing was imported. "
                                "(`--as NAME` says who imports it.)")


class Handler(Protocol):
    """What runs a command (the pipeline): an import is the ``import`` command with the file."""

    def handle(self, place: str, actor: Actor, message: str, *,
               attachments: Sequence[Attachment] = ()) -> Drawing: ...


class Exchange:
    """Export and import for the command line (the chat commands go through the pipeline)."""

    def __init__(self, core: Core, pipeline: Handler) -> None:
        self.core = core
        self.pipeline = pipeline

    def export(self, game_id_or_place: int | str, fmt: str) -> str:
        """A game's export by id (or the newest game of a place); ``ExchangeError`` if none."""
        if fmt not in ("txt", "json", "html"):
            raise ExchangeError(UNKNOWN_FORMAT(fmt=repr(fmt)))
        core = self.core
        summary = None
        if isinstance(game_id_or_place, int) or str(game_id_or_place).isdigit():
            summary = core.store.game(int(game_id_or_place))
        if summary is None:
            summary = core.store.latest_game(str(game_id_or_place))
        if summary is None:
            raise ExchangeError(NO_GAME(game=repr(game_id_or_place), path=core.store.path))
        with core.lock:
            live = core.cache.get(summary)
            # the game's comments and page in the game's language, as its players read it
            words = words_for(languages.for_game(core.store, live.record, None, core.language))
            ctx = Context(summary.place, Actor("busbot", "busbot"), core.clock(), None, live,
                          True, core.store, words=words)
            return export_text(ctx, live, fmt)

    def import_data(self, place: str, actor: Actor | None, data: bytes) -> Reply:
        """A game created in ``place`` from a file's bytes, checked like an attachment (size,
        UTF-8). Without an ``actor`` the file's first seat imports it, and so moderates it."""
        if actor is None and len(data) <= MAX_IMPORT_BYTES:
            actor = first_seat(data.decode("utf-8-sig", errors="replace"))
        if actor is None:
            return Refusal(say(THE_FILE_NAMES_NO_PLAYERS()))
        return self.pipeline.handle(place, actor, "import",
                                    attachments=[Attachment("import", data)]).complete()
