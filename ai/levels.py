"""The named strengths a bot seat plays at: each is a search budget, and ``easy`` is also
deliberately careless (it often plays a random legal move instead of the searched one)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may think: ``playouts`` simulated games (deterministic for a seed),
    stopped earlier when ``seconds`` have passed; ``careless`` is the chance of playing a
    random legal move without searching (the weakness of ``easy``)."""

    playouts: int | None
    seconds: float | None
    careless: float = 0.0


#: ``normal`` and ``hard`` are bounded by time (the playouts are a ceiling a quick machine may
#: reach); ``easy`` by a few playouts, and six decisions in ten it plays a random legal move
BUDGETS: dict[Level, Budget] = {
    Level.EASY: Budget(playouts=16, seconds=0.1, careless=0.6),
    Level.NORMAL: Budget(playouts=6000, seconds=0.3),
    Level.HARD: Budget(playouts=60000, seconds=2.5),
}


def level_named(text: str | Level | None) -> Level:
    """The level a player named (``normal`` when none), or ``ValueError`` saying the choices."""
    if text is None:
        return Level.NORMAL
    try:
        return Level(str(text).strip().lower())
    except ValueError:
        raise ValueError(f"there is no bot level {str(text)[:20]!r}: choose easy, normal or "
                         f"hard") from None
