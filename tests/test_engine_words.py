"""The engine's words are catalogue entries: every refusal, event, prompt and story sentence it
says is a ``Text`` whose arguments are exactly the placeholders its template names, so that a
catalogue of any language can write it (issue 29: a German catalogue must lose nothing).

Each ``Text`` is written twice: with the English templates (what ``str()`` gives, the words a
player reads today) and with a stand-in catalogue whose every template is the message's id
followed by each placeholder, which shows any argument that a template would drop.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import BOARD, BusError, Game, GameLog, replay
from engine import limits as engine_limits
from engine.decisions import Event, told
from engine.errors import IllegalMove, LogError, OptionError, Said
from engine.limits import LimitError
from engine.moves import (
    ACTIONS,
    BUILDING_TYPES,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    StartLine,
)
from engine.notation import MoveText, parse_move, parse_moves, write_move
from engine.playout import random_game
from engine.rules.choose import PASSES
from engine.standings import tie_breaks, tie_reasons
from engine.state import Options
from engine.stats import story, summary, summary_text
from engine.text import ENGLISH, Listing, Msg, Plural, Text, write

ROOT = Path(engine.__file__).parent


class IdsAndArguments:
    """A stand-in catalogue: every template is ``<id name={name} ...>``, one placeholder for
    each the English template names, so a written text shows every argument it was given."""

    language = "en"  # moves in it are written in the English notation (a word list exists)

    def template(self, msg: Msg | Plural, count: int | None) -> str:
        return "<" + msg.id + "".join(f" {name}={{{name}}}" for name in sorted(msg.fields)) + ">"

    def number(self, value: int | float, spec: str) -> str:
        return format(value, spec)

    def __call__(self, text: Text) -> str:
        return write(self, text)


STAND_IN = IdsAndArguments()


def texts_in(value: object) -> Iterator[Text]:
    """``value`` and every ``Text`` among its arguments, at any depth."""
    if isinstance(value, Text):
        yield value
        for _, arg in value.args:
            yield from texts_in(arg)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from texts_in(item)


def check_said(text: Text) -> None:
    """``text`` and every text inside it give exactly the placeholders their templates name
    (a plural's count besides), and write out in English and in the stand-in catalogue."""
    for inner in texts_in(text):
        given_names = {name for name, _ in inner.args}
        wanted = set(inner.msg.fields)
        if isinstance(inner.msg, Plural):
            assert isinstance(inner.arg(inner.msg.count), int), inner
            wanted.add(inner.msg.count)
        assert given_names == wanted, (inner.id, sorted(given_names), sorted(wanted))
    english = ENGLISH(text)
    assert english and "{" not in english.replace("{{", ""), english
    shown = STAND_IN(text)
    assert shown.startswith(f"<{text.id}"), shown
    for name, arg in text.args:
        if name in text.msg.fields and isinstance(arg, str):
            assert f"{name}={arg}" in shown


def check_error(err: BaseException) -> None:
    assert isinstance(err, Said), type(err)
    check_said(err.text)
    assert str(err) == err.message == ENGLISH(err.text)
    if isinstance(err, IllegalMove):
        assert err.rule is None or err.rule.startswith("R")


# ---- the catalogue entries themselves ------------------------------------------------------


def _modules() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py") if path.name != "text.py")


def _entries() -> list[tuple[Path, ast.Call]]:
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("Msg", "Plural"):
                found.append((path, node))
    return found


def test_every_engine_entry_is_written_in_literals_with_a_unique_id() -> None:
    """Babel extracts ``Msg(id, en)`` and ``Plural(id, one, other)`` from the source, so their
    words must be string literals; an id names one sentence only."""
    ids: dict[str, str] = {}
    entries = _entries()
    assert len(entries) > 150
    for path, call in entries:
        words = call.args[: 2 if call.func.id == "Msg" else 3]  # type: ignore[attr-defined]
        assert all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in words), \
            f"{path.name}:{call.lineno}"
        ident = call.args[0].value  # type: ignore[attr-defined]
        assert ident not in ids, f"{ident} in {path.name} and {ids[ident]}"
        ids[ident] = path.name
        assert ident == ident.lower() and "." in ident and " " not in ident
        # a ruling is data (``IllegalMove.rule``, an argument), never words of a template
        assert not any(re.search(r"\bR\d+\b", w.value) for w in words), ident  # type: ignore


