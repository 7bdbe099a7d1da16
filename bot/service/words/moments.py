"""Moments in what busbot says: every deadline, time away, return and reminder is a ``Timestamp``.

A moment is written in a reply as Discord's own timestamp markup, ``<t:UNIX:STYLE>`` (``R``:
"in 3 hours", ``f``: "2 December 2026 14:00"), which every Discord client shows in its reader's
own time zone and language: one post, read right in Berlin and in Boston. It is data, like a
move's notation (a ``Notation`` argument of a ``Text``), in no language and no zone. (A time
that is written the same for every reader, in UTC, such as an export's date, is the catalogue's
``Moment`` instead: ``words/catalogue.py``.)

Where no Discord client reads the text, the markup is written out here (``written_out``),
through Babel, in the reader's language: the console in the machine's local zone (with the
zone's name, ``15:00 CET``), a picture, the game's page and an export in UTC. A relative moment
(``R``) is written against a given ``now``, so the console's practice clock (``bot/console.py``,
``time +3h``) and a picture drawn later both say it right. Reading the markup is one linear
pass of a fixed pattern.
"""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from babel.core import Locale, UnknownLocaleError
from babel.dates import format_skeleton, format_timedelta, get_datetime_format

#: Discord's styles: R relative ("in 3 hours"), f date and time, F with the weekday, d/D date,
#: t/T time of day.
STYLES = frozenset("RfFdDtT")
#: the markup of a moment as Discord reads it (at most 12 digits: past the year 30000)
MARKUP = re.compile(r"<t:(-?\d{1,12}):([RfFdDtT])>")
UTC = dt.UTC


class Timestamp(str):
    """A point in time as a ``Text`` argument: a ``str`` that is Discord's timestamp markup
    (``<t:1796220000:R>``), a ``Notation`` written the same in every language (the reader's
    client writes it in their zone and language); written out in words where no Discord client
    reads it (``written_out``)."""

    __slots__ = ()

    def __new__(cls, at: float, style: str = "R") -> Timestamp:
        if style not in STYLES:
            raise ValueError(f"no timestamp style {style!r}")
        return super().__new__(cls, f"<t:{round(at)}:{style}>")

    def written(self, language: str) -> str:
        """The markup (the same in every language: the reader's client writes it)."""
        return str.__str__(self)


def relative(at: float) -> Timestamp:
    """``at`` as "in 3 hours" / "2 days ago" for each reader."""
    return Timestamp(at, "R")


def full(at: float) -> Timestamp:
    """``at`` as a date and time of day for each reader (``2 December 2026 15:00``)."""
    return Timestamp(at, "f")


def local_zone() -> dt.tzinfo:
    """This machine's own zone (``TZ``, else ``/etc/localtime``), as the console shows times."""
    zone = dt.datetime.now().astimezone().tzinfo
    return zone if zone is not None else UTC


def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def moment_words(at: float, style: str, now: float, language: str,
                 zone: dt.tzinfo | str = UTC, *, brief: bool = False) -> str:
    """One moment in words, in ``language`` and ``zone`` (a ``tzinfo`` or an IANA name): the
    relative style against ``now`` with the date and time beside it (``brief``: alone, as a
    picture's few words), the others a date and/or a time of day with the zone's short name."""
    tz = ZoneInfo(zone) if isinstance(zone, str) else zone
    locale = _locale(language)
    when = dt.datetime.fromtimestamp(at, tz)
    name = when.tzname() or ""
    clock = f"{format_skeleton('Hm', when, locale=locale)} {name}".strip()
    if style in ("t", "T"):
        return clock
    date = format_skeleton("MMMd" if brief else "yMMMEd" if style == "F" else "yMMMd", when,
                           locale=locale)
    if style in ("d", "D"):
        return date
    stamp = str(get_datetime_format("medium", locale=locale)).replace("{1}", date).replace(
        "{0}", clock)
    if style != "R":
        return stamp
    ago = str(format_timedelta(dt.timedelta(seconds=at - now), add_direction=True,
                               locale=locale, threshold=1.5))
    return ago if brief else f"{ago} ({stamp})"


def written_out(text: str, now: float, language: str, zone: dt.tzinfo | str = UTC, *,
                brief: bool = False) -> str:
    """``text`` with every moment's markup written in words (``moment_words``): what a reader
    that is not a Discord client sees (the console, a picture, the page, an export)."""
    if "<t:" not in text:
        return text
    return MARKUP.sub(lambda m: moment_words(float(m[1]), m[2], now, language, zone,
                                             brief=brief), text)
