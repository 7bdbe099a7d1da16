"""A picture of the table in a few sentences, for players who cannot see it.

Every posted picture carries one (Discord's attachment description, which screen readers read
out; the console prints it under the picture's path): whose turn it is and what they must
decide, the clock, the scores, what just changed and any seat's state. It is written from the
game itself, not from the drawing, so it says the same whether or not pictures can be drawn,
and it always fits Discord's limit for a description.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Game

#: Discord keeps at most this many characters of an attachment's description.
DESCRIPTION_LIMIT = 1024
#: Characters of a player's name in the description (names are untrusted and may be long).
NAME_CHARS = 40
#: Moves since the previous picture named at most; more are counted.
MOST_MOVES = 6


def _name(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + "…"


def alt_text(game: Game, *, previous: Game | None = None,
             seat_notes: Mapping[str, str] | None = None, note: str = "") -> str:
    """The description of the picture of ``game`` (``previous``: the position the previous
    picture showed, whose moves since are "what just changed"), at most ``DESCRIPTION_LIMIT``
    characters."""
    state = game.state
    parts = [f"{note}. " if note else "",
             f"Bus table, {'setup' if state.phase == 'setup' else f'round {state.round}'}; "
             f"clock: {state.clock_type}, {state.clock_stones_left} clock stones left."]
    parts.append(_turn(game))
    scores = ", ".join(f"{_name(p.name)} {p.score}" for p in state.players)
    parts.append(f"Scores: {scores}.")
    news = _news(game, previous)
    if news:
        parts.append(news)
    notes = [f"{_name(name)} {words}" for name, words in (seat_notes or {}).items() if words]
    if notes:
        parts.append("Seats: " + "; ".join(notes) + ".")
    text = " ".join(part for part in parts if part).replace("  ", " ").strip()
    if len(text) > DESCRIPTION_LIMIT:
        text = text[:DESCRIPTION_LIMIT - 1] + "…"
    return text


def _turn(game: Game) -> str:
    if game.is_over:
        return f"Game over: {_name(game.winner or '')} wins."
    decision = game.to_act()
    if decision is None:
        return ""
    ask = decision.text
    prefix = f"{decision.player}: "
    if ask.startswith(prefix):
        ask = ask[len(prefix):]
    return f"To act: {_name(decision.player)}: {ask[:200]}."


def _news(game: Game, previous: Game | None) -> str:
    """The moves since ``previous`` (only the last without it), by player."""
    history = game.history
    start = len(history) - 1
    if previous is not None and len(previous.history) <= len(history) \
            and list(history[:len(previous.history)]) == list(previous.history):
        start = len(previous.history)
    moves = list(history[max(start, 0):])
    if not moves:
        return ""
    named = "; ".join(f"{_name(who)}: {move}" for who, move in moves[:MOST_MOVES])
    more = len(moves) - MOST_MOVES
    head = "Last move" if len(moves) == 1 else f"{len(moves)} new moves"
    return f"{head}: {named}" + (f" and {more} more." if more > 0 else ".")
