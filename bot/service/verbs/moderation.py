"""Moderator acts: acting for a player (``as NAME: move``), dropping a seat, and the game's
flow (``pause``, ``resume``, ``abandon``, ``nudge``). Seats handed to someone else are
``replace``'s; taking back and correcting moves is ``undo``'s.

Each act is a record with the moderator as its user, and its reply says who did what, so the
channel sees every intervention and the log keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import AskFirst, Entry, NoSlash, Route, Section, Slash, Who
from bot.service.command.needs import moderator, playable, seat_named, status
from bot.service.command.playing import apply_moves, table_outcome
from bot.service.command.words import Words, alone_or_game, read_moves
from bot.service.game import payloads
from bot.service.game.records import GameStatus
from bot.service.words.replies import count_of, played_lines
from engine.limits import NUDGE_EVERY_SECONDS

#: abandoning a game after more moves than this asks for ``confirm`` first
BIG = 3
_DO = "reached with `/bus do`"


@dataclass(frozen=True, slots=True)
class ActAs(Command):
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Drop(Command):
    name: str


@dataclass(frozen=True, slots=True)
class Pause(Command):
    pass


@dataclass(frozen=True, slots=True)
class Resume(Command):
    pass


@dataclass(frozen=True, slots=True)
class Abandon(Command):
    pass


@dataclass(frozen=True, slots=True)
class Nudge(Command):
    pass


# ---- reading -------------------------------------------------------------------------------------


def _act_as(w: Words) -> Command | None:
    name, colon, text = w.rest(1).partition(":")
    if not colon or not name.strip() or "\n" in name or not text.strip():
        return None
    return ActAs(name.strip(), text.strip())


def _drop(w: Words) -> Command | None:
    name = w.rest(1)
    return Drop(name) if name and "\n" not in name else None


_FLOWS: dict[str, Command] = {"pause": Pause(), "resume": Resume(), "abandon": Abandon(),
                               "nudge": Nudge()}


def _flow(w: Words) -> Command | None:
    what = w.word(0)
    assert what is not None
    return _FLOWS[what] if alone_or_game(w) else None


# ---- handling ------------------------------------------------------------------------------------


def act_as(ctx: GameContext, cmd: ActAs) -> Outcome:
    seat = seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    moves = read_moves(cmd.text)
    if isinstance(moves, str):
        return refuse(moves)
    return apply_moves(ctx, seat.name, list(moves), by=ctx.actor.name)




def drop_player(ctx: GameContext, cmd: Drop) -> Outcome:
    seat = seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    if seat.dropped:
        return refuse(f"{seat.name} was already dropped.")
    draft = ctx.draft()
    draft.add(payloads.Dropped(), seat=seat.name)
    lines = [f"Moderator {ctx.actor.name} dropped {seat.name}: from now on the bot takes every "
             f"decision of that seat, the least disruptive way (pass when allowed; see `rules`)."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def pause(ctx: GameContext, cmd: Pause) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Paused())
    return Outcome(f"Moderator {ctx.actor.name} paused the game; moves wait until a "
                   f"moderator types `resume`.", draft=draft)


def resume(ctx: GameContext, cmd: Resume) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Resumed())
    lines = [f"Moderator {ctx.actor.name} resumed the game."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def abandon(ctx: GameContext, cmd: Abandon) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Abandoned())
    return Outcome(f"Moderator {ctx.actor.name} abandoned the game. Its log stays here "
                   f"(`log`, `export txt`); `new game` starts another.", draft=draft)


def nudge(ctx: GameContext, cmd: Nudge) -> Outcome:
    game = ctx.live.game
    assert game is not None  # an active game has its position
    decision = game.to_act()
    assert decision is not None
    record = ctx.live.record
    if record.nudged is not None and record.nudged[0] == record.position_seq:
        wait = record.nudged[1] + NUDGE_EVERY_SECONDS - ctx.now
        if wait > 0:
            return refuse(f"{decision.player} was nudged for this decision already; a decision "
                          f"is nudged at most once an hour. Try again in {_minutes(wait)}.")
    seat = record.seat(decision.player)
    draft = ctx.draft()
    draft.add(payloads.Nudged(), seat=decision.player)
    # Only a user who took the seat themselves is pinged.
    user = (seat.player if seat is not None and not seat.dropped
            and not record.is_away(seat.name, ctx.now) else None)  # time away: no ping
    return Outcome(f"{ctx.actor.name} nudges {decision.player}: the game waits for "
                   f"{decision.text}.", draft=draft, mentions=[user] if user else [])


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _moves(ctx: GameContext, cmd: Abandon) -> int:
    return len(ctx.live.record.moves)


def _ends(ctx: GameContext, cmd: Abandon, moves: int) -> str:
    return f"`abandon` would end this game after {count_of(moves, 'move')}, for good."


ABANDONING_ASKS = AskFirst(BIG, _moves, _ends, lambda cmd: "abandon")


# ---- the commands --------------------------------------------------------------------------------

_ACTIVE, _PAUSED, _LOBBY = GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.LOBBY

ENTRIES = (
    Entry("as", ("as",), "`as NAME: move`", _act_as,
          {ActAs: Route(act_as, (moderator("act for a player"), playable))},
          strict=True, help=((Section.MODERATORS, "`as NAME: move`"),),
          docs=((Who.MODERATORS, "`as NAME: move`"),),
          slash=Slash("as", "Moderators: make a move for a player"), rank=19),
    Entry("drop", ("drop",), "`drop NAME`", _drop,
          {Drop: Route(drop_player, (
              moderator("drop a player"), status("drop a player", _ACTIVE, _PAUSED)))},
          strict=True, help=((Section.MODERATORS, "`drop NAME`"),),
          docs=((Who.MODERATORS, "`drop NAME`"),),
          slash=NoSlash(f"rare, and a name is clearer typed out; {_DO}"), rank=22),
    Entry("pause", ("pause",), "`pause`", _flow,
          {Pause: Route(pause, (moderator("pause the game"),
                                status("pause the game", _ACTIVE)))},
          help=((Section.MODERATORS, "`pause`"),), docs=((Who.MODERATORS, "`pause`"),),
          slash=NoSlash(f"rare; {_DO}"), rank=23),
    Entry("resume", ("resume",), "`resume`", _flow,
          {Resume: Route(resume, (moderator("resume the game"),
                                  status("resume the game", _PAUSED)))},
          help=((Section.MODERATORS, "`resume`"),), docs=((Who.MODERATORS, "`resume`"),),
          slash=NoSlash(f"rare; {_DO}"), rank=24),
    Entry("abandon", ("abandon",), "`abandon`", _flow,
          {Abandon: Route(abandon, (
              moderator("abandon the game"),
              status("abandon the game", _LOBBY, _ACTIVE, _PAUSED)), confirm=ABANDONING_ASKS)},
          help=((Section.MODERATORS, "`abandon`"),), docs=((Who.MODERATORS, "`abandon`"),),
          slash=NoSlash(f"final, so it is typed out in full; {_DO}"), rank=25),
    Entry("nudge", ("nudge",), "`nudge`", _flow,
          {Nudge: Route(nudge, (moderator("nudge a player"),
                                status("nudge a player", _ACTIVE)))},
          help=((Section.MODERATORS, "`nudge`"),), docs=((Who.MODERATORS, "`nudge`"),),
          slash=NoSlash(f"rare, and Discord allows 25 subcommands; {_DO}"), rank=27),
)
