"""A member's data removed on request (``forget me``, ``busbot forget USER_ID``).

Every stored game the member took part in keeps its records, so it still replays and exports,
but their user id and their names (display names and the names of the seats they held) are
replaced by a stable pseudonym, "Player 3 of game 12" (3: the third person to appear in that
game's records), the same every time. Their handled messages and the posts owed about their
changes are deleted; the replies and posts of others in those games name the pseudonym instead.
The ratings rate those games again with the member's seat as a stranger, so no rating table
names them any more (``bot/service/ratings``).

This is the one place where stored records are rewritten rather than added to: the law and
Discord's developer policy put a member's wish above "a game is its log". Each game is folded
and replayed again before anything is written, and a game that would not replay leaves the
whole database unchanged (one transaction).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

import sqlite_utils

from bot.service import ratings
from bot.service.game import payloads
from bot.service.game.live_game import BOT_USER, LiveGame, build_game, waiting_for
from bot.service.game.records import GameRecord, Record, same_user
from bot.service.store import (
    StoreError,
    allowance,
    direct_pings,
    languages,
    layouts,
    members,
    pending,
    reviews,
    snapshots,
)
from bot.service.store.schema import (
    RECORD_COLUMNS,
    record_rows,
    stored_id,
)
from bot.service.store.store import Store

log = logging.getLogger(__name__)

@dataclass(slots=True)
class Forgotten:
    """What forgetting a member did (or, for a dry run, would do)."""

    #: each game and the member's pseudonym in it
    games: list[tuple[int, str]] = field(default_factory=list)
    #: records rewritten, handled messages deleted, owed posts deleted
    records: int = 0
    replies: int = 0
    owed: int = 0
    #: open games in which a seat of theirs now waits for a moderator (``replace``/``drop``)
    open_seats: list[int] = field(default_factory=list)


class _DryRun(Exception):
    """Raised at the end of a dry run, so that its transaction is rolled back."""


def forget(store: Store, user_id: str, *, dry_run: bool = False) -> Forgotten:
    """Replace ``user_id`` and their names by pseudonyms in every stored game, delete their
    handled messages and owed posts. ``dry_run``: only count (nothing is written)."""
    report = Forgotten()
    try:
        with store.transaction() as db:
            for game_id in _games_of(db, user_id):
                _forget_in_game(store, db, game_id, user_id, report)
            layouts.forget_user(db, user_id)  # their picture layout, if they chose one
            languages.forget_user(db, user_id)  # their language, if they chose one
            members.forget_user(db, user_id)  # their quiet hours, pings and digest, if set
            allowance.forget_user(db, user_id)  # their days of time away
            direct_pings.forget_user(db, user_id)  # their pings by direct message
            pending.forget(db, user_id)  # a question waiting for their `confirm`
            ratings.forgotten(db, [g for g, _ in report.games], user_id)  # every rating table
            if dry_run:
                raise _DryRun
            store.bump_generation(db)
    except _DryRun:
        return report
    if not store.empty_the_log():  # the old pages would still name them in the log
        log.warning("forget: the write-ahead log could not be emptied now (a reader in "
                    "another process); it is emptied at the next forget or checkpoint")
    return report


def _games_of(db: sqlite_utils.Database, user_id: str) -> list[int]:
    """The games whose records name the user: as the author, or in a record's data (a seat
    offered to them, a file imported with their id)."""
    stored = stored_id(user_id)
    rows = db.execute(
        "SELECT DISTINCT game_id FROM records WHERE user_id = ? OR lower(user_id) = lower(?) "
        "OR instr(data, ?) > 0 ORDER BY game_id", [stored, user_id, json.dumps(user_id)])
    return [int(row[0]) for row in rows.fetchall()]


def _forget_in_game(store: Store, db: sqlite_utils.Database, game_id: int, user_id: str,
                    report: Forgotten) -> None:
    records = store.records(game_id)
    number = _number(records, user_id)
    pseudonym, pid = f"Player {number} of game {game_id}", f"forgotten-{number}-of-{game_id}"
    names = _seat_names(records, user_id, pseudonym)
    theirs = [r for r in records if same_user(r.user_id, user_id)]
    about = [r for r in records if _about(r.payload, user_id)]
    if not theirs and not about:
        return  # the id only appeared inside some text of the data, not as this user
    spoken = {r.user_name for r in theirs} | {
        n for r in about if (n := _named_user(r.payload)[1]) is not None}
    rewritten = [_rewrite(r, user_id, pid, pseudonym, names) for r in records]
    live = _replayed(game_id, rewritten)
    db.execute("DELETE FROM records WHERE game_id = ?", [game_id])
    db.conn.executemany(f"INSERT INTO records ({RECORD_COLUMNS}) VALUES "
                        f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", record_rows(game_id, rewritten))
    _rewrite_summary(db, game_id, live)
    _rewrite_positions(db, game_id, live)
    swap = _swapper({**{n: pseudonym for n in spoken}, **names})
    report.replies += _forget_replies(db, game_id, theirs, swap)
    report.owed += _forget_posts(db, game_id, theirs, user_id, swap)
    for seq, caption in db.execute("SELECT seq, caption FROM pictures WHERE game_id = ?",
                                   [game_id]).fetchall():
        db.execute("UPDATE pictures SET caption = ? WHERE game_id = ? AND seq = ?",
                   [swap(caption or ""), game_id, seq])
    reviews.forget_game(db, game_id)  # its review names the seats: made again when asked
    report.games.append((game_id, pseudonym))
    report.records += sum(a != b for a, b in zip(records, rewritten, strict=True))
    if live.is_open and any(same_user(s.user_id, pid) for s in live.record.seats):
        report.open_seats.append(game_id)


def _named_user(payload: payloads.Payload) -> tuple[str | None, str | None]:
    """The user (id, name) a record's payload names: a seat joined for them (an imported
    game's) or given to them (``replace``); (None, None) when it names nobody."""
    match payload:
        case payloads.Joined(named=True, user_id=who, user_name=name):
            return who, name
        case payloads.Replaced(user_id=who, user_name=name):
            return who, name
    return None, None


