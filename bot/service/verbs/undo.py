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
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import (
    AUTOMATIC_MOVES,
    MOVES,
    moderator_refusal,
    named,
    played_lines,
)
from engine import BusError, Game, LogError, Move, ParseError, replay
from engine.decisions import shortened
from engine.limits import shown
from engine.notation import POLITE, MoveText, parse_move
from engine.text import Msg, Plural, Text

TAKE_BACK_SEVERAL = Msg("undo.doing.several", "take back several moves or other players' "
                        "moves")
ONLY_MODERATOR_SEVERAL = Msg("undo.only_moderator_several", "Only a moderator can take back "
                             "several moves or other players' moves: the game's creator, members "
                             "with the moderator role, or the server's managers. `undo` takes "
                             "back your own last move.")
REDO_OTHERS = Msg("undo.doing.redo_others", "redo what someone else took back")
NOTHING_PLAYED = Msg("undo.nothing_played", "No move has been played yet, so there is nothing to "
                     "take back.")
NOT_THEIRS = Msg("undo.not_theirs", "The last move was {seat}'s ({text}), not {name}'s: `undo "
                 "{seat}` takes it back, `undo to N` takes back from move N.")
TAKE_A_MOVE_BACK = Msg("undo.doing.take_back", "take a move back")
TIMED_OUT = Msg("undo.timed_out", "The last move ({text}) was played because {seat}'s time ran "
                "out; a moderator can take it back with `undo {seat}`.")
ONLY_YOUR_OWN = Msg("undo.only_your_own", "You can take back only your own last move, while "
                    "nobody else has moved since. A moderator can take it back with `undo NAME`.")
ONLY_YOUR_OWN_MODERATOR = Msg("undo.only_your_own_moderator", "You can take back only your own "
                              "last move, while nobody else has moved since. As a moderator you "
                              "can take it back with `undo NAME`.")
ONLY_YOUR_OWN_SINCE = Msg("undo.only_your_own_since", "You can take back only your own last "
                          "move, while nobody else has moved since. The last move was {seat}'s "
                          "({text}). A moderator can take it back with `undo {seat}`.")
ONLY_YOUR_OWN_SINCE_MODERATOR = Msg("undo.only_your_own_since_moderator", "You can take back "
                                    "only your own last move, while nobody else has moved since. "
                                    "The last move was {seat}'s ({text}). As a moderator you can "
                                    "take it back with `undo {seat}`.")
NOTHING_TO_REDO = Msg("undo.nothing_to_redo", "There is nothing to redo: `redo` puts back what "
                      "the last undo or correction took back, as long as no move was chosen "
                      "since.")
CANNOT_PUT_BACK = Msg("undo.cannot_put_back", "That cannot be put back: {err}.")
UNREADABLE_CORRECTION = Msg("undo.unreadable_correction", "I could not read the correction as "
                            "one move: {err}")
ALREADY = Msg("undo.already", "Move {n} is already {text} ({seat}).")
CANNOT_REPLACE = Msg("undo.cannot_replace", "{new} cannot replace move {n}: {err}.")
STILL_STANDS = Msg("undo.still_stands", "move {first} still stands")
STILL_STAND = Msg("undo.still_stand", "moves {first} to {last} still stand")
WOULD_TAKE_BACK = Msg("undo.would_take_back", "`{typed}` would take back {moves} (of {total}).")
WOULD_REPLACE = Msg("undo.would_replace", "`correct {n}` would replace move {n} ({seat}: {text}) "
                    "and replay the {moves} after it; any that is no longer legal is taken back "
                    "with every move after it.")
NO_MOVE_N = Msg("undo.no_move_n", "There is no move {n}: the log has {moves}.")
NO_MOVE_N_SEE_LOG = Msg("undo.no_move_n_see_log", "There is no move {n}: the log has {moves} "
                        "(see `log`).")
NOBODY_CALLED = Msg("undo.nobody_called", "Nobody called {name} plays here ({players}); `undo` "
                    "takes back your own last move, `undo NAME` a player's.")
