"""``export txt``, ``export json`` and ``export html``: the game as a file to keep, or to
``import`` elsewhere (``import_game.py`` reads these files back).

``txt`` is the engine's text log; ``json`` every record with the moves' history (``FORMAT``,
``VERSION``); ``html`` the game's page (``render.page``): making it replays and draws every
position, so it is a costly job like ``story``: it draws on the picture and animation budgets
before the handler runs, and the page is drawn after it, outside the lock (``StoryJob`` with
``page`` set), within what the message may carry. ``busbot export`` writes the same files.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from ai.review import REVIEW_PLAYOUTS, Review
from bot.api import Attachment, Command
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.drawing.page_job import page_name
from bot.service.drawing.page_notes import page_notes
from bot.service.drawing.story_job import StoryJob
from bot.service.game import payloads
from bot.service.game.live_game import LiveGame, table_log
from bot.service.game.records import GameRecord, Record
from bot.service.store import reviews
from bot.service.words.catalogue import Said, say
from bot.service.words.replies import STATUS_WORDS, when
from engine.text import ENGLISH, Msg
from engine.text import Words as Language

AS_TEXT_LOG = Msg("export.as_text_log", "Game {game} as a text log: {name} (`import` it with the "
                  "file attached to continue it anywhere).")
AS_JSON = Msg("export.as_json", "Game {game} as JSON: {name} (`import` it with the file attached "
              "to continue it anywhere).")
#: ``export html``'s line, above the page's own note (``drawing/page_job.py``), which says what
#: the page holds: said once
AS_PAGE = Msg("export.as_page", "Game {game} as a page ({name}), after move {moves}:")

THE_GAME_HAS_NOT_STARTED_2 = Msg("export.the_game_has_not_started_2", "the game has not started, "
                                 "so it has no page yet")
THE_GAME_HAS_NOT_STARTED_3 = Msg("export.the_game_has_not_started_3", "the game has not started, "
                                 "so it has no log yet")

#: the text log's comments (``#`` lines), in the reader's language
HEAD = Msg("export.head", "busbot game {game} in {place} ({status}), exported {at}")
TOOK_OVER = Msg("export.took_over", "{new} took over the seat of {old} after move {n}; the moves "
                "before were {old}'s")
IN_ENGLISH = Msg("export.in_english", "The moves are written in busbot's English notation, so "
                 "that any reader of the log format can replay them.")
CANNOT_EXPORT = Msg("export.cannot_export", "Cannot export: {err}.")
THE_GAME_HAS_NOT_STARTED = Msg("export.the_game_has_not_started", "The game has not started, so "
                               "it has no page yet.")
USAGE = Msg("export.usage", "`export txt`, `export json` or `export html`")
HELP = Msg("export.help", "`export txt|json|html` (html: the game's page)")

#: The export format that is the game's page.
HTML = "html"

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("export.slash", "The game as a file, to keep or to import elsewhere")


@dataclass(frozen=True, slots=True)
class Export(Command):
    fmt: str


def _export(w: Words) -> Command | None:
    fmt = w.word(1) or "txt"
    if fmt not in ("txt", "text", "json", "html", "page") or not only(w, 2 if w.word(1) else 1):
        return None
    return Export({"text": "txt", "page": "html"}.get(fmt, fmt))


def _cost(cmd: Export) -> Cost | None:
    """The page replays and draws every position: a picture and an animation."""
    return Cost((Budget.PICTURE, Budget.ANIMATION), "export html") if cmd.fmt == HTML else None


class ExchangeError(Exception):
    """A game that cannot be exported, or a file that cannot be imported; ``said`` says why
    (its English is the exception's message, for the command line's operators)."""

    def __init__(self, said: Said) -> None:
        super().__init__(say(said))
        self.said = said


def export(ctx: GameContext, cmd: Export) -> Outcome:
    live = ctx.live
    game_id = live.record.game_id
    if cmd.fmt == HTML:
        return export_page(ctx)
    try:
        text = export_text(ctx, live, cmd.fmt)
    except ExchangeError as err:
        return refuse(CANNOT_EXPORT(err=err.said))
    name = f"bus-game{game_id}.{cmd.fmt}"
    return Outcome((AS_TEXT_LOG if cmd.fmt == "txt" else AS_JSON)(game=game_id, name=name),
                   files=[Attachment(name, text.encode("utf-8"))])


def export_text(ctx: Context[Any], live: LiveGame, fmt: str) -> str:
    if fmt == HTML:
        return page_html(ctx, live)
    if fmt == "json":
        return export_json(live, live.record.game_id,
                                    ctx.store.records(live.record.game_id))
    return export_txt(live, live.record.game_id, ctx.words)


def export_page(ctx: GameContext) -> Outcome:
    """The page of the game as it stands (finished or not), with its notes from the records."""
    live = ctx.live
    if live.game is None:
        return refuse(THE_GAME_HAS_NOT_STARTED())
    game_id = live.record.game_id
    notes = page_notes(live, ctx.store.records(game_id), ctx.words)
    # the page's own note says what it holds (it rides on the final post too): this line only
    # heads it, so the reply never says the same twice
    return Outcome(AS_PAGE(game=game_id, name=page_name(game_id), moves=len(live.record.moves)),
                   story=StoryJob(live.game.copy(), game_id, False, False, page=notes,
                                  review=_kept_review(ctx, live)))


def page_html(ctx: Context[Any], live: LiveGame) -> str:
    """The page's HTML at once (``busbot export ID --format html``, on the bot's machine);
    ``ExchangeError`` when the game has no page yet."""
    if live.game is None:
        raise ExchangeError(THE_GAME_HAS_NOT_STARTED_2())
    notes = page_notes(live, ctx.store.records(live.record.game_id), ctx.words)
    from render.page import build_page  # the renderer is loaded only when drawing

    page = build_page(live.game, notes, ctx.words, _kept_review(ctx, live))
    html: str = page.html
    return html


def _kept_review(ctx: Context[Any], live: LiveGame) -> Review | None:
    """The game's review if ``review`` made one of its moves as they stand (the page then
    carries its strip and turning points)."""
    if live.game is None:
        return None
    return reviews.kept(ctx.store, live.record.game_id, len(live.game.history),
                        REVIEW_PLAYOUTS)


# ---- the files ----------------------------------------------------------------------------------

FORMAT = "busbot-game"
VERSION = 1


# ---- export ------------------------------------------------------------------------------------


def export_txt(live: LiveGame, game_id: int, words: Language = ENGLISH) -> str:
    """The text log (``engine/log.py`` says its format): seats, rule options on ``option:``
    lines, the table's settings on ``setting:`` lines, the moves in force. Its comments are in
    the reader's language (``words``), its moves in the canonical English notation whatever
    the language, so that any reader of the log format (``busbot replay``, ``import``, another
    busbot) replays them."""
    log = table_log(live)
    if log is None:
        raise ExchangeError(THE_GAME_HAS_NOT_STARTED_3())
    said: list[Said] = [HEAD(game=game_id, place=live.record.place,
                             status=STATUS_WORDS[live.status](), at=when(time.time()))]
    if words.language != ENGLISH.language:
        said.append(IN_ENGLISH())
    said.extend(TOOK_OVER(new=new, old=old, n=n) for n, old, new in live.record.renames)
    return "".join(f"# {say(line, words)}\n" for line in said) + log.format()


def export_json(live: LiveGame, game_id: int, records: list[Record]) -> str:
    record = live.record
    payload: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": {
            "id": game_id,
            "place": record.place,
            "status": live.status,
            "edition": record.edition,
            "options": dict(record.options),
            "creator": {"user_id": record.creator_id, "user_name": record.creator_name},
            "seats": [
                {"name": s.name, "user_id": s.user_id, "user_name": s.user_name,
                 "colour": s.colour, "dropped": s.dropped}
                for s in record.seats
            ],
            "seed": record.seed,
            "order_by": record.order_by,
            "created_at": record.created_at,
            "winner": live.game.winner if live.game is not None else None,
        },
        "moves": _move_history(record, records),
        "records": [r.to_json() for r in records],
        "log": log.format() if (log := table_log(live)) is not None else None,
    }
    return json.dumps(payload, indent=1, ensure_ascii=False) + "\n"


def _move_history(record: GameRecord, records: list[Record]) -> list[dict[str, Any]]:
    """Every move ever recorded, with whether it is still in force and what ended it."""
    ended: dict[int, dict[str, Any]] = {}
    for r in records:
        by = {"seq": r.seq, "user_id": r.user_id, "user_name": r.user_name}
        match r.payload:
            case payloads.Undone(targets=targets):
                ended.update((t, {"how": "undone", **by}) for t in targets)
            case payloads.Corrected(target=target, withdrawn=withdrawn):
                ended[target] = {"how": "corrected", **by}
                ended.update((t, {"how": "withdrawn by a correction", **by}) for t in withdrawn)
            case payloads.Redone(target=target, withdrawn=withdrawn, restored=restored,
                               reverted=reverted):
                for t in restored:
                    ended.pop(t, None)
                ended.update((t, {"how": "withdrawn by a redo", **by}) for t in withdrawn)
                if reverted is not None:
                    ended.pop(reverted, None)
                    ended[target] = {"how": "reverted by a redo", **by}
    out = []
    for r in records:
        if isinstance(r.payload, payloads.Moved | payloads.Corrected):
            out.append({
                "seq": r.seq, "number": record.move_number(r.seq), "seat": r.seat,
                "text": r.text, "auto": r.auto, "user_id": r.user_id, "user_name": r.user_name,
                "message_id": r.message_id, "at": r.at, "in_force": r.seq not in ended,
                "ended_by": ended.get(r.seq),
            })
    return out


ENTRY = Entry(
    "export", ("export",), USAGE(), _export,
    {Export: Route(export, cost=_cost)}, strict=True,
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`export txt\\|json\\|html`"),),
    slash=Slash("export", SLASH(), private=True),
    rank=8,
)
