"""Every limit on what may come in, in one place, each with the reason for its number.

busbot runs on public servers where anyone can type anything, so every way in (channel text,
``!bus``, slash commands, the console, ``busbot import``, attachments) and the engine's own
``Options`` and log reader check their input against these numbers before doing any work.
A value out of range raises ``LimitError`` whose message names the limit, so every refusal reads
the same wherever it came from. Pure: no I/O, no clock (the confusables table is package data).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import Said
from engine.text import Msg

# ---- messages -----------------------------------------------------------------------------------

#: Characters in one message. Discord's own limit for a message (a bot's reply is held to the
#: same); a longer text is refused before it is parsed, so no parser ever sees more.
MAX_MESSAGE_CHARS = 2000
#: Moves in one message. A turn rarely holds more than a handful (12 buildings and 15 passengers
#: are the largest single actions); more than this is a pasted log, not a turn.
MAX_MOVES_PER_MESSAGE = 30
#: How much of a player's own text a refusal repeats: enough to recognise it, never a flood.
MAX_ECHO_CHARS = 60

# ---- names and seats ----------------------------------------------------------------------------

#: Characters in a seat name: a Discord display name is at most 32.
MAX_NAME_CHARS = 32
MIN_SEATS = 3
MAX_SEATS = 5
#: Names the text log reads as its header keys (``players: ...``), so a player so named could not
#: be read back from an exported log; the bot's own name, which automatic moves are recorded as.
RESERVED_NAMES = frozenset(("players", "colours", "colors", "edition", "option", "setting",
                            "busbot"))
#: Characters a name may not hold: the separators of the log and of `start order: A; B`,
#: and the ones Discord reads as mentions, code or escapes.
FORBIDDEN_NAME_CHARS = frozenset(":,;@<>`\\|")

# ---- engine options -----------------------------------------------------------------------------

#: (lowest, highest) for each numeric ``Options`` field. The physical game has 20 markers,
#: 5 clock stones, 5 buses and 15 passengers (RULINGS "component limits"); the ranges leave room
#: for house variants while keeping every game short enough to replay and every picture cheap to
#: draw (the picture draws each stone and passenger). At least 2 markers, since a player places
#: two before passing (R3); at least 4 passengers, since four start in the park (R1); the type
#: limit is 0 (none) or at most the 47 lots of the city.
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "markers": (2, 30),
    "clock_stones": (1, 10),
    "bus_limit": (1, 10),
    "passengers": (4, 30),
    "building_type_limit": (0, 47),
}

# ---- games and imports --------------------------------------------------------------------------

#: Records in one game that change it (moves, undos, moderator acts; lobby churn and undo/redo
#: pairs fold away: ``GameRecord.counted``). A complete game at the largest options is about
#: 400 moves; twelve times that leaves room for every correction and still bounds a replay.
MAX_RECORDS = 5000
#: Moves the service plays by itself in one command (dropped seats, single choices): above the
#: longest complete game, so it only stops a rules bug from looping.
MAX_AUTO_MOVES = 500
#: Automatic moves a reply lists one by one; the rest are counted (``log`` shows them all).
MAX_AUTO_LINES = 20
#: Bytes of an imported file: an export of the longest game is under 500 kB.
MAX_IMPORT_BYTES = 1_000_000
#: Chunk size for reading an import, so an endless file (``/dev/zero``) is never read whole.
READ_CHUNK_BYTES = 64 * 1024
#: Nesting of an imported JSON document (an export nests 4 deep); deeper is refused before
#: Python's recursive reader sees it.
MAX_JSON_DEPTH = 20
#: Characters of a move's text, and of any text in a record's data, in an imported file: a move
#: as the log writes it is under 30 characters, a name at most 32, and everything else a record
#: carries (colours, options, how the order was chosen) is a word. The file limit is not a
#: storage limit: what an import stores is only its records' known fields within these.
MAX_IMPORTED_TEXT_CHARS = 64
#: Largest number in an imported JSON document: every count, seq and time is far below it, and
#: floats stay exact up to it.
MAX_JSON_NUMBER = 2**53

#: Bytes of a stored position, compressed and as read: a position of the largest game is under
#: 2 kB when read, so a bigger one is damaged or crafted and is ignored before it is
#: decompressed (a crafted 583 kB blob once took 15.8 s and 2.9 GB to read).
MAX_POSITION_BYTES = 64 * 1024

# ---- waiting: deadlines, time away, plans --------------------------------------------------------

#: A game's deadline per decision: an hour at least (a reminder comes an hour before it), 30 days
#: at most (a longer wait is a paused game).
MIN_DEADLINE_SECONDS = 3600.0
MAX_DEADLINE_SECONDS = 30 * 86400.0
#: Time away, at most: two months; a longer absence is a seat to `replace`.
MAX_AWAY_SECONDS = 60 * 86400.0
#: Steps of one plan: a round's worth for one seat (20 markers in the box, each a choice).
MAX_PLAN_STEPS = 20
#: A time bank (``timebank 3d +12h max 5d``): it starts at an hour to 30 days (as a deadline),
#: gains at most 7 days per decision, and holds at most 60 days (the time-away limit: a longer
#: wait is a seat to ``replace``).
MIN_BANK_SECONDS = 3600.0
MAX_BANK_START_SECONDS = 30 * 86400.0
MAX_BANK_GAIN_SECONDS = 7 * 86400.0
MAX_BANK_SECONDS = 60 * 86400.0
#: Quiet hours, at most 12 a day: a night's sleep and then some. The clock stops in them, so
#: longer ones would stretch every deadline past recognition (at 12 a day, a 24 h deadline
#: takes at most 48 h of the wall clock).
MAX_QUIET_MINUTES = 12 * 60
#: Days of time away a member may take per server per calendar year (UTC), all their games
#: there together, where the server set no allowance of its own (``away allowance 30``): a
#: month of holidays; a moderator can grant a member more (``away grant @member 5``). What a
#: server may set, and a member may be granted in a year, at most.
AWAY_DAYS_PER_YEAR = 30
MAX_AWAY_DAYS_PER_YEAR = 366

# ---- rates --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket: ``burst`` at once, then one more every ``per`` seconds."""

    burst: int
    per: float


