"""Seat tags (the two characters on line heads, markers and the players' card) never read as
anything the map already names: a crossing (C1..C4, N1..N8, E1..E7, S1..S7, W1..W8), a station
(WS, ES) or a lot's zone letter."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BOARD, Game
from render import render_svg
from render.scene import player_tags
from tests.render_support import parse, with_class

#: every name on the map, in capitals
MAP_NAMES = {label.upper() for label in BOARD.labels} | {lot.zone.upper() for lot in BOARD.lots}


def reads_as_the_map(tag: str) -> bool:
    return tag.upper() in MAP_NAMES


def test_numbered_bots_are_not_tagged_as_crossings() -> None:
    # as `add bot normal` names them: two bots once got "N2" and "N3", beside N3 and N8
    tags = player_tags(["Normal Bot 2", "Normal Bot 3", "You"])
    assert tags == ("B2", "B3", "Yo")
    tags = player_tags(["Normal Bot", "Normal Bot 2", "Normal Bot 3", "Hard Bot", "Hard Bot 2"])
    assert len(set(tags)) == 5 and not any(map(reads_as_the_map, tags)), tags


def test_names_that_begin_like_a_station_or_a_crossing_get_another_tag() -> None:
    tags = player_tags(["Wsevolod", "Esther", "Sam", "C1ara"])
    assert not any(map(reads_as_the_map, tags)), tags
    assert tags[:2] == ("Wd", "Er")  # the first and last letters
    assert player_tags(["N2", "E5", "W", "S"]) == ("P1", "P2", "P3", "P4")
    # a letter whose capital is two letters ("ß" -> "SS") keeps its own form
    assert player_tags(["0", "0", "ß"]) == ("01", "02", "ß3")


def test_the_drawn_heads_and_markers_carry_the_safe_tags() -> None:
    game = Game(["Normal Bot 2", "Normal Bot 3", "Ada"])
    for name, text in [("Normal Bot 2", "Place Office at C2"), ("Normal Bot 2", "Place Pub at E3"),
                       ("Normal Bot 3", "Place House at C1"), ("Normal Bot 3", "Place Pub at C4"),
                       ("Ada", "Place Pub at W3"), ("Ada", "Place House at W5"),
                       ("Normal Bot 2", "Start line between N2 and N5")]:
        game.play(name, text)
    root = parse(render_svg(game))
    heads = {n.text for n in with_class(root, "head")}
    assert heads == {"B2"}
    assert not any(reads_as_the_map(n.text or "") for n in with_class(root, "head"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.text(min_size=1, max_size=12),
    st.sampled_from(["Normal Bot", "Normal Bot 2", "Normal Bot 3", "Easy Bot 4", "Wes", "Esther",
                     "N2", "C1", "Ada", "Adam", "Ann", "e5", "W8ter", "Sa", "S"]),
), min_size=3, max_size=5))
def test_tags_are_two_characters_unique_and_never_a_name_on_the_map(names: list[str]) -> None:
    tags = player_tags(names)
    assert len(tags) == len(names) and len(set(tags)) == len(tags)
    for tag in tags:
        assert len(tag) == 2 and not reads_as_the_map(tag), (names, tags)
