"""Every label of the pictures is written in the reader's language and still fits its box when
the language is longer than English.

The pictures are drawn with a stand-in catalogue whose every text is 40% longer than the English
(``tests.words_support.LONGER``: each word lengthened, no space added, so a label can only
shrink or wrap at the spaces the English has). Every text element is then measured as cairo
draws it (``render.textfit``, the width the PNG will have), and must lie inside its card, clear
of every other text and of the card's drawn marks (the action spaces, the clock's tiles and
stones, the players' column icons). The same checks hold for the English pictures, which are
drawn exactly as before the catalogue.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape

import pytest

from bot.service.words.catalogue import words_for
from engine import Game, random_game
from engine.decisions import DecisionKind
from engine.history import walk
from engine.moves import ACTION_NAMES, ACTIONS
from engine.notation import write_move
from engine.text import ENGLISH, Msg, Words
from render import action_board, banner, chart, clock, legend, page_log, players, render_svg
from render.animation import Animation, animate
from render.chart import chart_svg
from render.layout import ACTIONS as ACTIONS_BOX
from render.layout import BANNER, CLOCK, LEGEND, PLAYERS, Box
from render.leaderboard import BOARD_W, BoardRow, leaderboard_svg
from render.page import LABELS, STANDINGS_AFTER, build_page
from render.rating_chart import RATING_H, RATING_W, RatingPoint, rating_chart_svg
from render.scene import Scene
from render.svg import layers
from render.svgkit import text
from render.textfit import spaced_width
from tests.render_support import SVG
from tests.words_support import LONGER, Replaced, stretched

#: English, the stand-in 40% longer, and the real German catalogue (``bot/locale/de``), every
#: label as its translators wrote it
GERMAN = words_for("de")
LANGUAGES = [pytest.param(ENGLISH, id="english"), pytest.param(LONGER, id="longer"),
             pytest.param(GERMAN, id="german")]
CARDS = {"banner": BANNER, "actions": ACTIONS_BOX, "players": PLAYERS, "clock": CLOCK,
         "legend": LEGEND}
#: Text may come this close to a card's edge (its rounded border is drawn 1.2 wide).
INSET = 2.0
#: Two texts' boxes may touch by this much (their boxes are the capitals' height; a descender
#: of one line reaching into the next is not a collision).
TOUCH = 0.6


@dataclass(frozen=True, slots=True)
class Drawn:
    """A text element as drawn: its words, classes, and the box of its capitals."""

    content: str
    classes: frozenset[str]
    x0: float
    x1: float
    y0: float
    y1: float

    def inside(self, box: Box, inset: float = INSET) -> bool:
        return (self.x0 >= box.x + inset and self.x1 <= box.right - inset
                and self.y0 >= box.y + inset and self.y1 <= box.bottom - inset)

    def meets(self, x0: float, y0: float, x1: float, y1: float, touch: float = TOUCH) -> bool:
        return (min(self.x1, x1) - max(self.x0, x0) > touch
                and min(self.y1, y1) - max(self.y0, y0) > touch)


_TRANSLATE = re.compile(r"translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)")


def drawn_texts(svg: str) -> list[Drawn]:
    """Every text element of ``svg``, in order, with its box in the canvas's units (groups
    moved by ``translate`` followed; the landscape pictures checked here are not scaled)."""
    out: list[Drawn] = []

    def visit(node: ET.Element, dx: float, dy: float) -> None:
        transform = node.get("transform") or ""
        assert "scale" not in transform
        moved = _TRANSLATE.search(transform)
        if moved:
            dx, dy = dx + float(moved.group(1)), dy + float(moved.group(2))
        if node.tag == SVG + "text":
            out.append(_box(node, dx, dy))
        for child in node:
            visit(child, dx, dy)

    visit(ET.fromstring(svg), 0.0, 0.0)
    return out


def _box(node: ET.Element, dx: float, dy: float) -> Drawn:
    content = node.text or ""
    size = float(node.get("font-size") or 0)
    bold = node.get("font-weight") == "bold"
    w = spaced_width(content, size, bold, float(node.get("letter-spacing") or 0))
    x = float(node.get("x") or 0) + dx
    anchor = node.get("text-anchor") or "start"
    x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    middle = float(node.get("y") or 0) + dy - 0.36 * size  # svgkit.text puts y on the caps
    return Drawn(content, frozenset((node.get("class") or "").split()), x0, x0 + w,
                 middle - 0.36 * size, middle + 0.36 * size)


def obstacles() -> Iterator[tuple[tuple[float, float, float, float], frozenset[str]]]:
    """The cards' drawn marks no label may cover (box, and the classes of the texts that
    belong on them): the action spaces, the clock's tiles and its row of stones, and the
    players' column icons."""
    for action in ACTIONS:
        for space in range(action_board.spaces_of(action)):
            cx, cy = action_board.slot_centre(action, space)
            w, h = action_board.SLOT_W / 2, action_board.SLOT_H / 2
            yield (cx - w, cy - h, cx + w, cy + h), frozenset({"marker", "worth"})
    for i in range(3):
        x = clock._tile_x(i)
        yield (x, clock.TILE_Y, x + clock.TILE_W, clock.TILE_Y + clock.TILE_H), frozenset()
    stones_left = CLOCK.right - 22 - (clock.STONES_SHOWN - 1) * 19 - 7.5
    yield ((stones_left, clock.STONE_Y - 7.5, CLOCK.right - 14.5, clock.STONE_Y + 7.5),
           frozenset({"stones-count"}))
    for _name, x in players.COLUMNS:
        cx = PLAYERS.x + x
        yield (cx - 10, PLAYERS.y + 6, cx + 10, PLAYERS.y + 26), frozenset()


