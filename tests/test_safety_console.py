"""The console table and the command line on hostile input: overlong lines, endless files,
pictures that cannot be saved, and databases that cannot be used (issue 8)."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bot import cli, console
from bot.service import GameService
from bot.service.store import store as storage
from engine.limits import MAX_IMPORT_BYTES, MAX_MESSAGE_CHARS

ROOT = Path(__file__).resolve().parent.parent
LOBBY = ["Ada: new game", "Ada: join", "Bram: join", "Cleo: join",
         "Ada: start order: Ada, Bram, Cleo"]


def play(db: Path, lines: list[str], picture_dir: str | None = None) -> str:
    """Lines through the console's own loop, in this process."""
    service = GameService(str(db), picture_dir=picture_dir, bind_imported_names=True,
                          renderer=(lambda game, previous=None, note="": b"\x89PNG fake")
                          if picture_dir else None,
                          rate_limits=False)
    out = io.StringIO()
    try:
        assert console.run(service, io.StringIO("\n".join(lines) + "\n"), out,
                           picture_dir or "pictures") == 0
    finally:
        service.close()
    return out.getvalue()


def busbot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=False,
                          stdin=subprocess.DEVNULL)


def test_an_overlong_line_is_refused_and_the_table_goes_on(tmp_path: Path) -> None:
    out = play(tmp_path / "g.db", [*LOBBY, "Ada: " + "x" * (10 * MAX_MESSAGE_CHARS),
                                   "Ada: Place Office at C1"])
    assert f"over {MAX_MESSAGE_CHARS:,} characters (the message limit)" in out
    assert "busbot: Ada: Place Office at C1" in out


def test_a_message_at_the_limit_is_refused_by_the_service_not_cut(tmp_path: Path) -> None:
    out = play(tmp_path / "g.db", [*LOBBY, "Ada: drop " + "x" * MAX_MESSAGE_CHARS])
    assert "the bot reads at most 2,000 (the message limit)" in out


def test_importing_an_endless_file_stops_at_the_limit(tmp_path: Path) -> None:
    out = play(tmp_path / "g.db", ["Ada: import /dev/zero", "Ada: status"])
    assert f"over {MAX_IMPORT_BYTES:,} bytes (the import limit)" in out
    assert "There is no game here" in out
    proc = busbot("import", "/dev/zero", "--db", str(tmp_path / "g.db"))
    assert proc.returncode == 2 and "the import limit" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_picture_that_cannot_be_saved_is_said_so_without_a_traceback(tmp_path: Path) -> None:
    blocked = tmp_path / "pics"
    blocked.write_text("a file where the folder should be")
    out = play(tmp_path / "g.db", [*LOBBY, "Ada: Place Office at C1", "Ada: status"],
               picture_dir=str(blocked))
    assert "busbot: Ada: Place Office at C1" in out
    assert "The picture is missing" in out and "picture: " not in out
    assert "1 move played" in out


def test_look_alike_and_invisible_names_cannot_sit(tmp_path: Path) -> None:
    out = play(tmp_path / "g.db", ["Ada: new game", "Ada: join", "Аda: join",
                                   "Bram\u200b: join", "Cleo: join as Cl\x01eo"])
    assert out.count("busbot (only you see this): You cannot join") == 3


def _damaged(tmp_path: Path, how: str) -> Path:
    db = tmp_path / "g.db"
    play(db, [*LOBBY, "Ada: Place Office at C1"])
    if how == "garbage":
        db.write_bytes(b"not a database " * 200)
    elif how == "truncated":
        db.write_bytes(db.read_bytes()[:3000])
    return db


@pytest.mark.parametrize("how", ["garbage", "truncated"])
@pytest.mark.parametrize("command", ["export", "console", "import"])
def test_a_damaged_database_gives_one_sentence_and_status_2(tmp_path: Path, how: str,
                                                            command: str) -> None:
    db = _damaged(tmp_path, how)
    log = tmp_path / "x.txt"
    log.write_text("players: A, B, C\n")
    args = {"export": ["export", "1"], "console": ["console", "--no-pictures"],
            "import": ["import", str(log)]}[command]
    proc = busbot(*args, "--db", str(db))
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert str(db) in lines[0] and "not a readable game database" in lines[0]


def _as_nobody(args: list[str]) -> tuple[int, str]:
    """``busbot ARGS`` in a forked child running as the unprivileged user "nobody" (for whom a
    read-only file really is read-only, unlike for root): its status and standard error."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 99
        try:
            os.dup2(write, 2)
            sys.stderr = os.fdopen(2, "w", closefd=False)
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            status = cli.main(args)
            sys.stderr.flush()
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read) as pipe:
        err = pipe.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), err


def test_a_read_only_database_gives_one_sentence_and_status_2() -> None:
    folder = tempfile.mkdtemp()  # in /tmp, where "nobody" can reach it
    try:
        db = Path(folder) / "g.db"
        play(db, [*LOBBY])
        os.chmod(db, 0o444)
        os.chmod(folder, 0o555)
        status, err = _as_nobody(["export", "1", "--db", str(db)])
        assert status == 2, err
        assert "cannot be written (a read-only file or folder)" in err
        assert len(err.strip().splitlines()) == 1
    finally:
        os.chmod(folder, 0o755)
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)


def test_a_database_locked_by_another_program_gives_one_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.db"
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("CREATE TABLE other (x)")
    holder.execute("BEGIN EXCLUSIVE")  # a rollback-journal database, held by someone else
    monkeypatch.setattr(storage, "BUSY_TIMEOUT", 0.3)
    try:
        assert cli.main(["export", "1", "--db", str(db)]) == 2
    finally:
        holder.rollback()
        holder.close()
    err = capsys.readouterr().err
    assert "is locked by another program" in err and len(err.strip().splitlines()) == 1
