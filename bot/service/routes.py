"""Who may do what: every command, its handler, and what it needs, in one table.

A command either needs no game (``OPEN``: creating or importing one, help, rules) or is about
the place's game (``ROUTES``). For the latter the table lists its needs (a moderator, the game
in given statuses, a game that takes moves, the author's own seat), checked here in order
before the handler runs; so a handler is given a ``GameContext`` whose game is always there,
and reads like the rule it carries out rather than a list of guards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.api import Actor, Attachment
from bot.service import exchange, lobby, moderation, play, preview, replies, story, undo
from bot.service.commands import (
    Abandon,
    Accept,
    ActAs,
    Choices,
    Colour,
    Command,
    Correct,
    Drop,
    Export,
    Help,
    Import,
    Index,
    Join,
    Leave,
    Log,
    Malformed,
    Map,
    NewGame,
    Nudge,
    Pause,
    Play,
    Preview,
    Redo,
    ReplacePlayer,
    Resume,
    Rules,
    Start,
    Status,
    Story,
    Undo,
    UndoLast,
    UndoTo,
)
from bot.service.live_game import LiveGame
from bot.service.outcome import Context, GameContext, Outcome, refuse
from bot.service.pictures import picture_name
from bot.service.records import GameRecord, same_user
from bot.service.replies import moderator_refusal

Check = Callable[[GameContext, Any], Outcome | None]


# ---- who moderates -------------------------------------------------------------------------------


def is_moderator(actor: Actor, game: GameRecord | None, moderator_role: str | None) -> bool:
    """The game's creator, a member with the configured role, or a server manager.

    Without a game (creating or importing one) only the role and manager rights count.
    """
    if actor.is_manager:
        return True
    if moderator_role and moderator_role.casefold() in {r.casefold() for r in actor.roles}:
        return True
    return game is not None and bool(game.creator_id) and same_user(actor.user_id,
                                                                    game.creator_id)


# ---- needs --------------------------------------------------------------------------------------


def moderator(doing: str) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        return None if ctx.moderator else refuse(moderator_refusal(doing))
    return check


def status(doing: str, *statuses: str) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        if ctx.live.status in statuses:
            return None
        return refuse(f"You cannot {doing} now: the game is {ctx.live.status}. Nothing was "
                      f"changed.")
    return check


def lobby_only(doing: str) -> Check:
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        if ctx.live.status == "lobby":
            return None
        return refuse(f"You cannot {doing} now: the game is {ctx.live.status}. A moderator can "
                      f"`replace NAME with @user` or `drop NAME` instead.")
    return check


def playable(ctx: GameContext, cmd: object = None) -> Outcome | None:
    """Why no move can be made in this game now, or None when one can."""
    live = ctx.live
    if live.status == "lobby":
        return refuse("The game has not started yet: `join`, then a moderator types `start`.")
    if live.status == "paused":
        return refuse(f"The game is paused (by {live.record.paused_by}); moves wait until a "
                      f"moderator types `resume`. Nothing was changed.")
    if live.status == "abandoned":
        return refuse("This game was abandoned; `new game` starts another.")
    if live.status == "over":
        assert live.game is not None
        return refuse(replies.final_scores(live.game))
    return None


def playable_or_over(ctx: GameContext, cmd: object) -> Outcome | None:
    """As ``playable``, but a finished game's last move can still be taken back."""
    return None if ctx.live.status == "over" else playable(ctx)


def readable(ctx: GameContext, cmd: Play | Preview) -> Outcome | None:
    return refuse(cmd.unreadable) if cmd.unreadable else None


def seated(doing: str) -> Check:
    """The author plays a seat of this game (not only offered one, not dropped); the handler
    finds it as ``ctx.seat``."""
    def check(ctx: GameContext, cmd: object) -> Outcome | None:
        seat = play.players_seat(ctx, doing)
        if isinstance(seat, Outcome):
            return seat
        ctx.seat = seat
        return None
    return check


# ---- the lookups --------------------------------------------------------------------------------


def status_report(ctx: GameContext, cmd: Status) -> Outcome:
    return Outcome(replies.status_text(ctx.live, ctx.live.record.game_id), picture=None)


def choices(ctx: GameContext, cmd: Choices) -> Outcome:
    return Outcome(replies.choices_text(ctx.live, everything=cmd.everything))


def log(ctx: GameContext, cmd: Log) -> Outcome:
    live = ctx.live
    return Outcome(replies.log_text(live, ctx.store.records(live.record.game_id),
                                  everything=cmd.everything))


def index(ctx: GameContext, cmd: Index) -> Outcome:
    game_id = ctx.live.record.game_id
    return Outcome(replies.index_text(ctx.live, game_id, ctx.store.pictures(game_id)))


def table_map(ctx: GameContext, cmd: Map) -> Outcome:
    live = ctx.live
    game_id, moves = live.record.game_id, live.record.moves
    if live.game is None:
        return refuse("The game has not started, so there is no table to show yet.")
    if cmd.number is None:
        return Outcome(f"The table after move {len(moves)}.\n{replies.next_line(live)}",
                       picture=live.game, picture_name=picture_name(game_id, len(moves)))
    n = cmd.number
    if not 0 <= n <= len(moves):
        return refuse(f"There is no move {n}: the log has "
                      f"{replies.count_of(len(moves), 'move')}.")
    past = live.game.position_at(n)
    last = moves[n - 1] if n else None
    caption = f" ({last.seat}: {last.text})" if last else " (the start)"
    return Outcome(f"The table after move {n}{caption}.", picture=past,
                   picture_name=picture_name(game_id, n))


