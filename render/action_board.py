"""The action board: seven actions in the order they resolve, their lettered spaces, markers.

Every marker is a disc in its player's colour with the player's initial, so the board reads
without colour too. The space being resolved right now is ringed, and so is every marker
placed since the previous picture.
"""

from __future__ import annotations

from engine.moves import ACTION_TITLES, ACTIONS, SPACE_LETTERS, SPACES, ChooseAction
from render import theme
from render.layout import ACTIONS as BOX
from render.scene import Scene
from render.svgkit import caps, card, circle_path, path, rect_path, text

LETTERS = SPACE_LETTERS
ROW_TOP = BOX.y + 42
ROW_H = 43.5
SLOT_W = 38.0
SLOT_H = 34.0
SLOT_X = BOX.x + 196
SLOT_STEP = 44.0
MARKER_R = 14.0


def slot_centre(action: str, space: int) -> tuple[float, float]:
    row = ACTIONS.index(action)
    return (SLOT_X + space * SLOT_STEP + SLOT_W / 2, ROW_TOP + row * ROW_H + ROW_H / 2)


def spaces_of(action: str) -> int:
    return SPACES[action]


def actions_frame() -> str:
    """Card, headings, action titles with their resolution order, and the empty spaces."""
    out = [caps(BOX.x + 16, BOX.y + 21, "Actions", 13, fill=theme.INK_SOFT)]
    rules: list[str] = []
    for i, letter in enumerate(LETTERS):
        out.append(text(SLOT_X + i * SLOT_STEP + SLOT_W / 2, BOX.y + 21, letter, 14,
                        fill=theme.INK_SOFT, bold=True, anchor="middle"))
    slots: list[str] = []
    numbers: list[str] = []
    for row, action in enumerate(ACTIONS):
        y = ROW_TOP + row * ROW_H + ROW_H / 2
        if row:
            rules.append(f"M{BOX.x + 12:.1f} {y - ROW_H / 2:.1f}h{BOX.w - 24:.1f}")
        numbers.append(circle_path(BOX.x + 27, y, 10.5))
        out.append(text(BOX.x + 27, y, str(row + 1), 12, fill=theme.INK_SOFT, bold=True,
                        anchor="middle"))
        out.append(text(BOX.x + 45, y, ACTION_TITLES[action], 15.5, fill=theme.INK, bold=True,
                        class_="action", data_action=action))
        for space in range(spaces_of(action)):
            cx, cy = slot_centre(action, space)
            slots.append(rect_path(cx - SLOT_W / 2, cy - SLOT_H / 2, SLOT_W, SLOT_H, 8))
            out.append(text(cx, cy, LETTERS[space], 13, fill=theme.INK_FAINT, anchor="middle"))
    return "".join((
        card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
             shadow=theme.SHADOW),
        path("".join(rules), stroke="#ebe5d7", stroke_width=1.2),
        path("".join(slots), fill=theme.SLOT, stroke=theme.CARD_EDGE, stroke_width=1.2),
        path("".join(numbers), fill="none", stroke=theme.INK_FAINT, stroke_width=1.3),
        *out,
    ))


def actions_values(scene: Scene) -> str:
    """The markers on their spaces, and rings where something is happening."""
    state = scene.state
    discs: dict[int, list[str]] = {}
    tags: list[str] = []
    for action in ACTIONS:
        for space, seat in enumerate(state.spaces.get(action, [])):
            cx, cy = slot_centre(action, space)
            discs.setdefault(seat, []).append(circle_path(cx, cy, MARKER_R))
            colour = theme.player_colour(state.players[seat].colour, seat)
            tags.append(text(cx, cy, scene.tags[seat], 13, fill=theme.text_on(colour), bold=True,
                             anchor="middle", class_="marker", data_action=action,
                             data_space=LETTERS[space], data_seat=str(seat)))
    out: list[str] = []
    task = state.task
    if state.phase == "resolving" and task is not None and task.action in ACTIONS:
        cx, cy = slot_centre(task.action, task.space)
        out.append(path(rect_path(cx - SLOT_W / 2 - 3, cy - SLOT_H / 2 - 3, SLOT_W + 6,
                                  SLOT_H + 6, 10), fill="none", stroke=theme.ACT,
                        stroke_width=3.5, class_="resolving"))
    for seat, shapes in discs.items():
        colour = theme.player_colour(state.players[seat].colour, seat)
        out.append(path("".join(shapes), fill=colour, stroke=theme.edge_for(colour),
                        stroke_width=1.8))
    out.extend(tags)
    ringed: set[tuple[str, int]] = set()
    for seat, move in reversed(scene.changes.moves):
        if not isinstance(move, ChooseAction):
            continue
        # the newest of the seat's markers on that action not ringed yet
        taken = state.spaces.get(move.action, [])
        spaces = [i for i, s in enumerate(taken) if s == seat and (move.action, i) not in ringed]
        if not spaces:
            continue  # the round is over and the board was cleared
        ringed.add((move.action, spaces[-1]))
        cx, cy = slot_centre(move.action, spaces[-1])
        out.append(path(circle_path(cx, cy, MARKER_R + 5), fill="none", stroke=theme.HIGHLIGHT,
                        stroke_width=3.5, class_="last-move", data_action=move.action,
                        data_space=LETTERS[spaces[-1]]))
    return "".join(out)