def _constants() -> dict[str, list[Msg | Plural]]:
    """Every module-level message of the engine by its name (a table's name for each of its
    values)."""
    import importlib

    out: dict[str, list[Msg | Plural]] = {}
    for path in _modules():
        parts = ["engine", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        module = importlib.import_module(".".join(parts))
        for name, value in vars(module).items():
            if isinstance(value, Msg | Plural):
                out.setdefault(name, []).append(value)
            elif isinstance(value, dict) and value and all(
                    isinstance(v, Msg | Plural) for v in value.values()):
                out.setdefault(name, []).extend(value.values())
    return out


def test_every_told_event_gives_its_templates_placeholders() -> None:
    """An event's arguments are given as ``told(kind, MESSAGE, player, **args)`` and made a
    ``Text`` only when read: each call names exactly the placeholders of its message(s)."""
    constants = _constants()
    calls = checked = 0
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "told"):
                continue
            calls += 1
            target = node.args[1]
            name = (target.value.id if isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    else target.id if isinstance(target, ast.Name) else None)
            if name is None or name not in constants:
                continue  # a rule's own (self.gets) or one chosen in place: checked live below
            checked += 1
            given_names = {k.arg for k in node.keywords}
            for msg in constants[name]:
                wanted = set(msg.fields) | ({msg.count} if isinstance(msg, Plural) else set())
                assert given_names == wanted, (f"{path.name}:{node.lineno}", msg.id)
    assert calls >= 15 and checked >= calls - 4


def test_an_event_is_a_text_made_when_read_and_a_value() -> None:
    event = told("pass", PASSES, "Ada", name="Ada")
    assert event.said == PASSES(name="Ada") and event.text == "Ada passes."
    assert event == told("pass", PASSES, "Ada", name="Ada")
    assert hash(event) == hash(told("pass", PASSES, "Ada", name="Ada"))
    assert isinstance(event, Event) and event.kind == "pass" and event.player == "Ada"


# ---- what a game says, over random games -----------------------------------------------------

LABELS = [*BOARD.labels, "W9", "X1", "C44"]


def _some_move(rng: random.Random, game: Game) -> Move:
    """A move of any kind, most of them illegal now: near the players' lines, on real and
    unreal crossings."""
    p = rng.choice(game.state.players)
    line = list(p.line) or [rng.choice(BOARD.labels)]
    head = rng.choice(line)
    near = [n for n, _ in BOARD.adjacent.get(head, ())] or LABELS
    moves: list[Move] = [
        ExtendLine(head, rng.choice(near)), ExtendLine(rng.choice(LABELS), rng.choice(LABELS)),
        StartLine(head, rng.choice(near)), Deliver(rng.choice(line), rng.choice(line)),
        Deliver(rng.choice(LABELS), rng.choice(LABELS)),
        PlaceBuilding(rng.choice(BUILDING_TYPES), rng.choice(LABELS)),
        ChooseAction(rng.choice(ACTIONS), rng.choice([None, "a", "c", "f"])), Pass(),
        ClockChoice(rng.random() < 0.5), PlacePassenger(rng.choice(["WS", "ES"])),
    ]
    return rng.choice(moves)


_WORDS = ["place", "office", "house", "pub", "at", "extend", "line", "from", "to", "deliver",
          "choose", "clock", "buses", "buy", "bus", "pass", "stop", "time", "advance", "start",
          "between", "passengers", "west", "east", "2", "3", "20", "maybe", "don't", "?",
          "should", "I", "and", "then", "space", "b", "vroom", "frob", "C1", "C4", "W3", "W5",
          "W9", "ez", "X1", "WS", "ES", "🦄", ";", ","]


def _some_text(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 7)))


def _options(rng: random.Random, players: int) -> Options:
    opts = Options.for_edition(rng.choice(["capstone", "splotter-2nd"]), players)
    if rng.random() < 0.4:
        opts.set("first_line_on_empty_street", "true")
        opts.set("bus_limit", str(rng.randint(1, 5)))
        opts.set("building_type_limit", str(rng.randint(2, 30)))
        opts.set("passengers", str(rng.randint(4, 20)))
    return opts


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_refusal_event_and_prompt_of_a_random_game_loses_nothing(seed: int) -> None:
    """A random game with random moves tried at every few positions, by the right player and
    by others, typed and as text: every refusal, event and prompt is a whole Text."""
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    names = ["Ada", "Bram", "Cleo", "Dirk", "Esme"][:players]
    game = Game(names, options=_options(rng, players))
    for event in game.opening_events:
        check_said(event.said)
    refused = 0
    while not game.is_over:
        decision = game.to_act()
        assert decision is not None
        check_said(decision.said)
        assert decision.text == ENGLISH(decision.said)
        if rng.random() < 0.25:
            for _ in range(4):
                trial, who = game.copy(), rng.choice([decision.player, *names, "Zed"])
                try:
                    if rng.random() < 0.6:
                        trial.push(_some_move(rng, game), who)
                    else:
                        trial.play(who, _some_text(rng))
                except BusError as err:
                    check_error(err)
                    refused += 1
        for event in game.push(rng.choice(game.legal_moves())):
            check_said(event.said)
            assert event.text == ENGLISH(event.said)
    with pytest.raises(BusError) as over:
        game.copy().push(Pass(), names[0])
    check_error(over.value)
    for reason in tie_reasons(game.state.players):
        check_said(reason)
    check_said(summary_text(story(game)))
    assert refused > 0 or len(game.history) < 40


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=8))
def test_every_reading_refusal_loses_nothing(words: list[str]) -> None:
    text = " ".join(words)
    for read in (parse_moves, parse_move):
        try:
            read(text)
        except BusError as err:
            check_error(err)


