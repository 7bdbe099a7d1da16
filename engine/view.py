"""A game as plain JSON values: what ``busbot replay --json`` prints and tools read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.board import BOARD
from engine.state import CLOCK

if TYPE_CHECKING:
    from engine.game import Game


def game_to_json(game: Game) -> dict[str, Any]:
    st = game.state
    buildings: dict[str, list[str]] = {}
    for lot, kind in zip(BOARD.lots, st.lots, strict=True):
        if kind is not None:
            buildings.setdefault(lot.node, []).append(kind)
    decision = game.to_act()
    to_act: dict[str, Any] | None = None
    if decision is not None:
        to_act = {
            "player": decision.player,
            "decision": decision.text,
            "kind": decision.kind,
            "count": decision.count,
            "options": [str(m) for m in game.legal_moves()],
        }
    out: dict[str, Any] = {
        "phase": st.phase,
        "round": st.round,
        "edition": st.edition,
        "clock": CLOCK[st.clock],
        "clock_stones_left": st.clock_stones_left,
        "passenger_supply": st.passenger_supply,
        "starting_player": st.players[st.start_seat].name,
        "players": [
            {
                "name": p.name,
                "colour": p.colour,
                "score": p.score,
                "carried": p.carried,
                "stones": p.stones,
                "buses": p.buses,
                "markers": p.markers,
                "line": list(p.line),
            }
            for p in st.players
        ],
        "buildings": buildings,
        "passengers": {k: v for k, v in st.passengers.items() if v},
        "actions": {a: [st.players[s].name for s in seats] for a, seats in st.spaces.items()},
        "to_act": to_act,
        "moves": len(game.history),
    }
    if game.is_over:
        out["winner"] = game.winner
        out["ranking"] = game.ranking()
        out["ended_by"] = st.ended_by
    return out
