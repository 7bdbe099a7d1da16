"""The named strengths a bot seat plays at: each is a search budget, and ``easy`` is also
deliberately careless (it often plays its playout policy's move instead of the searched one)."""

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
    stopped earlier when ``seconds`` have passed; ``careless`` is the chance of playing the
    quick policy's move without searching (the weakness of ``easy``)."""

    playouts: int | None
    seconds: float | None
    careless: float = 0.0


BUDGETS: dict[Level, Budget] = {
    Level.EASY: Budget(playouts=4, seconds=0.3, careless=0.6),
    Level.NORMAL: Budget(playouts=120, seconds=0.8),
    Level.HARD: Budget(playouts=480, seconds=3.0),
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
