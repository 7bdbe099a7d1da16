"""Before the first move: ``new game``, ``join``, ``colour``, ``leave``, ``start`` and
``accept`` (taking a seat offered to you, at any time). Creating a game, taking and leaving
seats, colours, and the start; each command's request, reader, handler and entry."""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass

from bot.api import Command
from bot.service import ratings
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import (
    Entry,
    NoSlash,
    OnDiscord,
    OpenRoute,
    Route,
    Section,
    Slash,
    Who,
)
from bot.service.command.needs import lobby_only, moderator
from bot.service.command.playing import table_outcome
from bot.service.command.words import Malformed, Words, alone_or_game, only
from bot.service.game import payloads
from bot.service.game.live_game import Draft, LiveGame, build_game, build_options
from bot.service.game.records import PLAYING_STATUSES, GameRecord
from bot.service.store import languages
from bot.service.words.catalogue import LANGUAGES, LanguageName, Said, language_named, lines
from bot.service.words.names import colour_name, colour_named, colour_names, seated
from bot.service.words.replies import EVENT, STATUS_WORDS, next_line, played_lines
from engine import COLOURS, EDITIONS, BusError
from engine.errors import Said as Saying
from engine.limits import MAX_SEATS as MAX_PLAYERS
from engine.limits import MIN_SEATS as MIN_PLAYERS
from engine.limits import LimitError, look_alike, shown
from engine.limits import check_name as checked_name
from engine.text import Listing, Msg

THERE_IS_ALREADY_A_GAME = Msg("lobby.there_is_already_a_game", "There is already a game here "
                              "({status}); a moderator can `abandon` it before a new one "
                              "starts.")
CANNOT_CREATE_THE_GAME = Msg("lobby.cannot_create_the_game", "Cannot create the game: {err}.")
YOU_ALREADY_SIT_AT_THIS = Msg("lobby.you_already_sit_at_this", "You already sit at this table as "
                              "{name} ({colour}).")
THE_TABLE_IS_FULL_PLAYERS = Msg("lobby.the_table_is_full_players", "The table is full "
                                "({most} players).")
NO_SEAT_IS_OFFERED_TO = Msg("lobby.no_seat_is_offered_to", "No seat is offered to you in this "
                            "game; a moderator offers one with `replace NAME with @you`.")
THE_GAME_IS_SO_NO = Msg("lobby.the_game_is_so_no", "The game is {status}, so no seat can be "
                        "taken now.")
YOU_ARE_NOT_SEATED_AT = Msg("lobby.you_are_not_seated_at", "You are not seated at this table.")
NOW_PLAYS = Msg("lobby.now_plays", "{name} now plays {colour}.")
NEW_GAME = Msg("lobby.new_game", "New game of Bus ({edition} edition{options}) created by {name}. "
               "Take a seat with `join` or `join COLOUR` ({colours}); a moderator starts the game "
               "with `start` once {least} to {most} players sit.")
CANNOT_JOIN_AS = Msg("lobby.cannot_join_as", "You cannot join as {name}: {err}. Try `join as "
                     "OTHERNAME`.")
NOT_A_COLOUR = Msg("lobby.not_a_colour", "{colour} is not a colour of the game; choose {colours}.")
COLOUR_TAKEN = Msg("lobby.colour_taken", "{colour} is taken; free colours: {free}.")
NO_COLOUR_FREE = Msg("lobby.no_colour_free", "none")
JOINS = Msg("lobby.joins", "{name} joins the game as {colour}. Seated ({n} of {most}): {seated}.")
TAKES_SEAT = Msg("lobby.takes_seat", "{name} takes {seat}'s seat.")
TAKES_SEAT_RENAMED = Msg("lobby.takes_seat_renamed", "{name} takes {seat}'s seat; the seat plays "
                         "as {new_name} from now on.")
LEAVES = Msg("lobby.leaves", "{name} leaves the table ({n} seated).")
PLAYERS_NEEDED = Msg("lobby.players_needed", "Bus needs {least} to {most} players; {n} seated.")
NOT_SEATED_HERE = Msg("lobby.not_seated_here", "{name} is not seated here; the seats are "
                      "{seats}.")
