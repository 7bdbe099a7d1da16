"""The gallery's before-and-after pictures: what a whole game at the table (issue 32) changed in
the picture, each beside the same crop as it was drawn before.

``busbot gallery`` draws the "after" crops into ``docs/gallery/changes/`` from the sample game;
the "before" crops in ``docs/gallery/changes/before/`` were drawn once, by the code before the
change, from the same positions and boxes, and are kept (they cannot be drawn again); a pair
whose "before" is missing shows only the picture of today.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from engine import GameLog, replay
from render.layout import ACTIONS, LAYOUTS, PLAYERS, Box
from render.png import encode, render_png

#: The command that draws the gallery (``render.gallery`` names it from here).
GALLERY_COMMAND = "busbot gallery"
#: Seat notes as the service writes them, long enough to have been cut before.
EXAMPLE_NOTES = ("bot (normal), waiting 0 min of 24 h", "dropped", "away until 12 Dec, has a plan")


@dataclass(frozen=True, slots=True)
class Change:
    name: str  # the crop's file name without .png
    title: str
    caption: str
    moves: int  # the sample game's position
    layout: str
    box: Box  # in the layout's canvas units
    notes: bool = False  # drawn with ``EXAMPLE_NOTES`` on the first seats


def _on(layout: str, region: str, box: Box) -> Box:
    """``box`` (landscape canvas units) where ``layout`` puts ``region``."""
    dx, dy, k = LAYOUTS[layout].placement(region)
    return Box(box.x * k + dx, box.y * k + dy, box.w * k, box.h * k)


CHANGES: tuple[Change, ...] = (
    Change("counts", "Waiting passengers' counts touch their crossing",
           "The gallery's delivery (move 152). Before, WS's 7 stood between W2 and WS and the "
           "park's counts in the middle of the park, each on a thin tie; now each count "
           "touches its own crossing's disc (or, where nothing beside it is free, stands a few "
           "pixels off on a thick neck), always nearer its own crossing than any other.",
           152, "landscape", Box(60.0, 280.0, 660.0, 300.0)),
    Change("values", "What each action space gives now",
           "The gallery's round 4 choosing (move 94). A free space shows what it gives now "
           "(streets, a bus, passengers, buildings), a taken one the same on its marker's edge, "
           "greyed at 0: Line expansion space d gives nothing with a largest fleet of 3, and "
           "the passenger supply holds only 2.",
           94, "landscape", ACTIONS),
    Change("notes", "Seat notes are never cut",
           "The same position with the notes the service writes on seats (a bot's level and "
           "its wait, dropped, away and a plan). Before, they were cut (`BOT (NORMAL),...`); "
           "now a note is measured as drawn and wraps, then shrinks, within its row.",
           94, "landscape", PLAYERS, notes=True),
    Change("notes-phone", "Seat notes on the phone layout",
           "The same in the phone layout, where the card is as wide as the screen.",
           94, "phone", _on("phone", "players", PLAYERS), notes=True),
)


def crop(log: GameLog, change: Change) -> Image.Image:
    """The change's box of the sample game's picture, at one pixel per canvas unit."""
    game = replay(log, upto=change.moves)
    names = [p.name for p in game.state.players]
    notes = dict(zip(names, EXAMPLE_NOTES, strict=False)) if change.notes else {}
    layout = LAYOUTS[change.layout]
    size = round(max(layout.width, layout.height))
    png = render_png(game, size=size, layout=change.layout, move_highlight=False,
                     seat_notes=notes or None)
    with Image.open(io.BytesIO(png)) as picture:
        box = change.box
        return picture.convert("RGB").crop((round(box.x), round(box.y), round(box.right),
                                            round(box.bottom)))


def changes_section(out: Path, log: GameLog) -> tuple[list[str], list[Path]]:
    """The after crops and their page, ``out/changes/README.md``, which shows each beside its
    kept before crop; the gallery's lines that link the page, and the files written."""
    folder = out / "changes"
    folder.mkdir(exist_ok=True)
    written: list[Path] = []
    lines = [
        "# Before and after: what a whole game at the table showed",
        "",
        "A whole game played at a table (issue 32) found passenger counts that could be read "
        "as another crossing's, seat notes cut short, and an action board that never said "
        "what a space was worth. Each crop below is the picture before the change (left) and "
        f"today (right), of the same position of the sample game. `{GALLERY_COMMAND}` draws "
        "the pictures of today again; those of before are kept as they were.",
        "",
    ]
    for change in CHANGES:
        target = folder / f"{change.name}.png"
        target.write_bytes(encode(crop(log, change)))
        written.append(target)
        before = folder / "before" / f"{change.name}.png"
        shown = f"![Before: {change.title}](before/{before.name}) " if before.exists() else ""
        lines += [f"## {change.title}", "", change.caption, "",
                  f"{shown}![Today: {change.title}]({target.name})", ""]
    kept = [f"[{title}](before/whole/{name})" for title, name in WHOLE
            if (folder / "before" / "whole" / name).exists()]
    if kept:
        lines += [f"The whole pictures as they were before: {', '.join(kept)}.", ""]
    page = folder / "README.md"
    page.write_text("\n".join(lines), encoding="utf-8")
    written.append(page)
    link = [
        "What a whole game at the table changed in these pictures (the passenger counts, the "
        "seat notes and what each action space gives), [before and after](changes/README.md).",
        "",
    ]
    return link, written


#: Whole pictures of the gallery kept as they were before the change: (title, file name).
WHOLE = (("choosing", "choosing.png"), ("delivery", "delivery.png"), ("phone", "phone.png"))
