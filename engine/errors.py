"""The engine's error kinds.

Every way a player's input can fail has its own class, so the service can answer differently
(a typo gets a hint, a move out of turn names whose turn it is) without reading message text.
Nothing else ever escapes the engine for bad input.

What an error says is a ``Text`` (``err.text``: a catalogue message and its arguments, in no
language yet), written in the reader's language where it is shown; ``str(err)`` and
``err.message`` are its English, for whoever has not switched to the ``Text`` yet.
"""

from __future__ import annotations

from engine.text import ENGLISH, Msg, Text

GAME_IS_OVER = Msg("game.over", "the game is over")
OVER_WON = Msg("game.over_won", "the game is over: {winner} won")

#: a log's failure, after where it happened: one sentence for each of line, move and rule known
LINE_MOVE_RULE = Msg("log.error.line_move_rule",
                     "line {line}, move {move} (rule {rule}): {reason}")
LINE_MOVE = Msg("log.error.line_move", "line {line}, move {move}: {reason}")
LINE_RULE = Msg("log.error.line_rule", "line {line} (rule {rule}): {reason}")
AT_LINE = Msg("log.error.line", "line {line}: {reason}")
MOVE_RULE = Msg("log.error.move_rule", "move {move} (rule {rule}): {reason}")
AT_MOVE = Msg("log.error.move", "move {move}: {reason}")
BY_RULE = Msg("log.error.rule", "rule {rule}: {reason}")


class Said(Exception):
    """An exception whose words are a ``Text``: ``text`` is what it says, in no language yet;
    ``message`` and ``str()`` are its English."""

    def __init__(self, text: Text) -> None:
        super().__init__(text)
        self.text = text

    @property
    def message(self) -> str:
        return ENGLISH(self.text)

    def __str__(self) -> str:
        return ENGLISH(self.text)


class BusError(Said):
    """Base of every error the engine raises for bad input; ``text`` is the player's reason
    (``str(err)`` its English)."""


class OptionError(BusError, ValueError):
    """A game's edition or option that cannot be set: an unknown name or a value it cannot
    take (a value out of its range is ``engine.limits.LimitError``). A ``ValueError`` too, as
    it was before it had words of its own."""


class ParseError(BusError):
    """The text is not a command the engine understands."""


class NotYourTurn(BusError):
    """A well-formed move by a player who has no decision to make now."""

    def __init__(self, text: Text, player: str | None = None) -> None:
        super().__init__(text)
        self.player = player


class IllegalMove(BusError):
    """A well-formed move, by the right player, that a rule forbids.

    ``rule`` names the ruling (``"R7"``) and ``alternatives`` lists legal choices where that
    helps: moves (``notation.MoveText``, a ``str`` that keeps its move, so it can be written in
    the reader's language) or crossings.
    """

    def __init__(self, text: Text, rule: str | None = None,
                 alternatives: list[str] | None = None) -> None:
        super().__init__(text)
        self.rule = rule
        self.alternatives = alternatives or []


class GameOver(IllegalMove):
    """Any move after the game has ended."""

    def __init__(self, text: Text | None = None, *, winner: str | None = None) -> None:
        if text is None:
            text = GAME_IS_OVER() if winner is None else OVER_WON(winner=winner)
        super().__init__(text, rule="R14")


class NothingPlayed(BusError):
    """A message that names moves but does not mean to play them (a question, a maybe, a
    "don't"): the answer says so and whether the moves would be legal now, and why.

    ``legal`` is that verdict; the game is unchanged.
    """

    def __init__(self, text: Text, legal: bool) -> None:
        super().__init__(text)
        self.legal = legal


class LogError(BusError):
    """A game log that cannot be read or replayed.

    ``line`` is the 1-based line of the text it was read from, ``move`` the 1-based number of
    the move that failed (None for a header), ``rule`` the ruling a refused move broke, and
    ``reason_text`` the error without where (``reason`` its English): "line 21, move 17 (rule
    R7): the street ... is taken". Each combination of what is known is one whole sentence.
    """

    def __init__(self, reason: Text, line: int | None = None, move: int | None = None,
                 rule: str | None = None) -> None:
        super().__init__(_placed(reason, line, move, rule))
        self.line = line
        self.move = move
        self.rule = rule
        self.reason_text = reason

    @property
    def reason(self) -> str:
        return ENGLISH(self.reason_text)


def _placed(reason: Text, line: int | None, move: int | None, rule: str | None) -> Text:
    """``reason`` after where it happened, as far as that is known."""
    if line is not None and move is not None:
        return (LINE_MOVE_RULE(line=line, move=move, rule=rule, reason=reason) if rule
                else LINE_MOVE(line=line, move=move, reason=reason))
    if line is not None:
        return LINE_RULE(line=line, rule=rule, reason=reason) if rule else AT_LINE(
            line=line, reason=reason)
    if move is not None:
        return MOVE_RULE(move=move, rule=rule, reason=reason) if rule else AT_MOVE(
            move=move, reason=reason)
    return BY_RULE(rule=rule, reason=reason) if rule else reason