def check_table(svg: str, name: str = "") -> None:
    """Every text in a card lies inside it, clear of the other texts and of its marks (``name``
    says which picture, when one fails)."""
    placed: dict[str, list[Drawn]] = {name: [] for name in CARDS}
    for t in drawn_texts(svg):
        cx, cy = (t.x0 + t.x1) / 2, (t.y0 + t.y1) / 2
        card = next((name for name, box in CARDS.items()
                     if box.x <= cx <= box.right and box.y <= cy <= box.bottom), None)
        if card is None:
            continue  # the map's own labels: crossings, counts, tags
        assert t.inside(CARDS[card]), (name, card, t)
        placed[card].append(t)
    for card, drawn in placed.items():
        apart(drawn, f"{name}: {card}")
    for t in (t for drawn in placed.values() for t in drawn):
        for box, allowed in obstacles():
            assert not (t.meets(*box) and not t.classes & allowed), (name, t, box)


def apart(drawn: list[Drawn], where: str) -> None:
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            assert not a.meets(b.x0, b.y0, b.x1, b.y1), (where, a, b)


def positions() -> Iterator[tuple[str, Game]]:
    """Positions that show most labels of the table picture between them: setup, choosing
    (with passes), the actions that wait for a choice resolving, and the end."""
    full = random_game(5, 12)  # ends with four tie-breaks
    wanted = {"setup", "choosing", *ACTIONS}
    for played, table in walk(full):
        state = table.state
        key = (state.task.action if state.phase == "resolving" and state.task is not None
               else state.phase)
        passed = any(p.passed for p in state.players)
        if key in wanted and (key != "choosing" or passed):
            wanted.discard(key)
            yield f"{key}@{played}", table.copy()
    yield "over", full


NOTES = {"Ada": "dropped", "Cleo": "bot (normal), waiting 0 min of 24 h",
         "Emil": "away until 12 Dec, has a plan"}


