"""Taking moves back and putting them back: ``undo``, ``undo NAME``, ``undo last K``,
``undo to N``, ``redo`` and ``correct N: move``, in one place.

``undo N`` once counted moves while ``map N`` and ``correct N`` named move numbers, so
``undo 100`` silently took back a hundred moves. Now the forms say which they mean: ``undo``
(the last move), ``undo last K`` (the last K moves), ``undo to N`` (move N and every move after
it); a bare ``undo N`` only explains both readings. ``redo`` reverses the last undo or
correction as long as nobody has chosen a move since, as a record of its own. Who may do which
is in the entries below (``several_moves``, ``redo_allowed`` are their needs); taking back or
replaying more than ``BIG`` moves asks first (``AskFirst``); what the records mean is the
fold's (``game/records.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.confirm import ask_first
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import AskFirst, Entry, Route, Section, Slash, Who
from bot.service.command.needs import moderator, playable_or_over, players_seat, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words, number, only
from bot.service.game import payloads
from bot.service.game.live_game import Draft, build_game, record_log
from bot.service.game.records import GameRecord, GameStatus, LiveMove, same_user
from bot.service.words.replies import count_of, moderator_refusal, played_lines
from engine import BusError, Game, LogError, Move, ParseError, replay
from engine.limits import shown
from engine.notation import POLITE, parse_move

#: more moves than this taken back (or replayed by a correction) make a change big: it asks
#: for ``confirm`` first
BIG = 3


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """``undo`` (the last move), or a bare ``undo N``, which could mean either of the forms
    below and is therefore only explained, never carried out."""

    count: int | None


@dataclass(frozen=True, slots=True)
class UndoLast(Command):
    """``undo last K``: take back the last K moves."""

    count: int


@dataclass(frozen=True, slots=True)
class UndoSeat(Command):
    """``undo NAME``: a moderator takes back that player's last move (the last one chosen)."""

    name: str


@dataclass(frozen=True, slots=True)
class UndoTo(Command):
    """``undo to N``: take back move N and every move after it."""

    number: int


@dataclass(frozen=True, slots=True)
class Redo(Command):
    """``redo``: put back what the last undo or correction took back."""


@dataclass(frozen=True, slots=True)
class Correct(Command):
    """``correct N: move``: replace move N and replay the later moves."""

    number: int
    text: str


# ---- reading -------------------------------------------------------------------------------------

#: how a writer names their own last move after ``undo``
_OWN = ("my move", "my last move", "mine", "my last", "me")


def _undo(w: Words) -> Command | None:
    if only(w, 1):
        return Undo(None)
    second = w.word(1) or ""
    if second == "to":  # undo to [move] [#]N
        at = 3 if w.word(2) == "move" else 2
        n = number(w.word(at))
        return UndoTo(n) if n is not None and only(w, at + 1) else None
    if second in ("last", "the"):  # undo [the] last [K] [move|moves]
        at = 2 if second == "last" else 3
        if second == "the" and w.word(2) != "last":
            return None
        count = number(w.word(at)) if not (w.word(at) or "").startswith("#") else None
        end = at + 1 if count is not None else at
        if w.word(end) in ("move", "moves"):
            end += 1
        return UndoLast(count if count is not None else 1) if only(w, end) else None
    if w.rest(1).lower() in _OWN:
        return Undo(None)
    count = number(second) if not second.startswith("#") else None
    if count is not None:
        return Undo(count) if only(w, 2) else None
    name = w.rest(1)
    if "\n" in name or number(second.lstrip("#")) is not None or name.lower() in POLITE:
        return None  # "undo please" is a mistyped undo, answered with how it is written
    return UndoSeat(name)


def _redo(w: Words) -> Command | None:
    return Redo() if only(w, 1) else None


def _correct(w: Words) -> Command | None:
    head, colon, text = w.rest(1).partition(":")
    parts = head.split()
    if parts and parts[0].lower() == "move":
        parts = parts[1:]
    n = number(parts[0]) if len(parts) == 1 else None
    if not colon or n is None or not text.strip():
        return None
    return Correct(n, text.strip())


