"""What one picture shows, read off a game once: the state, who acts, the last move.

The drawing modules take a ``Scene`` rather than a game so that they depend on a few read-only
facts, not on the game's methods, and so that each fact is asked for once per picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.moves import Move
from engine.state import GameState


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
    def last_move(self) -> tuple[str, Move] | None: ...
    @property
    def is_over(self) -> bool: ...
    def to_act(self) -> DecisionView | None: ...
    def ranking(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Scene:
    state: GameState
    decision: DecisionView | None
    #: the seat that made the last move and the move, when it is to be highlighted
    last: tuple[int, Move] | None
    #: player names best first, once the game is over
    ranking: tuple[str, ...]
    #: a short unique tag per seat (the initial, or more letters when initials clash)
    tags: tuple[str, ...]

    @classmethod
    def of(cls, game: GameView, *, move_highlight: bool = True) -> Scene:
        state = game.state
        last: tuple[int, Move] | None = None
        if move_highlight and game.last_move is not None:
            name, move = game.last_move
            seats = [p.seat for p in state.players if p.name == name]
            if seats:
                last = (seats[0], move)
        ranking = tuple(game.ranking()) if game.is_over else ()
        tags = player_tags([p.name for p in state.players])
        return cls(state, game.to_act(), last, ranking, tags)


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
