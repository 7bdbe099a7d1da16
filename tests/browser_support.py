"""A real browser for the page's tests: Debian's ``chromium`` driven by Playwright for Python.

Playwright's own browser download is not used (nor available here); ``scripts/bootstrap.sh
--test`` installs the system's ``chromium`` when run as root, and the pinned ``playwright``
package comes with the test tools. Without them the browser tests fail, saying what is missing:
a page nobody opened in a browser is not tested, so they never skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Playwright

CHROMIUM = "/usr/bin/chromium"
#: Quiet, private and the same on every machine: nothing reaches out on its own.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def missing() -> str | None:
    """Why no browser can run here, or None."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return (f"Debian's chromium is not installed ({CHROMIUM}): run `bash scripts/bootstrap.sh "
                f"--test` as root, or `apt-get install chromium`")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: run `bash scripts/bootstrap.sh --test`"
    return None


@contextmanager
def playwright() -> Iterator[Playwright]:
    """Playwright, once per test module; fails the test (in CI, where ``CI=true``, and
    everywhere else too) when the browser cannot run."""
    why = missing()
    if why is not None:
        where = " in CI" if os.environ.get("CI") == "true" else ""
        pytest.fail(f"The page's browser test cannot run{where}: {why}.", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@contextmanager
def browser(driver: Playwright, profile: Path, **context: object) -> Iterator[BrowserContext]:
    """A fresh chromium with its own new profile in ``profile``."""
    opened = driver.chromium.launch_persistent_context(
        str(profile), executable_path=shutil.which("chromium") or CHROMIUM, headless=True,
        args=ARGS, **context)  # type: ignore[arg-type]
    try:
        yield opened
    finally:
        opened.close()
