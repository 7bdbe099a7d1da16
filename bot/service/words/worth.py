"""What each space of the action board gives now, in words: ``moves`` lists it for every free
space a marker could go on, and the reply to a choice worth nothing says so ("Line expansion
space c gives 0 streets now (largest fleet 2)."), so nobody takes a space for nothing without
being told. The numbers are the engine's (``engine.worth.space_worth``, which the action board
of the picture draws too); only the words are made here.
"""

from __future__ import annotations

from engine import ChooseAction, Game, Move
from engine.decisions import DecisionKind
from engine.moves import ACTION_NAMES, SPACE_LETTERS, SPACES
from engine.state import GameState
from engine.text import Listing, Msg, Plural, Text
from engine.worth import SpaceWorth, space_worth

#: what a space gives, by the unit ``engine.worth.UNITS`` names
GIVES: dict[str, Plural] = {
    "street": Plural("worth.streets", "{n} street", "{n} streets"),
    "bus": Plural("worth.buses", "{n} bus", "{n} buses"),
    "passenger": Plural("worth.passengers", "{n} passenger", "{n} passengers"),
    "building": Plural("worth.buildings", "{n} building", "{n} buildings"),
}
#: a space of an action with several, and why it gives what it gives
SPACE = Msg("worth.space", "{action} space {space}")
LARGEST_FLEET = Msg("worth.why.largest_fleet", "largest fleet {fleet}")
OWN_FLEET = Msg("worth.why.own_fleet", "{name} has {fleet} of at most {limit}")
AT_BUS_LIMIT = Msg("worth.why.bus_limit", "{name} has {fleet}, the bus limit")
SUPPLY_SHORT = Msg("worth.why.supply", "largest fleet {fleet}, but the passenger supply runs out")
LOTS_SHORT = Msg("worth.why.lots", "largest fleet {fleet}, but the free lots run out")
TYPES_SHORT = Msg("worth.why.type_limit",
                  "largest fleet {fleet}, but the building type limits are reached")
BUSES = Plural("worth.fleet", "{n} bus", "{n} buses")
#: one space in ``moves``' list, and the list
SPACE_GIVES = Msg("worth.space_gives", "{space}: {what} ({why})")
FREE_SPACES_GIVE = Msg("moves.free_spaces_give", "What each free space gives now: {spaces}.")
#: the reply to a choice of a space that gives nothing
GIVES_NOTHING = Msg("worth.gives_nothing", "{space} gives {what} now ({why}).")


def _space(worth: SpaceWorth) -> Text:
    name = ACTION_NAMES[worth.action]()
    if SPACES[worth.action] == 1:
        return name
    return SPACE(action=name, space=SPACE_LETTERS[worth.space])


def _why(worth: SpaceWorth, state: GameState, chooser: int | None) -> Text:
    """Why the space gives what it gives: the fleet R5 counts from, and what cuts it short."""
    if worth.action == "buses":
        name = state.players[chooser].name if chooser is not None else ""
        fleet = BUSES(n=worth.fleet)
        if worth.short == "limit":
            return AT_BUS_LIMIT(name=name, fleet=fleet)
        return OWN_FLEET(name=name, fleet=fleet, limit=state.options.bus_limit)
    short = {"supply": SUPPLY_SHORT, "lots": LOTS_SHORT, "limit": TYPES_SHORT}.get(
        worth.short or "", LARGEST_FLEET)
    return short(fleet=worth.fleet)


def _free(game: Game) -> list[SpaceWorth]:
    """The space each action's next marker would take, with what it gives, while choosing."""
    state = game.state
    decision = game.to_act()
    if decision is None or decision.kind != DecisionKind.CHOOSE:
        return []
    worths = space_worth(state)
    out = []
    for action, taken in state.spaces.items():
        worth = worths.get((action, len(taken)))
        if worth is not None and worth.seat is None:
            out.append(worth)
    return out


def free_spaces(game: Game) -> Text | None:
    """``moves``' line: what the space each action's next marker takes gives now (None when
    the decision is not a choice of action)."""
    free = _free(game)
    if not free:
        return None
    chooser = game.state.current
    listed = tuple(SPACE_GIVES(space=_space(w), what=GIVES[w.unit](n=w.count),
                               why=_why(w, game.state, chooser)) for w in free)
    return FREE_SPACES_GIVE(spaces=Listing(listed, ", "))


def worth_nothing(game: Game, move: Move) -> Text | None:
    """The sentence for a choice of a space that gives nothing now, said before it is played
    (``game`` as it stands); None for any other move."""
    if not isinstance(move, ChooseAction):
        return None
    worth = next((w for w in _free(game) if w.action == move.action), None)
    if worth is None or worth.count > 0:
        return None
    return GIVES_NOTHING(space=_space(worth), what=GIVES[worth.unit](n=0),
                         why=_why(worth, game.state, game.state.current))
