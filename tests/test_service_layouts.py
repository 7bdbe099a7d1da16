"""Pictures drawn for whoever reads them: a player's layout, a channel's, a map asked in one;
seats marked in words; and a description of every picture for those who cannot see it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.api import Reply, Update
from bot.console import show
from bot.discord_app.outgoing import DESCRIPTION_LIMIT, compose
from bot.service.drawing.alttext import alt_text
from engine import Game
from tests.service_support import SETUP, Table, open_table, play, started


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return open_table(str(tmp_path / "busbot.db"))


def layout_of(reply: Reply) -> str | None:
    """The layout the (stand-in) picture was drawn in; None: the server's."""
    assert reply.picture is not None
    marker = b"|layout="
    if marker not in reply.picture:
        return None
    return reply.picture.split(marker)[1].split(b"|")[0].decode()


def test_a_player_s_layout_draws_their_maps_and_the_channel_s_draws_the_updates(
        table: Table) -> None:
    started(table)
    assert layout_of(table.ok("Zed", "map")) is None  # the server's until someone chooses
    said = table.ok("Daemonis", "layout phone").text
    assert "phone layout" in said and "map landscape" in said
    assert layout_of(table.ok("Daemonis", "map")) == "phone"
    assert layout_of(table.ok("Daemonis", "map 0")) == "phone"
    assert layout_of(table.ok("Daemonis", "map landscape")) == "landscape"  # one picture
    assert layout_of(table.ok("Daemonis", "map 0 portrait")) == "portrait"
    assert layout_of(table.ok("Zed", "map")) is None  # another player is not changed
    update = table.ok("Arcsyn", "Place Office at C1")
    assert isinstance(update, Update) and layout_of(update) is None  # posted for everyone

    table.ok("Arcsyn", "layout channel portrait")  # the game's creator moderates
    assert layout_of(table.ok("Arcsyn", "Place Pub at C2")) == "portrait"
    assert layout_of(table.ok("Zed", "map")) == "portrait"  # no choice of his own
    assert layout_of(table.ok("Daemonis", "map")) == "phone"  # hers wins for her own
    shown = table.ok("Daemonis", "layout").text
    assert "Your pictures: phone" in shown and "posted here: portrait" in shown

    table.ok("Daemonis", "layout default")
    assert layout_of(table.ok("Daemonis", "map")) == "portrait"
    table.ok("Arcsyn", "layout channel default")
    assert layout_of(table.ok("Daemonis", "Place House at C3")) is None


def test_only_a_moderator_chooses_the_channel_s_layout_and_unknown_ones_are_refused(
        table: Table) -> None:
    started(table)
    refused = table.say("Zed", "layout channel phone")
    assert not refused.ok and "Only a moderator" in refused.text
    wrong = table.say("Zed", "layout sideways")
    assert not wrong.ok and "`layout phone`" in wrong.text
    assert not table.say("Zed", "map 3 sideways").ok
    assert layout_of(table.ok("Zed", "map")) is None  # nothing was kept


def test_a_choice_is_kept_across_a_restart(tmp_path: Path) -> None:
    path = str(tmp_path / "busbot.db")
    table = open_table(path)
    started(table)
    table.ok("Daemonis", "layout phone")
    table.service.close()
    again = open_table(path)
    assert layout_of(again.ok("Daemonis", "map")) == "phone"


def test_a_dropped_seat_is_marked_dropped_on_the_picture(table: Table) -> None:
    started(table)
    play(table, SETUP[:2])
    assert b"dropped" not in (table.ok("Zed", "map").picture or b"")
    reply = table.ok("Arcsyn", "drop Daemonis")
    assert b"|Daemonis=dropped" in (reply.picture or b"")
    assert "Daemonis dropped" in reply.picture_alt
    assert b"|Daemonis=dropped" in (table.ok("Zed", "map").picture or b"")


def test_every_picture_is_described_in_words(table: Table) -> None:
    started(table)
    play(table, SETUP[:3])
    reply = table.ok("Daemonis", "Place Office at C4")
    alt = reply.picture_alt
    assert alt.startswith("Bus table, setup; clock: house")
    assert "To act: Hedgethorn: " in alt
    # each name apart from its score (issue 32 item 11: "Normal Bot 3 0, You 0" read as one)
    assert "Scores: Arcsyn: 0 points, Daemonis: 0 points, Hedgethorn: 0 points." in alt
    assert "Daemonis: Place Office at C4" in alt
    preview = table.ok("Hedgethorn", "preview Place Pub at E3")
    assert preview.picture_alt.startswith("Preview: not played. Bus table")
    assert "Last move: Hedgethorn: Place Pub at E3" in preview.picture_alt
    assert not table.say("Zed", "status").picture_alt  # no picture, no description


def test_a_score_in_the_description_never_runs_into_a_name_that_ends_in_a_number() -> None:
    """The alt text said "Scores: Normal Bot 3 0, You 0, Normal Bot 2 0"."""
    game = Game(["Normal Bot 3", "Ada", "Normal Bot 2"])
    game.state.players[0].carried = 1
    alt = alt_text(game)
    assert "Scores: Normal Bot 3: 1 point, Ada: 0 points, Normal Bot 2: 0 points." in alt


def test_the_description_stays_under_discord_s_limit_whatever_the_names() -> None:
    names = ["A" * 5000 + str(i) for i in range(5)]
    game = Game(names)
    alt = alt_text(game, seat_notes={name: "away " * 300 for name in names})
    assert len(alt) <= DESCRIPTION_LIMIT and alt.endswith("…")


def test_discord_attaches_the_description_and_the_console_prints_it(table: Table) -> None:
    started(table)
    reply = table.ok("Arcsyn", "Place Office at C1")
    (message,) = compose(reply)
    (picture,) = message.files()
    assert picture.filename == reply.picture_name and picture.description == reply.picture_alt
    out = io.StringIO()
    show(reply, out, "pictures", describe=True)  # the console's long form (``--describe``)
    assert f"  picture shows: {reply.picture_alt}\n" in out.getvalue()


def test_forget_me_forgets_the_layout_too(table: Table) -> None:
    from bot.service.store.privacy import forget

    started(table)
    table.ok("Daemonis", "layout phone")
    forget(table.service.store, "id-Daemonis")
    assert layout_of(table.ok("Daemonis", "map")) is None
