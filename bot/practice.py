"""``busbot practice`` (``./play practice``): you against two to four computer players in the
terminal, on the same service and database as the console table, so a practice game is kept
and continues where it was.

You type your moves as you would in the channel (no ``Name:`` in front); every command works
(``map``, ``moves``, ``hint``, ``undo``...). The bots think on the worker processes and each run
of their moves is printed as it comes, before you are asked again.

Your seat has a name like any other (your login name, else ``Player``, or ``--name``): the
table's sentences speak of each seat in the third person ("Ada chooses Buses", "Ada's 2
buses", the picture's scores), so a seat called "You" would read "You chooses Buses"; a
second-person name is refused.

``--from GAME --move N`` (issue 36) starts the practice game at a position of a finished game
(or of an earlier practice game) kept in the same database: the first N moves of its log are
imported as a new practice game, you take one seat (``--seat``; by default the one whose
decision it is there) and the computer the others. The game it came from is only read.
"""

from __future__ import annotations

import argparse
import getpass
import re
import sys
from dataclasses import dataclass
from typing import TextIO

from bot import console
from bot.api import Actor, Refusal, Reply
from bot.service import GameService
from bot.service.game.records import GameStatus, discord_user
from bot.service.ratings.counting import PRACTICE_PLACE
from bot.service.words.catalogue import words_for
from bot.service.words.names import level_name
from engine import GameLog, replay
from engine.limits import LimitError
from engine.limits import check_name as checked_name
from engine.text import Msg, Plural, Text

#: where the practice game is played (its games never count for the ratings)
PLACE = PRACTICE_PLACE
#: your seat's name when your login name makes none
DEFAULT_NAME = "Player"
#: login names that are an account, not a person (the seat is then ``DEFAULT_NAME``)
SYSTEM_ACCOUNTS = frozenset(("root", "admin", "administrator", "user", "guest", "nobody"))
#: names that are no third person: "You chooses Buses" reads wrong
PRONOUNS = frozenset(("you", "me", "i", "myself", "yourself", "we", "us", "they", "them"))
SECOND_PERSON = Msg("practice.second_person",
                    "the table speaks of every seat in the third person (\"{name} chooses "
                    "Buses\"), so write a name, such as --name Ada")
NO_SEAT_NAME = Msg("practice.no_seat_name", "busbot practice: --name {name}: {reason}.")
OLD_SEAT_NAME = Msg("practice.old_seat_name",
                    "(Your seat in this game is named {name}, so its sentences read \"{name} "
                    "chooses\"; a new practice game names it {new}: `abandon` this one first.)")

GOODBYE = Msg("practice.goodbye", "Goodbye; the practice game is saved (`./play practice` goes on "
              "with it).")
GOES_ON = Msg("practice.goes_on", "Your practice game goes on. {where}")
FROM_OPENING = Msg("practice.from_opening", "A practice game from game {game} at move {move}: "
                  "you play {seat}, the computer the other seats ({level}). {game_text}")
NOT_OVER = Msg("practice.from_not_over", "Game {game} is still being played: practise from it "
               "once it is over (practising from a running game would be advice).")
NO_SUCH_GAME = Msg("practice.from_no_game", "There is no game {game} here.")
MOVE_RANGE = Msg("practice.from_move_range", "Game {game} has {moves} moves: choose a move from "
                 "0 to {moves}.")
NO_SUCH_SEAT = Msg("practice.from_no_seat", "Game {game} has no seat {seat}; its seats: "
                   "{seats}.")
OVER_THERE = Msg("practice.from_over", "Game {game} is over at move {move}: choose an earlier "
                 "move.")
STILL_OPEN = Msg("practice.from_open", "Your practice game goes on: finish it (or `abandon` it) "
                 "before practising from another position. {where}")
OPENING = Plural("practice.opening", "A practice game: you ({name}) against {n} computer player "
                 "({level}). Type your moves as in the channel; `moves` lists them, `hint` "
                 "suggests one, `quit` ends (the game is kept).", "A practice game: you ({name}) "
                 "against {n} computer players ({level}). Type your moves as in the channel; "
                 "`moves` lists them, `hint` suggests one, `quit` ends (the game is kept).")