#: Pictures drawn for one user in one place (moves, ``map``, ``map N``): a player who moves a few
#: times in a row gets every picture; someone asking for 200 maps gets a few a minute.
PICTURES_PER_USER = Rate(burst=8, per=10.0)
#: Pictures drawn in one place, all users together: a lively table stays well inside.
PICTURES_PER_PLACE = Rate(burst=30, per=3.0)
#: Commands one user sends in one place, as Discord sees them (before the service): a burst of
#: ten, then one every three seconds; faster is a script, not a player.
COMMANDS_PER_USER = Rate(burst=10, per=3.0)
#: A decision can be nudged once an hour.
NUDGE_EVERY_SECONDS = 3600.0
#: Reminders one user gets, across all games: a day's worth of waiting tables, not a flood.
REMINDERS_PER_USER = Rate(burst=3, per=3600.0)
#: Turn pings and reminders one member gets by direct message (``notify dm``), across every
#: server: ten at once, then 30 a day; over it a ping goes to the game's channel instead.
DMS_PER_MEMBER = Rate(burst=10, per=86_400.0 / 30)


#: Animations drawn in one place (on request or at a game's end): each takes seconds of a core.
ANIMATIONS_PER_PLACE = Rate(burst=2, per=600.0)

# ---- per member and per server ------------------------------------------------------------------
# The limits above hold per place; these bound what one member (across every place) and one
# server (all its channels) can cost the whole bot. A "day" is a bucket of that many, refilled
# evenly over 24 hours. The figures they allow are printed by ``benchmarks/bench_bounds.py``.

DAY = 86_400.0

