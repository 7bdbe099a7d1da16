"""The chat filter on the corpus of tests/test_chat_reading.py: how many phrasings there are,
what the strict reader calls them, and the share each kind of writer gets an answer to.

    .venv/bin/python benchmarks/bench_chat.py
"""

from __future__ import annotations

import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.service.router.chat import meant_for_the_bot  # noqa: E402
from engine.notation import read_chat  # noqa: E402
from tests.test_chat_reading import PHRASINGS  # noqa: E402


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


if __name__ == "__main__":
    main()