def main(args: argparse.Namespace, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    opts = console.settings(args)
    out = stdout or sys.stdout
    try:
        name = seat_name(args.name)
    except LimitError as err:
        print(words_for(opts.language)(NO_SEAT_NAME(name=repr(args.name), reason=err.text)),
              file=sys.stderr)
        return 2
    service = console.open_service(opts)
    bots, updates = console.seat_bots(service)
    try:
        if args.from_game is not None:
            seat = _from(service, args, out, opts.picture_dir)
            if seat is None:
                return 1
            you = Actor(seat, seat)
        else:
            you = _set_up(service, Actor(name, name), args.bots, args.level, out,
                          opts.picture_dir, describe=opts.describe)
        bots.wake(PLACE)
        console.show_bots(bots, updates, out, opts.picture_dir, console.here(service, PLACE),
                          describe=opts.describe)
        read = console.line_reader(stdin or sys.stdin, out)
        while (line := read()) is not None:
            text = line.strip()
            if text.lower() in ("quit", "exit"):
                break
            if text and text is not console.OVERLONG:
                console.show(service.handle(PLACE, you, text), out, opts.picture_dir,
                             console.here(service, PLACE), service.clock(),
                             describe=opts.describe)
                console.show_bots(bots, updates, out, opts.picture_dir,
                                  console.here(service, PLACE), service.clock(),
                                  describe=opts.describe)
        print(console.here(service, PLACE)(GOODBYE()), file=out)
        return 0
    finally:
        bots.close()
        service.close()


def seat_name(given: str | None) -> str:
    """The name of your seat: ``given``, else your login name when it makes a seat name (not
    an operator's account such as ``root``), else ``DEFAULT_NAME``; ``LimitError`` for a name
    no seat may have, or one the table could not say in the third person."""
    if given is None:
        login = _login().strip()
        candidate = login[:1].upper() + login[1:]
        try:
            if login.isalpha() and login.lower() not in SYSTEM_ACCOUNTS | PRONOUNS:
                return checked_name(candidate)
        except LimitError:
            pass
        return DEFAULT_NAME
    name = checked_name(given)
    if name.casefold() in PRONOUNS:
        raise LimitError(SECOND_PERSON(name=repr(name)))
    return name


def _login() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name to be found (no user entry, no variable)
        return ""


def _set_up(service: GameService, you: Actor, count: int, level: str, out: TextIO,
            pictures: str, *, describe: bool = False) -> Actor:
    """The practice table: the open game there, or a new one with you and the bots. Returns
    who you play as: in a practice game that goes on, its person's seat's player (whatever
    name this start gives)."""
    where = service.where_things_stand(PLACE)
    words = console.here(service, PLACE)
    if where is not None:
        print(words(GOES_ON(where=where)), file=out)
        live = service.live_copy(PLACE)
        seat = next((s for s in live.record.seats if s.player is not None), None) \
            if live is not None else None
        if seat is None or seat.player is None:
            return you
        if seat.name.casefold() in PRONOUNS:
            print(words(OLD_SEAT_NAME(name=seat.name, new=you.name)), file=out)
        return Actor(seat.player, seat.user_name or seat.name)
    print(words(OPENING(name=you.name, n=count, level=level_name(level))), file=out)
    for text in ("new game", "join", *[f"add bot {level}"] * count, "start"):
        reply = service.handle(PLACE, you, text)
        if not reply.ok or text == "start":
            console.show(reply, out, pictures, console.here(service, PLACE), describe=describe)
    return you


#: the levels a practice table's computer players play at (as ``--level``)
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
#: ``practice from game G move N [as SEAT] [easy|normal|hard]``: bounded pieces, no nesting,
#: so reading a hostile line is linear
_ASKED = re.compile(r"practi[cs]e\s+from\s+game\s+#?(\d{1,9})\s+move\s+(\d{1,6})"
                    r"(?:\s+as\s+(\S{1,64}))?(?:\s+(easy|normal|hard))?\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Asked:
    """``practice from game G move N``, read."""

    game: int
    move: int
    seat: str | None
    level: str


def asked_from(text: str) -> Asked | None:
    """The command ``practice from game G move N [as SEAT] [easy|normal|hard]`` in ``text``,
    or None when the text is another."""
    found = _ASKED.fullmatch(text.strip())
    if found is None:
        return None
    game, move, seat, level = found.groups()
    return Asked(int(game), int(move), seat, (level or DEFAULT_LEVEL).lower())


def _from(service: GameService, args: argparse.Namespace, out: TextIO,
          pictures: str) -> str | None:
    """The practice table set at move ``args.move`` of game ``args.from_game``: the seat you
    play, or None (and why, printed) when it cannot be."""
    words = console.here(service, PLACE)
    opened = open_from(service, PLACE, args.from_game, args.move, args.seat, args.level)
    for reply in opened.said:
        console.show(reply, out, pictures, words)
    return opened.seat


@dataclass(frozen=True, slots=True)
class Opened:
    """What ``open_from`` did: the seat the asker plays (None when it was refused, and then
    nothing changed), and what it said, in order (refusals as ``Refusal``; the changes'
    own replies, the import and the seats given, then the opening line)."""

    seat: str | None
    said: list[Reply]


@dataclass(frozen=True, slots=True)
class Start:
    """A position a practice table can start from: the log up to it, and the seat to play."""

    log: GameLog
    seat: str


def position_from(service: GameService, game: int, move: int, seat: str | None,
                  server: str | None = None) -> Start | Text:
    """Where a practice table from move ``move`` of game ``game`` starts, or why it cannot
    (a sentence). ``server``: the Discord server asking, whose games only it may read (the
    console and the terminal, None, read every game of their database)."""
    log = _log_upto(service, game, move, server)
    if not isinstance(log, GameLog):
        return log
    position = replay(log)
    if position.is_over:
        return OVER_THERE(game=game, move=move)
    decision = position.to_act()
    wanted = seat or (decision.player if decision is not None else log.players[0])
    named = next((p for p in log.players if p.lower() == wanted.lower()), None)
    if named is None:
        return NO_SUCH_SEAT(game=game, seat=wanted, seats=", ".join(log.players))
    return Start(log, named)


def open_from(service: GameService, place: str, game: int, move: int, seat: str | None,
              level: str, asker: Actor | None = None) -> Opened:
    """A practice table at ``place`` set at move ``move`` of game ``game`` (finished, or a
    practice game): its first ``move`` moves imported as a new game (through the service's
    ``import``, so it counts as a new game against the daily budgets), the asker in ``seat``
    (by default the one whose decision it is there) and the computer at ``level`` in the
    others. The game it came from is only read. ``asker``: who asked (the console's
    ``Name:``, a Discord member), who imports and so moderates it and whose daily allowance it
    counts against; by default the seat's player (the terminal's). A Discord member is given
    the seat itself (its name stays, so the table is drawn as the real one was). Shared by
    ``busbot practice --from``, the console's and Discord's ``practice from game G move N``."""
    words = words_for(service.language_of(place))

    def refused(said: Text) -> Opened:
        return Opened(None, [Refusal(words(said))])

    where = service.where_things_stand(place)
    if where is not None:
        return refused(STILL_OPEN(where=where))
    start = position_from(service, game, move, seat, asker.server if asker else None)
    if not isinstance(start, Start):
        return refused(start)
    log, named = start.log, start.seat
    you = asker or Actor(named, named)
    reply = service.import_text(place, you, log.format())
    if not reply.ok:
        return Opened(None, [reply])
    changes = [reply]
    if discord_user(you.user_id):
        changes.append(service.handle(place, you, f"replace {named} with <@{you.user_id}>"))
    for other in log.players:
        if other != named:
            changes.append(service.handle(place, you, f"replace {other} with bot {level}"))
    return Opened(named, [*changes, Reply(words(FROM_OPENING(
        game=game, move=move, seat=named, level=level_name(level),
        game_text=service.where_things_stand(place) or "")))])


def _log_upto(service: GameService, game: int, move: int,
              server: str | None = None) -> GameLog | Text:
    """The first ``move`` moves of a finished (or practice) game's log, or why not; with a
    ``server``, only a game of that server is found."""
    summary = service.store.game(game) if game > 0 else None
    if summary is not None and server is not None and all(
            item.game.id != game for item in service.store.listed(server, open_only=False)):
        summary = None  # another server's game is not this one's to read
    if summary is None:
        return NO_SUCH_GAME(game=game)
    if summary.status is not GameStatus.OVER and summary.place != PLACE:
        return NOT_OVER(game=game)
    log = GameLog.parse(service.export(game, "txt"))
    if not 0 <= move <= len(log.moves):
        return MOVE_RANGE(game=game, moves=len(log.moves))
    log.moves, log.move_lines = log.moves[:move], log.move_lines[:move]
    return log
