"""``on timeout wait|idle|bot`` and ``on away wait|idle|bot``: what happens when a decision's
deadline passes, and to the decisions of a player who is away. ``wait`` waits; ``idle`` plays
that decision the least disruptive way (``seat_policy``); ``bot`` lets the computer player
play it. A command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.playing import table_outcome
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.records import OPEN_STATUSES, POLICIES
from bot.service.words.replies import played_lines
from engine.text import Msg

SET_WHAT_HAPPENS_ON_A = Msg("on.set_what_happens_on_a", "set what happens on a timeout")
SET_A_POLICY = Msg("on.set_a_policy", "set a policy")
HELP = Msg("on.help", "`on timeout wait|idle|bot`, `on away wait|idle|bot`")

USAGE = Msg("on.usage", "`on timeout wait|idle|bot` or `on away wait|idle|bot`")
_MEANS = {
    "wait": "waits for the player",
    "idle": "plays that decision the least disruptive way (pass when allowed)",
    "bot": "lets the computer player play that decision",
}


@dataclass(frozen=True, slots=True)
class Policy(Command):
    """``on WHEN POLICY``: ``when`` is ``timeout`` or ``away``."""

    when: str
    policy: str


def read(w: Words) -> Policy | None:
    when, policy = w.word(1), w.word(2)
    if w.count_to(4) != 3 or when not in ("timeout", "away") or policy not in POLICIES:
        return None
    return Policy(when, policy)


def set_policy(ctx: GameContext, cmd: Policy) -> Outcome:
    draft = ctx.draft()
    draft.add(payloads.SettingChanged(cmd.when, cmd.policy))
    if cmd.when == "timeout":
        line = (f"Moderator {ctx.actor.name} set the timeout policy to `{cmd.policy}`: when a "
                f"decision's deadline passes, the bot {_MEANS[cmd.policy]}.")
    else:
        line = (f"Moderator {ctx.actor.name} set the policy for players away to "
                f"`{cmd.policy}`: while a player is away, the bot {_MEANS[cmd.policy]}.")
    played = draft.run_automatic()
    if not played:
        return Outcome(line, draft=draft)
    return table_outcome(draft, [line, *played_lines(played)])


ENTRY = Entry(
    "on", ("on",), USAGE(), read,
    {Policy: Route(set_policy, (moderator(SET_WHAT_HAPPENS_ON_A()),
                                status(SET_A_POLICY(), *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`on timeout wait\\|idle\\|bot`, `on away wait\\|idle\\|bot`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
