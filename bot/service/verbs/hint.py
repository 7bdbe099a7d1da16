"""``hint``: what the computer would play now, with a one-line reason, for the player whose
decision it is (nobody else), unless the game was created with ``hints=off``. A command
declared in one file: see ``bot/service/verbs/__init__.py``.

It changes nothing and nobody else sees it on Discord (``/bus hint`` answers privately). A hint
costs a search of the position, so it is counted against the asker's picture budget like
``map`` and against their thinking seconds (its ``Cost``); its search is small and bounded in
time (``computer.hint_search``), and is done like every other search of the computer's: after
the service's lock, on the worker processes, in its turn (``Outcome.pondering``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.needs import playable
from bot.service.command.words import Words
from bot.service.game import computer
from engine.notation import MoveText
from engine.text import Msg, Text

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("hint.slash", "What the computer would play for you now, and why")
HINTS_OFF = Msg("hint.off", "Hints are off in this game (it was created with `hints=off`).")
NOT_YOURS = Msg("hint.not_yours", "A hint is only for the player whose decision it is, and it is "
                "not yours now.")
HINT = Msg("hint.hint", "Hint for {seat} (only a suggestion; nothing was played): `{move}`: "
           "{reason}")
USAGE = Msg("hint.usage", "`hint`")
HELP = Msg("hint.help", "`hint` (what the computer would play for you now, with why; not in "
           "games created with `new game hints=off`)")


@dataclass(frozen=True, slots=True)
class Hint(Command):
    """``hint``: a suggestion for the author's decision now."""


def read(w: Words) -> Hint | None:
    return Hint() if w.count_to(2) == 1 else None


def hints_off(ctx: GameContext) -> bool:
    return ctx.live.record.options.get("hints", "on").strip().lower() == "off"


def hint(ctx: GameContext, cmd: Hint) -> Outcome:
    live = ctx.live
    if hints_off(ctx):
        return refuse(HINTS_OFF())
    game = live.game
    decision = game.to_act() if game is not None else None
    seat = live.record.seat_of_user(ctx.actor.user_id)
    if game is None or decision is None or seat is None or seat.name != decision.player:
        return refuse(NOT_YOURS())
    share = computer.Share(ctx.actor.server or ctx.place, ctx.actor.user_id, waiting=True)
    ask = computer.Ask(share, computer.hint_search(game.copy()))
    return Outcome("", pondering=computer.Pondering(ask, partial(_said, seat.name)))


def _said(seat: str, thought: computer.Thought) -> Text:
    return HINT(seat=seat, move=MoveText(thought.move), reason=thought.reason)


ENTRY = Entry(
    "hint", ("hint",), USAGE(), read,
    {Hint: Route(hint, (playable,), cost=Cost((Budget.PICTURE, Budget.THINKING), "hint"))},
    help=((Section.PLAY, HELP()),),
    docs=((Who.DECIDING, "`hint` (a suggestion with its reason; off with the game option "
                         "`hints=off`)"),),
    slash=Slash("hint", SLASH(), private=True),
)
