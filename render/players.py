"""The players' card: a small table, one row per player, one column per thing they own.

Column heads carry the icons once, so each row is only a name and numbers: a row reads at a
glance, and the numbers line up from player to player. The row of the player who must act is
tinted; tags under the name say who starts, who passed and, at the end, each player's place:
once the game is over the rows are in ranking order, best first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.text import ENGLISH, Msg, Text, Words
from render import theme
from render.icons import icon
from render.layout import PLAYERS as BOX
from render.layout import PLAYERS_HEAD, player_row_height
from render.scene import Scene
from render.svgkit import caps, card, circle_path, element, path, rect_path, text
from render.textfit import count_text, fit_few_lines, fit_line, shorten, spaced_width, width

CHIP_R = 16.0
NAME_SIZE = 19.0
VALUE_SIZE = 19.0
SCORE_SIZE = 27.0
TAG_SIZE = 11.0
#: column centres, from the card's left edge
COLUMNS = (("carried", 246.0), ("stones", 296.0), ("buses", 346.0), ("markers", 396.0))
SCORE_X = 442.0
NAME_ROOM = 176.0

PLAYERS = Msg("render.players.title", "Players")
#: The column heads, under their icons (the column's name stays its class in the SVG).
HEADS = {
    "carried": Msg("render.players.head.carried", "carried"),
    "stones": Msg("render.players.head.stones", "stones"),
    "buses": Msg("render.players.head.buses", "buses"),
    "markers": Msg("render.players.head.markers", "markers"),
}
SCORE = Msg("render.players.head.score", "score")
#: The tags under a name.
TO_ACT = Msg("render.players.tag.to_act", "to act")
STARTS = Msg("render.players.tag.starts", "starts")
STARTS_NEXT = Msg("render.players.tag.starts_next", "starts next")
PASSED = Msg("render.players.tag.passed", "passed")
WINNER = Msg("render.players.tag.winner", "winner")
#: A place in the final ranking below the first (2nd to 5th; ``PLACE`` for any other).
PLACES = {
    2: Msg("render.players.tag.place.2", "2nd"),
    3: Msg("render.players.tag.place.3", "3rd"),
    4: Msg("render.players.tag.place.4", "4th"),
    5: Msg("render.players.tag.place.5", "5th"),
}
PLACE = Msg("render.players.tag.place", "{n}th")
#: A column head's type size, the smallest a longer translation may shrink it to, and the
#: least gap between two heads.
HEAD_SIZE = 11.5
HEAD_SMALLEST = 7.0
HEAD_GAP = 4.0
TITLE_SIZE = 13.0


def row_top(row: int, players: int) -> float:
    return BOX.y + PLAYERS_HEAD + row * player_row_height(players)


def players_frame(players: int, words: Words = ENGLISH) -> str:
    """Card, column heads and the lines between the rows."""
    out = [card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)]
    # the title ends before the first column's icon
    title = fit_line(words(PLAYERS()).upper(), TITLE_SIZE, COLUMNS[0][1] - 14 - 16 - HEAD_GAP,
                     smallest=HEAD_SMALLEST, bold=True, spacing=CAPS_SPACING)
    out.append(caps(BOX.x + 16, BOX.y + 21, title.content, title.size, fill=theme.INK_SOFT))
    heads: list[str] = []
    details: list[str] = []
    *columns, score = _heads(words)
    for (name, x), head in zip(COLUMNS, columns, strict=True):
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
        out.append(head)
    out.append(path("".join(heads), fill="#5b5f6b"))
    out.append(path("".join(details), fill=theme.CARD))
    out.append(text(BOX.x + SCORE_X, BOX.y + 17, "=", 16, fill=theme.INK_SOFT, bold=True,
                    anchor="middle"))
    out.append(score)
    rules = "".join(f"M{BOX.x + 12:.1f} {row_top(seat, players):.1f}h{BOX.w - 24:.1f}"
                    for seat in range(players))
    out.append(path(rules, stroke="#ebe5d7", stroke_width=1.2))
    return "".join(out)


def _heads(words: Words) -> list[str]:
    """The column heads under their icons, each centred on its column, all at one type size:
    the largest (down to ``HEAD_SMALLEST``) at which no head runs into its neighbour or out
    of the card, measured as drawn; at the smallest, each is cut to its share of the room."""
    centres = [BOX.x + x for _, x in COLUMNS] + [BOX.x + SCORE_X]
    labels = [words(HEADS[name]()) for name, _ in COLUMNS] + [words(SCORE())]
    left, right = BOX.x + 16, BOX.right - 8
    steps = round((HEAD_SIZE - HEAD_SMALLEST) * 2)
    for k in range(steps + 1):
        size = HEAD_SIZE - k / 2
        widths = [width(label, size) for label in labels]
        apart = all((a + b) / 2 + HEAD_GAP <= x2 - x1 for a, b, x1, x2 in
                    zip(widths, widths[1:], centres, centres[1:], strict=False))
        if apart and centres[0] - widths[0] / 2 >= left and centres[-1] + widths[-1] / 2 <= right:
            return [text(cx, BOX.y + 38, label, size, fill=theme.INK_SOFT, anchor="middle")
                    for cx, label in zip(centres, labels, strict=True)]
    bounds = [left, *((a + b) / 2 for a, b in zip(centres, centres[1:], strict=False)), right]
    return [text(cx, BOX.y + 38, shorten(label, HEAD_SMALLEST,
                                         2 * min(cx - lo, hi - cx) - HEAD_GAP),
                 HEAD_SMALLEST, fill=theme.INK_SOFT, anchor="middle")
            for cx, label, lo, hi in zip(centres, labels, bounds, bounds[1:], strict=True)]


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
        out.append(text(BOX.x + 56, row_layout(scene, seat).name_y,
                        shorten(name, NAME_SIZE, NAME_ROOM, bold=True),
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
        out.append(_tags(scene, p.seat))
    return "".join(out)


#: Where the tags under a name must end: short of the first column of numbers.
TAGS_END = COLUMNS[0][1] - 22
#: Where the name and the tags under it begin, from the card's left edge.
TAGS_X = 56.0
#: A seat's own words (dropped, away, a bot): ink on the card, in an outlined tag.
NOTE_FILL = theme.CARD
#: A tag's height, its words' padding on each side, the gap between tags, and the spacing of
#: the capitals (``svgkit.caps``).
TAG_H = 17.0
TAG_PAD = 6.0
TAG_GAP = 5.0
CAPS_SPACING = 1.2
#: The seat's note is never cut: where it does not fit on one line it wraps onto as many lines
#: as the row has room for, then gets smaller, down to this type size, measured as drawn.
NOTE_SMALLEST = 8.0
#: A note that fits on two lines at this size or larger is written so.
NOTE_TWO_LINES = 9.5
#: From the name's middle to the top of the tags under it, and the most the name may rise
#: from its place to make room for them (it stays this far inside its row).
NAME_TO_TAGS = 13.5
NAME_TOP = 10.0
ROW_MARGIN = 3.0


@dataclass(frozen=True, slots=True)
class Tag:
    """One tag under a name: its words (one line, or a note's lines), colours and place."""

    lines: tuple[str, ...]
    size: float
    fill: str
    ink: str
    x: float
    y: float  # the top
    w: float
    h: float
    note: bool = False


@dataclass(frozen=True, slots=True)
class RowLayout:
    """Where a player's name stands (its middle) and the tags under it."""

    name_y: float
    tags: tuple[Tag, ...]


def _chips(scene: Scene, seat: int) -> list[tuple[str, str, str]]:
    """Who acts, starts and passed, or the place once the game is over: text, fill, ink."""
    state = scene.state
    p = state.players[seat]
    labels: list[tuple[Text, str, str]] = []
    if scene.ranking:
        place = scene.ranking.index(p.name) + 1
        labels.append((WINNER() if place == 1 else _ordinal(place),
                       "#f2c014" if place == 1 else "#e6e0d2", theme.INK))
    else:
        if scene.decision is not None and scene.decision.seat == seat:
            labels.append((TO_ACT(), theme.ACT, "#ffffff"))
        if state.start_seat == seat:
            labels.append((STARTS(), theme.INK, "#ffffff"))
        if state.next_start == seat and state.phase != "setup":
            labels.append((STARTS_NEXT(), "#5b5f6b", "#ffffff"))
        if state.phase == "choosing" and p.passed:
            labels.append((PASSED(), "#e6e0d2", theme.INK_SOFT))
    return [(scene.words(label), fill, ink) for label, fill, ink in labels]


def _caps_w(label: str, size: float = TAG_SIZE) -> float:
    return spaced_width(label.upper(), size, True, CAPS_SPACING) + 2 * TAG_PAD


def row_layout(scene: Scene, seat: int) -> RowLayout:
    """The seat's name and the tags under it: the seat's own note first (``seat_notes``:
    dropped, away, a bot), whole, on one line or wrapped; then who acts, starts and passed (or
    the place), as many as fit before the numbers, beside the note or on a line of their own.
    Where the tags need more height than there is under the name, the name rises."""
    n = len(scene.state.players)
    h = player_row_height(n)
    top = row_top(scene.rows[seat], n)
    mid = top + h / 2
    x0, end = BOX.x + TAGS_X, BOX.x + TAGS_END
    room = end - x0
    name_y = mid - 9
    below = top + h - ROW_MARGIN  # the tags' bottom stays above this
    most = below - (top + NAME_TOP + NAME_TO_TAGS)  # all the height the tags can have
    note = scene.seat_notes[seat] if seat < len(scene.seat_notes) else ""
    tags: list[Tag] = []
    x, y = x0, 0.0  # where the next tag goes, from the tags' top
    line_h = TAG_H
    if note:
        said = " ".join(note.upper().split())
        if _caps_w(said) <= room:
            w = _caps_w(said)
            tags.append(Tag((said,), TAG_SIZE, NOTE_FILL, theme.INK, x, y, w, TAG_H, True))
            x += w + TAG_GAP
        else:
            block = fit_few_lines(said, TAG_SIZE, room - 2 * TAG_PAD, most - 4, few=2,
                                  readable=NOTE_TWO_LINES, smallest=NOTE_SMALLEST, bold=True,
                                  spacing=CAPS_SPACING)
            w = max(spaced_width(line, block.size, True, CAPS_SPACING)
                    for line in block.lines) + 2 * TAG_PAD
            line_h = max(TAG_H, block.height + 4)
            tags.append(Tag(block.lines, block.size, NOTE_FILL, theme.INK, x, y, w, line_h,
                            True))
            x += w + TAG_GAP
    for label, fill, ink in _chips(scene, seat):
        size = TAG_SIZE
        w = _caps_w(label)
        if w > room:  # a translation wider than the whole room: smaller (cut at the smallest)
            line = fit_line(label.upper(), TAG_SIZE, room - 2 * TAG_PAD, smallest=NOTE_SMALLEST,
                            bold=True, spacing=CAPS_SPACING)
            label, size = line.content, line.size
            w = _caps_w(label, size)
        if x + w > end:
            if x == x0 or y + line_h + 3 + TAG_H > most:
                break  # the rest would run into the numbers, or out of the row
            x, y, line_h = x0, y + line_h + 3, TAG_H
        tags.append(Tag((label,), size, fill, ink, x, y, w, TAG_H))
        x += w + TAG_GAP
    height = max((t.y + t.h for t in tags), default=0.0)
    first = mid + 4.5  # where the tags begin when they fit under the name as it stands
    rise = max(0.0, first + height - below)
    name_y -= rise
    first -= rise
    return RowLayout(name_y, tuple(replace(t, y=first + t.y) for t in tags))


def _tags(scene: Scene, seat: int) -> str:
    """The tags under a player's name (``row_layout``)."""
    out: list[str] = []
    for tag in row_layout(scene, seat).tags:
        radius = min(TAG_H / 2, tag.h / 2)
        if tag.note:
            out.append(path(rect_path(tag.x, tag.y, tag.w, tag.h, radius), fill=tag.fill,
                            stroke=theme.INK, stroke_width=1.5, class_="seat-note",
                            data_seat=str(seat)))
        else:
            out.append(path(rect_path(tag.x, tag.y, tag.w, tag.h, radius), fill=tag.fill))
        step = (tag.h - (0 if len(tag.lines) == 1 else 4)) / len(tag.lines)
        for i, line in enumerate(tag.lines):
            top = tag.y + (0 if len(tag.lines) == 1 else 2)
            out.append(caps(tag.x + TAG_PAD, top + step * (i + 0.5), line, tag.size,
                            fill=tag.ink))
    if not out:
        return ""
    return element("g", "".join(out), class_="tags", data_seat=str(seat))


def _ordinal(n: int) -> Text:
    place = PLACES.get(n)
    return place() if place is not None else PLACE(n=n)
