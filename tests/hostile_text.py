"""Messages a hostile member of a public server would send, for the tests and ``bench_parse``.

Each is built to the length asked for from the shapes that make backtracking patterns slow:
long runs of whitespace, a separator repeated without the word that would end the match, many
words that each almost start a command or a move.
"""

from __future__ import annotations

from bot.service.router.registry import ENTRIES

#: fillers that are worst for a pattern that backtracks over what follows a command word
_FILLERS = (" ", "\t", " \n", " x", " with", " by", " as", ":", " :", " #", " 1", "=", " a=",
            " order", " game", " <@1>", " **", " ```", " @everyone", "\u200b", " \u202e")
#: move texts repeated to the length: clause separators, labels, numbers and move words
_MOVE_FILLERS = (" ", "c1 ", "place office at c1, ", "then ", "and ", ", ", "; ", "1", "a",
                 "vrooom ", "extend c1 c2 c3 c4 ", "deliver c1 c2 ", "2 passengers west ",
                 "choose lines buses ", "don't ", "w99 ")

#: the same for a German table's reader (German and English words, umlauts folded)
_GERMAN_MOVE_FILLERS = (" ", "b\u00fcro auf c1 und ", "\u00e4", "\u00df", "dann ", "und baue ",
                        "nicht ", "nehme einen ", "stelle die uhr ", "linie c1 c2 ",
                        "transport von c1 nach c2 ", "2 passagiere an den westbahnhof ",
                        "platzire ", "w99 ")


def _fill(head: str, filler: str, length: int, tail: str = "x") -> str:
    room = max(0, length - len(head) - len(tail))
    return head + (filler * (room // len(filler) + 1))[:room] + tail


def command_cases(length: int) -> dict[str, str]:
    """For every word of the command table and every filler, one message of ``length``."""
    heads = sorted({w for entry in ENTRIES for w in entry.words}
                   | {"new game", "start game order", "log all", "join as", "join red as",
                      "correct move", "as x"})
    cases = {}
    for head in heads:
        for i, filler in enumerate(_FILLERS):
            cases[f"{head}/{i}"] = _fill(head, filler, length)
            cases[f"{head}/{i}/open"] = _fill(head, filler, length, tail="")
    return cases


def move_cases(length: int) -> dict[str, str]:
    """Move-like messages of ``length`` for the engine's move reader."""
    return {f"move/{i}": _fill("", filler, length, tail="") for i, filler in
            enumerate(_MOVE_FILLERS)}


def german_move_cases(length: int) -> dict[str, str]:
    """Move-like messages of ``length`` for the move reader of a German table."""
    fillers = _MOVE_FILLERS + _GERMAN_MOVE_FILLERS
    return {f"move/{i}": _fill("", filler, length, tail="") for i, filler in enumerate(fillers)}
