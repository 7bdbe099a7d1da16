"""``preview MOVE...``: trying moves without playing them.

The moves are played on a copy of the game (for whoever decides at each step, with the
service's automatic moves in between, exactly as a real message would) and the answer is the
picture of that copy, its changes highlighted against the table as it stands. Nothing is
recorded: the draft is thrown away, so a preview can never touch the log. A preview costs a
picture, like ``map``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import GameContext, Outcome, refuse
from bot.service.command.forms import Budget, Cost, Entry, Route, Section, Slash, Who
from bot.service.command.needs import readable
from bot.service.command.playing import why_not
from bot.service.command.words import Words, read_moves
from bot.service.game.live_game import Draft, Played, waiting_for
from bot.service.game.records import PLAYING_STATUSES, GameStatus, same_user
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import STATUS_WORDS, next_line, played_lines
from engine import BusError, Decision, Move, Question
from engine.notation import ENGLISH_ONLY, Languages, MoveText
from engine.text import Listing, Msg, Text

NOTHING_TO_PREVIEW = Msg("preview.nothing", "There is nothing to preview: the game is {status}.")
NOTHING_PREVIEWED = Msg("preview.nothing_previewed", "Nothing was previewed or changed.")
PREVIEW_ONLY = Msg("preview.only", "Preview only: nothing was played. The table if {written}:")
TO_PLAY_IT_WRITE = Msg("preview.to_play_it_write", "To play it, write: {written}")
ONLY_CAN_PLAY_IT_NOW = Msg("preview.only_can_play_it_now", "Only {player} can play it now, by "
                           "writing: {written}")
USAGE = Msg("preview.usage", "`preview MOVE...` (for example `preview Place Office at C1`)")
HELP = Msg("preview.help", "`preview MOVES` shows the table after them without playing anything")

#: marked on a preview's picture, so that nobody takes it for the table
NOTE = Msg("preview.note", "Preview: not played")
#: the refusal of a preview whose moves come after the game's end
OVER_BEFORE_IT = Msg("preview.over_before_it", "the game would be over before it")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("preview.slash", "See the table after moves, without playing them")


@dataclass(frozen=True, slots=True)
class Preview(Command):
    """``preview MOVES``: the table as it would be after them; nothing is played. Read like
    ``Play`` (``unreadable`` says why the moves cannot be read)."""

    text: str
    moves: tuple[Move, ...] = ()
    unreadable: Said | None = None
    languages: Languages = ENGLISH_ONLY

    def written(self) -> str:
        return self.text


def previewing(text: str, languages: Languages = ENGLISH_ONLY) -> Preview:
    """``preview`` of ``text`` read as moves (``/bus preview``'s moves, or the message's rest)
    in ``languages``."""
    moves = read_moves(text, languages)
    return (Preview(text, unreadable=moves, languages=languages) if isinstance(moves, Text)
            else Preview(text, moves, languages=languages))


def _preview(w: Words) -> Command | None:
    text = w.rest(1).removeprefix(":").strip()
    return previewing(text, w.languages) if text else None


def in_table_languages(ctx: GameContext, cmd: Preview) -> Preview:
    """The moves read in the table's languages (``/bus preview``'s were read before the
    table was known)."""
    return cmd if cmd.languages == ctx.languages else previewing(cmd.text, ctx.languages)


def preview_name(game_id: int, moves: int) -> str:
    return f"bus-game{game_id}-move{moves:03d}-preview.png"


def previewable(ctx: GameContext, cmd: object = None) -> Outcome | None:
    """A preview needs a game under way (a paused one previews as if resumed)."""
    live = ctx.live
    if live.status in PLAYING_STATUSES and live.game is not None:
        return None
    return refuse(NOTHING_TO_PREVIEW(status=STATUS_WORDS[live.status]()))


def preview(ctx: GameContext, cmd: Preview) -> Outcome:
    """The table as it would be after the command's moves; nothing is recorded."""
    live = ctx.live
    assert live.game is not None  # the command table checked ``previewable``
    tried = _unwrapped(list(cmd.moves))
    first = waiting_for(live)
    draft = Draft.of(live, ctx.actor, ctx.now, None)
    draft.record.status = GameStatus.ACTIVE  # a paused game previews as if resumed
    played: list[Played] = []
    for i, move in enumerate(tried):
        try:
            played.extend(draft.run_automatic())
            game = draft.game
            decision = game.to_act() if game is not None else None
            if decision is None:
                raise BusError(OVER_BEFORE_IT())
            played.append(draft.push(decision.player, move))
        except BusError as err:
            return why_not(draft, move, err, i, len(tried), unchanged=NOTHING_PREVIEWED())
    played.extend(draft.run_automatic())
    written = "; ".join(str(m) for m in tried)  # what a Play button sends: the notation
    shown = Listing(tuple(MoveText(m) for m in tried), "; ")  # in the reader's notation
    said = lines(PREVIEW_ONLY(written=shown), *played_lines(played),
                 next_line(draft.live, after=True), _to_play(ctx, first, shown))
    return Outcome(said, picture=draft.game, previous=live.game,
                   picture_name=preview_name(live.record.game_id, len(draft.record.moves)),
                   preview=written)


def _to_play(ctx: GameContext, first: tuple[Decision, str | None] | None,
             written: Listing) -> Text:
    """How the previewed moves are played, said to the one who can play them."""
    if first is None or same_user(first[1], ctx.actor.user_id):
        return TO_PLAY_IT_WRITE(written=written)
    return ONLY_CAN_PLAY_IT_NOW(player=first[0].player, written=written)


def _unwrapped(moves: list[Move]) -> list[Move]:
    """The moves themselves: "preview maybe X" previews X rather than answering the maybe."""
    out: list[Move] = []
    for move in moves:
        out.extend(move.moves if isinstance(move, Question) else (move,))
    return out


ENTRY = Entry(
    "preview", ("preview",), USAGE(),
    _preview,
    {Preview: Route(preview, (previewable, readable), cost=Cost((Budget.PICTURE,), "preview"),
                    resolve=in_table_languages)},
    strict=True,
    help=((Section.PLAY, HELP()),),
    docs=((Who.ANYONE, "`preview MOVE...` (while the game is under way or paused)"),),
    slash=Slash("preview", SLASH(), private=True),
    rank=16,
)