EVERY_SEAT_ONCE = Msg("lobby.every_seat_once", "The order must name every seat once: {seats}.")
BEGINS_GIVEN = Msg("lobby.begins_given", "The game begins! Seat order (given by the moderator): "
                   "{seating}.")
BEGINS_RANDOM = Msg("lobby.begins_random", "The game begins! Seat order (drawn at random, seed "
                    "{seed}): {seating}.")
THE_GAME_CANNOT_START = Msg("lobby.the_game_cannot_start", "The game cannot start: {err}.")
USAGE = Msg("lobby.usage", "`join [colour] [as NAME]`")
JOIN = Msg("lobby.join", "join")
USAGE_2 = Msg("lobby.usage_2", "`colour COLOUR`")
CHANGE_COLOUR = Msg("lobby.change_colour", "change colour")
USAGE_3 = Msg("lobby.usage_3", "`leave`")
LEAVE = Msg("lobby.leave", "leave")
START_THE_GAME = Msg("lobby.start_the_game", "start the game")
HELP_4 = Msg("lobby.help_4", "`start` (moderator; random seat order) or `start order: A, B, C`")
USAGE_4 = Msg("lobby.usage_4", "`accept`")
HELP_5 = Msg("lobby.help_5", "a seat offered to you (`replace`, an import) is yours once you "
             "type `accept`")

LANGUAGE_UNKNOWN = Msg("lobby.language_unknown", "busbot does not speak {typed} (it speaks "
                      "{known})")
#: a joining name that looks like a seated one
NAME_TAKEN = Msg("lobby.name_taken", "that name is taken (it looks like {twin}, already seated)")
#: how two commands are written, which their readers quote when the rest does not fit
USAGE_NEW = Msg("lobby.usage_new", "`new game [capstone|splotter-2nd] [option=value ...]`")
USAGE_NEW_EDITIONS = Msg("lobby.usage_new_editions", "{usage} (editions: {editions}; '{word}' is "
                        "neither)")
USAGE_START = Msg("lobby.usage_start", "`start` or `start order: NAME, NAME, NAME`")
#: the slash form's words after ``/bus do``
_DO = "reached with `/bus do`"

#: the line Discord shows under the command's ``/bus`` form
SLASH_NEW = Msg("lobby.slash.new", "Open a new game at this table")
SLASH_JOIN = Msg("lobby.slash.join", "Take a seat in the game being set up here")
SLASH_START = Msg("lobby.slash.start", "Start the game with the players seated")


@dataclass(frozen=True, slots=True)
class NewGame(Command):
    """``new game``; ``named_in``: the language of the words it was asked with when not
    English (``neues Spiel``), which the game is written in unless an option says otherwise."""

    edition: str | None
    options: tuple[tuple[str, str], ...]
    named_in: str | None = None


@dataclass(frozen=True, slots=True)
class Join(Command):
    colour: str | None
    name: str | None


@dataclass(frozen=True, slots=True)
class Leave(Command):
    pass


@dataclass(frozen=True, slots=True)
class Colour(Command):
    colour: str


@dataclass(frozen=True, slots=True)
class Start(Command):
    order: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Accept(Command):
    """Take the seat a moderator (or an imported file) offered to you."""


# ---- reading -------------------------------------------------------------------------------------


def _new(w: Words) -> Command | None:
    if w.word(1) != "game":
        return None
    return read_new_game(w.rest(2), w.named_in)


def read_new_game(rest: str, named_in: str | None = None) -> Command:
    """``new game`` with the edition and ``option=value`` settings written in ``rest``."""
    words = rest.replace("=", " = ").split()
    edition: str | None = None
    options: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        if i + 1 < len(words) and words[i + 1] == "=":
            if word == "=" or i + 2 >= len(words) or words[i + 2] == "=":
                return Malformed("new", USAGE_NEW())
            options.append((word.lower().replace("-", "_"), words[i + 2]))
            i += 3
        elif word.lower() in EDITIONS and edition is None:
            edition = word.lower()
            i += 1
        else:
            return Malformed("new", USAGE_NEW_EDITIONS(usage=USAGE_NEW(),
                                                       editions=", ".join(EDITIONS),
                                                       word=shown(word, 30)))
    return NewGame(edition, tuple(options), named_in)


