"""Reading untrusted text: parse time against message length, from 10 characters to the cap.

Every message is one of ``tests/hostile_text.py``'s worst cases (long whitespace runs, repeated
separators, near-commands) for every word of the command table, and move-like text for the
engine's move reader, as an English table reads them and as a German table does (German and
English words: ``tests/hostile_text.py``'s ``german_move_cases``), and the command messages
as a German table reads them (its command words and English ones: ``German commands``).
Linear growth shows as a steady time per 1,000 characters.

    .venv/bin/python benchmarks/bench_parse.py
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import contextlib

from bot.service.router.reading import command_in, parse_command, read_message  # noqa: E402
from engine import BusError, notation, parse_moves  # noqa: E402
from engine.limits import MAX_MESSAGE_CHARS  # noqa: E402
from tests.hostile_text import command_cases, german_move_cases, move_cases  # noqa: E402

LENGTHS = (10, 50, 100, 250, 500, 1000, 1500, MAX_MESSAGE_CHARS)


def _commands(text: str) -> None:
    parse_command.cache_clear()  # time reading, not the cache of recent messages
    read_message.cache_clear()
    parse_command(text)
    notation.read_chat.cache_clear()
    notation.read_chat(text)


def _moves(text: str) -> None:
    forget = getattr(notation, "_parse_cached", None)  # time reading, not the reader's cache
    if forget is not None:
        forget.cache_clear()
    with contextlib.suppress(BusError):
        parse_moves(text)


def _german_commands(text: str) -> None:
    """As ``_commands``, at a German table: its command words (``Hilfe``) and English ones."""
    parse_command.cache_clear()
    read_message.cache_clear()
    command_in(text, ("de", "en"))
    notation.read_chat.cache_clear()
    notation.read_chat(text, ("de", "en"))


def _german_moves(text: str) -> None:
    notation._parse_cached.cache_clear()
    with contextlib.suppress(BusError):
        parse_moves(text, ("de", "en"))


def timed(fn: Callable[[str], None], texts: list[str], repeat: int = 3) -> tuple[float, float]:
    """(mean, worst) seconds per message, the best of ``repeat`` rounds each."""
    best = [float("inf")] * len(texts)
    for _ in range(repeat):
        for i, text in enumerate(texts):
            start = time.perf_counter()
            fn(text)
            best[i] = min(best[i], time.perf_counter() - start)
    return sum(best) / len(best), max(best)


def main() -> None:
    print(f"{'chars':>6} | {'commands: mean':>14} {'worst':>9} {'worst/1k chars':>14} | "
          f"{'moves: mean':>11} {'worst':>9} {'worst/1k chars':>14} | "
          f"{'German: mean':>12} {'worst':>9} {'worst/1k chars':>14} | "
          f"{'German commands: mean':>21} {'worst':>9}")
    for length in LENGTHS:
        commands = list(command_cases(length).values())
        moves = list(move_cases(length).values())
        german = list(german_move_cases(length).values())
        c_mean, c_worst = timed(_commands, commands)
        m_mean, m_worst = timed(_moves, moves)
        g_mean, g_worst = timed(_german_moves, german)
        gc_mean, gc_worst = timed(_german_commands, commands)
        print(f"{length:>6} | {c_mean * 1e6:>11.1f} µs {c_worst * 1e6:>6.0f} µs "
              f"{c_worst * 1e6 * 1000 / length:>11.0f} µs | {m_mean * 1e6:>8.1f} µs "
              f"{m_worst * 1e6:>6.0f} µs {m_worst * 1e6 * 1000 / length:>11.0f} µs | "
              f"{g_mean * 1e6:>9.1f} µs {g_worst * 1e6:>6.0f} µs "
              f"{g_worst * 1e6 * 1000 / length:>11.0f} µs | {gc_mean * 1e6:>18.1f} µs "
              f"{gc_worst * 1e6:>6.0f} µs")
    print(f"({len(command_cases(10))} command messages, {len(move_cases(10))} move messages and "
          f"{len(german_move_cases(10))} German table move messages per length; best of 3 "
          f"rounds each)")


if __name__ == "__main__":
    main()
