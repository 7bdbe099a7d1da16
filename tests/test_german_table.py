"""A German table (issue 34): who reads which language, German moves and commands read (with
English ones still), questions and maybes that never play, and a whole game that reads German
from ``neues Spiel`` to the final story, at the console and through the service with the real
pictures and page.

The German is the committed catalogue's (``bot/locale/de``): sentences are recognised by their
German templates, never by copies of them, and "reads German" is checked by what a German
text has none of: the English words every English sentence is made of.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest

from bot.api import Actor
from bot.service import GameService
from bot.service.game.records import GameRecord
from bot.service.router import chat
from bot.service.store import languages
from bot.service.verbs.export import IN_ENGLISH
from bot.service.words.catalogue import CatalogueWords, words_for
from bot.service.words.replies import GAME_OVER, NEXT
from engine import Game, GameLog, random_game, replay
from engine.notation import write_move
from engine.text import ENGLISH, Text, Words
from render import render_svg
from tests.render_support import SVG
from tests.service_support import Table, actor, fake_png, open_table, records_count

ROOT = Path(__file__).resolve().parent.parent
GERMAN = words_for("de")
assert isinstance(GERMAN, CatalogueWords)
NAMES = ["Ada", "Bram", "Cleo"]
#: words every English sentence of busbot is made of, and no German one
ENGLISH_WORDS = ("the", "and", "is", "you", "your", "with", "of", "has", "are", "now", "next",
                 "round", "game", "moves", "points", "left", "wins", "player")
_ENGLISH = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)
#: what is typed stays as typed: command words and moves quoted in backticks
_TYPED = re.compile(r"`[^`\n]*`")


def english_in(text: str) -> list[str]:
    """The lines of ``text`` with English words in them (outside what is typed in
    backticks)."""
    return [line for line in text.splitlines() if _ENGLISH.search(_TYPED.sub("", line))]


def german_head(text: Text) -> str:
    """The German template of ``text`` up to its first placeholder: how a German reply
    written from it starts."""
    return _template(text).split("{", 1)[0]


def _template(text: Text) -> str:
    assert isinstance(GERMAN, CatalogueWords)
    template = GERMAN.template(text.msg, None)
    assert isinstance(template, str) and template != getattr(text.msg, "en", None)
    return template


def game_lines(seed: int) -> tuple[list[str], str]:
    """A whole game's moves, every other one in German notation and the rest in English."""
    game = random_game(3, seed=seed, names=NAMES)
    assert game.winner is not None
    return ([f"{name}: {write_move(move, 'de') if i % 2 == 0 else move}"
             for i, (name, move) in enumerate(game.history)], game.winner)


# ---- a whole game at the console --------------------------------------------------------------