def scenes(words: Words) -> Iterator[tuple[str, Scene]]:
    """The positions' scenes, and the rest made from them: each action named as resolving
    (Buses and Starting player resolve without waiting, so no position shows them), who
    starts the next round tagged, and the game ended for each reason."""
    for name, game in positions():
        scene = Scene.of(game, previous=_before(game, 3), words=words,
                         note="Preview: not played" if name.startswith("setup") else "",
                         seat_notes=NOTES if name.startswith(("choosing", "lines")) else None)
        yield name, scene
        state = game.state
        if name.startswith("lines") and state.task is not None:
            for action in ACTIONS:
                varied = state.copy()
                assert varied.task is not None
                varied.task.action = DecisionKind(action)
                yield f"resolving {action}", dataclasses.replace(scene, state=varied)
        if name.startswith("choosing"):
            varied = state.copy()
            varied.next_start = (varied.start_seat + 2) % len(varied.players)
            yield "starts next", dataclasses.replace(scene, state=varied, seat_notes=())
        if name == "over":
            scene = Scene.of(game, words=words)
            for reason in banner.ENDED:
                varied = state.copy()
                varied.ended_by = reason
                yield f"over: {reason}", dataclasses.replace(scene, state=varied)


@pytest.mark.parametrize("words", LANGUAGES)
def test_every_label_of_the_table_fits_its_card(words: Words) -> None:
    seen: set[str] = set()
    for name, scene in scenes(words):
        svg = layers(scene).svg()
        check_table(svg, name)
        seen.update(t.content for t in drawn_texts(svg))
    # the labels were there to be checked (one of each card's, in the language drawn), whole
    for label in (players.STARTS_NEXT, players.PASSED, players.WINNER, players.PLACES[5],
                  clock.PHASES["choosing"], ACTION_NAMES["lines"], legend.NEW,
                  banner.ENDED["lots"]):
        said = words(label())
        assert any(said.upper() in s.upper() for s in seen), said


@pytest.mark.parametrize(("label", "x", "y", "anchor"), [
    ("new since the last picture was posted", LEGEND.x + 56, LEGEND.y + 136, "start"),
    ("markers", PLAYERS.x + 396, PLAYERS.y + 38, "middle"),  # on the score's head
    ("Line expansion", ACTIONS_BOX.x + 160, ACTIONS_BOX.y + 63.75, "start"),  # on space a
    ("Clock stones", CLOCK.x + 80, clock.STONE_Y, "start"),  # on the stones
])
def test_the_check_finds_a_label_out_of_its_room(label: str, x: float, y: float,
                                                  anchor: str) -> None:
    """The check itself: a label drawn past its room, as it was before it was fitted, fails."""
    svg = render_svg(_halfway(random_game(5, 12)), layout="landscape")
    check_table(svg)
    bad = svg.replace("</svg>", text(x, y, label, 13, fill="#000", anchor=anchor) + "</svg>")
    with pytest.raises(AssertionError):
        check_table(bad)


def test_longer_labels_shrink_or_wrap_and_are_never_cut_where_they_have_room() -> None:
    svg = layers(next(s for n, s in scenes(LONGER) if n.startswith("over: "))).svg()
    texts = drawn_texts(svg)
    # the players' column heads share one smaller size, each whole
    heads = [t for t in texts if t.inside(PLAYERS, 0)
             and t.content in {LONGER(h()) for h in players.HEADS.values()}]
    assert len(heads) == len(players.HEADS)
    assert len({round(t.y1 - t.y0, 3) for t in heads}) == 1
    # the legend's entries: whole, each on its row (one line, or two smaller ones)
    for entry in (legend.WANT_TO_LEAVE, legend.SITS, legend.CLOCK_TYPE, legend.HEAD,
                  legend.NEW, legend.TO_ACT):
        said = LONGER(entry())
        assert any(t.content == said for t in texts) or _joined(texts, said), said
    # the actions' names: whole, left of their spaces
    for action in ACTIONS:
        said = LONGER(ACTION_NAMES[action]())
        assert any(t.content == said for t in texts) or _joined(texts, said), said


