"""Which finished games count for the ratings, and who each seat is: pure rules over plain
values (``GameFacts``, read from a game's records by ``facts.py``).

A game counts when it is finished (not abandoned, not still open), is not a practice game, and,
when it was imported from a file, once a moderator has marked it ``rated`` (the moves were
played elsewhere, unseen by this server). A member who holds two seats of one game leaves it out
(they would be rated against themselves), and so does a game with no member to rate.

**Assisted games.** A decision of a person's seat is *assisted* when the person did not make it:
the timeout policy or the away policy played it (``on timeout idle|bot``, ``on away ...``), the
seat played itself after a ``drop``, or someone else held the seat then (the computer after
``replace NAME with bot``, or the player it was taken from). A game in which some person's
seat had more than ``ASSISTED_SHARE`` of its decisions assisted is marked assisted. Whether such
a game counts is the server's setting (``ratings assisted count|skip``); by default it counts:
leaving a losing game to the timeouts must not be a way to keep one's rating, and the mark,
shown with the game everywhere it is listed, tells the table what happened.

**Who a seat is.** A computer seat at the end is its level, with its fixed skill. A person's
seat is rated as the member who holds it at the end when they held it for at least half of its
decisions (a replacement who came in late is not made to answer for the player they replaced),
and as a stranger otherwise; so is a seat whose member asked to be forgotten, or one nobody
claimed in an imported game. A stranger takes part at the prior and is stored nowhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from bot.service.ratings.model import Entrant

#: More than this share of a person's seat's decisions assisted marks the game assisted: a
#: quarter is several rounds of a 3-to-5-player game played without the person, beyond the
#: occasional missed deadline that every asynchronous game has.
ASSISTED_SHARE = 0.25
#: Whether an assisted game counts where the server has not said (see the module's docstring).
COUNT_ASSISTED = True
#: The place of ``busbot practice`` games (you against the computer in the terminal): they
#: never count.
PRACTICE_PLACE = "practice"


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat of a game at its end, and what the ratings and ``stats`` need of it."""

    name: str
    place: int
    #: the member holding the seat at the end (None: nobody claimed it, or a computer's)
    member: str | None = None
    #: the computer level playing it at the end (None: a person's seat)
    level: str | None = None
    #: the member asked to be forgotten: the seat's id is a pseudonym
    forgotten: bool = False
    #: the seat's decisions (its moves in force that were a choice: single legal moves are not)
    decisions: int = 0
    #: of those, the ones its player did not make (a policy, or another holder)
    assisted: int = 0
    #: of those, the ones made while the holder at the end held the seat (by them or a policy)
    held: int = 0
    #: final score (carried passengers minus clock stones), and its margin over the best other
    score: int = 0
    margin: int = 0
    stones: int = 0
    streets: int = 0
    deliveries: int = 0
    #: how often the seat chose each action
    actions: Mapping[str, int] = field(default_factory=dict)
    #: seconds the holder took over their own decisions, from the move before each
    thinking: float = 0.0
    #: decisions those seconds are over
    timed: int = 0

    @property
    def person(self) -> bool:
        return self.level is None

    @property
    def assisted_share(self) -> float:
        return self.assisted / self.decisions if self.decisions else 0.0


class Status(StrEnum):
    """Where a game stands, as far as the ratings care."""

    FINISHED = "finished"
    ABANDONED = "abandoned"
    OPEN = "open"


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game as the counting rules see it."""

    game_id: int
    #: the server the game was played on (a place without a server counts as its own)
    server: str
    status: Status
    #: when the game reached its final position (the time of its last move in force)
    finished_at: float
    seats: tuple[SeatFacts, ...]
    practice: bool = False
    imported: bool = False
    #: a moderator marked the (imported) game ``rated``
    marked_rated: bool = False


class Reason(StrEnum):
    """Why a game does not count (``COUNTS``: it does)."""

    COUNTS = "counts"
    OPEN = "not finished"
    ABANDONED = "abandoned"
    PRACTICE = "a practice game"
    UNMARKED = "imported and not marked rated"
    ASSISTED = "assisted, and this server does not count assisted games"
    NOBODY = "no member to rate"
    TWO_SEATS = "a member held two seats"


@dataclass(frozen=True, slots=True)
class Verdict:
    reason: Reason
    assisted: bool

    @property
    def counts(self) -> bool:
        return self.reason is Reason.COUNTS


def is_assisted(game: GameFacts, share: float = ASSISTED_SHARE) -> bool:
    """Whether some person's seat had more than ``share`` of its decisions assisted."""
    return any(s.person and s.decisions and s.assisted_share > share for s in game.seats)


def rated_member(seat: SeatFacts) -> str | None:
    """The member a seat is rated as (None: a computer or a stranger)."""
    if not seat.person or seat.member is None or seat.forgotten:
        return None
    return seat.member if 2 * seat.held >= seat.decisions else None


def entrants(game: GameFacts) -> list[Entrant]:
    """The game's seats as the rating sees them, in seat order."""
    return [Entrant(s.place, member=rated_member(s), level=s.level) for s in game.seats]


def verdict(game: GameFacts, *, count_assisted: bool = COUNT_ASSISTED,
            share: float = ASSISTED_SHARE) -> Verdict:
    """Whether ``game`` counts, and why not when it does not."""
    assisted = is_assisted(game, share)
    if game.status is Status.OPEN:
        return Verdict(Reason.OPEN, assisted)
    if game.status is Status.ABANDONED:
        return Verdict(Reason.ABANDONED, assisted)
    if game.practice:
        return Verdict(Reason.PRACTICE, assisted)
    if game.imported and not game.marked_rated:
        return Verdict(Reason.UNMARKED, assisted)
    members = [m for s in game.seats if (m := rated_member(s)) is not None]
    if not members:
        return Verdict(Reason.NOBODY, assisted)
    if len(set(members)) != len(members):
        return Verdict(Reason.TWO_SEATS, assisted)
    if assisted and not count_assisted:
        return Verdict(Reason.ASSISTED, assisted)
    return Verdict(Reason.COUNTS, assisted)
