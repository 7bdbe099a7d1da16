"""The game's page beside the table: the log, by round, with what happened after each move.

Each move is listed with its number and player; under it go the engine's events that are not
just the move said again (a marker chosen, a pass): actions resolving, the clock moving, a bus
bought, a round beginning, the game ending. Deliveries and clock moves are marked, and so is
every note the service adds (``render.page_notes``): automatic moves, corrections, undos. Every
entry carries the position it leads to, so clicking it shows the table there.

Everything a player wrote (names, move texts) is escaped here, once. The page's own words are
written with the ``Words`` the page is built with (the reader's language).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from html import escape

from engine.game import Event, Game
from engine.history import fresh
from engine.moves import ClockChoice, Deliver, Move
from engine.notation import MoveText
from engine.text import ENGLISH, Msg, Plural, Text, Words
from render.clock import ROUND, SETUP
from render.page_notes import Aside, MoveMark, PageNotes

#: Engine events that only say the move again: the log shows the move itself.
_SAID_BY_THE_MOVE = ("choose", "pass")

#: The mark beside a move of a kind worth seeing in the log (the kind is its CSS class).
KINDS = {
    "delivery": Msg("render.page.kind.delivery", "delivery"),
    "clock": Msg("render.page.kind.clock", "clock"),
}
#: The line under the table: where the position stands. ``n`` is the game's moves, ``round``
#: the round's title (``round_title``), ``said`` the move as written.
CAPTION_START = Plural("render.page.caption.start",
                       "The start of the game (0 of {n} move) · {round}",
                       "The start of the game (0 of {n} moves) · {round}")
CAPTION_AFTER = Plural("render.page.caption.after",
                       "After move {move} of {n} · {round} · {player}: {said}",
                       "After move {move} of {n} · {round} · {player}: {said}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One move of the log, with the round it was played in and what followed it."""

    number: int
    round: int
    player: str
    #: the move, written in the page's notation where the page is drawn
    text: MoveText
    kind: str  # "delivery", "clock" or "" (any other move)
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class GameLogView:
    """The log, the round each position stands in, and where each round begins."""

    entries: tuple[Entry, ...]
    opening: tuple[Event, ...]
    #: the round of the position after n moves (0: setup)
    rounds: tuple[int, ...]
    #: round -> the position it begins at (the first move played in it is the next one)
    starts: dict[int, int]


def _kind(move: Move) -> str:
    if isinstance(move, Deliver):
        return "delivery"
    if isinstance(move, ClockChoice):
        return "clock"
    return ""


def read_log(game: Game) -> GameLogView:
    """Replay ``game`` once, keeping each move's round and events."""
    table = fresh(game)
    entries: list[Entry] = []
    rounds = [table.state.round]
    starts: dict[int, int] = {}
    for number, (player, move) in enumerate(game.history, start=1):
        played_in = table.state.round
        starts.setdefault(played_in, number - 1)
        events = table.push(move, player)
        rounds.append(table.state.round)
        shown = tuple(e for e in events if e.kind not in _SAID_BY_THE_MOVE)
        entries.append(Entry(number, played_in, player, MoveText(move), _kind(move), shown))
    return GameLogView(tuple(entries), tuple(table.opening_events), tuple(rounds), starts)


def round_title(number: int) -> Text:
    return SETUP() if number == 0 else ROUND(n=number)


def _said(words: Words, said: str | Text) -> str:
    """A note's words, escaped: a ``Text`` written in the page's language, a string as it is."""
    return escape(words(said) if isinstance(said, Text) else said)


def _marks(marks: list[MoveMark], words: Words) -> str:
    return "".join(f' <span class="mark {escape(m.kind)}">{_said(words, m.text)}</span>'
                   for m in marks)


def _events(events: tuple[Event, ...], words: Words) -> str:
    if not events:
        return ""
    items = "".join(f'<li class="ev {escape(e.kind)}">{escape(words(e.said))}</li>'
                    for e in events)
    return f'<ul class="events">{items}</ul>'


def _aside(aside: Aside, words: Words) -> str:
    return (f'<li class="aside {escape(aside.kind)}" data-move="{aside.after}">'
            f'{_said(words, aside.text)}</li>')


def _move(entry: Entry, marks: list[MoveMark], words: Words) -> str:
    classes = " ".join(c for c in ["move", entry.kind, *sorted({m.kind for m in marks})] if c)
    tag = (f' <span class="mark {entry.kind}">{escape(words(KINDS[entry.kind]()))}</span>'
           if entry.kind else "")
    return (f'<li class="{escape(classes)}" id="m{entry.number}" data-move="{entry.number}">'
            f'<button type="button" class="goto"><span class="n">{entry.number}</span> '
            f'<b>{escape(entry.player)}</b>: {escape(entry.text.written(words.language))}'
            f'</button>{tag}{_marks(marks, words)}{_events(entry.events, words)}</li>')


def log_html(view: GameLogView, notes: PageNotes, words: Words = ENGLISH) -> str:
    """The log as an ordered list: round headers, moves with their events and marks, asides."""
    marks: dict[int, list[MoveMark]] = defaultdict(list)
    for mark in notes.marks:
        marks[mark.move].append(mark)
    asides: dict[int, list[Aside]] = defaultdict(list)
    for aside in notes.asides:
        asides[aside.after].append(aside)
    out = [f'<li class="round" id="r0" data-move="0"><h3>{escape(words(round_title(0)))}</h3>'
           f'{_events(view.opening, words)}</li>']
    out.extend(_aside(a, words) for a in asides.get(0, ()))
    shown_round = 0
    for entry in view.entries:
        if entry.round != shown_round:
            shown_round = entry.round
            out.append(f'<li class="round" id="r{entry.round}" '
                       f'data-move="{entry.number - 1}">'
                       f'<h3>{escape(words(round_title(entry.round)))}</h3></li>')
        out.append(_move(entry, marks.get(entry.number, []), words))
        out.extend(_aside(a, words) for a in asides.get(entry.number, ()))
    last = len(view.entries)
    out.extend(_aside(a, words) for after, group in sorted(asides.items()) if after > last
               for a in group)
    return f'<ol id="log-list">{"".join(out)}</ol>'


def captions(view: GameLogView, words: Words = ENGLISH) -> list[str]:
    """A line per position: which move it follows and in which round it stands."""
    total = len(view.entries)
    out = [words(CAPTION_START(n=total, round=round_title(view.rounds[0])))]
    for entry in view.entries:
        out.append(words(CAPTION_AFTER(move=entry.number, n=total,
                                       round=round_title(entry.round), player=entry.player,
                                       said=entry.text)))
    return out