# ---- how big a change is (``AskFirst``) ----------------------------------------------------------


def _taken_back(ctx: GameContext, cmd: UndoLast | UndoTo) -> int | None:
    """How many moves ``undo last K`` or ``undo to N`` takes back (None: it cannot)."""
    total = len(ctx.live.record.moves)
    count = cmd.count if isinstance(cmd, UndoLast) else total - cmd.number + 1
    return count if 1 <= count <= total else None


def _takes_back(ctx: GameContext, cmd: UndoLast | UndoTo, count: int) -> str:
    return (f"`{_typed_undo(cmd)}` would take back {count_of(count, 'move')} "
            f"(of {len(ctx.live.record.moves)}).")


def _typed_undo(cmd: UndoLast | UndoTo) -> str:
    return f"undo last {cmd.count}" if isinstance(cmd, UndoLast) else f"undo to {cmd.number}"


def _replayed(ctx: GameContext, cmd: Correct) -> int | None:
    """How many later moves a correction replays (None: there is no such move)."""
    total = len(ctx.live.record.moves)
    return total - cmd.number if 1 <= cmd.number <= total else None


def _replaces(ctx: GameContext, cmd: Correct, later: int) -> str:
    old = ctx.live.record.moves[cmd.number - 1]
    return (f"`correct {cmd.number}` would replace move {cmd.number} ({old.seat}: {old.text}) "
            f"and replay the {count_of(later, 'move')} after it; any that is no longer legal "
            f"is taken back with every move after it.")


UNDOING_ASKS = AskFirst(BIG, _taken_back, _takes_back, _typed_undo)
CORRECTION_ASKS = AskFirst(BIG, _replayed, _replaces,
                           lambda cmd: f"correct {cmd.number}: {cmd.text}", by_handler=True)


#: moves listed one by one when a moderator takes back many
SHOWN = 10


# ---- who may (needs checked before the handlers run) -------------------------------------------


def several_moves(ctx: GameContext, cmd: Undo | UndoLast | UndoTo) -> Outcome | None:
    """Taking back more than one's own last move (``undo last K``, ``undo to N``, a bare
    ``undo N``) is for moderators."""
    if ctx.moderator or (isinstance(cmd, Undo) and cmd.count is None):
        return None
    return refuse(moderator_refusal("take back several moves or other players' moves")
                  + " `undo` takes back your own last move.")


def redo_allowed(ctx: GameContext, cmd: Redo) -> Outcome | None:
    """A player may redo what they took back themselves; a moderator anything (with nothing
    to redo, the handler says so to anyone)."""
    record = ctx.live.record
    if ctx.moderator or not record.takebacks:
        return None
    taken = record.takebacks[-1]
    if (taken.replaced is None and same_user(taken.user_id, ctx.actor.user_id)
            and record.seat_of_user(ctx.actor.user_id) is not None):
        return None
    return refuse(moderator_refusal("redo what someone else took back"))


# ---- undo ----------------------------------------------------------------------------------------


def undo(ctx: GameContext, cmd: Undo) -> Outcome:
    """``undo`` (the last move) or a bare ``undo N`` (explained, never carried out)."""
    if cmd.count is None:
        return undo_last_move(ctx)
    return refuse(both_readings(ctx.live.record, cmd.count))


def undo_last(ctx: GameContext, cmd: UndoLast) -> Outcome:
    return undo_many(ctx, cmd.count)


def undo_to(ctx: GameContext, cmd: UndoTo) -> Outcome:
    moves = ctx.live.record.moves
    if not 1 <= cmd.number <= len(moves):
        return refuse(f"There is no move {cmd.number}: the log has "
                      f"{count_of(len(moves), 'move')}.")
    return undo_many(ctx, len(moves) - cmd.number + 1)


