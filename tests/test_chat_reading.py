"""Every message the player meant is read (issue 19), and questions never play (issue 21).

One corpus of phrasings, each with what it is, goes through the service's chat filter
(``GameService.read_chat``) and through the console, from the three kinds of writer: the
player the game waits for, another player, and a spectator. Then every word of the one
vocabulary and every command word, alone; then every README example and every piece of
``help``; then the reader on any text (hypothesis).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import console
from bot.service.command.words import Malformed, Unknown
from bot.service.router import chat, registry
from bot.service.router.reading import parse_command, read_message
from bot.service.verbs.move import Play
from bot.service.verbs.preview import Preview
from bot.service.words.catalogue import say
from engine import ParseError, Question, parse_moves
from engine.notation import MARKS, VOCABULARY, Role, Verdict, read_chat
from tests.service_support import Table, actor, open_table, started

ROOT = Path(__file__).resolve().parent.parent

#: what a phrasing is: moves (played or answered from the player to act), moves written as
#: the log writes them (answered whoever writes them), a question or a maybe (answered, never
#: played), an unclear attempt at a move (a hint to the player to act), table talk (left
#: alone), a command (answered whoever writes it)
MOVE, LOGGED, QUESTION, UNCLEAR, TALK, COMMAND = (
    "move", "logged", "question", "unclear", "talk", "command")
#: talk that names an action, a building or a crossing (issue 32 item 9: ``I'll go for the
#: clock`` played nothing and got no answer): the player to act is answered (about the moves
#: it names, as a maybe, or with the reader's hint), never played; others' is left alone
NAMES = "names"

CORPUS: dict[str, tuple[str, ...]] = {
    MOVE: (
        # issue 19's list, ignored before
        "I pass", "I'll take the bus", "take vroom please", "bus please", "let me take the clock",
        "buy a bus", "select buses", "halt time", "ride W5 C1",
        # the writer, politeness, emoji
        "take the bus", "I want to take the bus", "I'd like the clock please",
        "I would like to pass, thanks 🙏", "I'll pass, thanks", "pass please", "ok, I pass",
        "just pass", "sorry, pass", "take vroom pls",
        "take vroom plz", "thx, pass", "pass ty", "we pass", "I'm passing", "passing",
        "I take buses :)", "take lines 👍", "place office c1 🙂", "I choose buildings",
        "choose buildings please", "let's choose the clock", "I will take the clock action",
        "purchase a bus", "buying a bus", "take the bus now", "I'm going to take the bus",
        "gonna take the bus", "I wanna pass", "okay, vroom", "cheers, pass",
        # every kind of move, loosely written
        "don't stop time", "let time run", "clock", "the bus", "vroom", "vrrooomm!",
        "grab the clock", "pick passengers", "claim line expansion",
        "take start player", "stop the clock", "freeze time", "advance the clock",
        "I'll advance the clock", "extend C1-C4",
        "extend C1 C4 S1", "line between c3 and c4", "line from C1 to C4", "start C1-W3",
        "start line C1 W3", "place pub c3", "I'll place an office at c1, please", "C1: Office",
        "put a house at C2", "build a pub at C3 please", "place 2 passengers at west",
        "2 passengers west", "deliver W5 C1",
        "carry a passenger from W5 to C1", "move passenger from W5 to C1",
        "deliver W5 C1, W3 C4", "choose clock and pass",
        "place office at C1, pub at W3", "line expansion space a", "choose lines space b",
        "Extend C1 -> C4.", "extend C1→C4", "pass for me", "I'll take lines",
        "take the line expansion", "choose passengers please", "I'd like to stop time",
        "vroom please", "take buses 🚌", "deliver from W5 to C1 please",
        "start a line between C1 and W3", "I extend C1 to C4",
    ),
    LOGGED: (
        "Place Office at C1", "Pass", "Choose Buildings", "Choose Line expansion", "Stop time",
        "Advance clock", "Extend line from C1 to C4", "Start line between C1 and W3",
        "Deliver from W5 to C1", "Place passenger at WS", "place office at c1, then pass",
        "Choose Vrrooomm", "Choose Starting player", "Choose Buses", "Choose Clock",
        "Choose Passengers", "Place House at C2", "Place Pub at C3",
        # case, punctuation, a friendly emoji and "then" aside
        "pass", "pass ✅", "pass!!", "PASS", "Pass.", "choose starting player",
        "extend line from C1 to C4", "place passenger at ES", "choose clock; choose buses",
        "place office at c1 then pass",
    ),
    QUESTION: (
        # issue 21: questions and maybes never play, with or without the prefix
        "do I place office at C1 and house at C4", "will I place office at C1",
        "Place office at C1 🤔", "pass ‽", "pass ⁇", "pass /s", "pass :(", "take the bus ⁈",
        "clock❓", "pass 😬", "take the bus 🤷", "pass :/", "pass 🤔",
        # the words that ask, deny or wonder
        "time?", "should I place office at C2?", "can I place office at N1?",
        "maybe take the bus", "what if I take the bus", "is it legal to pass?",
        "don't place office at C1", "I think I'll take the bus", "Place Office at C1?",
        "take the bus?", "do I pass", "shall I pass", "would I pass", "pass?",
        "not the bus", "never stop time", "perhaps the clock", "probably pass", "hmm, pass",
        "idk, take the bus", "am I passing", "might take the bus", "I guess I'll pass",
        "could I take the bus", "are we passing",
    ),
    UNCLEAR: (
        "Place Pub at W9", "extend line from C1 to C99", "Place Office at C1 🦄",
        "place office at C1 lol", "place offfice at C1", "plaec pub at C1",
        "I will build a house somewhere nice", "place office at C1 quickly", "extend N1 W9",
        "deliver W5", "place office", "take the 🚀", "place pub at WS", "start line C1",
        "C1 is a great spot", "pass 🐢", "extend C1 to N0", "ok I am done for today",
        "place 20 offices at C1", "deliver from W5 to the park",
    ),
    TALK: (
        "nice move", "brb", "lol I'm doomed", "what a lovely board", "see you at 9",
        "good game everyone", "let me think", "who is next?", "well played", "good luck all",
        "gg", "haha", "thanks!", "ok", "👍", "🤔", "lol", "wow", "sorry, got to go",
        "back in 5", "can't wait", "I'm thinking", "hmm",
        "that was close", "nice one Daemonis", "anyone up for another?", "love this game",
        "ugh", "whose turn is it?", "I need coffee", "you're doomed",
        "great game", "same", "+1", "ok :)", "yes", "no", "maybe", "😂", "rematch",
        "my games", "vacation", "timeout", "map please", "join us tomorrow?", "undo please",
        "see you tomorrow", "it is up there",
    ),
    NAMES: (
        "my bus is stuck", "time to go", "next time", "I'll go for the clock",
        "the bus is late", "pub?", "let's go for line expansion", "I'll go with the bus",
    ),
    COMMAND: (
        "status", "moves", "log", "help", "rules", "map", "map 3", "log all", "moves all",
        "export json", "index", "preview place office at C1", "preview take the bus",
    ),
}
PHRASINGS = [(text, kind) for kind, texts in CORPUS.items() for text in texts]
#: what each writer gets: (the player to act, another player, a spectator) answered or not
ANSWERED: dict[str, tuple[bool, bool, bool]] = {
    MOVE: (True, False, False), LOGGED: (True, True, True), QUESTION: (True, False, False),
    UNCLEAR: (True, False, False), TALK: (False, False, False), COMMAND: (True, True, True),
    NAMES: (True, False, False),
}
VERDICT = {MOVE: Verdict.MOVES, LOGGED: Verdict.MOVES, QUESTION: Verdict.QUESTION,
           UNCLEAR: Verdict.UNCLEAR, TALK: Verdict.TALK, NAMES: Verdict.TALK}


def test_the_corpus_is_large_and_each_phrasing_is_in_it_once() -> None:
    texts = [text for text, _ in PHRASINGS]
    assert len(texts) >= 150 and len(set(texts)) == len(texts)


@pytest.mark.parametrize(("text", "kind"), PHRASINGS)
def test_the_strict_reader_tells_each_phrasing_for_what_it_is(text: str, kind: str) -> None:
    if kind == COMMAND:
        cmd = parse_command(text)
        assert cmd is not None and not isinstance(cmd, Malformed)
        return
    reading = read_chat(text)
    assert reading.verdict is VERDICT[kind], text
    assert reading.logged is (kind == LOGGED)
    if kind in (TALK, NAMES):
        assert reading.names is (kind == NAMES), text


@pytest.mark.parametrize(("text", "kind"), [p for p in PHRASINGS if p[1] == QUESTION])
def test_a_question_never_plays_with_or_without_the_prefix(text: str, kind: str) -> None:
    moves = parse_moves(text)
    assert len(moves) == 1 and isinstance(moves[0], Question), moves


def _writers(table: Table) -> tuple[str, str, str]:
    """(the player to act, another player, a spectator) now."""
    to_act = table.to_act()
    assert to_act is not None
    other = next(name for name in ("Arcsyn", "Daemonis", "Hedgethorn") if name != to_act)
    return to_act, other, "Zed"


def test_the_service_and_the_console_answer_exactly_the_corpus_writers(tmp_path: Path) -> None:
    """Each phrasing, from each kind of writer, through ``read_chat`` and through a console
    line. The console line of the player to act goes last, as it may play; a question or an
    unclear message from them changes nothing."""
    table = open_table(str(tmp_path / "g.db"), place=console.PLACE)
    started(table)
    service = table.service
    answered = 0
    for text, kind in PHRASINGS:
        for name, expected in zip(reversed(_writers(table)), reversed(ANSWERED[kind]),
                                  strict=True):
            took = service.read_chat(console.PLACE, text, f"id-{name}") is not None
            assert took is expected, (name, text, kind)
            before = table.snapshot()
            out = io.StringIO()
            console.answer_line(service, f"id-{name}: {text}", out, str(tmp_path))
            shown = out.getvalue()
            assert (shown == console.TALK.en + "\n") is not expected, (name, text, shown)
            if kind in (QUESTION, UNCLEAR, TALK, NAMES):
                assert table.snapshot() == before, (name, text)
            answered += expected
    assert answered >= len(PHRASINGS)


def test_the_player_to_act_is_answered_and_a_question_plays_nothing(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    before = table.snapshot()
    reply = table.say("Arcsyn", "do I place office at C1 and house at C4")
    assert 'That is a question ("do I"), so nothing was played' in reply.text
    assert table.snapshot() == before
    reply = table.say("Arcsyn", "Place Office at C1 🦄")
    assert not reply.ok and "'🦄'" in reply.text and reply.mentions == []
    assert table.snapshot() == before
    assert table.ok("Arcsyn", "I'll place an office at C1, please 🙂").changed


def test_the_player_to_act_naming_a_move_in_talk_is_answered_never_played(
        tmp_path: Path) -> None:
    """From the player to act, ``I'll go for the clock`` played nothing and got no answer: it
    is answered as a maybe about the moves it names (what to write to play them), pinging
    nobody; a message naming no move that can be read gets the reader's hint; anyone else's
    such talk is still left alone."""
    table = open_table(str(tmp_path / "g.db"), place=console.PLACE)
    started(table)
    table.play_random(6, seed=1)  # the starting buildings, then the first lines
    while "choose an action" not in table.ok("Zed", "status").text:
        table.play_random(1, seed=2)
    to_act, other, spectator = _writers(table)
    service, before = table.service, table.snapshot()
    text = "I'll go for the clock"
    assert service.read_chat(console.PLACE, text, f"id-{other}") is None
    assert service.read_chat(console.PLACE, text, f"id-{spectator}") is None
    addressed = service.read_chat(console.PLACE, text, f"id-{to_act}")
    assert addressed is not None
    reply = service.handle(console.PLACE, actor(to_act), text, addressed=addressed)
    assert reply.text.startswith('"go" makes that a maybe, so nothing was played.')
    assert reply.text.endswith("To play it, write: Choose Clock.")
    assert reply.mentions == [] and table.snapshot() == before
    hint = service.handle(console.PLACE, actor(to_act), "the bus is late",
                          addressed=service.read_chat(console.PLACE, "the bus is late",
                                                      f"id-{to_act}"))
    assert not hint.ok and "I do not understand the word 'late'" in hint.text
    assert hint.mentions == [] and table.snapshot() == before
    out = io.StringIO()  # the console reads the line the same way
    console.answer_line(service, f"id-{to_act}: {text}", out, str(tmp_path))
    assert "To play it, write: Choose Clock" in out.getvalue()
    assert table.snapshot() == before
    assert table.ok(to_act, "Choose Clock").changed  # as the answer says


def test_space_a_names_a_space_and_a_taken_one_is_refused(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    started(table)
    table.play_random(6, seed=1)  # the starting buildings
    while table.to_act() is not None and "choose" not in table.ok("Zed", "status").text:
        table.play_random(1)
    first = table.to_act()
    assert first is not None
    table.ok(first, "choose line expansion space a")
    second = table.to_act()
    assert second is not None
    reply = table.say(second, "choose line expansion space a")
    assert not reply.ok and "which is space b, not space a" in reply.text
    assert table.ok(second, "line expansion space b").changed


# ---- every word of the vocabulary, and every command word, alone ---------------------------

#: how a word alone is treated, by its role: (the player to act, another player, a spectator)
BY_ROLE: dict[Role, tuple[bool, bool, bool]] = {
    Role.VERB: (True, False, False),           # a move, or a hint saying what it lacks
    Role.ACTION: (True, False, False),         # "clock", "bus": choosing that action
    # "office", "people", "west" alone are talk, but they name a building, passengers or a
    # station: the player to act is answered (issue 32 item 9), never played, and only them
    Role.BUILDING: (True, False, False),
    Role.PASSENGERS: (True, False, False),
    Role.STATION: (True, False, False),
    Role.NUMBER: (False, False, False),
    Role.NEGATION: (False, False, False),
    Role.QUESTION: (False, False, False),
    Role.MAYBE: (False, False, False),
    Role.POLITE: (False, False, False),
    Role.FILLER: (False, False, False),
    Role.LOOSE: (False, False, False),
}
#: the words alone that are not treated as their role is, and how they are
EXCEPTIONS: dict[str, tuple[bool, bool, bool]] = {
    "pass": (True, True, True),                # written as the log writes it
    "passengers": (True, False, False), "passenger": (True, False, False),  # the action
    "ws": (True, False, False), "es": (True, False, False),  # a crossing: an attempt
    # "line" is filler far more often ("extend my line"): alone it is talk
    "line": (False, False, False), "lines": (False, False, False),
    "route": (False, False, False),
}


def _treated(text: str) -> tuple[bool, bool, bool]:
    return (chat.meant_for_the_bot(text, True, to_act=True),
            chat.meant_for_the_bot(text, True, to_act=False),
            chat.meant_for_the_bot(text, True, to_act=False))


def _expected(word: str) -> tuple[bool, bool, bool]:
    """How a message of ``word`` alone is to be treated: a whole command for everyone; a
    mistyped one (``drop`` without a name) is left alone; any other word as its role says."""
    cmd = parse_command(word)
    if cmd is not None:
        whole = not isinstance(cmd, Malformed)
        return whole, whole, whole
    role = VOCABULARY.get(word)
    return EXCEPTIONS.get(word, BY_ROLE[role] if role is not None else (False, False, False))


def test_every_word_of_the_vocabulary_and_every_command_word_alone() -> None:
    """Every verb, action, building, filler, polite and meaning-changing word, and every
    command word of the registry (``status`` is a command for everyone, ``drop`` alone is left
    alone, ``start`` is the command before it is a verb)."""
    words = sorted(set(VOCABULARY) | set(registry.WORDS))
    wrong = {word: (VOCABULARY.get(word), _treated(word), _expected(word))
             for word in words if _treated(word) != _expected(word)}
    assert not wrong
    assert len(words) > 250


def test_every_mark_alone_is_talk_and_after_a_move_asks() -> None:
    for mark, kind in MARKS.items():
        assert _treated(mark) == (False, False, False), mark
        reading = parse_moves(f"pass {mark}")
        assert isinstance(reading[0], Question) and reading[0].kind == kind, mark


def test_the_filter_s_command_words_are_the_registry_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command added to the registry is a command in chat at once: no list of its own."""
    assert not chat.could_be_for_the_bot("frobnicate")
    entry = registry.BY_WORD["index"]
    monkeypatch.setitem(registry.BY_WORD, "frobnicate", entry)
    parse_command.cache_clear()
    try:
        assert chat.could_be_for_the_bot("frobnicate")
        assert chat.meant_for_the_bot("frobnicate", True, to_act=False)
    finally:
        monkeypatch.undo()
        parse_command.cache_clear()


