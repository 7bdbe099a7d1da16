"""Move parser speed against message length, for the texts that cost it most.

Run: .venv/bin/python benchmarks/bench_move_parse.py   (target: time grows linearly with the
length, and every text at the parser's cap of ``MAX_MESSAGE_CHARS`` characters is read in a few ms)

``worst_cases`` is shared with tests/test_notation.py, which guards the same texts at the cap.
"""

from __future__ import annotations

import contextlib
import time

from engine import BusError, parse_moves
from engine.limits import MAX_MESSAGE_CHARS
from engine.notation import _parse_cached

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _fill(unit: str, length: int, head: str = "", tail: str = "") -> str:
    body = length - len(head) - len(tail)
    return head + (unit * (body // len(unit) + 1))[:max(body, 0)] + tail


def worst_cases(length: int) -> dict[str, str]:
    """Texts of about ``length`` characters that stress one part of the parser each."""
    distinct = " ".join(f"q{_LETTERS[i // 26 % 26]}{_LETTERS[i % 26]}" for i in range(length))
    return {
        "whitespace run": _fill(" ", length, "place", "office at c1"),
        "separators": _fill(";,\n", length),
        "digits": _fill("9", length),
        "label-like": _fill("9", length, "c"),
        "one long word": _fill("w", length),
        "vvvvrrrr": _fill("v", length // 2) + _fill("r", length - length // 2),
        "vrom repeated": _fill("vrom", length),
        "distinct unknown words": distinct[:length],
        "near-miss words": _fill("offic ", length),
        "then then": _fill("then ", length),
        "and place": _fill("and place ", length),
        "labels": _fill("c1 ", length, "extend "),
        "huge counts": _fill("9999999 west ", length, "place "),
        "question marks": _fill("?", length),
        "apostrophes": _fill("don't ", length),
    }


def parse_seconds(text: str, repeat: int = 3) -> float:
    """The best of ``repeat`` fresh parses (the parser caches texts, so the cache is cleared)."""
    best = float("inf")
    for _ in range(repeat):
        _parse_cached.cache_clear()
        start = time.perf_counter()
        with contextlib.suppress(BusError):
            parse_moves(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    lengths = [10, 100, 500, 1000, MAX_MESSAGE_CHARS]
    names = list(worst_cases(10))
    print(f"move parse time in ms (best of 3) by text length; cap {MAX_MESSAGE_CHARS} characters")
    print(f"{'case':24}" + "".join(f"{n:>9}" for n in lengths))
    for name in names:
        row = [parse_seconds(worst_cases(n)[name]) * 1000 for n in lengths]
        print(f"{name:24}" + "".join(f"{ms:9.3f}" for ms in row))


if __name__ == "__main__":
    main()
