"""Rate limits: token buckets per key, and the service's budgets built on them: pictures and
animations per member in a place, per place, per member across places and per server; games
created per member and per server; imports per member; records per member in a game and in all;
``forget me`` per member; the computer's bot seats and its thinking seconds per member and per
server (``Budgets.thinking_wait``, ``thought``: a search is charged the processor seconds it
took, and the next waits while a bucket is empty).

A command declares what it costs (its route's ``Cost``: the budgets it draws on); ``refusal``
charges them before any work. A move over the picture limit is still played, only its picture
is skipped. A change asks ``change_over`` before it is committed; abandon, drop, pause and a
moderator's undo are never refused (``limits.exempt``). The numbers live in ``engine.limits``,
each with the reason for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.api import Actor
from bot.service.command.forms import Budget, Cost
from bot.service.game.live_game import Draft
from bot.service.words.catalogue import Said
from bot.service.words.replies import HOURS, MINUTES
from engine.limits import (
    ALWAYS_ALLOWED,
    ANIMATIONS_PER_MEMBER,
    ANIMATIONS_PER_PLACE,
    ANIMATIONS_PER_SERVER,
    BOT_SEATS_PER_MEMBER,
    BOT_SEATS_PER_SERVER,
    DMS_PER_MEMBER,
    FORGETS_PER_MEMBER,
    GAMES_PER_MEMBER,
    GAMES_PER_SERVER,
    IMPORTS_PER_MEMBER,
    PICTURES_PER_MEMBER,
    PICTURES_PER_PLACE,
    PICTURES_PER_SERVER,
    PICTURES_PER_USER,
    RECORDS_PER_MEMBER,
    RECORDS_PER_MEMBER_GAME,
    REMINDERS_PER_USER,
    THINKING_PER_MEMBER,
    THINKING_PER_SERVER,
    Rate,
    check_records,
    exempt,
)
from engine.text import Msg, Text

#: What a change over a daily budget is told, by the budget (``Budgets.change_over``).
_OVER = {
    "games-per-member": Msg("budget.games_per_member", "You have created many games today "
                            "({limit} limit); try again in {wait}."),
    "games-per-server": Msg("budget.games_per_server", "Many games were created on this server "
                            "today ({limit} limit); try again in {wait}."),
    "imports-per-member": Msg("budget.imports_per_member", "You have imported many games today "
                              "({limit} limit); try again in {wait}."),
    "records-per-member-in-a-game": Msg(
        "budget.records_in_a_game", "You have changed this game many times today; a moderator "
        "can still `abandon` or `pause` it ({limit} limit); try again in {wait}."),
    "records-per-member": Msg("budget.records_per_member", "You have changed games many times "
                              "today ({limit} limit); try again in {wait}."),
    "bot-seats-per-member": Msg("budget.bot_seats_per_member", "You have added many computer "
                                "players today ({limit} limit); try again in {wait}."),
    "bot-seats-per-server": Msg("budget.bot_seats_per_server", "Many computer players were "
                                "added on this server today ({limit} limit); try again in "
                                "{wait}."),
}
#: A search asked for (``hint``) while the asker's or their server's thinking seconds are spent.
THOUGHT_A_LOT = Msg("budget.thinking", "The computer has thought a lot for you (or this "
                    "server) in a short while (thinking-per-member limit); try `{again}` again "
                    "in {wait}.")
#: A search may start while at least this many seconds are left in its buckets; what it took
#: is charged when it is done (``Budgets.thought``), so a bucket can end a search below empty.
THOUGHT_MIN = 0.01
OVER_DAILY = Msg("budget.over_daily", "That is over a daily limit ({limit} limit); try again in "
                 "{wait}.")
FORGET_AGAIN = Msg("budget.forget_again", "You asked that a short while ago (forget-per-member "
                   "limit); try again in {wait}.")
MANY_PICTURES = Msg("budget.many_pictures", "That is many pictures in a short while; try "
                    "`{again}` again in {wait}.")
NO_PICTURE = Msg("budget.no_picture", "(No picture this time: many were drawn here just now; "
                 "`map` draws the table again in {wait}.)")
SECONDS = Msg("budget.seconds", "{n} s")


class TokenBuckets:
    """Rate limits: one token bucket per key (a user in a place, a place, a user), refilled at
    ``rate.per`` seconds a token up to ``rate.burst``. Thread-safe; forgets full buckets."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._buckets: dict[tuple[object, ...], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def spend(self, key: tuple[object, ...], rate: Rate, amount: float) -> None:
        """Take ``amount`` tokens measured after the fact (processor seconds a search took):
        the bucket may go below empty, and refills from there."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate.burst), now))
            tokens = min(float(rate.burst), tokens + max(0.0, now - at) / rate.per)
            self._buckets[key] = (tokens - amount, now)

    def wait(self, key: tuple[object, ...], rate: Rate, *, take: bool = True,
             cost: float = 1.0) -> float:
        """0 when ``cost`` tokens are there (taken when ``take``), else the seconds until
        there are (a cost above the burst waits for a full bucket)."""
        now = self.clock()
        cost = min(cost, float(rate.burst))
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate.burst), now))
            tokens = min(float(rate.burst), tokens + max(0.0, now - at) / rate.per)
            if tokens < cost:
                self._buckets[key] = (tokens, now)
                return (cost - tokens) * rate.per
            if take:
                tokens -= cost
            self._buckets[key] = (tokens, now)
            if len(self._buckets) > 10_000:
                self._forget(now)
            return 0.0

    def _forget(self, now: float) -> None:
        for key, (_tokens, at) in list(self._buckets.items()):
            if now - at > 3600:
                del self._buckets[key]


@dataclass(frozen=True, slots=True)
class Charge:
    """What one budget asks of a command: ``cost`` tokens of ``rate`` from the bucket ``key``;
    ``limit`` names it in a refusal ("the games-per-member limit")."""

    key: tuple[object, ...]
    rate: Rate
    cost: float
    limit: str


@dataclass(frozen=True, slots=True)
class Over:
    """A budget a command is over: which limit, and the seconds until it has room again."""

    limit: str
    wait: float


class Budgets:
    """The service's costly things, each allowed now (and counted) or refused with the wait.
    ``None`` buckets: no limits (tests, benchmarks); nothing is counted for what is not drawn
    (``pictures``, ``animations`` false). ``server`` is the actor's server, or the place when
    it has none (the console, a direct message)."""

    def __init__(self, buckets: TokenBuckets | None, *, pictures: bool = True,
                 animations: bool = True) -> None:
        self.buckets = buckets
        self.pictures = pictures
        self.animations = animations

    def charge(self, charges: Sequence[Charge]) -> Over | None:
        """Every charge when each bucket has room (taken together), else the longest wait."""
        if self.buckets is None:
            return None
        waits = [(self.buckets.wait(c.key, c.rate, take=False, cost=c.cost), c)
                 for c in charges]
        wait, worst = max(waits, key=lambda pair: pair[0], default=(0.0, None))
        if wait > 0 and worst is not None:
            return Over(worst.limit, wait)
        for c in charges:
            self.buckets.wait(c.key, c.rate, cost=c.cost)
        return None

    def refusal(self, cost: Cost, place: str, user_id: str, server: str | None,
                started: bool) -> Said | None:
        """None when every budget ``cost`` draws on has room (then it is taken), else the
        reason of the refusal. Nothing is drawn for a game not started, so it costs nothing."""
        if Budget.FORGET in cost.budgets:  # each looks through the whole database
            over = self.charge([Charge(("forget", user_id), FORGETS_PER_MEMBER, 1,
                                       "forget-per-member")])
            if over is not None:
                return FORGET_AGAIN(wait=later(over.wait))
        if not started:
            return None
        if Budget.THINKING in cost.budgets:
            wait = self.thinking_wait(user_id, server or place)
            if wait:
                return THOUGHT_A_LOT(again=cost.again, wait=later(wait))
        wait = self.picture_wait(place, user_id, server) if Budget.PICTURE in cost.budgets else 0
        if not wait and Budget.ANIMATION in cost.budgets:
            wait = self.animation_wait(place, user_id, server)
        if wait:
            return MANY_PICTURES(again=cost.again, wait=later(wait))
        return None

    def picture_wait(self, place: str, user_id: str, server: str | None = None) -> float:
        """Buckets per member in the place, the place, the member anywhere and the server."""
        if not self.pictures:
            return 0.0
        over = self.charge([
            Charge((place, user_id), PICTURES_PER_USER, 1, "pictures-per-member-here"),
            Charge((place,), PICTURES_PER_PLACE, 1, "pictures-per-place"),
            Charge(("member", user_id), PICTURES_PER_MEMBER, 1, "pictures-per-member"),
            Charge(("server", server or place), PICTURES_PER_SERVER, 1, "pictures-per-server"),
        ])
        return 0.0 if over is None else over.wait

    def animation_wait(self, place: str, user_id: str = "", server: str | None = None) -> float:
        if not self.animations:
            return 0.0
        over = self.charge([
            Charge(("animation", place), ANIMATIONS_PER_PLACE, 1, "animations-per-place"),
            Charge(("animation-member", user_id), ANIMATIONS_PER_MEMBER, 1,
                   "animations-per-member"),
            Charge(("animation-server", server or place), ANIMATIONS_PER_SERVER, 1,
                   "animations-per-server"),
        ])
        return 0.0 if over is None else over.wait

    def change_over(self, place: str, user_id: str, server: str | None, game_id: int,
                    kinds: Sequence[str]) -> Over | None:
        """Whether a change of these record kinds (the member's own, not automatic moves) is
        within the member's and the server's daily budgets; taken when it is. Every record
        counts against the member's records of the day (an import's whole game too, up to a
        full day's worth), a new game or import against the games of the member and server."""
        if not kinds:
            return None
        count = len(kinds)
        charges = [Charge(("records", user_id), RECORDS_PER_MEMBER, count, "records-per-member")]
        bots = sum(1 for kind in kinds if kind in ("bot", "bot_seat"))
        if bots:  # each bot seat plays (and thinks) for the rest of its game
            charges += [Charge(("bot-seats", user_id), BOT_SEATS_PER_MEMBER, bots,
                               "bot-seats-per-member"),
                        Charge(("bot-seats-server", server or place), BOT_SEATS_PER_SERVER, bots,
                               "bot-seats-per-server")]
        if kinds[0] in ("create", "import") or "import" in kinds:
            charges += [Charge(("games", user_id), GAMES_PER_MEMBER, 1, "games-per-member"),
                        Charge(("games-server", server or place), GAMES_PER_SERVER, 1,
                               "games-per-server")]
            if "import" in kinds:
                charges.append(Charge(("imports", user_id), IMPORTS_PER_MEMBER, 1,
                                      "imports-per-member"))
        else:
            charges.append(Charge(("records", game_id, user_id), RECORDS_PER_MEMBER_GAME,
                                  count, "records-per-member-in-a-game"))
        return self.charge(charges)

    def change_refusal(self, place: str, actor: Actor, draft: Draft,
                       moderator: bool) -> Said | None:
        """None when a change is within the records cap and the member's and server's daily
        budgets (taken now), else why not; abandon, drop, pause and a moderator's undo always
        pass. Over the records cap is a ``LimitError``."""
        new_game = draft.new[0].kind == "create"  # an import's records all count, auto or not
        kinds = [r.kind for r in draft.new if new_game or not r.auto]
        if kinds and kinds[0] in ALWAYS_ALLOWED:
            return None
        if not exempt(kinds, moderator):  # a moderator's undo passes the cap, not the budgets
            check_records(draft.record.counted, draft.record.last_seq)
        over = self.change_over(place, actor.user_id, actor.server, draft.record.game_id, kinds)
        if over is None:
            return None
        return _OVER.get(over.limit, OVER_DAILY)(limit=over.limit, wait=later(over.wait))

    def picture_skipped(self, place: str, user_id: str, server: str | None) -> Said | None:
        """What a change over the picture budget says (it stands; only its picture is
        skipped), or None when its picture may be drawn (then it is counted)."""
        wait = self.picture_wait(place, user_id, server)
        if wait > 0:
            return NO_PICTURE(wait=later(wait))
        return None

    def thinking_wait(self, member: str, server: str) -> float:
        """0 when the member and the server both have thinking seconds left (a search of
        theirs may start now), else the seconds until both have; nothing is taken: a search
        is charged what it took when it is done (``thought``)."""
        if self.buckets is None:
            return 0.0
        return max(self.buckets.wait(("thinking", member), THINKING_PER_MEMBER, take=False,
                                     cost=THOUGHT_MIN),
                   self.buckets.wait(("thinking-server", server), THINKING_PER_SERVER,
                                     take=False, cost=THOUGHT_MIN))

    def thought(self, member: str, server: str, seconds: float) -> None:
        """Charge a finished search's processor seconds to its member and server."""
        if self.buckets is not None:
            self.buckets.spend(("thinking", member), THINKING_PER_MEMBER, seconds)
            self.buckets.spend(("thinking-server", server), THINKING_PER_SERVER, seconds)

    def may_remind(self, user_id: str | None) -> bool:
        """A user waited for at many tables is reminded a few times a day, not a flood."""
        return self.buckets is None or not self.buckets.wait(("remind", user_id),
                                                             REMINDERS_PER_USER)


    def may_dm(self, user_id: str) -> bool:
        """A member who chose pings by direct message gets a day's worth of them, not a flood
        (over it, their ping goes to the channel)."""
        return self.buckets is None or not self.buckets.wait(("dm", user_id), DMS_PER_MEMBER)


def later(seconds: float) -> Text:
    """A wait as a person says it ("12 s", "4 minutes", "3 hours")."""
    seconds = max(1, round(seconds))
    if seconds < 90:
        return SECONDS(n=seconds)
    if seconds < 90 * 60:
        return MINUTES(n=round(seconds / 60))
    return HOURS(n=round(seconds / 3600))