MODERATOR_TOOK_BACK = Msg("undo.moderator_took_back", "Moderator {name} took back {seat}'s move:")
MOVE_LINE = Msg("undo.move_line", "  · {number}. {seat}: {move}")
LISTED = Msg("undo.listed", "  · {item}")
#: a move taken back, as the list of them names it
GONE_MOVE = Msg("undo.gone_move", "{n}. {seat}: {move}")
AND_AUTOMATIC = Msg("undo.and_automatic", "  · and the {moves} after it")
TAKES_BACK = Msg("undo.takes_back", "{seat} takes back: {move}")
RANGE = Msg("undo.range", "The log has {moves}; `undo last K` takes back 1 to {total}.")
MODERATOR_TOOK_BACK_MANY = Plural("undo.moderator_took_back_many",
                                  "Moderator {name} took back {n} move:",
                                  "Moderator {name} took back {n} moves:")
AND_MORE = Msg("undo.and_more", "  · ... and {n} more (`log all` lists them)")
TWO_READINGS = Msg("undo.two_readings", "`undo {n}` could mean two things, so nothing was "
                   "changed. Write one of:")
LAST_READING = Msg("undo.last_reading", "  · `undo last {n}`: takes back the last {moves}, "
                   "{span}.")
LAST_IMPOSSIBLE = Msg("undo.last_impossible", "  · `undo last {n}`: not possible, the log has "
                      "{moves}.")
TO_READING = Msg("undo.to_reading", "  · `undo to {n}`: takes back move {n} and every move after "
                 "it ({moves}), {span}.")
TO_IMPOSSIBLE = Msg("undo.to_impossible", "  · `undo to {n}`: not possible, there is no move {n}.")
SPAN_ONE = Msg("undo.span_one", "move {first} ({seat}: {move})")
SPAN = Msg("undo.span", "moves {first} ({seat}: {move}) to {last} ({last_seat}: {last_move})")
REVERSED = Msg("undo.reversed", "{who} reversed the correction of move {n} ({seat}): {was} → "
               "{move} again.")
REVERSED_MODERATOR = Msg("undo.reversed_moderator", "Moderator {who} reversed the correction of "
                         "move {n} ({seat}): {was} → {move} again.")
PUT_BACK = Msg("undo.put_back", "{who} put back what the undo took back:")
PUT_BACK_MODERATOR = Msg("undo.put_back_moderator", "Moderator {who} put back what the undo took "
                         "back:")
SINCE_TAKEN_BACK = Plural("undo.since_taken_back",
                          "  · the {n} automatic move played since was taken back.",
                          "  · the {n} automatic moves played since were taken back.")
CORRECTED = Msg("undo.corrected", "Moderator {name} corrected move {n} ({seat}): {was} → {move}.")
LATER_STAND = Plural("undo.later_stand", "  · the {n} later move still stands.",
                     "  · the {n} later moves still stand.")
NO_LONGER_LEGAL = Msg("undo.no_longer_legal", "  · Move {first} ({seat}: {move}) is no longer "
                      "legal: {reason}. It and every move after it ({n} in all) were taken "
                      "back.")
NO_LONGER_LEGAL_STILL = Msg("undo.no_longer_legal_still", "  · Move {first} ({seat}: {move}) is "
                            "no longer legal: {reason}. It and every move after it ({n} in all) "
                            "were taken back; {standing}.")
USAGE = Msg("undo.usage", "`undo` (your own last move), `undo NAME` (that player's last move), "
            "`undo last K` (the last K moves) or `undo to N` (move N and every move after it)")
TAKE_BACK_ANOTHER_PLAYER_S = Msg("undo.doing.take_back_another", "take back another player's "
                                 "move")
HELP = Msg("undo.help", "`undo` takes back your own last move while nobody else has moved")
HELP_2 = Msg("undo.help_2", "`undo NAME` (that player's last move), `undo last K` (the last K "
             "moves), `undo to N` (move N and every move after it); taking back more than 3 "
             "moves asks for `confirm`")
USAGE_2 = Msg("undo.usage_2", "`redo`")
HELP_3 = Msg("undo.help_3", "`redo` puts it back")
HELP_4 = Msg("undo.help_4", "`redo` (puts back what the last undo or correction took back)")
USAGE_3 = Msg("undo.usage_3", "`correct N: move`")
CORRECT_A_MOVE = Msg("undo.doing.correct", "correct a move")
HELP_5 = Msg("undo.help_5", "`correct N: move` (replaying more than 3 moves asks for `confirm`)")

#: more moves than this taken back (or replayed by a correction) make a change big: it asks
#: for ``confirm`` first
BIG = 3

#: the line Discord shows under the command's ``/bus`` form
SLASH_UNDO = Msg("undo.slash.undo", "Take back your last move (moderators: several)")
SLASH_REDO = Msg("undo.slash.redo", "Put back what the last undo or correction took back")
SLASH_CORRECT = Msg("undo.slash.correct", "Moderators: correct an earlier move")


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


