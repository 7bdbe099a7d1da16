"""Telling a mistyped move from table chat, for the player the game waits for.

The chat filter (``reads_as_moves``) takes up only messages that read as moves word for word, so
ordinary talk is never answered. That also drops a move with a typo (``Place Pub at W9``, where
W9 is no crossing), and the player to act then hears nothing. From that player, a message that
is clearly an attempt at a move goes to the move reader after all, whose answer is the hint
``!bus`` would give. Clearly means: it opens with a move's verb, or it names a crossing the way
moves do (``at W9``, ``from C1 to C4``, ``C1-C4``). Everyone else's chat, and this player's
other chat, stays unanswered.
"""

from __future__ import annotations

import re

#: The verbs a move message opens with (the engine reads more; these are the ones nobody opens
#: small talk with at a Bus table).
MOVE_VERBS = frozenset((
    "place", "build", "extend", "choose", "pick", "pass", "stop", "advance", "deliver",
    "vroom", "vrrooomm",
))
#: Longer messages are conversation even when they open with a verb.
MOST_WORDS = 12
#: A crossing named as moves name it: after a move's preposition, or joined to another crossing.
_CROSSING = r"(?:[cnsew]\s?\d{1,3}|ws|es)"
_NAMES_CROSSING = re.compile(
    rf"\b(?:at|on|from|to|between)\s+{_CROSSING}\b|\b{_CROSSING}\s*[-–]\s*{_CROSSING}\b",
    re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+|\d+")


def attempts_a_move(text: str) -> bool:
    """True when ``text`` is clearly meant as a move, readable or not."""
    words = _WORD.findall(text[:400].lower())
    if not words or len(words) > MOST_WORDS:
        return False
    return words[0] in MOVE_VERBS or _NAMES_CROSSING.search(text[:400]) is not None
