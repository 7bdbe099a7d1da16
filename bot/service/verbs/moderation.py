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
from bot.service.command.timeouts import play_overdue
from bot.service.command.words import Words, alone_or_game, read_moves
from bot.service.game import payloads
from bot.service.game.records import GameStatus
from bot.service.words.catalogue import Said
from bot.service.words.replies import MOVES, played_lines
from engine.limits import NUDGE_EVERY_SECONDS
from engine.text import Msg, Plural, Text

DROPPED = Msg("moderation.dropped", "Moderator {moderator} dropped {seat}: from now on the bot "
              "takes every decision of that seat, the least disruptive way (pass when allowed; "
              "see `rules`).")
RESUMED = Msg("moderation.resumed", "Moderator {moderator} resumed the game.")
NUDGED_ALREADY = Plural("moderation.nudged_already", "{player} was nudged for this decision "
                        "already; a decision is nudged at most once an hour. Try again in {n} "
                        "minute.", "{player} was nudged for this decision already; a decision is "
                        "nudged at most once an hour. Try again in {n} minutes.")
WOULD_ABANDON = Msg("moderation.would_abandon", "`abandon` would end this game after {moves}, for "
                    "good.")

WAS_ALREADY_DROPPED = Msg("moderation.was_already_dropped", "{name} was already dropped.")
MODERATOR_PAUSED_THE_GAME_MOVES = Msg("moderation.moderator_paused_the_game_moves", "Moderator "
                                      "{name} paused the game; moves wait until a moderator "
                                      "types `resume`.")
MODERATOR_ABANDONED_THE_GAME_ITS = Msg("moderation.moderator_abandoned_the_game_its", "Moderator "
                                       "{name} abandoned the game. Its log stays here (`log`, "
                                       "`export txt`); `new game` starts another.")
NUDGES_THE_GAME_WAITS_FOR = Msg("moderation.nudges_the_game_waits_for", "{name} nudges {player}: "
                                "the game waits for {text}.")
USAGE = Msg("moderation.usage", "`as NAME: move`")
ACT_FOR_A_PLAYER = Msg("moderation.act_for_a_player", "act for a player")
USAGE_2 = Msg("moderation.usage_2", "`drop NAME`")
DROP_A_PLAYER = Msg("moderation.drop_a_player", "drop a player")
USAGE_3 = Msg("moderation.usage_3", "`pause`")
PAUSE_THE_GAME = Msg("moderation.pause_the_game", "pause the game")
USAGE_4 = Msg("moderation.usage_4", "`resume`")
RESUME_THE_GAME = Msg("moderation.resume_the_game", "resume the game")
USAGE_5 = Msg("moderation.usage_5", "`abandon`")
ABANDON_THE_GAME = Msg("moderation.abandon_the_game", "abandon the game")
USAGE_6 = Msg("moderation.usage_6", "`nudge`")
NUDGE_A_PLAYER = Msg("moderation.nudge_a_player", "nudge a player")

#: abandoning a game after more moves than this asks for ``confirm`` first
BIG = 3
_DO = "reached with `/bus do`"

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("moderation.slash", "Moderators: make a move for a player")


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
    moves = read_moves(cmd.text, ctx.languages)
    if isinstance(moves, Text):
        return refuse(moves)
    return apply_moves(ctx, seat.name, list(moves), by=ctx.actor.name)




def drop_player(ctx: GameContext, cmd: Drop) -> Outcome:
    seat = seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    if seat.dropped:
        return refuse(WAS_ALREADY_DROPPED(name=seat.name))
    draft = ctx.draft()
    draft.add(payloads.Dropped(), seat=seat.name)
    lines: list[Said] = [DROPPED(moderator=ctx.actor.name, seat=seat.name)]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def pause(ctx: GameContext, cmd: Pause) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Paused())
    return Outcome(MODERATOR_PAUSED_THE_GAME_MOVES(name=ctx.actor.name), draft=draft)


def resume(ctx: GameContext, cmd: Resume) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Resumed())
    lines: list[Said] = [RESUMED(moderator=ctx.actor.name)]
    late = play_overdue(draft)  # a deadline passed before the pause: its policy plays it now
    if late is not None:
        said, played = late
        lines += [said, *played_lines(played)]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def abandon(ctx: GameContext, cmd: Abandon) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Abandoned())
    return Outcome(MODERATOR_ABANDONED_THE_GAME_ITS(name=ctx.actor.name), draft=draft)


