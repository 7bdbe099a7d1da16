"""Move parser speed against message length, for the texts that cost it most.

Run: .venv/bin/python benchmarks/bench_move_parse.py   (target: time grows linearly with the
length, and every text at the parser's cap of ``MAX_MESSAGE_CHARS`` characters is read in a few ms)

The first table reads as an English table does (English words only); the second as a German
table does (German and English words, umlauts folded), with the English worst cases and those
of the German words (``german_worst_cases``: umlaut and ß runs that fold to twice their length,
phrase openings that never complete, German separators).

``worst_cases`` and ``german_worst_cases`` are shared with tests/test_notation.py, which guards
the same texts at the cap.
"""

from __future__ import annotations

import contextlib
import time

from engine import BusError, parse_moves
from engine.limits import MAX_MESSAGE_CHARS
from engine.notation import ENGLISH_ONLY, Languages, _parse_cached

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


#: How a German table reads: German words first, English too.
GERMAN: Languages = ("de", "en")


def german_worst_cases(length: int) -> dict[str, str]:
    """Texts of about ``length`` characters that stress the German words (read with
    ``GERMAN``); the English worst cases are read that way too."""
    return {
        "umlaut run": _fill("\u00e4", length),
        "sharp s run": _fill("\u00df", length, "b\u00fcro auf c1 "),
        "nicht nicht": _fill("nicht ", length),
        "phrase openings": _fill("nehme einen ", length),
        "verb phrase heads": _fill("stelle die uhr ", length),
        "und baue": _fill("und baue ", length),
        "buildings": _fill("B\u00fcro auf C1 und Haus auf C4, ", length),
        "dann dann": _fill("dann ", length),
        "line words": _fill("linie c1 ", length),
        "near-miss German": _fill("platzire ", length),
        "mixed languages": _fill("place office at c1 und Kneipe auf W3; ", length),
    }


def parse_seconds(text: str, repeat: int = 3, languages: Languages = ENGLISH_ONLY) -> float:
    """The best of ``repeat`` fresh parses (the parser caches texts, so the cache is cleared)."""
    best = float("inf")
    for _ in range(repeat):
        _parse_cached.cache_clear()
        start = time.perf_counter()
        with contextlib.suppress(BusError):
            parse_moves(text, languages)
        best = min(best, time.perf_counter() - start)
    return best


def _table(title: str, cases: dict[int, dict[str, str]], languages: Languages) -> None:
    lengths = sorted(cases)
    print(f"{title}: move parse time in ms (best of 3) by text length; cap {MAX_MESSAGE_CHARS} "
          f"characters")
    print(f"{'case':24}" + "".join(f"{n:>9}" for n in lengths))
    for name in cases[lengths[0]]:
        row = [parse_seconds(cases[n][name], languages=languages) * 1000 for n in lengths]
        print(f"{name:24}" + "".join(f"{ms:9.3f}" for ms in row))


def main() -> None:
    lengths = [10, 100, 500, 1000, MAX_MESSAGE_CHARS]
    _table("English table", {n: worst_cases(n) for n in lengths}, ENGLISH_ONLY)
    print()
    _table("German table (de, en)", {n: {**worst_cases(n), **german_worst_cases(n)}
                                     for n in lengths}, GERMAN)


if __name__ == "__main__":
    main()
