"""One bot per database: a lock held for the life of the process that runs the bot.

Two copies of the bot on one database would both answer every message (one of them wrongly).
The lock is an exclusive ``flock`` on a file beside the database; the operating system releases
it when the process ends, however it ends, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator


class DatabaseInUse(Exception):
    """Another process holds the database; the message says so in one sentence."""


def lock_path(db_path: str) -> str:
    return f"{db_path}.lock"


def hold_database(db_path: str) -> contextlib.AbstractContextManager[None]:
    """Take the database for this process, or raise ``DatabaseInUse`` at once."""
    if db_path == ":memory:":
        return contextlib.nullcontext()
    path = lock_path(db_path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise DatabaseInUse(f"cannot open the lock file {path}: {error.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 32).decode(errors="replace").strip() or "another process"
        os.close(fd)
        raise DatabaseInUse(
            f"another busbot (process {holder}) is already running on {db_path}; stop it "
            "first, or give this one its own db_path."
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return _release(fd)


@contextlib.contextmanager
def _release(fd: int) -> Iterator[None]:
    try:
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
