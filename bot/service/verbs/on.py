"""``on timeout wait|idle|bot`` and ``on away wait|idle|bot``: what happens when a decision's
deadline passes, and to the decisions of a player who is away. ``wait`` waits; ``idle`` plays
that decision the least disruptive way (``seat_policy``); ``bot`` lets the computer player
play it. A policy that plays, set while a decision's deadline has already passed, plays it at
once (``command/timeouts.py``); when it cannot, the answer says why and what to write. A
command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome
from bot.service.command.forms import Entry, NoSlash, Route, Section, Who
from bot.service.command.needs import moderator, status
from bot.service.command.playing import table_outcome
from bot.service.command.timeouts import play_overdue, still_waits
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.records import OPEN_STATUSES, POLICIES
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import played_lines
from engine.text import Msg

SET_WHAT_HAPPENS_ON_A = Msg("on.set_what_happens_on_a", "set what happens on a timeout")
SET_A_POLICY = Msg("on.set_a_policy", "set a policy")
HELP = Msg("on.help", "`on timeout wait|idle|bot`, `on away wait|idle|bot`")

USAGE = Msg("on.usage", "`on timeout wait|idle|bot` or `on away wait|idle|bot`")
_MEANS = {
    "wait": Msg("on.means.wait", "waits for the player"),
    "idle": Msg("on.means.idle", "plays that decision the least disruptive way (pass when "
                "allowed)"),
    "bot": Msg("on.means.bot", "lets the computer player play that decision"),
}
TIMEOUT_SET = Msg("on.timeout_set", "Moderator {moderator} set the timeout policy to "
                  "`{policy}`: when a decision's deadline passes, the bot {means}.")
AWAY_SET = Msg("on.away_set", "Moderator {moderator} set the policy for players away to "
               "`{policy}`: while a player is away, the bot {means}.")


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
    line = (TIMEOUT_SET if cmd.when == "timeout" else AWAY_SET)(
        moderator=ctx.actor.name, policy=cmd.policy, means=_MEANS[cmd.policy]())
    said: list[Said] = [line]
    late = play_overdue(draft) if cmd.when == "timeout" else None
    moved = False
    if late is not None:  # a deadline that had passed under `wait`: the new policy plays it
        played_now, played = late
        said += [played_now, *played_lines(played)]
        moved = bool(played)
    played = draft.run_automatic()
    said += played_lines(played)
    if not moved and not played:
        # an overdue decision no policy plays: say why, and what to write
        return Outcome(lines(*said, None if late else still_waits(draft)), draft=draft)
    return table_outcome(draft, said)


ENTRY = Entry(
    "on", ("on",), USAGE(), read,
    {Policy: Route(set_policy, (moderator(SET_WHAT_HAPPENS_ON_A()),
                                status(SET_A_POLICY(), *OPEN_STATUSES)))},
    strict=True,
    help=((Section.MODERATORS, HELP()),),
    docs=((Who.MODERATORS, "`on timeout wait\\|idle\\|bot`, `on away wait\\|idle\\|bot`"),),
    slash=NoSlash("set once per game; reached with `/bus do`"),
)
