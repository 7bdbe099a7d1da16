"""Killing a process between any two SQLite statements, many times, cheaply.

The crash tests kill a process at each statement a command runs and then check that nothing it
confirmed is lost and nothing is half written. A fresh interpreter per kill point would pay its
start and its imports every time (and the set-up replayed in it); instead one warm child
(``tests.crash_child``, started once per test process) forks a process per kill point, which
opens its own copy of a database prepared once and is ended exactly as a killed process is:
``os._exit``, nothing flushed or closed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
#: The exit status of a process ended at its kill point (``crash_child.KILLED``).
KILLED = 17


class WarmChild:
    """``tests.crash_child``, running; ``run`` hands it one job and returns its outcome."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.crash_child"], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, job: str, path: Path | str, kill_at: int = 0, **fields: Any
            ) -> tuple[int, list[str]]:
        """Do ``job`` on the database at ``path``, killed at statement ``kill_at`` (0: never);
        the exit status (0, or ``KILLED``) and the lines written before it ended."""
        stdin, stdout = self._pipes()
        stdin.write(json.dumps({"job": job, "path": str(path), "kill_at": kill_at, **fields})
                    + "\n")
        stdin.flush()
        answer = stdout.readline()
        if not answer:
            raise RuntimeError(f"the crash tests' child ended ({self.process.poll()})")
        done = json.loads(answer)
        return int(done["status"]), list(done["out"])

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def close(self) -> None:
        self._pipes()[0].close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