def test_the_unfinished_the_asked_and_the_misplaced_are_whole_texts() -> None:
    """The answers engine/intent.py gives, at each kind of decision of a few games."""
    asked = ["should I choose clock?", "maybe extend line from C1 to C4", "don't pass",
             "choose clock and pass?", "extend my line", "extend from C1", "deliver",
             "deliver to C1", "deliver from W5", "should I extend my line?",
             "Start line between C1 and C4", "place office at C1 then pass?"]
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(["Ada", "Bram", "Cleo", "Dirk"][: 3 + seed % 2])
        while not game.is_over and len(game.history) < 160:
            decision = game.to_act()
            assert decision is not None
            if decision.kind not in seen or rng.random() < 0.05:
                seen.add(decision.kind)
                for text in asked:
                    try:
                        game.copy().play(decision.player, text)
                    except BusError as err:
                        check_error(err)
            game.push(rng.choice(game.legal_moves()))
    assert len(seen) >= 8


def test_log_option_seat_and_limit_refusals_are_whole_texts() -> None:
    logs = ["", "players: A, B\n", "players: A, B, C\nedition: nope\n", "A: pass\n",
            "players: A, B, C\noption: markers\n", "players: A, B, C\nA:\n", "garbage\n",
            "players: A, B, C\noption: markers = 1\n", "players: A, B, C\noption: foo = 1\n",
            "players: A, B, C\noption: auto_single = maybe\n",
            "players: A, B, C\noption: markers = lots\n",
            "players: A, B, C\ncolours: red, red, blue\n", "players: A, B, C\ncolours: red\n",
            "players: A, B, C\ncolours: red, blue, gr33n\n", "players: A, A, C\n",
            "players: A\u200b, B, C\n", "players: #A, B, C\n",
            "players: A, B, C\nA: Place Office at C1\nB: Place Office at C1\n",
            "players: A, B, C\nA: Place Office at C1\nB: blorp\n"]
    for text in logs:
        with pytest.raises(LogError) as err:
            replay(GameLog.parse(text))
        check_error(err.value)
        check_said(err.value.reason_text)
        assert err.value.reason == ENGLISH(err.value.reason_text)
        assert str(err.value).endswith(err.value.reason)
    checks: list[Callable[[], object]] = [lambda: engine_limits.check_message("x" * 50_000),
              lambda: engine_limits.check_move_count(99), lambda: engine_limits.check_seats(9),
              lambda: engine_limits.check_option("markers", 999),
              lambda: engine_limits.check_records(10**6), lambda: engine_limits.check_deadline(1),
              lambda: engine_limits.check_away(-1), lambda: engine_limits.check_plan(999),
              lambda: engine_limits.check_season_name(""),
              lambda: engine_limits.check_season_name("a\u200bb"),
              lambda: engine_limits.check_season_name("x" * 500),
              lambda: engine_limits.check_season_name("x" * 40),
              lambda: engine_limits.check_name(""), lambda: engine_limits.check_name("a:b"),
              lambda: engine_limits.check_name("!!"), lambda: engine_limits.check_name("busbot"),
              lambda: engine_limits.check_name("x" * 40), lambda: engine_limits.check_name("a\0"),
              lambda: engine_limits.check_distinct(["Oscar", "0scar"])]
    for check in checks:
        with pytest.raises(LimitError) as limit:
            check()
        check_error(limit.value)
        assert isinstance(limit.value, ValueError)  # callers that catch ValueError still do
    with pytest.raises(OptionError) as option:
        Options.for_edition("nope", 3)
    check_error(option.value)
    assert "capstone or splotter-2nd" in str(option.value)
    game = random_game(3, 5)
    for ask in (lambda: game.position_at(10**6), lambda: game.written_position(5)):
        with pytest.raises(BusError) as kept:
            ask()
        check_error(kept.value)


def test_the_english_of_numbers_and_lists_is_as_before() -> None:
    """The counted words and the joined lists read as the engine's English always did."""
    with pytest.raises(LimitError) as err:
        engine_limits.check_records(10**6)
    assert f"at most {engine_limits.MAX_RECORDS:,} records" in str(err.value)
    assert "would have 1,000,000;" in str(err.value)
    game = random_game(4, 3)
    assert summary(story(game)) == ENGLISH(summary_text(story(game)))
    assert tie_breaks(game.state.players) == [ENGLISH(t) for t in tie_reasons(game.state.players)]


def test_a_move_in_a_sentence_keeps_its_move_for_the_readers_notation() -> None:
    """A move named in a refusal is its English notation for ``str()``, and keeps the move, so
    a catalogue can write it in its reader's language, and that reads back as the same move."""
    game = Game(["Ada", "Bram", "Cleo"])
    with pytest.raises(IllegalMove) as err:
        game.push(ChooseAction("clock"), "Ada")
    assert err.value.alternatives and all(isinstance(a, MoveText) for a in err.value.alternatives)
    first = err.value.alternatives[0]
    assert isinstance(first, MoveText) and str(first) == str(first.move)
    german = first.written("de")
    assert german == write_move(first.move, "de") and german != str(first)
    assert parse_moves(german, ("de", "en")) == [first.move]