def _joined(texts: list[Drawn], said: str) -> bool:
    """Whether ``said`` is drawn whole on consecutive lines."""
    contents = [t.content for t in texts]
    return any(" ".join(contents[i:i + 2]) == said for i in range(len(contents) - 1))


@pytest.mark.parametrize("words", LANGUAGES)
def test_the_score_chart_s_words_fit_its_card(words: Words) -> None:
    for game in (random_game(5, 12), _halfway(random_game(4, 7)), Game(["Ada", "Bram", "Cy"])):
        svg = chart_svg(game, words=words)
        _inside_and_apart(svg, chart.CHART_W, chart.CHART_H)


@pytest.mark.parametrize("words", LANGUAGES)
def test_the_rating_chart_s_words_fit_its_card(words: Words) -> None:
    points = [RatingPoint(20 + i * 0.8, 8 - i * 0.3, i % 3 == 0) for i in range(14)]
    levels = {"easy": 10.0, "normal": 22.0, "hard": 34.0}
    for drawn in (points, points[:1]):
        svg = rating_chart_svg("Ada", drawn, first="2 Dec 2024", last="30 Mar 2025",
                               start=RatingPoint(25.0, 8.333), levels=levels, words=words)
        _inside_and_apart(svg, RATING_W, RATING_H)


@pytest.mark.parametrize("words", LANGUAGES)
def test_the_leaderboard_s_words_fit_its_card(words: Words) -> None:
    rows = [BoardRow(i + 1, name, 22.0 - 2 * i, 26.0 - i, 1.4 + i / 4, 30 - i, 12 - i,
                     provisional=i >= 3, you=i == 1)
            for i, name in enumerate(("Ada", "Bram", "Cleo", "Dora", "Emil"))]
    for shown in (rows, []):
        svg = leaderboard_svg("all time", shown, games=57, levels=(12.1, 22.0, 31.9),
                              words=words)
        height = float(ET.fromstring(svg).get("height") or 0)
        _inside_and_apart(svg, BOARD_W, height)


