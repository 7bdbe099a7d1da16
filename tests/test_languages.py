"""Who reads which language (issue 29): a game's public posts in the game's language (its own
setting, else its server's default, else English), what one member asked for or is refused in
that member's own language, with a second catalogue of our own (the German one is empty until
its issue fills it)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations

from bot.api import Actor
from bot.service import GameService
from bot.service.command.context import NOTHING_CHANGED, Outcome
from bot.service.game import payloads
from bot.service.game.live_game import Draft
from bot.service.pipeline import Step
from bot.service.store import languages
from bot.service.words import catalogue
from bot.service.words.replies import NEXT
from engine import Game
from engine.text import ENGLISH, Words
from tests.service_support import Table, actor, fake_png, started

GERMAN_NEXT = "Als Nächstes: {decision}."
GERMAN_UNCHANGED = "Es wurde nichts geändert."


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """A German catalogue with two entries, in place of the committed (empty) one."""
    catalog = Catalog(locale="de", domain="busbot")
    catalog.add(NEXT.en, GERMAN_NEXT, context=NEXT.id)
    catalog.add(NOTHING_CHANGED.en, GERMAN_UNCHANGED, context=NOTHING_CHANGED.id)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    monkeypatch.setitem(catalogue._loaded, "de",
                        catalogue.load("de", Translations(out, "busbot")))


def set_language(service: GameService, place: str, language: str) -> None:
    """The game's ``language`` setting, recorded as the command that sets it will record it."""
    summary = service.store.latest_game(place)
    assert summary is not None
    live = service.cache.get(summary)
    who = actor("Arcsyn")
    now = service.clock()
    draft = Draft.of(live, who, now, None)
    draft.add(payloads.SettingChanged("language", language))
    service.pipeline.commit(Step(place, who, now, None, summary, live), Outcome(""), draft)


def play_first_choice(table: Table) -> str:
    waiting = table.to_act()
    assert waiting is not None
    user = actor(waiting)
    choice = table.service.choices(table.place, user)[0]
    reply = table.service.handle(table.place, user, choice)
    assert reply.ok, reply.text
    return reply.text


def out_of_turn(table: Table) -> tuple[str, str]:
    """A seated player who is not to act, and the refusal they get for moving."""
    waiting = table.to_act()
    other = next(name for name in ("Arcsyn", "Daemonis", "Hedgethorn") if name != waiting)
    reply = table.service.handle(table.place, actor(other), "pass")
    assert not reply.ok
    return other, reply.text


def test_a_game_speaks_its_language_and_a_member_their_own(tmp_path: Path,
                                                           german: None) -> None:
    drawn_in: list[str] = []

    def renderer(game: Game, *, previous: Game | None = None, note: str = "",
                 layout: str | None = None, seat_notes: Mapping[str, str] | None = None,
                 words: Words = ENGLISH) -> bytes:
        drawn_in.append(words.language)
        return fake_png(game, previous=previous, note=note)

    service = GameService(str(tmp_path / "busbot.db"), renderer=renderer, announce=True)
    table = Table(service)
    started(table)
    assert "Next: " in play_first_choice(table)  # no language chosen anywhere: English

    set_language(service, table.place, "de")
    summary = service.store.latest_game(table.place)
    assert summary is not None and service.cache.get(summary).record.language == "de"
    drawn_in.clear()
    update = play_first_choice(table)
    assert "Als Nächstes: " in update and "Next: " not in update
    assert drawn_in == ["de"]  # the picture's labels too
    # the post kept for the place says which language it was written in
    assert service.unsent(table.place)[-1].language == "de"
    # a refusal is its reader's: the game's language, unless they chose their own
    other, refused = out_of_turn(table)
    assert refused.endswith(GERMAN_UNCHANGED)
    languages.choose(service.store, languages.MEMBER, actor(other).user_id, "en")
    _, refused = out_of_turn(table)
    assert refused.endswith("Nothing was changed.")
    service.close()

    # the setting is a record of the game: it is there after a restart
    again = GameService(str(tmp_path / "busbot.db"), renderer=fake_png)
    assert "Als Nächstes: " in play_first_choice(Table(again))
    again.close()


def test_a_server_default_applies_to_a_game_that_chose_none(tmp_path: Path,
                                                           german: None) -> None:
    service = GameService(str(tmp_path / "busbot.db"), renderer=fake_png)
    languages.choose(service.store, languages.SERVER, "server-1", "de")
    place = "channel-9"

    def say(name: str, text: str) -> str:
        who = actor(name)
        return service.handle(place, Actor(who.user_id, name, server="server-1"), text).text

    say("Arcsyn", "new game")
    for name in ("Arcsyn", "Daemonis", "Hedgethorn"):
        say(name, "join")
    assert "Als Nächstes: " in say("Arcsyn", "start")
    # a member's own choice is forgotten with the rest of their data
    languages.choose(service.store, languages.MEMBER, "id-Arcsyn", "en")
    assert languages.chosen(service.store, languages.MEMBER, "id-Arcsyn") == "en"
    from bot.service.store.privacy import forget
    forget(service.store, "id-Arcsyn")
    assert languages.chosen(service.store, languages.MEMBER, "id-Arcsyn") is None
    service.close()
