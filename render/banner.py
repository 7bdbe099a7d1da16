"""The banner at the top of the side column: who must act now, what is asked, what just happened.

It is the first thing a player looks for in a new picture, so it gets the largest type; the
request is the engine's own sentence, wrapped to fit, so the picture and the bot's message say
the same thing. Below it, every move since the previous picture, by player (what the map
highlights). Once the game is over it shows the winner, why the game ended and how ties on score
were broken instead; the players' card ranks everyone.
"""

from __future__ import annotations

from engine.decisions import shortened
from render import theme
from render.layout import BANNER as BOX
from render.scene import Scene
from render.svgkit import caps, card, circle_path, path, rect_path, text
from render.textfit import shorten, width, wrap

NAME_SIZE = 25.0
ASK_SIZE = 16.5
LAST_SIZE = 14.0
ROOM = BOX.w - 32
NEWS_ROOM = ROOM - 26  # beside the highlight swatch
NEWS_STEP = 18.0
#: Lines for the moves since the previous picture while the game goes on (two at the end).
NEWS_LINES = 3
NEWS_LINES_AT_END = 2
#: The mark of a picture that is not the table's (a preview's): white capitals on orange.
NOTE_SIZE = 15.0
#: Moves tried in the banner at most; more are counted ("... and 12 more").
MOST_NEWS = 12
NEWS_NAME = 20  # characters of a name in the list of moves

_ENDED = {
    "clock": "the last clock stone was taken",
    "markers": "at most one player has markers left",
    "lots": "every lot is built",
}


def banner_frame() -> str:
    return card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)


def banner_values(scene: Scene) -> str:
    state = scene.state
    out: list[str] = []
    left = BOX.x + 16
    if scene.note:
        out.append(_note(scene.note))
    if scene.decision is not None:
        d = scene.decision
        colour = theme.player_colour(state.players[d.seat].colour, d.seat)
        out.append(caps(left, BOX.y + 20, "To act", 12.5, fill=theme.ACT))
        out.append(path(circle_path(left + 14, BOX.y + 49, 14), fill=colour,
                        stroke=theme.edge_for(colour), stroke_width=2))
        out.append(text(left + 14, BOX.y + 49, scene.tags[d.seat], 13.5,
                        fill=theme.text_on(colour), bold=True, anchor="middle"))
        out.append(text(left + 36, BOX.y + 49, shorten(d.player, NAME_SIZE, ROOM - 36, True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="to-act",
                        data_seat=str(d.seat)))
        ask = d.text
        prefix = f"{d.player}: "
        if ask.startswith(prefix):
            ask = ask[len(prefix):]
        ask = ask[:1].upper() + ask[1:]
        for i, line in enumerate(wrap(ask, ASK_SIZE, ROOM, 2)):
            out.append(text(left, BOX.y + 80 + i * 21, line, ASK_SIZE, fill=theme.INK,
                            class_="ask"))
        news = NEWS_LINES
    else:
        out.append(caps(left, BOX.y + 20, "Game over", 12.5, fill=theme.ACT))
        winner = scene.ranking[0] if scene.ranking else ""
        out.append(text(left, BOX.y + 49, shorten(f"{winner} wins", NAME_SIZE, ROOM, True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="winner"))
        reason = _ENDED.get(state.ended_by or "", "")
        lines = [shorten(f"Ended: {reason}.", ASK_SIZE, ROOM)] if reason else []
        lines += wrap("; ".join(scene.tie_breaks) + "." if scene.tie_breaks else "", ASK_SIZE,
                      ROOM, 3 - len(lines))
        for i, line in enumerate(lines):
            out.append(text(left, BOX.y + 80 + i * 21, line, ASK_SIZE, fill=theme.INK,
                            class_="ended" if i == 0 and reason else "tie-break"))
        news = NEWS_LINES_AT_END
    lines = news_lines(scene, news)
    for i, line in enumerate(lines):
        y = BOX.bottom - 17 - (len(lines) - 1 - i) * NEWS_STEP
        if i == 0:
            out.append(path(rect_path(left, y - 6, 18, 12, 6), fill=theme.HIGHLIGHT_GLOW,
                            stroke=theme.HIGHLIGHT, stroke_width=2))
        out.append(text(left + 26, y, line, LAST_SIZE, fill=theme.INK_SOFT,
                        class_="last-move-text"))
    return "".join(out)


def _note(note: str) -> str:
    """The note in a filled tag at the banner's top right, as large as the request's text."""
    content = shorten(note.upper(), NOTE_SIZE, ROOM - 130, True)
    w = width(content, NOTE_SIZE, bold=True) + 1.2 * len(content) + 20
    right = BOX.x + BOX.w - 10
    return (path(rect_path(right - w, BOX.y + 8, w, 25, 12.5), fill=theme.ACT, class_="note")
            + caps(right - 10, BOX.y + 20.5, content, NOTE_SIZE, fill="#ffffff", anchor="end"))


def news_text(scene: Scene, shown: int | None = None) -> str:
    """The moves since the previous picture (the first ``shown`` of them), by player."""
    changes = scene.changes
    moves = changes.moves or changes.taken_back
    if not moves:
        return ""
    head = ("Taken back: " if not changes.moves
            else "Last move: " if len(moves) == 1 else f"{len(moves)} new moves: ")
    parts: list[str] = []
    seat: int | None = None
    for who, move in moves[:shown]:
        if who != seat:
            name = scene.state.players[who].name
            if len(name) > NEWS_NAME:  # one long name must not hide the moves
                name = name[:NEWS_NAME - 1].rstrip() + "…"
            parts.append(f"{' · ' if parts else ''}{name}: {move}")
            seat = who
        else:
            parts.append(f"; {move}")
    rest = len(moves) - len(moves[:shown])
    return head + "".join(parts) + (f" … and {rest} more" if rest else "")


def news_lines(scene: Scene, lines: int) -> list[str]:
    """``news_text`` in at most ``lines`` lines: as many whole moves as fit, then how many more
    (never "and 1 more" or "and 2 more", ``engine.decisions.shortened``: fewer are named
    then, unless only one fits)."""
    total = len(scene.changes.moves or scene.changes.taken_back)
    for shown in range(min(total, MOST_NEWS), 0, -1):
        if shown > 1 and len(shortened(range(total), shown)[0]) != shown:
            continue  # one or two would be left: name them, or leave out at least three
        out = wrap(news_text(scene, shown), LAST_SIZE, NEWS_ROOM, lines)
        if shown == 1 or not out[-1].endswith("…"):
            return out
    return []
