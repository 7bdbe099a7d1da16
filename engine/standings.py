"""The final order of the players (R15), and why each tied player is ahead of the next.

One ordering serves both the game (``Game.ranking``) and whoever explains it (the picture's
final panel), so the reason printed is always the rule that decided.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import PlayerState


def ranked(players: Sequence[PlayerState]) -> list[PlayerState]:
    """Players best first (R15): score, then more clock stones, then who reached the tied
    number of carried passengers first; seat order settles what is still equal."""
    return sorted(players, key=lambda p: (-p.score, -p.stones, p.reached_at, p.seat))


def tie_breaks(players: Sequence[PlayerState]) -> list[str]:
    """For each player ranked just ahead of another on the same score, a sentence saying why."""
    order = ranked(players)
    out: list[str] = []
    for a, b in zip(order, order[1:], strict=False):
        if a.score != b.score:
            continue
        if a.stones != b.stones:
            out.append(f"{a.name} ahead of {b.name} on clock stones ({a.stones} to {b.stones})")
        elif a.reached_at != b.reached_at:
            out.append(f"{a.name} ahead of {b.name}: carried {a.carried} passengers first")
        else:
            out.append(f"{a.name} ahead of {b.name} on seat order")
    return out