def _takes_back(ctx: GameContext, cmd: UndoLast | UndoTo, count: int) -> Text:
    return WOULD_TAKE_BACK(typed=_typed_undo(cmd), moves=MOVES(n=count),
                           total=len(ctx.live.record.moves))


def _typed_undo(cmd: UndoLast | UndoTo) -> str:
    """The request as typed (what ``confirm`` reads again): a command, no words to translate."""
    return f"undo last {cmd.count}" if isinstance(cmd, UndoLast) else f"undo to {cmd.number}"


def _replayed(ctx: GameContext, cmd: Correct) -> int | None:
    """How many later moves a correction replays (None: there is no such move)."""
    total = len(ctx.live.record.moves)
    return total - cmd.number if 1 <= cmd.number <= total else None


def _replaces(ctx: GameContext, cmd: Correct, later: int) -> Text:
    old = ctx.live.record.moves[cmd.number - 1]
    return WOULD_REPLACE(n=cmd.number, seat=old.seat, text=named(old.text), moves=MOVES(n=later))


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
    return refuse(ONLY_MODERATOR_SEVERAL())


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
    return refuse(moderator_refusal(REDO_OTHERS()))


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
        return refuse(NO_MOVE_N(n=cmd.number, moves=MOVES(n=len(moves))))
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
            return refuse(NOTHING_PLAYED())
        return _take_back_from(ctx, last)
    return player_undo(ctx)


def undo_seat(ctx: GameContext, cmd: UndoSeat) -> Outcome:
    """``undo NAME`` (moderators): NAME's last move, when it is the last move chosen."""
    record = ctx.live.record
    seat = record.seat(cmd.name)
    if seat is None:
        names = ", ".join(s.name for s in record.seats)
        return refuse(NOBODY_CALLED(name=shown(cmd.name, 40), players=names))
    last = _last_chosen(record)
    if last is None:
        return refuse(NOTHING_PLAYED())
    if record.moves[last].seat != seat.name:
        move = record.moves[last]
        return refuse(NOT_THEIRS(seat=move.seat, text=named(move.text), name=seat.name))
    return _take_back_from(ctx, last)


def _take_back_from(ctx: GameContext, last: int) -> Outcome:
    """A moderator takes back the move at index ``last`` and the automatic moves after it,
    saying whose move went."""
    gone = ctx.live.record.moves[last:]
    draft = _withdrawn(ctx, gone, "undo")
    who = gone[0].seat
    lines: list[Said] = [MODERATOR_TOOK_BACK(name=ctx.actor.name, seat=who),
                         MOVE_LINE(number=last + 1, seat=who, move=gone[0].text)]
    if len(gone) > 1:
        lines.append(AND_AUTOMATIC(moves=AUTOMATIC_MOVES(n=len(gone) - 1)))
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
    seat = players_seat(ctx, TAKE_A_MOVE_BACK())
    if isinstance(seat, Outcome):
        return seat
    last = _last_chosen(record)
    if last is not None and record.moves[last].why == "timeout":
        timed = record.moves[last]
        return refuse(TIMED_OUT(text=named(timed.text), seat=timed.seat))
    if last is None or record.moves[last].seat != seat.name:
        if last is None:
            return refuse(ONLY_YOUR_OWN_MODERATOR() if ctx.moderator else ONLY_YOUR_OWN())
        before = record.moves[last]
        since = ONLY_YOUR_OWN_SINCE_MODERATOR if ctx.moderator else ONLY_YOUR_OWN_SINCE
        return refuse(since(seat=before.seat, text=named(before.text)))
    gone = record.moves[last:]
    draft = _withdrawn(ctx, gone, "undo")
    lines: list[Said] = [TAKES_BACK(seat=seat.name, move=gone[0].text)]
    if len(gone) > 1:
        lines.append(AND_AUTOMATIC(moves=AUTOMATIC_MOVES(n=len(gone) - 1)))
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def undo_many(ctx: GameContext, count: int) -> Outcome:
    """A moderator takes back the last ``count`` moves."""
    moves = ctx.live.record.moves
    if not moves:
        return refuse(NOTHING_PLAYED())
    if not 1 <= count <= len(moves):
        return refuse(RANGE(moves=MOVES(n=len(moves)), total=len(moves)))
    gone = moves[-count:]
    first = len(moves) - count + 1
    draft = _withdrawn(ctx, gone, f"undo last {count}")
    lines: list[Said] = [
        MODERATOR_TOOK_BACK_MANY(name=ctx.actor.name, n=count),
        *listed([GONE_MOVE(n=n, seat=m.seat, move=named(m.text))
                 for n, m in enumerate(gone, start=first)])]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)


