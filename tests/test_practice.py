"""``busbot practice``: you against computer players in the terminal (issue 32, item 11: the
seat called "You" made "You chooses Buses.", "You passes.", "Vrrooomm (space a): You's 2
buses"; the seat now has a name the table says in the third person)."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from bot import practice
from bot.cli_common import practice_arguments
from engine.limits import LimitError


def _args(tmp_path: Path, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    practice_arguments(parser)
    return parser.parse_args(["--db", str(tmp_path / "p.db"), "--no-pictures", "--bots", "2",
                              "--level", "easy", *extra])


@pytest.mark.parametrize(("login", "name"), [
    ("ada", "Ada"), ("Bram", "Bram"), ("root", "Player"), ("", "Player"), ("you", "Player"),
    ("ci-runner", "Player"), ("x" * 60, "Player"),
])
def test_the_seat_takes_the_login_name_or_player(monkeypatch: pytest.MonkeyPatch, login: str,
                                                 name: str) -> None:
    monkeypatch.setattr(practice, "_login", lambda: login)
    assert practice.seat_name(None) == name


@pytest.mark.parametrize("given", ["You", "you", "me", "I"])
def test_a_second_person_name_is_refused(given: str) -> None:
    with pytest.raises(LimitError, match="third person"):
        practice.seat_name(given)
    assert practice.seat_name("Ada") == "Ada"


def test_a_practice_game_speaks_of_your_seat_in_the_third_person(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(practice, "_login", lambda: "root")
    out = io.StringIO()
    assert practice.main(_args(tmp_path), io.StringIO("moves\nstatus\nquit\n"), out) == 0
    said = out.getvalue()
    assert "A practice game: you (Player) against 2 computer players (easy)" in said
    assert "Player: place 2 starting buildings on free zone-A lots." in said
    assert not any(word in said for word in ("You chooses", "You passes", "You buys", "You's",
                                             "You places", "You: "))
    # a second start goes on with the same seat, whatever name it is given
    again = io.StringIO()
    assert practice.main(_args(tmp_path, "--name", "Ada"), io.StringIO("status\nquit\n"),
                         again) == 0
    assert "Your practice game goes on." in again.getvalue()
    assert "only you see this" not in again.getvalue()


def test_practice_refuses_a_second_person_name_before_it_starts(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str],
                                                                ) -> None:
    assert practice.main(_args(tmp_path, "--name", "You"), io.StringIO(""), io.StringIO()) == 2
    assert "--name 'You': the table speaks of every seat in the third person" in \
        capsys.readouterr().err
    assert not (tmp_path / "p.db").exists()


def test_a_practice_game_from_before_goes_on_with_its_seat_and_says_why_it_reads_you(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game started when the seat was called "You" is still yours to play (its seat's user
    is "You"), and the start says why its sentences read "You chooses"."""
    from bot import console
    from bot.api import Actor

    args = _args(tmp_path)
    service = console.open_service(console.settings(args))
    try:
        practice._set_up(service, Actor("You", "You"), 2, "easy", io.StringIO(), "pics")
    finally:
        service.close()
    monkeypatch.setattr(practice, "_login", lambda: "ada")
    out = io.StringIO()
    assert practice.main(args, io.StringIO("plan\nquit\n"), out) == 0
    said = out.getvalue()
    assert "Your practice game goes on." in said
    assert "Your seat in this game is named You, so its sentences read \"You chooses\"; a new " \
           "practice game names it Ada: `abandon` this one first." in said
    assert "You have no plan." in said  # a seated player's command: the seat is still yours
