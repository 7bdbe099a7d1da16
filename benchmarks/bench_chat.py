"""The chat filter on the corpus of tests/test_chat_reading.py: how many phrasings there are,
what the strict reader calls them, and the share each kind of writer gets an answer to; then
the time the filter takes per message (``for_the_bot``, asked of every channel message before
its place is looked up, in every language busbot reads; and ``meant_for_the_bot`` at an English
and at a German table), with the spread over rounds.

    .venv/bin/python benchmarks/bench_chat.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.service.router import chat, reading  # noqa: E402
from bot.service.router.chat import for_the_bot, meant_for_the_bot  # noqa: E402
from engine import notation  # noqa: E402
from engine.notation import read_chat  # noqa: E402
from tests.test_chat_reading import PHRASINGS  # noqa: E402

#: rounds over the corpus for the timings (each round reads every phrasing once, uncached);
#: timed as the process's CPU time, which the other work of a shared machine does not inflate
ROUNDS = 30


def _uncached() -> None:
    # the readers' caches, those this checkout has (an older one, run as a baseline, may
    # have fewer)
    for module, name in ((reading, "parse_command"), (reading, "read_message"),
                         (notation, "read_chat"), (notation, "_parse_cached")):
        cache_clear = getattr(getattr(module, name, None), "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


def per_message(check: Callable[[str], object], texts: list[str]) -> list[float]:
    """CPU microseconds per message of ``check`` over ``texts``, once per round, caches
    cleared."""
    rounds = []
    for _ in range(ROUNDS):
        _uncached()
        start = time.process_time()
        for text in texts:
            check(text)
        rounds.append((time.process_time() - start) / len(texts) * 1e6)
    return rounds


def timings() -> None:
    texts = [text for text, _ in PHRASINGS]
    cases: list[tuple[str, Callable[[str], object]]] = [
        ("for_the_bot (every channel message)", for_the_bot),
        ("meant_for_the_bot, English table", lambda t: meant_for_the_bot(t, True, True)),
    ]
    if hasattr(chat, "EVERY_LANGUAGE"):  # a German table, where busbot reads German
        cases.append(("meant_for_the_bot, German table",
                      lambda t: meant_for_the_bot(t, True, True, ("de", "en"))))
    print(f"CPU time per message over the corpus ({ROUNDS} rounds, caches cleared each "
          f"round):")
    for name, check in cases:
        rounds = per_message(check, texts)
        print(f"  {name:<40} median {statistics.median(rounds):6.1f} µs  "
              f"(min {min(rounds):.1f}, max {max(rounds):.1f}, "
              f"stdev {statistics.stdev(rounds):.1f})")


def main() -> None:
    total = len(PHRASINGS)
    print(f"corpus: {total} phrasings")
    kinds = Counter(kind for _, kind in PHRASINGS)
    print("  by what they are: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    verdicts = Counter(str(read_chat(text).verdict) for text, _ in PHRASINGS)
    print("  the strict reader: " + ", ".join(f"{k} {n}" for k, n in verdicts.items()))
    for writer, to_act in (("the player to act", True), ("another player or a spectator", False)):
        answered = sum(meant_for_the_bot(text, True, to_act) for text, _ in PHRASINGS)
        print(f"answered from {writer}: {answered}/{total} ({answered / total:.0%})")
    meant = [text for text, kind in PHRASINGS if kind != "talk"]
    got = sum(meant_for_the_bot(text, True, True) for text in meant)
    print(f"meant for the bot, answered from the player to act: {got}/{len(meant)} "
          f"({got / len(meant):.0%}); talk answered: "
          f"{sum(meant_for_the_bot(t, True, True) for t, k in PHRASINGS if k == 'talk')}")
    timings()


if __name__ == "__main__":
    main()
