"""The players' card: a small table, one row per player, one column per thing they own.

Column heads carry the icons once, so each row is only a name and numbers: a row reads at a
glance, and the numbers line up from player to player. The row of the player who must act is
tinted; tags under the name say who starts, who passed and, at the end, each player's place:
once the game is over the rows are in ranking order, best first.
"""

from __future__ import annotations

from render import theme
from render.icons import icon
from render.layout import PLAYERS as BOX
from render.layout import PLAYERS_HEAD, player_row_height
from render.scene import Scene
from render.svgkit import caps, card, circle_path, element, path, rect_path, text
from render.textfit import count_text, shorten, width

CHIP_R = 16.0
NAME_SIZE = 19.0
VALUE_SIZE = 19.0
SCORE_SIZE = 27.0
TAG_SIZE = 11.0
#: column centres, from the card's left edge
COLUMNS = (("carried", 246.0), ("stones", 296.0), ("buses", 346.0), ("markers", 396.0))
SCORE_X = 442.0
NAME_ROOM = 176.0


def row_top(row: int, players: int) -> float:
    return BOX.y + PLAYERS_HEAD + row * player_row_height(players)


def players_frame(players: int) -> str:
    """Card, column heads and the lines between the rows."""
    out = [card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)]
    out.append(caps(BOX.x + 16, BOX.y + 21, "Players", 13, fill=theme.INK_SOFT))
    heads: list[str] = []
    details: list[str] = []
    for name, x in COLUMNS:
        cx = BOX.x + x
        if name == "stones":
            heads.append(circle_path(cx, BOX.y + 17, 8))
        elif name == "markers":
            heads.append(circle_path(cx, BOX.y + 17, 9))
            details.append(circle_path(cx, BOX.y + 17, 4.5))
        else:
            shape = icon("passenger" if name == "carried" else "bus")
            heads.append(shape.at(cx, BOX.y + 16, 20))
            details.append(shape.at(cx, BOX.y + 16, 20, "detail"))
        out.append(text(cx, BOX.y + 38, name, 11.5, fill=theme.INK_SOFT, anchor="middle"))
    out.append(path("".join(heads), fill="#5b5f6b"))
    out.append(path("".join(details), fill=theme.CARD))
    out.append(text(BOX.x + SCORE_X, BOX.y + 17, "=", 16, fill=theme.INK_SOFT, bold=True,
                    anchor="middle"))
    out.append(text(BOX.x + SCORE_X, BOX.y + 38, "score", 11.5, fill=theme.INK_SOFT,
                    anchor="middle"))
    rules = "".join(f"M{BOX.x + 12:.1f} {row_top(seat, players):.1f}h{BOX.w - 24:.1f}"
                    for seat in range(players))
    out.append(path(rules, stroke="#ebe5d7", stroke_width=1.2))
    return "".join(out)


