"""The engine's error kinds.

Every way a player's input can fail has its own class, so the service can answer differently
(a typo gets a hint, a move out of turn names whose turn it is) without reading message text.
Nothing else ever escapes the engine for bad input.
"""

from __future__ import annotations


class BusError(Exception):
    """Base of every error the engine raises for bad input; ``str(err)`` is the player's reason."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ParseError(BusError):
    """The text is not a command the engine understands."""


class NotYourTurn(BusError):
    """A well-formed move by a player who has no decision to make now."""

    def __init__(self, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player


class IllegalMove(BusError):
    """A well-formed move, by the right player, that a rule forbids.

    ``rule`` names the ruling (``"R7"``) and ``alternatives`` lists legal choices where that helps.
    """

    def __init__(self, message: str, rule: str | None = None,
                 alternatives: list[str] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.alternatives = alternatives or []


class GameOver(IllegalMove):
    """Any move after the game has ended."""

    def __init__(self, message: str = "the game is over") -> None:
        super().__init__(message, rule="R14")


class NothingPlayed(BusError):
    """A message that names moves but does not mean to play them (a question, a maybe, a
    "don't"): the answer says so and whether the moves would be legal now, and why.

    ``legal`` is that verdict; the game is unchanged.
    """

    def __init__(self, message: str, legal: bool) -> None:
        super().__init__(message)
        self.legal = legal


class LogError(BusError):
    """A game log that cannot be read or replayed.

    ``line`` is the 1-based line of the text it was read from, ``move`` the 1-based number of
    the move that failed (None for a header), ``rule`` the ruling a refused move broke, and
    ``reason`` the error without where: "line 21, move 17 (rule R7): the street ... is taken".
    """

    def __init__(self, message: str, line: int | None = None, move: int | None = None,
                 rule: str | None = None) -> None:
        where = ", ".join(w for w in (f"line {line}" if line is not None else "",
                                      f"move {move}" if move is not None else "") if w)
        if rule:
            where = f"{where} (rule {rule})" if where else f"rule {rule}"
        super().__init__(f"{where}: {message}" if where else message)
        self.line = line
        self.move = move
        self.rule = rule
        self.reason = message
