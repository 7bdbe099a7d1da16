"""The fault-injection soak, short: a few games on the loopback Discord while connections drop,
the gateway and the interaction endpoint misbehave, posts fail and the process is killed and
restarted; nothing is lost, repeated or reordered, the process never ends by itself, and it
never connects more often than the bound.

The long version, with its figures, is ``benchmarks/bench_soak.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app.gateway import PER_MINUTE
from tests.wire_soak import GATEWAY, STOP_WITHIN, soak


@pytest.mark.long
async def test_no_move_is_lost_repeated_or_reordered_under_faults(tmp_path: Path) -> None:
    figures = await soak(tmp_path, seed=7, seconds=25, places=3)
    print("\n".join(figures.lines() + figures.details))
    # Enough happened to mean something (the figures vary a little with the machine's speed).
    assert figures.restarts >= 1 and sum(figures.faults.values()) >= 6
    # The gateway's own faults were in the mix: the process outlived a reconnection at least.
    assert figures.reconnects >= 1 and GATEWAY & set(figures.faults), figures.faults
    assert figures.moves_applied >= 20
    assert (figures.duplicates, figures.losses, figures.out_of_order) == (0, 0, 0), \
        figures.details
    assert figures.refusals_unanswered == 0
    assert figures.wrong_pings == []
    assert figures.slowest_stop < STOP_WITHIN
    assert figures.tracebacks == 0 and figures.crashes == 0, figures.details
    assert figures.reconnects_per_minute <= PER_MINUTE
