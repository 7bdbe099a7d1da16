"""Moderator acts: acting for a player, seats, and the game's flow (taking back and correcting
moves is ``takeback``'s).

Each act is a record with the moderator as its user, and its reply says who did what, so the
channel sees every intervention and the log keeps it.
"""

from __future__ import annotations

import re

from bot.service.command.context import GameContext, Outcome, refuse, table_outcome
from bot.service.command.words import (
    Abandon,
    ActAs,
    Drop,
    Nudge,
    Pause,
    ReplacePlayer,
    Resume,
    read_moves,
)
from bot.service.game import payloads
from bot.service.game.live_game import build_game
from bot.service.game.records import Seat, discord_user, same_user
from bot.service.verbs.move import apply_moves
from bot.service.words.replies import next_line, played_lines
from engine.limits import NUDGE_EVERY_SECONDS, LimitError, check_name, shown

_MENTION = re.compile(r"<@!?(\d+)>")
_NAMED_MENTION = re.compile(r"<@!?(\d+)>\s*\(([^()\n]{1,100})\)")
SHOWN = 10



def _seat_named(ctx: GameContext, name: str) -> Seat | Outcome:
    """The seat a moderator names, or the refusal that lists the real players."""
    record = ctx.live.record
    seat = record.seat(name)
    if seat is None:
        names = ", ".join(s.name for s in record.seats)
        return refuse(f"{shown(name, 40)} is not a player here (the players are {names}).")
    return seat


def act_as(ctx: GameContext, cmd: ActAs) -> Outcome:
    seat = _seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    moves = read_moves(cmd.text)
    if isinstance(moves, str):
        return refuse(moves)
    return apply_moves(ctx, seat.name, list(moves), by=ctx.actor.name)




def parse_user(text: str) -> tuple[str, str]:
    """A Discord mention gives a user id; anything else is taken as the user's name (and id),
    which is how the console names its users."""
    m = _MENTION.fullmatch(text.strip())
    if m is not None:
        return m.group(1), m.group(0)
    # The Discord layer resolves the member and sends "<@id> (Display Name)".
    m = _NAMED_MENTION.fullmatch(text.strip())
    if m is not None:
        return m.group(1), m.group(2).strip()
    name = text.strip().lstrip("@").strip()
    return name, name


def _new_player(ctx: GameContext, seat: Seat, text: str) -> tuple[str, str] | Outcome:
    """The user id and the name of who a seat goes to, or why it cannot go to them."""
    user_id, user_name = parse_user(text)
    if not user_id or len(user_id) > 40:
        return refuse("Name the new player: `replace NAME with @user`.")
    if not discord_user(user_id):  # a console user's name is a seat name's equal
        try:
            user_id = user_name = check_name(user_name)
        except LimitError as err:
            return refuse(f"{shown(user_name, 40)!r} cannot be a player: {err}.")
    elif ctx.live.record.name_for(seat, user_name) is None and user_name != seat.name:
        user_name = f"<@{user_id}>"  # a display name no seat could carry is not shown
    return user_id, user_name


def replace_player(ctx: GameContext, cmd: ReplacePlayer) -> Outcome:
    record = ctx.live.record
    seat = _seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    player = _new_player(ctx, seat, cmd.user)
    if isinstance(player, Outcome):
        return player
    user_id, user_name = player
    other = record.seat_of_user(user_id) or record.offered_to(user_id)
    if other is not None and other is not seat:
        return refuse(f"{user_name} already plays {other.name} in this game.")
    # A Discord user is only offered the seat, and takes it with `accept` (and then the seat
    # takes their name): nobody is given a seat, or pinged for it, without agreeing. A plain
    # name (the console's users, whom nobody can ping) takes it at once, name and all.
    offered = discord_user(user_id) and not same_user(user_id, ctx.actor.user_id)
    old_name = seat.name
    new_name = None if offered or _MENTION.fullmatch(user_name) else record.name_for(
        seat, user_name)
    draft = ctx.draft()
    draft.add(payloads.Replace(user_id, user_name, new_name, offered), seat=seat.name)
    if new_name is not None:
        draft.game = build_game(draft.record)
    was_dropped = " (it was dropped; no longer)" if seat.dropped else ""
    if offered:
        return Outcome(f"Moderator {ctx.actor.name} offered {old_name}'s seat to {user_name}, "
                       f"who takes it by typing `accept` here; until then nobody plays it"
                       f"{was_dropped}.\n{next_line(draft.live)}", draft=draft, mentions=[],
                       position_changed=True)
    renamed = f"; the seat plays as {new_name} from now on" if new_name is not None else ""
    text = (f"Moderator {ctx.actor.name} gave {old_name}'s seat to {user_name}{was_dropped}"
            f"{renamed}.\n{next_line(draft.live)}")
    game = draft.game
    decision = game.to_act() if game is not None else None
    mentions = ([user_id] if decision is not None
                and decision.player in (seat.name, new_name) else [])
    if new_name is not None:  # the picture shows the new name
        return Outcome(text, draft=draft, mentions=mentions, position_changed=True,
                       picture=draft.game)
    return Outcome(text, draft=draft, mentions=mentions, position_changed=True)


def drop_player(ctx: GameContext, cmd: Drop) -> Outcome:
    seat = _seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    if seat.dropped:
        return refuse(f"{seat.name} was already dropped.")
    draft = ctx.draft()
    draft.add(payloads.Drop(), seat=seat.name)
    lines = [f"Moderator {ctx.actor.name} dropped {seat.name}: from now on the bot takes every "
             f"decision of that seat, the least disruptive way (pass when allowed; see `rules`)."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def pause(ctx: GameContext, cmd: Pause) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Pause())
    return Outcome(f"Moderator {ctx.actor.name} paused the game; moves wait until a "
                   f"moderator types `resume`.", draft=draft)


def resume(ctx: GameContext, cmd: Resume) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Resume())
    lines = [f"Moderator {ctx.actor.name} resumed the game."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def abandon(ctx: GameContext, cmd: Abandon) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.Abandon())
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
    draft.add(payloads.Nudge(), seat=decision.player)
    # Only a user who took the seat themselves is pinged.
    user = (seat.player if seat is not None and not seat.dropped
            and not record.is_away(seat.name, ctx.now) else None)  # time away: no ping
    return Outcome(f"{ctx.actor.name} nudges {decision.player}: the game waits for "
                   f"{decision.text}.", draft=draft, mentions=[user] if user else [])


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
