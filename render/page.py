"""The game's page: one self-contained HTML file to look back at a whole game.

It shows the table at every position (the same SVG as the posted pictures, sharp at any zoom),
a slider, buttons and the keyboard's arrows to move through it, a jump to any move or round, the
log beside it (rounds, events, automatic moves, undos and corrections marked), the score chart
with a marker at the position shown, and the final standings. On a narrow screen (a phone held
upright) it reflows to one column and the table takes the phone layout of the picture.

Nothing is fetched when it is viewed: the styles, the script and the drawing are inside, the
type is the system's (the pictures' own family first), and a Content-Security-Policy forbids
every request and every script but its own (by its hash), so the file works from a disk, a mail
or a Discord attachment, and escaping is not the only defence against a hostile name. The table's
static layers are stored once per layout and each position only as numbers into the distinct
elements of its changing parts (``render.page_frames``).

``build_page(game, notes, words)`` gives a ``Page`` (the HTML and a few figures); it only reads
the game. The service adds its notes from the records (``bot.service.page_notes``); a text log
has none. Every word of the page (its controls, their hints for the keys and for screen readers,
the captions, the log's headings, the chart, the standings) and of its drawings is written with
``words``, the reader's language, and the page says which (``<html lang>``); its script has no
words of its own.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, replace
from html import escape
from importlib import resources
from pathlib import Path

from ai.review import Review
from engine import GameLog, replay
from engine.game import Game
from engine.standings import ranked, tie_reasons
from engine.stats import GameStory, story
from engine.text import ENGLISH, Listing, Msg, Plural, Text, Words
from render import chart, page_review, theme
from render.layout import LAYOUTS, Layout
from render.page_frames import PARTS, Frames, frames
from render.page_log import GameLogView, captions, log_html, read_log, round_title
from render.page_notes import PageNotes
from render.svg import placement, shared_above, shared_below
from render.svgkit import num

#: The layout a narrow screen gets: the phone's when there is one, else the portrait one.
NARROW_LAYOUT = "phone" if "phone" in LAYOUTS else "portrait"
#: Screens at most this wide (CSS pixels) get one column and the narrow layout.
NARROW_PX = 700

#: The page's controls and headings, by their place in ``page_assets/page.html`` (``l_...``):
#: a button's hint names its key (``..._key``), its label is for screen readers.
LABELS = {
    "table": Msg("render.page.table", "The table"),
    "controls": Msg("render.page.controls", "Move through the game"),
    "first": Msg("render.page.first", "The start"),
    "first_key": Msg("render.page.first_key", "The start (Home)"),
    "prev_round": Msg("render.page.prev_round", "The round before"),
    "prev_round_key": Msg("render.page.prev_round_key", "The round before (Page Up)"),
    "prev": Msg("render.page.prev", "The move before"),
    "prev_key": Msg("render.page.prev_key", "The move before (left arrow)"),
    "play": Msg("render.page.play", "Play"),
    "play_key": Msg("render.page.play_key", "Play through (space)"),
    "play_button": Msg("render.page.play_button", "play"),
    "next": Msg("render.page.next", "The next move"),
    "next_key": Msg("render.page.next_key", "The next move (right arrow)"),
    "next_round": Msg("render.page.next_round", "The next round"),
    "next_round_key": Msg("render.page.next_round_key", "The next round (Page Down)"),
    "last": Msg("render.page.last", "The end"),
    "last_key": Msg("render.page.last_key", "The end (End)"),
    "slider": Msg("render.page.slider", "Position: moves played"),
    "move": Msg("render.page.move", "Move"),
    "round": Msg("render.page.round", "Round"),
    "zoom_out": Msg("render.page.zoom_out", "Zoom out"),
    "zoom_fit": Msg("render.page.zoom_fit", "Fit the table to the screen"),
    "zoom_fit_button": Msg("render.page.zoom_fit_button", "fit"),
    "zoom_in": Msg("render.page.zoom_in", "Zoom in"),
    "keys": Msg("render.page.keys", "Keys: ← → a move, Page Up / Page Down a round, Home / End, "
                "space plays. Pinch or use − / + to zoom."),
    "log": Msg("render.page.log", "The log"),
    "chart": Msg("render.page.chart", "The score chart"),
    "footer": Msg("render.page.footer", "Made by busbot. This file needs nothing else: it can "
                  "be kept, mailed or opened offline."),
}
#: Under the table of a finished stored game: the command that starts a practice game at the
#: position shown (``busbot practice``), to copy.
PRACTICE = Msg("render.page.practice", "Practise from here: busbot practice --from {game} "
               "--move {move}")
_MOVE_MARK = "\x00"
#: The page's title when the service gives none: ``players`` are the players' names.
TITLE = Msg("render.page.title", "A game of Bus: {players}")
#: Under the title: how long the game was, and who won or how far it has come.
SUBTITLE_OVER = Msg("render.page.subtitle.over", "{moves}, {rounds}; {winner} won.")
SUBTITLE_ON = Msg("render.page.subtitle.on", "{moves} so far, in round {round}; the game goes "
                  "on.")
MOVES = Plural("render.page.moves", "{n} move", "{n} moves")
ROUNDS = Plural("render.page.rounds", "{n} round", "{n} rounds")
#: The standings under the chart, and their columns.
FINAL_STANDINGS = Msg("render.page.standings.final", "Final standings")
STANDINGS_AFTER = Msg("render.page.standings.after",
                      "Standings after move {n} (the game is not over)")
COLUMNS = (Msg("render.page.column.place", "#"), Msg("render.page.column.player", "Player"),
           Msg("render.page.column.score", "Score"), Msg("render.page.column.carried", "Carried"),
           Msg("render.page.column.stones", "Clock stones"),
           Msg("render.page.column.buses", "Buses"),
           Msg("render.page.column.deliveries", "Deliveries"))


@dataclass(frozen=True, slots=True)
class Page:
    html: str
    positions: int
    #: bytes of the stored drawing: distinct elements, and the shared layers
    element_bytes: int
    shared_bytes: int

    @property
    def size(self) -> int:
        return len(self.html.encode("utf-8"))


def _asset(name: str) -> str:
    return (resources.files("render") / "page_assets" / name).read_text(encoding="utf-8")


#: The page's one script, exactly as it stands between its ``<script>`` tags.
SCRIPT = _asset("page.js")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly ``script`` to run inline: its SHA-256, in base64."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


#: What the page may load and run: nothing from anywhere, its own inline style, and of scripts
#: only its own (by hash). A name or a move that slipped past the escaping as markup still
#: could not run a script, inline or in an attribute such as ``onerror``.
POLICY = (f"default-src 'none'; style-src 'unsafe-inline'; script-src {script_hash(SCRIPT)}; "
          "img-src data:; base-uri 'none'; form-action 'none'")


def _layouts(players: int, words: Words) -> dict[str, dict[str, object]]:
    chosen: list[Layout] = [LAYOUTS["landscape"], LAYOUTS[NARROW_LAYOUT]]
    return {layout.name: {
        "w": num(layout.width), "h": num(layout.height),
        "below": shared_below(players, layout, words), "above": shared_above(layout),
        "moves": [placement(layout, where) for _name, where, _draw in PARTS],
    } for layout in chosen}


def _chart_x(view: GameLogView, tale: GameStory, over: bool) -> list[str]:
    """Where the chart's marker stands for each position: on the round's end once it is
    played, and between the rounds' ends while it is (round 1 between setup and round 1)."""
    ends = view.starts
    total = len(view.rounds) - 1
    out: list[str] = []
    span = chart.RIGHT - chart.LEFT
    for n, now in enumerate(view.rounds):
        if over and n == total:
            at = float(tale.rounds)
        elif now == 0:
            at = 0.0
        else:
            begun, after = ends.get(now, n), ends.get(now + 1, total)
            at = now - 1 + (n - begun) / max(1, after - begun)
        out.append(num(chart.LEFT + span * at / max(1, tale.rounds)))
    return out


