"""What the adapters look up about a place's game between commands: the author's legal moves,
the position a button was made for and what
changed since, the decision the game waits for with its choices, who is awaited, and the line
for someone arriving at the table.

Buttons and menus on Discord are made for one position; ``Position`` names it (the game, how
many moves are in force and the record of the last of them) so a press on an old message can be
told apart from a press on the current one, and ``since`` says what happened in between.
"""

from __future__ import annotations

from bot.api import Actor, Position, TableNow
from bot.service.core import Core
from bot.service.game.live_game import LiveGame, waiting_for
from bot.service.game.records import OPEN_STATUSES, GameStatus
from bot.service.store import languages
from bot.service.store.store import GameSummary
from bot.service.words.catalogue import Said, say, words_for
from bot.service.words.replies import PLAYED, named, where_things_stand
from engine.decisions import shortened
from engine.notation import Languages
from engine.text import Listing, Msg, Words

OTHER_GAME = Msg("lookups.other_game", "The table has moved on: that was another game.")
TAKEN_BACK = Msg("lookups.taken_back", "The table has moved on: moves were taken back since, and "
                 "it now stands after move {moves}.")
MOVED_ON = Msg("lookups.moved_on", "The table has moved on: {shown}.")
MOVED_ON_MORE = Msg("lookups.moved_on_more", "The table has moved on: {shown} and {more} more.")
GONE = Msg("lookups.gone", "The table has moved on: the game is gone.")


def position_of(live: LiveGame) -> Position:
    moves = live.record.moves
    return Position(live.record.game_id, len(moves), moves[-1].seq if moves else 0)


def table_now(live: LiveGame, language: str = "en") -> TableNow | None:
    """The decision the game waits for, with its choices, offered in ``language`` (the
    game's); None when none is waiting."""
    waiting = waiting_for(live)
    if waiting is None or live.game is None:
        return None
    decision, user = waiting
    return TableNow(position_of(live), decision.player, user, decision.text,
                    tuple(str(m) for m in live.game.legal_moves()), language)


def since(live: LiveGame, then: Position) -> Said:
    """What changed at the table since ``then``, in one sentence ("" when nothing did)."""
    now = position_of(live)
    if now == then:
        return ""
    if then.game_id != now.game_id:
        return OTHER_GAME()
    moves = live.record.moves
    kept = then.moves <= len(moves) and (
        then.moves == 0 or moves[then.moves - 1].seq == then.last_seq)
    if not kept:
        return TAKEN_BACK(moves=now.moves)
    new = moves[then.moves:]
    listed, more = shortened(new, 3)  # never "and 1 more": those are named
    shown = Listing(tuple(PLAYED(seat=m.seat, move=named(m.text)) for m in listed), "; ")
    if more:
        return MOVED_ON_MORE(shown=shown, more=more)
    return MOVED_ON(shown=shown)


class Lookups:
    """The adapters' questions about a place's game, answered from its summary row or its live
    game (under the service's lock), changing nothing."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def waiting_user(self, place: str) -> str | None:
        """The user the place's game waits for now, if it waits for a person."""
        summary = self.core.store.latest_game(place)
        if summary is None or summary.status != GameStatus.ACTIVE:
            return None
        return summary.waiting_user

    def _live(self, place: str) -> LiveGame | None:
        """The place's live game (the caller holds the lock); None: the place has none."""
        summary = self.core.store.latest_game(place)
        return self.core.cache.get(summary) if summary is not None else None

    def choices(self, place: str, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their decision)."""
        with self.core.lock:
            live = self._live(place)
            if live is None or live.status != GameStatus.ACTIVE or live.game is None:
                return []
            decision = live.game.to_act()
            seat = live.record.seat_of_user(actor.user_id)
            if decision is None or seat is None or seat.name != decision.player:
                return []
            return [str(m) for m in live.game.legal_moves()]

    def live_copy(self, place: str) -> LiveGame | None:
        """The place's game as it stands, copied (records and position), for work done outside
        the service's lock: the computer thinking about its move (``bot.service.bots``)."""
        with self.core.lock:
            live = self._live(place)
            if live is None:
                return None
            return LiveGame(live.record.copy(), live.game.copy() if live.game else None)

    def table_now(self, place: str) -> TableNow | None:
        """The decision the place's game waits for (None: none), for buttons and menus."""
        with self.core.lock:
            live = self._live(place)
            return table_now(live, self._words(live).language) if live is not None else None

    def since(self, place: str, then: Position, language: str | None = None) -> str:
        """What changed in the place's game since ``then`` ("" when nothing did), in
        ``language`` (the asker's), else the game's."""
        with self.core.lock:
            live = self._live(place)
            words = words_for(language) if language else self._words(live)
            return say(GONE() if live is None else since(live, then), words)

    def reading(self, summary: GameSummary) -> Languages:
        """The languages the game of ``summary`` reads its chat in (its own, then English),
        for the chat filter (``router/chat.py``)."""
        with self.core.lock:
            record = self.core.cache.get(summary).record
        return languages.reading(languages.for_game(self.core.store, record, None,
                                                    self.core.language))

    def language_of(self, place: str, user_id: str | None = None,
                    locale: str | None = None, server: str | None = None) -> str:
        """The language of what is said at ``place``, to everyone or to ``user_id`` alone
        (``GameFace.language_of``)."""
        with self.core.lock:
            live = self._live(place)
            record = live.record if live is not None else None
        if user_id is None:
            return languages.for_game(self.core.store, record, server, self.core.language)
        return languages.for_member(self.core.store, user_id, record, server,
                                    self.core.language, locale)

    def _words(self, live: LiveGame | None) -> Words:
        """The game's language (its place's readers')."""
        return words_for(languages.for_game(self.core.store, live.record if live else None,
                                            None, self.core.language))

    def where_things_stand(self, place: str) -> str | None:
        """A line for someone arriving at a table (the console after a restart): the open game
        and whom it waits for; None when the place has no open game."""
        with self.core.lock:
            summary = self.core.store.latest_game(place)
            if summary is None or summary.status not in OPEN_STATUSES:
                return None
            live = self.core.cache.get(summary)
            words = self._words(live)
        return say(where_things_stand(live, summary.id), words)
