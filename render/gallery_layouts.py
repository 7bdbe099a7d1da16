"""The gallery's section on layouts: one table drawn in each layout, what a phone shows of it,
and the two ways of tying lots to their crossings that were weighed.

Written into ``docs/gallery/layouts/`` by ``busbot gallery`` with the rest of the gallery.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PIL import Image

from engine import Game
from render.layout import LANDSCAPE, LAYOUTS, Layout
from render.measure import AT_TIMES, PHONE_WIDTH, SMALL_PRINT, label_heights
from render.png import encode, rasterise
from render.scene import Scene
from render.svg import layers

#: A phone's screen in CSS pixels, and how many device pixels each is drawn with in the crop.
SCREEN_H = 844
DENSITY = 2
#: The park, where lots of four crossings crowd together (canvas coordinates).
PARK = (230, 400, 660, 770)


def _png(image: Image.Image) -> bytes:
    return encode(image.convert("RGB"))


def _picture(game: Game, previous: Game, layout: Layout, width: int) -> Image.Image:
    """The table in ``layout``, ``width`` pixels wide."""
    scene = Scene.of(game, previous=previous)
    long_side = round(width * max(layout.width, layout.height) / layout.width)
    return rasterise(layers(scene, layout), long_side)


def _phone_screen(game: Game, previous: Game, layout: Layout) -> Image.Image:
    """What a phone 390 CSS pixels wide shows of the picture on its first screen."""
    width = round(PHONE_WIDTH * DENSITY)
    picture = _picture(game, previous, layout, width)
    return picture.crop((0, 0, width, min(picture.height, SCREEN_H * DENSITY)))


def _ties(game: Game, previous: Game, lots: str) -> Image.Image:
    """The park at twice the canvas's scale, with lots tied ``lots``-wise."""
    layout = dataclasses.replace(LANDSCAPE, lots=lots)
    picture = _picture(game, previous, layout, round(2 * LANDSCAPE.width))
    left, top, right, bottom = PARK
    return picture.crop((2 * left, 2 * top, 2 * right, 2 * bottom))


def layouts_section(out: Path, game: Game, previous: Game,
                    shown_as: str = "the delivery above") -> tuple[list[str], list[Path]]:
    """The section's pictures, written into ``out/layouts``, each layout at its own size; its
    markdown lines and files. ``shown_as`` names the position drawn, as the page calls it."""
    folder = out / "layouts"
    folder.mkdir(exist_ok=True)
    written: list[Path] = []

    def save(name: str, image: Image.Image) -> str:
        target = folder / name
        target.write_bytes(_png(image))
        written.append(target)
        return f"layouts/{name}"

    from render import render_svg

    kinds = {**SMALL_PRINT, **AT_TIMES}
    lines = [
        "## Layouts: a computer, a tablet, a phone",
        "",
        f"The same table ({shown_as}) in each layout. A player chooses theirs with "
        "`layout phone` (or `portrait`, `landscape`); a moderator chooses the channel's with "
        "`layout channel phone`; the server's default is `picture_layout` in `config.toml`. "
        "`map phone` draws one picture another way. The smallest crossing label, passenger "
        f"count, action-board marker and action-space value on a phone {PHONE_WIDTH:g} CSS "
        "pixels wide:",
        "",
        "| layout | " + " | ".join(kinds.values()) + " |",
        "|---|" + "---|" * len(kinds),
    ]
    for name in LAYOUTS:
        heights = label_heights(render_svg(game, previous=previous, layout=name), kinds=kinds)
        lines.append(f"| {name} | " + " | ".join(
            f"{heights[k]:.1f} px" if k in heights else "-" for k in kinds) + " |")
    lines.append("")
    for name, layout in LAYOUTS.items():
        if name == "landscape":
            continue  # the pictures above
        width = round(layout.size * layout.width / max(layout.width, layout.height))
        shown = save(f"{name}.png", _picture(game, previous, layout, width))
        lines += [f"### {name.capitalize()}", "", f"![The table in the {name} layout]({shown})",
                  ""]
    lines += [
        "### On a phone",
        "",
        f"What a phone {PHONE_WIDTH:g} CSS pixels wide shows on its first screen (drawn at "
        f"{DENSITY}x, as a phone's screen does): the phone layout, then the landscape picture "
        "fitted to the same width. The phone layout goes on below the city with the banner, "
        "the action board and the players, each as wide as the screen.",
        "",
        f"![The phone layout on a phone]({save('phone-screen.png', _phone_screen(game, previous, LAYOUTS['phone']))}) "  # noqa: E501
        f"![The landscape picture on a phone]({save('landscape-on-phone.png', _phone_screen(game, previous, LANDSCAPE))})",  # noqa: E501
        "",
        "### Which crossing a building belongs to",
        "",
        "Around the park the lots of W5, C1, C4 and S1 sit side by side, and a delivery depends "
        "on which crossing a building belongs to. Two ways of tying them were drawn: a "
        "connector from the crossing to each lot, in the building's colour once built (left), "
        "and each lot drawn touching its crossing (right). busbot draws connectors: a card "
        "touching a disc often touches it only at a corner, where it reads no better than a "
        "lot beside the disc, and pulling every card onto its disc crowds the streets; a "
        "connector says it in one line, and each lot keeps the room it had.",
        "",
        f"![Connectors]({save('ties-connector.png', _ties(game, previous, 'connector'))}) "
        f"![Touching lots]({save('ties-touching.png', _ties(game, previous, 'touching'))})",
        "",
    ]
    return lines, written
