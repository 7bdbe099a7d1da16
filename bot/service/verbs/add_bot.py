"""``add bot [easy|normal|hard]``: a seat in the lobby for the computer player (``ai``). A
command declared in one file: see ``bot/service/verbs/__init__.py``.

The seat is named for its level in the game's language (``Normal Bot``, ``Normal Bot 2``...;
``Normaler Bot`` at a German table: a name, stored as written), takes the first free
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
from bot.service.words.catalogue import words_for
from bot.service.words.names import colour_name, level_name, level_named, level_names, seated
from engine import COLOURS
from engine.limits import MAX_SEATS, shown
from engine.text import ENGLISH, Msg
from engine.text import Words as Writing

NO_LEVEL = Msg("add_bot.no_level", "There is no bot level {level}: choose {levels}.")
JOINS = Msg("add_bot.joins", "{name}, a computer player ({level}), joins the game as {colour}. "
            "Seated ({n} of {most}): {seated}.")

ONLY_A_PLAYER_SEATED_AT = Msg("add_bot.only_a_player_seated_at", "Only a player seated at this "
                              "table or a moderator can add a bot; `join` first.")
THE_TABLE_IS_FULL_PLAYERS = Msg("add_bot.the_table_is_full_players", "The table is full "
                                "({most} players).")
USAGE = Msg("add_bot.usage", "`add bot` or `add bot easy|normal|hard`")
ADD_A_BOT = Msg("add_bot.add_a_bot", "add a bot")
HELP = Msg("add_bot.help", "`add bot [easy|normal|hard]` (a computer player's seat)")

LEVELS = tuple(level.value for level in Level)
#: a bot seat's name, by its level (a number follows when the name is taken)
SEAT_NAMES = {
    "easy": Msg("add_bot.seat_name.easy", "Easy Bot"),
    "normal": Msg("add_bot.seat_name.normal", "Normal Bot"),
    "hard": Msg("add_bot.seat_name.hard", "Hard Bot"),
}

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("add_bot.slash", "Add a computer player to the table before the start")


@dataclass(frozen=True, slots=True)
class AddBot(Command):
    """``add bot [LEVEL]``: a computer player's seat (``normal`` when no level is named)."""

    level: str | None = None


def read(w: Words) -> AddBot | None:
    if w.word(1) not in ("bot", "computer") or w.count_to(4) > 3:
        return None
    return AddBot(w.word(2))


def bot_seat_name(level: str, taken: list[str], words: Writing = ENGLISH) -> str:
    """``Normal Bot``, or ``Normal Bot 2``... when that is taken (written with ``words``, the
    game's language)."""
    base = words(SEAT_NAMES[level]())
    folded = {t.casefold() for t in taken}
    name, n = base, 1
    while name.casefold() in folded:
        n += 1
        name = f"{base} {n}"
    return name


def add_bot(ctx: GameContext, cmd: AddBot) -> Outcome:
    record = ctx.live.record
    level = level_named(cmd.level) if cmd.level else Level.NORMAL.value
    if level is None:
        return refuse(NO_LEVEL(level=repr(shown(cmd.level or "", 20)), levels=level_names(LEVELS)))
    if not ctx.moderator and record.seat_of_user(ctx.actor.user_id) is None:
        return refuse(ONLY_A_PLAYER_SEATED_AT())
    if len(record.seats) >= MAX_SEATS:
        return refuse(THE_TABLE_IS_FULL_PLAYERS(most=MAX_SEATS))
    taken = {s.colour for s in record.seats}
    colour = next(c for c in COLOURS if c not in taken)
    name = bot_seat_name(level, [s.name for s in record.seats], words_for(ctx.languages[0]))
    draft = ctx.draft()
    draft.add(payloads.BotAdded(level, colour), seat=name)
    return Outcome(JOINS(name=name, level=level_name(level), colour=colour_name(colour),
                         n=len(draft.record.seats), most=MAX_SEATS,
                         seated=seated((s.name, s.colour) for s in draft.record.seats)),
                   draft=draft)


ENTRY = Entry(
    "add", ("add",), USAGE(), read,
    {AddBot: Route(add_bot, (lobby_only(ADD_A_BOT()),))}, strict=True,
    help=((Section.LOBBY, HELP()),),
    docs=((Who.BEFORE_START, "`add bot [easy\\|normal\\|hard]` (seated players and "
                             "moderators)"),),
    slash=Slash("addbot", SLASH()),
    head="add bot",
)
