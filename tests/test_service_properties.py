"""Random sessions of commands from players, moderators and strangers: every refusal changes
nothing, and a service started afresh on the database agrees with the one that played."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import GameService
from tests.service_support import Table, actor, fake_png, started

USERS = ("Arcsyn", "Daemonis", "Hedgethorn", "Zed")  # Arcsyn moderates; Zed only watches
COMMANDS = ("legal", "legal-by-other", "undo", "undo last 2", "undo to", "redo", "as", "correct",
            "drop", "replace", "pause", "resume", "garbage", "nudge")


def _text(table: Table, command: str, choice: int) -> tuple[str, str]:
    seat = table.to_act()
    options = table.service.choices(table.place, actor(seat)) if seat else []
    move = options[choice % len(options)] if options else "Pass"
    user = USERS[choice % len(USERS)]
    if command == "legal":
        return seat or user, move
    if command == "legal-by-other":
        return user, move
    if command == "as":
        return user, f"as {seat or 'Daemonis'}: {move}"
    if command == "correct":
        return user, f"correct {choice % 12 + 1}: {move}"
    if command == "undo to":
        return user, f"undo to {choice % 12 + 1}"
    if command == "drop":
        return user, f"drop {USERS[choice % 3]}"
    if command == "replace":
        return user, f"replace {USERS[choice % 3]} with {USERS[(choice + 1) % 4]}"
    if command == "garbage":
        return user, "Place Office at Q7 then fly"
    return user, command


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(COMMANDS), st.integers(0, 10_000)), max_size=40))
def test_refusals_change_nothing_and_a_restart_agrees(steps: list[tuple[str, int]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "busbot.db")
        table = Table(GameService(path, renderer=fake_png))
        started(table, 3, names=USERS[:3])
        for command, choice in steps:
            user, text = _text(table, command, choice)
            before = table.snapshot()
            reply = table.say(user, text)
            if not reply.ok:
                assert table.snapshot() == before, (user, text, reply.text)
                assert reply.picture is None and not reply.changed
            else:
                assert (table.snapshot() != before) == reply.changed, (user, text)
        looks = [table.ok("Zed", t).text for t in ("status", "log all", "moves")]
        exported = table.export("json")
        table.service.close()
        fresh = Table(GameService(path, renderer=fake_png))
        assert [fresh.ok("Zed", t).text for t in ("status", "log all", "moves")] == looks
        assert fresh.export("json") == exported
        fresh.service.close()