#: Pictures drawn for one member across every place: a player at several tables moving in a
#: burst gets each, but 12 ``map`` requests in each of 100 places no longer draw 1,200.
PICTURES_PER_MEMBER = Rate(burst=20, per=6.0)
#: Pictures drawn in one server, all its channels and members together.
PICTURES_PER_SERVER = Rate(burst=60, per=1.0)
#: Animations (seconds of a core each) one member asks for across places, and one server gets.
ANIMATIONS_PER_MEMBER = Rate(burst=2, per=1800.0)
ANIMATIONS_PER_SERVER = Rate(burst=6, per=600.0)
#: Games one member creates (``new game`` and ``import``) in a day, across places: a few
#: tables, never a hundred.
GAMES_PER_MEMBER = Rate(burst=10, per=DAY / 10)
#: Games created in one server in a day, by all its members together.
GAMES_PER_SERVER = Rate(burst=50, per=DAY / 50)
#: Imports one member makes in a day: each stores a whole game (up to ``MAX_RECORDS`` records).
IMPORTS_PER_MEMBER = Rate(burst=3, per=DAY / 3)
#: Records one member adds to one game in a day (moves, joins, undos...): a player makes about
#: 100 moves in a whole game, so this is a few games' worth of play and corrections a day.
RECORDS_PER_MEMBER_GAME = Rate(burst=300, per=DAY / 300)
#: Records one member adds to all games together in a day: what bounds the bytes a member can
#: make the bot store (``benchmarks/bench_bounds.py`` prints them per command kind).
RECORDS_PER_MEMBER = Rate(burst=600, per=DAY / 600)
#: ``forget me`` (asked or confirmed) by one member: each looks through every stored record.
FORGETS_PER_MEMBER = Rate(burst=3, per=3600.0)
#: Record kinds no budget and no cap ever refuses: they end, shrink or halt a game, so a game
#: at its limits can always be abandoned, a seat dropped, the game paused (and the records cap
#: lets a moderator's ``undo`` through too: see ``exempt``).
ALWAYS_ALLOWED = frozenset(("abandon", "drop", "pause"))
#: Records stored for one game in all (every record, churn included): the backstop behind
#: ``MAX_RECORDS``, which counts only what changes the game.
MAX_STORED_RECORDS = 4 * MAX_RECORDS

#: Heavy drawings (charts and animations: seconds of a core each) waiting or being drawn at
#: once, all servers together, and of one server (or a place without one). They run on their
#: own worker at a lower priority, never on the pool that draws the table after a move; one
#: past these is skipped with a note (``story`` draws it later) rather than queued for minutes.
HEAVY_QUEUED = 4
HEAVY_QUEUED_PER_SERVER = 2
#: How often a review being made says how far it is ("Reviewing game 12: 25%..."): on Discord
#: the first report is posted and each later one edits that message, so a review costs at most
#: this many calls besides its answer (and the progress message's removal).
REVIEW_PROGRESS_REPORTS = 3

# ---- the computer's thinking -------------------------------------------------------------------
# The computer player (``ai``) thinks in pure Python: every decision it takes (a bot seat's, an
# away or timed-out player's under ``on away bot`` / ``on timeout bot``, a ``hint``) is a search
# on one of the service's worker processes, never under the lock every command waits on. The
# machine is shared: searches are taken in turn, server by server and within a server member by
# member, one decision at a time, a table where a person plays (not away) before the others;
# and these budgets bound what one member and one server can spend. The figures they allow are
# printed by ``benchmarks/bench_share.py``.

#: Worker processes that think: one per core of the small machine busbot is sized for (2 cores);
#: the event loop and the database thread keep running beside them (the workers run at a lower
#: priority).
THINKING_WORKERS = 2
#: Seconds one decision may think at most, whatever its level asks (``hard`` asks 3 s): a slice
#: short enough that another server's decision waits at most this long for a worker.
MAX_THINK_SECONDS = 3.0
#: Processor seconds of thinking one member's tables spend (the bot seats they added, the away
#: and timeout policies of the games they created, their hints), across every place: 900 s at
#: once (a whole game against three ``hard`` bots), then 15 minutes an hour (a quarter of the
#: 2-core machine); past it their bots wait for the bucket, they are never refused. So one
#: member's tables spend at most 900 + 900 + ``THINKING_WORKERS`` x ``MAX_THINK_SECONDS`` =
#: 1,806 s of a processor in any hour.
THINKING_PER_MEMBER = Rate(burst=900, per=4.0)
#: ... and one server's tables, all its members together: 1,800 s at once, then 40 minutes an
#: hour (two thirds of a core), so one busy server cannot take the whole machine either.
THINKING_PER_SERVER = Rate(burst=1800, per=1.5)
#: Bot seats one member adds (``add bot``, ``replace NAME with bot``) in a day, across places:
#: three tables of four bots at once, a dozen a day; ten tables of five bots in a day once took
#: every bot worker for an hour and a half.
BOT_SEATS_PER_MEMBER = Rate(burst=12, per=DAY / 12)
#: Bot seats added in one server in a day, by all its members together.
BOT_SEATS_PER_SERVER = Rate(burst=60, per=DAY / 60)

