"""The positions a game keeps on its way: a copy every ``SNAPSHOT_EVERY`` moves, so that undo
and looking back (``position_at``) replay a few moves, not the whole game, and so that a stored
game resumes from its written copies (``engine.position``) instead of from its first move.

``KeptPositions`` is the part of ``engine.game.Game`` that keeps them: the turn machine adds a
copy as it passes each ``SNAPSHOT_EVERY``-th move, and this class reads them back. It knows the
game only through the attributes below and the two abstract methods, which ``Game`` defines.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Self

from engine import position
from engine.errors import BusError
from engine.moves import Move
from engine.state import GameState
from engine.text import Msg, Plural

NO_SUCH_MOVE = Plural("kept.no_such_move", "there is no move {moves}: the game has {n} move",
                      "there is no move {moves}: the game has {n} moves")
NOT_KEPT = Msg("kept.not_kept", "no position is kept after move {moves}")
#: ``Game.pop`` at the start
NOTHING_TO_TAKE_BACK = Msg("game.nothing_to_take_back", "there is no move to take back")

#: moves between two kept copies of the position: undo and ``position_at`` replay at most this
#: many moves less one; each copy is about 10 KB (benchmarks/bench_engine.py prints both)
SNAPSHOT_EVERY = 32


class KeptPositions(ABC):
    """The kept positions of a game, and reading them back."""

    state: GameState
    history: list[tuple[str, Move]]
    _legal: list[Move] | None
    #: the position after 0, K, 2K, ... moves (K = SNAPSHOT_EVERY); never changed once kept;
    #: None where a resumed game has not read its written copy (``_unread``) yet
    _snapshots: list[GameState | None]
    #: written copies of kept positions (``engine.position``), read on first use
    _unread: dict[int, Callable[[], GameState | None]]

    @abstractmethod
    def copy(self) -> Self:
        """An independent game at the same position."""

    @abstractmethod
    def follow(self, moves: Sequence[tuple[str, Move | str]], upto: int | None = None,
               lines: Sequence[int] = ()) -> None:
        """Play on along ``moves`` (the engine's one replay loop)."""

    def position_at(self, moves: int) -> Self:
        """A new game at the position after the first ``moves`` moves of this one, replayed from
        the nearest kept copy (at most ``SNAPSHOT_EVERY - 1`` moves, whatever the game's length)."""
        if not 0 <= moves <= len(self.history):
            raise BusError(NO_SUCH_MOVE(moves=moves, n=len(self.history)))
        k, kept = self._nearest(moves)
        other = self.copy()
        other._restore(kept.copy(), self.history[:k * SNAPSHOT_EVERY])
        other.follow(self.history, moves)
        return other

    def _nearest(self, moves: int) -> tuple[int, GameState]:
        """The kept position nearest before move ``moves`` (reading a written one if need be;
        one that cannot be read is forgotten, and an earlier one serves)."""
        k = min(moves // SNAPSHOT_EVERY, len(self._snapshots) - 1)
        while True:
            kept = self._snapshots[k]
            if kept is None and k in self._unread:
                kept = self._snapshots[k] = self._unread.pop(k)()
            if kept is not None:
                return k, kept
            k -= 1

    def kept_positions(self) -> list[int]:
        """The move counts after which a position is kept (0, K, 2K, ...; K = SNAPSHOT_EVERY)."""
        return [k * SNAPSHOT_EVERY for k, kept in enumerate(self._snapshots)
                if kept is not None or k in self._unread]

    def written_position(self, moves: int) -> bytes:
        """The kept position after ``moves`` moves, written down (``engine.position``) to be
        stored beside the log and handed back to ``replay`` as ``kept``."""
        k, kept = self._nearest(moves)
        if k * SNAPSHOT_EVERY != moves:
            raise BusError(NOT_KEPT(moves=moves))
        return position.write(kept, [(name, str(move)) for name, move in self.history[:moves]])

    def resume(self, history: list[tuple[str, Move]],
               written: Mapping[int, Callable[[], GameState | None]]) -> bool:
        """Stand at the latest readable of the ``written`` positions of this game (a game just
        started, not moved yet), keyed by the number of moves of ``history`` that led to each;
        the others are read when ``position_at`` needs them. False (nothing changed) when none
        can be read. ``engine.replay`` checks that each belongs to these moves."""
        assert not self.history, "only a game at its opening resumes"
        counts = sorted(m for m in written if 0 < m <= len(history) and m % SNAPSHOT_EVERY == 0)
        if not counts:
            return False
        self._snapshots += [None] * (counts[-1] // SNAPSHOT_EVERY)
        self._unread = {m // SNAPSHOT_EVERY: written[m] for m in counts}
        k, kept = self._nearest(counts[-1])
        if k == 0:
            del self._snapshots[1:]
            return False
        del self._snapshots[k + 1:]
        self.state = kept.copy()
        self.history = history[:k * SNAPSHOT_EVERY]
        self._legal = None
        return True

    def _restore(self, state: GameState, history: list[tuple[str, Move]]) -> None:
        """Stand at an earlier position of this game: its state and the moves that led there."""
        self.state = state
        self.history = history
        self._legal = None
        del self._snapshots[len(history) // SNAPSHOT_EVERY + 1:]
        for k in [k for k in self._unread if k >= len(self._snapshots)]:
            del self._unread[k]