def undo_last_move(ctx: GameContext) -> Outcome:
    """``undo``: the writer's own last move, whoever writes it (a moderator too: someone
    else's is ``undo NAME``). A moderator without a seat has no move of their own, so for
    them it is the last move, whoever made it; the reply names whose move went.

    The last move is the last one a player chose, with the automatic moves that followed it.
    """
    record = ctx.live.record
    if ctx.moderator and record.seat_of_user(ctx.actor.user_id) is None:
        last = _last_chosen(record)
        if last is None:
            return refuse("No move has been played yet, so there is nothing to take back.")
        return _take_back_from(ctx, last)
    return player_undo(ctx)


def undo_seat(ctx: GameContext, cmd: UndoSeat) -> Outcome:
    """``undo NAME`` (moderators): NAME's last move, when it is the last move chosen."""
    record = ctx.live.record
    seat = record.seat(cmd.name)
    if seat is None:
        names = ", ".join(s.name for s in record.seats)
        return refuse(f"Nobody called {shown(cmd.name, 40)} plays here ({names}); `undo` "
                      f"takes back your own last move, `undo NAME` a player's.")
    last = _last_chosen(record)
    if last is None:
        return refuse("No move has been played yet, so there is nothing to take back.")
    if record.moves[last].seat != seat.name:
        move = record.moves[last]
        return refuse(f"The last move was {move.seat}'s ({move.text}), not {seat.name}'s: "
                      f"`undo {move.seat}` takes it back, `undo to N` takes back from move N.")
    return _take_back_from(ctx, last)


def _take_back_from(ctx: GameContext, last: int) -> Outcome:
    """A moderator takes back the move at index ``last`` and the automatic moves after it,
    saying whose move went."""
    gone = ctx.live.record.moves[last:]
    draft = _withdrawn(ctx, gone, "undo")
    who = gone[0].seat
    lines = [f"Moderator {ctx.actor.name} took back {who}'s move:",
             f"  · {last + 1}. {who}: {gone[0].text}"]
    if len(gone) > 1:
        lines.append(f"  · and the {count_of(len(gone) - 1, 'automatic move')} after it")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def _last_chosen(record: GameRecord) -> int | None:
    """The index of the last move chosen for its decision (by a player, a plan or a timeout;
    not one the service took by itself)."""
    chosen = [i for i, m in enumerate(record.moves) if m.chosen]
    return chosen[-1] if chosen else None


def player_undo(ctx: GameContext) -> Outcome:
    """A player takes back their own last move, as long as nobody else has moved since.

    The service's automatic moves after it do not count as someone moving; they go too.
    """
    record = ctx.live.record
    seat = players_seat(ctx, "take a move back")
    if isinstance(seat, Outcome):
        return seat
    last = _last_chosen(record)
    if last is not None and record.moves[last].why == "timeout":
        timed = record.moves[last]
        return refuse(f"The last move ({timed.text}) was played because {timed.seat}'s time "
                      f"ran out; a moderator can take it back with `undo {timed.seat}`.")
    if last is None or record.moves[last].seat != seat.name:
        since = (f" The last move was {record.moves[last].seat}'s ({record.moves[last].text})."
                 if last is not None else "")
        undo = f"`undo {record.moves[last].seat}`" if last is not None else "`undo NAME`"
        who = "As a moderator you can" if ctx.moderator else "A moderator can"
        return refuse(f"You can take back only your own last move, while nobody else has moved "
                      f"since.{since} {who} take it back with {undo}.")
    gone = record.moves[last:]
    draft = _withdrawn(ctx, gone, "undo")
    lines = [f"{seat.name} takes back: {gone[0].text}"]
    if len(gone) > 1:
        lines.append(f"  · and the {count_of(len(gone) - 1, 'automatic move')} after it")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def undo_many(ctx: GameContext, count: int) -> Outcome:
    """A moderator takes back the last ``count`` moves."""
    moves = ctx.live.record.moves
    if not moves:
        return refuse("No move has been played yet, so there is nothing to take back.")
    if not 1 <= count <= len(moves):
        return refuse(f"The log has {count_of(len(moves), 'move')}; `undo last K` takes back 1 "
                      f"to {len(moves)}.")
    gone = moves[-count:]
    first = len(moves) - count + 1
    draft = _withdrawn(ctx, gone, f"undo last {count}")
    lines = [f"Moderator {ctx.actor.name} took back {count} move{'s' if count > 1 else ''}:",
             *listed([f"{n}. {m.seat}: {m.text}" for n, m in enumerate(gone, start=first)])]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def listed(items: list[str]) -> list[str]:
    """Lines of a long list: the first ``SHOWN`` items, then "... and N more"."""
    lines = [f"  · {item}" for item in items[:SHOWN]]
    if len(items) > SHOWN:
        lines.append(f"  · ... and {len(items) - SHOWN} more (`log all` lists them)")
    return lines


