"""The clock card in the city's empty top-left corner: round, phase, time of day, stones, supply.

The three times of day are always shown in their order, so a player sees both what the clock
shows now and what comes next; the current one is the only tile in full colour.
"""

from __future__ import annotations

from engine.moves import ACTION_NAMES, BUILDING_NAME
from engine.state import CLOCK, GameState
from engine.text import ENGLISH, Msg, Text, Words
from render import theme
from render.icons import icon
from render.layout import CLOCK as BOX
from render.scene import Scene
from render.svgkit import card, circle_path, element, path, rect_path, text, text_lines
from render.textfit import count_text, fit_block, fit_line

TILE_W = 64.0
TILE_H = 52.0
TILE_Y = BOX.y + 62
NAME_Y = TILE_Y + TILE_H + 13
STONE_Y = BOX.y + 158
SUPPLY_Y = BOX.y + 185
#: Stones drawn one by one at most; the "Clock stones" caption leaves room for seven.
STONES_SHOWN = 7

STONES = Msg("render.clock.stones", "Clock stones")
SUPPLY = Msg("render.clock.supply", "Passenger supply")
SETUP = Msg("render.clock.setup", "Setup")
ROUND = Msg("render.clock.round", "Round {n}")
#: What the game is doing now, under the round.
PHASES = {
    "setup": Msg("render.clock.phase.setup", "starting buildings and lines"),
    "choosing": Msg("render.clock.phase.choosing", "choosing actions"),
    "over": Msg("render.clock.phase.over", "game over"),
    "resolving": Msg("render.clock.phase.resolving", "resolving actions"),
}
#: ``action`` is the action's name (``engine.moves.ACTION_NAMES``).
RESOLVING = Msg("render.clock.phase.resolving_action", "resolving: {action}")
#: The three times of day under their tiles, named by their building type
#: (``engine.moves.BUILDING_NAME``); the one the clock shows is "... now".
NOW = Msg("render.clock.now", "{kind} now")
#: The captions' type size and the smallest a longer translation may shrink one to; the room
#: of the stones' caption ends before the seventh stone, the supply's before its count.
CAPTION_SIZE = 13.5
CAPTION_SMALLEST = 8.0
STONES_ROOM = BOX.w - 22 - (STONES_SHOWN - 1) * 19 - 7.5 - 6 - 16
#: Half the height the stones' caption may take, about its row (two lines at 10 or less).
STONES_HALF = 12.0
SUPPLY_ROOM = BOX.w - 16 - 16 - 56
TITLE_SIZE = 23.0
PHASE_SIZE = 14.0
#: The tiles' names: each centred under its tile, with the tile and the gap beside it as room.
KIND_SIZE = 12.5
KIND_ROOM = TILE_W + 12
KIND_TOP = TILE_Y + TILE_H + 3
KIND_BOTTOM = STONE_Y - STONES_HALF - 1


def _tile_x(index: int) -> float:
    return BOX.x + 16 + index * (TILE_W + 14)


def clock_frame(words: Words = ENGLISH) -> str:
    """The card, the three faded time tiles with arrows between them, and the row captions."""
    out = [card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)]
    faded: list[str] = []
    cutouts: list[str] = []
    for i, kind in enumerate(CLOCK):
        x = _tile_x(i)
        out.append(path(rect_path(x, TILE_Y, TILE_W, TILE_H, 9), fill=theme.SLOT,
                        stroke=theme.CARD_EDGE, stroke_width=1.2))
        faded.append(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 32))
        cutouts.append(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 32, "detail"))
        if i < 2:
            ax = x + TILE_W + 7
            out.append(path(f"M{ax - 3:.1f} {TILE_Y + TILE_H / 2 - 5:.1f}l5 5l-5 5",
                            stroke=theme.INK_FAINT, stroke_width=2, stroke_linecap="round",
                            stroke_linejoin="round"))
    out.append(path("".join(faded), fill=theme.INK_FAINT, fill_opacity=0.55))
    out.append(path("".join(cutouts), fill=theme.SLOT))
    # the stones' caption may take two lines beside its row of stones; the supply's has one
    stones = fit_block(words(STONES()), CAPTION_SIZE, STONES_ROOM, 2 * STONES_HALF,
                       smallest=CAPTION_SMALLEST)
    first = STONE_Y - (stones.height - stones.step) / 2
    out.append(text_lines(BOX.x + 16, first, stones.lines, stones.size, stones.step,
                          fill=theme.INK_SOFT))
    supply = fit_line(words(SUPPLY()), CAPTION_SIZE, SUPPLY_ROOM, smallest=CAPTION_SMALLEST)
    out.append(text(BOX.x + 16, SUPPLY_Y, supply.content, supply.size, fill=theme.INK_SOFT))
    return "".join(out)


