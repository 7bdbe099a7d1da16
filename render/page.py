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

``build_page(game, notes)`` gives a ``Page`` (the HTML and a few figures); it only reads the
game. The service adds its notes from the records (``bot.service.page_notes``); a text log has
none.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path

from engine import GameLog, replay
from engine.game import Game
from engine.standings import ranked, tie_breaks
from engine.stats import GameStory, story
from render import chart, theme
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


def _layouts(players: int) -> dict[str, dict[str, object]]:
    chosen: list[Layout] = [LAYOUTS["landscape"], LAYOUTS[NARROW_LAYOUT]]
    return {layout.name: {
        "w": num(layout.width), "h": num(layout.height),
        "below": shared_below(players, layout), "above": shared_above(layout),
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


def _data(game: Game, drawn: Frames, view: GameLogView, tale: GameStory) -> str:
    payload = {
        "parts": [name for name, _where, _draw in PARTS],
        "elements": drawn.elements,
        "lists": drawn.lists,
        "positions": drawn.positions,
        "layouts": _layouts(drawn.players),
        "narrow": NARROW_LAYOUT,
        "narrowPx": NARROW_PX,
        "captions": captions(view),
        "chartX": _chart_x(view, tale, game.is_over),
        "starts": sorted(view.starts.values()),
    }
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    # inside <script>: no "</script>" and no markup can be opened by a name or a move
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _chart(game: Game, tale: GameStory) -> str:
    marker = (f'<line id="chart-marker" x1="{num(chart.LEFT)}" x2="{num(chart.LEFT)}" '
              f'y1="{num(chart.TOP - 12)}" y2="{num(chart.BOTTOM + 6)}" stroke="{theme.ACT}" '
              f'stroke-width="3" stroke-dasharray="6 4"/>')
    drawn = chart.chart_svg(game, tale)
    return drawn[:-len("</svg>")] + marker + "</svg>"


def _standings(game: Game, tale: GameStory) -> str:
    players = game.state.players
    rows = []
    for place, p in enumerate(ranked(players), start=1):
        colour = theme.player_colour(p.colour, p.seat)
        rows.append(
            f'<tr><td>{place}</td><td><span class="chip" style="background:{colour}"></span>'
            f'{escape(p.name)}</td><td class="num">{p.score}</td><td class="num">{p.carried}'
            f'</td><td class="num">{p.stones}</td><td class="num">{p.buses}</td>'
            f'<td class="num">{tale.player(p.name).deliveries}</td></tr>')
    head = ("Final standings" if game.is_over
            else f"Standings after move {len(game.history)} (the game is not over)")
    ties = "".join(f"<li>{escape(t)}</li>" for t in tie_breaks(players)) if game.is_over else ""
    return (f'<h2>{head}</h2><table><thead><tr><th>#</th><th>Player</th><th>Score</th>'
            f'<th>Carried</th><th>Clock stones</th><th>Buses</th><th>Deliveries</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            + (f'<ul class="ties">{ties}</ul>' if ties else ""))


def _round_options(view: GameLogView) -> str:
    return "".join(f'<option value="{start}">{round_title(r)}</option>'
                   for r, start in sorted(view.starts.items()))


def _title(game: Game, notes: PageNotes) -> str:
    return notes.title or f"A game of Bus: {', '.join(game.players)}"


def build_page(game: Game, notes: PageNotes | None = None) -> Page:
    """The whole page of ``game`` (from its start to its last move)."""
    notes = notes or PageNotes()
    drawn = frames(game)
    view = read_log(game)
    tale = story(game)
    title = escape(_title(game, notes))
    last = len(game.history)
    html = _asset("page.html").format(
        policy=POLICY, title=title, css=_asset("page.css"), last=last,
        subtitle=escape(_subtitle(game, tale)), font=escape(theme.FONT),
        rounds=_round_options(view), log=log_html(view, notes), chart=_chart(game, tale),
        standings=_standings(game, tale), data=_data(game, drawn, view, tale),
        script=SCRIPT, narrow=NARROW_PX)
    shared = sum(len(str(v["below"])) + len(str(v["above"]))
                 for v in _layouts(drawn.players).values())
    return Page(html, last + 1, sum(len(e) for e in drawn.elements), shared)


def _subtitle(game: Game, tale: GameStory) -> str:
    moves = f"{len(game.history)} moves"
    if game.is_over:
        return f"{moves}, {tale.rounds} rounds; {tale.ranking[0]} won."
    return f"{moves} so far, in round {tale.rounds}; the game goes on."



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