def listed(items: list[Said]) -> list[Said]:
    """Lines of a long list: the first ``SHOWN`` items, then "... and N more" (every item
    when only one or two more would be left out)."""
    shown, more = shortened(items, SHOWN)
    lines: list[Said] = [LISTED(item=item) for item in shown]
    if more:
        lines.append(AND_MORE(n=more))
    return lines


def _withdrawn(ctx: GameContext, gone: list[LiveMove], text: str) -> Draft:
    """A draft with an ``undo`` record taking back ``gone``, its position rebuilt."""
    draft = ctx.draft()
    draft.add(payloads.Undone(tuple(m.seq for m in gone)), text=text)
    draft.game = build_game(draft.record, near=draft.game)
    return draft


def both_readings(record: GameRecord, n: int) -> Said:
    """The answer to a bare ``undo N``: what ``undo last N`` and ``undo to N`` would take."""
    moves = record.moves
    total = len(moves)
    if 1 <= n <= total:
        last = LAST_READING(n=n, moves=MOVES(n=n), span=_span(moves, total - n + 1))
        to = TO_READING(n=n, moves=MOVES(n=total - n + 1), span=_span(moves, n))
    else:
        last = LAST_IMPOSSIBLE(n=n, moves=MOVES(n=total))
        to = TO_IMPOSSIBLE(n=n)
    return lines(TWO_READINGS(n=n), last, to)


def _span(moves: list[LiveMove], first: int) -> Text:
    """Moves ``first`` to the last, named by their numbers and ends."""
    start = moves[first - 1]
    if first == len(moves):
        return SPAN_ONE(first=first, seat=start.seat, move=start.text)
    end = moves[-1]
    return SPAN(first=first, seat=start.seat, move=start.text, last=len(moves),
                last_seat=end.seat, last_move=end.text)


# ---- redo ----------------------------------------------------------------------------------------


def redo(ctx: GameContext, cmd: Redo) -> Outcome:
    """Put back exactly what the last undo or correction took back, if no move was chosen
    since; the automatic moves played since then go again."""
    record = ctx.live.record
    if not record.takebacks:
        return refuse(NOTHING_TO_REDO())
    taken = record.takebacks[-1]
    since = [m for m in record.moves if m.seq > taken.seq]
    draft = ctx.draft()
    draft.add(payloads.Redone(taken.seq, tuple(m.seq for m in since), taken.gone, taken.replaced),
              text="redo")
    try:
        draft.game = build_game(draft.record, near=draft.game)
    except (BusError, ValueError) as err:
        return refuse(CANNOT_PUT_BACK(err=err.text if isinstance(err, BusError) else str(err)))
    who = ctx.actor.name
    lines: list[Said] = []
    if taken.replaced is not None:
        old = record.archive[taken.replaced]
        number = draft.record.move_number(taken.replaced)
        reversed_ = REVERSED_MODERATOR if ctx.moderator else REVERSED
        lines.append(reversed_(who=who, n=str(number), seat=old.seat,
                               was=named(record.archive[taken.seq].text),
                               move=named(old.text)))
    else:
        lines.append((PUT_BACK_MODERATOR if ctx.moderator else PUT_BACK)(who=who))
    lines.extend(listed([GONE_MOVE(n=str(draft.record.move_number(seq)),
                                   seat=record.archive[seq].seat,
                                   move=named(record.archive[seq].text)) for seq in taken.gone]))
    if since:
        lines.append(SINCE_TAKEN_BACK(n=len(since)))
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
        return refuse(NO_MOVE_N_SEE_LOG(n=n, moves=MOVES(n=len(moves))))
    try:
        new = parse_move(cmd.text, ctx.languages)
    except ParseError as err:
        return refuse(UNREADABLE_CORRECTION(err=err.text))
    old = moves[n - 1]
    if str(new) == old.text:
        return refuse(ALREADY(n=n, text=named(old.text), seat=old.seat))
    assert ctx.live.game is not None
    game = ctx.live.game.position_at(n - 1)
    try:
        game.push(new, old.seat)
    except BusError as err:
        return refuse(CANNOT_REPLACE(new=str(new), n=n, err=err.text))
    asked = ask_first(ctx, cmd, CORRECTION_ASKS)  # one replaying many moves asks first
    return asked if asked is not None else _corrected(ctx, n, new, game)


