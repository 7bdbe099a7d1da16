"""``status``: the table as it stands in words: the game, its options and waiting rules, the
seats with their scores and states, and whose turn it is."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.words import Words, only
from bot.service.game import deadlines
from bot.service.game.deadlines import NO_HOURS, Hours
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameRecord
from bot.service.store import members
from bot.service.words.catalogue import Said, lines
from bot.service.words.names import colour_name
from bot.service.words.replies import (
    BUSES,
    CLOCK_STONES,
    MARKERS,
    MOVES,
    POINTS,
    STATUS_WORDS,
    next_line,
)
from bot.service.words.waiting import seat_facts
from engine import CLOCK
from engine.decisions import PASSENGERS
from engine.moves import BUILDING_NAME
from engine.text import Listing, Msg

LEFT = Msg("status.seat.left", "{name} (left; the bot plays for them)")
EMPTY_SEAT = Msg("status.seat.empty", "{name} (empty seat)")
OFFERED = Msg("status.seat.offered", "{name} (offered to {user_name}; not taken yet)")
PLAYED_BY = Msg("status.seat.played_by", "{name} (played by {user_name})")
GAME = Msg("status.game", "Game {game} ({edition} edition): {status}.")
OPTIONS = Msg("status.options", "Options: {options}.")
SEATED = Msg("status.seated", "Seated: {seated}.")
NOBODY_YET = Msg("status.nobody_yet", "nobody yet")
CREATED_BY = Msg("status.created_by", "Created by {creator_name}; a moderator types `start` to "
                 "begin.")
ROUND = Msg("status.round", "Round {round}, {phase}; clock on {clock}, {stones} and {passengers} "
            "left; {moves} played.")
PLAYER = Msg("status.player", "  {seat}{notes}, {colour}: {points} ({carried} carried, "
             "{stones}), {buses}, {markers} left")
NOTE = Msg("status.note", " ({fact})")
WAITING = Msg("status.waiting", "Waiting: {deadline}; players away: `{on_away}`.")
NO_DEADLINE = Msg("status.no_deadline", "no deadline")
DEADLINE = Msg("status.deadline", "a deadline of {hours} per decision (then `{on_timeout}`)")
TIMEBANK = Msg("status.timebank", "Time bank: {start} to start, {gain} more after each decision, "
               "at most {most} (then `{on_timeout}`).")
HELP = Msg("status.help", "`status`")
#: the part of a round the game is in
PHASES = {
    "setup": Msg("status.phase.setup", "setup"),
    "choosing": Msg("status.phase.choosing", "choosing"),
    "resolving": Msg("status.phase.resolving", "resolving"),
    "over": Msg("status.phase.over", "over"),
}

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("status.slash", "The table as it stands, with whose turn it is")


@dataclass(frozen=True, slots=True)
class Status(Command):
    pass


def _status(w: Words) -> Command | None:
    return Status() if only(w, 1) else None


def status_report(ctx: GameContext, cmd: Status) -> Outcome:
    record = ctx.live.record
    hours = members.hours_of(ctx.store, record) if record.timed else NO_HOURS
    return Outcome(status_text(ctx.live, record.game_id, ctx.now, hours), picture=None)


def seat_label(record: GameRecord, name: str) -> Said:
    seat = record.seat(name)
    if seat is None:
        return name
    if seat.dropped:
        return LEFT(name=seat.name)
    if seat.user_id is None:
        return EMPTY_SEAT(name=seat.name)
    if not seat.agreed:
        return OFFERED(name=seat.name, user_name=seat.user_name or "")
    if seat.user_name and seat.user_name != seat.name:
        return PLAYED_BY(name=seat.name, user_name=seat.user_name)
    return seat.name


def status_text(live: LiveGame, game_id: int, now: float | None = None,
                hours: Hours = NO_HOURS) -> Said:
    """The table in words (``hours``: the quiet hours of the seats' players, which hold their
    clocks: ``store/members.py``)."""
    record = live.record
    out: list[Said] = [GAME(game=game_id, edition=record.edition,
                            status=STATUS_WORDS[live.status]())]
    options = ", ".join(f"{k}={v}" for k, v in record.options.items())
    if options:
        out.append(OPTIONS(options=options))
    out.extend(waiting_lines(record))
    facts = seat_facts(record, live.game, time.time() if now is None else now, hours)
    game = live.game
    if game is None:
        seated = ", ".join(f"{s.name} ({s.colour})" for s in record.seats)
        out.append(SEATED(seated=seated or NOBODY_YET()))
        out.append(CREATED_BY(creator_name=record.creator_name))
        return lines(*out)
    st = game.state
    out.append(ROUND(round=st.round, phase=PHASES[st.phase](),
                     clock=BUILDING_NAME[CLOCK[st.clock]](),
                     stones=CLOCK_STONES(n=st.clock_stones_left),
                     passengers=PASSENGERS(n=st.passenger_supply),
                     moves=MOVES(n=len(record.moves))))
    for p in st.players:
        notes = Listing(tuple(NOTE(fact=fact) for fact in facts.get(p.name, [])), "")
        out.append(PLAYER(seat=seat_label(record, p.name), notes=notes,
                          colour=colour_name(p.colour),
                          points=POINTS(n=p.score), carried=p.carried,
                          stones=CLOCK_STONES(n=p.stones), buses=BUSES(n=p.buses),
                          markers=MARKERS(n=p.markers)))
    out.append(next_line(live))
    return lines(*out)


def waiting_lines(record: GameRecord) -> list[Said]:
    """The game's deadline, time bank and policies, when a moderator set any."""
    out: list[Said] = []
    if record.deadline is not None or record.on_away != "wait":
        deadline = (NO_DEADLINE() if record.deadline is None else
                    DEADLINE(hours=deadlines.hours(record.deadline),
                             on_timeout=record.on_timeout))
        out.append(WAITING(deadline=deadline, on_away=record.on_away))
    bank = record.banks.setting
    if bank is not None:
        out.append(TIMEBANK(start=deadlines.span(bank.start), gain=deadlines.span(bank.gain),
                            most=deadlines.span(bank.most), on_timeout=record.on_timeout))
    return out


ENTRY = Entry(
    "status", ("status",), HELP(), _status, {Status: Route(status_report)},
    help=((Section.LOOK, HELP()),), docs=((Who.ANYONE, "`status`"),),
    slash=Slash("status", SLASH(), private=True), rank=5,
)
