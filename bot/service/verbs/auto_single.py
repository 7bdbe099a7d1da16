"""``auto_single on|off``: whether a decision with a single legal choice plays itself (on by
default for new games; its moves are recorded as automatic). A command declared in one file:
see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.records import OPEN_STATUSES
from bot.service.words.replies import played_lines
from engine.text import Msg

USAGE = Msg("auto_single.usage", "`auto_single on` or `auto_single off`")
CHANGE_AUTO_SINGLE = Msg("auto_single.change_auto_single", "change auto_single")
TURNED_ON = Msg("auto_single.turned_on", "Moderator {name} turned auto_single on: a decision with "
                "only one legal choice plays itself.")
TURNED_OFF = Msg("auto_single.turned_off", "Moderator {name} turned auto_single off: every "
                 "decision waits for its player, even with one legal choice.")
HELP = Msg("auto_single.help", "`auto_single on|off` (single choices play themselves)")


@dataclass(frozen=True, slots=True)
class AutoSingle(Command):
    """``auto_single on|off``."""

    on: bool


def read(w: Words) -> AutoSingle | None:
    word = w.word(1)
    if w.count_to(3) != 2 or word not in ("on", "off"):
        return None
    return AutoSingle(word == "on")


def set_auto_single(ctx: GameContext, cmd: AutoSingle) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.SettingChanged("auto_single", cmd.on))
    line = (TURNED_ON if cmd.on else TURNED_OFF)(name=ctx.actor.name)
    played = draft.run_automatic()
    if not played:
        return Outcome(line, draft=draft)
    return table_outcome(draft, [line, *played_lines(played)])


ENTRY = Entry(
    "auto_single", ("auto_single",), USAGE(), read,
    {AutoSingle: Route(set_auto_single, (moderator(CHANGE_AUTO_SINGLE()),
                                         status(CHANGE_AUTO_SINGLE(), *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`auto_single on\\|off`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
