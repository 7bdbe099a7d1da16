"""``replace NAME with @user`` and ``replace NAME with bot [easy|normal|hard]``
(moderators): a seat of a running game handed to someone else.

Naming a Discord member only *offers* the seat, which is theirs once they type ``accept``; a
moderator naming themselves, or a console name (whom nobody can ping), takes it at once, and
the seat takes the new player's name. On Discord the member is found first (``OnDiscord``: a
written ``@carol`` or ``carol`` must be exactly one member of the server). ``with bot`` hands the
seat to the computer player, which plays it from its next decision on (``bot.service.bots``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ai import Level
from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Entry, OnDiscord, Route, Section, Slash, Who
from bot.service.command.needs import moderator, seat_named, status
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.live_game import build_game
from bot.service.game.records import GameStatus, Seat, discord_user, same_user
from bot.service.verbs.add_bot import LEVELS
from bot.service.words.catalogue import lines
from bot.service.words.names import level_name, level_named, level_names
from bot.service.words.replies import next_line
from engine.limits import LimitError, check_name, shown
from engine.text import Listing, Msg, Text

CANNOT_PLAY = Msg("replace.cannot_play", "{name} cannot be a player: {err}.")
OFFERED = Msg("replace.offered", "Moderator {moderator} offered {seat}'s seat to {user}, who takes "
              "it by typing `accept` here; until then nobody plays it.")
OFFERED_WAS_DROPPED = Msg("replace.offered_was_dropped", "Moderator {moderator} offered {seat}'s "
                          "seat to {user}, who takes it by typing `accept` here; until then "
                          "nobody plays it (it was dropped; no longer).")
GAVE = Msg("replace.gave", "Moderator {moderator} gave {seat}'s seat to {user}.")
GAVE_WAS_DROPPED = Msg("replace.gave_was_dropped", "Moderator {moderator} gave {seat}'s seat to "
                       "{user} (it was dropped; no longer).")
GAVE_RENAMED = Msg("replace.gave_renamed", "Moderator {moderator} gave {seat}'s seat to {user}; "
                   "the seat plays as {new_name} from now on.")
GAVE_RENAMED_WAS_DROPPED = Msg("replace.gave_renamed_was_dropped", "Moderator {moderator} gave "
                               "{seat}'s seat to {user} (it was dropped; no longer); the seat "
                               "plays as {new_name} from now on.")
NOT_SEATED = Msg("replace.not_seated", "{name} is not seated here; the seats are {seats}.")
NO_LEVEL = Msg("replace.no_level", "There is no bot level {level}: choose {levels}.")
HANDED = Msg("replace.handed", "Moderator {moderator} handed {seat}'s seat to the computer "
             "({level}); it plays that seat from now on (`replace {seat} with @user` gives it "
             "back to a person).")

NAME_THE_NEW_PLAYER_REPLACE = Msg("replace.name_the_new_player_replace", "Name the new player: "
                                  "`replace NAME with @user`.")
ALREADY_PLAYS_IN_THIS_GAME = Msg("replace.already_plays_in_this_game", "{user_name} already "
                                 "plays {name} in this game.")
THE_COMPUTER_ALREADY_PLAYS = Msg("replace.the_computer_already_plays", "The computer already "
                                 "plays {name} ({level}).")
USAGE = Msg("replace.usage", "`replace NAME with @user` or `replace NAME with bot`")
REPLACE_A_PLAYER = Msg("replace.replace_a_player", "replace a player")
HELP = Msg("replace.help", "`replace NAME with @user` or `replace NAME with bot "
           "[easy|normal|hard]`")

_MENTION = re.compile(r"<@!?(\d+)>")
_NAMED_MENTION = re.compile(r"<@!?(\d+)>\s*\(([^()\n]{1,100})\)")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("replace.slash", "Moderators: hand a player's seat to someone else")


@dataclass(frozen=True, slots=True)
class ReplacePlayer(Command):
    """``replace NAME with @user``: the seat offered (or given) to ``user``."""

    name: str
    user: str


@dataclass(frozen=True, slots=True)
class ReplaceWithBot(Command):
    """``replace NAME with bot [easy|normal|hard]``: the computer plays the seat."""

    name: str
    level: str | None


def _replace(w: Words) -> Command | None:
    if "\n" in w.text:
        return None
    i = 2
    while (word := w.word(i)) is not None:
        if word in ("with", "by") and w.word(i + 1) is not None:
            name, target = w.between(1, i).strip(), w.rest(i + 1)
            if w.word(i + 1) in ("bot", "computer") and w.count_to(i + 4) <= i + 3:
                return ReplaceWithBot(name, w.word(i + 2))
            return ReplacePlayer(name, target)
        i += 1
    return None


def parse_user(text: str) -> tuple[str, str]:
    """A Discord mention gives a user id; anything else is taken as the user's name (and id),
    which is how the console names its users."""
    m = _MENTION.fullmatch(text.strip())
    if m is not None:
        return m.group(1), m.group(0)
    # The Discord layer resolves the member and sends "<@id> (Display Name)".
    m = _NAMED_MENTION.fullmatch(text.strip())
    if m is not None:
        return m.group(1), m.group(2).strip()
    name = text.strip().lstrip("@").strip()
    return name, name


def _new_player(ctx: GameContext, seat: Seat, text: str) -> tuple[str, str] | Outcome:
    """The user id and the name of who a seat goes to, or why it cannot go to them."""
    user_id, user_name = parse_user(text)
    if not user_id or len(user_id) > 40:
        return refuse(NAME_THE_NEW_PLAYER_REPLACE())
    if not discord_user(user_id):  # a console user's name is a seat name's equal
        try:
            user_id = user_name = check_name(user_name)
        except LimitError as err:
            return refuse(CANNOT_PLAY(name=repr(shown(user_name, 40)), err=err.text))
    elif ctx.live.record.name_for(seat, user_name) is None and user_name != seat.name:
        user_name = f"<@{user_id}>"  # a display name no seat could carry is not shown
    return user_id, user_name


def replace_player(ctx: GameContext, cmd: ReplacePlayer) -> Outcome:
    record = ctx.live.record
    seat = seat_named(ctx, cmd.name)
    if isinstance(seat, Outcome):
        return seat
    player = _new_player(ctx, seat, cmd.user)
    if isinstance(player, Outcome):
        return player
    user_id, user_name = player
    other = record.seat_of_user(user_id) or record.offered_to(user_id)
    if other is not None and other is not seat:
        return refuse(ALREADY_PLAYS_IN_THIS_GAME(user_name=user_name, name=other.name))
    # A Discord user is only offered the seat, and takes it with `accept` (and then the seat
    # takes their name): nobody is given a seat, or pinged for it, without agreeing. A plain
    # name (the console's users, whom nobody can ping) takes it at once, name and all.
    offered = discord_user(user_id) and not same_user(user_id, ctx.actor.user_id)
    old_name = seat.name
    new_name = None if offered or _MENTION.fullmatch(user_name) else record.name_for(
        seat, user_name)
    draft = ctx.draft()
    draft.add(payloads.Replaced(user_id, user_name, new_name, offered), seat=seat.name)
    if new_name is not None:
        draft.game = build_game(draft.record)
    facts: dict[str, str | int | float | Text | Listing] = dict(
        moderator=ctx.actor.name, seat=old_name, user=user_name)
    if offered:
        offer = (OFFERED_WAS_DROPPED if seat.dropped else OFFERED)(**facts)
        return Outcome(lines(offer, next_line(draft.live)), draft=draft, mentions=[],
                       position_changed=True)
    if new_name is not None:
        gave = (GAVE_RENAMED_WAS_DROPPED if seat.dropped else GAVE_RENAMED)(new_name=new_name,
                                                                            **facts)
    else:
        gave = (GAVE_WAS_DROPPED if seat.dropped else GAVE)(**facts)
    text = lines(gave, next_line(draft.live))
    game = draft.game
    decision = game.to_act() if game is not None else None
    mentions = ([user_id] if decision is not None
                and decision.player in (seat.name, new_name) else [])
    if new_name is not None:  # the picture shows the new name
        return Outcome(text, draft=draft, mentions=mentions, position_changed=True,
                       picture=draft.game)
    return Outcome(text, draft=draft, mentions=mentions, position_changed=True)


def replace_with_bot(ctx: GameContext, cmd: ReplaceWithBot) -> Outcome:
    record = ctx.live.record
    seat = record.seat(cmd.name)
    if seat is None:
        return refuse(NOT_SEATED(name=shown(cmd.name, 40),
                                 seats=", ".join(s.name for s in record.seats)))
    level = level_named(cmd.level) if cmd.level else Level.NORMAL.value
    if level is None:
        return refuse(NO_LEVEL(level=repr(shown(cmd.level or "", 20)), levels=level_names(LEVELS)))
    if seat.bot == level and not seat.dropped:
        return refuse(THE_COMPUTER_ALREADY_PLAYS(name=seat.name, level=level_name(level)))
    draft = ctx.draft()
    draft.add(payloads.BotSeated(level), seat=seat.name)
    return Outcome(lines(HANDED(moderator=ctx.actor.name, seat=seat.name, level=level_name(level)),
                         next_line(draft.live)), draft=draft, mentions=[], position_changed=True)


_RUNNING = (GameStatus.ACTIVE, GameStatus.PAUSED)

ENTRY = Entry(
    "replace", ("replace",), USAGE(), _replace,
    {ReplacePlayer: Route(replace_player, (
        moderator(REPLACE_A_PLAYER()), status(REPLACE_A_PLAYER(), *_RUNNING)),
        discord=OnDiscord(member="user")),
     ReplaceWithBot: Route(replace_with_bot, (
         moderator(REPLACE_A_PLAYER()), status(REPLACE_A_PLAYER(), *_RUNNING)))},
    strict=True, help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`replace NAME with @user`, `replace NAME with bot "
                           "[easy\\|normal\\|hard]`"),),
    slash=Slash("replace", SLASH()), rank=21,
)
