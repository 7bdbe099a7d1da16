"""The end of a round and of the game (R14) and the final ranking (R15)."""

from __future__ import annotations

from engine.decisions import Event, told
from engine.standings import ranked
from engine.state import GameState
from engine.text import Listing, Msg

#: why the game ended, by ``GameState.ended_by``
ENDINGS: dict[str, Msg] = {
    "clock": Msg("rules.ending.clock",
                 "the last clock stone is taken: the space-time continuum ruptures"),
    "markers": Msg("rules.ending.markers", "at most one player has markers left"),
    "lots": Msg("rules.ending.lots", "every lot is built"),
}
GAME_OVER = Msg("rules.ending.over",
                "The game is over ({why}). {winner} wins! Final scores: {scores}.")


def ends_round(st: GameState) -> str | None:
    """Why the game ends with this round ("markers", "lots"), or None when it goes on (R14).
    Markers placed this round are spent (they left the player's supply when placed)."""
    if sum(1 for p in st.players if p.markers > 0) <= 1:
        return "markers"
    if st.open_zone() is None:
        return "lots"
    return None


def ranking(st: GameState) -> list[str]:
    """Players' names best first (R15; the order and its reasons are ``engine.standings``)."""
    return [p.name for p in ranked(st.players)]


def end_game(st: GameState, why: str) -> list[Event]:
    """Stop the game for ``why`` ("clock", "markers" or "lots") and announce the result."""
    st.phase = "over"
    st.ended_by = why
    st.task = None
    st.queue = []
    st.current = None
    order = ranking(st)
    score = {p.name: p.score for p in st.players}
    # a name and its score are no words of any language: "Ada 7; Bram 5"
    scores = Listing(tuple(f"{name} {score[name]}" for name in order), "; ")
    return [told("game_over", GAME_OVER, order[0], why=ENDINGS[why], winner=order[0],
                 scores=scores)]