def _corrected(ctx: GameContext, n: int, new: Move, game: Game) -> Outcome:
    """Move ``n`` replaced by ``new`` (already pushed on ``game``): replay the later moves up
    to the first that is no longer legal, and record the correction."""
    moves = ctx.live.record.moves
    old = moves[n - 1]
    log = record_log(ctx.live.record)
    log.moves[n - 1] = (old.seat, str(new))
    stop: tuple[int, Text] | None = None
    try:
        replay(log, onto=game)
    except LogError as err:  # that move and every one after it are withdrawn
        assert err.move is not None
        stop = err.move - n - 1, err.reason_text
    withdrawn = moves[n + stop[0]:] if stop is not None else []
    draft = ctx.draft()
    draft.add(payloads.Corrected(old.seq, n, old.text, tuple(m.seq for m in withdrawn),
                               # the record keeps the reason's English, as ever
                               str(stop[1]) if stop is not None else None),
              seat=old.seat, text=str(new))
    draft.game = game
    lines: list[Said] = [
        CORRECTED(name=ctx.actor.name, n=n, seat=old.seat, was=named(old.text),
                  move=MoveText(new)),
        _after_correction(moves, n, stop, len(withdrawn))]
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, [line for line in lines if line])


def _after_correction(moves: list[LiveMove], n: int, stop: tuple[int, Text] | None,
                      withdrawn: int) -> Said:
    """What became of the moves after a corrected move ``n`` ("" when there are none)."""
    if stop is None:
        later = len(moves) - n
        return LATER_STAND(n=later) if later > 0 else ""
    first = n + stop[0] + 1
    bad = moves[first - 1]
    if first > n + 1:
        return NO_LONGER_LEGAL_STILL(first=first, seat=bad.seat, move=bad.text, reason=stop[1],
                                     n=withdrawn, standing=_still_standing(n + 1, first - 1))
    return NO_LONGER_LEGAL(first=first, seat=bad.seat, move=bad.text, reason=stop[1],
                           n=withdrawn)


def _still_standing(first: int, last: int) -> Text:
    return STILL_STANDS(first=first) if first == last else \
        STILL_STAND(first=first, last=last)


# ---- the commands --------------------------------------------------------------------------------

ENTRIES = (
    Entry("undo", ("undo",), USAGE(), _undo,
          {Undo: Route(undo, (playable_or_over, several_moves)),
           UndoSeat: Route(undo_seat, (
               playable_or_over, moderator(TAKE_BACK_ANOTHER_PLAYER_S()))),
           UndoLast: Route(undo_last, (playable_or_over, several_moves), confirm=UNDOING_ASKS),
           UndoTo: Route(undo_to, (playable_or_over, several_moves), confirm=UNDOING_ASKS)},
          strict=True,
          help=((Section.PLAY, HELP()),
                (Section.MODERATORS, HELP_2())),
          docs=((Who.DECIDING, "`undo` (own last move while nobody else has moved since)"),
                (Who.MODERATORS, "`undo NAME`, `undo last K`, `undo to N` (more than 3 moves: "
                                 "then `confirm`)")),
          slash=Slash("undo", SLASH_UNDO()), rank=17),
    Entry("redo", ("redo",), USAGE_2(), _redo,
          {Redo: Route(redo, (playable_or_over, redo_allowed))},
          strict=True,
          help=((Section.PLAY, HELP_3()),
                (Section.MODERATORS, HELP_4())),
          docs=((Who.DECIDING, "`redo` (puts back what their own undo took back)"),
                (Who.MODERATORS, "`redo`")),
          slash=Slash("redo", SLASH_REDO()), rank=18),
    Entry("correct", ("correct",), USAGE_3(), _correct,
          {Correct: Route(correct, (moderator(CORRECT_A_MOVE()),
                                    status(CORRECT_A_MOVE(), GameStatus.ACTIVE,
                                           GameStatus.OVER)),
                          confirm=CORRECTION_ASKS)},
          strict=True, help=((Section.MODERATORS, HELP_5()),),
          docs=((Who.MODERATORS, "`correct N: move`"),),
          slash=Slash("correct", SLASH_CORRECT()), rank=20),
)