def players_names(scene: Scene) -> str:
    """Each row's colour chip and name; above the row tint that marks who must act."""
    out: list[str] = []
    players = scene.state.players
    tags = scene.tags
    n = len(players)
    h = player_row_height(n)
    for seat, (name, colour_name) in enumerate((p.name, p.colour) for p in players):
        mid = row_top(scene.rows[seat], n) + h / 2
        colour = theme.player_colour(colour_name, seat)
        out.append(path(circle_path(BOX.x + 30, mid, CHIP_R), fill=colour,
                        stroke=theme.edge_for(colour), stroke_width=2))
        out.append(text(BOX.x + 30, mid, tags[seat], 15, fill=theme.text_on(colour), bold=True,
                        anchor="middle"))
        out.append(text(BOX.x + 56, mid - 9, shorten(name, NAME_SIZE, NAME_ROOM, bold=True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="player-name",
                        data_seat=str(seat)))
    return "".join(out)


def acting_row(scene: Scene) -> str:
    """The tint behind the row of the player who must act now."""
    if scene.decision is None:
        return ""
    n = len(scene.state.players)
    h = player_row_height(n)
    seat = scene.decision.seat
    top = row_top(scene.rows[seat], n)
    return (path(rect_path(BOX.x + 6, top + 2, BOX.w - 12, h - 4, 9), fill="#fde3cf",
                 class_="acting", data_seat=str(seat))
            + path(rect_path(BOX.x + 6, top + 2, 5, h - 4, 2.5), fill=theme.ACT))


def players_values(scene: Scene) -> str:
    """Numbers, and the tags under the names."""
    state = scene.state
    n = len(state.players)
    h = player_row_height(n)
    out: list[str] = []
    for p in state.players:
        top = row_top(scene.rows[p.seat], n)
        mid = top + h / 2
        values = (p.carried, p.stones, p.buses, p.markers)
        for (column, x), value in zip(COLUMNS, values, strict=True):
            if column == "buses" and p.seat in scene.changes.buses:  # a bus bought
                out.append(path(rect_path(BOX.x + x - 19, mid - 17, 38, 34, 10),
                                fill=theme.HIGHLIGHT_GLOW, stroke=theme.HIGHLIGHT,
                                stroke_width=3, class_="last-move", data_seat=str(p.seat),
                                data_column=column))
            out.append(text(BOX.x + x, mid, count_text(value), VALUE_SIZE, fill=theme.INK,
                            bold=True, anchor="middle", class_=column, data_seat=str(p.seat)))
        out.append(text(BOX.x + SCORE_X, mid, count_text(p.score), SCORE_SIZE, fill=theme.INK,
                        bold=True, anchor="middle", class_="score", data_seat=str(p.seat)))
        out.append(_tags(scene, p.seat, BOX.x + 56, mid + 13))
    return "".join(out)


#: Where the tags under a name must end: short of the first column of numbers.
TAGS_END = COLUMNS[0][1] - 22
#: A seat's own words (dropped, away, a bot): ink on the card, in an outlined tag.
NOTE_FILL = theme.CARD


def _tags(scene: Scene, seat: int, x: float, y: float) -> str:
    """The tags under a player's name: the seat's own note first (``seat_notes``: dropped,
    away, a bot), then who acts, starts and passed, as many as fit before the numbers."""
    state = scene.state
    p = state.players[seat]
    labels: list[tuple[str, str, str]] = []  # text, fill, ink
    note = scene.seat_notes[seat] if seat < len(scene.seat_notes) else ""
    if note:
        room = BOX.x + TAGS_END - x - 12 - 1.2 * len(note)
        labels.append((shorten(note.upper(), TAG_SIZE, room, bold=True), NOTE_FILL, theme.INK))
    if scene.ranking:
        place = scene.ranking.index(p.name) + 1
        labels.append(("winner" if place == 1 else _ordinal(place),
                       "#f2c014" if place == 1 else "#e6e0d2", theme.INK))
    else:
        if scene.decision is not None and scene.decision.seat == seat:
            labels.append(("to act", theme.ACT, "#ffffff"))
        if state.start_seat == seat:
            labels.append(("starts", theme.INK, "#ffffff"))
        if state.next_start == seat and state.phase != "setup":
            labels.append(("starts next", "#5b5f6b", "#ffffff"))
        if state.phase == "choosing" and p.passed:
            labels.append(("passed", "#e6e0d2", theme.INK_SOFT))
    out: list[str] = []
    for label, fill, ink in labels:
        w = width(label.upper(), TAG_SIZE, bold=True) + 12 + 1.2 * len(label)
        if out and x + w > BOX.x + TAGS_END:
            break  # the rest would run into the numbers
        if fill == NOTE_FILL:
            out.append(path(rect_path(x, y - 8.5, w, 17, 8.5), fill=fill, stroke=theme.INK,
                            stroke_width=1.5, class_="seat-note", data_seat=str(seat)))
        else:
            out.append(path(rect_path(x, y - 8.5, w, 17, 8.5), fill=fill))
        out.append(caps(x + 6, y, label, TAG_SIZE, fill=ink))
        x += w + 5
    if not out:
        return ""
    return element("g", "".join(out), class_="tags", data_seat=str(seat))


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