def _data(game: Game, drawn: Frames, view: GameLogView, tale: GameStory, words: Words,
          review: Review | None = None, game_id: int | None = None) -> str:
    payload: dict[str, object] = {
        "parts": [name for name, _where, _draw in PARTS],
        "elements": drawn.elements,
        "lists": drawn.lists,
        "positions": drawn.positions,
        "layouts": _layouts(drawn.players, words),
        "narrow": NARROW_LAYOUT,
        "narrowPx": NARROW_PX,
        "captions": captions(view, words),
        "chartX": _chart_x(view, tale, game.is_over),
        "starts": sorted(view.starts.values()),
    }
    if review is not None:
        payload["review"] = page_review.position_words(review, words)
    if game_id is not None and game.is_over:
        # the line to practise from a position: its words around the move's number, which
        # the script puts in (one sentence of the catalogue, not one per position)
        payload["practice"] = words(PRACTICE(game=game_id, move=_MOVE_MARK)).split(
            _MOVE_MARK, 1)
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    # inside <script>: no "</script>" and no markup can be opened by a name or a move
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _chart(game: Game, tale: GameStory, words: Words) -> str:
    marker = (f'<line id="chart-marker" x1="{num(chart.LEFT)}" x2="{num(chart.LEFT)}" '
              f'y1="{num(chart.TOP - 12)}" y2="{num(chart.BOTTOM + 6)}" stroke="{theme.ACT}" '
              f'stroke-width="3" stroke-dasharray="6 4"/>')
    drawn = chart.chart_svg(game, tale, words)
    return drawn[:-len("</svg>")] + marker + "</svg>"


