"""What one member can make the bot store in a day (issue 21): per command kind, the bytes one
command (or pair) adds to the database, and the worst a member can add in a day at the documented
rates and budgets (``engine/limits.py``). Goal: below 5 MB per member per day in all.

Run: ``.venv/bin/python benchmarks/bench_bounds.py`` (about a minute; ``--units 50`` for a
quicker look).

Every command goes through the real ``GameService`` as on Discord: snowflake ids for users,
places and messages, the outbox kept (``announce=True``), each reply stored in ``handled``.
Bytes are the whole file's growth after ``VACUUM`` (``dbstat`` pages), divided by the units
played. A day's worst is the most a fresh bucket allows in the first 24 hours (its burst plus a
day's refill), limited by the Discord command rate (10 at once, then one every 3 s). The budgets
are shared (every record of a member counts against the same daily records budget), so the
total is an overestimate: each kind is counted as if it alone had the whole budget.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.api import Actor, Attachment
from bot.service import GameService
from engine import random_game
from engine.limits import (
    COMMANDS_PER_USER,
    DAY,
    GAMES_PER_MEMBER,
    IMPORTS_PER_MEMBER,
    MAX_RECORDS,
    RECORDS_PER_MEMBER,
    Rate,
)

GOAL_BYTES = 5_000_000


def per_day(rate: Rate) -> float:
    """The most a fresh bucket lets through in the first 24 hours."""
    return rate.burst + DAY / rate.per


@dataclass
class Session:
    """One database, one member (the hostile one) and a few others, all with Discord ids."""

    service: GameService
    ids: Iterator[int]
    member: Actor
    place: str

    def say(self, who: Actor, text: str, files: list[Attachment] | None = None) -> bool:
        reply = self.service.handle(self.place, who, text, message_id=str(next(self.ids)),
                                    attachments=files or [])
        return reply.ok

    def other(self, name: str) -> Actor:
        return Actor(str(next(self.ids)), name, server="1100000000000000001")


@dataclass(frozen=True)
class Kind:
    """A command kind: what one unit is, how to set up for it, and what it costs the budgets.
    ``tokens``: records-budget tokens a unit takes; ``limit``: another per-day cap on units
    (games, imports) or None."""

    name: str
    commands: int
    tokens: float
    setup: Callable[[Session], object]
    unit: Callable[[Session, object, int], None]
    limit: float | None = None


def _lobby(s: Session) -> object:
    host = s.other("Host")
    assert s.say(host, "new game")
    return host


def _game(s: Session) -> dict[str, Actor]:
    """A started 3-player game where the member sits first and moderates."""
    others = [s.other("Daemonis"), s.other("Hedgethorn")]
    assert s.say(s.member, "new game")
    for who in (s.member, *others):
        assert s.say(who, "join")
    assert s.say(s.member, f"start order: {s.member.name}, Daemonis, Hedgethorn")
    return {s.member.name: s.member, "Daemonis": others[0], "Hedgethorn": others[1]}


def _new_and_abandon(s: Session, _: object, i: int) -> None:
    s.place = str(next(s.ids))
    assert s.say(s.member, "new game") and s.say(s.member, "abandon")


def _join_leave(s: Session, _: object, i: int) -> None:
    assert s.say(s.member, "join") and s.say(s.member, "leave")


def _colour(s: Session, _: object, i: int) -> None:
    if i == 0:
        assert s.say(s.member, "join")
    assert s.say(s.member, f"colour {('red', 'blue')[i % 2]}")


def _move(s: Session, seats: object, i: int) -> None:
    """One move of a random game by whoever is to act (a new game when one ends)."""
    assert isinstance(seats, dict)
    summary = s.service.store.latest_game(s.place)
    if summary is None or summary.waiting_seat is None:
        s.place = str(next(s.ids))
        seats.clear()
        seats.update(_game(s))
        summary = s.service.store.latest_game(s.place)
    assert summary is not None and summary.waiting_seat is not None
    who = seats[summary.waiting_seat]
    choices = s.service.choices(s.place, who)
    assert s.say(who, choices[(i * 7919) % len(choices)])


def _undo_redo(s: Session, seats: object, i: int) -> None:
    if i == 0:
        assert s.say(s.member, "Place Office at C1")
    assert s.say(s.member, "undo") and s.say(s.member, "redo")


def _pause_resume(s: Session, _: object, i: int) -> None:
    assert s.say(s.member, "pause") and s.say(s.member, "resume")


def _export(records: int | None) -> bytes:
    """A finished 5-player game's JSON export, or (``records``) a crafted lobby of that many
    records (join and leave in turn, longest names), as a member would upload them."""
    folder = tempfile.mkdtemp()
    service = GameService(os.path.join(folder, "src.db"), renderer=None, rate_limits=False,
                          bind_imported_names=True)
    if records is None:
        assert service.import_text("src", Actor("a", "a"), random_game(5, seed=3).log().format()).ok
    else:
        host = Actor("1" * 19, "H" * 32)
        assert service.handle("src", host, "new game").ok
        churner = Actor("2" * 19, "Z" * 32)
        for n in range(records - 1):
            assert service.handle("src", churner, "leave" if n % 2 else "join as " + "Z" * 32).ok
    text = service.export("src", "json")
    service.close()
    if records is None:
        return text.encode()
    doc = json.loads(text)  # as small as the reader takes, to fit the most under the file limit
    rows = [{k: v for k, v in r.items() if v not in (None, {}, False)} for r in doc["records"]]
    return json.dumps({"format": doc["format"], "version": doc["version"], "records": rows},
                      separators=(",", ":")).encode()


def _importer(data: bytes) -> Callable[[Session, object, int], None]:
    def unit(s: Session, _: object, i: int) -> None:
        s.place = str(next(s.ids))
        assert s.say(s.member, "import", [Attachment("game.json", data)])
    return unit


def kinds() -> list[Kind]:
    finished, crafted = _export(None), _export(MAX_RECORDS - 1)  # and the import record
    records = {name: len(json.loads(d)["records"]) for name, d in
               (("finished", finished), ("crafted", crafted))}
    imports = min(per_day(IMPORTS_PER_MEMBER), per_day(GAMES_PER_MEMBER))
    return [
        Kind("new game + abandon", 2, 1, lambda s: None, _new_and_abandon,
             limit=per_day(GAMES_PER_MEMBER)),
        Kind("join + leave (lobby churn)", 2, 2, _lobby, _join_leave),
        Kind("colour (lobby churn)", 1, 1, _lobby, _colour),
        Kind("a move (reply and post kept)", 1, 1, _game, _move),
        Kind("undo + redo (by a moderator)", 2, 2, _game, _undo_redo),
        Kind("pause + resume (pause is free)", 2, 1, _game, _pause_resume),
        Kind(f"import a finished game ({records['finished']} records)", 1,
             min(records["finished"], RECORDS_PER_MEMBER.burst), lambda s: None,
             _importer(finished), limit=imports),
        Kind(f"import a crafted lobby ({records['crafted']} records)", 1,
             min(records["crafted"], RECORDS_PER_MEMBER.burst), lambda s: None,
             _importer(crafted), limit=imports),
    ]


def _bytes(path: str) -> int:
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return int(conn.execute("SELECT SUM(pgsize - unused) FROM dbstat").fetchone()[0])


def measure(kind: Kind, units: int, folder: str) -> tuple[float, float]:
    """(bytes a unit stores, the most units a member makes in a day)."""
    path = os.path.join(folder, kind.name.split()[0] + f"-{abs(hash(kind.name))}.db")
    service = GameService(path, renderer=None, rate_limits=False, announce=True)
    ids = iter(range(1_190_000_000_000_000_000, 1_300_000_000_000_000_000, 7919 << 22))
    member = Actor(str(next(ids)), "M" * 32, server="1100000000000000001")
    session = Session(service, ids, member, str(next(ids)))
    state = kind.setup(session)
    before = _bytes(path)
    count = units if kind.limit is None else min(units, 20 if kind.tokens < 10 else 3)
    for i in range(count):
        kind.unit(session, state, i)
    service.close()
    grown = (_bytes(path) - before) / count
    by_rate = per_day(COMMANDS_PER_USER) / kind.commands
    by_budget = per_day(RECORDS_PER_MEMBER) / kind.tokens
    return grown, min(by_rate, by_budget, kind.limit or by_rate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--units", type=int, default=200, help="units measured per kind")
    args = parser.parse_args()
    print(f"{'command kind':44} {'bytes a unit':>12} {'units a day':>11} {'worst a day':>12}")
    total = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds():
            grown, units = measure(kind, args.units, folder)
            worst = grown * units
            total += worst
            print(f"{kind.name:44} {grown:12,.0f} {units:11,.0f} {worst / 1e6:9.2f} MB")
            sys.stdout.flush()
    verdict = "within" if total < GOAL_BYTES else "OVER"
    print(f"{'all kinds, each with the whole budget':44} {'':12} {'':11} {total / 1e6:9.2f} MB "
          f"({verdict} the goal of {GOAL_BYTES / 1e6:.0f} MB per member per day)")


if __name__ == "__main__":
    main()
