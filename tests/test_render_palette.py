"""Players tell each other's colours apart, also with colour blindness (simulated)."""

from __future__ import annotations

import pytest

from engine import COLOURS
from render.palette import SEPARATION, VISIONS, difference, on_paper, pairs, seen


def test_the_simulation_confuses_what_colour_blind_people_confuse() -> None:
    red, green, blue, yellow = "#ff0000", "#00ff00", "#0000ff", "#ffff00"
    normal = difference(seen(red, "normal"), seen(green, "normal"))
    for vision in ("protanopia", "deuteranopia"):
        assert difference(seen(red, vision), seen(green, vision)) < normal * 0.6
    assert (difference(seen(blue, "tritanopia"), seen(green, "tritanopia"))
            < difference(seen(blue, "normal"), seen(green, "normal")) * 0.6)
    assert difference(seen(yellow, "normal"), seen(yellow, "normal")) == 0


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_player_colours_stay_apart(vision: str) -> None:
    closest, a, b = pairs(vision)[0]
    assert closest >= SEPARATION, f"{a} and {b} under {vision}"
    assert len(pairs(vision)) == len(COLOURS) * (len(COLOURS) - 1) // 2


@pytest.mark.parametrize("vision", list(VISIONS))
def test_purple_beside_red_is_easy_to_tell(vision: str) -> None:
    (gap,) = [d for d, a, b in pairs(vision) if {a, b} == {"red", "purple"}]
    assert gap >= 30


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_line_stands_out_from_the_paper(vision: str) -> None:
    nearest, name = on_paper(vision)[0]
    assert nearest >= 15, name
