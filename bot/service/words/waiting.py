"""A few words per seat about waiting, for ``status`` and the picture's player cards.

"due <t:...:R>" on the seat to act (when its deadline or time bank runs out, each reader in
their own zone; "overdue since <t:...:R>" after that, under the timeout policy `wait`),
"quiet hours until <t:...:t>" while its player's quiet hours hold the clock,
"away until <t:...:f>", "bank 2 d 4 h" on every seat of a game with a time bank, "has a plan"
(never what it is). The moments are ``Timestamp``s (``moments.py``): Discord markup in a post, and
written out in words on a picture (``drawing/prepared.seat_notes``) or at the console.
"""

from __future__ import annotations

from bot.service.game import deadlines
from bot.service.game.deadlines import NEVER, NO_HOURS, Hours
from bot.service.game.records import GameRecord, GameStatus
from bot.service.words.moments import Timestamp, full, relative
from engine import Game
from engine.text import Msg, Text

HAS_A_PLAN = Msg("seat.has_a_plan", "has a plan")
AWAY_UNTIL = Msg("seat.away_until", "away until {day}")
DUE = Msg("seat.due", "due {when}")
OVERDUE = Msg("seat.overdue", "overdue since {when}")
QUIET_UNTIL = Msg("seat.quiet_until", "quiet hours until {when}")
BANK = Msg("seat.bank", "bank {left}")


def seat_facts(record: GameRecord, game: Game | None, now: float,
               hours: Hours = NO_HOURS) -> dict[str, list[Text]]:
    """The facts of each seat, by seat name (``hours``: its player's quiet hours, by seat):
    the seat to act's due moment first."""
    facts: dict[str, list[Text]] = {}
    active = game is not None and record.status == GameStatus.ACTIVE
    for seat in record.seats:
        if record.is_away(seat.name, now):
            facts.setdefault(seat.name, []).append(AWAY_UNTIL(day=full(record.away[seat.name])))
        if seat.name in record.plans:
            facts.setdefault(seat.name, []).append(HAS_A_PLAN())
        bank = deadlines.bank_now(record, seat.name, game, now, hours) if active else None
        if bank is not None and not seat.dropped and seat.bot is None:
            facts.setdefault(seat.name, []).append(BANK(left=deadlines.span(bank)))
    decision = game.to_act() if game is not None and active else None
    if decision is None or record.is_away(decision.player, now):
        return facts
    first: list[Text] = []
    out = deadlines.runs_out(record, game, now, hours)
    if out is not None:
        first.append((DUE if out > now else OVERDUE)(when=relative(out)))
    quiet = hours.get(decision.player, NEVER)
    if record.timed and quiet.quiet_at(now):
        first.append(QUIET_UNTIL(when=Timestamp(quiet.end(now), "t")))
    if first:
        facts[decision.player] = [*first, *facts.get(decision.player, [])]
    return facts