# ---- storage kept ------------------------------------------------------------------------------

#: Days an answered message's reply is kept (``handled``): a message delivered again within
#: this time gets "handled already" and its reply; after it, the message is a new command
#: (a chat service redelivers within minutes, never weeks).
HANDLED_KEEP_DAYS = 14
#: Days a posted announcement stays in the outbox after it was posted (to see what was sent).
SENT_KEEP_DAYS = 7


def exempt(kinds: list[str], moderator: bool) -> bool:
    """Whether a change of these record kinds passes every record budget and cap: abandon,
    drop and pause always, a moderator's undo too (so nothing can freeze a channel)."""
    first = kinds[0] if kinds else ""
    return first in ALWAYS_ALLOWED or (first == "undo" and moderator)


class LimitError(Said, ValueError):
    """A value outside its limit; its ``text`` names the limit and says what is allowed."""


MESSAGE_TOO_LONG = Msg("limits.message",
                       "that message has {count:,} characters; the bot reads at most {most:,} "
                       "(the message limit)")
TOO_MANY_MOVES = Msg("limits.moves",
                     "that message holds {count} moves; at most {most} are played from one "
                     "message (the moves-per-message limit)")
SEATS = Msg("limits.seats", "Bus is played by {least} to {most} players, not {count}")
OPTION_RANGE = Msg("limits.option",
                   "option {name} is {value}; it must be from {low} to {high} (the {name} limit)")
TOO_MANY_RECORDS = Msg("limits.records",
                       "a game holds at most {most:,} records (moves and acts, the records "
                       "limit); this one would have {count:,}; a moderator can still `abandon` "
                       "it, and anyone can start a new one")
DEADLINE = Msg("limits.deadline", "a deadline is from 1 hour to 30 days (the deadline limit)")
AWAY = Msg("limits.away",
           "time away is at most 60 days from now (the time-away limit); a moderator can "
           "`replace` a seat for longer")
TIMEBANK = Msg("limits.timebank",
               "a time bank starts at 1 hour to 30 days, gains at most 7 days per decision and "
               "holds at most 60 days, at least what it starts with (the time-bank limit)")
QUIET = Msg("limits.quiet", "quiet hours are at most 12 hours a day (the quiet-hours limit)")
AWAY_DAYS = Msg("limits.away_days", "a yearly allowance of time away is from 0 to 366 days "
                "(the away-days limit)")
PLAN = Msg("limits.plan",
           "a plan holds at most {most} steps, a round's worth (the plan limit); this one has "
           "{count}")
SEASON_TOO_LONG = Msg("limits.season.long", "a season's name has at most {most} characters")
SEASON_INVISIBLE = Msg("limits.season.invisible",
                       "a season's name may not hold the invisible or control character {code}")
SEASON_EMPTY = Msg("limits.season.empty", "a season needs a name")
NAME_TOO_LONG = Msg("limits.name.long",
                    "a seat name has at most {most} characters (the name limit)")
NAME_INVISIBLE = Msg("limits.name.invisible",
                     "a seat name may not hold the invisible or control character {code}")
NAME_EMPTY = Msg("limits.name.empty", "a seat needs a name")
NAME_MARKS = Msg("limits.name.marks", "a seat name may not contain {marks} or start with #")
NAME_NO_LETTER = Msg("limits.name.no_letter", "a seat name needs a letter or a digit")
NAME_RESERVED = Msg("limits.name.reserved",
                    "{name} is a reserved word of the game log or the bot's own name")
