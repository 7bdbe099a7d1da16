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
import sys
from typing import TextIO

from bot import console, practice_from
from bot.api import Actor
from bot.service import GameService
from bot.service.ratings.counting import PRACTICE_PLACE
from bot.service.words.catalogue import words_for
from bot.service.words.names import level_name
from engine.limits import LimitError
from engine.limits import check_name as checked_name
from engine.text import Msg, Plural

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


def _from(service: GameService, args: argparse.Namespace, out: TextIO,
          pictures: str) -> str | None:
    """The practice table set at move ``args.move`` of game ``args.from_game``: the seat you
    play, or None (and why, printed) when it cannot be."""
    words = console.here(service, PLACE)
    opened = practice_from.open_from(service, PLACE, args.from_game, args.move, args.seat,
                                     args.level)
    for reply in opened.said:
        console.show(reply, out, pictures, words)
    return opened.seat
