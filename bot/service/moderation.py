"""Moderator acts: taking moves back, acting for a player, corrections, seats, and the game's flow.

Each act is a record with the moderator as its user, and its reply says who did what, so the
channel sees every intervention and the log keeps it.
"""

from __future__ import annotations

import re

from bot.service.commands import (
    Abandon,
    ActAs,
    Correct,
    Drop,
    Nudge,
    Pause,
    ReplacePlayer,
    Resume,
    read_moves,
)
from bot.service.live_game import build_game, record_log
from bot.service.outcome import GameContext, Outcome, refuse, table_outcome
from bot.service.play import apply_moves
from bot.service.records import Seat, discord_user, same_user
from bot.service.replies import count_of, next_line, played_lines
from engine import BusError, LogError, ParseError, replay
from engine.limits import NUDGE_EVERY_SECONDS, LimitError, check_name, shown
from engine.notation import parse_move

_MENTION = re.compile(r"<@!?(\d+)>")
_NAMED_MENTION = re.compile(r"<@!?(\d+)>\s*\(([^()\n]{1,100})\)")
SHOWN = 10


def undo_many(ctx: GameContext, count: int) -> Outcome:
    moves = ctx.live.record.moves
    if not moves:
        return refuse("No move has been played yet, so there is nothing to take back.")
    if not 1 <= count <= len(moves):
        return refuse(f"The log has {count_of(len(moves), 'move')}; `undo last K` takes back 1 "
                      f"to {len(moves)}. Nothing was changed.")
    gone = moves[-count:]
    first = len(moves) - count + 1
    draft = ctx.draft()
    draft.add("undo", text=f"undo last {count}", data={"targets": [m.seq for m in gone]})
    draft.game = build_game(draft.record, near=draft.game)
    lines = [f"Moderator {ctx.actor.name} took back {count} move{'s' if count > 1 else ''}:"]
    shown = list(enumerate(gone, start=first))[-SHOWN:]
    if count > SHOWN:
        lines.append(f"  · moves {first} to {first + count - SHOWN - 1} …")
    lines.extend(f"  · {n}. {m.seat}: {m.text}" for n, m in shown)
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


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


def correct(ctx: GameContext, cmd: Correct) -> Outcome:
    """Replace move N and replay the rest; the first later move that is no longer legal, and
    everything after it, is taken back and the report says why."""
    record = ctx.live.record
    moves = record.moves
    n = cmd.number
    if not 1 <= n <= len(moves):
        return refuse(f"There is no move {n}: the log has {count_of(len(moves), 'move')} "
                      f"(see `log`).")
    try:
        new = parse_move(cmd.text)
    except ParseError as err:
        return refuse(f"I could not read the correction as one move: {err}")
    old = moves[n - 1]
    if str(new) == old.text:
        return refuse(f"Move {n} is already {old.text} ({old.seat}). Nothing was changed.")
    assert ctx.live.game is not None
    game = ctx.live.game.position_at(n - 1)
    try:
        game.push(new, old.seat)
    except BusError as err:
        return refuse(f"{new} cannot replace move {n}: {err}. Nothing was changed.")
    log = record_log(record)
    log.moves[n - 1] = (old.seat, str(new))
    stop: tuple[int, str] | None = None
    try:
        replay(log, onto=game)
    except LogError as err:  # that move and every one after it are withdrawn
        assert err.move is not None
        stop = err.move - n - 1, err.reason
    withdrawn = moves[n + stop[0]:] if stop is not None else []
    draft = ctx.draft()
    draft.add("correct", seat=old.seat, text=str(new),
              data={"target": old.seq, "number": n, "replaced": old.text,
                    "withdrawn": [m.seq for m in withdrawn],
                    "reason": stop[1] if stop is not None else None})
    draft.game = game
    lines = [f"Moderator {ctx.actor.name} corrected move {n} ({old.seat}): {old.text} → {new}."]
    if stop is None:
        if len(moves) > n:
            later = len(moves) - n
            lines.append(f"  · the {count_of(later, 'later move')} still "
                         f"{'stands' if later == 1 else 'stand'}.")
    else:
        first = n + stop[0] + 1
        bad_move = moves[first - 1]
        lines.append(f"  · Move {first} ({bad_move.seat}: {bad_move.text}) is no longer legal: "
                     f"{stop[1]}. It and every move after it ({len(withdrawn)} in all) were "
                     f"taken back; {_still_standing(n + 1, first - 1)}."
                     if first > n + 1 else
                     f"  · Move {first} ({bad_move.seat}: {bad_move.text}) is no longer legal: "
                     f"{stop[1]}. It and every move after it ({len(withdrawn)} in all) were "
                     f"taken back.")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def _still_standing(first: int, last: int) -> str:
    return f"move {first} still stands" if first == last else \
        f"moves {first} to {last} still stand"


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


def replace_player(ctx: GameContext, cmd: ReplacePlayer) -> Outcome:
    record = ctx.live.record
    seat = _seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    user_id, user_name = parse_user(cmd.user)
    if not user_id or len(user_id) > 40:
        return refuse("Name the new player: `replace NAME with @user`.")
    if not discord_user(user_id):  # a console user's name is a seat name's equal
        try:
            user_id = user_name = check_name(user_name)
        except LimitError as err:
            return refuse(f"{shown(user_name, 40)!r} cannot be a player: {err}.")
    elif record.name_for(seat, user_name) is None and user_name != seat.name:
        user_name = f"<@{user_id}>"  # a display name no seat could carry is not shown
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
    data: dict[str, object] = {"user_id": user_id, "user_name": user_name}
    if new_name is not None:
        data["name"] = new_name
    if offered:
        data["offered"] = True
    draft = ctx.draft()
    draft.add("replace", seat=seat.name, data=data)
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
    draft.add("drop", seat=seat.name)
    lines = [f"Moderator {ctx.actor.name} dropped {seat.name}: from now on the bot takes every "
             f"decision of that seat (pass when allowed, else the first legal choice)."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def pause(ctx: GameContext, cmd: Pause) -> Outcome:
    draft = ctx.draft()
    draft.add("pause")
    return Outcome(f"Moderator {ctx.actor.name} paused the game; moves wait until a "
                   f"moderator types `resume`.", draft=draft)


def resume(ctx: GameContext, cmd: Resume) -> Outcome:
    draft = ctx.draft()
    draft.add("resume")
    lines = [f"Moderator {ctx.actor.name} resumed the game."]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def abandon(ctx: GameContext, cmd: Abandon) -> Outcome:
    draft = ctx.draft()
    draft.add("abandon")
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
    draft.add("nudge", seat=decision.player)
    # Only a user who took the seat themselves is pinged.
    user = seat.player if seat is not None and not seat.dropped else None
    return Outcome(f"{ctx.actor.name} nudges {decision.player}: the game waits for "
                   f"{decision.text}.", draft=draft, mentions=[user] if user else [])


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
