"""The banner at the top of the side column: who must act now, what is asked, what just happened.

It is the first thing a player looks for in a new picture, so it gets the largest type; the
request is the engine's own sentence, wrapped to fit, so the picture and the bot's message say
the same thing. Once the game is over it shows the winner and why the game ended instead; the
players' card ranks everyone.
"""

from __future__ import annotations

from render import theme
from render.layout import BANNER as BOX
from render.scene import Scene
from render.svgkit import caps, card, circle_path, path, rect_path, text
from render.textfit import shorten, wrap

NAME_SIZE = 25.0
ASK_SIZE = 16.5
LAST_SIZE = 14.0
ROOM = BOX.w - 32

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
    else:
        out.append(caps(left, BOX.y + 20, "Game over", 12.5, fill=theme.ACT))
        winner = scene.ranking[0] if scene.ranking else ""
        out.append(text(left, BOX.y + 49, shorten(f"{winner} wins", NAME_SIZE, ROOM, True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="winner"))
        reason = _ENDED.get(state.ended_by or "", "")
        if reason:
            ended = f"The game ended: {reason}. Final scores below."
            for i, line in enumerate(wrap(ended, ASK_SIZE, ROOM, 2)):
                out.append(text(left, BOX.y + 80 + i * 21, line, ASK_SIZE, fill=theme.INK,
                                class_="ended"))
    if scene.last is not None:
        seat, move = scene.last
        who = state.players[seat].name
        y = BOX.bottom - 17
        out.append(path(rect_path(left, y - 6, 18, 12, 6), fill=theme.HIGHLIGHT_GLOW,
                        stroke=theme.HIGHLIGHT, stroke_width=2))
        out.append(text(left + 26, y, shorten(f"Last move: {who}: {move}", LAST_SIZE,
                                              ROOM - 26), LAST_SIZE, fill=theme.INK_SOFT,
                        class_="last-move-text"))
    return "".join(out)
