"""``moves`` and ``moves all``: the author's legal choices now (``all``: every one, one a
line, which a chat adapter splits over several messages)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus

#: how many legal choices ``moves`` lists before summing up the rest
MAX_CHOICES = 40


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


def choices_text(live: LiveGame, everything: bool = False) -> str:
    """The legal choices now: the first ``MAX_CHOICES`` on one line, or (``moves all``) every
    one on a line of its own, which a chat adapter splits over several messages."""
    game = live.game
    if game is None or live.status != GameStatus.ACTIVE:
        return f"No move can be made now: the game is {live.status}."
    decision = game.to_act()
    assert decision is not None
    legal = [str(m) for m in game.legal_moves()]
    if everything:
        return "\n".join([f"{decision.text}.", f"Every legal choice now ({len(legal)}):",
                          *(f"  · {m}" for m in legal)])
    shown = ", ".join(legal[:MAX_CHOICES])
    more = (f" and {len(legal) - MAX_CHOICES} more (`moves all` lists every one)"
            if len(legal) > MAX_CHOICES else "")
    return f"{decision.text}.\nLegal now ({len(legal)}): {shown}{more}."


ENTRY = Entry(
    "moves", ("moves",), "`moves` or `moves all`", _moves, {Choices: Route(choices)},
    help=((Section.LOOK, "`moves` (your legal choices; `moves all` every one)"),),
    docs=((Who.ANYONE, "`moves`, `moves all`"),),
    slash=Slash("moves", "Your legal moves now", private=True), rank=7,
)