def phase_text(state: GameState) -> Text:
    if state.phase in ("setup", "choosing", "over"):
        return PHASES[state.phase]()
    task = state.task
    if task is not None and task.action in ACTION_NAMES:
        return RESOLVING(action=ACTION_NAMES[task.action]())
    return PHASES["resolving"]()


def _stones(left: int, start: int) -> str:
    """One disc per stone, left ones full and taken ones dashed; where more stones than
    ``STONES_SHOWN`` would crowd the card, one disc and the count instead."""
    total = max(start, left)
    if total > STONES_SHOWN:
        return (path(circle_path(BOX.right - 22, STONE_Y, 7.5), fill="#5b5f6b", stroke=theme.INK,
                     stroke_width=1.2, class_="stones-left", data_count=str(left))
                + text(BOX.right - 36, STONE_Y, f"{count_text(left)} ×", 15, fill=theme.INK,
                       bold=True, anchor="end", class_="stones-count"))
    full: list[str] = []
    taken: list[str] = []
    for i in range(total):
        cx = BOX.right - 22 - (total - 1 - i) * 19
        (full if i < left else taken).append(circle_path(cx, STONE_Y, 7.5))
    return (path("".join(full), fill="#5b5f6b", stroke=theme.INK, stroke_width=1.2,
                 class_="stones-left", data_count=str(left))
            + path("".join(taken), fill="none", stroke=theme.INK_FAINT, stroke_width=1.5,
                   stroke_dasharray="3 2"))


def _kind_name(index: int, kind: str, now: bool, words: Words) -> list[str]:
    """A time of day's name under its tile (the current one bold, "... now"): on one line, or
    (a longer translation) smaller and on two, within the tile's width and the gaps beside."""
    label = NOW(kind=BUILDING_NAME[kind]()) if now else BUILDING_NAME[kind]()
    block = fit_block(words(label), KIND_SIZE, KIND_ROOM, KIND_BOTTOM - KIND_TOP,
                      smallest=8.0, bold=now)
    x = _tile_x(index) + TILE_W / 2
    first = (NAME_Y if len(block.lines) == 1
             else (KIND_TOP + KIND_BOTTOM - block.height + block.step) / 2)
    return [text(x, first + i * block.step, line, block.size,
                 fill=theme.INK if now else theme.INK_FAINT, bold=now, anchor="middle")
            for i, line in enumerate(block.lines)]


def clock_values(scene: Scene) -> str:
    state = scene.state
    words = scene.words
    kind = state.clock_type
    title = fit_line(words(SETUP() if state.phase == "setup" else ROUND(n=state.round)),
                     TITLE_SIZE, BOX.w - 32, smallest=12.0, bold=True)
    phase = fit_line(words(phase_text(state)), PHASE_SIZE, BOX.w - 32, smallest=8.0)
    out = [
        text(BOX.x + 16, BOX.y + 24, title.content, title.size, fill=theme.INK, bold=True,
             class_="round"),
        text(BOX.x + 16, BOX.y + 48, phase.content, phase.size, fill=theme.INK_SOFT,
             class_="phase"),
    ]
    x = _tile_x(state.clock)
    out.append(path(rect_path(x, TILE_Y, TILE_W, TILE_H, 9), fill=theme.BUILDING_FILL[kind],
                    stroke=theme.INK, stroke_width=3, class_="clock", data_clock=kind))
    out.append(path(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 36),
                    fill=theme.BUILDING_INK[kind]))
    out.append(path(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 36, "detail"),
                    fill=theme.BUILDING_DETAIL))
    for i, name in enumerate(CLOCK):
        out.extend(_kind_name(i, name, i == state.clock, words))
    out.append(_stones(state.clock_stones_left, state.options.clock_stones))
    out.append(text(BOX.right - 16, SUPPLY_Y, count_text(state.passenger_supply), 17,
                    fill=theme.INK, bold=True, anchor="end", class_="supply"))
    if scene.changes.clock:
        out.append(element("rect", x=BOX.x - 3, y=BOX.y - 3, width=BOX.w + 6, height=BOX.h + 6,
                           rx=14, fill="none", stroke=theme.HIGHLIGHT, stroke_width=4,
                           class_="last-move"))
    return "".join(out)