def _join(w: Words) -> Command | None:
    first = w.word(1)
    if first is None:
        return Join(None, None)
    colour: str | None = None
    at = 1
    if first != "as":
        if not first.isalpha():  # a colour's name, in any language (``grün``)
            return None
        colour, at = first, 2
    if w.word(at) is None and colour is not None:
        return Join(colour, None)
    if w.word(at) != "as":
        return None
    name = w.rest(at + 1)
    return Join(colour, name) if name and "\n" not in name else None


def _leave(w: Words) -> Command | None:
    return Leave() if alone_or_game(w) else None


def _colour(w: Words) -> Command | None:
    colour = w.word(1)
    if colour is None or not only(w, 2) or not colour.isalpha():
        return None
    return Colour(colour)


def _start(w: Words) -> Command | None:
    at = 2 if w.word(1) == "game" else 1
    word = w.word(at)
    if word is None:
        return Start(None)
    if not word.startswith("order"):
        return None
    text = w.rest(at)[len("order"):].lstrip()
    return start_order(text[1:] if text.startswith(":") else text)


def start_order(text: str) -> Command:
    """``start`` with the seats in the order written (``Ada, Bram; Cleo``)."""
    names = tuple(n.strip() for n in re.split(r"[,;\n]", text) if n.strip())
    return Start(names) if names else Malformed("start", USAGE_START())


def _accept(w: Words) -> Command | None:
    return Accept() if only(w, 1) else None


# ---- handling ------------------------------------------------------------------------------------


def new_game(ctx: Context[LiveGame | None], cmd: NewGame) -> Outcome:
    live = ctx.live
    if live is not None and live.is_open:
        return refuse(THERE_IS_ALREADY_A_GAME(status=STATUS_WORDS[live.status]()))
    edition = cmd.edition or EDITIONS[0]
    overrides = dict(cmd.options)
    named = overrides.pop("language", None)
    chosen = (language_named(named) if named is not None else cmd.named_in
              or languages.for_new_game(ctx.store, ctx.actor.server, ctx.default_language))
    if named is not None and chosen is None:
        return refuse(CANNOT_CREATE_THE_GAME(err=LANGUAGE_UNKNOWN(
            typed=shown(named, 20), known=Listing(tuple(LanguageName(c) for c in LANGUAGES)))))
    try:
        build_options(edition, MIN_PLAYERS, overrides)
    except ValueError as err:
        return refuse(CANNOT_CREATE_THE_GAME(err=err.text if isinstance(err, Saying) else str(err)))
    draft = Draft(GameRecord(0, ctx.place), None, ctx.actor, ctx.now, ctx.message_id)
    options = "".join(f", {k}={v}" for k, v in overrides.items())
    # single choices play themselves unless the creator says otherwise (`auto_single off`
    # turns it off later); written down, so an older game keeps what it had
    overrides.setdefault("auto_single", "true")
    draft.add(payloads.Created(edition, overrides))
    if chosen is not None:  # the game's language, from its option or the server's default
        draft.add(payloads.SettingChanged("language", chosen))
    return Outcome(NEW_GAME(edition=edition, options=options, name=ctx.actor.name,
                            colours=colour_names(COLOURS), least=MIN_PLAYERS, most=MAX_PLAYERS),
                   draft=draft)


def check_name(name: str, taken: list[str]) -> str:
    """The name as a seat will carry it, or ``LimitError`` saying why it cannot be used: the
    limits of ``engine.limits`` and no look-alike of a name already seated."""
    clean = checked_name(name)
    twin = look_alike(clean, taken)
    if twin is not None:
        raise LimitError(NAME_TAKEN(twin=twin))
    return clean


def takes_offer(ctx: GameContext, cmd: Join) -> Command:
    """``join`` (or ``join as NAME``) in a running game by the user a seat is offered to means
    taking that seat, as ``accept`` does."""
    live = ctx.live
    offered = live.record.offered_to(ctx.actor.user_id)
    if (live.status in PLAYING_STATUSES and offered is not None
            and (cmd.name is None or live.record.seat(cmd.name) is offered)):
        return Accept()
    return cmd


