"""Helpers that build positions through the engine's public API, the way players would."""

from __future__ import annotations

from engine import Game, Options


def script(game: Game, text: str) -> None:
    """Play every 'Name: move' line of ``text`` (blank lines and # comments skipped)."""
    for line in text.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, move = line.partition(":")
        game.play(name.strip(), move.strip())


def new_game(players: int = 3, edition: str = "capstone", **options: object) -> Game:
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]
    opts = Options.for_edition(edition, players)
    for key, value in options.items():
        opts.set(key, str(value))
    return Game(names, edition, opts)


def setup(game: Game, buildings: list[str], first: list[str], second: list[str]) -> None:
    """Play the whole setup: two building moves per seat, first streets, second streets.

    ``buildings`` holds two 'Place X at Y' texts per seat in seat order; ``first`` one street
    'A B' per seat in seat order; ``second`` one 'FROM TO' per seat in reverse seat order.
    """
    names = game.players
    for i, text in enumerate(buildings):
        game.play(names[i // 2], text)
    for name, street in zip(names, first, strict=True):
        game.play(name, f"start line {street}")
    for name, street in zip(reversed(names), second, strict=True):
        game.play(name, f"extend {street}")


def choose_round(game: Game, picks: dict[str, list[str]]) -> list[str]:
    """Run a choosing phase: each player places their listed actions in turn, then passes.

    Returns the texts of the events that followed (the automatic steps of resolution).
    """
    queues = {name: list(actions) for name, actions in picks.items()}
    events: list[str] = []
    start_round = game.state.round
    while game.state.phase == "choosing" and game.state.round == start_round:
        decision = game.to_act()
        assert decision is not None
        todo = queues.get(decision.player, [])
        text = f"choose {todo.pop(0)}" if todo else "pass"
        events.extend(e.text for e in game.play(decision.player, text))
    leftover = {k: v for k, v in queues.items() if v}
    assert not leftover, f"actions not placed: {leftover}"
    return events


BASIC_BUILDINGS = [
    "Place House at C1", "Place Office at C1",
    "Place Pub at C2", "Place Office at C2",
    "Place House at C3", "Place Pub at C3",
]
