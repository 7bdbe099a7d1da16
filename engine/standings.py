"""The final order of the players (R15), and why each tied player is ahead of the next.

One ordering serves both the game (``Game.ranking``) and whoever explains it (the picture's
final panel), so the reason printed is always the rule that decided.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import PlayerState
from engine.text import ENGLISH, Msg, Plural, Text

ON_STONES = Msg("standings.on_stones",
                "{ahead} ahead of {behind} on clock stones ({stones} to {other})")
CARRIED_FIRST = Plural("standings.carried_first",
                       "{ahead} ahead of {behind}: carried {n} passenger first",
                       "{ahead} ahead of {behind}: carried {n} passengers first")
ON_SEAT_ORDER = Msg("standings.seat_order", "{ahead} ahead of {behind} on seat order")


def _r15(p: PlayerState) -> tuple[int, int, int]:
    """What R15 compares, smaller first: score, then more clock stones, then who reached the
    tied number of carried passengers first."""
    return -p.score, -p.stones, p.reached_at


def ranked(players: Sequence[PlayerState]) -> list[PlayerState]:
    """Players best first (R15): score, then more clock stones, then who reached the tied
    number of carried passengers first; seat order settles what is still equal."""
    return sorted(players, key=lambda p: (*_r15(p), p.seat))


def places(players: Sequence[PlayerState]) -> dict[str, int]:
    """Each player's place at the end (1 = first), as R15 decides it: players R15 cannot tell
    apart share a place (1, 2, 2, 4), since seat order, which ``ranked`` uses to settle them
    for display, is no rule of the game. What a rating counts as a win, a loss or a draw."""
    keys = [_r15(p) for p in players]
    return {p.name: 1 + sum(other < key for other in keys)
            for p, key in zip(players, keys, strict=True)}


def tie_reasons(players: Sequence[PlayerState]) -> list[Text]:
    """For each player ranked just ahead of another on the same score, a sentence saying why."""
    order = ranked(players)
    out: list[Text] = []
    for a, b in zip(order, order[1:], strict=False):
        if a.score != b.score:
            continue
        if a.stones != b.stones:
            out.append(ON_STONES(ahead=a.name, behind=b.name, stones=a.stones, other=b.stones))
        elif a.reached_at != b.reached_at:
            out.append(CARRIED_FIRST(ahead=a.name, behind=b.name, n=a.carried))
        else:
            out.append(ON_SEAT_ORDER(ahead=a.name, behind=b.name))
    return out


def tie_breaks(players: Sequence[PlayerState]) -> list[str]:
    """``tie_reasons`` in English (until the pictures write them in their reader's language)."""
    return [ENGLISH(reason) for reason in tie_reasons(players)]
