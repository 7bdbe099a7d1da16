"""``add bot [easy|normal|hard]``: a seat in the lobby for the computer player (``ai``). A
command declared in one file: see ``bot/service/verbs/__init__.py``.

The seat is named for its level (``Normal Bot``, ``Normal Bot 2``...), takes the first free
colour, and is played by nobody who can be pinged: its moves come from ``bot.service.bots``.
Whoever sits at the table (or a moderator) may add one, so a bot never joins a table of
strangers uninvited."""

from __future__ import annotations

from dataclasses import dataclass

from ai import Level
from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, Route, Section, Slash, Who
from bot.service.command.needs import lobby_only
from bot.service.command.words import Words
from bot.service.game import payloads
from engine import COLOURS
from engine.limits import MAX_SEATS

LEVELS = tuple(level.value for level in Level)


@dataclass(frozen=True, slots=True)
class AddBot(Command):
    """``add bot [LEVEL]``: a computer player's seat (``normal`` when no level is named)."""

    level: str | None = None


def read(w: Words) -> AddBot | None:
    if w.word(1) not in ("bot", "computer") or w.count_to(4) > 3:
        return None
    return AddBot(w.word(2))


def bot_seat_name(level: str, taken: list[str]) -> str:
    """``Normal Bot``, or ``Normal Bot 2``... when that is taken."""
    base = f"{level.capitalize()} Bot"
    folded = {t.casefold() for t in taken}
    name, n = base, 1
    while name.casefold() in folded:
        n += 1
        name = f"{base} {n}"
    return name


def add_bot(ctx: GameContext, cmd: AddBot) -> Outcome:
    record = ctx.live.record
    level = (cmd.level or "normal").lower()
    if level not in LEVELS:
        return refuse(f"There is no bot level {cmd.level!r}: choose {', '.join(LEVELS)}.")
    if not ctx.moderator and record.seat_of_user(ctx.actor.user_id) is None:
        return refuse("Only a player seated at this table or a moderator can add a bot; "
                      "`join` first.")
    if len(record.seats) >= MAX_SEATS:
        return refuse(f"The table is full ({MAX_SEATS} players).")
    taken = {s.colour for s in record.seats}
    colour = next(c for c in COLOURS if c not in taken)
    name = bot_seat_name(level, [s.name for s in record.seats])
    draft = ctx.draft()
    draft.add(payloads.BotAdded(level, colour), seat=name)
    seated = ", ".join(f"{s.name} ({s.colour})" for s in draft.record.seats)
    return Outcome(f"{name}, a computer player ({level}), joins the game as {colour}. Seated "
                   f"({len(draft.record.seats)} of {MAX_SEATS}): {seated}.", draft=draft)


ENTRY = Entry(
    "add", ("add",), "`add bot` or `add bot easy|normal|hard`", read,
    {AddBot: Route(add_bot, (lobby_only("add a bot"),))}, strict=True,
    help=((Section.LOBBY, "`add bot [easy|normal|hard]` (a computer player's seat)"),),
    docs=((Who.BEFORE_START, "`add bot [easy\\|normal\\|hard]` (seated players and "
                             "moderators)"),),
    slash=Slash("addbot", "Add a computer player to the table before the start"),
)
