"""Member text is never echoed as a link (issue 33, finding 7): Discord's masked link,
``[label](url)``, shows a label of the writer's choosing in place of where it leads; nothing the
bot repeats of a member (an argument, a name, a word it did not know) may form one, in any
command, and nothing the Discord adapter posts or sends privately either."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.api import Actor, Refusal, Reply, Update
from bot.discord_app.outgoing import compose
from engine.limits import shown, unlinked
from tests.service_support import SETUP, Table, open_table, play, started

LINK = "[free nitro](https://evil.example/claim)"

#: every command form, with the link where a member's words go (the finding: 3 of 60 forms,
#: moderator commands that echo their argument)
FORMS = [
    "{L}", "!bus {L}", "{L}?", "add bot {L}", "replace Daemonis with bot {L}",
    "replace {L} with bot", "replace Daemonis with {L}", "replace {L} with Walt", "undo {L}",
    "as {L}: pass", "as Daemonis: {L}", "correct 1: {L}", "correct {L}", "drop {L}",
    "nudge {L}", "deadline {L}", "on timeout {L}", "on away {L}", "on {L}", "auto_single {L}",
    "away {L}", "away until {L}", "plan: {L}", "plan {L}", "hint {L}", "map {L}", "map 3 {L}",
    "moves {L}", "log {L}", "log since {L}", "export {L}", "story {L}", "layout {L}",
    "layout channel {L}", "preview {L}", "place office at {L}", "Place Office at C1 {L}",
    "choose {L}", "rating {L}", "stats {L}", "vs {L}", "leaderboard season {L}",
    "season start {L}", "season {L}", "ratings assisted {L}", "rated {L}", "games {L}",
    "index {L}", "help {L}", "rules {L}", "status {L}", "join as {L}", "colour {L}",
    "new game {L}", "new game option={L}", "new game markers={L}", "start order: {L}",
    "forget {L}", "confirm {L}", "pause {L}", "resume {L}", "abandon {L}", "undo last {L}",
    "undo to {L}", "redo {L}", "accept {L}", "leave {L}", "back {L}", "import {L}",
    "Place {L} at C1", "Extend line from {L} to C2", "will I place office at {L}",
]


def linkless(reply: Reply) -> bool:
    return "](" not in reply.text


@pytest.fixture
def table(tmp_path: Path) -> Table:
    table = open_table(str(tmp_path / "g.db"))
    started(table, 3)
    play(table, SETUP[:2])
    return table


@pytest.mark.parametrize("form", FORMS)
def test_no_command_echoes_a_members_words_as_a_link(table: Table, form: str) -> None:
    text = form.format(L=LINK)
    for who in ("Arcsyn", "Daemonis", "Zed"):  # the moderator, a player, a stranger
        reply = table.say(who, text)
        assert linkless(reply), f"{who}: {text} -> {reply.text}"


def test_a_display_name_is_never_echoed_as_a_link(table: Table) -> None:
    """The moderator's own name is repeated in what they do (`replace`, `drop`...)."""
    linked = Actor("id-Arcsyn", LINK)
    for text in ("replace Daemonis with Walt", "nudge", "pause", "resume", "drop Walt",
                 "status"):
        reply = table.service.handle(table.place, linked, text)
        assert reply.ok and linkless(reply), f"{text} -> {reply.text}"


def test_the_echo_itself_breaks_the_link_and_nothing_else() -> None:
    assert unlinked(LINK) == "[free nitro] (https://evil.example/claim)"
    assert shown(LINK) == unlinked(LINK)
    assert unlinked("Place Office at C1 [then] pass (maybe)") == \
        "Place Office at C1 [then] pass (maybe)"  # only the link's form is touched


def test_discord_posts_and_answers_never_carry_a_link() -> None:
    """Whatever a reply holds (a name from an imported file, an owed post written before),
    the messages the Discord adapter makes of it hold no masked link: outside a code span
    (an unclosed backtick is none) the link is broken; inside one, or escaped, Discord shows
    the text as it is, and so is it left."""
    for text in (f"{LINK} takes the seat.", f"`{LINK}", f"`x`{LINK}`", f"``a`b`` {LINK}"):
        for reply in (Update(text), Refusal(text)):
            for message in compose(reply):
                assert "[free nitro] (https://evil.example" in message.content, text
    for kept in (f"`{LINK}` is not a command.", f"\\{LINK} joins"):
        assert [m.content for m in compose(Update(kept))] == [kept]