def _withdrawn(ctx: GameContext, gone: list[LiveMove], text: str) -> Draft:
    """A draft with an ``undo`` record taking back ``gone``, its position rebuilt."""
    draft = ctx.draft()
    draft.add(payloads.Undone(tuple(m.seq for m in gone)), text=text)
    draft.game = build_game(draft.record, near=draft.game)
    return draft


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


# ---- redo ----------------------------------------------------------------------------------------


def redo(ctx: GameContext, cmd: Redo) -> Outcome:
    """Put back exactly what the last undo or correction took back, if no move was chosen
    since; the automatic moves played since then go again."""
    record = ctx.live.record
    if not record.takebacks:
        return refuse("There is nothing to redo: `redo` puts back what the last undo or "
                      "correction took back, as long as no move was chosen since.")
    taken = record.takebacks[-1]
    since = [m for m in record.moves if m.seq > taken.seq]
    draft = ctx.draft()
    draft.add(payloads.Redone(taken.seq, tuple(m.seq for m in since), taken.gone, taken.replaced),
              text="redo")
    try:
        draft.game = build_game(draft.record, near=draft.game)
    except (BusError, ValueError) as err:
        return refuse(f"That cannot be put back: {err}.")
    who = f"Moderator {ctx.actor.name}" if ctx.moderator else ctx.actor.name
    lines = []
    if taken.replaced is not None:
        old = record.archive[taken.replaced]
        number = draft.record.move_number(taken.replaced)
        lines.append(f"{who} reversed the correction of move {number} ({old.seat}): "
                     f"{record.archive[taken.seq].text} → {old.text} again.")
    else:
        lines.append(f"{who} put back what the undo took back:")
    lines.extend(listed([f"{draft.record.move_number(seq)}. {record.archive[seq].seat}: "
                         f"{record.archive[seq].text}" for seq in taken.gone]))
    if since:
        lines.append(f"  · the {count_of(len(since), 'automatic move')} played since "
                     f"{'was' if len(since) == 1 else 'were'} taken back.")
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


# ---- corrections ---------------------------------------------------------------------------------


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
        return refuse(f"Move {n} is already {old.text} ({old.seat}).")
    assert ctx.live.game is not None
    game = ctx.live.game.position_at(n - 1)
    try:
        game.push(new, old.seat)
    except BusError as err:
        return refuse(f"{new} cannot replace move {n}: {err}.")
    asked = ask_first(ctx, cmd, CORRECTION_ASKS)  # one replaying many moves asks first
    return asked if asked is not None else _corrected(ctx, n, new, game)