# ---- every README example and every piece of ``help`` --------------------------------------

def _readme_moves() -> list[str]:
    text = (ROOT / "README.md").read_text()
    playing = text.split("## Playing", 1)[1].split("\n## ", 1)[0]
    table = [line for line in playing.splitlines() if line.startswith("| ")][2:]
    return [ex for line in table for ex in re.findall(r"`([^`]+)`", line.split("|")[2])]


def test_every_readme_move_example_is_read_and_answered_from_the_player_to_act() -> None:
    examples = _readme_moves()
    assert len(examples) >= 15
    for example in examples:
        assert not isinstance(parse_moves(example)[0], Question), example
        assert chat.meant_for_the_bot(example, True, to_act=True), example


_FILLED = {"NAME": "Daemonis", "N": "3", "K": "2", "COLOUR": "red", "@user": "@Zed",
           "MOVES": "Place Office at C1", "MOVE...": "Place Office at C1",
           "move": "Place Office at C1", "A, B, C": "Arcsyn, Daemonis, Hedgethorn"}


def _help_pieces() -> list[str]:
    """Every `...` piece of ``help``, with its placeholders filled in, optional parts left
    out and each choice of ``a|b|c`` written out (``export txt|json`` is two commands)."""
    text = say(registry.help_text(True))
    pieces: list[str] = []
    for piece in re.findall(r"`([^`]+)`", text):
        piece = re.sub(r"\[[^\]]*\]", "", piece).strip()  # optional parts left out
        for hole, value in _FILLED.items():
            piece = re.sub(rf"(?<![\w@]){re.escape(hole)}(?![\w.])", value, piece)
        head, _, choices = piece.rpartition(" ")
        if "|" in choices:
            pieces.extend(f"{head} {choice}" for choice in choices.split("|"))
        else:
            pieces.append(piece)
    return pieces


