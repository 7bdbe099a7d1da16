"""``log``: the game as a thread would tell it, round by round.

The moves in force in move order, numbered, under a header per round, each followed by what
came of it (a bus bought, the clock, a forfeit, the next starting player, the end) and with
the acts between them (undos, moderators, settings, time away, plans, reminders). An automatic
move says why ("timed out after 24 h"). ``log since me`` starts after the writer's own last
move. The rounds and events come from one replay of the moves in force.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service.game import deadlines, payloads
from bot.service.game.live_game import LiveGame, rule_options
from bot.service.game.records import LiveMove, Record, same_user
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import (
    EVENT,
    _players_then,
    act_text,
    correction_slots,
    named,
)
from engine import GameLog, replay
from engine.notation import parse_move
from engine.text import Msg, Text

#: lines ``log`` shows without ``all``
LOG_TAIL = 30
#: the engine events the log tells, as the game's page does: what each action resolved to
#: (streets, passengers, buildings, what a Vrrooomm can carry), the actions resolving, a bus,
#: the clock, a forfeit, the next starting player, the end (the rest repeat the move or
#: announce the next decision)
TOLD = frozenset(("resolve", "phase", "clock", "bus", "forfeit", "start", "game_over"))
#: the records the log shows as moves, or not at all (the lobby's), rather than as acts
_NOT_ACTS = (payloads.Moved, payloads.Created, payloads.Joined, payloads.Recoloured, payloads.Left,
             payloads.Corrected)
#: how the log marks a move its player did not write, by why the service made it: each says
#: who or what chose it, never one "automatic" for all
WHY: dict[str, Msg] = {
    "bot": Msg("log.why.bot", "(bot)"),
    "single": Msg("log.why.single", "(forced: the only legal choice)"),
    "plan": Msg("log.why.plan", "(plan)"),
    "away": Msg("log.why.away", "(away)"),
    "dropped": Msg("log.why.dropped", "(dropped: the bot plays the seat)"),
}
#: a move the service made for a reason it no longer knows (none is written so today)
AUTOMATIC = Msg("log.why.automatic", "(automatic)")
TIMED_OUT = Msg("log.why.timed_out", "(timed out, {policy})")
TIMED_OUT_AFTER = Msg("log.why.timed_out_after", "(timed out after {took}, {policy})")
IDLE = Msg("log.why.idle", "idle")
CORRECTED_BY = Msg("log.why.corrected_by", "(corrected by {name})")
BY = Msg("log.why.by", "(by {name})")
SETUP = Msg("log.setup", "**Setup**")
ROUND = Msg("log.round", "**Round {round}**")
MOVE = Msg("log.move", "{number}. {seat}: {move}")
MOVE_NOTED = Msg("log.move_noted", "{number}. {seat}: {move} {note}")
ACT = Msg("log.act", "  — {act}")
NOTHING_SINCE = Msg("log.nothing_since", "Nothing has happened since your last move.")
NO_MOVES = Msg("log.no_moves", "No moves yet.")
LAST_ENTRIES = Msg("log.last_entries", "(the last {n} entries; `log all` or `export txt` for "
                   "the rest)")


@dataclass(slots=True)
class Told:
    """The log as lines, and where each move's lines end (for ``log since me``)."""

    lines: list[Said] = field(default_factory=list)
    #: move number -> the number of lines up to and with that move's events
    after: dict[int, int] = field(default_factory=dict)


def log_text(live: LiveGame, records: list[Record], *, everything: bool,
             since: int | None = None) -> Said:
    """The log (its last ``LOG_TAIL`` lines unless ``everything``), or what came after move
    ``since``."""
    told = tell(live, records)
    shown = told.lines
    if since is not None:
        shown = shown[told.after.get(since, 0):]
        return lines(*shown) if shown else NOTHING_SINCE()
    if not shown:
        return NO_MOVES()
    head = None
    if not everything and len(shown) > LOG_TAIL:
        head = LAST_ENTRIES(n=LOG_TAIL)
        shown = shown[-LOG_TAIL:]
    return lines(head, *shown)


def tell(live: LiveGame, records: list[Record]) -> Told:
    """Every line of the log. A corrected move keeps its place: it is listed where the move it
    replaced was, and an act comes after the moves that were in the log before it."""
    record = live.record
    by_seq = {rec.seq: rec for rec in records}
    slot = correction_slots(records)
    acts = [rec for rec in records if not isinstance(rec.payload, _NOT_ACTS)]
    player = _players_then(records)
    rounds, events = _story(live)
    told, shown_round = Told(), -1
    for number, m in enumerate(record.moves, start=1):
        while acts and acts[0].seq < slot.get(m.seq, m.seq):
            told.lines.append(ACT(act=act_text(acts.pop(0))))
        if number <= len(rounds) and rounds[number - 1] != shown_round:
            shown_round = rounds[number - 1]
            told.lines.append(SETUP() if shown_round == 0 else ROUND(round=shown_round))
        rec = by_seq[m.seq]
        # the seat's name when the move was made: a replaced player's moves keep theirs
        note = _note(m, rec, player.get(rec.seq))
        seat = rec.seat or m.seat
        move = named(m.text)
        told.lines.append(MOVE(number=number, seat=seat, move=move) if note is None
                          else MOVE_NOTED(number=number, seat=seat, move=move, note=note))
        told.lines.extend(EVENT(event=text) for text in events.get(number, []))
        told.after[number] = len(told.lines)
    told.lines.extend(ACT(act=act_text(rec)) for rec in acts)
    return told


def _note(m: LiveMove, rec: Record, player: str | None) -> Text | None:
    """Why a move is in the log when its player did not simply write it."""
    if m.why == "timeout":
        move = rec.carried(payloads.Moved)
        policy = move.policy or IDLE()
        if move.after is not None:
            return TIMED_OUT_AFTER(took=deadlines.hours(move.after), policy=policy)
        return TIMED_OUT(policy=policy)
    if m.auto:
        return WHY.get(m.why or "", AUTOMATIC)()
    if isinstance(rec.payload, payloads.Corrected):
        return CORRECTED_BY(name=rec.user_name)
    if (rec.user_id != "busbot" and not rec.carried(payloads.Moved).imported
            and not same_user(rec.user_id, player)):
        return BY(name=rec.user_name)
    return None


def _story(live: LiveGame) -> tuple[list[int], dict[int, list[Text]]]:
    """The round each move in force was made in, and the events worth telling after each
    (by move number), from one replay; nothing when the moves do not replay."""
    record = live.record
    if record.order_by is None or live.game is None:
        return [], {}
    game = replay(GameLog([s.name for s in record.seats], record.edition,
                          rule_options(record.options),
                          [s.colour or "" for s in record.seats], []))
    rounds: list[int] = []
    events: dict[int, list[Text]] = {}
    try:
        for number, m in enumerate(record.moves, start=1):
            rounds.append(game.state.round)
            told = [e.said for e in game.push(parse_move(m.text), m.seat) if e.kind in TOLD]
            if told:
                events[number] = told
    except Exception:  # the records replayed when stored; a log is never worth a failure
        return rounds, events
    return rounds, events


def last_move_of(live: LiveGame, seat: str) -> int | None:
    """The number of the seat's last move chosen by its player (or their plan)."""
    last = None
    for number, m in enumerate(live.record.moves, start=1):
        if m.seat == seat and (not m.auto or m.why == "plan"):
            last = number
    return last
