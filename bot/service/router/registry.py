"""The command registry: every command of the service, each declared once.

An ``Entry`` (``bot/service/entry.py``) holds everything about one command: its words, usage
line, reader, what each command it reads runs (handler and needs: who may use it, in which game
states), its ``help`` piece, its slash form or why it has none, and its line in the docs. From
these rows come the routes (``ROUTES``), ``help``, the words a message is read by
(``BY_WORD``) and a near miss is compared with (``WORDS``), the slash tree (``SLASH``) and the
command table of docs/game-service.md (``docs_table``, checked by a test).

A new command is one module in ``bot/service/verbs/`` declaring its dataclass, reader, handler
and ``ENTRY`` (see ``verbs/__init__.py``); it is found and added here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

from bot.service import verbs
from bot.service.command import confirm
from bot.service.command import words as c
from bot.service.command.context import Context, GameContext, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Route, Section, Slash, Who
from bot.service.command.needs import (
    lobby_only,
    moderator,
    playable,
    playable_or_over,
    readable,
    seated,
    status,
)
from bot.service.game.live_game import LiveGame
from bot.service.game.records import GameStatus as S
from bot.service.verbs import (
    lobby,
    lookups,
    moderation,
    preview,
    replace_bot,
    story,
)
from bot.service.verbs import (
    move as play,
)
from bot.service.verbs import (
    undo as takeback,
)


def _help(ctx: Context[LiveGame | None], cmd: c.Help) -> Outcome:
    return Outcome(help_text(ctx.moderator))


def _confirm(ctx: GameContext, cmd: c.Confirm) -> Outcome:
    """``confirm``: the big change the writer was asked about, read again from its words and
    run with all its needs but the question (``bot/service/confirm.py``)."""
    pending = confirm.take(ctx)
    if isinstance(pending, Outcome):
        return pending
    words = c.Words(pending)
    entry = BY_WORD.get(words.word(0) or "")
    asked = entry.read(words) if entry is not None and entry.read is not None else None
    route = ROUTES.get(type(asked)) if asked is not None else None
    if not isinstance(route, Route):
        return refuse(f"`{pending}` can no longer be confirmed; type it again.")
    with confirm.confirmed():
        for need in route.needs:
            refusal = need(ctx, asked)
            if refusal is not None:
                return refusal
        return route.handler(ctx, asked)


_DO = "reached with `/bus do`"

#: The service's own commands. Lookups first, then the lobby, the moves, taking back, and the
#: moderators' acts; the order is the order of ``help`` and of the docs within each part.
BUILT_IN: tuple[Entry, ...] = (
    Entry("new", ("new",), c.USAGE_NEW, c._new, {c.NewGame: OpenRoute(lobby.new_game)},
          help=((Section.LOBBY, c.USAGE_NEW),),
          docs=((Who.ANYONE, "`new game [capstone\\|splotter-2nd] [option=value ...]`"),),
          slash=Slash("new", "Open a new game at this table")),
    Entry("import", ("import",), "`import` (with the file attached)", c._import,
          {c.Import: OpenRoute(lookups.import_game)},
          help=((Section.LOOK, "`import` with a log file attached starts a game from it"),),
          docs=((Who.ANYONE, "`import` (file attached; `import PATH` at the console)"),),
          slash=Slash("import", "Moderators: load a game from an export")),
    Entry("help", ("help",), "`help`", c._look, {c.Help: OpenRoute(_help)},
          help=((Section.LOOK, "`help` (this)"),), docs=((Who.ANYONE, "`help`"),),
          slash=Slash("help", "What you can say to the bot", private=True)),
    Entry("rules", ("rules",), "`rules`", c._look, {c.Rules: OpenRoute(lookups.rules)},
          help=((Section.LOOK, "`rules`"),), docs=((Who.ANYONE, "`rules`"),),
          slash=Slash("rules", "A summary of the rules", private=True)),
    Entry("status", ("status",), "`status`", c._look,
          {c.Status: Route(lookups.status_report)},
          help=((Section.LOOK, "`status`"),), docs=((Who.ANYONE, "`status`"),),
          slash=Slash("status", "The table as it stands, with whose turn it is", private=True)),
    Entry("map", ("map",), "`map` or `map N` (the table after move N), then `phone`, "
          "`portrait` or `landscape` to draw it so", c._map,
          {c.Map: Route(lookups.table_map)}, strict=True,
          help=((Section.LOOK, "`map` (or `map N`: the table after move N; "
                               "`map phone`: drawn for a phone)"),),
          docs=((Who.ANYONE, "`map [N] [phone\\|portrait\\|landscape]`"),),
          slash=Slash("map", "The picture of the table", private=True)),
    Entry("moves", ("moves",), "`moves` or `moves all`", c._look,
          {c.Choices: Route(lookups.choices)},
          help=((Section.LOOK, "`moves` (your legal choices; `moves all` every one)"),),
          docs=((Who.ANYONE, "`moves`, `moves all`"),),
          slash=Slash("moves", "Your legal moves now", private=True)),
    Entry("export", ("export",), "`export txt`, `export json` or `export html`", c._export,
          {c.Export: Route(lookups.export)}, strict=True,
          help=((Section.LOOK, "`export txt|json|html` (html: the game's page)"),),
          docs=((Who.ANYONE, "`export txt\\|json\\|html`"),),
          slash=Slash("export", "The game as a file, to keep or to import elsewhere",
                      private=True)),
    Entry("story", ("story", "chart", "replay"), "`story`, `chart` or `replay`", c._story,
          {c.Story: Route(story.tell)},
          help=((Section.LOOK, "`story` (statistics, score chart and animation; `chart` or "
                               "`replay` for one)"),),
          docs=((Who.ANYONE, "`story`, `chart`, `replay` (once the game has started)"),),
          slash=Slash("story", "The game's statistics, score chart and animation",
                      private=True)),
    Entry("join", ("join",), "`join [colour] [as NAME]`", c._join,
          {c.Join: Route(lobby.join, (lobby_only("join"),))}, strict=True,
          help=((Section.LOBBY, "`join [colour] [as NAME]`"),),
          docs=((Who.BEFORE_START, "`join [colour] [as NAME]`"),),
          slash=Slash("join", "Take a seat in the game being set up here")),
    Entry("colour", ("colour", "color"), "`colour COLOUR`", c._colour,
          {c.Colour: Route(lobby.colour, (lobby_only("change colour"),))}, strict=True,
          help=((Section.LOBBY, "`colour COLOUR`"),), docs=((Who.BEFORE_START, "`colour COLOUR`"),),
          slash=NoSlash(f"`/bus join` takes the colour with the seat; {_DO}")),
    Entry("leave", ("leave",), "`leave`", c._leave,
          {c.Leave: Route(lobby.leave, (lobby_only("leave"),))},
          help=((Section.LOBBY, "`leave`"),), docs=((Who.BEFORE_START, "`leave`"),),
          slash=NoSlash(f"rare, and Discord allows 25 subcommands; {_DO}")),
    Entry("start", ("start",), c.USAGE_START, c._start,
          {c.Start: Route(lobby.start, (lobby_only("start the game"),
                                        moderator("start the game")))},
          help=((Section.LOBBY, "`start` (moderator; random seat order) or "
                                "`start order: A, B, C`"),),
          docs=((Who.MODERATORS, "`start` (random order, seed recorded) or "
                                 "`start order: A, B, C`"),),
          slash=Slash("start", "Start the game with the players seated")),
    Entry("accept", ("accept",), "`accept`", c._accept, {c.Accept: Route(lobby.accept)},
          help=((Section.LOBBY, "a seat offered to you (`replace`, an import) is yours once "
                                "you type `accept`"),),
          docs=((Who.OFFERED, "`accept` (or `join as NAME`): take the seat"),),
          slash=NoSlash(f"an offer is answered where it was made; {_DO}")),
    Entry("move", (), "`Place Office at C1` (any move)", None,
          {c.Play: Route(play.player_moves, (playable, readable, seated("move")))},
          help=((Section.PLAY, "write your move, e.g. `Place Office at C1`, `Choose Buildings`, "
                               "`Pass`, `Extend line from C1 to C4`, `Deliver from W5 to C1`; "
                               "several moves in one message are played all or nothing"),),
          docs=((Who.DECIDING, "any move (`Place Office at C1`; several in one message are "
                               "all or nothing)"),),
          slash=Slash("move", "Make a move, as you would write it in the thread")),
    Entry("preview", ("preview",),
          "`preview MOVE...` (for example `preview Place Office at C1`)", c._preview,
          {c.Preview: Route(preview.preview, (preview.previewable, readable))}, strict=True,
          help=((Section.PLAY, "`preview MOVES` shows the table after them without playing "
                               "anything"),),
          docs=((Who.ANYONE, "`preview MOVE...` (while the game is under way or paused)"),),
          slash=Slash("preview", "See the table after moves, without playing them",
                      private=True)),
    Entry("undo", ("undo",), "`undo` (your own last move), `undo NAME` (that player's last "
                             "move), `undo last K` (the last K moves) or `undo to N` (move N "
                             "and every move after it)", c._undo,
          {c.Undo: Route(takeback.undo, (playable_or_over, takeback.several_moves)),
           c.UndoSeat: Route(takeback.undo_seat, (
               playable_or_over, moderator("take back another player's move"))),
           c.UndoLast: Route(takeback.undo_last, (playable_or_over, takeback.several_moves,
                                                  confirm.ask_first)),
           c.UndoTo: Route(takeback.undo_to, (playable_or_over, takeback.several_moves,
                                              confirm.ask_first))},
          strict=True,
          help=((Section.PLAY, "`undo` takes back your own last move while nobody else has "
                               "moved"),
                (Section.MODERATORS, "`undo NAME` (that player's last move), `undo last K` (the "
                                     "last K moves), `undo to N` (move N and every move after "
                                     "it); taking back more than 3 moves asks for `confirm`")),
          docs=((Who.DECIDING, "`undo` (own last move while nobody else has moved since)"),
                (Who.MODERATORS, "`undo NAME`, `undo last K`, `undo to N` (more than 3 moves: "
                                 "then `confirm`)")),
          slash=Slash("undo", "Take back your last move (moderators: several)")),
    Entry("redo", ("redo",), "`redo`", c._redo,
          {c.Redo: Route(takeback.redo, (playable_or_over, takeback.redo_allowed))},
          strict=True,
          help=((Section.PLAY, "`redo` puts it back"),
                (Section.MODERATORS, "`redo` (puts back what the last undo or correction took "
                                     "back)")),
          docs=((Who.DECIDING, "`redo` (puts back what their own undo took back)"),
                (Who.MODERATORS, "`redo`")),
          slash=Slash("redo", "Put back what the last undo or correction took back")),
    Entry("as", ("as",), "`as NAME: move`", c._act_as,
          {c.ActAs: Route(moderation.act_as, (moderator("act for a player"), playable))},
          strict=True, help=((Section.MODERATORS, "`as NAME: move`"),),
          docs=((Who.MODERATORS, "`as NAME: move`"),),
          slash=Slash("as", "Moderators: make a move for a player")),
    Entry("correct", ("correct",), "`correct N: move`", c._correct,
          {c.Correct: Route(takeback.correct, (moderator("correct a move"),
                                               status("correct a move", S.ACTIVE, S.OVER)))},
          strict=True, help=((Section.MODERATORS, "`correct N: move` (replaying more than 3 "
                                                  "moves asks for `confirm`)"),),
          docs=((Who.MODERATORS, "`correct N: move`"),),
          slash=Slash("correct", "Moderators: correct an earlier move")),
    Entry("replace", ("replace",), "`replace NAME with @user` or `replace NAME with bot`",
          c._replace,
          {c.ReplacePlayer: Route(moderation.replace_player, (
              moderator("replace a player"), status("replace a player", S.ACTIVE, S.PAUSED))),
           c.ReplaceWithBot: Route(replace_bot.replace_with_bot, (
               moderator("replace a player"), status("replace a player", S.ACTIVE, S.PAUSED)))},
          strict=True, help=((Section.MODERATORS, "`replace NAME with @user` or `replace NAME "
                                                  "with bot [easy|normal|hard]`"),),
          docs=((Who.MODERATORS, "`replace NAME with @user`, `replace NAME with bot "
                                 "[easy\\|normal\\|hard]`"),),
          slash=Slash("replace", "Moderators: hand a player's seat to someone else")),
    Entry("drop", ("drop",), "`drop NAME`", c._drop,
          {c.Drop: Route(moderation.drop_player, (
              moderator("drop a player"), status("drop a player", S.ACTIVE, S.PAUSED)))},
          strict=True, help=((Section.MODERATORS, "`drop NAME`"),),
          docs=((Who.MODERATORS, "`drop NAME`"),),
          slash=NoSlash(f"rare, and a name is clearer typed out; {_DO}")),
    Entry("pause", ("pause",), "`pause`", c._flow,
          {c.Pause: Route(moderation.pause, (moderator("pause the game"),
                                             status("pause the game", S.ACTIVE)))},
          help=((Section.MODERATORS, "`pause`"),), docs=((Who.MODERATORS, "`pause`"),),
          slash=NoSlash(f"rare; {_DO}")),
    Entry("resume", ("resume",), "`resume`", c._flow,
          {c.Resume: Route(moderation.resume, (moderator("resume the game"),
                                               status("resume the game", S.PAUSED)))},
          help=((Section.MODERATORS, "`resume`"),), docs=((Who.MODERATORS, "`resume`"),),
          slash=NoSlash(f"rare; {_DO}")),
    Entry("abandon", ("abandon",), "`abandon`", c._flow,
          {c.Abandon: Route(moderation.abandon, (
              moderator("abandon the game"),
              status("abandon the game", S.LOBBY, S.ACTIVE, S.PAUSED), confirm.ask_first))},
          help=((Section.MODERATORS, "`abandon`"),), docs=((Who.MODERATORS, "`abandon`"),),
          slash=NoSlash(f"final, so it is typed out in full; {_DO}")),
    Entry("confirm", ("confirm",), "`confirm`", c._confirm, {c.Confirm: Route(_confirm)},
          help=((Section.MODERATORS, "`confirm` (goes ahead with a big change you were just "
                                     "asked about)"),),
          docs=((Who.MODERATORS, "`confirm` (a big `correct`, `undo` or `abandon`, within 5 "
                                 "minutes)"),),
          slash=NoSlash(f"answers the bot's question in the channel; {_DO}")),
    Entry("nudge", ("nudge",), "`nudge`", c._flow,
          {c.Nudge: Route(moderation.nudge, (moderator("nudge a player"),
                                             status("nudge a player", S.ACTIVE)))},
          help=((Section.MODERATORS, "`nudge`"),), docs=((Who.MODERATORS, "`nudge`"),),
          slash=NoSlash(f"rare, and Discord allows 25 subcommands; {_DO}")),
)


def _discovered() -> Iterator[Entry]:
    """The ``ENTRY`` of every module in ``bot/service/verbs/`` (a command in one file)."""
    for found in sorted(pkgutil.iter_modules(verbs.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{verbs.__name__}.{found.name}")
        entry = getattr(module, "ENTRY", None)
        if isinstance(entry, Entry):
            yield entry


ENTRIES: tuple[Entry, ...] = (*BUILT_IN, *_discovered())
#: the entry each first word names
BY_WORD: dict[str, Entry] = {word: e for e in ENTRIES for word in e.words}
#: every command word, for "did you mean" on a near miss
WORDS: tuple[str, ...] = tuple(sorted(BY_WORD))
#: what each command type runs
ROUTES: dict[type[c.Command], Route | OpenRoute] = {
    kind: route for e in ENTRIES for kind, route in e.routes.items()}
#: the ``/bus`` subcommands, in the registry's order (the Discord adapter adds only ``do``)
SLASH: tuple[Slash, ...] = tuple(e.slash for e in ENTRIES if isinstance(e.slash, Slash))
#: how a mistyped command is written, by its entry's name
USAGE: dict[str, str] = {e.name: e.usage for e in ENTRIES}


def help_text(moderator: bool) -> str:
    """``help``: a paragraph per ``Section``, each the pieces of the entries in it."""
    lines = []
    for section in Section:
        pieces = [piece for e in ENTRIES for s, piece in e.help if s is section]
        if section is Section.MODERATORS:
            lead = "**Moderators** (the game's creator, the moderator role, server managers)"
        else:
            lead = f"**{section}**"
        lines.append(f"{lead}: {'; '.join(pieces)}.")
    if moderator:
        lines.append("You are a moderator of this game.")
    return "\n".join(lines)


def docs_table() -> str:
    """The command table of docs/game-service.md (a test checks the docs hold it)."""
    rows = ["| who | command |", "| --- | --- |"]
    for who in Who:
        pieces = [piece for e in ENTRIES for w, piece in e.docs if w is who]
        rows.append(f"| {who} | {', '.join(pieces)} |")
    return "\n".join(rows)
