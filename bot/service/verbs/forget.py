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
from bot.service.words.catalogue import Said
from bot.service.words.replies import GAMES, HANDLED_MESSAGES, OWED_POSTS
from engine.decisions import shortened
from engine.text import Listing, Msg, Text

WOULD = Msg("forget.would", "`forget me` would {what}. This cannot be undone; to do it, write "
            "`forget me confirm`.")
DONE = Msg("forget.done", "Done: {what}.")
YOUR = Msg("forget.your", "your")
LISTED_MORE = Msg("forget.listed_more", "{listed} and {more} more")
REPLACE = Msg("forget.replace", "replace {whose} id and names with a pseudonym in {games} "
              "({listed}); {replies} and {owed} would be deleted")
REPLACED = Msg("forget.replaced", "replaced {whose} id and names with a pseudonym in {games} "
               "({listed}); {replies} and {owed} were deleted")
REPLACE_OPEN = Msg("forget.replace_open", "replace {whose} id and names with a pseudonym in "
                   "{games} ({listed}); {replies} and {owed} would be deleted; in the open "
                   "game(s) {seats} the seat waits for a moderator to `replace` or `drop` it")
REPLACED_OPEN = Msg("forget.replaced_open", "replaced {whose} id and names with a pseudonym in "
                    "{games} ({listed}); {replies} and {owed} were deleted; in the open game(s) "
                    "{seats} the seat waits for a moderator to `replace` or `drop` it")

YOUR_DATA_COULD_NOT_BE = Msg("forget.your_data_could_not_be", "Your data could not be removed: "
                             "{err}.")
FIND_NOTHING_STORED_NO_GAME = Msg("forget.find_nothing_stored_no_game", "find nothing stored: no "
                                  "game names that id")
NOTHING_WAS_STORED_ABOUT_THAT = Msg("forget.nothing_was_stored_about_that", "nothing was stored "
                                    "about that id, so nothing was changed")
USAGE = Msg("forget.usage", "`forget me` (then `forget me confirm`)")
HELP = Msg("forget.help", "`forget me` (remove your name and id from every stored game)")


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
        return refuse(YOUR_DATA_COULD_NOT_BE(err=str(err)))
    if not cmd.confirmed:
        return Outcome(WOULD(what=what(done, dry_run=True)))
    return Outcome(DONE(what=what(done, dry_run=False)))


def what(done: Forgotten, *, dry_run: bool, whose: Said = "", detail: bool = False) -> Text:
    """What forgetting does (``dry_run``) or did, as one clause: for the member in the channel
    without the pseudonyms (which would tell the table who each one was), and with ``whose``
    and ``detail`` for the operator."""
    if not done.games:
        return (FIND_NOTHING_STORED_NO_GAME() if dry_run
                else NOTHING_WAS_STORED_ABOUT_THAT())
    shown, more = shortened(done.games, 10)  # never "and 1 more": those are listed
    listed: Said = ", ".join(f"game {g} ({name})" if detail else f"{g}" for g, name in shown)
    if more:
        listed = LISTED_MORE(listed=listed, more=more)
    facts: dict[str, str | int | float | Text | Listing] = dict(
        whose=whose or YOUR(), games=GAMES(n=len(done.games)), listed=listed,
        replies=HANDLED_MESSAGES(n=done.replies), owed=OWED_POSTS(n=done.owed))
    if done.open_seats:
        seats = ", ".join(map(str, done.open_seats))
        return (REPLACE_OPEN if dry_run else REPLACED_OPEN)(seats=seats, **facts)
    return (REPLACE if dry_run else REPLACED)(**facts)


ENTRY = Entry(
    "forget", ("forget",), USAGE(), read,
    {Forget: OpenRoute(forget_me, cost=Cost((Budget.FORGET,), "forget me"))},
    help=((Section.LOOK, HELP()),),
    docs=((Who.ANYONE, "`forget me` (then `forget me confirm`)"),),
    slash=NoSlash("removing one's data is rare and asks for a confirmation; reached with "
                  "`/bus do`"), strict=True, head="forget me",
)
