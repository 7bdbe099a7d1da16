"""A table for service tests: users who type commands, and ways to look at what was stored.

Pictures come from a stand-in renderer (a PNG signature and a digest of the position) so that
hundreds of moves stay fast; the real drawing is exercised by the console tests.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.api import Actor, Attachment, Reply
from bot.service import GameService
from engine import Game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Arcsyn", "Daemonis", "Hedgethorn", "discrider", "Esme")


def fake_png(game: Game, *, previous: Game | None = None, note: str = "",
             layout: str | None = None, seat_notes: Mapping[str, str] | None = None,
             words: object = None) -> bytes:
    """Stands in for the renderer: different positions give different bytes (and a note, a
    layout asked for and seat notes are written after them, as the real picture shows them)."""
    digest = hashlib.sha256(json.dumps(game.to_json(), sort_keys=True).encode()).hexdigest()
    extra = f"|layout={layout}" if layout else ""
    extra += "".join(f"|{name}={words}" for name, words in (seat_notes or {}).items())
    return PNG_SIGNATURE + digest.encode() + note.encode() + extra.encode()


def actor(name: str, *, manager: bool = False, roles: Sequence[str] = ()) -> Actor:
    return Actor(user_id=f"id-{name}", name=name, is_manager=manager, roles=tuple(roles))


@dataclass
class Table:
    """One place with a service; ``say`` is a user writing in the channel."""

    service: GameService
    place: str = "channel-1"
    replies: list[Reply] = field(default_factory=list)

    def say(self, name: str, text: str, *, message_id: str | None = None,
            attachments: Sequence[Attachment] = (), manager: bool = False,
            roles: Sequence[str] = ()) -> Reply:
        reply = self.service.handle(self.place, actor(name, manager=manager, roles=roles), text,
                                    message_id=message_id, attachments=list(attachments))
        self.replies.append(reply)
        return reply

    def ok(self, name: str, text: str, **kw: object) -> Reply:
        reply = self.say(name, text, **kw)  # type: ignore[arg-type]
        assert reply.ok, f"{name}: {text} -> {reply.text}"
        return reply

    def to_act(self) -> str | None:
        """The seat the game waits for, as the service tells the adapters."""
        summary = self.service.store.latest_game(self.place)
        return summary.waiting_seat if summary is not None else None

    def game_id(self) -> int:
        summary = self.service.store.latest_game(self.place)
        assert summary is not None
        return summary.id

    def snapshot(self) -> tuple[object, ...]:
        """Everything stored about the place's game: its summary row and every record."""
        summary = self.service.store.latest_game(self.place)
        if summary is None:
            return (None,)
        return (summary, tuple(self.service.store.records(summary.id)))

    def export(self, fmt: str = "txt") -> str:
        return self.service.export(self.place, fmt)

    def play_random(self, moves: int, seed: int = 0) -> int:
        """Have whoever must decide play a random legal move, ``moves`` times (or to the end)."""
        rng = random.Random(seed)
        played = 0
        for _ in range(moves):
            seat = self.to_act()
            if seat is None:
                break
            options = self.service.choices(self.place, actor(seat))
            assert options, f"no choices for {seat}"
            self.ok(seat, rng.choice(options))
            played += 1
        return played


def open_table(path: str, *, place: str = "channel-1", role: str | None = None,
               **kw: object) -> Table:
    # Tests play hundreds of moves a second; the picture rate limits have tests of their own.
    kw.setdefault("rate_limits", False)
    kw.setdefault("renderer", fake_png)
    service = GameService(path, moderator_role=role, **kw)  # type: ignore[arg-type]
    return Table(service, place)


def started(table: Table, players: int = 3, *, options: str = "", creator: str = "Arcsyn",
            names: Sequence[str] = NAMES) -> list[str]:
    """A started game with the seats in the given order (the creator moderates). Single
    choices wait for their player, as in the scripted logs the tests replay, unless
    ``options`` says ``auto_single`` (new games play them by themselves)."""
    seated = list(names[:players])
    if "auto_single" not in options:
        options = f"{options} auto_single=false".strip()
    table.ok(creator, f"new game {options}".strip())
    for name in seated:
        table.ok(name, "join")
    table.ok(creator, f"start order: {', '.join(seated)}")
    return seated


#: the setup of a 3-player game seated as ``started`` seats it: two buildings each
SETUP = [
    ("Arcsyn", "Place Office at C1"), ("Arcsyn", "Place Pub at C2"),
    ("Daemonis", "Place House at C3"), ("Daemonis", "Place Office at C4"),
    ("Hedgethorn", "Place Pub at E3"), ("Hedgethorn", "Place House at W3"),
]


def play(table: Table, moves: list[tuple[str, str]]) -> None:
    """Each (name, move) written by that player, and accepted."""
    for name, text in moves:
        table.ok(name, text)


def records_count(path: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM records").fetchone()[0])
