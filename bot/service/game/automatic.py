"""Which decisions the service takes by itself, and how: the one place that says so.

A decision is the service's when its seat was dropped, when its player is away and the
moderator's ``on away`` policy is ``idle``, when it has a single legal choice and
``auto_single`` is on (or the computer would take it: there is nothing to think about), or when
its player planned it (``plan: ...``). Dropped and delegated seats play the least disruptive
move (``seat_policy``); a plan's step plays only when it is legal then, and the first that is
not ends the plan. A seat only offered to its new player is never played. The decisions the
computer player thinks about (bot seats, ``on away bot``, ``on timeout bot``: ``computer.owed``)
are left for it: it thinks outside the service's lock, on worker processes, and its moves are a
command of their own (``verbs/bot_moves.py``). A deadline that passes (``deadlines``) plays one
decision by the same policies.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.game.records import GameRecord
from bot.service.game.seat_policy import least_disruptive
from bot.service.game.waits import Planned
from engine import BusError, Decision, DecisionKind, Game, Move, ParseError
from engine.notation import parse_move
from engine.state import TRUE_WORDS


@dataclass(frozen=True, slots=True)
class Chosen:
    """A move the service plays for a seat, and why (the move record's ``reason``)."""

    move: Move
    why: str


@dataclass(frozen=True, slots=True)
class PlanEnds:
    """The seat's plan ends before it plays: ``broken`` (a step not legal now, said why;
    its player is told) or, without it, its round is over."""

    seat: str
    broken: str | None = None


def single(record: GameRecord) -> bool:
    """Whether single choices play themselves here: the moderator's setting, else the table
    setting the game was created with (``auto_single``; off when it was not given)."""
    if record.auto_single is not None:
        return record.auto_single
    return record.options.get("auto_single", "false").strip().lower() in TRUE_WORDS


def choose(record: GameRecord, game: Game, decision: Decision, legal: list[Move],
           now: float) -> Chosen | PlanEnds | None:
    """What the service does about ``decision`` (None: it waits for its player)."""
    seat = record.seat(decision.player)
    if seat is not None and not seat.agreed:
        return None  # only offered: nobody plays it until its player takes it (``accept``)
    if seat is not None and seat.dropped:
        return Chosen(least_disruptive(game), "dropped")
    if record.is_away(decision.player, now) and record.on_away != "wait":
        if record.on_away == "bot":  # the computer thinks about it, unless nothing to think
            return Chosen(legal[0], "away") if len(legal) == 1 else None
        return Chosen(least_disruptive(game), "away")
    if len(legal) == 1 and single(record):
        return Chosen(legal[0], "single")
    plan = record.plans.get(decision.player)
    return None if plan is None else _planned(plan, decision, game, legal)


def _planned(plan: Planned, decision: Decision, game: Game,
             legal: list[Move]) -> Chosen | PlanEnds | None:
    """The plan's next step when it is legal now, else the end of the plan. A round's plan
    (``plan pass this round``) is about choosing actions: a decision while they resolve is
    its player's own (None), and the plan ends quietly with its round."""
    if plan.round is not None and game.state.round != plan.round:
        return PlanEnds(decision.player)
    if plan.round is not None and decision.kind != DecisionKind.CHOOSE:
        return None
    step = plan.steps[0]
    try:
        move = parse_move(step)
    except (ParseError, BusError) as err:
        return PlanEnds(decision.player, f"{step} cannot be read ({err})")
    if move not in legal:
        return PlanEnds(decision.player, f"{step} is not legal now ({decision.text})")
    return Chosen(move, "plan")
