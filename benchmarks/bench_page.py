"""How long the game's page takes to build, how big it is, and how fast a browser opens it.

Run: ``.venv/bin/python benchmarks/bench_page.py [--search N] [--no-browser]``

For 3, 4 and 5 players, a long seeded random game (``engine.playout.random_game``) played to
its end: by default the longest of seeds 0..59 (3 and 4 players: 147 and 184 moves) and of
0..199 (5 players: seed 171, 239 moves); ``--search N`` looks through seeds 0..N-1 again. For
each: the page's build time, its size (the target: a
5-player game of about 250 moves in at most 3 MB), the distinct SVG elements it stores and the
shared layers. Then the 5-player page is opened from a file in Debian's chromium (headless, as
the tests drive it): the time from asking for the file until the page's script has shown the
last position, as the browser reports it and as seen from here, and the time to step through
every position with the slider's arrow key.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from engine import Game, random_game
from render.page import Page, build_page

TARGET_BYTES = 3_000_000
#: the longest games found (see the docstring)
LONGEST = {3: 6, 4: 2, 5: 171}


def longest(players: int, search: int | None) -> tuple[int, Game]:
    if search is None:
        return LONGEST[players], random_game(players, LONGEST[players])
    games = ((seed, random_game(players, seed)) for seed in range(search))
    return max(games, key=lambda found: len(found[1].history))


def built(players: int, search: int | None) -> tuple[Page, Path]:
    seed, game = longest(players, search)
    start = time.perf_counter()
    page = build_page(game)
    seconds = time.perf_counter() - start
    verdict = ""
    if players == 5:
        verdict = (f" (target {TARGET_BYTES / 1e6:.0f} MB: "
                   f"{'met' if page.size <= TARGET_BYTES else 'MISSED'})")
    print(f"{players} players, random_game({players}, {seed}): {len(game.history)} moves, "
          f"{game.state.round} rounds; built in {seconds:.2f} s; {page.size / 1e6:.2f} MB"
          f"{verdict}; distinct elements {page.element_bytes / 1e3:.0f} KB, shared layers "
          f"{page.shared_bytes / 1e3:.0f} KB, {page.size / page.positions / 1e3:.1f} KB a "
          f"position")
    path = Path(tempfile.mkdtemp()) / f"page-{players}.html"
    path.write_text(page.html, encoding="utf-8")
    return page, path


def browse(path: Path, positions: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' browser
    from tests.browser_support import browser, missing, playwright

    why = missing()
    if why is not None:
        print(f"browser: not measured ({why})")
        return
    with playwright() as driver, browser(driver, Path(tempfile.mkdtemp()),
                                         viewport={"width": 1280, "height": 900}) as context:
        page = context.new_page()
        for attempt in ("cold", "warm"):
            start = time.perf_counter()
            page.goto(path.as_uri())
            page.wait_for_selector("html[data-ready]")
            seen = time.perf_counter() - start
            timing = page.evaluate(
                "(() => { const n = performance.getEntriesByType('navigation')[0];"
                " return [n.domContentLoadedEventEnd, n.loadEventEnd]; })()")
            print(f"browser, {attempt}: ready (script done, last position shown) "
                  f"{timing[0]:.0f} ms after the request, loaded {timing[1]:.0f} ms; "
                  f"{seen * 1000:.0f} ms seen from here")
        page.locator("#slider").focus()
        page.keyboard.press("Home")
        start = time.perf_counter()
        for _ in range(positions - 1):
            page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'#table[data-move="{positions - 1}"]')
        step = (time.perf_counter() - start) / max(1, positions - 1)
        print(f"browser: stepping through all {positions} positions, {step * 1000:.1f} ms a "
              f"move (keyboard round trip included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, metavar="N",
                        help="the longest game of seeds 0..N-1 instead of the known ones")
    parser.add_argument("--no-browser", action="store_true", help="skip the load time")
    args = parser.parse_args()
    made = [built(players, args.search) for players in (3, 4, 5)]
    if not args.no_browser:
        page, path = made[-1]
        browse(path, page.positions)


if __name__ == "__main__":
    main()
