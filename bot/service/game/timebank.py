"""The time bank: each player's own store of time, instead of a stopwatch per decision.

``timebank 3d +12h max 5d`` (``verbs/timebank.py``) gives every seat a bank of 3 days that gains
12 hours after each of its decisions and never holds more than 5 days. It runs only while that
seat must act, not in its player's quiet hours, not while they are away and not while the game
is paused (``deadlines.counted``); when it is empty, the decision's time has run out and the
timeout policy applies, as at a deadline (``scheduler.py``). A deadline may be set beside it: a
decision then runs out at whichever comes first.

What is left of a seat's bank is a record of the game, ``bank`` (``payloads.BankLeft``), which
the service writes when a decision ends (``settle``, called by the pipeline as it commits any
change): the time the decision counted is taken off the bank of the seat that had to act,
and when the table moves on to another seat after a decision of its own (a timeout gains
nothing), the gain is added (once per move in force, so a
move taken back and made again gains nothing twice). The fold (``GameRecord.banks``) reads it
back, so a bank survives restarts, is exported, and ``status`` and the picture show it.

Presets, named like the speeds players know from turn-based sites (``timebank fast``,
``normal``, ``slow``): ``PRESETS``.
"""

from __future__ import annotations

import re

from bot.service.game import deadlines, payloads
from bot.service.game.deadlines import NEVER, Hours
from bot.service.game.live_game import BOT_USER, Draft, LiveGame
from bot.service.game.records import GameStatus
from bot.service.game.waits import TimeBank
from engine.limits import check_timebank

DAY, HOUR = 86400.0, 3600.0
#: ``timebank fast``: a day, 4 hours more per decision, at most 2 days (a table that plays
#: every day); ``normal``: 3 days, +12 hours, at most 5 days (a move or two a day, a weekend
#: away is fine); ``slow``: a week, +1 day, at most 2 weeks (a table that plays at weekends).
PRESETS: dict[str, TimeBank] = {
    "fast": TimeBank(1 * DAY, 4 * HOUR, 2 * DAY),
    "normal": TimeBank(3 * DAY, 12 * HOUR, 5 * DAY),
    "slow": TimeBank(7 * DAY, 1 * DAY, 14 * DAY),
}

#: ``3d +12h max 5d``, each duration as ``deadlines.duration`` reads it ("+0h" gains nothing;
#: ``max`` may be left out: then the bank never holds more than it starts with)
_WRITTEN = re.compile(r"(\S{1,16})\s*\+\s*(\S{1,16})(?:\s+max\s+(\S{1,16}))?", re.ASCII)


def read(text: str) -> TimeBank | None:
    """A time bank as written (``3d +12h max 5d``, or a preset's name); None when it is not
    one; ``LimitError`` outside the limits (``engine.limits.check_timebank``)."""
    words = text.strip().lower()
    if words in PRESETS:
        return PRESETS[words]
    m = _WRITTEN.fullmatch(words)
    if m is None:
        return None
    start = deadlines.duration(m[1])
    gain = 0.0 if m[2] == "0" else deadlines.duration(m[2])
    most = deadlines.duration(m[3]) if m[3] else start
    if start is None or gain is None or most is None:
        return None
    check_timebank(start, gain, most)
    return TimeBank(start, gain, most)


def settle(before: LiveGame | None, draft: Draft, hours: Hours) -> None:
    """At the end of a command: when the position moved on, the time the decision counted is
    taken off the bank of the seat that had to act (a ``bank`` record), and the gain added when
    the table moved on to another seat. Nothing when the game has no time bank or was not
    under way."""
    if before is None or before.game is None or before.status != GameStatus.ACTIVE:
        return
    record, after = before.record, draft.record
    bank = record.banks.setting
    if bank is None or after.banks.setting != bank or after.position_seq == record.position_seq:
        return
    decision = before.game.to_act()
    if decision is None:
        return
    seat = decision.player
    if after.seat(seat) is None:  # renamed in this very command: its bank starts whole
        return
    left = record.banks.of(seat)
    assert left is not None
    left -= deadlines.counted(record, seat, draft.now, hours.get(seat, NEVER))
    credited = 0
    now_acting = draft.game.to_act() if draft.game is not None else None
    moves = len(after.moves)
    # the seat's own decision (a timeout, or the service's move for a dropped seat, gains nothing)
    played = any(r.kind == "move" and r.seat == seat and isinstance(r.payload, payloads.Moved)
                 and r.payload.reason is None and r.payload.policy is None for r in draft.new)
    if played and (now_acting is None or now_acting.player != seat) \
            and moves > after.banks.credited.get(seat, 0):
        left += bank.gain
        credited = moves
    left = min(bank.most, max(0.0, left))
    if left != record.banks.of(seat) or credited:
        draft.add(payloads.BankLeft(round(left, 3), credited), seat=seat, user=BOT_USER)
