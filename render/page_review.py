"""The game's page after a review (issue 36): a strip of every seat's chance of winning under
the slider, the turning points marked on it and in the log, and for each position the move
played beside the one the computer preferred, with the chances there.

It reads the review only (``ai.review.Review``, kept by the service or read from
``busbot review``'s JSON) and gives the page its pieces: the strip's HTML (an SVG stretched to
the column's width, so it fits a phone as well as a wide screen, and buttons for the turning
points, placed in percent of the width), the log's marks, and the words of each position for
the page's script. Every word is written with the page's ``words``.
"""

from __future__ import annotations

from html import escape

from ai.review import Judged, Review
from engine.errors import ParseError
from engine.notation import MoveText, parse_move
from engine.text import Listing, Msg, Text, Words
from render import theme
from render.page_notes import MoveMark

#: the strip's drawing units (stretched to the column: ``preserveAspectRatio="none"``)
STRIP_W = 1000.0
STRIP_H = 100.0

STRIP = Msg("render.page.review.strip", "Chance of winning, move by move, as the computer's "
            "review judged it; numbered: the biggest turning points")
TURNING = Msg("render.page.review.turning", "turning point {n}")
TURNING_BUTTON = Msg("render.page.review.turning_button", "Turning point {n}: move {move}")
BETTER = Msg("render.page.review.better", "Move {number}: {player} played {played}; the "
             "computer preferred {better}, better by {cost} percentage points of winning "
             "chance.")
CLOSE = Msg("render.page.review.close", "Move {number}: {player} played {played}; the "
            "computer preferred {better}, about as good.")
AGREED = Msg("render.page.review.agreed", "Move {number}: {player} played {played}, the "
             "computer's choice too.")
CHANCES = Msg("render.page.review.chances", "Chance of winning here: {chances}.")
CHANCE = Msg("render.page.review.chance", "{player} {chance}%")


def positions(done: Review) -> list[tuple[float, ...]]:
    """Each seat's chance of winning at every position (0..moves): before each judged move,
    carried over moves with one legal choice, the final result at the end."""
    judged = {d.number: d.before for d in done.decisions}
    even = tuple(1 / len(done.players) for _ in done.players)
    out: list[tuple[float, ...]] = []
    for n in range(done.moves):
        out.append(judged.get(n + 1, out[-1] if out else even))
    out.append(done.final)
    return out


def _x(n: int, moves: int) -> float:
    return STRIP_W * n / max(1, moves)


def _y(chance: float) -> float:
    return STRIP_H - 4 - (STRIP_H - 8) * chance


def strip_html(done: Review, words: Words) -> str:
    """The strip under the slider: each seat's line, a marker the script moves to the
    position shown, and a button on each turning point that steps there."""
    chances = positions(done)
    lines = []
    for seat, name in enumerate(done.players):
        colour = theme.player_colour(done.colours[seat], seat)
        pts = " ".join(f"{_x(n, done.moves):.1f},{_y(c[seat]):.1f}"
                       for n, c in enumerate(chances))
        lines.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                     f'stroke-width="2" vector-effect="non-scaling-stroke" '
                     f'data-player="{escape(name)}"/>')
    points = done.turning_points()
    ticks = "".join(
        f'<line class="turning" x1="{_x(d.number, done.moves):.1f}" '
        f'x2="{_x(d.number, done.moves):.1f}" y1="0" y2="{STRIP_H:.0f}" '
        f'vector-effect="non-scaling-stroke"/>' for d in points)
    marker = (f'<line id="strip-marker" x1="{STRIP_W:.0f}" x2="{STRIP_W:.0f}" y1="0" '
              f'y2="{STRIP_H:.0f}" vector-effect="non-scaling-stroke"/>')
    label = escape(words(STRIP()))
    buttons = "".join(
        f'<button type="button" class="tp" data-move="{d.number}" '
        f'style="left:{100 * d.number / max(1, done.moves):.2f}%" '
        f'aria-label="{escape(words(TURNING_BUTTON(n=k, move=d.number)))}">{k}</button>'
        for k, d in enumerate(points, start=1))
    return (f'<div id="review" aria-label="{label}" title="{label}">'
            f'<svg id="review-strip" viewBox="0 0 {STRIP_W:.0f} {STRIP_H:.0f}" '
            f'preserveAspectRatio="none" role="img" aria-label="{label}">'
            f'{"".join(lines)}{ticks}{marker}</svg>{buttons}</div>'
            f'<p id="review-move" aria-live="polite"></p>')


def marks(done: Review) -> tuple[MoveMark, ...]:
    """The log's mark on each turning point."""
    return tuple(MoveMark(d.number, "turning", TURNING(n=k))
                 for k, d in enumerate(done.turning_points(), start=1))


def _move(text: str) -> MoveText | str:
    try:
        return MoveText(parse_move(text))
    except ParseError:  # a review from another notation: shown as it was written
        return text


def _said(d: Judged) -> Text:
    played = _move(d.played)
    if d.better is None:
        return AGREED(number=d.number, player=d.player, played=played)
    said = CLOSE if d.good else BETTER
    return said(number=d.number, player=d.player, played=played, better=_move(d.better),
                cost=round(100 * d.cost))


def position_words(done: Review, words: Words) -> dict[str, list[str]]:
    """For each position: the move that led there beside the computer's (empty where it had
    one legal choice, and at the start), and every seat's chance of winning there."""
    judged = {d.number: d for d in done.decisions}
    moves = [""] + [words(_said(judged[n])) if n in judged else ""
                    for n in range(1, done.moves + 1)]
    chances = [words(CHANCES(chances=Listing(tuple(
        CHANCE(player=name, chance=round(100 * c[seat]))
        for seat, name in enumerate(done.players)), ", ")))
        for c in positions(done)]
    return {"moves": moves, "chances": chances}
