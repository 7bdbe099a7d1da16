"""Games kept in memory by need: the most recently used, at most ``live_games`` of them, each for
``live_idle_hours`` after its last command; a game let go answers exactly as if it had stayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from tests.service_support import Table, actor, open_table, started


def _three_tables(path: str, **kw: object) -> list[Table]:
    first = open_table(path, **kw)  # type: ignore[arg-type]
    tables = [first] + [Table(first.service, f"channel-{i}") for i in (2, 3)]
    for i, table in enumerate(tables):
        started(table, 3)
        table.play_random(12, seed=i)
    return tables


def _looks(table: Table) -> list[str]:
    return [table.service.handle(table.place, actor("Zed"), t).text
            for t in ("status", "log all", "moves")]


def test_at_most_the_configured_number_of_games_stay_live(tmp_path: Path) -> None:
    tables = _three_tables(str(tmp_path / "a.db"), cache_size=2)
    service = tables[0].service
    assert service.live_games() == 2
    # The game let go (the first) is rebuilt from the database and plays on like the others.
    for table in tables:
        table.play_random(15, seed=7)
        assert service.live_games() <= 2
    kept = _three_tables(str(tmp_path / "b.db"), cache_size=10)
    for table in kept:
        table.play_random(15, seed=7)
    assert kept[0].service.live_games() == 3
    assert [_looks(t) for t in tables] == [_looks(t) for t in kept]


def test_a_game_idle_longer_than_configured_is_let_go(tmp_path: Path) -> None:
    now = [1000.0]
    tables = _three_tables(str(tmp_path / "a.db"), cache_idle=3600.0, clock=lambda: now[0])
    service = tables[0].service
    assert service.live_games() == 3
    now[0] += 1800
    tables[0].play_random(1)  # the others idle half an hour: still live
    assert service.live_games() == 3
    now[0] += 2400
    tables[0].play_random(1)  # the others idle 70 minutes: let go; the one in use stays
    assert service.live_games() == 1
    before = _looks(tables[1])
    assert service.live_games() == 2
    assert _looks(tables[1]) == before


def test_live_games_are_read_from_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("live_games = 300\nlive_idle_hours = 2.5\n", encoding="utf-8")
    config = load_config(path, environ={})
    assert (config.live_games, config.live_idle_hours) == (300, 2.5)
    for text, message in (("live_games = 0\n", "live_games must be a whole number"),
                          ("live_games = 2.5\n", "live_games must be a whole number"),
                          ("live_idle_hours = -1\n", "live_idle_hours must be 0"),
                          ("live_idle_hours = nan\n", "live_idle_hours must be a number"),
                          ("reminder_hours = inf\n", "reminder_hours must be a number")):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError, match=message):
            load_config(path, environ={})
