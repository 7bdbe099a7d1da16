"""A seeded fault-injection soak: several games in several places, players posting moves and chat
throughout, while the loopback Discord and the process misbehave at random.

busbot runs as a real process (``busbot run``) against ``tests.wire_server``. Players keep
posting, some moves as ``/bus move``; meanwhile the gateway drops the connection (with and
without resume), sends frames that are no gateway message (each of ``BAD_FRAMES``), refuses
the reconnection or accepts it and closes it before HELLO or right after the session began,
posts are refused (403, 503) or rate-limited (429) or made with their answer lost, history
pages are answered in either order, the interaction endpoint answers with an empty 204 or 404
and forgets follow-ups, and the process is killed with SIGKILL or stopped with SIGTERM and
started again. Each place has a model game (the service on its own, in memory) that the players
consult to post only legal moves, in the order they post them.

At the end the bot is allowed to finish (one clean restart empties what it still owes) and the
invariants are checked against what the players themselves can see: every legal move posted is
applied exactly once, in the order posted, per place; every change is announced exactly once
(coalesced where owed); every refusal posted while the bot could hear it is answered; nobody was
pinged for a decision that was not theirs when the post was made; every SIGTERM ended the
process within a few seconds; the process never ended by itself; no process connected to the
gateway more often than ``gateway.PER_MINUTE`` times in any minute.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import re
import signal
import sqlite3
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.api import Actor
from bot.discord_app.gateway import PER_MINUTE, STEADY
from bot.service import GameService
from tests.wire_server import BAD_FRAMES, Channel, User, WireServer

ROOT = Path(__file__).resolve().parent.parent
#: A SIGTERM must end the process within this many seconds.
STOP_WITHIN = 5.0
CHAT = ["nice one", "hm, what now?", "brb coffee", "good luck all", "that hurts",
        "who is next?", "I see what you did there", "ok ok"]
#: What players keep within: commands per member per place, and the seconds that counts over
#: (the bot allows 10 in 30 s; a killed bot's catch-up judges by posting time, as live).
PACE = (7, 30.0)
FAULTS = ["resume", "no resume", "403", "503", "429", "lost answer", "history order",
          "kill -9", "SIGTERM", "bad frame", "refused reconnect", "closed before hello",
          "closed after ready", "interactions 204", "interactions 404"]
#: The faults that end the gateway connection: injected only into one that has worked for
#: ``GATEWAY_AFTER`` seconds, long enough for the shard's pace to have forgotten the last
#: failures (``gateway.STEADY``): else every loss counts as a failure in a row with the last,
#: and the backoff, rightly, soon grows to a minute.
GATEWAY = {"resume", "no resume", "bad frame", "refused reconnect", "closed before hello",
           "closed after ready"}
#: The share of moves players make with ``/bus move`` rather than by message.
SLASH_MOVES = 0.3
GATEWAY_AFTER = STEADY + 1.0
#: Slash moves answered by an interaction endpoint in trouble, after an "interactions" fault.
TROUBLED = 3


@dataclass
class Table:
    """One place: its channel, its players and the model game they consult."""

    channel: Channel
    players: list[User]
    model: GameService
    place: str
    #: (name, move) of every legal move posted, in the order posted
    moves: list[tuple[str, str]] = field(default_factory=list)
    #: the first line each move's announcement has, in order
    lines: list[str] = field(default_factory=list)
    #: message ids of commands that must be refused, with whether the bot was up to hear them
    refusals: list[tuple[str, str]] = field(default_factory=list)
    #: when each player last posted commands here (to keep within the per-member limit)
    posted: dict[int, list[float]] = field(default_factory=dict)

    def actor(self, user_id: str) -> Actor:
        user = next(p for p in self.players if str(p.id) == user_id)
        return Actor(str(user.id), user.name)


@dataclass
class Figures:
    messages: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    moves_applied: int = 0
    announcements: int = 0
    duplicates: int = 0
    losses: int = 0
    out_of_order: int = 0
    refusals: int = 0
    refusals_unanswered: int = 0
    wrong_pings: list[str] = field(default_factory=list)
    slowest_stop: float = 0.0
    tracebacks: int = 0
    crashes: int = 0  # the process ended without being asked to
    #: gateway connections begun after each process's first (reconnects), and the most that
    #: one process began in any minute
    reconnects: int = 0
    reconnects_per_minute: int = 0
    slash_moves: int = 0
    seconds: float = 0.0
    #: what went wrong, one line each (for a failing run's report)
    details: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"messages posted by players:  {self.messages}",
            f"faults injected:             {sum(self.faults.values())} "
            f"({', '.join(f'{k} {v}' for k, v in sorted(self.faults.items()))})",
            f"restarts survived:           {self.restarts}",
            f"gateway reconnects survived: {self.reconnects}",
            f"reconnects per minute:       {self.reconnects_per_minute} at most (the bound: "
            f"{PER_MINUTE})",
            f"moves by /bus move:          {self.slash_moves}",
            f"moves applied:               {self.moves_applied}",
            f"announcements:               {self.announcements}",
            f"duplicates:                  {self.duplicates}",
            f"losses:                      {self.losses}",
            f"out of order:                {self.out_of_order}",
            f"refusals answered:           {self.refusals - self.refusals_unanswered} of "
            f"{self.refusals}",
            f"wrong pings:                 {len(self.wrong_pings)}",
            f"slowest stop after SIGTERM:  {self.slowest_stop:.1f} s",
            f"tracebacks in the log:       {self.tracebacks}",
            f"crashes:                     {self.crashes}",
            f"seconds:                     {self.seconds:.0f}",
        ]


class Soak:
    def __init__(self, server: WireServer, workdir: Path, *, seed: int, places: int) -> None:
        self.server = server
        self.workdir = workdir
        self.random = random.Random(seed)
        self.db = workdir / "busbot.db"
        self.figures = Figures()
        self.tables = [self._table(n) for n in range(places)]
        self.process: asyncio.subprocess.Process | None = None
        self.started_at = 0.0
        self.deck: list[str] = []  # the faults still to inject, last first
        self.began = time.monotonic()
        self.server.on_post = self._check_pings
        self.runs: list[tuple[float, float]] = []  # when each process began and ended
        self.bad_frames = list(BAD_FRAMES)  # the kinds still to send, in turn
        self.troubled = 0  # slash moves still to meet an interaction endpoint in trouble

    # ---- setting up ------------------------------------------------------------------------

    def _table(self, n: int) -> Table:
        channel = self.server.add_channel(f"table-{n}")
        players = [self.server.add_member(f"{name}{n}") for name in ("Ada", "Bob", "Cy")]
        model = GameService(":memory:", renderer=None)
        table = Table(channel, players, model, str(channel.id))
        real = GameService(str(self.db), renderer=None)
        try:
            order = ", ".join(p.name for p in players)
            setup = [(players[0], "new game")] + [(p, "join") for p in players] + [
                (players[0], f"start order: {order}")]
            for who, text in setup:
                actor = Actor(str(who.id), who.name)
                assert model.handle(table.place, actor, text).ok, text
                assert real.handle(table.place, actor, text).ok, text
            real.mark_sent([a.id for a in real.unsent()])  # the lobby was announced
        finally:
            real.close()
        return table

    async def start(self) -> None:
        config = self.workdir / "config.toml"
        config.write_text(
            f'db_path = "{self.db}"\napi_base = "{self.server.api_base}"\n'
            f'gateway_url = "{self.server.gateway_url}"\nlog_file = "{self.workdir / "log"}"\n'
            f'render_workers = 1\nreminder_hours = 0\n')
        env = dict(os.environ, DISCORD_TOKEN=self.server.token)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(config), cwd=ROOT, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        self.started_at = time.monotonic()
        self.runs.append((self.started_at, math.inf))

    async def stop(self, how: signal.Signals) -> None:
        """SIGKILL or SIGTERM the process and wait for it to end (a SIGTERM is timed)."""
        process = self.process
        assert process is not None
        if process.returncode is not None:  # it ended by itself: that is a failure
            self.figures.crashes += 1
            self.process = None
            self.runs[-1] = (self.runs[-1][0], time.monotonic())
            return
        asked = time.monotonic()
        process.send_signal(how)
        try:
            await asyncio.wait_for(process.wait(), STOP_WITHIN * 4)
        except TimeoutError:
            process.kill()
            await process.wait()
        if how == signal.SIGTERM:
            self.figures.slowest_stop = max(self.figures.slowest_stop, time.monotonic() - asked)
        self.process = None
        self.runs[-1] = (self.runs[-1][0], time.monotonic())

    @property
    def connected(self) -> bool:
        ws = self.server._ws
        return self.process is not None and ws is not None and not ws.closed

    # ---- playing -------------------------------------------------------------------------------

    async def play(self, seconds: float) -> None:
        """Post and inject faults at random for ``seconds`` (and kill the process once at the
        end if no restart came meanwhile, as on a slow machine)."""
        await self.start()
        end = time.monotonic() + seconds
        last_restart = time.monotonic()
        while time.monotonic() < end:
            await asyncio.sleep(self.random.uniform(0.12, 0.4))
            roll = self.random.random()
            table = self.random.choice(self.tables)
            if roll < 0.55:
                await self._move(table)
            elif roll < 0.70:
                await self._say(table, self.random.choice(table.players),
                                self.random.choice(CHAT))
            elif roll < 0.77:
                await self._refusal(table)
            else:
                restart_ok = time.monotonic() - last_restart > 6.0
                if await self._fault(restart_ok):
                    last_restart = time.monotonic()
        if not self.figures.restarts:  # a slow machine: the process is killed once all the same
            await self.server.wait_for(lambda: self.connected, timeout=60)
            await self.stop(signal.SIGKILL)
            await self.start()
            self.figures.restarts += 1
            self.figures.faults["kill -9"] += 1

    def _may_inject(self, kind: str, restart_ok: bool) -> bool:
        """Whether ``kind`` can be injected now: a restart needs a running bot, now and then,
        and like a fault of the gateway a session that has worked for ``GATEWAY_AFTER``
        seconds (on a busy machine a restart was otherwise due as soon as the last one had
        connected, and the bot was never connected long enough for a fault of the gateway)."""
        if kind in ("kill -9", "SIGTERM", *GATEWAY) and not self.connected:
            return False
        if time.monotonic() - self.server.connected_at < GATEWAY_AFTER and \
                kind in ("kill -9", "SIGTERM", *GATEWAY):
            return False
        if kind in ("kill -9", "SIGTERM"):
            return restart_ok and self.process is not None
        return True

    def _may_post(self, table: Table, who: User) -> bool:
        """Players keep within the per-member command limit (10 per 30 s in a place): a
        message over it is refused by design, which is not what this soak is about."""
        recent = [t for t in table.posted.get(who.id, []) if t > time.monotonic() - PACE[1]]
        table.posted[who.id] = recent
        return len(recent) < PACE[0]

    async def _say(self, table: Table, who: User, text: str) -> dict[str, Any]:
        self.figures.messages += 1
        table.posted.setdefault(who.id, []).append(time.monotonic())
        return await self.server.say(who, text, channel=table.channel.name)

    async def _move(self, table: Table) -> None:
        waiting = table.model.waiting_user(table.place)
        if waiting is None:
            return
        actor = table.actor(waiting)
        player = next(p for p in table.players if p.name == actor.name)
        choices = table.model.choices(table.place, actor)
        if not choices or not self._may_post(table, player):
            return
        move = self.random.choice(choices)
        # Discord hands an interaction to the bot's session once: a member can only use the
        # bot's commands while it is connected (else Discord tells them it failed).
        slash = self.connected and self.server.in_session and self.random.random() < SLASH_MOVES
        reply = table.model.handle(table.place, actor, move)
        assert reply.ok, reply.text
        table.moves.append((actor.name, move))
        table.lines.append(reply.text.strip().split("\n", 1)[0])
        if slash:
            await self._slash_move(table, player, move)
        else:
            await self._say(table, player, move)

    async def _slash_move(self, table: Table, player: User, move: str) -> None:
        """``/bus move``, as a member does it: Discord hands the interaction to the bot once
        (there is no history to read it from later), so the member waits for the move to be
        taken before doing anything else, as the soak does before its next fault."""
        self.figures.messages += 1
        self.figures.slash_moves += 1
        table.posted.setdefault(player.id, []).append(time.monotonic())
        await self.server.slash(player, "move", channel=table.channel.name, move=move)
        deadline = time.monotonic() + 60
        while _applied(self.db, table.place) < len(table.moves):
            assert time.monotonic() < deadline, f"/bus move {move!r} was not taken"
            await asyncio.sleep(0.05)
        if self.troubled:
            self.troubled -= 1
            if not self.troubled:  # the endpoint recovers
                self.server.interaction_callbacks = "json"
                self.server.unknown_webhooks = False

    async def _refusal(self, table: Table) -> None:
        who = self.random.choice(table.players)
        if not self._may_post(table, who):
            return
        said = await self._say(table, who, f"!bus Place House at Q{self.figures.messages}")
        table.refusals.append((said["id"], f"Place House at Q{self.figures.messages - 1}"))

    async def _fault(self, restart_ok: bool) -> bool:
        """Inject the next fault of a shuffled deck (so a short run still sees most kinds) that
        can be injected now: a restart needs a running bot, a fault of the gateway a connection
        that has worked for a while (and then comes first); the others wait their turn. True
        when the process was restarted."""
        if not self.deck:
            self.deck = self.random.sample(FAULTS, len(FAULTS))
        server = self.server
        ready = [kind for kind in reversed(self.deck) if self._may_inject(kind, restart_ok)]
        if not ready:
            return False
        # A fault of the gateway can be injected only once a connection has worked a while:
        # when it can, it goes first (else restarts and the rest take every such moment).
        kind = next((kind for kind in ready if kind in GATEWAY), ready[0])
        self.deck.remove(kind)
        if kind in ("kill -9", "SIGTERM"):
            await self.stop(signal.SIGKILL if kind == "kill -9" else signal.SIGTERM)
            await self.start()
            self.figures.restarts += 1
        elif kind in ("resume", "no resume"):
            if kind == "no resume":
                server.expire_session()
            await server.drop_connection(4000)
        elif kind == "bad frame":
            self.bad_frames = self.bad_frames or list(BAD_FRAMES)
            await server.send_text(BAD_FRAMES[self.bad_frames.pop(0)])
        elif kind in ("refused reconnect", "closed before hello", "closed after ready"):
            server.gateway_faults += [{"refused reconnect": "refuse",
                                       "closed before hello": "close before hello",
                                       "closed after ready": "close after ready"}[kind]] * 2
            await server.drop_connection(4000)
        elif kind.startswith("interactions"):
            server.interaction_callbacks = "empty" if kind.endswith("204") else "404"
            server.unknown_webhooks = True
            self.troubled = TROUBLED
        elif kind in ("403", "503"):
            server.fail_posts.append(int(kind))
        elif kind == "429":
            server.rate_limit_next["/messages"] = 0.3
        elif kind == "lost answer":
            server.lose_answers += 1
        else:
            server.history_oldest_first = not server.history_oldest_first
        self.figures.faults[kind] += 1
        return kind in ("kill -9", "SIGTERM")

    # ---- finishing -------------------------------------------------------------------------

    async def finish(self, timeout: float = 90.0) -> None:
        """Let the bot apply and announce everything: a clean restart sends what is owed; then
        wait until every place is up to date and nothing is owed, and stop it with SIGTERM."""
        self.server.fail_posts.clear()
        self.server.lose_answers = 0
        self.server.rate_limit_next.clear()
        if self.process is not None:
            await self.stop(signal.SIGTERM)
        await self.start()
        deadline = time.monotonic() + timeout
        while not self._settled():
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.3)
        await asyncio.sleep(0.5)
        await self.stop(signal.SIGTERM)

    def _settled(self) -> bool:
        if not self.connected:
            return False
        with _reading(self.db) as db:
            owed = int(db.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"
                                  ).fetchone()[0])
            applied = int(db.execute("SELECT COUNT(*) FROM records WHERE kind = 'move' "
                                     "AND auto = 0").fetchone()[0])
        return owed == 0 and applied >= sum(len(t.moves) for t in self.tables)

    # ---- the invariants ------------------------------------------------------------------------

    def _check_pings(self, channel: Channel, body: dict[str, Any]) -> None:
        """Called as each post is made: whoever it pings must be the one the game waits for."""
        pinged = {str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
        if not pinged:
            return
        with _reading(self.db) as db:
            row = db.execute("SELECT waiting_user FROM games WHERE place = ? ORDER BY id DESC "
                             "LIMIT 1", [str(channel.id)]).fetchone()
        waiting = {str(row[0])} if row and row[0] else set()
        if not pinged <= waiting:
            self.figures.wrong_pings.append(f"{channel.name}: pinged {pinged}, waiting {waiting}")

    def _count_reconnects(self) -> None:
        """The gateway connections of each process run after its first, and the most any run
        began in a minute."""
        for began, ended in self.runs:
            mine = [t for t in self.server.connections if began <= t <= ended]
            self.figures.reconnects += max(0, len(mine) - 1)
            busiest = max((sum(1 for t in mine[i:] if t < start + 60.0)
                           for i, start in enumerate(mine)), default=0)
            self.figures.reconnects_per_minute = max(self.figures.reconnects_per_minute,
                                                     busiest)

    def check(self) -> Figures:
        figures = self.figures
        self._count_reconnects()
        service = GameService(str(self.db), renderer=None)
        try:
            for table in self.tables:
                self._check_table(table, service)
        finally:
            service.close()
        log = self.workdir / "log"
        lines = log.read_text().splitlines() if log.exists() else []
        for n, line in enumerate(lines):
            if line.startswith("Traceback"):
                figures.tracebacks += 1
                ending = next((later for later in lines[n + 1:] if not later.startswith(" ")),
                              "")
                figures.details.append(f"traceback after {lines[n - 1][:160]!r}: "
                                       f"{ending[:160]}")
        return figures

    def _check_table(self, table: Table, service: GameService) -> None:
        figures = self.figures
        applied, automatic = _moves(service, table.place)
        # The moves the game made by itself (a single choice, played for its player) are the
        # model's own too: the same ones, as the same game was played.
        _, expected = _moves(table.model, table.place)
        figures.moves_applied += len(applied)
        figures.duplicates += sum((Counter(automatic) - Counter(expected)).values())
        figures.losses += sum((Counter(expected) - Counter(automatic)).values())
        if Counter(automatic) != Counter(expected):
            figures.details.append(f"{table.channel.name}: automatic moves {automatic}, "
                                   f"expected {expected}")
        unapplied, again = Counter(table.moves) - Counter(applied), Counter(applied) - Counter(
            table.moves)
        figures.losses += sum(unapplied.values())
        figures.duplicates += sum(again.values())
        figures.details += [f"{table.channel.name}: not applied: {who}: {move}"
                            for who, move in unapplied]
        figures.details += [f"{table.channel.name}: applied again: {who}: {move}"
                            for who, move in again]
        if Counter(applied) == Counter(table.moves) and applied != table.moves:
            figures.out_of_order += 1
        posted = self.server.seen_by_players(table.channel.name)
        with open(self.workdir / f"{table.channel.name}.txt", "w") as seen:  # to read after
            for message in posted:
                reference = (message.get("message_reference") or {}).get("message_id")
                seen.write(f"--- {message['id']} {message['author']['username']}"
                           f"{f' answering {reference}' if reference else ''}\n"
                           f"{message['content']}\n")
        announced = _announced_lines(posted, set(table.lines))
        figures.announcements += len(announced)
        lost, repeated = Counter(table.lines) - Counter(announced), Counter(announced) - Counter(
            table.lines)
        figures.losses += sum(lost.values())
        figures.duplicates += sum(repeated.values())
        figures.details += [f"{table.channel.name}: not announced: {line}" for line in lost]
        figures.details += [f"{table.channel.name}: announced again: {line}" for line in repeated]
        if sorted(announced) == sorted(table.lines) and announced != table.lines:
            figures.out_of_order += 1
        self._check_refusals(table, posted)

    def _check_refusals(self, table: Table, posted: list[dict[str, Any]]) -> None:
        answered_ids = {str((m.get("message_reference") or {}).get("message_id"))
                        for m in posted if m["author"]["bot"]}
        summaries = "\n".join(m["content"] for m in posted if m["author"]["bot"])
        for message_id, said in table.refusals:
            self.figures.refusals += 1
            if message_id in answered_ids or f"`{said}`: refused" in summaries:
                continue
            self.figures.refusals_unanswered += 1
            self.figures.details.append(f"{table.channel.name}: not answered: {said} "
                                        f"({message_id})")


def _moves(service: GameService, place: str
           ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The moves of ``place``'s latest game as (who, move), in order: those its players made,
    and those the game made by itself."""
    summary = service.store.latest_game(place)
    assert summary is not None
    moves = [r for r in service.store.records(summary.id) if r.kind == "move"]
    return ([(r.user_name or "", r.text or "") for r in moves if not r.auto],
            [(r.seat or "", r.text or "") for r in moves if r.auto])


