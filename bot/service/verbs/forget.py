"""``forget me``: a member has their data removed (Discord's developer policy expects a bot to
do it on request). ``forget me`` says what would be done; ``forget me confirm`` does it: their
id and names in every stored game become a stable pseudonym ("Player 3 of game 12"), their
handled messages and the posts owed about them are deleted (``bot/service/store/privacy.py``).
The operator does the same with ``busbot forget USER_ID``. docs/privacy.md says what is kept.
A command declared in one file: see ``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.store import StoreError
from bot.service.store.privacy import Forgotten, forget
from bot.service.words.replies import count_of


@dataclass(frozen=True, slots=True)
class Forget(Command):
    """``forget me`` (``confirmed``: ``forget me confirm``)."""

    confirmed: bool


def read(w: Words) -> Forget | None:
    if w.word(1) != "me" or w.count_to(4) > 3:
        return None
    third = w.word(2)
    return Forget(True) if third == "confirm" else Forget(False) if third is None else None


def forget_me(ctx: Context[LiveGame | None], cmd: Forget) -> Outcome:
    try:
        done = forget(ctx.store, ctx.actor.user_id, dry_run=not cmd.confirmed)
    except StoreError as err:
        return refuse(f"Your data could not be removed: {err}.")
    if not cmd.confirmed:
        return Outcome(f"`forget me` would {what(done, dry_run=True)}. This cannot be undone; "
                       f"to do it, write `forget me confirm`.")
    return Outcome(f"Done: {what(done, dry_run=False)}.")


def what(done: Forgotten, *, dry_run: bool, whose: str = "your", detail: bool = False) -> str:
    """What forgetting does (``dry_run``) or did, as one clause: for the member in the channel
    without the pseudonyms (which would tell the table who each one was), and with ``whose``
    and ``detail`` for the operator."""
    if not done.games:
        return ("find nothing stored: no game names that id" if dry_run
                else "nothing was stored about that id, so nothing was changed")
    games = ", ".join(f"game {g} ({name})" if detail else f"{g}" for g, name in done.games[:10])
    more = f" and {len(done.games) - 10} more" if len(done.games) > 10 else ""
    verb = "would be" if dry_run else "were"
    text = (f"{'replace' if dry_run else 'replaced'} {whose} id and names with a pseudonym in "
            f"{count_of(len(done.games), 'game')} ({games}{more}); "
            f"{count_of(done.replies, 'handled message')} and "
            f"{count_of(done.owed, 'owed post')} {verb} deleted")
    if done.open_seats:
        text += (f"; in the open game(s) {', '.join(map(str, done.open_seats))} the seat "
                 f"waits for a moderator to `replace` or `drop` it")
    return text


ENTRY = Entry(
    "forget", ("forget",), "`forget me` (then `forget me confirm`)", read,
    {Forget: OpenRoute(forget_me, cost=Cost((Budget.FORGET,), "forget me"))},
    help=((Section.LOOK, "`forget me` (remove your name and id from every stored game)"),),
    docs=((Who.ANYONE, "`forget me` (then `forget me confirm`)"),),
    slash=NoSlash("removing one's data is rare and asks for a confirmation; reached with "
                  "`/bus do`"), strict=True,
)
