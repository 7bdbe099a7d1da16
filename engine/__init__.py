"""busbot's rules engine: the whole game of Bus, pure and deterministic.

The public API, in the manner of python-chess::

    game = Game(["Arcsyn", "Daemonis", "Hedgethorn"])        # seat order; the first starts
    game.to_act()            # Decision: who must decide what, in words, or None when over
    game.legal_moves()       # every legal Move now
    game.play("Arcsyn", "Place Office at C1")   # parse + push, all or nothing -> [Event]
    game.push(move)          # one typed move -> [Event] (automatic steps that followed)
    game.pop()               # take the last move back (replay without it)
    game.log().format()      # the text log; replay(GameLog.parse(text)) rebuilds the game

Bad input only ever raises the ``BusError`` family: ``ParseError``, ``NotYourTurn``,
``IllegalMove`` (with ``rule`` and ``alternatives``), ``GameOver``, ``LogError``, and
``NothingPlayed`` for a message that names moves without meaning to play them (a question, a
maybe, a "don't"): its text says whether they would be legal now, and why.
"""

from engine.board import BOARD, Board
from engine.errors import (
    BusError,
    GameOver,
    IllegalMove,
    LogError,
    NothingPlayed,
    NotYourTurn,
    ParseError,
)
from engine.game import Decision, Event, Game
from engine.log import GameLog, replay
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
from engine.playout import random_game
from engine.state import CLOCK, COLOURS, EDITIONS, GameState, Options, PlayerState

__all__ = [
    "ACTIONS", "ACTION_TITLES", "BOARD", "BUILDING_TYPES", "CLOCK", "COLOURS", "EDITIONS",
    "Board", "BusError", "ChooseAction", "ClockChoice", "Decision", "Deliver", "Event",
    "ExtendLine", "Game", "GameLog", "GameOver", "GameState", "IllegalMove", "LogError", "Move",
    "NotYourTurn", "NothingPlayed", "Options", "ParseError", "Pass", "PlaceBuilding",
    "PlacePassenger", "PlayerState", "Question", "StartLine", "Unfinished", "parse_moves",
    "random_game", "replay",
]
