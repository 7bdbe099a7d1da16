"""The banner at the top of the side column: who must act now, what is asked, what just happened.

It is the first thing a player looks for in a new picture, so it gets the largest type; the
request is the engine's own sentence, wrapped to fit, so the picture and the bot's message say
the same thing. Below it, every move since the previous picture, by player (what the map
highlights). Once the game is over it shows the winner, why the game ended and how ties on score
were broken instead; the players' card ranks everyone.
"""

from __future__ import annotations

from engine.decisions import shortened
from engine.notation import MoveText
from engine.text import Listing, Msg, Plural, Text
from render import theme
from render.layout import BANNER as BOX
from render.scene import Scene
from render.svgkit import caps, card, circle_path, path, rect_path, text
from render.textfit import fit_line, shorten, width, wrap

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
#: The heading's type size, the smallest a longer translation may shrink it to, and the
#: spacing of its capitals (``svgkit.caps``).
HEAD_SIZE = 12.5
HEAD_SMALLEST = 9.0
CAPS_SPACING = 1.2

TO_ACT = Msg("render.banner.to_act", "To act")
GAME_OVER = Msg("render.banner.game_over", "Game over")
WINS = Msg("render.banner.wins", "{name} wins")
#: Why the game ended (``GameState.ended_by``), one whole sentence each.
ENDED = {
    "clock": Msg("render.banner.ended.clock", "Ended: the last clock stone was taken."),
    "markers": Msg("render.banner.ended.markers",
                   "Ended: at most one player has markers left."),
    "lots": Msg("render.banner.ended.lots", "Ended: every lot is built."),
}
#: The reasons ties on score were broken (``engine.standings.tie_reasons``), one sentence.
TIE_BREAKS = Msg("render.banner.tie_breaks", "{reasons}.")
#: The moves since the previous picture: ``moves`` are the players' groups of moves
#: (``NEWS_PLAYER``), joined by " · ".
NEWS_TAKEN_BACK = Msg("render.banner.news.taken_back", "Taken back: {moves}")
NEWS_LAST = Msg("render.banner.news.last_move", "Last move: {moves}")
NEWS_NEW = Plural("render.banner.news.new_moves", "{n} new move: {moves}",
                  "{n} new moves: {moves}")
NEWS_PLAYER = Msg("render.banner.news.player", "{name}: {moves}")
#: The list of moves shortened: ``moves`` is what is shown, ``n`` how many more were made.
NEWS_MORE = Plural("render.banner.news.more", "{moves} … and {n} more", "{moves} … and {n} more")


def banner_frame() -> str:
    return card(BOX.x, BOX.y, BOX.w, BOX.h, fill=theme.CARD, edge=theme.CARD_EDGE,
                shadow=theme.SHADOW)


def banner_values(scene: Scene) -> str:
    state = scene.state
    words = scene.words
    out: list[str] = []
    left = BOX.x + 16
    head_room = ROOM
    if scene.note:
        note, note_w = _note(scene.note)
        out.append(note)
        head_room = BOX.w - 10 - note_w - 10 - 16
    if scene.decision is not None:
        d = scene.decision
        colour = theme.player_colour(state.players[d.seat].colour, d.seat)
        out.append(_heading(left, words(TO_ACT()), head_room))
        out.append(path(circle_path(left + 14, BOX.y + 49, 14), fill=colour,
                        stroke=theme.edge_for(colour), stroke_width=2))
        out.append(text(left + 14, BOX.y + 49, scene.tags[d.seat], 13.5,
                        fill=theme.text_on(colour), bold=True, anchor="middle"))
        out.append(text(left + 36, BOX.y + 49, shorten(d.player, NAME_SIZE, ROOM - 36, True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="to-act",
                        data_seat=str(d.seat)))
        ask = words(d.asks)  # the engine's own words (without the name: it stands above)
        ask = ask[:1].upper() + ask[1:]
        for i, line in enumerate(wrap(ask, ASK_SIZE, ROOM, 2)):
            out.append(text(left, BOX.y + 80 + i * 21, line, ASK_SIZE, fill=theme.INK,
                            class_="ask"))
        news = NEWS_LINES
    else:
        out.append(_heading(left, words(GAME_OVER()), head_room))
        winner = scene.ranking[0] if scene.ranking else ""
        out.append(text(left, BOX.y + 49, shorten(words(WINS(name=winner)), NAME_SIZE, ROOM,
                                                  True),
                        NAME_SIZE, fill=theme.INK, bold=True, class_="winner"))
        reason = ENDED.get(state.ended_by or "")
        # the reason on one line (two where a translation is longer), the tie-breaks below
        ended = wrap(words(reason()), ASK_SIZE, ROOM, 2) if reason is not None else []
        ties = (words(TIE_BREAKS(reasons=Listing(scene.tie_breaks, "; ")))
                if scene.tie_breaks else "")
        lines = ended + wrap(ties, ASK_SIZE, ROOM, 3 - len(ended))
        for i, line in enumerate(lines):
            out.append(text(left, BOX.y + 80 + i * 21, line, ASK_SIZE, fill=theme.INK,
                            class_="ended" if i < len(ended) else "tie-break"))
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


def _heading(left: float, label: str, room: float) -> str:
    """The banner's heading in capitals, smaller where a translation would not fit ``room``."""
    line = fit_line(label.upper(), HEAD_SIZE, room, smallest=HEAD_SMALLEST, bold=True,
                    spacing=CAPS_SPACING)
    return caps(left, BOX.y + 20, line.content, line.size, fill=theme.ACT)


def _note(note: str) -> tuple[str, float]:
    """The note in a filled tag at the banner's top right, as large as the request's text;
    and the tag's width."""
    content = shorten(note.upper(), NOTE_SIZE, ROOM - 130, True)
    w = width(content, NOTE_SIZE, bold=True) + 1.2 * len(content) + 20
    right = BOX.x + BOX.w - 10
    return (path(rect_path(right - w, BOX.y + 8, w, 25, 12.5), fill=theme.ACT, class_="note")
            + caps(right - 10, BOX.y + 20.5, content, NOTE_SIZE, fill="#ffffff",
                   anchor="end"), w)


def news_text(scene: Scene, shown: int | None = None) -> str:
    """The moves since the previous picture (the first ``shown`` of them), by player."""
    changes = scene.changes
    moves = changes.moves or changes.taken_back
    if not moves:
        return ""
    # each player's moves in a row, each written in the reader's notation
    runs: list[tuple[int, list[str]]] = []
    for who, move in moves[:shown]:
        if runs and runs[-1][0] == who:
            runs[-1][1].append(MoveText(move))
        else:
            runs.append((who, [MoveText(move)]))
    groups = tuple(_group(scene, who, said) for who, said in runs)
    listed = Listing(groups, " · ")
    told = (NEWS_TAKEN_BACK(moves=listed) if not changes.moves
            else NEWS_LAST(moves=listed) if len(moves) == 1
            else NEWS_NEW(n=len(moves), moves=listed))
    rest = len(moves) - len(moves[:shown])
    return scene.words(NEWS_MORE(moves=told, n=rest) if rest else told)


def _group(scene: Scene, seat: int, moves: list[str]) -> Text:
    """One player's moves in a row: the name (shortened: one long name must not hide the
    moves) and the moves."""
    name = scene.state.players[seat].name
    if len(name) > NEWS_NAME:
        name = name[:NEWS_NAME - 1].rstrip() + "…"
    return NEWS_PLAYER(name=name, moves=Listing(tuple(moves), "; "))


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
