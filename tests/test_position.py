"""Written positions (``engine.position``): a game resumed from them is the game its log replays
to, and a stale, damaged or foreign one is ignored rather than believed."""

from __future__ import annotations

import os
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, GameLog, random_game, replay
from engine.game import SNAPSHOT_EVERY
from engine.position import FORMAT, header, read, write

GAMES = 30 if os.environ.get("CI") else 20


@cache
def finished(players: int, seed: int) -> Game:
    return random_game(players, seed=seed)


def written(game: Game) -> list[bytes]:
    return [game.written_position(m) for m in game.kept_positions() if m]


def same_game(a: Game, b: Game) -> None:
    """Everything a player or the service could notice: the position, whose turn it is, the
    legal moves, the moves behind it and the log."""
    assert a.state == b.state
    assert a.to_act() == b.to_act()
    assert a.legal_moves() == b.legal_moves()
    assert [(n, str(m)) for n, m in a.history] == [(n, str(m)) for n, m in b.history]
    assert a.log().format() == b.log().format()


@settings(max_examples=GAMES, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 40), cut=st.floats(0, 1),
       back=st.integers(0, 80))
def test_a_game_resumed_from_written_positions_is_the_replayed_game(
        players: int, seed: int, cut: float, back: int) -> None:
    whole = finished(players, seed)
    log = whole.log()
    upto = round(cut * len(log.moves))
    kept = written(whole)
    resumed, replayed = replay(log, upto, kept=kept), replay(log, upto)
    same_game(resumed, replayed)
    # looking back (undo, map N) from the resumed game reads the earlier written positions
    earlier = max(0, upto - back)
    same_game(resumed.position_at(earlier), replayed.position_at(earlier))
    if not resumed.is_over:  # and it plays on exactly as the replayed one
        move = resumed.legal_moves()[0]
        assert resumed.push(move) == replayed.push(move)
        same_game(resumed, replayed)


def test_a_resumed_game_starts_from_its_latest_written_position() -> None:
    whole = finished(5, 13)
    log = whole.log()
    resumed = replay(log, kept=written(whole))
    # the moves before the last written position were not replayed: their kept copies are
    # still unread, and the game stands on the written one
    latest = (len(log.moves) // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
    assert resumed.kept_positions()[-1] == latest
    assert resumed._snapshots[1] is None  # read only when looking back needs it
    same_game(resumed.position_at(SNAPSHOT_EVERY + 1), whole.position_at(SNAPSHOT_EVERY + 1))
    assert resumed._snapshots[1] is not None


def test_a_position_of_moves_since_undone_or_corrected_is_ignored() -> None:
    whole = finished(4, 3)
    log = whole.log()
    kept = written(whole)
    # the same seats, but move 5 was another (a correction): every written position is stale
    other = random_game(4, seed=4).log()
    assert other.moves[:5] != log.moves[:5]
    changed = GameLog(log.players, log.edition, log.options, log.colours,
                      other.moves[:len(other.moves)])
    same_game(replay(changed, kept=kept), replay(changed))


def test_damaged_or_foreign_positions_are_ignored() -> None:
    whole = finished(5, 7)
    log = whole.log()
    good = written(whole)
    last = good[-1]
    head, body = last.split(b"\n", 1)
    flipped = head + b"\n" + body[:10] + bytes([body[10] ^ 1]) + body[11:]
    cut = last[:len(last) // 2]
    other_format = last.replace(f"bus-position {FORMAT} ".encode(), b"bus-position 999 ", 1)
    for bad in (flipped, cut, other_format, b"", b"garbage\n\x00\xff", b"\n" * 3):
        resumed = replay(log, kept=[*good[:-1], bad])
        same_game(resumed, replay(log))
        # the good earlier position served instead of a replay from move 1
        assert resumed._snapshots[len(good) - 1] is not None


def test_a_position_whose_body_is_not_a_position_is_refused() -> None:
    whole = finished(3, 2)
    opening = Game(whole.players).state
    history = [(n, str(m)) for n, m in whole.history[:SNAPSHOT_EVERY]]
    assert read(write(whole.position_at(SNAPSHOT_EVERY).state, history), opening) is not None
    four = Game(["A", "B", "C", "D"]).state  # another table: the seats do not match
    assert read(write(whole.position_at(SNAPSHOT_EVERY).state, history), four) is None
    # a well-formed, correctly signed body with a value out of range
    state = whole.position_at(SNAPSHOT_EVERY).state.copy()
    state.current = 7
    assert read(write(state, history), opening) is None
    assert header(write(state, history)) == (SNAPSHOT_EVERY, header(
        whole.written_position(SNAPSHOT_EVERY))[1])  # type: ignore[index]


def test_written_positions_are_small() -> None:
    """A stored game carries one every 32 moves; each is a few hundred bytes."""
    sizes = [len(p) for p in written(finished(5, 13))]
    assert sizes and max(sizes) < 2000


def test_a_crafted_position_that_would_expand_to_gigabytes_is_ignored_unread() -> None:
    """A correctly signed body of zeros that inflates far past any position (a 583 kB one once
    took 15.8 s and 2.9 GB) is refused after at most MAX_POSITION_BYTES are inflated, and one
    over the size limit is refused before anything is inflated."""
    import hashlib
    import time
    import tracemalloc
    import zlib

    from engine.limits import MAX_POSITION_BYTES

    whole = finished(3, 2)
    opening = Game(whole.players).state
    good = whole.written_position(SNAPSHOT_EVERY)
    head = good.split(b"\n", 1)[0].rsplit(b" ", 1)[0]
    bomb = zlib.compress(b"[" + b"0," * 20_000_000 + b"0]", 9)  # 40 MB inflated
    assert len(bomb) < MAX_POSITION_BYTES
    signed = head + b" " + hashlib.blake2b(bomb, digest_size=16).hexdigest().encode() + b"\n"
    tracemalloc.start()
    started = time.process_time()
    assert read(signed + bomb, opening) is None
    spent, (_, peak) = time.process_time() - started, tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 1_000_000 and spent < 1.0  # unbounded: 40 MB and more
    huge = signed + b"\x00" * MAX_POSITION_BYTES
    assert read(huge, opening) is None
    assert replay(whole.log(), SNAPSHOT_EVERY, kept=[signed + bomb]).state == \
        whole.position_at(SNAPSHOT_EVERY).state
