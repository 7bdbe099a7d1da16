"""``hint``: what the computer would play now, with a one-line reason, for the player whose
decision it is (nobody else), unless the game was created with ``hints=off``. A command
declared in one file: see ``bot/service/verbs/__init__.py``.

It changes nothing and nobody else sees it on Discord (``/bus hint`` answers privately). A hint
costs a search of the position, so it is counted against the asker's picture budget like
``map`` (``GameService._costly_wait``) and its search is small and bounded in time."""

from __future__ import annotations

from dataclasses import dataclass

import ai
from bot.service.commands import Command, Words
from bot.service.entry import Entry, Route, Section, Slash, Who
from bot.service.needs import playable
from bot.service.outcome import GameContext, Outcome, refuse

#: the search a hint may make: playouts, and seconds at most
HINT_PLAYOUTS = 2000
HINT_SECONDS = 1.0

#: what a hint says, one sentence each: the move, why (the search's own numbers, the move it
#: ranks first by them), and how sure it is
HINT = "Hint for {player} (only a suggestion; nothing was played): `{move}`."
HINT_ONLY = "It is the only legal move."
HINT_WHY = ("Of the {playouts} lines of play I tried from here (each played on to the next "
            "round, the rest of the game estimated), the {tried} after it give you a {share} "
            "chance of winning, with {margin} points against the best other player at the end "
            "on average.")
HINT_NEXT = ("After `{other}`, the next best, {other_tried} lines give {other_share} "
             "({other_margin} points).")
HINT_BEHIND = ("The other moves fell behind early: `{other}`, the most tried of them, got only "
               "{other_tried} lines.")
HINT_SURE = {
    ai.Sure.CLEAR: "I am fairly sure of it: no other move came close.",
    ai.Sure.LIKELY: "It is probably the better move, but not by much.",
    ai.Sure.CLOSE: "It is a close call: `{other}` did about as well, so either will do.",
}


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
        return refuse("Hints are off in this game (it was created with `hints=off`).")
    game = live.game
    decision = game.to_act() if game is not None else None
    seat = live.record.seat_of_user(ctx.actor.user_id)
    if game is None or decision is None or seat is None or seat.name != decision.player:
        return refuse("A hint is only for the player whose decision it is, and it is not "
                      "yours now.")
    advice = ai.advise(game, playouts=HINT_PLAYOUTS, seconds=HINT_SECONDS,
                       seed=len(game.history))
    return Outcome(" ".join(hint_words(seat.name, advice)))


def hint_words(player: str, advice: ai.Advice) -> list[str]:
    """The hint's sentences: the move, the numbers that rank it first, how sure."""
    said = [HINT.format(player=player, move=advice.move)]
    if advice.sure is ai.Sure.ONLY:
        return [*said, HINT_ONLY]
    best = advice.options[0]
    said.append(HINT_WHY.format(playouts=advice.playouts, tried=best.playouts,
                                share=f"{best.win:.0%}", margin=f"{best.margin:+.1f}"))
    other = advice.options[1] if len(advice.options) > 1 else None
    if other is not None and advice.tried > 1:
        said.append(HINT_NEXT.format(other=other.move, other_tried=other.playouts,
                                     other_share=f"{other.win:.0%}",
                                     other_margin=f"{other.margin:+.1f}"))
    elif other is not None:
        said.append(HINT_BEHIND.format(other=other.move, other_tried=other.playouts))
    said.append(HINT_SURE[advice.sure].format(other=other.move if other else ""))
    return said


ENTRY = Entry(
    "hint", ("hint",), "`hint`", read, {Hint: Route(hint, (playable,))},
    help=((Section.PLAY, "`hint` (what the computer would play for you now, with why; not "
                         "in games created with `new game hints=off`)"),),
    docs=((Who.DECIDING, "`hint` (a suggestion with its reason; off with the game option "
                         "`hints=off`)"),),
    slash=Slash("hint", "What the computer would play for you now, and why", private=True),
)
