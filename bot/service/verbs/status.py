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
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameRecord
from bot.service.words.replies import count_of, next_line
from engine import CLOCK


@dataclass(frozen=True, slots=True)
class Status(Command):
    pass


def _status(w: Words) -> Command | None:
    return Status() if only(w, 1) else None


def status_report(ctx: GameContext, cmd: Status) -> Outcome:
    return Outcome(status_text(ctx.live, ctx.live.record.game_id, ctx.now),
                   picture=None)


def seat_label(record: GameRecord, name: str) -> str:
    seat = record.seat(name)
    if seat is None:
        return name
    if seat.dropped:
        return f"{seat.name} (left; the bot plays for them)"
    if seat.user_id is None:
        return f"{seat.name} (empty seat)"
    if not seat.agreed:
        return f"{seat.name} (offered to {seat.user_name}; not taken yet)"
    if seat.user_name and seat.user_name != seat.name:
        return f"{seat.name} (played by {seat.user_name})"
    return seat.name


def status_text(live: LiveGame, game_id: int, now: float | None = None) -> str:
    record = live.record
    lines = [f"Game {game_id} ({record.edition} edition): {live.status}."]
    options = ", ".join(f"{k}={v}" for k, v in record.options.items())
    if options:
        lines.append(f"Options: {options}.")
    lines.extend(waiting_lines(record))
    facts = deadlines.seat_facts(record, live.game, time.time() if now is None else now)
    game = live.game
    if game is None:
        seated = ", ".join(f"{s.name} ({s.colour})" for s in record.seats) or "nobody yet"
        lines.append(f"Seated: {seated}.")
        lines.append(f"Created by {record.creator_name}; a moderator types `start` to begin.")
        return "\n".join(lines)
    st = game.state
    lines.append(f"Round {st.round}, {st.phase}; clock on {CLOCK[st.clock]}, "
                 f"{count_of(st.clock_stones_left, 'clock stone')} and "
                 f"{count_of(st.passenger_supply, 'passenger')} left; "
                 f"{count_of(len(record.moves), 'move')} played.")
    for p in st.players:
        notes = "".join(f" ({fact})" for fact in facts.get(p.name, []))
        lines.append(f"  {seat_label(record, p.name)}{notes}, {p.colour}: "
                     f"{count_of(p.score, 'point')} ({p.carried} carried, "
                     f"{count_of(p.stones, 'clock stone')}), {count_of(p.buses, 'bus', 'buses')}, "
                     f"{count_of(p.markers, 'marker')} left")
    lines.append(next_line(live))
    return "\n".join(lines)


def waiting_lines(record: GameRecord) -> list[str]:
    """The game's deadline and policies, when a moderator set any."""
    if record.deadline is None and record.on_away == "wait":
        return []
    deadline = ("no deadline" if record.deadline is None else
                f"a deadline of {deadlines.hours(record.deadline)} per decision (then "
                f"`{record.on_timeout}`)")
    return [f"Waiting: {deadline}; players away: `{record.on_away}`."]


ENTRY = Entry(
    "status", ("status",), "`status`", _status, {Status: Route(status_report)},
    help=((Section.LOOK, "`status`"),), docs=((Who.ANYONE, "`status`"),),
    slash=Slash("status", "The table as it stands, with whose turn it is", private=True), rank=5,
)
