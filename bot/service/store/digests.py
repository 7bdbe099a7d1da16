"""The daily digest (``digest on 08:00``): once a day, at the time of day a member chose in their
zone, a direct message listing the games that wait for them now, each with a link to its
channel and when it is due, or when its turn began (no deadline or time bank). A day with no
game waiting for them sends nothing. In Bus one player acts at a time, so each listed table
waits for that member alone, which the digest says.

``due`` is looked at by the scheduler loop (the Discord bot's reminders cog every minute sends
each one by direct message; the console prints it): the members whose digest is due come from
one indexed read of ``member_times`` (``members.due_digests``, which writes each one's retry
in the same transaction: a digest not confirmed sent by ``GameFace.digest_sent`` is tried again
that day, a bounded number of times, and then the next day's comes).
"""

from __future__ import annotations

from bot.service.store import languages, members
from bot.service.store.store import Listed, Store
from bot.service.words.catalogue import DEFAULT_LANGUAGE, lines, say
from bot.service.words.moments import relative
from engine.text import Msg, Plural, Text

#: digests made per look (the rest come a minute later)
DIGESTS_PER_RUN = 100

HEAD = Plural("digest.head", "Your Bus digest: {n} game waits for you, and its table waits for "
              "you alone:", "Your Bus digest: {n} games wait for you, and each table waits for "
              "you alone:")
GAME_DUE = Msg("digest.game_due", "- Game {id} in {where}: {decision}, due {due}")
GAME = Msg("digest.game", "- Game {id} in {where}: {decision} (turn began {since})")
FOOT = Msg("digest.foot", "(`digest off` ends these messages; `digest on 08:00` moves them.)")


def due(store: Store, now: float, limit: int = DIGESTS_PER_RUN) -> list[tuple[str, str]]:
    """Each member whose digest is due by ``now`` and whom a game waits for, with their digest
    written in their language."""
    out: list[tuple[str, str]] = []
    idle: list[str] = []  # nothing waits for them: nothing to send, nothing to retry
    for times in members.due_digests(store, now, limit):
        waiting = store.waiting_for_user(times.user_id)
        if not waiting:
            idle.append(times.user_id)
            continue
        language = languages.chosen(store, languages.MEMBER, times.user_id) \
            or DEFAULT_LANGUAGE
        out.append((times.user_id, say(lines(HEAD(n=len(waiting)),
                                             *(_line(g, now) for g in waiting), FOOT()),
                                       language)))
    if idle:
        members.digest_sent(store, idle, now)
    return out


def _line(listed: Listed, now: float) -> Text:
    game = listed.game
    where = f"<#{game.place}>" if game.place.isdigit() else game.place
    decision = game.waiting_text or game.waiting_seat or ""
    if listed.runs_out is not None:
        return GAME_DUE(id=game.id, where=where, decision=decision, due=relative(listed.runs_out))
    return GAME(id=game.id, where=where, decision=decision,
                since=relative(min(now, game.waiting_since or now)))