def _standings(game: Game, tale: GameStory, words: Words) -> str:
    players = game.state.players
    rows = []
    for place, p in enumerate(ranked(players), start=1):
        colour = theme.player_colour(p.colour, p.seat)
        rows.append(
            f'<tr><td>{place}</td><td><span class="chip" style="background:{colour}"></span>'
            f'{escape(p.name)}</td><td class="num">{p.score}</td><td class="num">{p.carried}'
            f'</td><td class="num">{p.stones}</td><td class="num">{p.buses}</td>'
            f'<td class="num">{tale.player(p.name).deliveries}</td></tr>')
    head = (FINAL_STANDINGS() if game.is_over
            else STANDINGS_AFTER(n=len(game.history)))
    ties = ("".join(f"<li>{escape(words(t))}</li>" for t in tie_reasons(players))
            if game.is_over else "")
    columns = "".join(f"<th>{escape(words(column()))}</th>" for column in COLUMNS)
    return (f'<h2>{escape(words(head))}</h2><table><thead><tr>{columns}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            + (f'<ul class="ties">{ties}</ul>' if ties else ""))


def _round_options(view: GameLogView, words: Words) -> str:
    return "".join(f'<option value="{start}">{escape(words(round_title(r)))}</option>'
                   for r, start in sorted(view.starts.items()))


def _title(game: Game, notes: PageNotes) -> str | Text:
    return notes.title or TITLE(players=Listing(tuple(game.players), ", "))


def build_page(game: Game, notes: PageNotes | None = None, words: Words = ENGLISH,
               review: Review | None = None) -> Page:
    """The whole page of ``game`` (from its start to its last move), in the language of
    ``words`` (the caller's catalogue; English by default). With the game's ``review``
    (``ai.review``, of exactly these moves; another is left out) the page carries its strip
    under the slider, its turning points in the log and the better move at each position
    (``render.page_review``)."""
    notes = notes or PageNotes()
    if review is not None and (review.moves != len(game.history)
                               or review.players != tuple(game.players)):
        review = None
    if review is not None:
        notes = replace(notes, marks=(*notes.marks, *page_review.marks(review)))
    drawn = frames(game, words)
    view = read_log(game)
    tale = story(game)
    named = _title(game, notes)
    title = escape(words(named) if isinstance(named, Text) else named)
    last = len(game.history)
    labels = {f"l_{name}": escape(words(label())) for name, label in LABELS.items()}
    html = _asset("page.html").format(
        policy=POLICY, title=title, css=_asset("page.css"), last=last, lang=escape(words.language),
        subtitle=escape(words(_subtitle(game, tale))), font=escape(theme.FONT),
        rounds=_round_options(view, words), log=log_html(view, notes, words),
        chart=_chart(game, tale, words), standings=_standings(game, tale, words),
        data=_data(game, drawn, view, tale, words, review, notes.game), script=SCRIPT,
        narrow=NARROW_PX,
        strip="" if review is None else page_review.strip_html(review, words), **labels)
    shared = sum(len(str(v["below"])) + len(str(v["above"]))
                 for v in _layouts(drawn.players, words).values())
    return Page(html, last + 1, sum(len(e) for e in drawn.elements), shared)


def _subtitle(game: Game, tale: GameStory) -> Text:
    moves = MOVES(n=len(game.history))
    if game.is_over:
        return SUBTITLE_OVER(moves=moves, rounds=ROUNDS(n=tale.rounds), winner=tale.ranking[0])
    return SUBTITLE_ON(moves=moves, round=tale.rounds)



def gallery_page(out: Path, log: GameLog) -> tuple[list[str], list[Path]]:
    """The gallery's example page, ``out/game.html``, built from ``log`` (the sample game);
    the markdown lines that link it, and the file written."""
    page = build_page(replay(log))
    target = out / "game.html"
    target.write_text(page.html, encoding="utf-8")
    lines = [
        "## The game's page",
        "",
        f"[game.html](game.html) is the sample game as one self-contained page "
        f"({page.size // 1000} KB, {page.positions} positions): the table after every move "
        "(a slider, buttons and the arrow keys move through it), the log by round with what "
        "each move set off, the score chart with a marker at the position shown, and the final "
        "standings. Download it and open it in any browser; it fetches nothing. "
        "`busbot html LOG --out game.html` makes one from any log, `export html` in a game's "
        "channel (or `busbot export ID --format html`) from a stored game, and every finished "
        "game's last post carries its own.",
        "",
    ]
    return lines, [target]


__all__ = ["NARROW_LAYOUT", "Page", "PageNotes", "build_page", "gallery_page"]