def test_every_piece_of_help_is_understood() -> None:
    pieces = _help_pieces()
    assert len(pieces) >= 30
    for piece in pieces:
        cmd = read_message(piece)
        if piece in registry.BY_WORD and isinstance(cmd, Malformed):
            continue  # a command named in passing ("a seat offered to you (`replace`...)")
        assert not isinstance(cmd, Malformed | Unknown), piece
        if isinstance(cmd, Play | Preview):
            assert cmd.unreadable is None and cmd.moves, piece


# ---- the reader on any text -------------------------------------------------------------------

_ALPHABET = st.sampled_from([*"abcdeswn0123456789 ,;:?!'-/()\n", "🤔", "‽", "🦄", "👍", "é",
                             "pass", "place", "office", "at", "c1", "w9", "i", "ll", "do",
                             "will", "space", "please", "don't", "stop", "bus", "maybe"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_the_readers_never_raise_anything_but_a_parse_error(text: str) -> None:
    reading = read_chat(text)
    assert reading.verdict in Verdict
    try:
        moves = parse_moves(text)
    except ParseError:
        assert reading.verdict is not Verdict.MOVES
        return
    if reading.verdict is Verdict.MOVES:
        assert not any(isinstance(m, Question) for m in moves)
    if any(isinstance(m, Question) for m in moves):
        assert reading.verdict in (Verdict.QUESTION, Verdict.TALK, Verdict.UNCLEAR)
