"""What one picture shows, read off a game once: the state, who acts, what changed.

The drawing modules take a ``Scene`` rather than a game so that they depend on a few read-only
facts, not on the game's methods, and so that each fact is asked for once per picture. A scene
also carries the ``Words`` its labels are written with (the reader's language: the caller passes
a catalogue's, ``render`` never loads one; English by default), so every part of one picture
speaks the same language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.board import BOARD
from engine.moves import Move
from engine.standings import ranked, tie_reasons
from engine.state import GameState
from engine.text import ENGLISH, Text, Words
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
    def asks(self) -> Text: ...


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
    tie_breaks: tuple[Text, ...] = ()
    #: a few words marked at the top of the banner ("Preview: not played"); "" for none
    note: str = ""
    #: per seat, a few words about the seat drawn on its row ("dropped", "away until 2 Dec",
    #: "bot (normal)"); "" for none
    seat_notes: tuple[str, ...] = ()
    #: the language of every label (a catalogue's ``Words``, hashable and loaded once)
    words: Words = ENGLISH

    @classmethod
    def of(cls, game: GameView, *, move_highlight: bool = True,
           previous: GameView | None = None, note: str | Text = "",
           seat_notes: Mapping[str, str | Text] | None = None,
           words: Words = ENGLISH) -> Scene:
        """``previous`` is the position the previous picture showed: everything since is
        highlighted (without it, the last move). ``note`` marks the picture (a preview);
        ``seat_notes`` (player name -> a few words) mark those players' rows; both are written
        with ``words`` where they are ``Text``."""
        state = game.state
        changes = Changes()
        if move_highlight:
            changes = find_changes(state, game.history,
                                   previous.state if previous is not None else None,
                                   previous.history if previous is not None else None)
        ranking = tuple(game.ranking()) if game.is_over else ()
        tags = player_tags([p.name for p in state.players])
        rows = tuple(range(len(state.players)))
        ties: tuple[Text, ...] = ()
        if game.is_over:
            order = [p.seat for p in ranked(state.players)]
            rows = tuple(order.index(seat) for seat in rows)
            ties = tuple(tie_reasons(state.players))
        notes = tuple(_written(words, (seat_notes or {}).get(p.name, "")) for p in state.players)
        return cls(state, game.to_act(), changes, ranking, tags, rows, ties,
                   _written(words, note), notes, words)

    @property
    def last(self) -> tuple[int, Move] | None:
        """The last of the moves highlighted."""
        return self.changes.moves[-1] if self.changes.moves else None


def _written(words: Words, said: str | Text) -> str:
    """A caller's few words: a ``Text`` written in the picture's language, a string as it is."""
    return words(said) if isinstance(said, Text) else said


#: What a tag must never read as, in any case: a crossing's or station's name (C1, N2, WS), or a
#: lot's zone letter (A-D), all read off the board. A tag sits on the map beside the crossings.
TAKEN_ON_THE_MAP = frozenset(
    {label.casefold() for label in BOARD.labels} | {zone.casefold() for zone in BOARD.lots_in_zone})


def player_tags(names: list[str]) -> tuple[str, ...]:
    """Two characters per player that tell the players apart without colour: a capital and a
    small letter ("Ad" for Ada). Never what the map already names: a lone capital (a zone
    letter A-D), a crossing or a station ("N2", "Ws"), so a line head tagged "N2" can never be
    taken for the crossing N2 beside it. Where two players' tags would clash, each clashing
    player's next choice is taken: the first and last characters ("Aa", "Am" for Ada and Adam),
    the initial of a later word and the last character ("B2", "B3" for "Normal Bot 2" and
    "Normal Bot 3"), the initial and any other character, the initial and the seat number;
    else the seat ("P1")."""
    choices = [_choices(name, seat) for seat, name in enumerate(names)]
    picked = [0] * len(names)
    tags = [c[0] for c in choices]
    while True:
        clashing = {t for t in tags if tags.count(t) > 1}
        movable = [i for i, t in enumerate(tags)
                   if t in clashing and picked[i] + 1 < len(choices[i])]
        if not clashing or not movable:
            break
        for i in movable:
            picked[i] += 1
            tags[i] = choices[i][picked[i]]
    if len(set(tags)) < len(tags):
        return tuple(f"P{seat + 1}" for seat in range(len(names)))
    return tuple(tags)


def _choices(name: str, seat: int) -> list[str]:
    """A player's possible tags, best first, none of them a name on the map."""
    chars = [c for c in name if c.isalnum()]
    out: list[str] = []
    if chars:
        first = _one(chars[0].upper(), chars[0])
        later_words = [_one(w[0].upper(), w[0]) for w in name.split()[1:] if w[:1].isalpha()]
        seconds = [(first, c) for c in chars[1:2] + chars[-1:]]
        seconds += [(w, chars[-1]) for w in later_words if len(chars) > 1]
        seconds += [(first, c) for c in chars[2:]]
        out = [a + _one(b.lower(), b) for a, b in seconds if len(chars) > 1]
        out.append(first + str(seat + 1))
    out.append(f"P{seat + 1}")
    # repeats stay: the n-th choice of every player comes from the same rule, so a player whose
    # last character gives the same tag keeps it while the one it clashed with moves on
    return [t for t in out if t.casefold() not in TAKEN_ON_THE_MAP]


def _one(changed: str, char: str) -> str:
    """A character in another case, where that is still one character ("ß" stays "ß", not
    "SS"), so every tag stays two characters wide."""
    return changed if len(changed) == 1 else char
