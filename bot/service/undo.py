"""Taking moves back, in forms that say what they take, and putting them back with ``redo``.

``undo N`` once counted moves while ``map N`` and ``correct N`` named move numbers, so
``undo 100`` silently took back a hundred moves. Now the forms say which they mean: ``undo``
(the last move), ``undo last K`` (the last K moves), ``undo to N`` (move N and every move after
it); a bare ``undo N`` only explains both readings. ``redo`` reverses the last undo or
correction as long as nobody has chosen a move since, as a record of its own.
"""

from __future__ import annotations

from bot.service.commands import Redo, Undo, UndoLast, UndoTo
from bot.service.live_game import build_game
from bot.service.moderation import undo_many
from bot.service.outcome import GameContext, Outcome, refuse, table_outcome
from bot.service.play import player_undo
from bot.service.records import GameRecord, LiveMove, same_user
from bot.service.replies import count_of, moderator_refusal, played_lines
from engine import BusError


def take_back(ctx: GameContext, cmd: Undo | UndoLast | UndoTo | Redo) -> Outcome:
    """Every form of undo, and redo (the command table checked that the game takes them)."""
    if isinstance(cmd, Redo):
        return redo(ctx)
    if isinstance(cmd, Undo) and cmd.count is None:
        return undo_last_move(ctx)
    if not ctx.moderator:
        return refuse(moderator_refusal("take back several moves or other players' moves")
                      + " `undo` takes back your own last move.")
    moves = ctx.live.record.moves
    if isinstance(cmd, UndoLast):
        return undo_many(ctx, cmd.count)
    if isinstance(cmd, UndoTo):
        if not 1 <= cmd.number <= len(moves):
            return refuse(f"There is no move {cmd.number}: the log has "
                          f"{count_of(len(moves), 'move')}. Nothing was changed.")
        return undo_many(ctx, len(moves) - cmd.number + 1)
    assert cmd.count is not None
    return refuse(both_readings(ctx.live.record, cmd.count))


def undo_last_move(ctx: GameContext) -> Outcome:
    """``undo``: a player's own last move; for a moderator, the last move whoever made it.

    The last move is the last one a player chose, with the automatic moves that followed it.
    """
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    last = _last_chosen(record)
    if not ctx.moderator or (last is not None and seat is not None
                             and record.moves[last].seat == seat.name):
        return player_undo(ctx)
    if not record.moves:
        return refuse("No move has been played yet, so there is nothing to take back.")
    return undo_many(ctx, len(record.moves) - last if last is not None else 1)


def _last_chosen(record: GameRecord) -> int | None:
    """The index of the last move a player chose (not one the service took)."""
    chosen = [i for i, m in enumerate(record.moves) if not m.auto]
    return chosen[-1] if chosen else None


def both_readings(record: GameRecord, n: int) -> str:
    """The answer to a bare ``undo N``: what ``undo last N`` and ``undo to N`` would take."""
    moves = record.moves
    total = len(moves)
    lines = [f"`undo {n}` could mean two things, so nothing was changed. Write one of:"]
    if 1 <= n <= total:
        first = total - n + 1
        lines.append(f"  · `undo last {n}`: takes back the last {count_of(n, 'move')}, "
                     f"{_span(moves, first)}.")
    else:
        lines.append(f"  · `undo last {n}`: not possible, the log has "
                     f"{count_of(total, 'move')}.")
    if 1 <= n <= total:
        lines.append(f"  · `undo to {n}`: takes back move {n} and every move after it "
                     f"({count_of(total - n + 1, 'move')}), {_span(moves, n)}.")
    else:
        lines.append(f"  · `undo to {n}`: not possible, there is no move {n}.")
    return "\n".join(lines)


def _span(moves: list[LiveMove], first: int) -> str:
    """Moves ``first`` to the last, named by their numbers and ends."""
    start = moves[first - 1]
    if first == len(moves):
        return f"move {first} ({start.seat}: {start.text})"
    end = moves[-1]
    return (f"moves {first} ({start.seat}: {start.text}) to {len(moves)} "
            f"({end.seat}: {end.text})")


def redo(ctx: GameContext) -> Outcome:
    """Put back exactly what the last undo or correction took back, if no move was chosen
    since; the automatic moves played since then go again."""
    record = ctx.live.record
    if not record.takebacks:
        return refuse("There is nothing to redo: `redo` puts back what the last undo or "
                      "correction took back, as long as no move was chosen since. Nothing was "
                      "changed.")
    taken = record.takebacks[-1]
    own = (taken.replaced is None and same_user(taken.user_id, ctx.actor.user_id)
           and record.seat_of_user(ctx.actor.user_id) is not None)
    if not (ctx.moderator or own):
        return refuse(moderator_refusal("redo what someone else took back"))
    since = [m for m in record.moves if m.seq > taken.seq]
    draft = ctx.draft()
    draft.add("redo", text="redo", data={
        "target": taken.seq, "withdrawn": [m.seq for m in since],
        "restored": list(taken.gone), "reverted": taken.replaced})
    try:
        draft.game = build_game(draft.record, near=draft.game)
    except (BusError, ValueError) as err:
        return refuse(f"That cannot be put back: {err}. Nothing was changed.")
    who = f"Moderator {ctx.actor.name}" if ctx.moderator else ctx.actor.name
    lines = []
    if taken.replaced is not None:
        old = record.archive[taken.replaced]
        number = draft.record.move_number(taken.replaced)
        lines.append(f"{who} reversed the correction of move {number} ({old.seat}): "
                     f"{record.archive[taken.seq].text} → {old.text} again.")
    else:
        lines.append(f"{who} put back what the undo took back:")
    for seq in taken.gone:
        m = record.archive[seq]
        lines.append(f"  · {draft.record.move_number(seq)}. {m.seat}: {m.text}")
    if since:
        lines.append(f"  · the {count_of(len(since), 'automatic move')} played since "
                     f"{'was' if len(since) == 1 else 'were'} taken back.")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)
