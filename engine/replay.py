"""Replay: a game rebuilt from its log, every error naming where it happened.

Everything that turns a log into a game comes here: ``busbot replay`` and ``render``, the
service loading a stored game, an import, a correction replaying the moves after it, the
gallery. The loop itself is ``Game.follow`` (which ``Game.position_at`` uses too). A failure is
a ``LogError`` carrying the text line (when the log was read from text), the move number
(1-based, the count ``render --move N`` and ``map N`` use) and the rule broken.
"""

from __future__ import annotations

from engine.errors import BusError, LogError
from engine.game import Game
from engine.log import GameLog
from engine.state import Options, seat_colours, seat_names


def replay(log: GameLog, upto: int | None = None, onto: Game | None = None) -> Game:
    """The game after the log's moves (the first ``upto`` of them when given).

    ``onto`` continues a game that already stands after the log's first ``len(onto.history)``
    moves (a position from ``Game.position_at``), in place. On a move that cannot be read or
    played it raises ``LogError``; ``onto`` is then left after the moves before it.
    """
    game = onto if onto is not None else start(log)
    game.follow(log.moves, upto, log.move_lines)
    return game


def start(log: GameLog) -> Game:
    """A game with the log's seats and options and no move played; a ``LogError`` names the
    header line that cannot start one."""
    lines = log.header_lines
    try:
        names = seat_names(log.players)
    except BusError as err:
        raise LogError(err.message, line=lines.get("players")) from None
    try:
        opts = Options.for_edition(log.edition, len(names))
    except ValueError as err:
        raise LogError(str(err), line=lines.get("edition")) from None
    for name, value in log.options.items():
        try:
            opts.set(name, value)
        except ValueError as err:
            raise LogError(str(err), line=lines.get(f"option {name}")) from None
    try:
        seat_colours(log.colours, len(names))
    except BusError as err:
        raise LogError(err.message, line=lines.get("colours", lines.get("players"))) from None
    return Game(names, log.edition, opts, log.colours)
