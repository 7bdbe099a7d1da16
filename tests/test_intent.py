"""Never play what was not meant; say what is true while actions are chosen (issue 9).

A negation, a question or a maybe in a move message plays nothing and is answered with whether
the move would be legal now and why; an unknown word is named with a guess instead of being
skipped; bare ``clock``, ``buy a bus`` and ``extend ...`` while choosing actions get the answer a
player needs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import (
    BusError,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Game,
    GameLog,
    IllegalMove,
    NothingPlayed,
    NotYourTurn,
    ParseError,
    Pass,
    PlaceBuilding,
    Question,
    Unfinished,
    parse_moves,
    random_game,
    replay,
)
from engine.decisions import shortened
from engine.notation import (
    Verdict,
    _known,
    names_a_part,
    parse_move,
    read_chat,
    tentative,
)
from tests.engine_support import BASIC_BUILDINGS, choose_round, new_game, setup
from tests.service_support import Table, open_table, started
from tests.test_console import console, lobby


def choosing_game() -> Game:
    """Setup done: Ada places the first marker of round 1."""
    game = new_game(3)
    setup(game, BASIC_BUILDINGS, ["W3 WS", "E3 ES", "S2 S3"], ["S3 S6", "ES E1", "WS W1"])
    decision = game.to_act()
    assert decision is not None and decision.kind == "choose" and decision.player == "Ada"
    return game


def unchanged(game: Game, text: str, player: str = "Ada") -> BusError:
    """Play ``text``; it must be refused and leave the game exactly as it was."""
    before, history = game.to_json(), list(game.history)
    with pytest.raises(BusError) as err:
        game.play(player, text)
    assert game.to_json() == before and game.history == history
    return err.value


# ---- the parser: what changes the meaning -------------------------------------------------------

OFFICE_C1 = PlaceBuilding("office", "C1")


@pytest.mark.parametrize(("text", "kind", "word"), [
    ("dont place office at C1", "negation", "dont"),
    ("don't place office at C1", "negation", "don't"),
    ("do not place office at C1", "negation", "not"),
    ("no, place office at C1", "negation", "no"),
    ("I can't place office at C1", "negation", "n't"),
    ("should I place office at C1?", "question", "should"),
    ("can I place office at C1", "question", "can"),
    ("what if I place office at C1", "question", "what"),
    ("is it legal to place office at C1", "question", "legal"),
    ("place office at C1?", "question", "?"),
    ("Place Office at C1 ?", "question", "?"),
    ("maybe place office at C1", "hypothetical", "maybe"),
    ("if I place office at C1", "hypothetical", "if"),
    ("preview Place Office at C1", "hypothetical", "preview"),
    ("I would place office at C1", "hypothetical", "would"),
    ("I'd place office at C1", "hypothetical", "'d"),
    ("should I not place office at C1?", "negation", "not"),  # a negation outranks a question
])
def test_meaning_changing_words_turn_moves_into_a_question(text: str, kind: str,
                                                           word: str) -> None:
    moves = parse_moves(text)
    assert moves == [Question(kind, (OFFICE_C1,))]  # type: ignore[arg-type]
    assert isinstance(moves[0], Question) and moves[0].word == word
    assert parse_moves(str(moves[0])) == moves  # its text reads back as the same question


def test_a_question_keeps_every_move_it_names() -> None:
    assert parse_moves("maybe choose clock and pass") == [
        Question("hypothetical", (ChooseAction("clock"), Pass()))]
    assert parse_moves("can I place office at C1, pub at C2?") == [
        Question("question", (OFFICE_C1, PlaceBuilding("pub", "C2")))]


def test_dont_stop_time_is_the_way_players_say_advance_clock() -> None:
    assert parse_moves("don't stop time") == [ClockChoice(False)]
    assert parse_moves("dont stop the clock") == [ClockChoice(False)]
    # any other negation of a clock choice plays nothing
    assert parse_moves("don't advance the clock") == [Question("negation", (ClockChoice(False),))]
    assert parse_moves("never stop time") == [Question("negation", (ClockChoice(True),))]


@pytest.mark.parametrize(("text", "named"), [
    ("place office at C1 lol", "'lol'"),
    ("place offfice at C1", "'offfice' (did you mean office?)"),
    ("plaec pub at C1", "'plaec' (did you mean place?)"),
    ("place office at C1 quickly", "'quickly'"),
    ("I hereby place office at C1", "'hereby'"),
])
def test_an_unknown_word_is_named_and_nothing_is_read(text: str, named: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_moves(text)
    assert named in str(err.value) and "nothing was played" in str(err.value)


def test_the_listed_filler_words_are_skipped() -> None:
    assert parse_moves("ok, so I'll place the office at C1 now please, thanks") == [OFFICE_C1]
    assert parse_moves("I will take the clock action") == [ChooseAction("clock")]
    # "let" advances the clock only in "let time run"; "let's" and "let me" are filler
    assert parse_moves("let's choose the clock") == [ChooseAction("clock")]
    assert parse_moves("let's pass") == parse_moves("I'm done") == [Pass()]
    with pytest.raises(ParseError, match="no move"):
        parse_moves("let me think")


def test_did_you_mean_work_is_bounded() -> None:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = [f"qq{letters[i // 26]}{letters[i % 26]}" for i in range(250)]
    with pytest.raises(ParseError) as err:
        parse_moves("place " + " ".join(words))
    message = str(err.value)
    assert message.count("'qq") == 3 and "and 247 more" in message
    assert len(message) < 300


def test_a_correction_or_log_line_must_be_a_move_that_plays() -> None:
    with pytest.raises(ParseError, match="plays nothing"):
        parse_move("should I place office at C1?")
    with pytest.raises(ParseError, match="Name the head"):
        parse_move("extend my line")


# ---- the game answers questions from a copy ---------------------------------------------------

def test_a_question_says_the_move_is_legal_and_why_and_plays_nothing() -> None:
    game = new_game(3)
    err = unchanged(game, "should I place office at C2?")
    assert isinstance(err, NothingPlayed) and err.legal
    text = str(err)
    assert text.startswith('That is a question ("should"), so nothing was played.')
    assert "Place Office at C2 would be legal now" in text
    assert "the game waits for Ada: place 2 starting buildings" in text
    assert text.endswith("To play it, write: Place Office at C2")


def test_a_question_says_why_a_move_is_not_legal() -> None:
    game = new_game(3)
    err = unchanged(game, "can I place office at N1?")
    assert isinstance(err, NothingPlayed) and not err.legal
    assert "Place Office at N1 is not legal now (rule R1)" in str(err)
    assert "only zone-A lots may be built during setup" in str(err)
    err = unchanged(game, "what if I place office at C1 then pub at N1")
    assert "Move 2 of 2 (Place Pub at N1) is not legal now" in str(err)


def test_a_negation_or_a_maybe_plays_nothing_and_says_how_to_play_it() -> None:
    game = new_game(3)
    err = unchanged(game, "dont place office at C1")
    assert str(err).startswith('Nothing was played: the message says "dont".')
    assert "To play it after all, write: Place Office at C1" in str(err)
    err = unchanged(game, "preview Place Office at C1")
    assert str(err).startswith('"preview" makes that a maybe, so nothing was played.')
    # what was not meant is never played, even where the move itself would be
    game.play("Ada", "Place Office at C1")
    assert game.to_json()["buildings"] == {"C1": ["office"]}


def test_a_question_out_of_turn_is_not_your_turn() -> None:
    game = new_game(3)
    err = unchanged(game, "should I place office at C2?", player="Cleo")
    assert isinstance(err, NotYourTurn) and "waiting for Ada" in str(err)


# ---- choosing actions --------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["clock", "the clock", "time", "Clock.", "take the clock"])
def test_bare_clock_while_choosing_chooses_the_clock(text: str) -> None:
    game = choosing_game()
    game.play("Ada", text)
    assert game.state.spaces["clock"] == [0]


@pytest.mark.parametrize("text", ["buy a bus", "Buy bus", "I'll buy a bus please"])
def test_buy_a_bus_chooses_buses(text: str) -> None:
    game = choosing_game()
    game.play("Ada", text)
    assert game.state.spaces["buses"] == [0]


def test_buying_anything_else_names_the_buses_action() -> None:
    with pytest.raises(ParseError, match="a bus comes with the Buses action: Choose Buses"):
        parse_moves("buy an office")


@pytest.mark.parametrize("text", ["extend my line", "extend from W3",
                                  "Extend line from W3 to C1", "extend W3-C1 and C1-C2"])
def test_extending_while_choosing_says_first_choose_line_expansion(text: str) -> None:
    game = choosing_game()
    err = unchanged(game, text)
    assert isinstance(err, IllegalMove) and err.rule == "R3"
    assert "Ada must choose an action or pass" in str(err)
    assert "first choose Line expansion (Choose Line expansion)" in str(err)
    assert "Choose Line expansion" in err.alternatives


@pytest.mark.parametrize(("text", "action"), [
    ("Place Office at N1", "Buildings"),
    ("place 2 passengers at west", "Passengers"),
    ("stop time", "Clock"),
    ("advance clock", "Clock"),
    ("deliver from W3 to C1", "Vrrooomm"),
])
def test_every_later_step_while_choosing_names_the_action_to_choose(text: str,
                                                                   action: str) -> None:
    err = unchanged(choosing_game(), text)
    assert f"first choose {action} (Choose {action})" in str(err)


def test_a_first_line_while_choosing_points_to_line_expansion() -> None:
    err = unchanged(choosing_game(), "Start line between C1 and C2")
    assert "lines are started only during setup" in str(err)
    assert "Line expansion" in str(err)


def lines_game() -> Game:
    game = choosing_game()
    choose_round(game, {"Ada": ["lines", "buses"], "Bram": ["clock", "start"],
                        "Cleo": ["passengers", "buildings"]})
    decision = game.to_act()
    assert decision is not None and decision.kind == "lines" and decision.player == "Ada"
    return game


def test_extend_without_crossings_in_a_line_decision_lists_what_is_legal() -> None:
    game = lines_game()
    legal = {str(m) for m in game.legal_moves()}
    err = unchanged(game, "extend my line")
    assert isinstance(err, ParseError)
    assert str(err).startswith("Name the next crossing too: legal (heads W3 and W1) now are")
    assert all(m in legal for m in str(err).split(" now are ")[1].split(", "))
    err = unchanged(game, "extend from W1")
    from_w1 = [str(m) for m in game.legal_moves() if isinstance(m, ExtendLine) and m.frm == "W1"]
    assert str(err) == f"Name the next crossing too: legal from W1 now are {', '.join(from_w1)}"
    err = unchanged(game, "extend from C2")
    assert isinstance(err, IllegalMove) and "C2 is not a head of Ada's line" in str(err)
    assert parse_moves("extend from C2") == [Unfinished("extend", "C2")]


# ---- through the game service (every way in uses it) ------------------------------------------

@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def test_the_service_answers_questions_and_negations_and_stores_nothing(table: Table) -> None:
    started(table)
    before = table.snapshot()
    for text, expected in [
        ("should I place office at C2?", "Place Office at C2 would be legal now"),
        ("place office at N1?", "Place Office at N1 is not legal now (rule R1)"),
        ("dont place office at C1", 'the message says "dont"'),
        ("Place Office at C1, preview", '"preview" makes that a maybe'),
        ("place office at C1 lol", "'lol'"),
    ]:
        reply = table.say("Arcsyn", text)
        assert not reply.ok and expected in reply.text, (text, reply.text)
        assert "nothing was played" in reply.text.lower()
        assert reply.picture is None and not reply.changed
        assert table.snapshot() == before
    reply = table.say("Arcsyn", "as Arcsyn: maybe place office at C1")  # as the moderator
    assert not reply.ok and "nothing was played" in reply.text
    # Starting with the word, it is the preview command: the picture, and still nothing played.
    reply = table.say("Arcsyn", "preview Place Office at C1")
    assert reply.ok and "nothing was played" in reply.text and reply.picture is not None
    assert table.snapshot() == before
    table.ok("Arcsyn", "Place Office at C1")


# ---- property: inserting meaning-changing words never changes the game -------------------------

INSERTED = ["don't", "dont", "not", "no", "?", "should I", "can I", "what if", "is it legal",
            "maybe", "if", "preview", "would"]


def _positions() -> tuple[str, int]:
    game = random_game(4, 11)
    return game.log().format(), len(game.history)


_LOG, _MOVES = _positions()
_CACHE: dict[int, Game] = {}


def position(cut: int) -> Game:
    if cut not in _CACHE:
        _CACHE[cut] = replay(GameLog.parse(_LOG), upto=cut)
    return _CACHE[cut].copy()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, _MOVES - 1), pick=st.integers(0, 10**6),
       inserts=st.lists(st.tuples(st.sampled_from(INSERTED), st.integers(0, 10)), min_size=1,
                        max_size=3),
       glue=st.booleans())
def test_meaning_changing_words_inserted_into_a_legal_move_never_change_the_game(
        cut: int, pick: int, inserts: list[tuple[str, int]], glue: bool) -> None:
    game = position(cut)
    decision = game.to_act()
    assert decision is not None
    legal = game.legal_moves()
    words = str(legal[pick % len(legal)]).split()
    for word, at in inserts:
        at %= len(words) + 1
        if word == "?" and glue and at > 0:
            words[at - 1] += "?"  # "C1?"
        else:
            words.insert(at, word)
    text = " ".join(words)
    # "don't stop time" is the documented way to say Advance clock
    assume(not any(f"{w} Stop" in text for w in ("don't", "dont")))
    before, history = game.to_json(), list(game.history)
    with pytest.raises(BusError):
        game.play(decision.player, text)
    assert game.to_json() == before and game.history == history


@settings(max_examples=150, deadline=None)
@given(cut=st.integers(0, _MOVES - 1), pick=st.integers(0, 10**6), at=st.integers(0, 10),
       word=st.from_regex(r"[a-z]{1,12}", fullmatch=True).filter(lambda w: not _known(w)))
def test_an_unknown_word_in_a_legal_move_is_named_never_skipped(
        cut: int, pick: int, at: int, word: str) -> None:
    game = position(cut)
    legal = game.legal_moves()
    words = str(legal[pick % len(legal)]).split()
    words.insert(at % (len(words) + 1), word)
    with pytest.raises(ParseError) as err:
        parse_moves(" ".join(words))
    assert f"'{word}'" in str(err.value) and "nothing was played" in str(err.value)


def test_at_the_console_a_question_is_answered_and_nothing_is_played(tmp_path: Path) -> None:
    out = console(tmp_path / "games.db", [*lobby(), "Ada: should I place office at C2?",
                                          "Ada: dont place office at C1", "Ada: log"],
                  "--no-pictures")
    assert 'That is a question ("should"), so nothing was played.' in out
    assert "Place Office at C2 would be legal now" in out
    assert 'Nothing was played: the message says "dont".' in out
    assert "Ada: Place Office" not in out  # neither played nor in the log
    assert "Ada started the game" in out  # the log was printed


# ---- what an answer offers (issue 32, item 9) -------------------------------------------------

def _first_position(kind: str, wanted: Callable[[Game], bool]) -> tuple[Game, str]:
    """The first position of a decision of ``kind`` that ``wanted`` accepts, in seeded random
    games (the same every run)."""
    for seed in range(60):
        game = random_game(4, seed)
        replayed = replay(GameLog.parse(game.log().format()), upto=0)
        for player, move in game.history:
            decision = replayed.to_act()
            if decision is not None and decision.kind == kind and wanted(replayed):
                return replayed, decision.player
            replayed.push(move, player)
    raise AssertionError(f"no such {kind} decision in 60 random games")


def _deliveries_to(game: Game) -> dict[str, list[str]]:
    by_target: dict[str, list[str]] = {}
    for move in game.legal_moves():
        if isinstance(move, Deliver):
            by_target.setdefault(move.to, []).append(str(move))
    return by_target


def test_deliver_to_a_crossing_lists_the_deliveries_there() -> None:
    """``deliver to W7`` with several legal deliveries to W7 got a generic usage line."""
    game, player = _first_position(
        "vroom", lambda g: max(map(len, _deliveries_to(g).values()), default=0) >= 3)
    target, listed = max(_deliveries_to(game).items(), key=lambda kv: len(kv[1]))
    err = unchanged(game, f"deliver to {target}", player)
    assert isinstance(err, ParseError)
    assert str(err) == (f"Name where the passenger waits too: legal to {target} now are "
                        f"{', '.join(listed)}")
    source = listed[0].split()[2]
    err = unchanged(game, f"deliver from {source}", player)
    assert str(err).startswith(f"Name where the passenger goes too: legal from {source} now are")
    assert listed[0] in str(err)


def test_deliver_to_a_crossing_nobody_can_reach_says_why() -> None:
    game, player = _first_position("vroom", lambda g: bool(_deliveries_to(g)))
    reachable = set(_deliveries_to(game))
    target = next(label for label in ("N1", "N8", "E7", "S7", "W1", "C1", "C4")
                  if label not in reachable)
    err = unchanged(game, f"deliver to {target}", player)
    assert isinstance(err, IllegalMove) and err.rule == "R12"
    assert err.alternatives == [str(m) for m in game.legal_moves()]


def test_deliver_while_choosing_names_vrrooomm() -> None:
    err = unchanged(choosing_game(), "deliver to W7")
    assert "first choose Vrrooomm (Choose Vrrooomm)" in str(err)


def test_a_legal_question_says_what_would_happen_and_offers_the_preview() -> None:
    """``what if I stop time?`` was answered "legal" and nothing about what it would do."""
    game, player = _first_position("clock", lambda g: True)
    trial = game.copy()
    first = trial.push(ClockChoice(True), player)[0].text
    err = unchanged(game, "what if I stop time?", player)
    assert isinstance(err, NothingPlayed) and err.legal
    text = str(err)
    assert f"It would go: {first}" in text
    assert "To see the table after it first, write: preview Stop time." in text
    assert text.endswith("To play it, write: Stop time")


def test_a_list_of_alternatives_never_ends_with_one_or_two_more() -> None:
    """``can I place office at N1?`` ended "Legal instead: C1, C2, C3, C4, E3, E5 and 2 more"."""
    err = unchanged(new_game(3), "can I place office at N1?")
    assert str(err).endswith("Legal instead: C1, C2, C3, C4, E3, E5, W3, W5")


@given(st.lists(st.text(max_size=3), max_size=40), st.integers(1, 10))
def test_a_shortened_list_leaves_out_none_or_at_least_three(items: list[str], most: int) -> None:
    shown, more = shortened(items, most)
    assert shown + items[len(shown):] == items and more == len(items) - len(shown)
    assert more == 0 or (more >= 3 and len(shown) == most)


# ---- the player to act is never ignored (issue 32, item 9) ------------------------------------

def test_a_chat_message_naming_an_action_is_answered_without_playing() -> None:
    """``I'll go for the clock`` from the player to act played nothing and got no answer: the
    engine says it names an action (``names_a_part``, ``ChatReading.names``) and gives the
    moves as a maybe the game answers (``tentative``)."""
    text = "I'll go for the clock"
    assert read_chat(text).verdict is Verdict.TALK and read_chat(text).names
    assert names_a_part(text)
    question = tentative(text)
    assert question == Question("hypothetical", (ChooseAction("clock"),))
    assert question.word == "go"
    game = choosing_game()
    before, history = game.to_json(), list(game.history)
    with pytest.raises(NothingPlayed) as answer:
        game.push(question, "Ada")
    assert answer.value.legal and str(answer.value).endswith("To play it, write: Choose Clock")
    assert str(answer.value).startswith('"go" makes that a maybe, so nothing was played.')
    assert game.to_json() == before and game.history == history


@pytest.mark.parametrize(("text", "names"), [
    ("I'll go for the clock", True), ("time to go", True), ("W5 is nice", True),
    ("pub?", True), ("the bus is late", True), ("ich gehe auf die Uhr", False),
    ("take care", False), ("nice move", False), ("brb", False), ("move on", False),
])
def test_what_names_an_action_a_building_or_a_crossing(text: str, names: bool) -> None:
    assert names_a_part(text) is names
    assert read_chat(text).names is names


def test_at_a_german_table_german_words_name_parts_too() -> None:
    assert names_a_part("ich gehe auf die Uhr", ("de", "en"))
    assert names_a_part("die Kneipe ist voll", ("de", "en"))
    assert not names_a_part("gut gemacht", ("de", "en"))