def _about(payload: payloads.Payload, user_id: str) -> bool:
    return same_user(_named_user(payload)[0], user_id)


def _number(records: list[Record], user_id: str) -> int:
    """The member's number in the game: the order in which people first appear in its
    records (as authors or as the users of seats), the bot not counted. Stable: the records
    before the member's first appearance never change."""
    seen: list[str] = []
    for r in records:
        for who in (r.user_id, _named_user(r.payload)[0]):
            if who is not None and who != BOT_USER[0] and not any(
                    same_user(who, s) for s in seen):
                seen.append(who)
    for i, who in enumerate(seen, start=1):
        if same_user(who, user_id):
            return i
    return len(seen) + 1


def _seat_names(records: list[Record], user_id: str, pseudonym: str) -> dict[str, str]:
    """Each name a seat of the member's had in the game -> its pseudonym (a second name of the
    same seat, after a takeover, gets " (2)")."""
    found: list[str | None] = []
    for r in records:
        match r.payload:
            case payloads.Joined(named=named, user_id=who) if same_user(
                    who if named else r.user_id, user_id):
                found.append(r.seat)
            case payloads.Accepted(name=name) if same_user(r.user_id, user_id):
                found.append(name)
            case payloads.Replaced(user_id=who, name=name) if same_user(who, user_id):
                found.append(name)
    names: dict[str, str] = {}
    for name in found:
        if name and name not in names:
            names[name] = pseudonym if not names else f"{pseudonym} ({len(names) + 1})"
    return names


def _rewrite(r: Record, user_id: str, pid: str, pseudonym: str,
             names: Mapping[str, str]) -> Record:
    """The record with the member's id, names and seat names replaced."""
    mine = same_user(r.user_id, user_id)
    payload = r.payload
    renamed = _rewrite_payload(payload, _about(payload, user_id), pid, pseudonym, names)
    return replace(
        r, user_id=pid if mine else r.user_id, user_name=pseudonym if mine else r.user_name,
        seat=names.get(r.seat, r.seat) if r.seat is not None else None,
        message_id=None if mine else r.message_id,
        data=r.data if renamed == payload else renamed.to_data())


