"""``busbot practice`` (``./play practice``): you against two to four computer players in the
terminal, on the same service and database as the console table, so a practice game is kept
and continues where it was.

You type your moves as you would in the channel (no ``Name:`` in front); every command works
(``map``, ``moves``, ``hint``, ``undo``...). The bots think on the worker processes and each run
of their moves is printed as it comes, before you are asked again.

``--from GAME --move N`` (issue 36) starts the practice game at a position of a finished game
(or of an earlier practice game) kept in the same database: the first N moves of its log are
imported as a new practice game, you take one seat (``--seat``; by default the one whose
decision it is there) and the computer the others. The game it came from is only read.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from bot import console
from bot.api import Actor
from bot.service import GameService
from bot.service.game.records import GameStatus
from bot.service.ratings.counting import PRACTICE_PLACE
from engine import GameLog, replay
from engine.text import Msg, Plural

#: where the practice game is played (its games never count for the ratings)
PLACE = PRACTICE_PLACE

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
    service = console.open_service(opts)
    bots, updates = console.seat_bots(service)
    try:
        you = Actor(args.name, args.name)
        if args.from_game is not None:
            seat = _from(service, args, out, opts.picture_dir)
            if seat is None:
                return 1
            you = Actor(seat, seat)
        else:
            _set_up(service, you, args.bots, args.level, out, opts.picture_dir)
        bots.wake(PLACE)
        console.show_bots(bots, updates, out, opts.picture_dir)
        read = console.line_reader(stdin or sys.stdin, out)
        while (line := read()) is not None:
            text = line.strip()
            if text.lower() in ("quit", "exit"):
                break
            if text and text is not console.OVERLONG:
                console.show(service.handle(PLACE, you, text), out, opts.picture_dir)
                console.show_bots(bots, updates, out, opts.picture_dir)
        print(console.WORDS(GOODBYE()), file=out)
        return 0
    finally:
        bots.close()
        service.close()


def _set_up(service: GameService, you: Actor, count: int, level: str, out: TextIO,
            pictures: str) -> None:
    """The practice table: the open game there, or a new one with you and the bots."""
    where = service.where_things_stand(PLACE)
    if where is not None:
        print(console.WORDS(GOES_ON(where=where)), file=out)
        return
    print(console.WORDS(OPENING(name=you.name, n=count, level=level)), file=out)
    for text in ("new game", "join", *[f"add bot {level}"] * count, "start"):
        reply = service.handle(PLACE, you, text)
        if not reply.ok or text == "start":
            console.show(reply, out, pictures)


def _from(service: GameService, args: argparse.Namespace, out: TextIO,
          pictures: str) -> str | None:
    """The practice table set at move ``args.move`` of game ``args.from_game``: the seat you
    play, or None (and why, printed) when it cannot be."""
    words = console.WORDS
    where = service.where_things_stand(PLACE)
    if where is not None:
        print(words(STILL_OPEN(where=where)), file=out)
        return None
    log = _log_upto(service, args.from_game, args.move, out)
    if log is None:
        return None
    position = replay(log)
    if position.is_over:
        print(words(OVER_THERE(game=args.from_game, move=args.move)), file=out)
        return None
    decision = position.to_act()
    seat = args.seat or (decision.player if decision is not None else log.players[0])
    named = next((p for p in log.players if p.lower() == seat.lower()), None)
    if named is None:
        print(words(NO_SUCH_SEAT(game=args.from_game, seat=seat,
                                 seats=", ".join(log.players))), file=out)
        return None
    you = Actor(named, named)
    reply = service.import_text(PLACE, you, log.format())
    if not reply.ok:
        console.show(reply, out, pictures)
        return None
    for other in log.players:
        if other != named:
            service.handle(PLACE, you, f"replace {other} with bot {args.level}")
    print(words(FROM_OPENING(game=args.from_game, move=args.move, seat=named,
                             level=args.level,
                             game_text=service.where_things_stand(PLACE) or "")), file=out)
    return named


def _log_upto(service: GameService, game: int, move: int, out: TextIO) -> GameLog | None:
    """The first ``move`` moves of a finished (or practice) game's log, or None (said)."""
    words = console.WORDS
    summary = service.store.game(game) if game > 0 else None
    if summary is None:
        print(words(NO_SUCH_GAME(game=game)), file=out)
        return None
    if summary.status is not GameStatus.OVER and summary.place != PLACE:
        print(words(NOT_OVER(game=game)), file=out)
        return None
    log = GameLog.parse(service.export(game, "txt"))
    if not 0 <= move <= len(log.moves):
        print(words(MOVE_RANGE(game=game, moves=len(log.moves))), file=out)
        return None
    log.moves, log.move_lines = log.moves[:move], log.move_lines[:move]
    return log
