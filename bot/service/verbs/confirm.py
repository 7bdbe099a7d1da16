"""``confirm``: go ahead with the big change the writer was asked about a moment ago.

The question and what makes a change big are ``bot/service/command/confirm.py``'s and each big
command's (``AskFirst``); this command takes the stored question (the same person, within five
minutes, the table unchanged since) and runs the command again with every need checked but the
question, through the registry handed in as ``ctx.commands``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command import confirm
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.words import Words, only
from engine.text import Msg

CAN_NO_LONGER_BE_CONFIRMED = Msg("confirm.can_no_longer_be_confirmed", "`{pending}` can no "
                                 "longer be confirmed; type it again.")
USAGE = Msg("confirm.usage", "`confirm`")
HELP = Msg("confirm.help", "`confirm` (goes ahead with a big change you were just asked about)")


@dataclass(frozen=True, slots=True)
class Confirm(Command):
    """``confirm``: go ahead with the big change the writer was asked about a moment ago."""


def _confirm(w: Words) -> Command | None:
    return Confirm() if only(w, 1) else None


def go_ahead(ctx: GameContext, cmd: Confirm) -> Outcome:
    """The big change the writer was asked about, read again from its words and run with all
    its needs but the question."""
    pending = confirm.take(ctx)
    if isinstance(pending, Outcome):
        return pending
    assert ctx.commands is not None  # the router hands the registry to every command
    done = ctx.commands.again(ctx, pending)
    return done if done is not None else refuse(
        CAN_NO_LONGER_BE_CONFIRMED(pending=pending))


ENTRY = Entry(
    "confirm", ("confirm",), USAGE(), _confirm, {Confirm: Route(go_ahead)},
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`confirm` (a big `correct`, `undo` or `abandon`, within 5 "
                           "minutes)"),),
    slash=NoSlash("answers the bot's question in the channel; reached with `/bus do`"), rank=26,
)