def _halfway(game: Game) -> Game:
    return _before(game, len(game.history) // 2)


def _before(game: Game, moves: int) -> Game:
    """``game`` as it stood ``moves`` moves earlier."""
    earlier = game.copy()
    for _ in range(min(moves, len(earlier.history))):
        earlier.pop()
    return earlier


def _inside_and_apart(svg: str, w: float, h: float) -> None:
    margin = 14.0
    card = Box(margin, margin, w - 2 * margin, h - 2 * margin)
    texts = drawn_texts(svg)
    assert texts
    for t in texts:
        assert t.inside(card), t
    apart(texts, "chart")


def test_the_stand_in_language_is_longer_by_its_words_not_its_placeholders() -> None:
    assert stretched("Round {n}") == "RoundRo {n}"
    assert stretched("{moves} … and {n} more") == "{moves} … andan {n} moremo"
    assert stretched("Won {gain:+.1f}") == "WonWo {gain:+.1f}"
    assert LONGER(clock.ROUND(n=3)) == "RoundRo 3"
    # every label of the table picture is at least 40% longer, measured
    for msg in (players.STARTS_NEXT, legend.NEW, clock.STONES, action_board.WORTH_KEY):
        assert spaced_width(LONGER(msg()), 12) >= 1.35 * spaced_width(ENGLISH(msg()), 12)


def test_a_picture_is_drawn_in_the_language_it_is_given() -> None:
    game = random_game(4, 7)
    said = "Zuerst dran"
    words = Replaced({players.STARTS.id: said, clock.SUPPLY.id: "Fahrgastvorrat"})
    german = render_svg(_halfway(game), words=words)
    english = render_svg(_halfway(game))
    assert said.upper() in german and "Fahrgastvorrat" in german
    assert "STARTS" in english and "Passenger supply" in english
    assert said.upper() not in english
    # the shared layer is kept per language: English drawn after is English again
    assert render_svg(_halfway(game)) == english


def test_every_label_of_the_pictures_is_a_catalogue_entry() -> None:
    """The picture's words come from module-level ``Msg`` constants (their English is what the
    picture showed before the catalogue), so a catalogue can translate each one."""
    for module in (banner, players, action_board, clock, legend, chart):
        entries = [v for v in vars(module).values() if isinstance(v, Msg)]
        assert entries, module
        assert all(e.id.startswith("render.") for e in entries)


def test_the_page_is_written_in_the_language_it_is_given() -> None:
    game = _halfway(random_game(3, 1))
    html = build_page(game, words=LONGER).html
    for label in LABELS.values():
        assert escape(LONGER(label())) in html, label.id
    assert f"<h2>{escape(LONGER(STANDINGS_AFTER(n=len(game.history))))}</h2>" in html
    assert escape(LONGER(page_log.round_title(1))) in html  # the log and the round list
    english = build_page(game).html
    assert '<html lang="en">' in english
    assert all(escape(label.en) in english for label in LABELS.values())
    # the page says its language, and names the moves in its notation
    german = build_page(game, words=Replaced({}, language="de")).html
    assert '<html lang="de">' in german
    player, move = game.history[-1]
    assert f"<b>{escape(player)}</b>: {escape(write_move(move, 'de'))}</button>" in german
    assert write_move(move, "de") != str(move)


def test_what_an_animation_gave_up_is_said_in_the_reader_s_language() -> None:
    made = Animation(b"", "gif", 640, 441, tuple(range(8)), 12, (800, 552), 10_000_000)
    assert [t.id for t in made.said] == ["render.animation.shrunk_and_dropped"]
    assert made.note == str(made.said[0])  # the English, as before
    assert LONGER(made.said[0]).startswith(stretched("To stay under the 10 MB"))
    capped = Animation(b"", "gif", 800, 552, tuple(range(300)), 400, (800, 552), 10_000_000)
    assert [t.id for t in capped.said] == ["render.animation.capped"]
    whole = Animation(b"", "gif", 800, 552, tuple(range(12)), 12, (800, 552), 10_000_000)
    assert whole.said == () and whole.note is None


def test_an_animation_s_pictures_are_drawn_in_the_language_it_is_given() -> None:
    game = random_game(3, 1)
    english = animate(game, [0, 1], size=480)
    assert animate(game, [0, 1], size=480, words=ENGLISH).data == english.data
    german = animate(game, [0, 1], size=480,
                     words=Replaced({clock.SUPPLY.id: "Fahrgastvorrat im Beutel"}))
    assert german.data != english.data and german.moves == english.moves


def test_the_german_catalogue_draws_german_and_every_label_has_its_german() -> None:
    """The real German catalogue is what the German runs above drew: each label of the
    pictures and the page has its own German (none falls back to English), the action board
    names the actions as the German rules summary does, and the page's controls are German."""
    labelled = [v for module in (banner, players, action_board, clock, legend, chart, page_log)
                for v in vars(module).values() if isinstance(v, Msg)]
    labelled += list(LABELS.values()) + [ACTION_NAMES[a] for a in ACTIONS]
    english = [m.id for m in labelled if not m.fields and GERMAN(m()) == m.en
               and m.en.strip(" :()·-") and not m.en.isupper()]
    assert english == []
    texts = drawn_texts(render_svg(_halfway(random_game(4, 3)), words=GERMAN))
    for name in ("Streckenbau", "Buskauf", "Neue Passagiere", "Neue Gebäude", "Uhr",
                 "Startspieler"):  # whole, or wrapped onto two lines
        assert any(t.content == name for t in texts) or _joined(texts, name), name
    shown = " ".join(t.content for t in texts)
    assert "Line expansion" not in shown and "Starting player" not in shown
    html = build_page(_halfway(random_game(3, 1)), words=GERMAN).html
    assert '<html lang="de">' in html
    assert all(escape(GERMAN(label())) in html for label in LABELS.values())
