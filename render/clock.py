"""The clock card in the city's empty top-left corner: round, phase, time of day, stones, supply.

The three times of day are always shown in their order, so a player sees both what the clock
shows now and what comes next; the current one is the only tile in full colour.
"""

from __future__ import annotations

from engine.moves import ACTION_TITLES
from engine.state import CLOCK, GameState
from render import theme
from render.icons import icon
from render.layout import CLOCK as BOX
from render.scene import Scene
from render.svgkit import card, circle_path, element, path, rect_path, text
from render.textfit import count_text

TILE_W = 64.0
TILE_H = 52.0
TILE_Y = BOX.y + 62
NAME_Y = TILE_Y + TILE_H + 13
STONE_Y = BOX.y + 158
SUPPLY_Y = BOX.y + 185
#: Stones drawn one by one at most; the "Clock stones" caption leaves room for seven.
STONES_SHOWN = 7


def _tile_x(index: int) -> float:
    return BOX.x + 16 + index * (TILE_W + 14)


def clock_frame() -> str:
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
    out.append(text(BOX.x + 16, STONE_Y, "Clock stones", 13.5, fill=theme.INK_SOFT))
    out.append(text(BOX.x + 16, SUPPLY_Y, "Passenger supply", 13.5, fill=theme.INK_SOFT))
    return "".join(out)


def phase_text(state: GameState) -> str:
    if state.phase == "setup":
        return "starting buildings and lines"
    if state.phase == "choosing":
        return "choosing actions"
    if state.phase == "over":
        return "game over"
    task = state.task
    if task is not None and task.action in ACTION_TITLES:
        return f"resolving: {ACTION_TITLES[task.action]}"
    return "resolving actions"


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


def clock_values(scene: Scene) -> str:
    state = scene.state
    kind = state.clock_type
    title = "Setup" if state.phase == "setup" else f"Round {state.round}"
    out = [
        text(BOX.x + 16, BOX.y + 24, title, 23, fill=theme.INK, bold=True, class_="round"),
        text(BOX.x + 16, BOX.y + 48, phase_text(state), 14, fill=theme.INK_SOFT, class_="phase"),
    ]
    x = _tile_x(state.clock)
    out.append(path(rect_path(x, TILE_Y, TILE_W, TILE_H, 9), fill=theme.BUILDING_FILL[kind],
                    stroke=theme.INK, stroke_width=3, class_="clock", data_clock=kind))
    out.append(path(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 36),
                    fill=theme.BUILDING_INK[kind]))
    out.append(path(icon(kind).at(x + TILE_W / 2, TILE_Y + TILE_H / 2, 36, "detail"),
                    fill=theme.BUILDING_DETAIL))
    for i, name in enumerate(CLOCK):
        now = i == state.clock
        out.append(text(_tile_x(i) + TILE_W / 2, NAME_Y, f"{name} now" if now else name, 12.5,
                        fill=theme.INK if now else theme.INK_FAINT, bold=now, anchor="middle"))
    out.append(_stones(state.clock_stones_left, state.options.clock_stones))
    out.append(text(BOX.right - 16, SUPPLY_Y, count_text(state.passenger_supply), 17,
                    fill=theme.INK, bold=True, anchor="end", class_="supply"))
    if scene.changes.clock:
        out.append(element("rect", x=BOX.x - 3, y=BOX.y - 3, width=BOX.w + 6, height=BOX.h + 6,
                           rx=14, fill="none", stroke=theme.HIGHLIGHT, stroke_width=4,
                           class_="last-move"))
    return "".join(out)
