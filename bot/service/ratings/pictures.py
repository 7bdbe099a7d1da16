"""The ratings' pictures, drawn after the command like a game's story (outside any lock, on the
render pool when the service runs asynchronously): each job holds plain values read from the
tables under the lock, and draws when called, as ``(notes, files)``."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot.api import Attachment
from bot.service.ratings import views
from bot.service.ratings.model import LEVEL_SKILLS, Skill
from bot.service.words.catalogue import Said, say
from bot.service.words.replies import RATED_GAMES
from engine.text import Msg, Words

log = logging.getLogger(__name__)

#: What a reply says when its picture could not be drawn (player-facing, one template each).
NOT_DRAWN = Msg("ratings.pictures.not_drawn", "(The picture could not be drawn this time.)")
SKIPPED = Msg("ratings.pictures.skipped", "(The picture is not drawn this time: several pictures "
              "are being drawn already; ask again in a moment.)")
NO_RENDERER = Msg("ratings.pictures.no_renderer", "(Pictures cannot be drawn here.)")
LEADERBOARD_ALT = Msg("ratings.pictures.leaderboard_alt", "The leaderboard, {scope}: {lines}")
CHART_ALT = Msg("ratings.pictures.chart_alt", "{name}'s rating over {games}: from {first} to "
                "{last}")


@dataclass(frozen=True, slots=True)
class Row:
    place: int
    name: str
    skill: Skill
    games: int
    wins: int
    provisional: bool
    you: bool


@dataclass(frozen=True, slots=True)
class LeaderboardJob:
    """The leaderboard's picture: its rows, the scope's label and its count of rated games."""

    scope: Said
    rows: tuple[Row, ...]
    games: int

    @property
    def skipped(self) -> Said:
        return SKIPPED()

    @classmethod
    def of(cls, board: views.Board, scope: Said, asker: str) -> LeaderboardJob:
        return cls(scope, tuple(
            Row(i, ln.name, ln.skill, ln.games, ln.wins, ln.provisional, ln.member == asker)
            for i, ln in enumerate(board.lines, start=1)), board.games)

    def __call__(self, taken: int, words: Words) -> tuple[list[Said], list[Attachment]]:
        try:
            from render.leaderboard import BoardRow, leaderboard_png
        except ImportError:
            return [NO_RENDERER()], []
        rows = [BoardRow(r.place, r.name, r.skill.shown, r.skill.mu, r.skill.sigma, r.games,
                         r.wins, r.provisional, r.you) for r in self.rows]
        levels = (LEVEL_SKILLS["easy"].mu, LEVEL_SKILLS["normal"].mu, LEVEL_SKILLS["hard"].mu)
        try:
            data = leaderboard_png(say(self.scope, words), rows, games=self.games,
                                   levels=levels, words=words)
        except Exception:  # a drawing bug must not lose the answer it rides on
            log.exception("drawing the leaderboard failed")
            return [NOT_DRAWN()], []
        alt = words(LEADERBOARD_ALT(scope=self.scope, lines="; ".join(
            f"{r.place}. {r.name} {views.number(r.skill.shown)}" for r in self.rows[:10])))
        return [], [Attachment("bus-leaderboard.png", data, alt[:1000])]


@dataclass(frozen=True, slots=True)
class RatingChartJob:
    """A member's rating chart: the skill before the first point, one point per rated game."""

    name: str
    start: Skill
    points: tuple[views.Point, ...]
    total: int

    @property
    def skipped(self) -> Said:
        return SKIPPED()

    @classmethod
    def of(cls, name: str, start: Skill, points: Sequence[views.Point],
           total: int) -> RatingChartJob:
        return cls(name, start, tuple(points), total)

    def __call__(self, taken: int, words: Words) -> tuple[list[Said], list[Attachment]]:
        try:
            from render.rating_chart import RatingPoint, rating_chart_png
        except ImportError:
            return [NO_RENDERER()], []
        first, last = views.when(self.points[0].at), views.when(self.points[-1].at)
        try:
            data = rating_chart_png(
                self.name, [RatingPoint(p.skill.mu, p.skill.sigma, p.place == 1)
                            for p in self.points],
                first=first, last=last, start=RatingPoint(self.start.mu, self.start.sigma),
                levels=views.level_mus(), words=words)
        except Exception:
            log.exception("drawing the rating chart failed")
            return [NOT_DRAWN()], []
        alt = words(CHART_ALT(name=self.name, games=RATED_GAMES(n=self.total),
                              first=views.number(self.start.shown),
                              last=views.number(self.points[-1].skill.shown)))
        return [], [Attachment("bus-rating.png", data, alt)]
