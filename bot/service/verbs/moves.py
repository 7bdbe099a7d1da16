"""``moves`` and ``moves all``: the author's legal choices now (``all``: every one, one a
line, which a chat adapter splits over several messages), and while actions are chosen what
each free space gives now (``words/worth.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import STATUS_WORDS
from bot.service.words.worth import free_spaces
from engine.decisions import shortened
from engine.notation import MoveText
from engine.text import Listing, Msg

DECISION = Msg("moves.decision", "{decision}.")
EVERY = Msg("moves.every", "Every legal choice now ({n}):")
ITEM = Msg("moves.item", "  · {move}")
LEGAL = Msg("moves.legal", "Legal now ({n}): {shown}.")
LEGAL_MORE = Msg("moves.legal_more", "Legal now ({n}): {shown} and {more} more (`moves all` lists "
                 "every one).")

NO_MOVE_CAN_BE_MADE = Msg("moves.no_move_can_be_made", "No move can be made now: the game is "
                          "{status}.")
USAGE = Msg("moves.usage", "`moves` or `moves all`")
HELP = Msg("moves.help", "`moves` (your legal choices; `moves all` every one)")

#: how many legal choices ``moves`` lists before summing up the rest
MAX_CHOICES = 40

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("moves.slash", "Your legal moves now")


@dataclass(frozen=True, slots=True)
class Choices(Command):
    """``moves``: the author's legal moves now (``moves all``: every one of them)."""

    everything: bool = False


def _moves(w: Words) -> Command | None:
    if w.word(1) == "all" and only(w, 2):
        return Choices(everything=True)
    return Choices() if only(w, 1) else None


def choices(ctx: GameContext, cmd: Choices) -> Outcome:
    return Outcome(choices_text(ctx.live, everything=cmd.everything))


def choices_text(live: LiveGame, everything: bool = False) -> Said:
    """The legal choices now: the first ``MAX_CHOICES`` on one line, or (``moves all``) every
    one on a line of its own, which a chat adapter splits over several messages."""
    game = live.game
    if game is None or live.status != GameStatus.ACTIVE:
        return NO_MOVE_CAN_BE_MADE(status=STATUS_WORDS[live.status]())
    decision = game.to_act()
    assert decision is not None
    legal = [MoveText(m) for m in game.legal_moves()]  # in the reader's notation
    gives = free_spaces(game)  # while choosing: what each free space gives now
    if everything:
        return lines(DECISION(decision=decision.said), EVERY(n=len(legal)),
                     *(ITEM(move=m) for m in legal), gives)
    listed, more = shortened(legal, MAX_CHOICES)  # never "and 1 more": those are listed
    shown = Listing(tuple(listed), ", ")
    if more:
        return lines(DECISION(decision=decision.said),
                     LEGAL_MORE(n=len(legal), shown=shown, more=more), gives)
    return lines(DECISION(decision=decision.said), LEGAL(n=len(legal), shown=shown), gives)


ENTRY = Entry(
    "moves", ("moves",), USAGE(), _moves, {Choices: Route(choices)},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`moves`, `moves all`"),),
    slash=Slash("moves", SLASH(), private=True), rank=7,
)
