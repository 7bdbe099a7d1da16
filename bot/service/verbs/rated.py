"""``rated`` and ``rated off`` (the game's moderator): an imported game counts for the ratings
only once a moderator marks it ``rated`` (its moves were played elsewhere, unseen here); it
counts from the moment of the mark, and ``rated off`` takes the mark back. The mark is a record
of the game (``game/payloads.py``: ``MarkedRated``), so a rebuild reads it like any other. A
command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.records import GameStatus
from engine.text import Msg

USAGE = Msg("rated.usage", "`rated` or `rated off`")
MARK_A_GAME_RATED = Msg("rated.mark_a_game_rated", "mark a game rated")
MARK_THIS_GAME_RATED = Msg("rated.mark_this_game_rated", "mark this game rated")
HELP = Msg("rated.help", "`rated` / `rated off` (an imported game counts for the ratings)")

MARKED = Msg("rated.marked", "Game {game} is marked rated: it counts for the ratings from now on.")
MARKED_OPEN = Msg("rated.marked_open", "Game {game} is marked rated: it will count for the "
                  "ratings once it is finished.")
UNMARKED = Msg("rated.unmarked", "Game {game} no longer counts for the ratings.")
NOT_IMPORTED = Msg("rated.not_imported", "Only an imported game needs the mark: a game played "
                   "here counts by itself once it is finished.")
ALREADY = Msg("rated.already", "Game {game} is marked rated already.")
NOT_MARKED = Msg("rated.not_marked", "Game {game} is not marked rated.")


@dataclass(frozen=True, slots=True)
class MarkRated(Command):
    """``rated`` (``on``) or ``rated off``."""

    on: bool = True


def read(w: Words) -> MarkRated | None:
    if w.word(1) is None:
        return MarkRated(True)
    if w.word(1) in ("off", "no") and w.word(2) is None:
        return MarkRated(False)
    if w.word(1) == "on" and w.word(2) is None:
        return MarkRated(True)
    return None


def mark(ctx: GameContext, cmd: MarkRated) -> Outcome:
    record, game = ctx.live.record, ctx.live.record.game_id
    if not record.imported:
        return refuse(NOT_IMPORTED())
    if cmd.on and record.rated_at is not None:
        return refuse(ALREADY(game=game))
    if not cmd.on and record.rated_at is None:
        return refuse(NOT_MARKED(game=game))
    draft = ctx.draft()
    draft.add(payloads.MarkedRated(cmd.on))
    text = (UNMARKED if not cmd.on else MARKED if ctx.live.status == GameStatus.OVER
            else MARKED_OPEN)(game=game)
    return Outcome(text, draft=draft)


ENTRY = Entry(
    "rated", ("rated",), USAGE(), read,
    {MarkRated: Route(mark, (moderator(MARK_A_GAME_RATED()),
                             status(MARK_THIS_GAME_RATED(), GameStatus.LOBBY, GameStatus.ACTIVE,
                                    GameStatus.PAUSED, GameStatus.OVER)))},
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`rated`, `rated off`"),),
    slash=NoSlash("marking an imported game is rare; reached with `/bus do`"),
    strict=True,
)
