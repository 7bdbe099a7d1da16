"""The notes the game's page shows beside the moves, read off the game's records: which moves
the bot made (or someone other than the seat's player), which were corrected, and the undos,
redos and other moderator acts between them, each where the log (``words/logbook.log_text``) puts
it. The page itself (``render.page``) only draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service.game import payloads
from bot.service.game.live_game import LiveGame
from bot.service.game.records import Record, same_user
from bot.service.words.catalogue import say
from bot.service.words.moments import written_out
from bot.service.words.replies import MOVES, _players_then, act_text, correction_slots
from engine.text import ENGLISH, Msg, Text, Words

if TYPE_CHECKING:  # imported when used: the renderer loads only when something is drawn
    from render.page_notes import Aside, MoveMark, PageNotes

#: Records that are not lines of the page's log at all (the lobby), or are its moves.
_NOT_ASIDES = ("move", "create", "join", "colour", "leave", "correct", "nudge")
_ASIDE_KIND = {"undo": "undo", "redo": "redo"}
#: Who the service's own moves are recorded as.
SERVICE_USER = "busbot"

TOOK_BACK = Msg("page.took_back", "{who} took back {moves}")
TOOK_BACK_NAMED = Msg("page.took_back_named", "{who} took back {moves} ({named})")
AUTOMATIC = Msg("page.automatic", "automatic")
AUTOMATIC_WHY = Msg("page.automatic_why", "automatic ({why})")
CORRECTED_BY = Msg("page.corrected_by", "corrected by {name}")
PLAYED_BY = Msg("page.played_by", "played by {name}")
TITLE = Msg("page.title", "Bus, game {game}: {players}")


def _undo_text(rec: Record, by_seq: dict[int, Record]) -> Text:
    """An undo, with the moves it took back named."""
    targets = rec.carried(payloads.Undone).targets
    named = "; ".join(f"{by_seq[t].seat}: {by_seq[t].text}" for t in targets if t in by_seq)
    moves = MOVES(n=len(targets))
    if named:
        return TOOK_BACK_NAMED(who=rec.user_name, moves=moves, named=named)
    return TOOK_BACK(who=rec.user_name, moves=moves)


def _aside(after: int, rec: Record, by_seq: dict[int, Record], words: Words) -> Aside:
    from render.page_notes import Aside

    text = _undo_text(rec, by_seq) if rec.kind == "undo" else act_text(rec)
    # a moment in it (a return from time away) in words: no Discord client reads the page;
    # it is written in UTC, against the record's own moment
    shown = written_out(words(text), rec.at, words.language)
    return Aside(after, _ASIDE_KIND.get(rec.kind, "moderator"), shown)


def _marks(number: int, rec: Record, auto: bool, player: str | None,
           words: Words) -> list[MoveMark]:
    """The marks of one move in force: made by the bot (``auto``, recorded as the service, or
    giving the reason it was automatic), made for the seat by someone else, corrected."""
    from render.page_notes import MoveMark

    made = rec.payload
    why = made.reason if isinstance(made, payloads.Moved) else None
    if auto or rec.user_id == SERVICE_USER or why is not None:
        return [MoveMark(number, "automatic",
                         words(AUTOMATIC_WHY(why=why) if why else AUTOMATIC()))]
    if rec.kind == "correct":
        return [MoveMark(number, "correction", words(CORRECTED_BY(name=rec.user_name)))]
    imported = isinstance(made, payloads.Moved) and made.imported
    if not imported and not same_user(rec.user_id, player):
        return [MoveMark(number, "automatic", words(PLAYED_BY(name=rec.user_name)))]
    return []


def page_notes(live: LiveGame, records: Sequence[Record], words: Words = ENGLISH
               ) -> PageNotes:
    """The page's title and the notes of ``live``'s moves in force, from all its ``records``,
    written in ``words``' language (the page's readers')."""
    from render.page_notes import PageNotes

    by_seq = {rec.seq: rec for rec in records}
    slot = correction_slots(records)
    acts = [rec for rec in records if rec.kind not in _NOT_ASIDES]
    player = _players_then(list(records))
    marks: list[MoveMark] = []
    asides: list[Aside] = []
    for number, m in enumerate(live.record.moves, start=1):
        while acts and acts[0].seq < slot.get(m.seq, m.seq):
            asides.append(_aside(number - 1, acts.pop(0), by_seq, words))
        made = by_seq.get(m.seq)
        if made is not None:
            marks.extend(_marks(number, made, m.auto, player.get(made.seq), words))
    asides.extend(_aside(len(live.record.moves), rec, by_seq, words) for rec in acts)
    return PageNotes(say(page_title(live), words), tuple(marks), tuple(asides),
                     live.record.game_id)


def page_title(live: LiveGame) -> Text:
    record = live.record
    return TITLE(game=record.game_id, players=", ".join(s.name for s in record.seats))
