"""``plan: choose vrrooomm, then pass``, ``plan pass this round``, ``plan clear`` and ``plan``:
what a player will play at their next decisions, each step when its turn comes and only if it
is legal then (``bot/service/game/automatic.py``); the first step that is not ends the plan and
pings the player. Anyone's ``status`` shows that a player has a plan, never its steps; undoing
a move made before the plan clears it. A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import seated, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words, read_moves
from bot.service.game import payloads
from bot.service.game.records import GameStatus
from bot.service.words.catalogue import Said
from bot.service.words.replies import played_lines
from engine import Pass, Question, Unfinished
from engine.limits import check_plan
from engine.notation import names_a_move
from engine.text import Msg, Plural, Text

USAGE = Msg("plan.usage", "`plan: MOVE, then MOVE...` (for example `plan: choose vrrooomm, then "
            "pass`), `plan pass this round`, `plan clear`, or `plan` (yours)")
NO_PLAN = Msg("plan.none", "You have no plan. `plan: MOVE, then MOVE...` (for example `plan: "
              "choose vrrooomm, then pass`), `plan pass this round`, `plan clear`, or `plan` "
              "(yours).")
MOVES_ONLY = Msg("plan.moves_only", "A plan holds moves to play, each with its crossings (`plan: "
                 "choose vrrooomm, then pass`).")
NOTHING_TO_CLEAR = Msg("plan.nothing_to_clear", "You have no plan to clear.")
CLEARED = Msg("plan.cleared", "{name} cleared their plan.")
PASS_ROUND = Msg("plan.pass_round", "Your plan: pass at each of your decisions in round {round}.")
YOUR_PLAN = Msg("plan.yours", "Your plan: {steps}.")
THEN = Msg("plan.then", "{before}; then {after}")
PLANNED_ROUND = Msg("plan.planned_round", "{name} passes at each of their decisions this round: "
                    "each plays when its turn comes, if it is legal then (`plan clear` drops it).")
PLANNED = Plural("plan.planned", "{name} has a plan of {n} step: each plays when its turn comes, "
                 "if it is legal then (`plan clear` drops it).", "{name} has a plan of {n} steps: "
                 "each plays when its turn comes, if it is legal then (`plan clear` drops it).")
PLAN = Msg("plan.doing.plan", "plan")
LOOK_AT_A_PLAN = Msg("plan.doing.look", "look at a plan")
HELP = Msg("plan.help", "`plan: choose vrrooomm, then pass` (played at your next decisions, each "
           "step only if legal then), `plan pass this round`, `plan clear`")

#: ``plan pass this round`` when no round's actions are being chosen
NOT_CHOOSING = Msg("plan.round_not_choosing",
                   "`plan pass this round` passes while a round's actions are being chosen, and "
                   "they are not now: write it again once round {next} begins.")
_ROUND = ("pass this round", "pass for this round", "pass the round", "pass round")


@dataclass(frozen=True, slots=True)
class PlanSteps(Command):
    """``plan: MOVES``: the moves as written."""

    text: str


@dataclass(frozen=True, slots=True)
class PlanRound(Command):
    """``plan pass this round``."""


@dataclass(frozen=True, slots=True)
class PlanClear(Command):
    """``plan clear``."""


@dataclass(frozen=True, slots=True)
class PlanShow(Command):
    """``plan``: the author's own plan."""


def read(w: Words) -> Command | None:
    rest = w.rest(1).lstrip(":").strip()
    if w.word(0) == "plan:" and not rest:
        return None
    words = " ".join(rest.lower().split())
    if not words:
        return PlanShow()
    if words in ("clear", "off", "cancel", "none"):
        return PlanClear()
    if words in _ROUND:
        return PlanRound()
    # `plan: ...` is a plan whatever follows (a mistyped move is refused with the reader's
    # hint); without the colon it must name a move, so "plan ahead" in the channel stays
    # table talk
    if w.word(0) != "plan:" and not names_a_move(w.between(1, w.count_to(4)), w.languages):
        return None  # (its first three words decide: reading is bounded whatever follows)
    return PlanSteps(" ".join(word for word in rest.split() if word.lower() != "then"))


def make_plan(ctx: GameContext, cmd: PlanSteps) -> Outcome:
    moves = read_moves(cmd.text, ctx.languages)
    if isinstance(moves, Text):
        return refuse(moves)
    if any(isinstance(m, Question | Unfinished) for m in moves):
        return refuse(MOVES_ONLY())
    check_plan(len(moves))
    return _planned(ctx, [str(m) for m in moves], None)


def plan_round(ctx: GameContext, cmd: PlanRound) -> Outcome:
    game = ctx.live.game
    assert game is not None  # a game under way or paused has its position
    if game.state.phase != "choosing":  # the setup, or the round's actions resolving
        return refuse(NOT_CHOOSING(next=game.state.round + 1))
    return _planned(ctx, [str(Pass())], game.state.round)


def _planned(ctx: GameContext, steps: list[str], round_number: int | None) -> Outcome:
    """Store the plan, then play what of it is due now."""
    assert ctx.seat is not None
    name = ctx.seat.name
    draft = ctx.draft()
    draft.add(payloads.PlanChanged(tuple(steps), round_number), seat=name)
    line = (PLANNED_ROUND(name=name) if round_number is not None
            else PLANNED(name=name, n=len(steps)))
    played = draft.run_automatic()
    if not played and not draft.notes:
        return Outcome(line, draft=draft, mentions=[])
    return table_outcome(draft, [line, *played_lines(played)])


def clear_plan(ctx: GameContext, cmd: PlanClear) -> Outcome:
    assert ctx.seat is not None
    if ctx.seat.name not in ctx.live.record.plans:
        return refuse(NOTHING_TO_CLEAR())
    draft = ctx.draft()
    draft.add(payloads.PlanChanged(), seat=ctx.seat.name)
    return Outcome(CLEARED(name=ctx.seat.name), draft=draft, mentions=[])


def show_plan(ctx: GameContext, cmd: PlanShow) -> Outcome:
    assert ctx.seat is not None
    plan = ctx.live.record.plans.get(ctx.seat.name)
    if plan is None:
        return Outcome(NO_PLAN())
    if plan.round is not None:
        return Outcome(PASS_ROUND(round=plan.round))
    steps: Said = plan.steps[0] if plan.steps else ""
    for step in plan.steps[1:]:
        steps = THEN(before=steps, after=step)
    return Outcome(YOUR_PLAN(steps=steps))


_UNDER_WAY = status(PLAN(), GameStatus.ACTIVE, GameStatus.PAUSED)
ENTRY = Entry(
    "plan", ("plan", "plan:"), USAGE(), read,
    {PlanSteps: Route(make_plan, (_UNDER_WAY, seated(PLAN()))),
     PlanRound: Route(plan_round, (_UNDER_WAY, seated(PLAN()))),
     PlanClear: Route(clear_plan, (_UNDER_WAY, seated(PLAN()))),
     PlanShow: Route(show_plan, (seated(LOOK_AT_A_PLAN()),))},
    strict=True,
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`plan: MOVE, then MOVE...`, `plan pass this round`, `plan clear`, "
                       "`plan` (a seated player, for themselves)"),),
    slash=NoSlash("written as moves are; reached with `/bus do`, whose answer only you see"),
)