NAMES_ALIKE = Msg("limits.name.alike", "the names {first} and {second} look alike")


# ---- checks -------------------------------------------------------------------------------------


def check_message(text: str) -> None:
    if len(text) > MAX_MESSAGE_CHARS:
        raise LimitError(MESSAGE_TOO_LONG(count=len(text), most=MAX_MESSAGE_CHARS))


def check_move_count(count: int) -> None:
    if count > MAX_MOVES_PER_MESSAGE:
        raise LimitError(TOO_MANY_MOVES(count=count, most=MAX_MOVES_PER_MESSAGE))


def check_seats(count: int) -> None:
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise LimitError(SEATS(least=MIN_SEATS, most=MAX_SEATS, count=count))


def check_option(name: str, value: int) -> None:
    low, high = OPTION_RANGES.get(name, (0, 0))
    if name in OPTION_RANGES and not low <= value <= high:
        raise LimitError(OPTION_RANGE(name=name, value=value, low=low, high=high))


def check_records(count: int, stored: int = 0) -> None:
    """``count``: the records that change the game (``GameRecord.counted``); ``stored``: all
    of them. A moderator can still ``abandon`` a game at the limit (``exempt``)."""
    if count > MAX_RECORDS or stored > MAX_STORED_RECORDS:
        raise LimitError(TOO_MANY_RECORDS(most=MAX_RECORDS, count=max(count, stored)))


def check_deadline(seconds: float) -> None:
    if not MIN_DEADLINE_SECONDS <= seconds <= MAX_DEADLINE_SECONDS:
        raise LimitError(DEADLINE())


def check_away(seconds: float) -> None:
    if not 0 < seconds <= MAX_AWAY_SECONDS:
        raise LimitError(AWAY())


def check_timebank(start: float, gain: float, most: float) -> None:
    if not (MIN_BANK_SECONDS <= start <= MAX_BANK_START_SECONDS
            and 0 <= gain <= MAX_BANK_GAIN_SECONDS and start <= most <= MAX_BANK_SECONDS):
        raise LimitError(TIMEBANK())


def check_quiet(minutes: int) -> None:
    if not 0 < minutes <= MAX_QUIET_MINUTES:
        raise LimitError(QUIET())


def check_away_days(days: float) -> None:
    if not 0 <= days <= MAX_AWAY_DAYS_PER_YEAR:
        raise LimitError(AWAY_DAYS())


def check_plan(steps: int) -> None:
    if steps > MAX_PLAN_STEPS:
        raise LimitError(PLAN(most=MAX_PLAN_STEPS, count=steps))


def unlinked(text: str) -> str:
    """Text as the bot may repeat it to a channel: Discord's masked link, ``[label](url)``,
    which shows a label of the writer's choosing in place of where it leads, cannot form (a
    space goes between ``]`` and ``(``; the bot's own words never hold one). A plain address
    stays as it is: Discord shows it, and where it leads, as written."""
    return text.replace("](", "] (")


