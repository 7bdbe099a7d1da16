"""Big changes ask first: a command whose route declares ``AskFirst`` (``undo last K`` and
``undo to N``, ``correct``, ``abandon``; each says from what size) answers with what it would do
when it would take back or replay more than a few moves, or touch a finished game, and waits for
``confirm`` from the same person within a few minutes.

The question is stored (table ``pending``, one row per place and person, ``store/pending.py``),
so it survives a restart of the bot; ``confirm`` carries the command out only while the table is
as it was when it was asked (the same game, no record since), so a confirmation can never apply
to a table that changed. A question that was not confirmed costs one row, replaced by that
person's next question in the place and ignored once it is stale.

The router asks (``ask_first``) after a command's needs, or its handler does once its own
checks passed (``AskFirst.by_handler``); the ``confirm`` command reads the stored command again
and runs it ``confirmed()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import AskFirst
from bot.service.game.records import GameStatus
from bot.service.store import pending
from engine.text import Msg

NOTHING_WAS_CHANGED_YET = Msg("confirm_question.nothing_was_changed_yet", "Nothing was changed "
                              "yet.")
THE_TABLE_HAS_CHANGED_SINCE = Msg("confirm_question.the_table_has_changed_since", "The table has "
                                  "changed since you asked for `{command}`; type it again to "
                                  "see what it would do now.")

ASK = Msg("confirm_question.ask", "{question} Write `confirm` within {minutes} minutes to go ahead "
          "(only you can confirm it).")
ASK_REOPENS = Msg("confirm_question.ask_reopens", "{question} The game is over; this reopens it. "
                  "Write `confirm` within {minutes} minutes to go ahead (only you can confirm "
                  "it).")
NOTHING_TO_CONFIRM = Msg("confirm_question.nothing", "There is nothing for you to confirm: "
                         "`confirm` goes ahead with a big change you asked for in the last "
                         "{minutes} minutes.")

#: seconds a question waits for ``confirm``
WAIT = 300.0
_CONFIRMED: ContextVar[bool] = ContextVar("confirmed", default=False)
@contextmanager
def confirmed() -> Iterator[None]:
    """Run the needs and handler of a confirmed command: ``ask_first`` lets it through."""
    token = _CONFIRMED.set(True)
    try:
        yield
    finally:
        _CONFIRMED.reset(token)


def ask_first(ctx: GameContext, cmd: object, ask: AskFirst) -> Outcome | None:
    """None when the change is small (or confirmed), else the question, stored."""
    if _CONFIRMED.get():
        return None
    size = ask.size(ctx, cmd)
    over = ctx.live.status == GameStatus.OVER
    if size is None or (size <= ask.above and not over):
        return None  # small, or impossible (the handler refuses it)
    _store(ctx, ask.typed(cmd))
    question = (ASK_REOPENS if over else ASK)(question=ask.question(ctx, cmd, size),
                                                minutes=int(WAIT // 60))
    return refuse(question, unchanged=NOTHING_WAS_CHANGED_YET())


def _store(ctx: GameContext, command: str) -> None:
    record = ctx.live.record
    pending.ask(ctx.store, ctx.place, _who(ctx),
                pending.Question(command, record.game_id, record.last_seq, ctx.now + WAIT),
                ctx.now)


def _who(ctx: GameContext) -> str:
    return (ctx.actor.user_id or ctx.actor.name).casefold()


def take(ctx: GameContext) -> str | Outcome:
    """The command the writer was asked about (removed: a question is confirmed once), or the
    refusal saying why there is none to confirm."""
    record = ctx.live.record
    asked = pending.take(ctx.store, ctx.place, _who(ctx))
    if asked is None or asked.until < ctx.now:
        return refuse(NOTHING_TO_CONFIRM(minutes=int(WAIT // 60)))
    if asked.game_id != record.game_id or asked.last_seq != record.last_seq:
        return refuse(THE_TABLE_HAS_CHANGED_SINCE(command=asked.command))
    return asked.command
