"""What the adapters look up about a place's game between commands: the position a button was
made for and what changed since, the decision the game waits for with its choices.

Buttons and menus on Discord are made for one position; ``Position`` names it (the game, how
many moves are in force and the record of the last of them) so a press on an old message can be
told apart from a press on the current one, and ``since`` says what happened in between.
"""

from __future__ import annotations

from bot.api import Position, TableNow
from bot.service.game.live_game import LiveGame, waiting_for


def position_of(live: LiveGame) -> Position:
    moves = live.record.moves
    return Position(live.record.game_id, len(moves), moves[-1].seq if moves else 0)


def table_now(live: LiveGame) -> TableNow | None:
    """The decision the game waits for, with its choices; None when none is waiting."""
    waiting = waiting_for(live)
    if waiting is None or live.game is None:
        return None
    decision, user = waiting
    return TableNow(position_of(live), decision.player, user, decision.text,
                    tuple(str(m) for m in live.game.legal_moves()))


def since(live: LiveGame, then: Position) -> str:
    """What changed at the table since ``then``, in one sentence ("" when nothing did)."""
    now = position_of(live)
    if now == then:
        return ""
    if then.game_id != now.game_id:
        return "The table has moved on: that was another game."
    moves = live.record.moves
    kept = then.moves <= len(moves) and (
        then.moves == 0 or moves[then.moves - 1].seq == then.last_seq)
    if not kept:
        return (f"The table has moved on: moves were taken back since, and it now stands after "
                f"move {now.moves}.")
    new = moves[then.moves:]
    shown = "; ".join(f"{m.seat}: {m.text}" for m in new[:3])
    more = f" and {len(new) - 3} more" if len(new) > 3 else ""
    return f"The table has moved on: {shown}{more}."
