"""``busbot practice`` (``./play practice``): you against two to four computer players in the
terminal, on the same service and database as the console table, so a practice game is kept
and continues where it was.

You type your moves as you would in the channel (no ``Name:`` in front); every command works
(``map``, ``moves``, ``hint``, ``undo``...). The bots think on the worker processes and each run
of their moves is printed as it comes, before you are asked again.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from bot import console
from bot.api import Actor
from bot.service import GameService
from bot.service.ratings.counting import PRACTICE_PLACE
from engine.text import Msg, Plural

#: where the practice game is played (its games never count for the ratings)
PLACE = PRACTICE_PLACE

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
    service = console.open_service(opts)
    bots, updates = console.seat_bots(service)
    try:
        you = Actor(args.name, args.name)
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
