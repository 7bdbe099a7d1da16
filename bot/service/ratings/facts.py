"""A stored game's facts for the ratings (``counting.GameFacts``), read from its records and its
final position: who held each seat when, which decisions were the players' own, the places R15
gives, and the numbers ``stats`` adds up.

Nothing here replays a game: the position at the end is the live game's, and what happened on
the way (actions chosen, deliveries) is read from the engine's list of moves; who held a seat
at each move is read from the records that seat, hand over or rename seats (``join``, ``bot``,
``replace``, ``bot_seat``, ``accept``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.game import payloads
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus, LiveMove, Record
from bot.service.ratings.counting import GameFacts, SeatFacts, Status
from engine.moves import ChooseAction, Deliver, Move
from engine.standings import places

#: The pseudonymous user id ``forget me`` leaves in a game (``privacy.py``) starts so.
FORGOTTEN = "forgotten-"
#: Why the service made a move that stands for a choice its player made (a plan is theirs).
_OWN_AUTOMATIC = ("plan",)
#: A move the seat had no choice in: not a decision.
_NO_CHOICE = "single"

Holder = tuple[str, str | None]  # ("member", key) | ("bot", level) | ("none", None)


def member_key(user_id: str) -> str:
    """The key a member is rated under: the user id, compared as ``same_user`` does (console
    names without regard to case; Discord ids are digits, which case does not change)."""
    return user_id.casefold()


def _holders(records: Sequence[Record]) -> dict[int, Holder]:
    """For each record that put a move in force (a move or a correction), who held its seat."""
    seats: dict[str, Holder] = {}
    at_move: dict[int, Holder] = {}
    for rec in records:
        match rec.payload:
            case payloads.Joined(named=named, user_id=who):
                user = who if named else rec.user_id
                if rec.seat is not None:
                    seats[rec.seat] = ("member", member_key(user)) if user else ("none", None)
            case payloads.BotAdded(level=level) | payloads.BotSeated(level=level):
                if rec.seat is not None:
                    seats[rec.seat] = ("bot", level)
            case payloads.Replaced(user_id=who, name=name):
                if rec.seat is not None:
                    seats[rec.seat] = ("member", member_key(who))
                    if name:
                        seats[name] = seats.pop(rec.seat)
            case payloads.Accepted(name=name) if name and rec.seat is not None:
                seats[name] = seats.pop(rec.seat, ("none", None))
            case payloads.Moved() | payloads.Corrected() if rec.seat is not None:
                at_move[rec.seq] = seats.get(rec.seat, ("none", None))
    return at_move


def _chosen(history: Sequence[tuple[str, Move]], names: Sequence[str]
            ) -> tuple[dict[str, Counter[str]], Counter[str]]:
    """How often each player chose each action, and delivered, from the game's moves."""
    actions: dict[str, Counter[str]] = {name: Counter() for name in names}
    deliveries: Counter[str] = Counter()
    for name, move in history:
        if isinstance(move, ChooseAction):
            actions[name][move.action] += 1
        elif isinstance(move, Deliver):
            deliveries[name] += 1
    return actions, deliveries


@dataclass(slots=True)
class _Tally:
    """Per seat: its decisions, the assisted ones, the ones made while its holder at the end
    held it, and the seconds its holder took over their own (and how many those are)."""

    decisions: Counter[str] = field(default_factory=Counter)
    assisted: Counter[str] = field(default_factory=Counter)
    held: Counter[str] = field(default_factory=Counter)
    thinking: dict[str, float] = field(default_factory=dict)
    timed: Counter[str] = field(default_factory=Counter)


def _tally(moves: Sequence[LiveMove], holders: dict[int, Holder], final: dict[str, Holder],
           start: float) -> _Tally:
    """Each seat's decisions among the moves in force: a move with no choice (a single legal
    one) is none; one a policy made, or made while someone else held the seat, is assisted;
    the time a decision took is from the move before it (or the start)."""
    tally = _Tally()
    previous = start
    for m in moves:
        waited, previous = max(0.0, m.at - previous), m.at
        if m.why == _NO_CHOICE:
            continue
        tally.decisions[m.seat] += 1
        same = holders.get(m.seq, ("none", None)) == final.get(m.seat)
        tally.held[m.seat] += same
        if (m.auto and m.why not in _OWN_AUTOMATIC) or not same:
            tally.assisted[m.seat] += 1
        elif not m.auto:
            tally.thinking[m.seat] = tally.thinking.get(m.seat, 0.0) + waited
            tally.timed[m.seat] += 1
    return tally


def game_facts(live: LiveGame, records: Sequence[Record], *, server: str,
               practice: bool) -> GameFacts:
    """What the counting rules and the tables need of a game, from its live form and records.
    A game that never started, or is still open, has no seats here (it cannot count)."""
    record, game = live.record, live.game
    status = (Status.FINISHED if live.status == GameStatus.OVER
              else Status.ABANDONED if live.status == GameStatus.ABANDONED else Status.OPEN)
    imported, marked_rated = record.imported, record.rated_at is not None
    if game is None or status is not Status.FINISHED:
        return GameFacts(record.game_id, server, status, 0.0, (), practice, imported,
                         marked_rated)
    holders = _holders(records)
    players = game.state.players
    place = places(players)
    scores = {p.name: p.score for p in players}
    actions, deliveries = _chosen(game.history, [p.name for p in players])
    # who holds each seat at the end: a seat only offered counts as its user's in an imported
    # game (the file says who played it, and the game counts only once a moderator vouches
    # for the file by marking it rated); elsewhere an offer nobody took is nobody's
    final: dict[str, Holder] = {}
    for s in record.seats:
        final[s.name] = (("bot", s.bot) if s.bot is not None
                         else ("member", member_key(s.user_id))
                         if s.user_id and (s.agreed or record.imported)
                         else ("none", None))
    start = next((r.at for r in records if r.kind == "start"), record.created_at)
    tally = _tally(record.moves, holders, final, start)
    seats: list[SeatFacts] = []
    for s in record.seats:
        kind, key = final[s.name]
        p = game.player(s.name)
        others = [v for n, v in scores.items() if n != s.name]
        seats.append(SeatFacts(
            name=s.name, place=place[s.name],
            member=key if kind == "member" else None,
            level=key if kind == "bot" else None,
            forgotten=kind == "member" and (s.user_id or "").startswith(FORGOTTEN),
            decisions=tally.decisions[s.name], assisted=tally.assisted[s.name],
            held=tally.held[s.name], score=p.score,
            margin=p.score - max(others, default=p.score), stones=p.stones,
            streets=len(p.streets), deliveries=deliveries[s.name],
            actions=dict(sorted(actions[s.name].items())),
            thinking=tally.thinking.get(s.name, 0.0), timed=tally.timed[s.name]))
    finished_at = record.moves[-1].at if record.moves else start
    return GameFacts(record.game_id, server, status, finished_at, tuple(seats), practice,
                     imported, marked_rated)
