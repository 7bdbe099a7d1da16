"""The ratings of stored games: a game's facts read from the database, a rebuild of every
derived row from the games themselves (``busbot ratings rebuild``), and the export of a
server's tables (``busbot ratings export``).

A rebuild reads each finished game's records and final position outside any transaction (the
slow part), then, in one transaction, reads again every game that changed meanwhile, writes
all the derived rows anew and says whether they came out exactly as they were stored.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.service.game.live_game import LiveGame, build_game
from bot.service.game.records import GameRecord, GameStatus
from bot.service.ratings import counting, tables
from bot.service.ratings.counting import GameFacts, Status
from bot.service.ratings.facts import game_facts
from bot.service.store.store import Store

#: How the export names the all-time scope.
ALL_TIME_NAME = "all time"


def server_of(store: Store, game_id: int, place: str) -> str:
    """The server a game was played on; a place without one (the console) is its own."""
    with store.lock:
        row = store.db.execute("SELECT server FROM schedule WHERE game_id = ?",
                               [game_id]).fetchone()
    return str(row[0]) if row is not None and row[0] is not None else place


def facts_of(store: Store, game_id: int) -> tuple[GameFacts, float | None] | None:
    """A stored game's facts and the moment it was marked rated (None: no such game)."""
    summary = store.game(game_id)
    if summary is None:
        return None
    server = server_of(store, game_id, summary.place)
    if summary.status != GameStatus.OVER:
        status = Status.ABANDONED if summary.status == GameStatus.ABANDONED else Status.OPEN
        return GameFacts(game_id, server, status, 0.0, ()), None
    records = store.records(game_id)
    record = GameRecord.fold(game_id, summary.place, records)
    live = LiveGame(record, build_game(record, kept=store.positions(game_id,
                                                                     len(record.moves))))
    facts = game_facts(live, records, server=server,
                       practice=summary.place == counting.PRACTICE_PLACE)
    return facts, record.rated_at


@dataclass(slots=True)
class Rebuilt:
    """What a rebuild found: games read, games rated, and per derived table the rows that
    differed from what was stored (none: the stored numbers were reproduced exactly)."""

    games: int = 0
    rated: int = 0
    differing: dict[str, int] = field(default_factory=dict)

    @property
    def same(self) -> bool:
        return not any(self.differing.values())


def rebuild(store: Store, progress: Callable[[int, int], None] | None = None) -> Rebuilt:
    """Every derived row again from the stored games; see the module's docstring."""
    summaries = store.games()
    read: dict[int, tuple[int, tuple[GameFacts, float | None]]] = {}
    for i, summary in enumerate(summaries, start=1):
        found = facts_of(store, summary.id)
        if found is not None:
            read[summary.id] = (summary.last_seq, found)
        if progress is not None:
            progress(i, len(summaries))
    report = Rebuilt(games=len(read))
    with store.transaction() as db:
        for summary in store.games():  # a game changed since it was read is read again
            kept = read.get(summary.id)
            if kept is None or kept[0] != summary.last_seq:
                found = facts_of(store, summary.id)
                if found is not None:
                    read[summary.id] = (summary.last_seq, found)
        before = tables.snapshot(db)
        report.rated = tables.rebuild(db, (facts for _, facts in read.values()))
        after = tables.snapshot(db)
    for name, rows in after.items():
        old = before.get(name, [])
        report.differing[name] = (len(set(map(tuple, rows)) ^ set(map(tuple, old))))
    return report


# ---- export ------------------------------------------------------------------------------------


def _scopes(db: Any, server: str) -> list[tuple[int, str, float | None, float | None]]:
    return [(tables.ALL_TIME, ALL_TIME_NAME, None, None)] + [
        (s.id, s.name, s.started_at, s.ended_at) for s in tables.seasons(db, server)]


def servers(store: Store) -> list[str]:
    """The servers with a finished game in the ratings' tables."""
    with store.lock:
        return tables.servers(store.db)


def export_data(store: Store, server: str | None = None) -> dict[str, Any]:
    """The ratings of one server (every server with None) as plain data: per scope every
    member's line, and every rated game with its seats' changes (floats exact)."""
    with store.lock:
        db = store.db
        names = [server] if server is not None else tables.servers(db)
        out: list[dict[str, Any]] = []
        for name in names:
            scopes = []
            for scope, label, started, ended in _scopes(db, name):
                scopes.append({"scope": label, "started_at": started, "ended_at": ended,
                               "players": tables.members_lines(db, name, scope)})
            games = []
            for game_id, counted, reason, assisted, at, season in db.execute(
                    "SELECT game_id, counted, reason, assisted, counted_at, season FROM "
                    "rated_games WHERE server = ? ORDER BY counted_at, game_id",
                    [name]).fetchall():
                seats = [{"seat": r[0], "name": r[1], "member": r[2], "level": r[3],
                          "place": r[4], "score": r[5]} for r in db.execute(
                    "SELECT seat, name, member, level, place, score FROM rated_seats WHERE "
                    "game_id = ? ORDER BY seat", [game_id]).fetchall()]
                changes = {(r[0], r[1]): {"mu_before": r[2], "sigma_before": r[3], "mu": r[4],
                                          "sigma": r[5]} for r in db.execute(
                    "SELECT scope, member, mu_before, sigma_before, mu, sigma FROM "
                    "rating_changes WHERE server = ? AND game_id = ?", [name, game_id])}
                for seat in seats:
                    change = changes.get((tables.ALL_TIME, seat["member"]))
                    if change is not None:
                        seat["all_time"] = change
                    if season is not None and (c := changes.get((season, seat["member"]))):
                        seat["season"] = c
                games.append({"game": game_id, "counted": bool(counted), "reason": reason,
                              "assisted": bool(assisted), "counted_at": at, "season": season,
                              "seats": seats})
            out.append({"server": name,
                        "count_assisted": tables.count_assisted(db, name),
                        "scopes": scopes, "games": games})
    return {"servers": out}


def export_text(store: Store, fmt: str, server: str | None = None) -> str:
    """``json``: ``export_data`` as JSON; ``csv``: one row per member per scope."""
    data = export_data(store, server)
    if fmt == "json":
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["server", "scope", "place", "member", "name", "rating", "mu", "sigma",
                     "games", "wins", "provisional"])
    for entry in data["servers"]:
        for scope in entry["scopes"]:
            for place, line in enumerate(scope["players"], start=1):
                writer.writerow([entry["server"], scope["scope"], place, line["member"],
                                 line["name"], repr(line["rating"]), repr(line["mu"]),
                                 repr(line["sigma"]), line["games"], line["wins"],
                                 int(line["provisional"])])
    return buffer.getvalue()