def export(ctx: GameContext, cmd: Export) -> Outcome:
    live = ctx.live
    game_id = live.record.game_id
    try:
        text = export_text(ctx, live, cmd.fmt)
    except exchange.ExchangeError as err:
        return refuse(f"Cannot export: {err}.")
    name = f"bus-game{game_id}.{cmd.fmt}"
    return Outcome(f"Game {game_id} as {'a text log' if cmd.fmt == 'txt' else 'JSON'}: "
                   f"{name} (`import` it with the file attached to continue it anywhere).",
                   files=[Attachment(name, text.encode("utf-8"))])


def export_text(ctx: Context[Any], live: LiveGame, fmt: str) -> str:
    if fmt == "json":
        return exchange.export_json(live, live.record.game_id,
                                    ctx.store.records(live.record.game_id))
    return exchange.export_txt(live, live.record.game_id)


# ---- the table ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Route:
    """A command about the place's game: its handler and what it needs, checked in order."""

    handler: Callable[[GameContext, Any], Outcome]
    needs: tuple[Check, ...] = ()


ROUTES: dict[type, Route] = {
    # anyone
    Status: Route(status_report),
    Choices: Route(choices),
    Log: Route(log),
    Index: Route(index),
    Map: Route(table_map),
    Export: Route(export),
    Preview: Route(preview.preview, (preview.previewable, readable)),
    Story: Route(story.tell),
    # before the start
    Join: Route(lobby.join, (lobby_only("join"),)),
    Leave: Route(lobby.leave, (lobby_only("leave"),)),
    Colour: Route(lobby.colour, (lobby_only("change colour"),)),
    Start: Route(lobby.start, (lobby_only("start the game"), moderator("start the game"))),
    # the user a seat is offered to
    Accept: Route(lobby.accept),
    # the seat whose decision it is
    Play: Route(play.player_moves, (playable, readable, seated("move"))),
    # undo: a player's own last move; moderators any (undo.take_back says who may what)
    Undo: Route(undo.take_back, (playable_or_over,)),
    UndoLast: Route(undo.take_back, (playable_or_over,)),
    UndoTo: Route(undo.take_back, (playable_or_over,)),
    Redo: Route(undo.take_back, (playable_or_over,)),
    # moderators
    ActAs: Route(moderation.act_as, (moderator("act for a player"), playable)),
    Correct: Route(moderation.correct, (moderator("correct a move"),
                                        status("correct a move", "active", "over"))),
    ReplacePlayer: Route(moderation.replace_player, (
        moderator("replace a player"), status("replace a player", "active", "paused"))),
    Drop: Route(moderation.drop_player, (moderator("drop a player"),
                                         status("drop a player", "active", "paused"))),
    Pause: Route(moderation.pause, (moderator("pause the game"),
                                    status("pause the game", "active"))),
    Resume: Route(moderation.resume, (moderator("resume the game"),
                                      status("resume the game", "paused"))),
    Abandon: Route(moderation.abandon, (moderator("abandon the game"),
                                        status("abandon the game", "lobby", "active", "paused"))),
    Nudge: Route(moderation.nudge, (moderator("nudge a player"),
                                    status("nudge a player", "active"))),
}


def _import(ctx: Context[LiveGame | None], cmd: Import) -> Outcome:
    if not ctx.attachments:
        return refuse("Attach the exported game (a .txt log or a .json export) to the "
                      "`import` message.")
    return exchange.import_outcome(ctx, ctx.attachments[0].data)


def _help(ctx: Context[LiveGame | None], cmd: Help) -> Outcome:
    return Outcome(replies.help_text(ctx.moderator))


def _rules(ctx: Context[LiveGame | None], cmd: Rules) -> Outcome:
    live = ctx.live
    return Outcome(replies.rules_text(live.record if live and live.status != "abandoned"
                                      else None))


def _malformed(ctx: Context[LiveGame | None], cmd: Malformed) -> Outcome:
    return refuse(f"That command is written {cmd.usage}. Nothing was changed.")


#: commands that need no game: creating or importing one, and reading about the bot
OPEN: dict[type, Callable[[Context[LiveGame | None], Any], Outcome]] = {
    NewGame: lobby.new_game,
    Import: _import,
    Help: _help,
    Rules: _rules,
    Malformed: _malformed,
}


def _resolve(ctx: GameContext, cmd: Command) -> Command:
    """A command whose meaning depends on who says it: ``join`` by the user a seat is offered
    to takes that seat."""
    if isinstance(cmd, Join) and lobby.takes_offer(ctx, cmd):
        return Accept()
    return cmd


def run(ctx: Context[LiveGame | None], cmd: Command) -> Outcome:
    """Check what ``cmd`` needs, then hand it to its handler."""
    open_handler = OPEN.get(type(cmd))
    if open_handler is not None:
        return open_handler(ctx, cmd)
    if ctx.live is None:
        return refuse("There is no game here. Start one with `new game` (or `import` a log "
                      "file).")
    game_ctx = ctx.with_game(ctx.live)
    resolved = _resolve(game_ctx, cmd)
    route = ROUTES[type(resolved)]
    for need in route.needs:
        refusal = need(game_ctx, resolved)
        if refusal is not None:
            return refusal
    return route.handler(game_ctx, resolved)