def join(ctx: GameContext, cmd: Join) -> Outcome:
    record = ctx.live.record
    mine = record.seat_of_user(ctx.actor.user_id)
    if mine is not None:
        return refuse(YOU_ALREADY_SIT_AT_THIS(name=mine.name, colour=colour_name(mine.colour)))
    if len(record.seats) >= MAX_PLAYERS:
        return refuse(THE_TABLE_IS_FULL_PLAYERS(most=MAX_PLAYERS))
    given = cmd.name or ctx.actor.name
    try:
        name = check_name(given, [s.name for s in record.seats])
    except LimitError as err:
        return refuse(CANNOT_JOIN_AS(name=repr(shown(given, 40)), err=err.text))
    taken = {s.colour for s in record.seats}
    colour = colour_named(cmd.colour) if cmd.colour is not None else None
    if cmd.colour is not None:
        if colour is None:
            return refuse(NOT_A_COLOUR(colour=shown(cmd.colour, 20),
                                       colours=colour_names(COLOURS)))
        if colour in taken:
            return refuse(COLOUR_TAKEN(colour=colour_name(colour), free=_free(taken)))
    else:
        colour = next(c for c in COLOURS if c not in taken)
    draft = ctx.draft()
    draft.add(payloads.Joined(colour), seat=name)
    return Outcome(JOINS(name=name, colour=colour_name(colour), n=len(draft.record.seats),
                         most=MAX_PLAYERS,
                         seated=seated((s.name, s.colour) for s in draft.record.seats)),
                   draft=draft)


def accept(ctx: GameContext, cmd: Accept) -> Outcome:
    """Take the seat offered to you: from now on you play it and are pinged for it."""
    live = ctx.live
    seat = live.record.offered_to(ctx.actor.user_id)
    if seat is None:
        return refuse(NO_SEAT_IS_OFFERED_TO())
    if live.status not in PLAYING_STATUSES:
        return refuse(THE_GAME_IS_SO_NO(status=STATUS_WORDS[live.status]()))
    old_name, new_name = seat.name, live.record.name_for(seat, seat.user_name)
    draft = ctx.draft()
    draft.add(payloads.Accepted(new_name or None), seat=seat.name)
    if new_name is None:
        return Outcome(lines(TAKES_SEAT(name=ctx.actor.name, seat=old_name),
                             next_line(draft.live)), draft=draft, position_changed=True)
    draft.game = build_game(draft.record)  # the picture shows the new name
    return Outcome(lines(TAKES_SEAT_RENAMED(name=ctx.actor.name, seat=old_name,
                                            new_name=new_name), next_line(draft.live)),
                   draft=draft, position_changed=True,
                   picture=draft.game)


def _free(taken: set[str | None]) -> Said:
    free = [c for c in COLOURS if c not in taken]
    return colour_names(free) if free else NO_COLOUR_FREE()


def leave(ctx: GameContext, cmd: Leave) -> Outcome:
    seat = ctx.live.record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        return refuse(YOU_ARE_NOT_SEATED_AT())
    draft = ctx.draft()
    draft.add(payloads.Left(), seat=seat.name)
    return Outcome(LEAVES(name=seat.name, n=len(draft.record.seats)), draft=draft)


def colour(ctx: GameContext, cmd: Colour) -> Outcome:
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        return refuse(YOU_ARE_NOT_SEATED_AT())
    taken = {s.colour for s in record.seats if s is not seat}
    chosen = colour_named(cmd.colour)
    if chosen is None:
        return refuse(NOT_A_COLOUR(colour=shown(cmd.colour, 20), colours=colour_names(COLOURS)))
    if chosen in taken:
        return refuse(COLOUR_TAKEN(colour=colour_name(chosen), free=_free(taken)))
    draft = ctx.draft()
    draft.add(payloads.Recoloured(chosen), seat=seat.name)
    return Outcome(NOW_PLAYS(name=seat.name, colour=colour_name(chosen)), draft=draft)


