"""What the whole suite shares: the crash tests' warm child, and how tests are handed out.

The suite runs on several processes (pytest-xdist, ``./run-tests``); each keeps its own warm
child and temporary folders, and the tests share no files and no ports (servers ask the system
for a free one), so any test can run on any process in any order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

from tests.crash_support import WarmChild

#: Modules whose tests share something costly to start in each process (the browser): their
#: tests are handed to one process together rather than spread over every process.
TOGETHER = ("tests/test_page_browser.py",)


@pytest.fixture(scope="session")
def warm_child() -> Iterator[WarmChild]:
    """One ``tests.crash_child`` for this test process (``tests.crash_support``)."""
    child = WarmChild()
    try:
        yield child
    finally:
        child.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (marked ``long``) first: a parallel run then ends with many short tests
    spread over the processes, not with one process still busy with a long one."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


class OneAtATime(LoadScopeScheduling):  # type: ignore[misc]  # pytest-xdist has no types
    """Tests handed out one at a time (a few queued per process) as processes come free, in
    the collection's order (long ones first), except that the tests of a module of
    ``TOGETHER`` go to one process together. (pytest-xdist's own ``load`` hands out long runs
    of neighbouring tests at first, so the long tests would all land on one process; its
    ``loadgroup`` does not group under pytest 9.2.)"""

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return module if module in TOGETHER else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> OneAtATime | None:
    """``-n N`` (``--dist load``, the default) schedules with ``OneAtATime``."""
    return OneAtATime(config, log) if config.getvalue("dist") == "load" else None