def _applied(db: Path, place: str) -> int:
    """The moves its players made in ``place``'s latest game, as the database holds them."""
    with _reading(db) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM records r JOIN games g ON g.id = r.game_id WHERE g.place = ? "
            "AND r.kind = 'move' AND r.auto = 0 AND g.id = (SELECT MAX(id) FROM games WHERE "
            "place = ?)",
            [place, place]).fetchone()
    return int(row[0])


class _reading:
    """A read-only look at the bot's database, as another process may take one."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


_SUMMARY_LINE = re.compile(r"^• [^:]+: `[^`]*`: (?P<outcome>.*)$")


def _announced_lines(posted: list[dict[str, Any]], expected: set[str]) -> list[str]:
    """Each move's announcement as the players read it, in the order posted: its own line in
    an update, or a catch-up summary's line."""
    found: list[str] = []
    for message in posted:
        if not message["author"]["bot"] or message.get("message_reference"):
            continue
        for line in message["content"].splitlines():
            match = _SUMMARY_LINE.match(line)
            line = match["outcome"] if match else line.strip()
            if line in expected:
                found.append(line)
    return found


async def soak(workdir: Path, *, seed: int, seconds: float, places: int) -> Figures:
    """Run the soak and return its figures (the invariants are for the caller to assert)."""
    began = time.monotonic()
    server = WireServer()
    await server.start()
    try:
        run = Soak(server, workdir, seed=seed, places=places)
        try:
            await run.play(seconds)
            await run.finish()
        finally:
            if run.process is not None and run.process.returncode is None:
                run.process.kill()
                await run.process.wait()
        figures = run.check()
    finally:
        await server.stop()
    figures.seconds = time.monotonic() - began
    return figures
