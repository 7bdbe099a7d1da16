"""The commands that only read: ``status``, ``moves``, ``log``, ``map``, ``export``,
``rules``, and ``import`` (which needs no game), plus the answer to a mistyped command."""

from __future__ import annotations

from typing import Any

from bot.api import Attachment
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.words import Choices, Export, Import, Malformed, Map, Rules, Status
from bot.service.drawing.renderer import picture_name
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus
from bot.service.verbs import export as page_export
from bot.service.verbs import import_game as exchange
from bot.service.words import replies


def status_report(ctx: GameContext, cmd: Status) -> Outcome:
    return Outcome(replies.status_text(ctx.live, ctx.live.record.game_id, ctx.now),
                   picture=None)


def choices(ctx: GameContext, cmd: Choices) -> Outcome:
    return Outcome(replies.choices_text(ctx.live, everything=cmd.everything))


def table_map(ctx: GameContext, cmd: Map) -> Outcome:
    live = ctx.live
    game_id, moves = live.record.game_id, live.record.moves
    if live.game is None:
        return refuse("The game has not started, so there is no table to show yet.")
    if cmd.number is None:
        return Outcome(f"The table after move {len(moves)}.\n{replies.next_line(live)}",
                       picture=live.game, picture_name=picture_name(game_id, len(moves)),
                       layout=cmd.layout)
    n = cmd.number
    if not 0 <= n <= len(moves):
        return refuse(f"There is no move {n}: the log has "
                      f"{replies.count_of(len(moves), 'move')}.")
    past = live.game.position_at(n)
    last = moves[n - 1] if n else None
    caption = f" ({last.seat}: {last.text})" if last else " (the start)"
    return Outcome(f"The table after move {n}{caption}.", picture=past,
                   picture_name=picture_name(game_id, n), layout=cmd.layout)


def export(ctx: GameContext, cmd: Export) -> Outcome:
    live = ctx.live
    game_id = live.record.game_id
    if cmd.fmt == page_export.HTML:
        return page_export.export_page(ctx)
    try:
        text = export_text(ctx, live, cmd.fmt)
    except exchange.ExchangeError as err:
        return refuse(f"Cannot export: {err}.")
    name = f"bus-game{game_id}.{cmd.fmt}"
    return Outcome(f"Game {game_id} as {'a text log' if cmd.fmt == 'txt' else 'JSON'}: "
                   f"{name} (`import` it with the file attached to continue it anywhere).",
                   files=[Attachment(name, text.encode("utf-8"))])


def export_text(ctx: Context[Any], live: LiveGame, fmt: str) -> str:
    if fmt == page_export.HTML:
        return page_export.page_html(ctx, live)
    if fmt == "json":
        return exchange.export_json(live, live.record.game_id,
                                    ctx.store.records(live.record.game_id))
    return exchange.export_txt(live, live.record.game_id)



def import_game(ctx: Context[LiveGame | None], cmd: Import) -> Outcome:
    if not ctx.attachments:
        return refuse("Attach the exported game (a .txt log or a .json export) to the "
                      "`import` message.")
    return exchange.import_outcome(ctx, ctx.attachments[0].data)


def rules(ctx: Context[LiveGame | None], cmd: Rules) -> Outcome:
    live = ctx.live
    return Outcome(replies.rules_text(live.record if live and live.status != GameStatus.ABANDONED
                                      else None))


def malformed(ctx: Context[LiveGame | None], cmd: Malformed) -> Outcome:
    return refuse(f"That command is written {cmd.usage}.")