def shown(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """A player's text as a refusal repeats it: on one line, never a masked link
    (``unlinked``), cut to ``limit`` characters."""
    flat = unlinked(" ".join(text.split()))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# ---- names --------------------------------------------------------------------------------------

#: Unicode categories never allowed in a name: controls, format characters (zero-width and
#: bidirectional marks), surrogates, private use, unassigned, and line or paragraph separators.
_BAD_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def normalise_name(name: str) -> str:
    """The form a name is stored in: NFKC, with runs of spaces made one and the ends trimmed."""
    return " ".join(part for part in unicodedata.normalize("NFKC", name).split(" ") if part)


#: A season's name (``season start NAME``, the ratings' seasons): as long as a seat's at most.
MAX_SEASON_CHARS = MAX_NAME_CHARS


def check_season_name(name: str) -> str:
    """A season's name as it will be stored, or ``LimitError`` saying why it cannot be one:
    printable, at most ``MAX_SEASON_CHARS`` characters once its spaces are tidied."""
    if len(name) > 4 * MAX_SEASON_CHARS:  # before normalising, which is linear but not free
        raise LimitError(SEASON_TOO_LONG(most=MAX_SEASON_CHARS))
    for char in name:
        if unicodedata.category(char) in _BAD_CATEGORIES or (char.isspace() and char != " "):
            raise LimitError(SEASON_INVISIBLE(code=f"U+{ord(char):04X}"))
    clean = normalise_name(name)
    if not clean:
        raise LimitError(SEASON_EMPTY())
    if len(clean) > MAX_SEASON_CHARS:
        raise LimitError(SEASON_TOO_LONG(most=MAX_SEASON_CHARS))
    return clean


def check_name(name: str) -> str:
    """The name as it will be stored, or ``LimitError`` saying why it cannot be a seat's name."""
    if len(name) > 4 * MAX_NAME_CHARS:  # before normalising, which is linear but not free
        raise LimitError(NAME_TOO_LONG(most=MAX_NAME_CHARS))
    for char in name:
        if unicodedata.category(char) in _BAD_CATEGORIES or (char.isspace() and char != " "):
            raise LimitError(NAME_INVISIBLE(code=f"U+{ord(char):04X}"))
    clean = normalise_name(name)
    if not clean:
        raise LimitError(NAME_EMPTY())
    if len(clean) > MAX_NAME_CHARS:
        raise LimitError(NAME_TOO_LONG(most=MAX_NAME_CHARS))
    bad = sorted({c for c in clean if c in FORBIDDEN_NAME_CHARS})
    if bad or clean.startswith("#"):
        raise LimitError(NAME_MARKS(marks=" ".join(sorted(FORBIDDEN_NAME_CHARS))))
    if not any(c.isalnum() for c in clean):
        raise LimitError(NAME_NO_LETTER())
    if clean.casefold() in RESERVED_NAMES:
        raise LimitError(NAME_RESERVED(name=repr(clean)))
    return clean


def name_keys(name: str) -> tuple[str, str]:
    """What two names are compared by: case-insensitively and by Unicode confusable skeleton,
    so ``Arcsyn``, ``ARCSYN``, ``Аrcsyn`` (a Cyrillic А) and ``0scar``/``Oscar`` meet. Two keys,
    since folding case first or last finds different look-alikes (``o``/``O``/``0``)."""
    plain = unicodedata.normalize("NFKC", name)
    folded = plain.casefold()
    return ("".join(_prototype(c) for c in folded),
            "".join(_prototype(c) for c in plain).casefold())


def look_alike(name: str, others: list[str]) -> str | None:
    """The first of ``others`` that ``name`` could be mistaken for, or None."""
    first, second = name_keys(name)
    for other in others:
        a, b = name_keys(other)
        if a == first or b == second:
            return other
    return None


def check_distinct(names: list[str]) -> None:
    """``LimitError`` when two seat names look alike."""
    for i, name in enumerate(names):
        twin = look_alike(name, names[:i])
        if twin is not None:
            raise LimitError(NAMES_ALIKE(first=repr(twin), second=repr(name)))


@lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    """One representative of every character ``char`` can be confused with, directly or through
    others (ASCII when there is one), from the Unicode confusables table that
    ``confusable-homoglyphs`` ships. The table lists pairs; the group is walked on demand."""
    table = _confusables()
    if char not in table:
        return char
    seen = {char}
    todo = [char]
    while todo:
        for glyph in table.get(todo.pop(), ()):
            other = glyph["c"]
            if len(other) == 1 and other not in seen:
                seen.add(other)
                todo.append(other)
    return min(seen, key=lambda c: (not c.isascii(), ord(c)))


@lru_cache(maxsize=1)
def _confusables() -> dict[str, list[dict[str, str]]]:
    """The table ``confusable-homoglyphs`` ships, read as package data (its own module would
    also load its script table and ``urllib``, five times the cost for nothing used here)."""
    from importlib import resources  # only names are checked for look-alikes

    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text(
        encoding="utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(text)
    return data
