"""busbot's rules engine: the whole game of Bus, pure and deterministic.

The public API, in the manner of python-chess::

    game = Game(["Arcsyn", "Daemonis", "Hedgethorn"])        # seat order; the first starts
    game.to_act()            # Decision: who must decide what, in words, or None when over
    game.legal_moves()       # every legal Move now
    game.play("Arcsyn", "Place Office at C1")   # parse + push, all or nothing -> [Event]
    game.push(move)          # one typed move -> [Event] (automatic steps that followed)
    game.pop()               # take the last move back (from the nearest kept position)
    game.play_out(pick)      # play on to the end, ``pick`` choosing from each listing
                             # (random games, the computer player's playouts)
    game.position_at(n)      # a new game at the position after move n
    game.log().format()      # the text log; replay(GameLog.parse(text)) rebuilds the game

Bad input only ever raises the ``BusError`` family: ``ParseError``, ``NotYourTurn``,
``IllegalMove`` (with ``rule`` and ``alternatives``), ``GameOver``, ``LogError`` (with ``line``,
``move`` and ``rule``), and ``NothingPlayed`` for a message that names moves without meaning to
play them (a question, a maybe, a "don't"): its text says whether they would be legal now, and
why.

Everything the engine says is a ``Text`` (``engine.text``: a catalogue message and its
arguments, written in the reader's language where it is shown): ``err.text``, ``Event.said``,
``Decision.said``; ``str(err)``, ``Event.text`` and ``Decision.text`` are its English.

Where things live: ``board`` (the city, from ``data/city.json``), ``moves`` (typed moves and the
action board's facts: resolution order, spaces per action), ``notation`` (text -> moves,
and moves written in a language), ``words`` (the word list of each language, from
``data/words/``),
``intent`` (answers to messages that name moves without playing them), ``state`` (the plain
records a position is), ``rules/`` (one module per step of the game, each with its legal moves,
what a move does, its words, its start and its forfeit, registered in ``rules.RULES`` by
``DecisionKind``), ``lines`` (the R7 trail geometry), ``standings`` (the R15 order and its
reasons), ``game`` (the turn machine that walks the steps, with its snapshots), ``position``
(a snapshot written down, to be stored and resumed from), ``log`` (the text log), ``replay``
(replaying a log, from a stored position when one is given), ``history`` and ``stats``
(looking back over a game), ``limits`` (every limit on input), ``text`` (the catalogue's
types: ``Msg``, ``Plural``, ``Text``), ``view`` (JSON), ``playout``
(random games), ``worth`` (what each action space gives now, R5).
"""

from typing import TYPE_CHECKING

from engine.board import BOARD, Board
from engine.decisions import Decision, DecisionKind, Event
from engine.errors import (
    BusError,
    GameOver,
    IllegalMove,
    LogError,
    NothingPlayed,
    NotYourTurn,
    ParseError,
)
from engine.game import Game
from engine.log import GameLog
from engine.moves import (
    ACTION_TITLES,
    ACTIONS,
    BUILDING_TYPES,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    Question,
    StartLine,
    Unfinished,
)
from engine.notation import parse_moves
from engine.replay import replay
from engine.state import CLOCK, COLOURS, EDITIONS, GameState, Options, PlayerState

if TYPE_CHECKING:
    from engine.playout import random_game


def __getattr__(name: str) -> object:
    """``random_game`` (and with it ``random``) is loaded on first use: only tests, benchmarks
    and the gallery play random games, and ``busbot replay`` starts faster without it."""
    if name == "random_game":
        from engine.playout import random_game

        return random_game
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = [
    "ACTIONS", "ACTION_TITLES", "BOARD", "BUILDING_TYPES", "CLOCK", "COLOURS", "EDITIONS",
    "Board", "BusError", "ChooseAction", "ClockChoice", "Decision", "DecisionKind", "Deliver",
    "Event",
    "ExtendLine", "Game", "GameLog", "GameOver", "GameState", "IllegalMove", "LogError", "Move",
    "NotYourTurn", "NothingPlayed", "Options", "ParseError", "Pass", "PlaceBuilding",
    "PlacePassenger", "PlayerState", "Question", "StartLine", "Unfinished", "parse_moves",
    "random_game", "replay",
]
