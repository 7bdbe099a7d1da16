"""Buildings (R10): each new building on a free lot of the lowest zone with free lots, of any
type within the type limit. The setup's starting buildings (R1) are the same move on zone A."""

from __future__ import annotations

from operator import itemgetter, not_

from engine.board import BOARD
from engine.decisions import BUILDINGS, DecisionKind, Event
from engine.errors import IllegalMove
from engine.moves import BUILDING_NAMES, BUILDING_TYPES, Move, PlaceBuilding
from engine.rules.base import Granted, check_label
from engine.state import GameState, PlayerState
from engine.text import Msg, Plural, Text

ASKS = Msg("rules.buildings.asks", "place buildings")
GETS = Plural("rules.buildings.gets", "Buildings (space {space}): {name} gets {n} building.",
              "Buildings (space {space}): {name} gets {n} buildings.")
PLACE = Plural("rules.buildings.place", "place {n} building on free zone-{zone} lots",
               "place {n} buildings on free zone-{zone} lots")
NO_LOTS = Msg("rules.buildings.no_lots", "{node} has no building lots")
ALL_BUILT = Msg("rules.buildings.all_built", "every lot at {node} is already built")
LATER_ZONE = Msg("rules.buildings.later_zone",
                 "the free lot at {node} is in zone {zones}: zone {zones} lots open only when "
                 "every zone-{zone} lot is built")
TYPE_LIMIT = Msg("rules.buildings.type_limit",
                 "all {limit} {buildings} are built (the limit of one type)")
NO_LOT_FREE = Msg("rules.buildings.no_lot_free", "no lot is free")
EVERY_TYPE_AT_LIMIT = Msg("rules.buildings.every_type_at_limit",
                          "every building type has reached its limit")

_BUILD: dict[tuple[str, str], PlaceBuilding] = {
    (k, n): PlaceBuilding(k, n) for k in BUILDING_TYPES for n in BOARD.labels
}
#: every building type at each crossing, in the order of ``BUILDING_TYPES``
_ANY_AT: dict[str, tuple[PlaceBuilding, ...]] = {
    n: tuple(_BUILD[(k, n)] for k in BUILDING_TYPES) for n in BOARD.labels
}
#: each zone with what picks its lots' buildings out of ``GameState.lots``
_ZONE_PICK = {z: itemgetter(*lots) for z, lots in BOARD.lots_in_zone.items()}
#: the moves with every type allowed, listed once for each zone and which of its lots are free
#: (shared by every game: a listing is never changed, ``Game`` hands out copies); at most
#: ``_MOST_LISTED`` kept
_LISTED: dict[tuple[str | bool, ...], list[Move]] = {}
_MOST_LISTED = 4096
#: each zone's lots as (lot index, crossing)
_ZONE_LOTS: dict[str, tuple[tuple[int, str], ...]] = {
    z: tuple((i, BOARD.lots[i].node) for i in lots) for z, lots in BOARD.lots_in_zone.items()
}


class Buildings(Granted):
    kind = DecisionKind.BUILDINGS
    rule = "R10"
    asks = ASKS
    takes = (PlaceBuilding,)
    unit = BUILDINGS
    gets = GETS

    def zone(self, st: GameState) -> str | None:
        """The zone whose lots may be built now."""
        return st.open_zone()

    def free_nodes(self, st: GameState) -> list[str]:
        """The crossings with a free lot in the zone open now."""
        zone = self.zone(st)
        if zone is None:
            return []
        lots = st.lots
        return list(dict.fromkeys([n for i, n in _ZONE_LOTS[zone] if lots[i] is None]))

    def moves(self, st: GameState, p: PlayerState) -> list[Move]:
        kinds = allowed_types(st)
        if kinds is not BUILDING_TYPES:
            return [_BUILD[(k, n)] for n in self.free_nodes(st) for k in kinds]
        zone = self.zone(st)
        if zone is None:
            return []
        key: tuple[str | bool, ...] = (zone, *map(not_, _ZONE_PICK[zone](st.lots)))
        found = _LISTED.get(key)
        if found is None:  # the key says which of the zone's lots are free
            if len(_LISTED) >= _MOST_LISTED:
                _LISTED.clear()
            found = _LISTED[key] = [m for n in self.free_nodes(st) for m in _ANY_AT[n]]
        return found

    def describe(self, st: GameState, p: PlayerState, count: int) -> Text:
        return PLACE(n=count, zone=str(self.zone(st)))

    def apply(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, PlaceBuilding) and st.task is not None
        check_label(move.node, self.rule)
        zone = self.zone(st)
        here = BOARD.lots_at[move.node]
        free = [i for i in here if st.lots[i] is None]
        if not here:
            raise IllegalMove(NO_LOTS(node=move.node), rule=self.rule,
                              alternatives=self.free_nodes(st))
        if not free:
            raise IllegalMove(ALL_BUILT(node=move.node), rule=self.rule,
                              alternatives=self.free_nodes(st))
        in_zone = [i for i in free if BOARD.lots[i].zone == zone]
        if not in_zone:
            zones = "/".join(sorted({BOARD.lots[i].zone for i in free}))
            raise IllegalMove(self.why_zone(move.node, zones, zone),
                              rule=self.rule, alternatives=self.free_nodes(st))
        if move.kind not in allowed_types(st):
            limit = st.options.building_type_limit
            raise IllegalMove(TYPE_LIMIT(limit=limit, buildings=BUILDING_NAMES[move.kind]()),
                              rule="R10")
        return self.do(st, p, move)

    def do(self, st: GameState, p: PlayerState, move: Move) -> list[Event]:
        assert isinstance(move, PlaceBuilding) and st.task is not None
        zone = self.zone(st)
        lots = st.lots
        for i in BOARD.lots_at[move.node]:
            if lots[i] is None and BOARD.lots[i].zone == zone:
                lots[i] = move.kind
                break
        st.task.remaining -= 1
        return []

    def why_zone(self, node: str, zones: str, zone: str | None) -> Text:
        """The refusal of a building at ``node``, whose free lots are in ``zones`` (``"B"``,
        ``"B/C"``), when the zone open now is ``zone``."""
        return LATER_ZONE(node=node, zones=zones, zone=str(zone))

    def why_forfeit(self, st: GameState, p: PlayerState) -> Text:
        return NO_LOT_FREE() if st.open_zone() is None else EVERY_TYPE_AT_LIMIT()


def allowed_types(st: GameState) -> tuple[str, ...]:
    """The building types still below the game's type limit (R10)."""
    limit = st.options.building_type_limit
    lots = st.lots
    if not limit or len(lots) - lots.count(None) < limit:  # too few built to reach it
        return BUILDING_TYPES
    return tuple(k for k in BUILDING_TYPES if st.type_count(k) < limit)
