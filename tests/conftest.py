"""What the whole suite shares: the crash tests' warm child, and the order tests start in.

The suite runs on several processes (pytest-xdist, ``./run-tests``); each keeps its own warm
child and temporary folders, and the tests share no files and no ports (servers ask the system
for a free one), so any test can run on any process in any order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.crash_support import WarmChild


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
