"""Properties of the quiet-hours arithmetic (``bot/service/game/quiet.py``) and of the readers of
``timebank``/``quiet``: what a time bank or a deadline counts outside a member's quiet hours, and
the moment a wait reaches its length, agree with each other for any hours, zone and moments."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.game import timebank
from bot.service.game.quiet import Quiet, QuietHours
from engine.limits import LimitError

HOUR = 3600.0
ZONES = ("UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu")
#: 2026 to 2028, across summer-time changes
MOMENTS = st.floats(min_value=1_767_225_600.0, max_value=1_830_297_600.0)


@st.composite
def quiets(draw: st.DrawFn) -> Quiet:
    start = draw(st.integers(0, 24 * 60 - 1))
    length = draw(st.integers(1, 12 * 60))
    hours = QuietHours(start, (start + length) % (24 * 60), draw(st.sampled_from(ZONES)))
    since = draw(MOMENTS)
    return Quiet(((since - 400 * 86400, hours),))


@settings(max_examples=150, deadline=None)
@given(quiets(), MOMENTS, st.floats(min_value=0.0, max_value=30 * 86400.0))
def test_a_wait_reaches_its_length_exactly_when_it_has_counted_it(
        quiet: Quiet, start: float, amount: float) -> None:
    at = quiet.reach(start, amount)
    assert at >= start + amount - 1e-6  # quiet hours only ever stretch a wait
    assert abs(quiet.counted(start, at) - amount) < 1e-3
    # at most 12 quiet hours a day: a wait takes at most twice its length, plus a night
    assert at - start <= 2 * amount + 13 * HOUR


@settings(max_examples=150, deadline=None)
@given(quiets(), MOMENTS, st.floats(min_value=0.0, max_value=10 * 86400.0),
       st.floats(min_value=0.0, max_value=10 * 86400.0))
def test_counting_adds_up_over_consecutive_stretches(
        quiet: Quiet, start: float, first: float, second: float) -> None:
    middle, stop = start + first, start + first + second
    whole = quiet.counted(start, stop)
    assert abs(whole - quiet.counted(start, middle) - quiet.counted(middle, stop)) < 1e-3
    assert 0.0 <= whole <= stop - start + 1e-6


@settings(max_examples=150, deadline=None)
@given(quiets(), MOMENTS)
def test_a_quiet_moment_ends_where_counting_begins_again(quiet: Quiet, at: float) -> None:
    end = quiet.end(at)
    if end > at:
        assert quiet.quiet_at(at) and quiet.counted(at, end) < 1e-3
    assert not quiet.quiet_at(end)


@given(st.text(max_size=60))
def test_a_time_bank_is_read_or_refused_never_a_fault(text: str) -> None:
    try:
        bank = timebank.read(text)
    except LimitError:
        return
    assert bank is None or 0 < bank.start <= bank.most
