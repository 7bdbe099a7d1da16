"""A game as plain JSON values: what ``busbot replay --json`` prints and tools read."""

from __future__ import annotations

from typing import Any, Protocol

from engine.board import BOARD
from engine.decisions import Decision
from engine.moves import Move
from engine.state import CLOCK, GameState


class Position(Protocol):
    """What the view reads of a game (``engine.game.Game`` is one), so this module needs no
    import of the turn machine."""

    state: GameState
    history: list[tuple[str, Move]]

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...

    def to_act(self) -> Decision | None: ...

    def legal_moves(self) -> list[Move]: ...

    def ranking(self) -> list[str]: ...


def game_to_json(game: Position) -> dict[str, Any]:
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
