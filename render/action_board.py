"""The action board: seven actions in the order they resolve, their lettered spaces, markers,
and what each space brings now.

Every marker is a disc in its player's colour with the player's initial, so the board reads
without colour too. The space being resolved right now is ringed, and so is every marker
placed since the previous picture. Each space of Line expansion, Buses, Passengers and
Buildings still to resolve this round shows what it gives as the position stands
(``engine.worth``: streets, a bus, passengers, buildings): a number in a free space, a small
disc on a marker's edge in a taken one, greyed where it is 0, so nobody chooses a space worth
nothing by mistake. The letters head the columns.
"""

from __future__ import annotations

from engine.moves import ACTION_NAMES, ACTIONS, SPACE_LETTERS, SPACES, ChooseAction
from engine.text import ENGLISH, Msg, Words
from engine.worth import space_worth
from render import theme
from render.layout import ACTIONS as BOX
from render.scene import Scene
from render.svgkit import caps, card, circle_path, path, rect_path, text
from render.textfit import count_text, fit_block, fit_few_lines, fit_line

LETTERS = SPACE_LETTERS
ROW_TOP = BOX.y + 42
ROW_H = 43.5
SLOT_W = 38.0
SLOT_H = 34.0
SLOT_X = BOX.x + 196
SLOT_STEP = 44.0
MARKER_R = 14.0

TITLE = Msg("render.actions.title", "Actions")
#: An action's name (``engine.moves.ACTION_NAMES``, as every sentence names it): its type
#: size, where it starts, its room (up to its first space), the smallest a longer
#: translation may shrink it to (on two lines where it has a space).
NAME_SIZE = 15.5
NAME_X = BOX.x + 45
NAME_ROOM = SLOT_X - 6 - NAME_X
NAME_SMALLEST = 8.5
TITLE_SIZE = 13.0


def slot_centre(action: str, space: int) -> tuple[float, float]:
    row = ACTIONS.index(action)
    return (SLOT_X + space * SLOT_STEP + SLOT_W / 2, ROW_TOP + row * ROW_H + ROW_H / 2)


def spaces_of(action: str) -> int:
    return SPACES[action]


def actions_frame(words: Words = ENGLISH) -> str:
    """Card, headings, action titles with their resolution order, and the empty spaces."""
    title = fit_line(words(TITLE()).upper(), TITLE_SIZE, KEY_X - 6 - (BOX.x + 16),
                     smallest=8.0, bold=True, spacing=1.2)
    out = [caps(BOX.x + 16, BOX.y + 21, title.content, title.size, fill=theme.INK_SOFT)]
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
        out.extend(_name(y, action, words))
        for space in range(spaces_of(action)):
            cx, cy = slot_centre(action, space)
            slots.append(rect_path(cx - SLOT_W / 2, cy - SLOT_H / 2, SLOT_W, SLOT_H, 8))
    out.extend(_key(words))
    return "".join((
        card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
             shadow=theme.SHADOW),
        path("".join(rules), stroke="#ebe5d7", stroke_width=1.2),
        path("".join(slots), fill=theme.SLOT, stroke=theme.CARD_EDGE, stroke_width=1.2),
        path("".join(numbers), fill="none", stroke=theme.INK_FAINT, stroke_width=1.3),
        *out,
    ))


def _name(y: float, action: str, words: Words) -> list[str]:
    """An action's name left of its spaces, centred on its row: on one line, or (a longer
    translation) smaller and on two lines, measured as drawn."""
    block = fit_block(words(ACTION_NAMES[action]()), NAME_SIZE, NAME_ROOM, ROW_H - 6,
                      smallest=NAME_SMALLEST, bold=True)
    top = y - block.height / 2
    return [text(NAME_X, y if len(block.lines) == 1 else top + block.step * (i + 0.5), line,
                 block.size, fill=theme.INK, bold=True, class_="action", data_action=action)
            for i, line in enumerate(block.lines)]


#: The key to the numbers on the spaces, beside the card's title (one template, fitted by
#: measure: a longer translation wraps and shrinks within its room).
WORTH_KEY = Msg("render.actions.worth_key", "Numbers: what a space gives now")
KEY_SIZE = 11.0
KEY_SMALLEST = 7.5
#: The key's room: between the card's title and the column letters, above the first row.
KEY_X = BOX.x + 104
KEY_ROOM = SLOT_X - 8 - KEY_X
KEY_TOP = BOX.y + 6
KEY_H = ROW_TOP - 4 - KEY_TOP
#: A free space's number, and the small disc on a taken space's marker.
WORTH_SIZE = 16.0
BADGE_SIZE = 12.0
BADGE_R = 8.5


def _key(words: Words) -> list[str]:
    block = fit_few_lines(words(WORTH_KEY()), KEY_SIZE, KEY_ROOM, KEY_H, few=2, readable=9.5,
                          smallest=KEY_SMALLEST)
    top = KEY_TOP + (KEY_H - block.height) / 2
    return [text(KEY_X, top + block.step * (i + 0.5), line, block.size, fill=theme.INK_SOFT,
                 class_="worth-key")
            for i, line in enumerate(block.lines)]


def worth_marks(scene: Scene) -> str:
    """What each space still to resolve brings now (``engine.worth``)."""
    out: list[str] = []
    badges: list[str] = []
    faint: list[str] = []
    for (action, space), worth in space_worth(scene.state).items():
        cx, cy = slot_centre(action, space)
        value = count_text(worth.count)
        ink = theme.INK if worth.count else theme.INK_FAINT
        data = {"class_": "worth", "data_action": action, "data_space": LETTERS[space],
                "data_count": str(worth.count), "data_unit": worth.unit}
        if worth.seat is None:
            out.append(text(cx, cy, value, WORTH_SIZE, fill=ink, bold=True, anchor="middle",
                            **data))
            continue
        bx, by = cx + SLOT_W / 2 - 4, cy + SLOT_H / 2 - 5
        (badges if worth.count else faint).append(circle_path(bx, by, BADGE_R))
        out.append(text(bx, by, value, BADGE_SIZE, fill=ink, bold=True, anchor="middle",
                        **data))
    discs = [path("".join(shapes), fill=theme.CARD, stroke=edge, stroke_width=1.5)
             for shapes, edge in ((badges, theme.INK), (faint, theme.INK_FAINT)) if shapes]
    return "".join(discs) + "".join(out)


def actions_values(scene: Scene) -> str:
    """The markers on their spaces, what each space brings, and rings where something is
    happening."""
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
    out.append(worth_marks(scene))
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