def start(ctx: GameContext, cmd: Start) -> Outcome:
    record = ctx.live.record
    names = [s.name for s in record.seats]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return refuse(PLAYERS_NEEDED(least=MIN_PLAYERS, most=MAX_PLAYERS, n=len(names)))
    seed: int | None = None
    if cmd.order is not None:
        order = []
        for given in cmd.order:
            seat = record.seat(given)
            if seat is None:
                return refuse(NOT_SEATED_HERE(name=given, seats=", ".join(names)))
            order.append(seat.name)
        if sorted(order) != sorted(names):
            return refuse(EVERY_SEAT_ONCE(seats=", ".join(names)))
    else:
        seed = secrets.randbits(32)
        order = list(names)
        random.Random(seed).shuffle(order)
    # every seat has its colour from ``join`` on
    colours = [s.colour or "" for s in (record.seat(n) for n in order) if s is not None]
    draft = ctx.draft()
    draft.add(payloads.Started(tuple(order), tuple(colours), seed,
                             "moderator" if cmd.order is not None else "random"))
    try:
        draft.game = build_game(draft.record)
    except (BusError, ValueError) as err:
        return refuse(THE_GAME_CANNOT_START(err=err.text if isinstance(err, Saying) else str(err)))
    assert draft.game is not None
    seating = ", ".join(f"{s.name} ({s.colour})" for s in draft.record.seats)
    said: list[Said] = [BEGINS_RANDOM(seed=str(seed), seating=seating) if seed is not None
                        else BEGINS_GIVEN(seating=seating)]
    said.extend(ratings.chances(ctx.store, draft.record, ctx.actor.server or ctx.place))
    said.extend(EVENT(event=e.said) for e in draft.game.opening_events)
    said.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, said)


# ---- the commands --------------------------------------------------------------------------------

ENTRIES = (
    Entry("new", ("new",), USAGE_NEW(), _new,
          {NewGame: OpenRoute(new_game, discord=OnDiscord(posts=True))}, head="new game",
          help=((Section.LOBBY, USAGE_NEW()),),
          docs=((Who.ANYONE, "`new game [capstone\\|splotter-2nd] [option=value ...]`"),),
          slash=Slash("new", SLASH_NEW()), rank=1),
    Entry("join", ("join",), USAGE(), _join,
          {Join: Route(join, (lobby_only(JOIN()),), resolve=takes_offer)}, strict=True,
          help=((Section.LOBBY, USAGE()),),
          docs=((Who.BEFORE_START, "`join [colour] [as NAME]`"),),
          slash=Slash("join", SLASH_JOIN()), rank=10),
    Entry("colour", ("colour", "color"), USAGE_2(), _colour,
          {Colour: Route(colour, (lobby_only(CHANGE_COLOUR()),))}, strict=True,
          help=((Section.LOBBY, USAGE_2()),), docs=((Who.BEFORE_START, "`colour COLOUR`"),),
          slash=NoSlash(f"`/bus join` takes the colour with the seat; {_DO}"), rank=11),
    Entry("leave", ("leave",), USAGE_3(), _leave,
          {Leave: Route(leave, (lobby_only(LEAVE()),))},
          help=((Section.LOBBY, USAGE_3()),), docs=((Who.BEFORE_START, "`leave`"),),
          slash=NoSlash(f"rare, and Discord allows 25 subcommands; {_DO}"), rank=12),
    Entry("start", ("start",), USAGE_START(), _start,
          {Start: Route(start, (lobby_only(START_THE_GAME()), moderator(START_THE_GAME())),
                        discord=OnDiscord(posts=True))},
          help=((Section.LOBBY, HELP_4()),),
          docs=((Who.MODERATORS, "`start` (random order, seed recorded) or "
                                 "`start order: A, B, C`"),),
          slash=Slash("start", SLASH_START()), rank=13),
    Entry("accept", ("accept",), USAGE_4(), _accept, {Accept: Route(accept)},
          help=((Section.LOBBY, HELP_5()),),
          docs=((Who.OFFERED, "`accept` (or `join as NAME`): take the seat"),),
          slash=NoSlash(f"an offer is answered where it was made; {_DO}"), rank=14),
)
