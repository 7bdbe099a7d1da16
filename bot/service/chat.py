"""Telling an unprefixed chat message meant for the bot from table talk.

The engine's move reader is forgiving on purpose ("I pass" is a move), so deciding whether an
unprefixed chat message was meant for the bot uses a much stricter reading: only the words of
written-out moves, or a clear attempt at one (``attempts.attempts_a_move``). One unit, moved
here whole from ``commands.py`` so the command registry could read commands without it.
"""

from __future__ import annotations

import re

from bot.service.attempts import attempts_a_move
from bot.service.commands import Malformed, Play
from bot.service.reading import parse_command, read_message
from engine import Question, Unfinished
from engine.limits import MAX_MESSAGE_CHARS

_TOKEN = re.compile(r"[a-z]+\d+|[a-z]+|\d+")
_LABEL = re.compile(r"(?:[cnsew]\d+|ws|es)")
_VROOM = re.compile(r"v+r+o+m+")
_MOVE_WORDS = frozenset((
    "place", "put", "build", "start", "extend", "choose", "take", "pick", "pass", "stop",
    "advance", "deliver", "carry",
    "house", "houses", "office", "offices", "pub", "pubs", "line", "lines", "expansion",
    "passenger", "passengers", "bus", "buses", "building", "buildings", "clock", "time",
    "starting", "player", "west", "east", "station",
    "at", "on", "to", "from", "between", "and", "then", "the", "a", "an", "my",
    "one", "two", "three", "four", "five", "six",
))


def could_be_for_the_bot(text: str) -> bool:
    """Whether an unprefixed message could be meant for the bot in any place: a well-formed
    command, moves written out word for word, or a clear attempt at a move
    (``attempts.attempts_a_move``). It needs no game, so table talk is let go without one being
    looked up; the place's game decides the rest (``meant_for_the_bot``)."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    return (cmd is None and reads_as_moves(text)) or attempts_a_move(text)


def meant_for_the_bot(text: str, moves_expected: bool, to_act: bool = False) -> bool:
    """Whether an unprefixed chat message is meant for the bot: a well-formed command, or (when
    the place's game takes moves) moves written out word for word, from the player the game
    waits for (``to_act``), or from anyone when written as the log writes moves.

    So a spectator's ``time?`` or ``take the bus`` stays table talk, while the player to act
    gets an answer to it (``time?`` is a question about choosing Clock) and anyone writing
    ``Place Office at C1`` is told whether they may. From the player to act, a move that cannot
    be read (``Place Pub at W9``) is meant too: it gets the hint ``!bus`` gives, rather than
    being passed over as chat."""
    cmd = parse_command(text)
    if cmd is not None and not isinstance(cmd, Malformed):
        return True
    if cmd is None and moves_expected and reads_as_moves(text):
        if to_act:
            return True
        played = read_message(text)
        if isinstance(played, Play) and written_as_logged(played):
            return True
    return to_act and attempts_a_move(text)


def written_as_logged(cmd: Play) -> bool:
    """Whether a message's moves are written the way the log writes them (``Place Office at
    C1``, ``Pass``; case, punctuation and ``then`` aside), nothing asked and nothing missing:
    a move whoever writes it, unlike a bare ``clock``, ``time?`` or ``the bus``."""
    if cmd.unreadable is not None or not cmd.moves or any(
            isinstance(move, Question | Unfinished) for move in cmd.moves):
        return False
    written = [token for token in _TOKEN.findall(cmd.text.lower()) if token != "then"]
    return written == _TOKEN.findall(" ".join(str(move) for move in cmd.moves).lower())


def reads_as_moves(text: str) -> bool:
    """True when a chat message is written as moves, word for word (``Place Office at C1``).

    Casual sentences the engine would still understand ("let me think" reads as Advance clock)
    stay chat; a player who means them as moves uses the bot's prefix. The cheap word check
    comes first, so chat is never handed to the move reader.
    """
    if not text.strip() or len(text) > MAX_MESSAGE_CHARS // 5:
        return False
    for token in _TOKEN.findall(text.lower()):
        if token not in _MOVE_WORDS and not token.isdigit() and not _LABEL.fullmatch(token) \
                and not _VROOM.fullmatch(token):
            return False
    cmd = read_message(text)
    return isinstance(cmd, Play) and cmd.unreadable is None
