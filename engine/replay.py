"""Replay: a game rebuilt from its log, every error naming where it happened.

Everything that turns a log into a game comes here: ``busbot replay`` and ``render``, the
service loading a stored game, an import, a correction replaying the moves after it, the
gallery. The loop itself is ``Game.follow`` (which ``Game.position_at`` uses too). A failure is
a ``LogError`` carrying the text line (when the log was read from text), the move number
(1-based, the count ``render --move N`` and ``map N`` use) and the rule broken.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from engine import position
from engine.errors import BusError, LogError, OptionError
from engine.game import SNAPSHOT_EVERY, Game
from engine.limits import LimitError
from engine.log import GameLog
from engine.moves import Move
from engine.notation import parse_moves
from engine.state import Options, seat_colours, seat_names


def replay(log: GameLog, upto: int | None = None, onto: Game | None = None,
           kept: Iterable[bytes] = ()) -> Game:
    """The game after the log's moves (the first ``upto`` of them when given).

    ``onto`` continues a game that already stands after the log's first ``len(onto.history)``
    moves (a position from ``Game.position_at``), in place. ``kept`` are positions of this game
    written down earlier (``Game.written_position``): the replay starts from the latest that
    belongs to the log's moves, and a stale or damaged one is ignored. On a move that cannot be
    read or played it raises ``LogError``; ``onto`` is then left after the moves before it.
    """
    game = onto if onto is not None else start(log)
    if onto is None:
        _resume(game, log, upto, kept)
    game.follow(log.moves, upto, log.move_lines)
    return game


def _resume(game: Game, log: GameLog, upto: int | None, kept: Iterable[bytes]) -> None:
    """Move a game at its opening to the latest written position of the log's moves."""
    end = len(log.moves) if upto is None else min(upto, len(log.moves))
    claims: dict[int, tuple[str, bytes]] = {}
    for data in kept:
        head = position.header(data)
        if head is not None and 0 < head[0] <= end and head[0] % SNAPSHOT_EVERY == 0:
            claims[head[0]] = (head[1], data)
    if not claims:
        return
    digests = position.digests_at(log.moves, claims)
    written = {m: data for m, (digest, data) in claims.items() if digests[m] == digest}
    if not written:
        return
    history: list[tuple[str, Move]] = []
    for seat, text in log.moves[:max(written)]:
        try:
            moves = parse_moves(text)
        except BusError:
            return  # the replay names the move that cannot be read
        if len(moves) != 1:
            return  # a line of several moves: positions count moves, not lines
        history.append((seat, moves[0]))
    opening = game.state
    game.resume(history, {m: partial(position.read, data, opening)
                          for m, data in written.items()})


def start(log: GameLog) -> Game:
    """A game with the log's seats and options and no move played; a ``LogError`` names the
    header line that cannot start one."""
    lines = log.header_lines
    try:
        names = seat_names(log.players)
    except BusError as err:
        raise LogError(err.text, line=lines.get("players")) from None
    try:
        opts = Options.for_edition(log.edition, len(names))
    except OptionError as err:
        raise LogError(err.text, line=lines.get("edition")) from None
    for name, value in log.options.items():
        try:
            opts.set(name, value)
        except (OptionError, LimitError) as err:
            raise LogError(err.text, line=lines.get(f"option {name}")) from None
    try:
        seat_colours(log.colours, len(names))
    except BusError as err:
        raise LogError(err.text, line=lines.get("colours", lines.get("players"))) from None
    return Game(names, log.edition, opts, log.colours)