def _rewrite_payload(p: payloads.Payload, about: bool, pid: str, pseudonym: str,
                     names: Mapping[str, str]) -> payloads.Payload:
    """What a record carries, with the member's id and name (``about``: the payload names
    them) and the names of their seats replaced."""
    def seat(name: str) -> str:
        return names.get(name, name)

    match p:
        case payloads.Joined(user_name=name) if about:
            return replace(p, user_id=pid, user_name=None if name is None else pseudonym)
        case payloads.Replaced(name=name):
            renamed = replace(p, name=None if name is None else seat(name))
            return replace(renamed, user_id=pid, user_name=pseudonym) if about else renamed
        case payloads.Accepted(name=str() as name):
            return replace(p, name=seat(name))
        case payloads.Started(order=order):
            return replace(p, order=tuple(map(seat, order)))
        case payloads.Imported(offered=offered):
            return replace(p, offered=tuple(map(seat, offered)))
    return p


def _replayed(game_id: int, records: list[Record]) -> LiveGame:
    """The rewritten game folded and replayed; ``StoreError`` (nothing written) otherwise."""
    try:
        record = GameRecord.fold(game_id, "", records)
        return LiveGame(record, build_game(record))
    except Exception as err:  # a game that would no longer replay must not be written
        raise StoreError(f"game {game_id} would not replay with the pseudonym ({err}); "
                         f"nothing was changed") from None


def _rewrite_summary(db: sqlite_utils.Database, game_id: int, live: LiveGame) -> None:
    waiting = waiting_for(live)
    seat, user, text = (None, None, None) if waiting is None else (
        waiting[0].player, waiting[1], waiting[0].text)
    db.execute("UPDATE games SET players = ?, waiting_seat = COALESCE(?, waiting_seat), "
               "waiting_user = CASE WHEN ? IS NULL THEN waiting_user ELSE ? END, "
               "waiting_text = COALESCE(?, waiting_text) WHERE id = ?",
               [", ".join(s.name for s in live.record.seats), seat, seat, user, text,
                game_id])


def _rewrite_positions(db: sqlite_utils.Database, game_id: int, live: LiveGame) -> None:
    """The stored positions name the moves' seats in their digests: written again."""
    db.execute("DELETE FROM snapshots WHERE game_id = ?", [game_id])
    game = live.game
    if game is not None:
        snapshots.write(db, game_id, [(m, game.written_position(m))
                                      for m in game.kept_positions() if m])


def _swapper(names: Mapping[str, str]) -> Callable[[str], str]:
    """A function replacing each whole-word occurrence of the names in a text (one pass)."""
    usable = sorted((n for n in names if n), key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, usable)) + r")(?!\w)")

    def swap(text: str) -> str:
        return pattern.sub(lambda m: names[m.group(0)], text) if usable else text
    return swap


def _forget_replies(db: sqlite_utils.Database, game_id: int, theirs: Iterable[Record],
                    swap: Callable[[str], str]) -> int:
    """Delete the replies to the member's messages; others' name the pseudonym."""
    gone = 0
    for message_id in {r.message_id for r in theirs if r.message_id is not None}:
        gone += max(0, db.execute("DELETE FROM handled WHERE game_id = ? AND message_id = ?",
                                  [game_id, message_id]).rowcount)
    for place, message_id, reply in db.execute(
            "SELECT place, message_id, reply FROM handled WHERE game_id = ?",
            [game_id]).fetchall():
        db.execute("UPDATE handled SET reply = ? WHERE place = ? AND message_id = ?",
                   [swap(reply or ""), place, message_id])
    return gone


def _forget_posts(db: sqlite_utils.Database, game_id: int, theirs: Iterable[Record],
                  user_id: str, swap: Callable[[str], str]) -> int:
    """Delete the posts still owed about the member's changes or pinging them; the others
    name the pseudonym and ping nobody by the member's id."""
    seqs = {r.seq for r in theirs}
    gone = 0
    for row_id, first, last, mentions, text, sent in db.execute(
            "SELECT id, first_seq, seq, mentions, text, sent_at FROM outbox WHERE game_id = ?",
            [game_id]).fetchall():
        pinged = [m for m in json.loads(mentions or "[]") if not same_user(m, user_id)]
        theirs_here = any((first or last) <= s <= last for s in seqs)
        if sent is None and (theirs_here or len(pinged) < len(json.loads(mentions or "[]"))):
            db.execute("DELETE FROM outbox WHERE id = ?", [row_id])
            gone += 1
        else:
            db.execute("UPDATE outbox SET text = ?, mentions = ? WHERE id = ?",
                       [swap(text or ""), json.dumps(pinged), row_id])
    return gone
