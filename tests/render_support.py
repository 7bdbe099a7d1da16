"""Helpers for the picture tests: positions to draw, and reading the SVG back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from engine import Game, random_game, replay
from render.gallery import sample_log

SVG = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]


def sample_game(upto: int | None = None) -> Game:
    """The engine's sample 4-player game, after ``upto`` moves (all by default)."""
    return replay(sample_log(), upto=upto)


def positions(finished: Game) -> Iterator[Game]:
    """Every position of a played game, from the first move to the last, on one new game."""
    game = Game(finished.players, finished.edition, finished.initial_options)
    yield game
    for name, move in finished.history:
        game.push(move, name)
        yield game


def at_move(finished: Game, moves: int) -> Game:
    game = Game(finished.players, finished.edition, finished.initial_options)
    for name, move in finished.history[:moves]:
        game.push(move, name)
    return game


def five_on_one_street() -> Game:
    """Five players whose lines all start on C1-C2, then branch off at both ends."""
    game = Game(["Arcsyn", "Daemonis", "Hedgethorn", "discrider", "Esme"])
    for name, text in [
        ("Arcsyn", "Place Office at C1"), ("Arcsyn", "Place Pub at W3"),
        ("Daemonis", "Place House at C1"), ("Daemonis", "Place House at C2"),
        ("Hedgethorn", "Place Office at C2"), ("Hedgethorn", "Place Pub at C3"),
        ("discrider", "Place House at C3"), ("discrider", "Place Office at C4"),
        ("Esme", "Place Pub at C4"), ("Esme", "Place House at E3"),
    ]:
        game.play(name, text)
    for name in game.players:
        game.play(name, "Start line between C1 and C2")
    for name, text in [("Esme", "C2 C3"), ("discrider", "C1 W3"), ("Hedgethorn", "C1 C4"),
                       ("Daemonis", "C2 N8"), ("Arcsyn", "C2 E3")]:
        game.play(name, f"extend {text}")
    return game


def circle_game() -> tuple[Game, int]:
    """A finished random game in which a player's line closed a circle, and that seat."""
    for seed in range(200):
        game = random_game(5, seed)
        for p in game.state.players:
            if len(p.line) > 3 and p.line[0] == p.line[-1]:
                return game, p.seat
    raise AssertionError("no random game closed a circle")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, name: str, tag: str | None = None) -> list[ET.Element]:
    """Elements whose class list holds ``name`` (optionally of one tag)."""
    out = []
    for node in root.iter():
        if tag is not None and node.tag != SVG + tag:
            continue
        if name in (node.get("class") or "").split():
            out.append(node)
    return out


def texts(root: ET.Element) -> list[str]:
    return [node.text or "" for node in root.iter(SVG + "text")]


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def polyline(d: str) -> list[Point]:
    """The corners of path data made of M and L commands only."""
    assert set(re.sub(r"[\d.\s-]", "", d)) <= {"M", "L"}, d
    values = [float(v) for v in _NUMBER.findall(d)]
    return list(zip(values[::2], values[1::2], strict=True))


def subpath_starts(d: str) -> list[Point]:
    """The point each ``M`` of path data moves to."""
    out = []
    for match in re.finditer(r"M\s*(-?\d+(?:\.\d+)?)[\s,]+(-?\d+(?:\.\d+)?)", d):
        out.append((float(match.group(1)), float(match.group(2))))
    return out


def square_centres(d: str) -> list[Point]:
    """The centres of the squares in path data written as ``M x y h a v b h -a Z``."""
    out = []
    pattern = r"M(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)h(-?[\d.]+)Z"
    for match in re.finditer(pattern, d):
        x, y, w, h, back = (float(v) for v in match.groups())
        assert back == -w
        out.append((x + w / 2, y + h / 2))
    return out