def _corrected(ctx: GameContext, n: int, new: Move, game: Game) -> Outcome:
    """Move ``n`` replaced by ``new`` (already pushed on ``game``): replay the later moves up
    to the first that is no longer legal, and record the correction."""
    moves = ctx.live.record.moves
    old = moves[n - 1]
    log = record_log(ctx.live.record)
    log.moves[n - 1] = (old.seat, str(new))
    stop: tuple[int, str] | None = None
    try:
        replay(log, onto=game)
    except LogError as err:  # that move and every one after it are withdrawn
        assert err.move is not None
        stop = err.move - n - 1, err.reason
    withdrawn = moves[n + stop[0]:] if stop is not None else []
    draft = ctx.draft()
    draft.add(payloads.Corrected(old.seq, n, old.text, tuple(m.seq for m in withdrawn),
                               stop[1] if stop is not None else None),
              seat=old.seat, text=str(new))
    draft.game = game
    lines = [f"Moderator {ctx.actor.name} corrected move {n} ({old.seat}): {old.text} → {new}.",
             _after_correction(moves, n, stop, len(withdrawn))]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, [line for line in lines if line])


def _after_correction(moves: list[LiveMove], n: int, stop: tuple[int, str] | None,
                      withdrawn: int) -> str:
    """What became of the moves after a corrected move ``n`` ("" when there are none)."""
    if stop is None:
        later = len(moves) - n
        return (f"  · the {count_of(later, 'later move')} still "
                f"{'stands' if later == 1 else 'stand'}.") if later > 0 else ""
    first = n + stop[0] + 1
    bad = moves[first - 1]
    told = (f"  · Move {first} ({bad.seat}: {bad.text}) is no longer legal: {stop[1]}. It and "
            f"every move after it ({withdrawn} in all) were taken back")
    if first > n + 1:
        return f"{told}; {_still_standing(n + 1, first - 1)}."
    return f"{told}."


def _still_standing(first: int, last: int) -> str:
    return f"move {first} still stands" if first == last else \
        f"moves {first} to {last} still stand"


# ---- the commands --------------------------------------------------------------------------------

ENTRIES = (
    Entry("undo", ("undo",), "`undo` (your own last move), `undo NAME` (that player's last "
                             "move), `undo last K` (the last K moves) or `undo to N` (move N "
                             "and every move after it)", _undo,
          {Undo: Route(undo, (playable_or_over, several_moves)),
           UndoSeat: Route(undo_seat, (
               playable_or_over, moderator("take back another player's move"))),
           UndoLast: Route(undo_last, (playable_or_over, several_moves), confirm=UNDOING_ASKS),
           UndoTo: Route(undo_to, (playable_or_over, several_moves), confirm=UNDOING_ASKS)},
          strict=True,
          help=((Section.PLAY, "`undo` takes back your own last move while nobody else has "
                               "moved"),
                (Section.MODERATORS, "`undo NAME` (that player's last move), `undo last K` (the "
                                     "last K moves), `undo to N` (move N and every move after "
                                     "it); taking back more than 3 moves asks for `confirm`")),
          docs=((Who.DECIDING, "`undo` (own last move while nobody else has moved since)"),
                (Who.MODERATORS, "`undo NAME`, `undo last K`, `undo to N` (more than 3 moves: "
                                 "then `confirm`)")),
          slash=Slash("undo", "Take back your last move (moderators: several)"), rank=17),
    Entry("redo", ("redo",), "`redo`", _redo,
          {Redo: Route(redo, (playable_or_over, redo_allowed))},
          strict=True,
          help=((Section.PLAY, "`redo` puts it back"),
                (Section.MODERATORS, "`redo` (puts back what the last undo or correction took "
                                     "back)")),
          docs=((Who.DECIDING, "`redo` (puts back what their own undo took back)"),
                (Who.MODERATORS, "`redo`")),
          slash=Slash("redo", "Put back what the last undo or correction took back"), rank=18),
    Entry("correct", ("correct",), "`correct N: move`", _correct,
          {Correct: Route(correct, (moderator("correct a move"),
                                    status("correct a move", GameStatus.ACTIVE, GameStatus.OVER)),
                          confirm=CORRECTION_ASKS)},
          strict=True, help=((Section.MODERATORS, "`correct N: move` (replaying more than 3 "
                                                  "moves asks for `confirm`)"),),
          docs=((Who.MODERATORS, "`correct N: move`"),),
          slash=Slash("correct", "Moderators: correct an earlier move"), rank=20),
)
