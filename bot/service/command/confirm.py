"""Big changes ask first: ``correct``, ``undo to N``, ``undo last K`` and ``abandon`` that would
take back more than a few moves, or touch a finished game, answer with what they would do and
wait for ``confirm`` from the same person within a few minutes.

The question is stored (table ``pending``, one row per place and person), so it survives a
restart of the bot; ``confirm`` carries the command out only while the table is as it was
when it was asked (the same game, no record since), so a confirmation can never apply to a
table that changed. A question that was not confirmed costs one row, replaced by that
person's next question in the place and ignored once it is stale.

``ask_first`` is a need of the registry (checked after the command's other needs); the
registry's ``confirm`` handler re-reads the stored command and runs it ``confirmed()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import sqlite_utils

from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.words import Abandon, Command, Correct, UndoLast, UndoTo
from bot.service.game.records import GameStatus
from bot.service.words.replies import count_of

#: more moves than this taken back (or replayed) make a change big
FEW = 3
#: seconds a question waits for ``confirm``
WAIT = 300.0
_CONFIRMED: ContextVar[bool] = ContextVar("confirmed", default=False)
_TABLE = ("CREATE TABLE IF NOT EXISTS pending (place TEXT NOT NULL, user_id TEXT NOT NULL, "
          "command TEXT NOT NULL, game_id INTEGER NOT NULL, last_seq INTEGER NOT NULL, "
          "until REAL NOT NULL, PRIMARY KEY (place, user_id)) WITHOUT ROWID")


@contextmanager
def confirmed() -> Iterator[None]:
    """Run the needs and handler of a confirmed command: ``ask_first`` lets it through."""
    token = _CONFIRMED.set(True)
    try:
        yield
    finally:
        _CONFIRMED.reset(token)


def ask_first(ctx: GameContext, cmd: Command) -> Outcome | None:
    """None when the change is small (or confirmed), else the question, stored."""
    if _CONFIRMED.get():
        return None
    what = _big(ctx, cmd)
    if what is None:
        return None
    _store(ctx, spelled(cmd))
    minutes = int(WAIT // 60)
    return refuse(f"{what} Write `confirm` within {minutes} minutes to go ahead (only you "
                  f"can confirm it).", unchanged="Nothing was changed yet.")


def _big(ctx: GameContext, cmd: Command) -> str | None:
    """What a big change would do, in a sentence; None for a small one."""
    record = ctx.live.record
    total = len(record.moves)
    over = ctx.live.status == GameStatus.OVER
    finished = " The game is over; this reopens it." if over else ""
    if isinstance(cmd, UndoLast | UndoTo):
        count = cmd.count if isinstance(cmd, UndoLast) else total - cmd.number + 1
        if not 1 <= count <= total or (count <= FEW and not over):
            return None  # the handler refuses an impossible one
        return f"`{spelled(cmd)}` would take back {count_of(count, 'move')} (of {total}).{finished}"
    if isinstance(cmd, Correct):
        later = total - cmd.number
        if not 1 <= cmd.number <= total or (later <= FEW and not over):
            return None
        return (f"`correct {cmd.number}` would replace move {cmd.number} "
                f"({record.moves[cmd.number - 1].seat}: {record.moves[cmd.number - 1].text}) "
                f"and replay the {count_of(later, 'move')} after it; any that is no longer "
                f"legal is taken back with every move after it.{finished}")
    if isinstance(cmd, Abandon) and total > FEW:
        return f"`abandon` would end this game after {count_of(total, 'move')}, for good."
    return None


def spelled(cmd: Command) -> str:
    """The command as it is typed (what ``confirm`` reads again)."""
    if isinstance(cmd, UndoLast):
        return f"undo last {cmd.count}"
    if isinstance(cmd, UndoTo):
        return f"undo to {cmd.number}"
    if isinstance(cmd, Correct):
        return f"correct {cmd.number}: {cmd.text}"
    return "abandon"


def _store(ctx: GameContext, command: str) -> None:
    record = ctx.live.record
    with ctx.store.transaction() as db:
        db.execute(_TABLE)
        db.execute("DELETE FROM pending WHERE until < ?", [ctx.now])  # stale questions go
        db.execute("INSERT OR REPLACE INTO pending VALUES (?, ?, ?, ?, ?, ?)",
                   [ctx.place, _who(ctx), command, record.game_id, record.last_seq,
                    ctx.now + WAIT])


def _who(ctx: GameContext) -> str:
    return (ctx.actor.user_id or ctx.actor.name).casefold()


def forget(db: sqlite_utils.Database, user_id: str) -> None:
    """Delete the questions waiting for ``user_id`` (``forget me``: they hold the user's id and
    the command they typed)."""
    if "pending" in db.table_names():
        db.execute("DELETE FROM pending WHERE user_id = ?", [user_id.casefold()])


def take(ctx: GameContext) -> str | Outcome:
    """The command the writer was asked about (removed: a question is confirmed once), or the
    refusal saying why there is none to confirm."""
    record = ctx.live.record
    with ctx.store.transaction() as db:
        db.execute(_TABLE)
        row = db.execute("SELECT command, game_id, last_seq, until FROM pending WHERE place = ? "
                         "AND user_id = ?", [ctx.place, _who(ctx)]).fetchone()
        db.execute("DELETE FROM pending WHERE place = ? AND user_id = ?", [ctx.place, _who(ctx)])
    if row is None or float(row[3]) < ctx.now:
        return refuse("There is nothing for you to confirm: `confirm` goes ahead with a big "
                      f"change you asked for in the last {int(WAIT // 60)} minutes.")
    if int(row[1]) != record.game_id or int(row[2]) != record.last_seq:
        return refuse(f"The table has changed since you asked for `{row[0]}`; type it again "
                      f"to see what it would do now.")
    return str(row[0])

