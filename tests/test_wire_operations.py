"""Operating busbot: ``busbot sync``, ``backup`` and ``check``, sharding past one process, and a
command line that loads only what each subcommand needs."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.api import Actor
from bot.cli import main as cli_main
from bot.config import load_config
from bot.discord_app.bot import ShardedBusBot
from bot.discord_app.runner import NoGames, sync_commands
from bot.runlock import hold_database
from bot.service import GameService
from tests.wire_support import wire_config, wire_server

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _keep_root_logging() -> object:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


async def test_busbot_sync_publishes_even_when_nothing_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with wire_server() as server:
        config = wire_config(server, tmp_path / "busbot.db")
        running = hold_database(config.db_path)  # a bot is running on this database
        with running:
            assert await asyncio.to_thread(sync_commands, config, None) == 0
        assert await asyncio.to_thread(sync_commands, config, None) == 0
        assert await asyncio.to_thread(sync_commands, config, 777) == 0
        server.refuse_publish = True
        assert await asyncio.to_thread(sync_commands, config, None) == 1
    puts = [r.path for r in server.requests if r.method == "PUT"]
    app = server.application_id
    assert puts == [f"/api/v10/applications/{app}/commands"] * 2 + [
        f"/api/v10/applications/{app}/guilds/777/commands",
        f"/api/v10/applications/{app}/commands"]
    out = capsys.readouterr()
    assert out.out.count("Slash commands published.") == 3
    assert "publishing failed" in out.err and "Traceback" not in out.err


def _played_database(tmp_path: Path) -> Path:
    db = tmp_path / "busbot.db"
    service = GameService(str(db), renderer=None)
    try:
        for name, text in [("Ada", "new game"), ("Ada", "join"), ("Bram", "join"),
                           ("Cleo", "join"), ("Ada", "start order: Ada, Bram, Cleo"),
                           ("Ada", "Place House at C1")]:
            assert service.handle("console", Actor(name, name), text).ok, text
        assert service.handle("lobby-only", Actor("Ada", "Ada"), "new game").ok
    finally:
        service.close()
    return db


def test_backup_copies_a_database_in_use_and_check_verifies_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _played_database(tmp_path)
    running = GameService(str(db), renderer=None)  # as if the bot had it open
    try:
        copy = tmp_path / "copy.db"
        assert cli_main(["backup", "--db", str(db), "--out", str(copy)]) == 0
        assert cli_main(["backup", "--db", str(db), "--out", str(copy)]) == 2  # no overwrite
    finally:
        running.close()
    restored = GameService(str(copy), renderer=None)
    try:
        assert restored.export("console", "txt").endswith("Ada: Place House at C1\n")
    finally:
        restored.close()
    capsys.readouterr()
    assert cli_main(["check", "--db", str(copy)]) == 0
    report = capsys.readouterr().out.splitlines()
    assert report[0] == "database: integrity ok"
    assert report[1] == "game 1 (console, active): replays to its stored summary"
    assert report[2] == "game 2 (lobby-only, lobby): replays to its stored summary"
    assert report[-1].endswith("no problems found")


def test_check_names_the_game_whose_summary_disagrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _played_database(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET waiting_seat = 'Cleo' WHERE id = 1")
    assert cli_main(["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert "game 1 (console, active): replays waiting for Ada, the summary says Cleo" in out
    assert out.rstrip().endswith("1 problem(s)")


def test_each_process_runs_its_own_shards_on_its_own_database(tmp_path: Path) -> None:
    """The layout past one machine (docs/discord-setup.md): two processes, two shards, two
    databases. A guild belongs to shard (guild_id >> 22) % shard_count, so to one process."""
    configs = []
    for shard in (0, 1):
        path = tmp_path / f"shard{shard}.toml"
        path.write_text(f'db_path = "shard{shard}.db"\nshard_count = 2\nshard_ids = [{shard}]\n',
                        encoding="utf-8")
        configs.append(load_config(path, environ={}))
    bots = [ShardedBusBot(config, NoGames()) for config in configs]
    assert [bot.shard_ids for bot in bots] == [[0], [1]]
    assert {bot.shard_count for bot in bots} == {2}
    assert len({config.db_path for config in configs}) == 2
    guilds = [(n << 22) + 12345 for n in range(1_000, 1_100)]
    for guild in guilds:
        owners = [bot for bot in bots if (guild >> 22) % 2 in (bot.shard_ids or [])]
        assert len(owners) == 1
    # Without shard settings, one process runs every shard Discord asks for.
    assert ShardedBusBot(load_config(None, environ={}), NoGames()).shard_ids is None


@pytest.mark.parametrize("args", [["--help"], ["replay", "--help"], ["export", "--help"]])
def test_the_command_line_loads_only_what_the_subcommand_needs(args: list[str]) -> None:
    probe = ("import sys, runpy\nsys.argv = ['busbot', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('bot.cli', run_name='__main__')\nexcept SystemExit:\n"
             "    pass\nprint('LOADED', *sorted({m.split('.')[0] for m in sys.modules}), "
             "file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                            text=True, cwd=ROOT, check=True, timeout=60)
    loaded = set(result.stderr.split("LOADED", 1)[1].split())
    assert not loaded & {"discord", "render", "sqlite_utils", "cairosvg", "PIL", "aiohttp"}
    assert "usage:" in result.stdout



def test_backup_of_a_damaged_database_says_so_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file ``busbot check`` reports damaged is still copied (it may be all there is), but
    the backup says the copy is of a damaged database and exits 1, never 'a consistent copy'."""
    db = _played_database(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET waiting_seat = 'Cleo' WHERE id = 1")
    capsys.readouterr()
    copy = tmp_path / "copy.db"
    assert cli_main(["backup", "--db", str(db), "--out", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "a copy of a DAMAGED database" in out and "consistent" not in out
    assert "game 1 (console, active): replays waiting for Ada, the summary says Cleo" in out
    assert copy.is_file()
