"""What the page's tests share: a short finished game and the sample game, each built once."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from engine import Game, GameLog, replay
from render.page import Page, build_page
from tests.test_discord_game import SHORT_GAME, steps

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "engine" / "data" / "sample-game.txt"
NAMES = ("Arcsyn", "Daemonis", "Hedgethorn")


def short_log() -> str:
    """SHORT_GAME as a text log: three players, one clock stone, over after 23 moves."""
    lines = [f"players: {', '.join(NAMES)}", "option: clock_stones = 1"]
    lines += [f"{s.player}: {s.move}" for s in steps(SHORT_GAME)]
    return "\n".join(lines) + "\n"


@functools.cache
def short_game() -> Game:
    return replay(GameLog.parse(short_log()))


@functools.cache
def short_page() -> Page:
    return build_page(short_game())


@functools.cache
def sample_game() -> Game:
    return replay(GameLog.parse(SAMPLE.read_text(encoding="utf-8")))


@functools.cache
def sample_page() -> Page:
    return build_page(sample_game())


def addresses(html: str) -> list[str]:
    """Every absolute address the page names, but the SVG namespace (which is never fetched)."""
    found = re.findall(r"[a-z][a-z0-9+.-]*://[^\s\"'<>)]*", html, flags=re.IGNORECASE)
    return [a for a in found if a != "http://www.w3.org/2000/svg"]
