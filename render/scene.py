"""What one picture shows, read off a game once: the state, who acts, what changed.

The drawing modules take a ``Scene`` rather than a game so that they depend on a few read-only
facts, not on the game's methods, and so that each fact is asked for once per picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    #: per seat, a few words about the seat drawn on its row ("dropped", "away until 2 Dec",
    #: "bot (normal)"); "" for none
    seat_notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: GameView, *, move_highlight: bool = True,
           previous: GameView | None = None, note: str = "",
           seat_notes: Mapping[str, str] | None = None) -> Scene:
        """``previous`` is the position the previous picture showed: everything since is
        highlighted (without it, the last move). ``note`` marks the picture (a preview);
        ``seat_notes`` (player name -> a few words) mark those players' rows."""
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
        notes = tuple((seat_notes or {}).get(p.name, "") for p in state.players)
        return cls(state, game.to_act(), changes, ranking, tags, rows, ties, note, notes)

    @property
    def last(self) -> tuple[int, Move] | None:
        """The last of the moves highlighted."""
        return self.changes.moves[-1] if self.changes.moves else None


def player_tags(names: list[str]) -> tuple[str, ...]:
    """Two characters per player that tell the players apart without colour: a capital and a
    small letter ("Ad" for Ada). Never a lone capital, which on the map could be taken for a
    lot's zone letter A-D; where two players' tags would clash, the first and last letters
    ("Aa", "Am" for Ada and Adam), else the initial and the seat number."""
    letters = [[c for c in name if c.isalnum()] for name in names]
    tags = [_tag(chars, chars[1:2], seat) for seat, chars in enumerate(letters)]
    for last in (True, False):  # the last letter, then the seat number
        clashing = {t for t in tags if tags.count(t) > 1}
        if not clashing:
            break
        tags = [_tag(chars, chars[-1:] if last else [], seat) if tag in clashing else tag
                for seat, (chars, tag) in enumerate(zip(letters, tags, strict=True))]
    if len(set(tags)) < len(tags):
        return tuple(f"P{seat + 1}" for seat in range(len(names)))
    return tuple(tags)


def _tag(chars: list[str], second: list[str], seat: int) -> str:
    """The initial and ``second`` (small), or the initial and the seat number without one."""
    if not chars:
        return f"P{seat + 1}"
    return chars[0].upper() + (second[0].lower() if second and len(chars) > 1 else str(seat + 1))