def nudge(ctx: GameContext, cmd: Nudge) -> Outcome:
    game = ctx.live.game
    assert game is not None  # an active game has its position
    decision = game.to_act()
    assert decision is not None
    record = ctx.live.record
    if record.nudged is not None and record.nudged[0] == record.position_seq:
        wait = record.nudged[1] + NUDGE_EVERY_SECONDS - ctx.now
        if wait > 0:
            return refuse(NUDGED_ALREADY(player=decision.player,
                                         n=max(1, round(wait / 60))))
    seat = record.seat(decision.player)
    draft = ctx.draft()
    draft.add(payloads.Nudged(), seat=decision.player)
    # Only a user who took the seat themselves is pinged.
    user = (seat.player if seat is not None and not seat.dropped
            and not record.is_away(seat.name, ctx.now) else None)  # time away: no ping
    return Outcome(NUDGES_THE_GAME_WAITS_FOR(name=ctx.actor.name, player=decision.player,
                                             text=decision.said),
                   draft=draft, mentions=[user] if user else [], reminder=True)


def _moves(ctx: GameContext, cmd: Abandon) -> int:
    return len(ctx.live.record.moves)


def _ends(ctx: GameContext, cmd: Abandon, moves: int) -> Text:
    return WOULD_ABANDON(moves=MOVES(n=moves))


ABANDONING_ASKS = AskFirst(BIG, _moves, _ends, lambda cmd: "abandon")


# ---- the commands --------------------------------------------------------------------------------

_ACTIVE, _PAUSED, _LOBBY = GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.LOBBY

ENTRIES = (
    Entry("as", ("as",), USAGE(), _act_as,
          {ActAs: Route(act_as, (moderator(ACT_FOR_A_PLAYER()), playable))},
          strict=True, help=((Section.MODERATORS, USAGE()),),
          docs=((Who.MODERATORS, "`as NAME: move`"),),
          slash=Slash("as", SLASH()), rank=19),
    Entry("drop", ("drop",), USAGE_2(), _drop,
          {Drop: Route(drop_player, (
              moderator(DROP_A_PLAYER()), status(DROP_A_PLAYER(), _ACTIVE, _PAUSED)))},
          strict=True, help=((Section.MODERATORS, USAGE_2()),),
          docs=((Who.MODERATORS, "`drop NAME`"),),
          slash=NoSlash(f"rare, and a name is clearer typed out; {_DO}"), rank=22),
    Entry("pause", ("pause",), USAGE_3(), _flow,
          {Pause: Route(pause, (moderator(PAUSE_THE_GAME()),
                                status(PAUSE_THE_GAME(), _ACTIVE)))},
          help=((Section.MODERATORS, USAGE_3()),), docs=((Who.MODERATORS, "`pause`"),),
          slash=NoSlash(f"rare; {_DO}"), rank=23),
    Entry("resume", ("resume",), USAGE_4(), _flow,
          {Resume: Route(resume, (moderator(RESUME_THE_GAME()),
                                  status(RESUME_THE_GAME(), _PAUSED)))},
          help=((Section.MODERATORS, USAGE_4()),), docs=((Who.MODERATORS, "`resume`"),),
          slash=NoSlash(f"rare; {_DO}"), rank=24),
    Entry("abandon", ("abandon",), USAGE_5(), _flow,
          {Abandon: Route(abandon, (
              moderator(ABANDON_THE_GAME()),
              status(ABANDON_THE_GAME(), _LOBBY, _ACTIVE, _PAUSED)), confirm=ABANDONING_ASKS)},
          help=((Section.MODERATORS, USAGE_5()),), docs=((Who.MODERATORS, "`abandon`"),),
          slash=NoSlash(f"final, so it is typed out in full; {_DO}"), rank=25),
    Entry("nudge", ("nudge",), USAGE_6(), _flow,
          {Nudge: Route(nudge, (moderator(NUDGE_A_PLAYER()),
                                status(NUDGE_A_PLAYER(), _ACTIVE)))},
          help=((Section.MODERATORS, USAGE_6()),), docs=((Who.MODERATORS, "`nudge`"),),
          slash=NoSlash(f"rare, and Discord allows 25 subcommands; {_DO}"), rank=27),
)
