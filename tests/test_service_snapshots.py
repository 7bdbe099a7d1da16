"""Stored positions: every 32 moves a game's position is written with the records that reach it,
and a game not in memory resumes from the latest one that belongs to its moves in force. They are
derived data, so a game answers the same with them, without them, or with damaged or stale ones.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.maintenance import check
from bot.service import GameService
from engine import Event, Game, GameLog, Move, position, random_game
from engine.game import SNAPSHOT_EVERY
from tests.service_support import Table, actor, fake_png, open_table, started


def _kept(service: GameService, game_id: int) -> list[int]:
    heads = [position.header(p) for p in service.store.positions(game_id, 10**6)]
    return [h[0] for h in heads if h is not None]


def _looks(table: Table) -> list[str]:
    return [table.service.handle(table.place, actor("Zed"), t).text
            for t in ("status", "log all", "moves", f"map {SNAPSHOT_EVERY + 3}")]


def _cold(path: str) -> Table:
    """The same database opened by a new service: nothing of it in memory."""
    return Table(GameService(path, renderer=fake_png, rate_limits=False))


def _replayed(table: Table) -> int:
    """How many moves the first command to a game not in memory replays to load it."""
    pushes = []
    real = Game.push

    def counted(game: Game, move: Move, player: str | None = None) -> list[Event]:
        pushes.append(move)
        return real(game, move, player)

    Game.push = counted  # type: ignore[method-assign,assignment]
    try:
        table.ok("Zed", "status")
    finally:
        Game.push = real  # type: ignore[method-assign]
    return len(pushes)


def _wipe(path: str, sql: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql)


def test_positions_are_stored_every_32_moves_and_a_cold_game_resumes_from_them(
        tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    table = open_table(path)
    started(table, 3)
    table.play_random(2 * SNAPSHOT_EVERY + 5, seed=1)
    gid = table.game_id()
    assert _kept(table.service, gid) == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    warm = _looks(table)
    cold = _cold(path)
    assert _replayed(cold) == 5  # the moves after the position stored after move 64
    assert _looks(cold) == warm
    # and without any stored position the game is the same, replayed from move 1
    _wipe(path, "DELETE FROM snapshots")
    bare = _cold(path)
    assert _replayed(bare) == 2 * SNAPSHOT_EVERY + 5 and _looks(bare) == warm
    # both play on alike
    for t in (cold, bare):
        t.play_random(10, seed=2)
    assert _looks(cold) == _looks(bare)


def test_a_position_is_written_in_the_same_transaction_as_its_move(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    table = open_table(path)
    started(table, 3)
    table.play_random(SNAPSHOT_EVERY - 1, seed=3)
    _wipe(path, "CREATE TRIGGER no_positions BEFORE INSERT ON snapshots "
                "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    before = table.snapshot()
    seat = table.to_act()
    assert seat is not None
    move = table.service.choices(table.place, actor(seat))[0]
    reply = table.say(seat, move)
    assert not reply.ok and "could not be saved" in reply.text
    assert table.snapshot() == before  # neither the move nor its position
    _wipe(path, "DROP TRIGGER no_positions")
    table.ok(seat, move)
    assert _kept(table.service, table.game_id()) == [SNAPSHOT_EVERY]


def test_positions_are_rewritten_when_the_moves_before_them_change(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    table = open_table(path)
    started(table, 3)
    table.play_random(SNAPSHOT_EVERY + 2, seed=4)
    table.say("Arcsyn", "undo last 4")  # back before the stored position (asked first)
    table.ok("Arcsyn", "confirm")
    table.play_random(6, seed=5)  # other moves past move 32: its position is written anew
    cold = _cold(path)
    assert _replayed(cold) == 4 and _looks(cold) == _looks(table)
    stale = table.service.store.positions(table.game_id(), SNAPSHOT_EVERY)
    table.say("Arcsyn", "correct 1: Place House at C1")  # the later moves still stand
    table.ok("Arcsyn", "confirm")  # 35 moves replayed: asked first
    assert table.service.store.positions(table.game_id(), SNAPSHOT_EVERY) != stale
    cold = _cold(path)
    assert _replayed(cold) == 4 and _looks(cold) == _looks(table)
    # A position of moves no longer in force (put back by hand) is not believed.
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE snapshots SET position = ? WHERE moves = ?",
                     [stale[0], SNAPSHOT_EVERY])
    cold = _cold(path)
    assert _replayed(cold) == SNAPSHOT_EVERY + 4 and _looks(cold) == _looks(table)
    assert check(path)[0] == 0


def test_damaged_positions_are_ignored_and_check_names_a_wrong_one(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    table = open_table(path)
    started(table, 3)
    table.play_random(2 * SNAPSHOT_EVERY + 1, seed=7)
    warm = _looks(table)
    _wipe(path, f"UPDATE snapshots SET position = randomblob(300) "
                f"WHERE moves = {2 * SNAPSHOT_EVERY}")
    cold = _cold(path)
    assert _replayed(cold) == SNAPSHOT_EVERY + 1  # from move 32's position instead
    assert _looks(cold) == warm
    assert check(path)[0] == 0  # a damaged position costs time, not correctness
    # A position that claims the right moves but holds another table cannot be told from a
    # good one when loading; ``busbot check`` compares every stored position with the replay.
    game = cold.service.cache._games[cold.game_id()][0].game
    assert game is not None
    other = game.position_at(SNAPSHOT_EVERY + 1).state
    history = [(n, str(m)) for n, m in game.history[:SNAPSHOT_EVERY]]
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE snapshots SET position = ? WHERE moves = ?",
                     [position.write(other, history), SNAPSHOT_EVERY])
    problems, lines = check(path)
    assert problems == 1
    assert any(f"stored position after move {SNAPSHOT_EVERY} is not the one its moves reach"
               in line for line in lines)


def test_an_imported_game_is_stored_with_its_positions(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    log = random_game(4, seed=8).log()
    cut = GameLog(log.players, log.edition, log.options, log.colours, log.moves[:100])
    table = open_table(path)
    assert table.service.import_text(table.place, None, cut.format()).ok
    assert _kept(table.service, table.game_id()) == [32, 64, 96]
    cold = _cold(path)
    assert _replayed(cold) == 4 and _looks(cold) == _looks(table)
