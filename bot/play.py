"""Moves at the table: a player's own moves (one or several per message) and their own undo."""

from __future__ import annotations

from bot.live_game import Draft, LiveGame, Played, build_game
from bot.outcome import Context, Outcome, refuse, table_outcome
from bot.views import count_of, final_scores, played_lines
from engine import BusError, IllegalMove, Move, NotYourTurn, ParseError, parse_moves


def not_playable(live: LiveGame | None) -> Outcome | None:
    """Why no move can be made in this game now, or None when one can."""
    if live is None:
        return refuse("There is no game here. Start one with `new game` (or `import` a log file).")
    status = live.status
    if status == "lobby":
        return refuse("The game has not started yet: `join`, then a moderator types `start`.")
    if status == "paused":
        return refuse(f"The game is paused (by {live.record.paused_by}); moves wait until a "
                      f"moderator types `resume`. Nothing was changed.")
    if status == "abandoned":
        return refuse("This game was abandoned; `new game` starts another.")
    if status == "over":
        assert live.game is not None
        return refuse(final_scores(live.game))
    return None


def read_moves(text: str) -> list[Move] | Outcome:
    try:
        return parse_moves(text)
    except ParseError as err:
        return refuse(f"I could not read that as a move: {err}\n(`moves` lists your legal "
                      f"choices, `help` the commands.)")


def player_moves(ctx: Context, text: str) -> Outcome:
    bad = not_playable(ctx.live)
    if bad is not None:
        return bad
    assert ctx.live is not None
    moves = read_moves(text)
    if isinstance(moves, Outcome):
        return moves
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        players = ", ".join(s.name for s in record.seats)
        return refuse(f"You are not playing in this game (the players are {players}), so "
                      f"nothing was played. Moderators act for a player with `as NAME: move`.")
    if seat.dropped:
        return refuse(f"{seat.name} was dropped from this game and the bot plays for that seat; "
                      f"a moderator can `replace {seat.name} with @you` to give it back.")
    return apply_moves(ctx, seat.name, moves, by=None)


def apply_moves(ctx: Context, seat: str, moves: list[Move], by: str | None) -> Outcome:
    """Play the moves for a seat, all or nothing, with the service's own moves in between."""
    draft = ctx.draft()
    played: list[Played] = []
    for i, move in enumerate(moves):
        try:
            played.extend(draft.run_automatic(skip_seat=seat))
            played.append(draft.push(seat, move, by=by))
        except BusError as err:
            return refuse(why_not(draft, move, err, i, len(moves)))
    played.extend(draft.run_automatic())
    return table_outcome(draft, played_lines(played))


def why_not(draft: Draft, move: Move, err: BusError, index: int, total: int) -> str:
    where = f"Move {index + 1} of {total} ({move}) failed, so none was played: " if total > 1 \
        else ""
    if isinstance(err, NotYourTurn):
        game = draft.game
        decision = game.to_act() if game is not None else None
        waiting = f" The game waits for {decision.text}." if decision is not None else ""
        return f"{where}It is not your decision now.{waiting} Nothing was changed."
    if isinstance(err, IllegalMove):
        rule = f" (rule {err.rule})" if err.rule else ""
        alternatives = (f"\nLegal instead: {', '.join(err.alternatives)}."
                        if err.alternatives else "")
        return f"{where}Not allowed{rule}: {err}. Nothing was changed.{alternatives}"
    return f"{where}{err}. Nothing was changed."


def player_undo(ctx: Context) -> Outcome:
    """A player takes back their own last move, as long as nobody else has moved since.

    The service's automatic moves after it do not count as someone moving; they go too.
    """
    live = ctx.live
    bad = not_playable(live)
    if bad is not None and not (live is not None and live.status == "over"):
        return bad
    assert live is not None
    record = live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        return refuse("You are not playing in this game; moderators take moves back with "
                      "`undo last K` or `undo to N`. Nothing was changed.")
    chosen = [i for i, m in enumerate(record.moves) if not m.auto]
    if not chosen or record.moves[chosen[-1]].seat != seat.name:
        last = record.moves[chosen[-1]] if chosen else None
        since = f" The last move was {last.seat}'s ({last.text})." if last is not None else ""
        return refuse(f"You can take back only your own last move, while nobody else has moved "
                      f"since.{since} A moderator can `undo` it. Nothing was changed.")
    gone = record.moves[chosen[-1]:]
    draft = ctx.draft()
    draft.add("undo", text="undo", data={"targets": [m.seq for m in gone]})
    draft.game = build_game(draft.record)
    lines = [f"{seat.name} takes back: {gone[0].text}"]
    if len(gone) > 1:
        lines.append(f"  · and the {count_of(len(gone) - 1, 'automatic move')} after it")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)
