"""``replace NAME with bot [easy|normal|hard]`` (moderators): the computer player takes a seat
of a running game, and plays it from its next decision on (``bot.service.bots``). The command
is read by ``replace`` (``commands.ReplaceWithBot``), whose registry entry routes it here.
``replace NAME with @user`` hands the seat back to a person."""

from __future__ import annotations

from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.words import ReplaceWithBot
from bot.service.game import payloads
from bot.service.verbs.add_bot import LEVELS
from bot.service.words.replies import next_line


def replace_with_bot(ctx: GameContext, cmd: ReplaceWithBot) -> Outcome:
    record = ctx.live.record
    seat = record.seat(cmd.name)
    if seat is None:
        return refuse(f"{cmd.name} is not seated here; the seats are "
                      f"{', '.join(s.name for s in record.seats)}.")
    level = (cmd.level or "normal").lower()
    if level not in LEVELS:
        return refuse(f"There is no bot level {cmd.level!r}: choose {', '.join(LEVELS)}.")
    if seat.bot == level and not seat.dropped:
        return refuse(f"The computer already plays {seat.name} ({level}).")
    draft = ctx.draft()
    draft.add(payloads.BotSeat(level), seat=seat.name)
    return Outcome(f"Moderator {ctx.actor.name} handed {seat.name}'s seat to the computer "
                   f"({level}); it plays that seat from now on (`replace {seat.name} with "
                   f"@user` gives it back to a person).\n{next_line(draft.live)}", draft=draft,
                   mentions=[], position_changed=True)
