"""``hint``: what the computer would play now, with why and how sure it is, for the player whose
decision it is (nobody else), unless the game was created with ``hints=off``. A command
declared in one file: see ``bot/service/verbs/__init__.py``.

It changes nothing and nobody else sees it on Discord (``/bus hint`` answers privately). A hint
costs a search of the position, so it is counted against the asker's picture budget like
``map`` and against their thinking seconds (its ``Cost``); its search is bounded in time
(``computer.hint_search``), and is done like every other search of the computer's: after the
service's lock, on the worker processes, in its turn (``Outcome.pondering``).

Issue 32 saw a hint recommend one move while printing a better figure for another. The answer
now says the numbers the search ranks by (``ai.advise``: the chance of winning after the move,
then the margin), the next best by the same numbers, and how sure it is (``ai.Sure``), so the
move it names is always the one its own figures put first. Each sentence is one catalogue
entry, written in the asker's language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import ai
from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.needs import playable
from bot.service.command.words import Words
from bot.service.game import computer
from bot.service.words.catalogue import Said, joined
from engine.notation import MoveText
from engine.text import Msg, Plural, Text

HINTS_OFF = Msg("hint.off", "Hints are off in this game (it was created with `hints=off`).")
NOT_YOURS = Msg("hint.not_yours", "A hint is only for the player whose decision it is, and it "
                "is not yours now.")
USAGE = Msg("hint.usage", "`hint`")
#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("hint.slash", "What the computer would play for you now, and why")
HELP = Msg("hint.help", "`hint` (what the computer would play for you now, with why; not in "
           "games created with `new game hints=off`)")

#: what a hint says, one sentence each: the move, why (the search's own numbers, by which the
#: move is ranked first), the next best, and how sure it is
SUGGESTION = Msg("hint.suggestion", "Hint for {player} (only a suggestion; nothing was "
                 "played): `{move}`.")
ONLY = Msg("hint.only", "It is the only legal move.")
WHY = Plural("hint.why",
             "Of the {playouts} lines of play I tried from here (each played on to the next "
             "round, the rest of the game estimated), the {tried} line after it gives you a "
             "chance of winning of {win}%, with {margin:+.1f} points against the best other "
             "player at the end on average.",
             "Of the {playouts} lines of play I tried from here (each played on to the next "
             "round, the rest of the game estimated), the {tried} lines after it give you a "
             "chance of winning of {win}%, with {margin:+.1f} points against the best other "
             "player at the end on average.", count="tried")
NEXT = Plural("hint.next",
              "After `{other}`, the next best, {tried} line gives {win}% ({margin:+.1f} "
              "points).",
              "After `{other}`, the next best, {tried} lines give {win}% ({margin:+.1f} "
              "points).", count="tried")
BEHIND = Plural("hint.behind",
                "The other moves fell behind early: `{other}`, the most tried of them, got "
                "only {tried} line.",
                "The other moves fell behind early: `{other}`, the most tried of them, got "
                "only {tried} lines.", count="tried")
SURE = {
    ai.Sure.CLEAR: Msg("hint.sure.clear", "I am fairly sure of it: no other move came close."),
    ai.Sure.LIKELY: Msg("hint.sure.likely", "It is probably the better move, but not by much."),
}
CLOSE = Msg("hint.sure.close", "It is a close call: `{other}` did about as well, so either "
            "will do.")


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


def _said(seat: str, thought: computer.Thought) -> Said:
    if thought.advice is None:  # a search asked for a move only: not a hint's
        return SUGGESTION(player=seat, move=MoveText(thought.move))
    return hint_words(seat, thought.advice)


def hint_words(player: str, advice: ai.Advice) -> Said:
    """The hint's sentences: the move, the numbers that rank it first, the next best by the
    same numbers, and how sure the search is of it."""
    said: list[Text] = [SUGGESTION(player=player, move=MoveText(advice.move))]
    if advice.sure is ai.Sure.ONLY:
        return joined(*said, ONLY())
    best = advice.options[0]
    said.append(WHY(playouts=advice.playouts, tried=best.playouts, win=_percent(best.win),
                    margin=best.margin))
    other = advice.options[1] if len(advice.options) > 1 else None
    if other is not None and advice.tried > 1:
        said.append(NEXT(other=MoveText(other.move), tried=other.playouts,
                         win=_percent(other.win), margin=other.margin))
    elif other is not None:
        said.append(BEHIND(other=MoveText(other.move), tried=other.playouts))
    if advice.sure is ai.Sure.CLOSE and other is not None:
        said.append(CLOSE(other=MoveText(other.move)))
    elif advice.sure in SURE:
        said.append(SURE[advice.sure]())
    return joined(*said)


def _percent(share: float) -> int:
    """A chance as a whole percentage, as the hint writes it."""
    return round(100 * share)


ENTRY = Entry(
    "hint", ("hint",), USAGE(), read,
    {Hint: Route(hint, (playable,), cost=Cost((Budget.PICTURE, Budget.THINKING), "hint"))},
    help=((Section.PLAY, HELP()),),
    docs=((Who.DECIDING, "`hint` (a suggestion with why and how sure; off with the game "
                         "option `hints=off`)"),),
    slash=Slash("hint", SLASH(), private=True),
)
