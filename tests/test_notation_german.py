"""A German table reads German and English moves, and writes moves in German (issue 34).

The words are a word list (``engine/data/words/de.toml``), not code: the reader is the English
one with another list. A German table's reading accepts ``("de", "en")``; an English table's
stays English alone, exactly as before.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service.router import registry
from engine import (
    BusError,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Game,
    GameLog,
    Move,
    NothingPlayed,
    ParseError,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    Question,
    StartLine,
    Unfinished,
    parse_moves,
    random_game,
    replay,
)
from engine.notation import Verdict, read_chat, vocabulary, write_move
from engine.words import (
    LANGUAGES,
    TEMPLATES,
    WordListError,
    _Checked,
    load,
    reading_languages,
)

DE = ("de", "en")
OFFICE_C1 = PlaceBuilding("office", "C1")


# ---- what the issue lists ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Büro auf C1 und Haus auf C4", [OFFICE_C1, PlaceBuilding("house", "C4")]),
    ("Platziere Kneipe auf W3", [PlaceBuilding("pub", "W3")]),
    ("Strecke von C1 nach C4", [ExtendLine("C1", "C4")]),
    ("baue C1-C4", [ExtendLine("C1", "C4")]),
    ("Linie C1 C4 S1", [ExtendLine("C1", "C4"), ExtendLine("C4", "S1")]),
    ("ich passe", [Pass()]),
    ("passe", [Pass()]),
    ("Bus kaufen", [ChooseAction("buses")]),
    ("ich nehme den Bus", [ChooseAction("buses")]),
    ("Uhr", [ChooseAction("clock")]),
    ("Zeit anhalten", [ClockChoice(True)]),
    ("Uhr weiterdrehen", [ClockChoice(False)]),
    ("2 Passagiere an den Westbahnhof", [PlacePassenger("WS")] * 2),
    ("Transport von W5 nach C1", [Deliver("W5", "C1")]),
    ("nehme Streckenbau", [ChooseAction("lines")]),
    ("Startspieler", [ChooseAction("start")]),
    ("Neue Gebäude", [ChooseAction("buildings")]),
])
def test_the_german_moves_of_the_issue(text: str, expected: list[Move]) -> None:
    assert parse_moves(text, DE) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Streckenbau", [ChooseAction("lines")]),
    ("Buskauf", [ChooseAction("buses")]),
    ("Neue Passagiere", [ChooseAction("passengers")]),
    ("Neue Gebäude", [ChooseAction("buildings")]),
    ("Uhr", [ChooseAction("clock")]),
    ("Transport", [ChooseAction("vroom")]),
    ("Vrrooomm", [ChooseAction("vroom")]),
    ("Startspieler", [ChooseAction("start")]),
    ("setze Aktionsstein auf Streckenbau", [ChooseAction("lines")]),
    ("Aktionsstein auf Uhr", [ChooseAction("clock")]),
    ("nehme einen Glasstein", [ClockChoice(True)]),
    ("Glasstein nehmen", [ClockChoice(True)]),
    ("Haus auf C1", [PlaceBuilding("house", "C1")]),
    ("Büro auf C1", [OFFICE_C1]),
    ("Kneipe auf C1", [PlaceBuilding("pub", "C1")]),
])
def test_the_terms_of_the_german_summary(text: str, expected: list[Move]) -> None:
    assert parse_moves(text, DE) == expected


@pytest.mark.parametrize(("texts", "expected"), [
    (["Büro auf C1", "Buero auf C1", "BÜRO AUF C1", "büros auf c1"], [OFFICE_C1]),
    (["Neue Gebäude", "neue gebaeude", "NEUE GEBAEUDE"], [ChooseAction("buildings")]),
    (["wähle Uhr", "waehle Uhr", "Wähl die Uhr"], [ChooseAction("clock")]),
    (["Büro auf C1 anschließend Haus auf C2", "Büro auf C1 anschliessend Haus auf C2"],
     [OFFICE_C1, PlaceBuilding("house", "C2")]),
    (["muß ich passen", "muss ich passen"], [Question("question", (Pass(),))]),
    (["verlängere Linie von C1 nach C4", "verlaengere Linie von C1 nach C4",
      "Verlängere von C1 nach C4", "erweitere C1 C4"], [ExtendLine("C1", "C4")]),
])
def test_umlauts_and_sharp_s_read_as_their_two_letter_spellings(
        texts: list[str], expected: list[Move]) -> None:
    for text in texts:
        assert parse_moves(text, DE) == expected, text


@pytest.mark.parametrize(("text", "expected"), [
    ("Starte Linie zwischen C1 und W3", [StartLine("C1", "W3")]),
    ("Linie zwischen C1 und W3", [StartLine("C1", "W3")]),
    ("Verlängere von C3 nach C4 und von C4 nach W5", [ExtendLine("C3", "C4"),
                                                       ExtendLine("C4", "W5")]),
    ("baue Haus auf C1", [PlaceBuilding("house", "C1")]),
    ("lege 2 Passagiere auf WS", [PlacePassenger("WS")] * 2),
    ("Passagier an den Ostbahnhof", [PlacePassenger("ES")]),
    ("3 Passagiere an den Osten", [PlacePassenger("ES")] * 3),
    ("stelle die Uhr weiter", [ClockChoice(False)]),
    ("halte die Zeit an", [ClockChoice(True)]),
    ("die Zeit nicht anhalten", [ClockChoice(False)]),  # as "don't stop time" in English
    ("Zeit laufen lassen", [ClockChoice(False)]),
    ("nehme Streckenbau Feld a", [ChooseAction("lines", "a")]),
    ("Ich hätte gern den Bus, danke", [ChooseAction("buses")]),
    ("Fahre von W5 nach C1 und von W3 nach C4", [Deliver("W5", "C1"), Deliver("W3", "C4")]),
    ("Transportiere nach W7", [Unfinished("deliver", to="W7")]),
    ("Büro auf C1 dann Haus auf C2", [OFFICE_C1, PlaceBuilding("house", "C2")]),
    ("Uhr und passe", [ChooseAction("clock"), Pass()]),
])
def test_more_german_phrasings(text: str, expected: list[Move]) -> None:
    assert parse_moves(text, DE) == expected


def test_english_is_still_understood_at_a_german_table() -> None:
    for text in ("Place Office at C1", "I'll take the bus please", "extend C1 C4 S1",
                 "don't stop time", "place 2 passengers at west", "Vrrooomm!"):
        assert parse_moves(text, DE) == parse_moves(text), text
    assert parse_moves("place office at C1 und Kneipe auf W3", DE) == [
        OFFICE_C1, PlaceBuilding("pub", "W3")]


def test_an_english_table_reads_no_german() -> None:
    """English alone, exactly as before: a German word is an unknown word there."""
    with pytest.raises(ParseError, match="'buero'|'b'"):
        parse_moves("Büro auf C1")
    with pytest.raises(ParseError, match="'passe'"):
        parse_moves("passe")
    assert read_chat("passe").verdict is Verdict.TALK
    assert read_chat("passe", DE) == read_chat("Passe", DE)
    assert read_chat("Passe", DE).verdict is Verdict.MOVES


def test_an_unknown_german_word_gets_a_german_guess() -> None:
    with pytest.raises(ParseError, match=r"'platzire' \(did you mean platziere\?\)"):
        parse_moves("platzire Büro auf C1", DE)
    with pytest.raises(ParseError, match=r"'ez' \(did you mean ES, next to E3\?\)"):
        parse_moves("Verlängere von E3 nach EZ", DE)


# ---- questions and maybes never play ---------------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "word"), [
    ("kann ich Büro auf C1 platzieren?", "question", "kann"),
    ("kann ich Büro auf C1 platzieren", "question", "kann"),
    ("soll ich Büro auf C1 setzen", "question", "soll"),
    ("darf ich Büro auf C1 bauen", "question", "darf"),
    ("was wenn ich Büro auf C1 setze", "question", "was"),
    ("ist Büro auf C1 erlaubt", "question", "erlaubt"),
    ("muss ich Büro auf C1 setzen", "question", "muss ich"),
    ("werde ich Büro auf C1 setzen", "question", "werde ich"),
    ("vielleicht Büro auf C1", "hypothetical", "vielleicht"),
    ("ich würde Büro auf C1 setzen", "hypothetical", "würde"),
    ("ich wuerde Büro auf C1 setzen", "hypothetical", "würde"),
    ("falls Büro auf C1", "hypothetical", "falls"),
    ("Vorschau Büro auf C1", "hypothetical", "vorschau"),
    ("Büro auf C1 🤔", "hypothetical", "\U0001f914"),
    ("nicht Büro auf C1", "negation", "nicht"),
    ("kein Büro auf C1", "negation", "kein"),
    ("nein, Büro auf C1", "negation", "nein"),
    ("soll ich nicht Büro auf C1 setzen?", "negation", "nicht"),
])
def test_german_questions_and_maybes_never_play(text: str, kind: str, word: str) -> None:
    moves = parse_moves(text, DE)
    assert moves == [Question(kind, (OFFICE_C1,))]  # type: ignore[arg-type]
    assert isinstance(moves[0], Question) and moves[0].word == word
    game = _setup_start()
    before = game.to_json()
    with pytest.raises(NothingPlayed) as err:
        game.push(moves[0], "Ada")
    assert err.value.legal and game.to_json() == before


def _setup_start() -> Game:
    return Game(["Ada", "Bram", "Cleo"], "capstone")


# ---- property: the German writer and reader agree, and nothing crashes ------------------------

GAMES = 40 if os.environ.get("CI") else 25


def _legal_moves_of(seed: int) -> list[Move]:
    """Every legal move at every position of a random game (with its questions)."""
    game = random_game(4, seed)
    replayed = replay(GameLog.parse(game.log().format()), upto=0)
    seen: dict[str, Move] = {}
    for player, move in game.history:
        for legal in replayed.legal_moves():
            seen.setdefault(str(legal), legal)
        replayed.push(move, player)
    return list(seen.values())


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_move_written_in_german_reads_back_as_the_same_move(seed: int) -> None:
    moves = _legal_moves_of(seed)
    rng = random.Random(seed)
    for move in moves:
        german = write_move(move, "de")
        assert parse_moves(german, DE) == [move], german
        assert parse_moves(german, ("de",)) == [move], german
        assert parse_moves(str(move), DE) == [move]
        assert parse_moves(str(move)) == [move]
    for kind in ("negation", "question", "hypothetical"):
        named = tuple(rng.sample(moves, min(3, len(moves))))
        question = Question(kind, named)  # type: ignore[arg-type]
        assert parse_moves(write_move(question, "de"), DE) == [question]
        assert parse_moves(write_move(question), DE) == [question]


def test_every_unfinished_move_written_in_german_reads_back() -> None:
    for move in (Unfinished("extend"), Unfinished("extend", "C4"), Unfinished("deliver"),
                 Unfinished("deliver", frm="W5"), Unfinished("deliver", to="W7")):
        assert parse_moves(write_move(move, "de"), DE) == [move], write_move(move, "de")


def test_the_german_writer_uses_the_summary_s_terms() -> None:
    assert write_move(ChooseAction("lines"), "de") == "Wähle Streckenbau"
    assert write_move(ChooseAction("buses"), "de") == "Wähle Buskauf"
    assert write_move(ChooseAction("passengers"), "de") == "Wähle Neue Passagiere"
    assert write_move(ChooseAction("buildings"), "de") == "Wähle Neue Gebäude"
    assert write_move(ChooseAction("clock"), "de") == "Wähle Uhr"
    assert write_move(ChooseAction("vroom"), "de") == "Wähle Transport"
    assert write_move(ChooseAction("start"), "de") == "Wähle Startspieler"
    assert write_move(PlaceBuilding("office", "C1"), "de") == "Platziere Büro auf C1"
    assert write_move(ClockChoice(True), "de") == "Zeit anhalten"
    assert write_move(ClockChoice(False), "de") == "Uhr weiterdrehen"
    assert write_move(Deliver("W5", "C1"), "de") == "Transportiere von W5 nach C1"
    assert write_move(Pass(), "de") == "Passe"
    # the log keeps the canonical English notation
    assert str(PlaceBuilding("office", "C1")) == write_move(PlaceBuilding("office", "C1"))


_GERMAN_WORDS = ["Büro", "buero", "Haus", "Kneipe", "auf", "C1", "W9", "EZ", "und", "dann",
                 "nach", "von", "Linie", "Strecke", "baue", "Passagiere", "Westbahnhof", "Uhr",
                 "Zeit", "anhalten", "weiterdrehen", "nicht", "kann", "ich", "soll", "?", "2",
                 "zwei", "einen", "Glasstein", "nehme", "Transport", "Startspieler", "ß", "ä",
                 "Feld", "a", "zwischen", "place", "office", "at", "don't", "stop", ",", ";",
                 "\n", "-", "Streckenbau", "Neue", "Gebäude", "lege", "stelle", "die", "vor"]


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80),
                 st.text(alphabet="äöüßÄÖÜẞaeioun C1?", max_size=40),
                 st.lists(st.sampled_from(_GERMAN_WORDS), max_size=12).map(" ".join)))
def test_any_text_at_a_german_table_gives_moves_or_an_engine_error(text: str) -> None:
    try:
        moves = parse_moves(text, DE)
    except BusError as err:
        assert str(err)
        return
    assert moves
    for move in moves:
        assert parse_moves(write_move(move, "de"), DE) == [move]
        assert parse_moves(str(move), DE) == [move]


#: German words that make a message a question, a maybe or a negation
INSERTED = ["nicht", "kein", "nein", "?", "kann ich", "soll ich", "darf ich", "was wenn",
            "ist das erlaubt", "vielleicht", "falls", "Vorschau", "würde", "wäre", "muss ich",
            "eventuell"]


def _position_log() -> tuple[str, int]:
    game = random_game(4, 5)
    return game.log().format(), len(game.history)


_LOG, _MOVES = _position_log()
_CACHE: dict[int, Game] = {}


def _position(cut: int) -> Game:
    if cut not in _CACHE:
        _CACHE[cut] = replay(GameLog.parse(_LOG), upto=cut)
    return _CACHE[cut].copy()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, _MOVES - 1), pick=st.integers(0, 10**6),
       inserts=st.lists(st.tuples(st.sampled_from(INSERTED), st.integers(0, 10)), min_size=1,
                        max_size=3))
def test_german_meaning_changing_words_in_a_legal_move_never_change_the_game(
        cut: int, pick: int, inserts: list[tuple[str, int]]) -> None:
    game = _position(cut)
    decision = game.to_act()
    assert decision is not None
    legal = game.legal_moves()
    words = write_move(legal[pick % len(legal)], "de").split()
    for word, at in inserts:
        words.insert(at % (len(words) + 1), word)
    text = " ".join(words)
    if "nicht anhalten" in text:
        return  # "die Zeit nicht anhalten" is the documented way to say Advance clock
    before, history = game.to_json(), list(game.history)
    try:
        moves = parse_moves(text, DE)
    except ParseError:
        return
    assert len(moves) == 1 and isinstance(moves[0], Question), text
    with pytest.raises(BusError):
        game.push(moves[0], decision.player)
    assert game.to_json() == before and game.history == history


# ---- the word lists --------------------------------------------------------------------------

def test_a_table_reads_its_language_and_english() -> None:
    assert reading_languages("de") == ("de", "en")
    assert reading_languages("en") == ("en",)
    assert reading_languages(None) == ("en",)
    with pytest.raises(WordListError, match="no word list for the language 'xx'"):
        reading_languages("xx")


def test_every_language_has_every_template_with_the_english_placeholders() -> None:
    english = load("en").writer
    for code in LANGUAGES:
        words = load(code)
        assert set(words.writer) == set(TEMPLATES) == set(english)
        for key in TEMPLATES:
            assert sorted(_fields(words.writer[key])) == sorted(_fields(english[key])), (code, key)


def _fields(template: str) -> list[str]:
    import string
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def _english_data() -> dict[str, Any]:
    import tomllib

    path = os.path.join(os.path.dirname(__file__), "..", "engine", "data", "words", "en.toml")
    with open(path, "rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["writer"].pop("pass"), "en.toml: writer.pass: is missing"),
    (lambda d: d["writer"].update(pass_="x"), "writer.pass_: is no template"),
    (lambda d: d["writer"].update(deliver="Deliver {frm}"),
     "writer.deliver: must hold ['frm', 'to'], holds ['frm']"),
    (lambda d: d["verbs"].update(fly=["fly"]), "verbs.fly: must be one of place, start"),
    (lambda d: d["words"].update(colours=["red"]), "words.colours: is no role"),
    (lambda d: d["phrases"].update({"{fly} time": "advance"}), "{fly} is no verb"),
    (lambda d: d["buildings"].update(office=["house"]), "'house' is also buildings.house"),
    (lambda d: d["words"].update(filler=["two words"]), "'two words' is not one word"),
    (lambda d: d.update(language="de"), "language: says 'de', the file is 'en'"),
])
def test_a_broken_word_list_is_refused_naming_its_key(
        change: Callable[[dict[str, Any]], object], message: str) -> None:
    data = _english_data()
    change(data)
    with pytest.raises(WordListError) as err:
        _Checked("en.toml", data).word_list("en")
    assert message in str(err.value)


def test_the_german_command_words_name_commands_of_the_registry() -> None:
    """The service reads these into its registry; each names one of its commands (by its
    name, or by one of its words: ``back`` of ``away``)."""
    names = {entry.name for entry in registry.ENTRIES}
    words = set(registry.BY_WORD)
    commands = load("de").commands
    assert set(commands) <= names | words and len(commands) >= 20
    assert commands["new"][0] == "neues Spiel" and commands["undo"] == ("rückgängig",)


def test_every_german_word_alone_reads_as_its_role() -> None:
    """Verbs and actions alone are moves or an attempt at one; building, passenger, station,
    number, filler, polite and meaning-changing words alone are talk (as in English)."""
    roles = vocabulary(("de",))
    assert len(roles) > 250
    quiet = {"building", "passengers", "station", "number", "negation", "question", "maybe",
             "polite", "filler", "loose filler"}
    wrong = {}
    for word, role in roles.items():
        verdict = read_chat(word, DE).verdict
        alone_is_talk = verdict is Verdict.TALK
        if (role.value in quiet) != alone_is_talk and word not in _ALONE_EXCEPTIONS:
            wrong[word] = (role, verdict)
    assert not wrong


#: words alone read otherwise than their role, and why
_ALONE_EXCEPTIONS = {
    "passagier", "passagiere",  # the Passengers action, as "passengers" in English
    "ws", "es",  # crossing names: an attempt at a move
    "linie", "linien", "strecke", "strecken",  # as "line" in English: filler far more often
}
