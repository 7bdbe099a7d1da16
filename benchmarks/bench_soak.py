"""The fault-injection soak, long: several games on the loopback Discord while connections drop
(with and without resume), the gateway sends frames that are no gateway message, refuses a
reconnection or accepts it and closes it before HELLO or right after the session began, posts
are refused (403, 503), rate-limited (429) or made with their answer lost, history pages come in
either order, the interaction endpoint answers with an empty 204 or 404 and forgets follow-ups,
and busbot (a real ``busbot run`` process) is killed with SIGKILL or stopped with SIGTERM and
started again, with players posting moves (some by ``/bus move``) and chat throughout.

Run: ``.venv/bin/python benchmarks/bench_soak.py [--seconds 300] [--places 4] [--seed 1]``

Prints the figures: messages posted by players, faults injected (by kind), process restarts
survived, gateway reconnects survived and the most connections one process began in a minute
(at most ``gateway.PER_MINUTE``), moves applied, announcements, duplicates and losses (both must
be 0), refusals answered, wrong pings, the slowest stop after SIGTERM, crashes (the process
ending by itself: must be 0), and what went wrong, if anything. The exit status is 1 when an
invariant failed. The short version runs in the test suite (tests/test_wire_soak.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.discord_app.gateway import PER_MINUTE  # noqa: E402
from tests.wire_soak import STOP_WITHIN, soak  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="how long players play")
    parser.add_argument("--places", type=int, default=4, help="games, one per channel")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="busbot-soak-") as folder:
        figures = asyncio.run(soak(Path(folder), seed=args.seed, seconds=args.seconds,
                                   places=args.places))
    print("\n".join(figures.lines()))
    for detail in figures.details + figures.wrong_pings:
        print("  ", detail)
    failed = (figures.duplicates or figures.losses or figures.out_of_order
              or figures.refusals_unanswered or figures.wrong_pings or figures.tracebacks
              or figures.crashes or figures.reconnects_per_minute > PER_MINUTE
              or figures.slowest_stop >= STOP_WITHIN)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