def console(tmp_path: Path, lines: list[str], *extra: str) -> str:
    config = tmp_path / "config.toml"
    config.write_text(f'db_path = "{tmp_path / "games.db"}"\nlanguage = "de"\n',
                      encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--config", str(config), *extra],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=300,
        check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_whole_game_at_the_console_reads_german_with_german_and_english_moves(
        tmp_path: Path) -> None:
    moves, winner = game_lines(seed=7)
    lobby = ["Ada: neues Spiel auto_single=false", "Ada: mitspielen", "Bram: mitspielen",
             "Cleo: join", "Ada: starten order: Ada, Bram, Cleo"]
    looks = ["Bram: Status", "Cleo: Protokoll", "Ada: status", "Ada: Regeln", "Ada: Hilfe"]
    out = console(tmp_path, [*lobby, *moves, *looks], "--no-pictures")
    said = [line for line in out.splitlines()]
    # every line was taken and none refused, German moves and English ones alike
    assert not any(line.startswith(_template(_only_you())) for line in said), out[-2000:]
    assert out.count("busbot: ") == len(lobby) + len(moves) + len(looks)
    assert german_head(GAME_OVER(winner=winner, scores="")) + winner in out
    # the replies name the moves in German, the English ones included
    game = random_game(3, seed=7, names=NAMES)
    last_name, last_move = game.history[-1]
    assert f"{last_name}: {write_move(last_move, 'de')}" in out
    # German from the console's first line to its last, the final story included
    assert english_in(out.replace(str(tmp_path), "")) == []
    assert "Streckenbau" in out and "Glasstein" in out


def _only_you() -> Text:
    from bot.console import ONLY_YOU
    return ONLY_YOU(text="")


def test_neues_spiel_makes_a_german_game_at_an_english_console(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--db", str(db), "--no-pictures"],
        input="Ada: neues Spiel\nAda: mitspielen\nAda: Status\n", capture_output=True,
        text=True, cwd=ROOT, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    opening, *rest = proc.stdout.splitlines()
    assert english_in(opening)  # the console's table was English until its game was made
    assert english_in("\n".join(rest)) == []


# ---- a German table through the service --------------------------------------------------------


def german_table(tmp_path: Path, renderer: object = fake_png) -> Table:
    table = open_table(str(tmp_path / "g.db"), renderer=renderer)
    table.ok("Ada", "new game language=de auto_single=false")
    for name in NAMES:
        table.ok(name, "mitspielen")
    table.ok("Ada", "starten order: Ada, Bram, Cleo")
    return table


def test_german_and_english_moves_both_play_and_german_questions_never_do(
        tmp_path: Path) -> None:
    table = german_table(tmp_path)
    path = str(tmp_path / "g.db")
    for asked in ("kann ich Büro auf C1 und Haus auf C4 platzieren?", "soll ich Büro auf C1",
                  "vielleicht Buero auf C1", "Büro auf C1 🤔", "Büro auf C1?",
                  "ich würde Büro auf C1 platzieren", "nicht Büro auf C1"):
        before = records_count(path)
        reply = table.say("Ada", asked)
        assert not reply.ok and records_count(path) == before, asked
        assert english_in(reply.text) == [], reply.text
    table.ok("Ada", "Büro auf C1 und Haus auf C4")  # the German rules summary's words
    table.ok("Bram", "Place Pub at C2 and House at C3")  # English, still read
    table.ok("Cleo", "platziere Kneipe auf E3; baue Haus auf W3")
    log = table.export()
    assert "Ada: Place Office at C1" in log and "Cleo: Place House at W3" in log
    reply = table.ok("Ada", "Starte Linie zwischen C1 und W3")
    assert "Ada: Starte Linie zwischen C1 und W3" in reply.text  # named in German notation
    assert german_head(NEXT(decision="")) in reply.text


def test_commands_are_read_in_german_only_at_a_german_table(tmp_path: Path) -> None:
    table = open_table(str(tmp_path / "g.db"))
    table.ok("Ada", "new game")
    refused = table.say("Ada", "Hilfe")  # an English table reads English commands only
    assert not refused.ok and "`Hilfe`" in refused.text and english_in(refused.text)
    table.ok("Ada", "language de")
    help_text = table.ok("Ada", "Hilfe").text
    assert "`neues Spiel`" in help_text and english_in(help_text) == []
    assert table.ok("Bram", "mitspielen").text == table.replies[-1].text
    table.ok("Cleo", "join")  # English command words are still read
    assert "Cleo" in table.ok("Cleo", "Status").text


def test_colours_and_levels_are_named_and_read_in_the_table_s_language(tmp_path: Path) -> None:
    """A German table names the colours and the computer's levels in German (issue 34: they
    were English words in German sentences) and reads them back in German or English; what
    is stored stays the data's own word."""
    table = open_table(str(tmp_path / "g.db"))
    table.ok("Ada", "neues Spiel")
    joined = table.ok("Ada", "mitspielen grün").text
    assert "Grün" in joined and "green" not in joined
    assert "Blau" in table.ok("Bram", "join blue").text
    taken = table.say("Cleo", "mitspielen Grün")
    assert not taken.ok and "Grün" in taken.text and english_in(taken.text) == []
    unknown = table.say("Cleo", "mitspielen pink")
    assert not unknown.ok and "Rot, Blau, Gelb, Grün, Lila" in unknown.text
    bot = table.ok("Ada", "Bot hinzufügen schwer").text
    assert "(schwer)" in bot and english_in(bot) == []
    assert "Lila" in table.ok("Bram", "Farbe lila").text
    summary = table.service.store.latest_game(table.place)
    assert summary is not None
    record = GameRecord.fold(summary.id, table.place, table.service.store.records(summary.id))
    seats = {s.name: (s.colour, s.bot) for s in record.seats}
    assert seats == {"Ada": ("green", None), "Bram": ("purple", None),
                     "Schwerer Bot": ("red", "hard")}
    # the same words at an English table: English names, German ones still understood
    english = open_table(str(tmp_path / "e.db"))
    english.ok("Ada", "new game")
    assert "green" in english.ok("Ada", "join grün").text
    assert "(hard)" in english.ok("Ada", "add bot schwer").text


def test_who_reads_which_language(tmp_path: Path) -> None:
    service = GameService(str(tmp_path / "g.db"), renderer=fake_png, rate_limits=False)
    server = "server-1"

    def say(name: str, text: str, *, manager: bool = False, locale: str | None = None,
            place: str = "channel-1") -> tuple[bool, str]:
        who = Actor(f"id-{name}", name, is_manager=manager, server=server, locale=locale)
        reply = service.handle(place, who, text)
        return reply.ok, reply.text

    # only the server's moderators choose its default; new games there are German
    ok, refused = say("Bram", "language server de")
    assert not ok and english_in(refused)
    ok, chosen = say("Mia", "language server de", manager=True)
    assert ok and english_in(chosen) == [] and languages.chosen(
        service.store, languages.SERVER, server) == "de"
    ok, made = say("Ada", "new game")
    assert ok and english_in(made) == []
    summary = service.store.latest_game("channel-1")
    assert summary is not None and service.cache.get(summary).record.language == "de"
    # a member's own language: what they alone read, at every table
    ok, mine = say("Bram", "my language en")
    assert ok and english_in(mine)  # answered in the language they chose
    ok, refused = say("Bram", "start")  # a refusal is theirs
    assert not ok and english_in(refused)
    ok, joined = say("Bram", "join")  # a change is the game's, for everyone
    assert ok and english_in(joined) == []
    # Discord's locale where a member chose nothing; their own choice wins over it
    ok, refused = say("Cleo", "start", locale="en-GB")
    assert not ok and english_in(refused)
    ok, refused = say("Bram", "start", locale="de")
    assert not ok and english_in(refused)
    ok, forgot = say("Bram", "meine Sprache default")
    assert ok and english_in(forgot) == []
    # the game's moderator changes the game's language; nobody else can
    ok, refused = say("Cleo", "language en")
    assert not ok
    ok, changed = say("Ada", "Sprache en")
    assert ok and english_in(changed)
    # a place without a server (the console) has no default to choose
    service.close()


def test_the_text_log_comments_in_german_with_its_moves_in_english(tmp_path: Path) -> None:
    table = german_table(tmp_path)
    table.play_random(40, seed=3)
    reply = table.ok("Ada", "exportieren")
    text = reply.files[0].data.decode("utf-8")
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert f"# {GERMAN(IN_ENGLISH())}" in comments and english_in("\n".join(comments)) == []
    log = GameLog.parse(text)
    assert len(replay(log).history) == 40  # any reader of the log format replays it
    assert all(" auf " not in move for _, move in log.moves)


def test_chat_at_a_german_table_is_read_in_german(tmp_path: Path) -> None:
    table = german_table(tmp_path)
    service = table.service
    assert service.read_chat(table.place, "Büro auf C1 und Haus auf C4", "id-Ada") is not None
    assert service.read_chat(table.place, "Uhr?", "id-Ada") is not None  # a question to answer
    assert service.read_chat(table.place, "schöner Zug, Bram!", "id-Ada") is None
    assert service.read_chat(table.place, "Hilfe", "id-Cleo") is not None  # a command
    # a German move in the log's words by someone who is not to act: told it is not theirs
    assert service.read_chat(table.place, "Platziere Büro auf C1", "id-Cleo") is not None
    # before a place is looked up, every language busbot reads is tried
    assert chat.for_the_bot("Platziere Büro auf C1") and chat.for_the_bot("neues Spiel")
    english = open_table(str(tmp_path / "e.db"), place="channel-2")
    english.ok("Ada", "new game")
    assert english.service.read_chat("channel-2", "Hilfe", "id-Ada") is None


def test_a_slash_command_s_moves_are_read_in_the_table_s_languages(tmp_path: Path) -> None:
    from bot.service.verbs.move import play
    from bot.service.verbs.preview import previewing

    table = german_table(tmp_path)
    user = actor("Ada")
    preview = table.service.handle(table.place, user, previewing("Büro auf C1 und Haus auf C4"))
    assert preview.ok, preview.text
    moved = table.service.handle(table.place, user, play("Büro auf C1 und Haus auf C4"))
    assert moved.ok and "Ada: Platziere Büro auf C1" in moved.text


# ---- the pictures and the page of a whole German game -----------------------------------------


class SvgPictures:
    """A renderer that draws the real SVG of every picture (in the words it is given) and keeps
    it, standing in for the PNG the service would post."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, str]] = []

    def __call__(self, game: Game, *, previous: Game | None = None, note: str = "",
                 layout: str | None = None, seat_notes: Mapping[str, str] | None = None,
                 words: Words = ENGLISH) -> bytes:
        svg = render_svg(game, previous=previous, note=note, seat_notes=seat_notes,
                         words=words)
        self.drawn.append((words.language, svg))
        return fake_png(game, previous=previous, note=note)


def texts_of(svg: str) -> str:
    root = ET.fromstring(svg)
    return "\n".join("".join(node.itertext()) for node in root.iter(SVG + "text"))


def test_a_whole_german_game_draws_german_pictures_and_a_german_page(tmp_path: Path) -> None:
    pictures = SvgPictures()
    table = german_table(tmp_path, renderer=pictures)
    table.play_random(400, seed=11)
    assert table.to_act() is None  # played to the end
    assert len(pictures.drawn) > 50 and {lang for lang, _ in pictures.drawn} == {"de"}
    for _, svg in pictures.drawn[::7] + pictures.drawn[-1:]:
        words = texts_of(svg)
        assert english_in(words) == [], words
    final = texts_of(pictures.drawn[-1][1])
    assert "Streckenbau" in final and "Startspieler" in final
    page = table.ok("Ada", "export html")
    assert page.ok
    html = table.service.export(table.place, "html")
    assert '<html lang="de">' in html
    assert "Streckenbau" in html and "Line expansion" not in html


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_table_reads_its_own_language_and_english(tmp_path: Path, language: str) -> None:
    assert languages.reading(language) == (("de", "en") if language == "de" else ("en",))
    assert languages.every(language)[0] == language
