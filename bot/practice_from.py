"""``practice from game G move N`` (issue 36): a practice table set at a position of a finished
game (or of a practice game), the asker in one seat and the computer in the others; the game it
comes from is only read. One place for the three ways in: the terminal's ``busbot practice
--from GAME --move N`` (``bot/practice.py``), the console's line ``Name: practice from game G
move N`` (``bot/console.py``) and Discord's ``!bus practice from ...``, which opens it in a new
thread (``bot/discord_app/practising.py``).

It is the adapters' and not a command of the service because it makes a table at another place
than the one it is asked at (the practice table, a thread): the position is checked first
(``position_from``), so a refusal makes nothing, then the table is opened through the service's
own ``import`` (``open_from``), which counts it as a new game against the member's and the
server's daily allowance, as ``new game`` is, and the seats handed over with ``replace``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.api import Actor, Refusal, Reply
from bot.service import GameService
from bot.service.game.records import GameStatus, discord_user
from bot.service.ratings.counting import PRACTICE_PLACE
from bot.service.words.catalogue import words_for
from bot.service.words.names import level_name
from engine import GameLog, replay
from engine.text import Msg, Text

#: the terminal's and the console's practice table (its games never count for the ratings)
PLACE = PRACTICE_PLACE
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

#: the computer's level where ``practice from`` names none (as ``--level``'s default)
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


@dataclass(frozen=True, slots=True)
class Opened:
    """What ``open_from`` did: the seat the asker plays (None when it was refused, and then
    nothing changed), and what it said, in order (refusals as ``Refusal``; the changes'
    own replies, the import and the seats given, then the opening line)."""

    seat: str | None
    said: list[Reply]


@dataclass(frozen=True, slots=True)
class StartingPoint:
    """A position a practice table can start from: the log up to it, and the seat to play."""

    log: GameLog
    seat: str


def position_from(service: GameService, game: int, move: int, seat: str | None,
                  server: str | None = None) -> StartingPoint | Text:
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
    return StartingPoint(log, named)


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
    if not isinstance(start, StartingPoint):
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
