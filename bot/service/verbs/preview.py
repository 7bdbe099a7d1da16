"""Trying moves without playing them, and the position a button was made for.

``preview MOVE...`` plays the moves on a copy of the game (for whoever decides at each step,
with the service's automatic moves in between, exactly as a real message would) and answers
with the picture of that copy, its changes highlighted against the table as it stands. Nothing
is recorded: the draft is thrown away, so a preview can never touch the log.

Buttons and menus on Discord are made for one position; ``Position`` names it (the game, how
many moves are in force and the record of the last of them) so a press on an old message can be
told apart from a press on the current one, and ``since`` says what happened in between.
"""

from __future__ import annotations

from bot.api import Position, TableNow
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.words import Preview
from bot.service.game.live_game import Draft, LiveGame, Played
from bot.service.game.records import PLAYING_STATUSES, GameStatus, same_user
from bot.service.verbs.move import why_not
from bot.service.words.replies import next_line, played_lines
from engine import BusError, Decision, Move, Question

#: marked on a preview's picture, so that nobody takes it for the table
NOTE = "Preview: not played"


def position_of(live: LiveGame) -> Position:
    moves = live.record.moves
    return Position(live.record.game_id, len(moves), moves[-1].seq if moves else 0)


def waiting_for(live: LiveGame) -> tuple[Decision, str | None] | None:
    """The decision the game waits for and the user who answers it (None for a dropped seat
    or one still only offered); None when nothing waits (lobby, paused, over)."""
    if live.status != GameStatus.ACTIVE or live.game is None:
        return None
    decision = live.game.to_act()
    if decision is None:
        return None
    seat = live.record.seat(decision.player)
    return decision, seat.player if seat is not None and not seat.dropped else None


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


def preview_name(game_id: int, moves: int) -> str:
    return f"bus-game{game_id}-move{moves:03d}-preview.png"


def previewable(ctx: GameContext, cmd: object = None) -> Outcome | None:
    """A preview needs a game under way (a paused one previews as if resumed)."""
    live = ctx.live
    if live.status in PLAYING_STATUSES and live.game is not None:
        return None
    return refuse(f"There is nothing to preview: the game is {live.status}.")


def preview(ctx: GameContext, cmd: Preview) -> Outcome:
    """The table as it would be after the command's moves; nothing is recorded."""
    live = ctx.live
    assert live.game is not None  # the command table checked ``previewable``
    tried = _unwrapped(list(cmd.moves))
    first = waiting_for(live)
    draft = Draft.of(live, ctx.actor, ctx.now, None)
    draft.record.status = GameStatus.ACTIVE  # a paused game previews as if resumed
    played: list[Played] = []
    for i, move in enumerate(tried):
        try:
            played.extend(draft.run_automatic())
            game = draft.game
            decision = game.to_act() if game is not None else None
            if decision is None:
                raise BusError("the game would be over before it")
            played.append(draft.push(decision.player, move))
        except BusError as err:
            return why_not(draft, move, err, i, len(tried),
                           unchanged="Nothing was previewed or changed.")
    played.extend(draft.run_automatic())
    written = "; ".join(str(m) for m in tried)
    lines = [f"Preview only: nothing was played. The table if {written}:",
             *played_lines(played), _then(next_line(draft.live)), _to_play(ctx, first, written)]
    return Outcome("\n".join(lines), picture=draft.game, previous=live.game,
                   picture_name=preview_name(live.record.game_id, len(draft.record.moves)),
                   preview=written)


def _then(line: str) -> str:
    """What follows the previewed moves, in one line ("After that, next: Cleo: ...")."""
    if line.startswith("Next: "):
        return f"After that, next: {line.removeprefix('Next: ')}"
    return f"After that: {line}"


def _to_play(ctx: GameContext, first: tuple[Decision, str | None] | None, written: str) -> str:
    """How the previewed moves are played, said to the one who can play them."""
    if first is None or same_user(first[1], ctx.actor.user_id):
        return f"To play it, write: {written}"
    return f"Only {first[0].player} can play it now, by writing: {written}"


def _unwrapped(moves: list[Move]) -> list[Move]:
    """The moves themselves: "preview maybe X" previews X rather than answering the maybe."""
    out: list[Move] = []
    for move in moves:
        out.extend(move.moves if isinstance(move, Question) else (move,))
    return out
