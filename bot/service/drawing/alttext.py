"""A picture of the table in a few sentences, for players who cannot see it.

Every posted picture carries one (Discord's attachment description, which screen readers read
out; the console prints it under the picture's path): whose turn it is and what they must
decide, the clock, the scores, what just changed and any seat's state. It is written from the
game itself, not from the drawing, so it says the same whether or not pictures can be drawn,
and it always fits Discord's limit for a description.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.words.catalogue import Said, joined, say
from engine import Game
from engine.decisions import shortened
from engine.moves import BUILDING_NAME
from engine.text import ENGLISH, Listing, Msg, Plural, Text, Words

NOTE = Msg("alt.note", "{note}.")
TABLE_SETUP = Msg("alt.table_setup", "Bus table, setup; clock: {clock}, {stones} clock stones "
                  "left.")
TABLE_ROUND = Msg("alt.table_round", "Bus table, round {round}; clock: {clock}, {stones} clock "
                  "stones left.")
#: one seat's score in the description, its name apart from the number
SCORE = Plural("alt.score", "{name}: {n} point", "{name}: {n} points")
SCORES = Msg("alt.scores", "Scores: {scores}.")
SEATS = Msg("alt.seats", "Seats: {notes}.")
GAME_OVER = Msg("alt.game_over", "Game over: {winner} wins.")
TO_ACT = Msg("alt.to_act", "To act: {player}: {ask}.")
LAST_MOVE = Msg("alt.last_move", "Last move: {named}.")
NEW_MOVES = Msg("alt.new_moves", "{n} new moves: {named}.")
NEW_MOVES_MORE = Msg("alt.new_moves_more", "{n} new moves: {named} and {more} more.")

#: Discord keeps at most this many characters of an attachment's description.
DESCRIPTION_LIMIT = 1024
#: Characters of a player's name in the description (names are untrusted and may be long).
NAME_CHARS = 40
#: Moves since the previous picture named at most; more are counted.
MOST_MOVES = 6


def _name(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + "…"


def alt_text(game: Game, *, previous: Game | None = None,
             seat_notes: Mapping[str, str] | None = None, note: str = "",
             words: Words = ENGLISH) -> str:
    """The description of the picture of ``game`` (``previous``: the position the previous
    picture showed, whose moves since are "what just changed"), at most ``DESCRIPTION_LIMIT``
    characters, in ``words``' language."""
    state = game.state
    clock = BUILDING_NAME[state.clock_type]()
    table = (TABLE_SETUP(clock=clock, stones=state.clock_stones_left)
             if state.phase == "setup" else
             TABLE_ROUND(round=state.round, clock=clock, stones=state.clock_stones_left))
    parts: list[Said | None] = [NOTE(note=note) if note else None, table, _turn(game)]
    # each name apart from its score ("Normal Bot 3: 0 points", never "Normal Bot 3 0")
    scores = Listing(tuple(SCORE(name=_name(p.name), n=p.score) for p in state.players), ", ")
    parts.append(SCORES(scores=scores))
    parts.append(_news(game, previous))
    notes = [f"{_name(name)} {said}" for name, said in (seat_notes or {}).items() if said]
    if notes:
        parts.append(SEATS(notes="; ".join(notes)))
    text = say(joined(*parts), words).replace("  ", " ").strip()
    if len(text) > DESCRIPTION_LIMIT:
        text = text[:DESCRIPTION_LIMIT - 1] + "…"
    return text


def _turn(game: Game) -> Text | None:
    if game.is_over:
        return GAME_OVER(winner=_name(game.winner or ""))
    decision = game.to_act()
    if decision is None:
        return None
    return TO_ACT(player=_name(decision.player), ask=decision.asks)


def _news(game: Game, previous: Game | None) -> Text | None:
    """The moves since ``previous`` (only the last without it), by player."""
    history = game.history
    start = len(history) - 1
    if previous is not None and len(previous.history) <= len(history) \
            and list(history[:len(previous.history)]) == list(previous.history):
        start = len(previous.history)
    moves = list(history[max(start, 0):])
    if not moves:
        return None
    shown, more = shortened(moves, MOST_MOVES)  # never "and 1 more": those are named
    named = "; ".join(f"{_name(who)}: {move}" for who, move in shown)
    if len(moves) == 1:
        return LAST_MOVE(named=named)
    if more > 0:
        return NEW_MOVES_MORE(n=len(moves), named=named, more=more)
    return NEW_MOVES(n=len(moves), named=named)
