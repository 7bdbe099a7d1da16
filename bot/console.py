"""A table in the terminal: every line is ``Name: text``, as if that user wrote it in the channel.

A line is read as a channel message without the prefix is: through the same chat filter
(``GameService.read_chat``), so table talk gets no answer here either and a console game shows
exactly what Discord would do. ``Name: !bus text`` is a prefixed command, always answered.

It runs the very same service as the Discord bot on the same kind of database, so quitting and
starting again continues every game, and a game played here can be exported to Discord.
Users are named by what precedes the colon; the console has no server managers, so a game's
moderator is its creator (or whoever has the configured role, which nobody has here).

Every moment busbot writes (a deadline, a return from time away, a reminder's due time) is
Discord's timestamp markup, which each Discord client shows in its reader's zone; the console
writes it out in this machine's local zone, with the zone's name (``words/moments.py``).

The table's practice clock: a line ``time +3h`` (no ``Name:``; only here, never from Discord)
moves this table's clock on, so a deadline, a reminder or a time bank can be watched running
out without waiting for it (``time`` alone says where the clock stands). What comes due is
done at once, as the Discord bot would do it then. The clock is the machine's own plus what
was added; it starts from the machine's clock again when the console is opened again, and a
game whose records are ahead of it then counts its wait again from that moment (as after a
clock set back).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from bot import practice_from
from bot.api import Actor, Addressed, Attachment, Refusal, Reply
from bot.cli_common import console_arguments as add_arguments
from bot.config import (
    LANGUAGE,
    LIVE_GAMES,
    LIVE_IDLE_HOURS,
    PICTURE_CACHE,
    PICTURE_LAYOUT,
    live_idle_seconds,
)
from bot.service import GameService
from bot.service.bots import BotPlayers
from bot.service.drawing.renderer import default_renderer, start_pictures
from bot.service.game.deadlines import duration, span
from bot.service.router.chat import a_command
from bot.service.router.reading import command_named
from bot.service.store import StoreError, languages
from bot.service.verbs.export import ExchangeError
from bot.service.verbs.import_game import read_import_file
from bot.service.words.catalogue import words_for
from bot.service.words.moments import local_zone, moment_words, written_out
from engine.limits import MAX_MESSAGE_CHARS
from engine.text import ENGLISH, Msg, Words

if TYPE_CHECKING:
    from bot.config import Config

PLACE = "console"
#: the longest line read whole: a user's name, ": ", and a message at the message limit
_LINE_LIMIT = MAX_MESSAGE_CHARS + 64
#: what the line reader gives for a line over that: it is refused, never read whole
OVERLONG = "\x00(a line over the message limit)"
DEFAULT_PICTURES = "pictures"
#: How often a console table open at a terminal looks for due reminders and deadlines.
TICK_SECONDS = 60.0
HISTORY = "~/.busbot_history"
#: how often (seconds) the prompt looks whether the computer players are done
BOT_POLL = 0.1
IMPORT_HINT = Msg("console.import_hint", "`import PATH` makes a game from an exported log file "
                  "(.txt or .json) on this computer, e.g. `Ada: import pictures/bus-game1.txt`; "
                  "whoever imports it moderates it.")
HINT = Msg("console.hint", "Write `Name: text` as that player would in the channel, e.g. `Arcsyn: "
           "new game`, `Arcsyn: join`, `Arcsyn: Place Office at C1`; `Name: help` lists the "
           "commands; `quit` ends (games are kept). Lines are read as Discord reads a message "
           "without the prefix: table talk gets no answer; `Name: !bus text` always gets one.")
OPENING = Msg("console.opening", "busbot console table ({path}). {hint}")
GOODBYE = Msg("console.goodbye", "Goodbye; every game is saved.")
OVER_LIMIT = Msg("console.over_limit", "That line is over {limit:,} characters (the message "
                 "limit); nothing was done.")
NOT_IMPORTED = Msg("console.not_imported", "{err}; nothing was imported.")
AT_THE_CONSOLE = Msg("console.at_the_console", "**At the console**: {hint}")
IN_PLACE = Msg("console.in_place", "(in {place}) {text}")
ONLY_YOU = Msg("console.only_you", "busbot (only you see this): {text}")
SAYS = Msg("console.says", "busbot: {text}")
PING = Msg("console.ping", "  ping: {users}")
PICTURE = Msg("console.picture", "  picture: {path}")
PICTURE_SHOWS = Msg("console.picture_shows", "  picture shows: {alt}")
FILE = Msg("console.file", "  file: {path}")
DIRECT = Msg("console.direct", "busbot (a direct message to {user}): {text}")
CLOCK_NOW = Msg("console.clock_now", "  The table's clock reads {now}, {ahead} ahead of this "
                "machine's; `time +3h` moves it on.")
CLOCK_USAGE = Msg("console.clock_usage", "  `time +3h` moves this table's clock on (minutes, "
                  "hours, days or weeks: `time +90m`, `time +2d`), up to {most} at a time; the "
                  "clock never goes back.")
CLOCK_FIXED = Msg("console.clock_fixed", "  This table's clock cannot be moved (it is not the "
                  "console's practice clock).")
#: the most the practice clock moves on at once (the longest wait busbot keeps: time away)
MOST_AT_ONCE = 60 * 86400.0
PRACTICE_AT = Msg("console.practice_at", "  (Lines now go to the practice table: `{seat}: text` "
                  "plays your seat; `leave practice` returns to the console's table.)")
#: the line (no ``Name:``) that sends the console's lines back to its own table
LEAVE_PRACTICE = "leave practice"
BACK = Msg("console.back", "  (Lines go to the console's table.)")
#: the prefix that makes a line a command whatever it says, as on Discord
PREFIX = "!bus"
#: what the console shows for a line Discord would leave unanswered
TALK = Msg("console.talk", "  (no answer: busbot takes that for table talk; `!bus ...` would make "
           "it a command)")
#: what the console adds to a command answered at a table with no game
FIRST = Msg("console.first", "  (on Discord a channel with no game reads only the prefix: `!bus "
            "new game` there; once a game is there, commands need no prefix)")


class At:
    """Which table the console's lines go to: its own (``PLACE``), or the practice table that
    ``Name: practice from game G move N`` opened, until a line ``leave practice`` (with no
    ``Name:``, as ``time``: ``Name: back`` is a player's return from time away)."""

    def __init__(self) -> None:
        self.place = PLACE


class PracticeClock:
    """The console table's clock: ``base`` (the machine's) plus what ``time +3h`` added, so a
    deadline can be seen to pass at the console. It only moves forward."""

    def __init__(self, base: Callable[[], float] = time.time) -> None:
        self.base = base
        self.ahead = 0.0

    def __call__(self) -> float:
        return self.base() + self.ahead

    def advance(self, seconds: float) -> None:
        if not 0 < seconds <= MOST_AT_ONCE:
            raise ValueError("the practice clock moves forward, at most 60 days at once")
        self.ahead += seconds


@dataclass(frozen=True, slots=True)
class ConsoleSettings:
    db_path: str
    picture_dir: str
    moderator_role: str | None = None
    pictures: bool = True
    picture_cache: int = PICTURE_CACHE
    picture_layout: str = PICTURE_LAYOUT
    #: games kept in memory, and hours after their last command: as the Discord bot's
    live_games: int = LIVE_GAMES
    live_idle_hours: float = LIVE_IDLE_HOURS
    #: the language of the console's table where its game chose none (``language``)
    language: str = LANGUAGE
    #: print each picture's description under its path (``--describe``)
    describe: bool = False


def settings(config_or_args: object) -> ConsoleSettings:
    """Settings from a ``bot.config.Config``, parsed arguments, an argument list, or nothing."""
    if isinstance(config_or_args, Sequence) and not isinstance(config_or_args, str):
        parser = argparse.ArgumentParser(prog="busbot console")
        add_arguments(parser)
        config_or_args = parser.parse_args(list(config_or_args))
    if isinstance(config_or_args, argparse.Namespace):
        args = config_or_args
        db = getattr(args, "db", None)
        pictures = getattr(args, "pictures", None)
        config = None
        if db is None or pictures is None or getattr(args, "config", None):
            config = _load_config(getattr(args, "config", None))
        return ConsoleSettings(
            db or (config.db_path if config is not None else "busbot.db"),
            pictures or (config.picture_dir if config is not None and config.picture_dir
                         else DEFAULT_PICTURES),
            config.moderator_role if config is not None else None,
            not getattr(args, "no_pictures", False),
            config.picture_cache if config is not None else PICTURE_CACHE,
            config.picture_layout if config is not None else PICTURE_LAYOUT,
            config.live_games if config is not None else LIVE_GAMES,
            config.live_idle_hours if config is not None else LIVE_IDLE_HOURS,
            config.language if config is not None else LANGUAGE,
            bool(getattr(args, "describe", False)),
        )
    if config_or_args is None:
        config_or_args = _load_config(None)
    db_path = getattr(config_or_args, "db_path", None) or "busbot.db"
    picture_dir = getattr(config_or_args, "picture_dir", None) or DEFAULT_PICTURES
    role = getattr(config_or_args, "moderator_role", None)
    cache = getattr(config_or_args, "picture_cache", PICTURE_CACHE)
    layout = getattr(config_or_args, "picture_layout", PICTURE_LAYOUT)
    live = getattr(config_or_args, "live_games", LIVE_GAMES)
    idle = getattr(config_or_args, "live_idle_hours", LIVE_IDLE_HOURS)
    language = getattr(config_or_args, "language", LANGUAGE)
    return ConsoleSettings(str(db_path), str(picture_dir), role if isinstance(role, str) else None,
                           picture_cache=cache if isinstance(cache, int) else PICTURE_CACHE,
                           picture_layout=layout if isinstance(layout, str) else PICTURE_LAYOUT,
                           live_games=live if isinstance(live, int) else LIVE_GAMES,
                           live_idle_hours=float(idle) if isinstance(idle, int | float)
                           else LIVE_IDLE_HOURS,
                           language=language if isinstance(language, str) else LANGUAGE)


def _load_config(path: str | None) -> Config:
    from bot.config import load_config

    return load_config(path)


def main(config_or_args: object = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """Run the console table until end of input or ``quit``; returns the exit status."""
    try:
        opts = settings(config_or_args)
    except Exception as err:  # a bad config file: say so, like the other commands
        print(f"busbot console: {err}", file=sys.stderr)
        return 2
    if opts.pictures:
        start_pictures(opts.picture_cache, opts.picture_layout)
    try:
        service = open_service(opts)
    except StoreError as err:
        print(f"busbot console: {err}", file=sys.stderr)
        return 2
    try:
        return run(service, stdin or sys.stdin, stdout or sys.stdout, opts.picture_dir,
                   describe=opts.describe)
    finally:
        service.close()


def open_service(opts: ConsoleSettings) -> GameService:
    """The service behind the console table: the Discord bot's, with the same games kept in
    memory; the terminal's own operator plays every seat, so no rate limits between them."""
    return GameService(opts.db_path, moderator_role=opts.moderator_role,
                       picture_dir=opts.picture_dir, bind_imported_names=True,
                       renderer=default_renderer() if opts.pictures else None,
                       stories=opts.pictures, rate_limits=False, cache_size=opts.live_games,
                       cache_idle=live_idle_seconds(opts.live_idle_hours),
                       language=opts.language, clock=PracticeClock())


def run(service: GameService, stdin: TextIO, out: TextIO, picture_dir: str, *,
        describe: bool = False) -> int:
    """The console table until end of input or ``quit``; ``describe``: print each picture's
    description (its alt text) under its path, the long form of every update."""
    print(here(service)(OPENING(path=service.store.path, hint=HINT())), file=out)
    where = service.where_things_stand(PLACE)
    if where is not None:
        print(where, file=out)
    bots, updates = seat_bots(service)
    read = line_reader(stdin, out)
    at = At()
    lock = threading.Lock()  # a command and the scheduler's turn never print into each other
    ticker = Ticker(service, out, picture_dir, lock, describe=describe) if (
        stdin is sys.stdin and stdin.isatty()) else None
    if ticker is not None:
        ticker.start()
    try:
        bots.resume()
        show_bots(bots, updates, out, picture_dir, here(service), service.clock(),
                  describe=describe)
        while True:
            with lock:
                run_due(service, out, picture_dir, describe=describe)
                show_bots(bots, updates, out, picture_dir, here(service), service.clock(),
                          describe=describe)
            line = read()
            if line is None:
                break
            with lock:
                if not one_line(service, line, out, picture_dir, describe=describe, at=at):
                    break
                if at.place != PLACE:
                    bots.wake(at.place)
                show_bots(bots, updates, out, picture_dir, here(service), service.clock(),
                          describe=describe)
    finally:
        if ticker is not None:
            ticker.stop()
        bots.close()
    print(here(service)(GOODBYE()), file=out)
    return 0


def seat_bots(service: GameService) -> tuple[BotPlayers, queue.Queue[Reply]]:
    """The computer players of the console's games, their updates queued for the prompt to
    print (so they never cut into a line being printed)."""
    updates: queue.Queue[Reply] = queue.Queue()
    return BotPlayers(service, on_update=lambda place, reply: updates.put(reply)), updates


def show_bots(bots: BotPlayers, updates: queue.Queue[Reply], out: TextIO,
              picture_dir: str, words: Words = ENGLISH, now: float | None = None, *,
              describe: bool = False) -> None:
    """Print each run of the bots' moves as it comes, until none is thinking (``now``: the
    table's clock, what a moment in them is written against)."""
    while True:
        idle = bots.wait_idle(BOT_POLL)
        while not updates.empty():
            show(updates.get(), out, picture_dir, words, now, describe=describe)
        if idle and updates.empty():
            return


def one_line(service: GameService, line: str, out: TextIO, picture_dir: str, *,
             describe: bool = False, at: At | None = None) -> bool:
    """Handle one typed line and print the answer; False when it ends the session. ``at``:
    which table the lines go to (the console's own when not given)."""
    at = at or At()
    if line is OVERLONG:
        print(here(service)(ONLY_YOU(text=OVER_LIMIT(limit=MAX_MESSAGE_CHARS))), file=out)
        return True
    line = line.strip()
    if not line or line.startswith("#"):
        return True
    if line.lower() in ("quit", "exit"):
        return False
    if line.split(None, 1)[0].lower() == "time":
        move_clock(service, line[4:].strip(), out, picture_dir, describe=describe)
        return True
    if " ".join(line.lower().split()) == LEAVE_PRACTICE:
        at.place = PLACE
        print(here(service)(BACK()), file=out)
        return True
    answer_line(service, line, out, picture_dir, describe=describe, at=at)
    return True


class Ticker:
    """The scheduler loop of a console table left open at a terminal: every ``every`` seconds
    (a minute, as the Discord bot) what the games' deadlines owe is done and printed, so a
    reminder or a timeout comes even while nobody types."""

    def __init__(self, service: GameService, out: TextIO, picture_dir: str,
                 lock: threading.Lock, every: float = TICK_SECONDS, *,
                 describe: bool = False) -> None:
        self.service, self.out, self.picture_dir = service, out, picture_dir
        self.describe = describe
        self.lock, self.every = lock, every
        self._stop = threading.Event()
        #: set after each look (for whoever waits for one)
        self.looked = threading.Event()
        self._thread = threading.Thread(target=self._run, name="busbot-ticker", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            with self.lock:
                run_due(self.service, self.out, self.picture_dir, describe=self.describe)
            self.looked.set()


def move_clock(service: GameService, text: str, out: TextIO, picture_dir: str, *,
               describe: bool = False) -> None:
    """``time +3h``: move the practice clock on and do at once what is due by then (``time``
    alone: where the clock stands)."""
    clock, words = service.clock, here(service)
    if not isinstance(clock, PracticeClock):
        print(words(CLOCK_FIXED()), file=out)
        return
    if text:
        seconds = duration(text[1:]) if text.startswith("+") else None
        if seconds is None or not 0 < seconds <= MOST_AT_ONCE:
            print(words(CLOCK_USAGE(most="60 d")), file=out)
            return
        clock.advance(seconds)
        run_due(service, out, picture_dir, describe=describe)
    now = clock()
    print(words(CLOCK_NOW(now=moment_words(now, "F", now, words.language, local_zone()),
                          ahead=words(span(clock.ahead)))), file=out)


def run_due(service: GameService, out: TextIO, picture_dir: str, *,
            describe: bool = False) -> None:
    """The scheduler loop's turn at the console (the Discord bot's runs every minute): what
    the games' deadlines owe now, looked at before every line is read."""
    for place, prepared in service.run_due():
        reply = prepared.complete()
        if place != PLACE:
            reply.text = here(service)(IN_PLACE(place=place, text=reply.text))
        show(reply, out, picture_dir, here(service), service.clock(), describe=describe)
    for user, text in service.digests():  # what Discord sends by direct message
        words = here(service)
        shown = written_out(text, service.clock(), words.language, local_zone())
        print(words(DIRECT(user=user, text=shown)), file=out)
        service.digest_sent(user)


def answer_line(service: GameService, line: str, out: TextIO, picture_dir: str, *,
                describe: bool = False, at: At | None = None) -> None:
    """One ``Name: text`` line, answered as the channel would answer that user's message
    (at the table ``at`` names: the console's own when not given)."""
    at = at or At()
    place = at.place
    name, sep, text = line.partition(":")
    name, text = name.strip(), text.strip()
    text, forced = _unprefixed(text)
    words = here(service, place)
    if not sep or not name or not text:
        print(words(HINT()), file=out)
        return
    if _practise_from(service, Actor(user_id=name, name=name), text, out, picture_dir, at,
                      describe=describe):
        return
    actor = Actor(user_id=name, name=name)
    attachments: list[Attachment] = []
    addressed: Addressed | None = None
    first = False
    if text.lower() in ("import", "import game"):
        print(words(ONLY_YOU(text=IMPORT_HINT())), file=out)
        return
    if text.lower().startswith("import "):
        path = text[len("import "):].strip()
        try:
            attachments.append(Attachment(os.path.basename(path), read_import_file(path)))
        except ExchangeError as err:
            print(words(ONLY_YOU(text=NOT_IMPORTED(err=err.said))), file=out)
            return
        text = "import"
    elif not forced:
        addressed = service.read_chat(place, text, actor.user_id)
        first = addressed is None and place == PLACE and _first_command(service, text)
        if addressed is None and not first:
            print(words(TALK()), file=out)
            return
    reply = service.handle(place, actor, text, attachments=attachments, addressed=addressed)
    words = here(service, place)  # the game's language, which the command may have chosen
    if command_named(text, languages.reading(words.language)) == "help":
        reply.text += "\n" + words(AT_THE_CONSOLE(hint=IMPORT_HINT()))
    show(reply, out, picture_dir, words, service.clock(), describe=describe)
    if first and reply.ok:
        print(words(FIRST()), file=out)


def _practise_from(service: GameService, actor: Actor, text: str, out: TextIO,
                   picture_dir: str, at: At, *, describe: bool = False) -> bool:
    """``practice from game G move N`` (issue 36): a practice table at that position, the
    lines going to it from now on; True when the text was that command (answered). It opens
    a table at another place than the one it is typed at, so it is the console's, as the
    terminal's ``busbot practice --from`` is the command line's (``bot/practice_from.py``)."""
    asked = practice_from.asked_from(text)
    if asked is None:
        return False
    opened = practice_from.open_from(service, practice_from.PLACE, asked.game, asked.move,
                                     asked.seat, asked.level, actor)
    words = here(service, practice_from.PLACE)
    for reply in opened.said:
        show(reply, out, picture_dir, words, service.clock(), describe=describe)
    if opened.seat is not None:
        at.place = practice_from.PLACE
        print(words(PRACTICE_AT(seat=opened.seat)), file=out)
    return True


def _first_command(service: GameService, text: str) -> bool:
    """A well-formed command at a table with no game yet: the console's table is set aside
    for busbot, so it is answered (with ``FIRST`` saying what Discord needs)."""
    return service.store.latest_game(PLACE) is None and a_command(
        text, languages.every(service.language_of(PLACE)))


def here(service: GameService, place: str = PLACE) -> Words:
    """The words of the console's table: its game's language (else the configured one), in
    which the console's own lines are written too."""
    return words_for(service.language_of(place))


def _unprefixed(text: str) -> tuple[str, bool]:
    """The text after the ``!bus`` prefix and True, or the text as it is and False."""
    if text[:len(PREFIX)].lower() == PREFIX and text[len(PREFIX):len(PREFIX) + 1] in ("", " "):
        return text[len(PREFIX):].strip(), True
    return text, False


def line_reader(stdin: TextIO, out: TextIO) -> Callable[[], str | None]:
    """A function giving the next input line (None at the end of input).

    At a terminal the standard library's ``readline`` gives line editing and a history kept in
    ``~/.busbot_history`` (the arrow keys work as in a shell); Ctrl-C drops the line being typed.
    Piped input is read as it is, without a prompt.
    """
    if not (stdin is sys.stdin and stdin.isatty()):
        def piped() -> str | None:
            line = stdin.readline(_LINE_LIMIT)
            if len(line) == _LINE_LIMIT and not line.endswith("\n"):
                while (more := stdin.readline(_LINE_LIMIT)) and not more.endswith("\n"):
                    pass  # the rest of an overlong line is never held whole
                return OVERLONG
            return line or None

        return piped
    try:
        import readline
    except ImportError:  # a Python built without it: plain lines, still prompted
        readline = None  # type: ignore[assignment]
    history = os.path.expanduser(HISTORY)
    if readline is not None:
        readline.set_history_length(1000)
        with contextlib.suppress(OSError):
            readline.read_history_file(history)

    def read() -> str | None:
        while True:
            try:
                line = input("> ")
            except EOFError:
                print(file=out)
                return None
            except KeyboardInterrupt:
                print(file=out)
                continue
            if readline is not None:
                with contextlib.suppress(OSError):
                    readline.write_history_file(history)
            return line if len(line) < _LINE_LIMIT else OVERLONG

    return read


def show(reply: Reply, out: TextIO, picture_dir: str, words: Words = ENGLISH,
         now: float | None = None, *,
         describe: bool = False) -> None:
    """Print a reply the way the bot would post it, saving its files in the picture folder:
    its text, whom it pings and the picture's path (``describe``: and the picture's description,
    its alt text, which a screen reader reads on Discord; off by default, as it mostly says
    again what the text said), the console's own words in ``words``; its moments written in
    this machine's zone, against ``now`` (the table's clock)."""
    now = time.time() if now is None else now
    lines = written_out(reply.text, now, words.language, local_zone()).splitlines() or [""]
    print(words((ONLY_YOU if isinstance(reply, Refusal) else SAYS)(text=lines[0])), file=out)
    for extra in lines[1:]:
        print("  " + extra, file=out)
    if reply.mentions:
        print(words(PING(users=" ".join(f"@{m}" for m in reply.mentions))), file=out)
    if reply.picture is not None:
        print(words(PICTURE(path=os.path.join(picture_dir, reply.picture_name))), file=out)
        if describe and reply.picture_alt:
            print(words(PICTURE_SHOWS(alt=reply.picture_alt)), file=out)
    for f in reply.files:
        os.makedirs(picture_dir, exist_ok=True)
        path = os.path.join(picture_dir, f.filename)
        with open(path, "wb") as handle:
            handle.write(f.data)
        print(words(FILE(path=path)), file=out)
    out.flush()
