"""What one picture shows, read off a game once: the state, who acts, what changed.

The drawing modules take a ``Scene`` rather than a game so that they depend on a few read-only
facts, not on the game's methods, and so that each fact is asked for once per picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.moves import Move
from engine.standings import ranked, tie_breaks
from engine.state import GameState
from render.changes import Changes, find_changes


class DecisionView(Protocol):
    """The part of ``engine.Decision`` the picture reads."""

    @property
    def player(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def text(self) -> str: ...


class GameView(Protocol):
    """The part of ``engine.Game`` the picture reads; it never calls anything that changes it."""

    @property
    def state(self) -> GameState: ...
    @property
    def history(self) -> Sequence[tuple[str, Move]]: ...
    @property
    def last_move(self) -> tuple[str, Move] | None: ...
    @property
    def is_over(self) -> bool: ...
    def to_act(self) -> DecisionView | None: ...
    def ranking(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Scene:
    state: GameState
    decision: DecisionView | None
    #: what changed since the previous picture, to be highlighted (nothing when not wanted)
    changes: Changes
    #: player names best first, once the game is over
    ranking: tuple[str, ...]
    #: a short unique tag per seat (the initial, or more letters when initials clash)
    tags: tuple[str, ...]
    #: the row of the players' card each seat is shown in: seat order, by rank once it is over
    rows: tuple[int, ...]
    #: why tied players are ranked as they are, once the game is over
    tie_breaks: tuple[str, ...] = ()
    #: a few words marked at the top of the banner ("Preview: not played"); "" for none
    note: str = ""

    @classmethod
    def of(cls, game: GameView, *, move_highlight: bool = True,
           previous: GameView | None = None, note: str = "") -> Scene:
        """``previous`` is the position the previous picture showed: everything since is
        highlighted (without it, the last move). ``note`` marks the picture (a preview)."""
        state = game.state
        changes = Changes()
        if move_highlight:
            changes = find_changes(state, game.history,
                                   previous.state if previous is not None else None,
                                   previous.history if previous is not None else None)
        ranking = tuple(game.ranking()) if game.is_over else ()
        tags = player_tags([p.name for p in state.players])
        rows = tuple(range(len(state.players)))
        ties: tuple[str, ...] = ()
        if game.is_over:
            order = [p.seat for p in ranked(state.players)]
            rows = tuple(order.index(seat) for seat in rows)
            ties = tuple(tie_breaks(state.players))
        return cls(state, game.to_act(), changes, ranking, tags, rows, ties, note)

    @property
    def last(self) -> tuple[int, Move] | None:
        """The last of the moves highlighted."""
        return self.changes.moves[-1] if self.changes.moves else None


def player_tags(names: list[str]) -> tuple[str, ...]:
    """One or two letters per player that tell the players apart without colour."""
    tags = [n[:1].upper() for n in names]
    if len(set(tags)) == len(tags):
        return tuple(tags)
    out = []
    for name, tag in zip(names, tags, strict=True):
        if tags.count(tag) == 1:
            out.append(tag)
            continue
        letters = [c for c in name if c.isalnum()]
        out.append((letters[0].upper() + letters[1].lower()) if len(letters) > 1 else tag)
    if len(set(out)) == len(out):
        return tuple(out)
    return tuple(str(i + 1) for i in range(len(names)))
