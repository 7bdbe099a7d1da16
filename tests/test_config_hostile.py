"""Hostile configuration values: each is refused with one sentence naming the setting, never a
traceback later (``prefix = "!"`` used to pass and then fail inside the Discord client)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import Config, ConfigError, _from_mapping, load_config
from bot.discord_app.bot import split_prefix

HOSTILE: list[tuple[str, Any]] = [
    ("prefix", "!"), ("prefix", ""), ("prefix", "bus"), ("prefix", "! bus"), ("prefix", "!bus "),
    ("prefix", "@bus"), ("prefix", "!" * 5 + "bus"), ("prefix", "!" + "b" * 17),
    ("prefix", "!bus\n"), ("prefix", 7),
    ("db_path", ""), ("db_path", "a\x00b"), ("db_path", "x" * 5000), ("db_path", ["a"]),
    ("picture_dir", "pics\n"), ("log_file", "\x1b[2J"),
    ("moderator_role", "r" * 101), ("moderator_role", "mod\u202e"),
    ("reminder_hours", -1), ("reminder_hours", float("nan")), ("reminder_hours", float("inf")),
    ("reminder_hours", 1e300), ("reminder_hours", True),
    ("live_idle_hours", -0.5), ("live_idle_hours", 10**9),
    ("render_workers", 0), ("render_workers", 10**18), ("render_workers", 2.5),
    ("render_workers", True),
    ("picture_cache", 0), ("picture_cache", 2**62), ("live_games", -3), ("live_games", 10**12),
    ("picture_layout", "sideways"), ("log_level", "loud"), ("log_level", 3),
    ("token", "abc def"), ("token", "t" * 500), ("token", "tök"),
    ("api_base", "discord.com"), ("api_base", "https://"), ("api_base", "https://a b"),
    ("gateway_url", "http://x"), ("gateway_url", "wss://" + "x" * 3000),
    ("dev_guild", -1), ("dev_guild", "server"), ("dev_guild", 1.5),
    ("shard_count", -2), ("shard_count", 10**9), ("shard_ids", [0]), ("shard_ids", "0"),
    ("shard_ids", [True]), ("shard_ids", list(range(20_000))),
    ("prefix", datetime(2026, 1, 1)),
]


@pytest.mark.parametrize(("key", "value"), HOSTILE, ids=[f"{k}={v!r}"[:40] for k, v in HOSTILE])
def test_a_hostile_value_is_refused_in_one_sentence_naming_its_setting(key: str,
                                                                       value: Any) -> None:
    with pytest.raises(ConfigError) as refused:
        _from_mapping({key: value}, Path("/srv"))
    sentence = str(refused.value)
    assert sentence.startswith(key)
    assert "\n" not in sentence and sentence.count(". ") == 0 and len(sentence) < 200


def test_prefix_bang_is_refused_when_the_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('prefix = "!"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="prefix must be one to four symbols then a word"):
        load_config(path, environ={})


@pytest.mark.parametrize("prefix", ["!bus", "?bus", "$$bus", "!bus2", "!b", "¡bus", "%%%%Bus"])
def test_every_accepted_prefix_works_in_the_discord_client(prefix: str) -> None:
    config = _from_mapping({"prefix": prefix}, Path("/srv"))
    symbol, word = split_prefix(config.prefix)
    assert symbol and word and symbol + word == prefix


VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
                   st.lists(st.integers(-3, 3), max_size=4))
KEYS = sorted(Config.__dataclass_fields__)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=4))
def test_any_values_give_a_usable_config_or_one_sentence(values: dict[str, Any]) -> None:
    try:
        config = _from_mapping({k: v for k, v in values.items() if v is not None}, Path("/srv"))
    except ConfigError as refused:
        assert "\n" not in str(refused)
        return
    split_prefix(config.prefix)  # the client accepts it
    assert 1 <= config.render_workers <= 64 and 1 <= config.live_games <= 1_000_000
    assert 0 <= config.reminder_hours <= 24 * 366 and 0 <= config.live_idle_hours <= 24 * 366
