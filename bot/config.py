"""Settings shared by every front end: the Discord bot, the console table and the service.

They live in ``config.toml`` (start from ``config.example.toml``), which is never committed because
it may hold the bot token. The token can instead come from the ``DISCORD_TOKEN`` environment
variable, which wins over the file so that a deployment never has to write it to disk.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_PATH = "config.toml"
TOKEN_VARIABLE = "DISCORD_TOKEN"
API_BASE_VARIABLE = "DISCORD_API_BASE"
GATEWAY_VARIABLE = "DISCORD_GATEWAY_URL"
#: Discord's own REST API (the version discord.py speaks) and gateway.
DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: Pre-drawn picture layers kept in memory unless ``picture_cache`` says otherwise.
PICTURE_CACHE = 14
#: How pictures are arranged, and the arrangements there are (``render.layout``).
PICTURE_LAYOUT = "landscape"
PICTURE_LAYOUTS = ("landscape", "portrait", "phone")
#: The language of the tables whose game and server chose none, and those busbot has.
LANGUAGE = "en"
#: Games kept in memory, and hours one stays there after its last command (0: no time limit).
LIVE_GAMES = 1000
LIVE_IDLE_HOURS = 24.0


def live_idle_seconds(hours: float) -> float | None:
    """``live_idle_hours`` as the service takes it: seconds, or None for no time limit (0)."""
    return hours * 3600 or None


class ConfigError(Exception):
    """The configuration file cannot be used; the message says which setting and why."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything ``busbot`` reads from ``config.toml``; the defaults suit local play.

    ``reminder_hours`` of 0 turns reminders off. ``picture_dir`` of ``None`` keeps pictures in
    memory only. Relative paths in the file are taken relative to the file, so the bot finds its
    database wherever it is started from.

    ``api_base`` and ``gateway_url`` say where Discord is: another Discord-compatible server (a
    self-hosted one, or the tests' own) is reached by changing them. ``dev_guild`` publishes the
    slash commands to that one server only, where they appear at once. ``shard_count`` and
    ``shard_ids`` split a large bot over several processes (docs/discord-setup.md).
    """

    db_path: str = "busbot.db"
    prefix: str = "!bus"
    moderator_role: str | None = None
    reminder_hours: float = 0.0
    picture_dir: str | None = None
    render_workers: int = 2
    picture_cache: int = PICTURE_CACHE
    picture_layout: str = PICTURE_LAYOUT
    language: str = LANGUAGE
    live_games: int = LIVE_GAMES
    live_idle_hours: float = LIVE_IDLE_HOURS
    token: str | None = None
    api_base: str = DISCORD_API_BASE
    gateway_url: str = DISCORD_GATEWAY_URL
    dev_guild: int | None = None
    log_level: str = "INFO"
    log_file: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def web_base(self) -> str:
        """The site the API lives under (``https://discord.com``), where invite links point."""
        base = self.api_base.rstrip("/")
        cut = base.find("/api")
        return base[:cut] if cut >= 0 else base

    def __repr__(self) -> str:
        # The token must not end up in logs or tracebacks.
        shown = {f.name: repr(getattr(self, f.name)) for f in fields(self)}
        if self.token:
            shown["token"] = "<hidden>"
        return f"Config({', '.join(f'{name}={value}' for name, value in shown.items())})"


def load_config(
    path: str | os.PathLike[str] | None = None, *, environ: Mapping[str, str] | None = None
) -> Config:
    """Read the configuration, falling back to defaults for anything not set.

    With ``path`` given, the file must exist. Without it, ``config.toml`` in the current directory
    is used when present, so ``busbot console`` works with no file at all.
    """
    env = os.environ if environ is None else environ
    if path is None:
        candidate = Path(DEFAULT_PATH)
        values = _read(candidate) if candidate.is_file() else {}
        base = candidate.resolve().parent
    else:
        candidate = Path(path)
        if not candidate.is_file():
            raise ConfigError(
                f"{candidate}: no such file (copy config.example.toml to {candidate} to start)"
            )
        values = _read(candidate)
        base = candidate.resolve().parent
    config = _from_mapping(values, base)
    token = env.get(TOKEN_VARIABLE, "").strip()
    if token:
        config = replace(config, token=token)
    api_base = env.get(API_BASE_VARIABLE, "").strip()
    if api_base:
        config = replace(config, api_base=_url(API_BASE_VARIABLE, api_base, ("http", "https")))
    gateway = env.get(GATEWAY_VARIABLE, "").strip()
    if gateway:
        config = replace(config, gateway_url=_url(GATEWAY_VARIABLE, gateway, ("ws", "wss")))
    return config


def _read(path: Path) -> dict[str, Any]:
    import tomllib  # here, not at the top: the command line reads this module for its choices

    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a text file (TOML must be UTF-8)") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror})") from None


#: The prefix: one to four symbols, then the word of the bot's one text command (``!bus``,
#: ``?bus``, ``$$bus``); a symbol alone would read every "!" message as a command, and the
#: characters Discord reads as markup or mentions would never reach the bot as typed.
_PREFIX = re.compile(r"[^\w\s`\\@<>#*_~|:]{1,4}[^\W_]{1,16}")
#: Longest path, role name (Discord's own limit), token and address the file may hold.
_MAX_PATH, _MAX_ROLE, _MAX_TOKEN, _MAX_URL = 4096, 100, 200, 2000
#: Hours in a year: more is a typo, not a wish (reminders, live games).
_YEAR_HOURS = 24 * 366.0


def _from_mapping(values: Mapping[str, Any], base: Path) -> Config:
    """Every setting checked, each refusal one sentence naming the setting and what it allows."""
    known = {f.name for f in fields(Config)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(
            f"unknown setting {', '.join(unknown)}; known settings are {', '.join(sorted(known))}"
        )
    defaults = Config()
    db_path = _path(values, "db_path", defaults.db_path)
    picture_dir = _optional_path(values, "picture_dir")
    log_file = _optional_path(values, "log_file")
    shard_count = _optional_whole(values, "shard_count", minimum=1, maximum=10_000)
    return Config(
        db_path=_under(base, db_path),
        prefix=_prefix(values, defaults.prefix),
        moderator_role=_role(values),
        reminder_hours=_hours(values, "reminder_hours", defaults.reminder_hours, "off"),
        picture_dir=None if picture_dir is None else _under(base, picture_dir),
        render_workers=_whole(values, "render_workers", defaults.render_workers, 1, 64,
                              "workers"),
        picture_cache=_whole(values, "picture_cache", defaults.picture_cache, 1, 1000,
                             "layers"),
        picture_layout=_choice(values, "picture_layout", defaults.picture_layout,
                               PICTURE_LAYOUTS),
        language=_choice(values, "language", defaults.language, _languages()),
        live_games=_whole(values, "live_games", defaults.live_games, 1, 1_000_000, "games"),
        live_idle_hours=_hours(values, "live_idle_hours", defaults.live_idle_hours,
                               "no time limit"),
        token=_token(values),
        api_base=_url("api_base", _text(values, "api_base", defaults.api_base),
                      ("http", "https")),
        gateway_url=_url("gateway_url", _text(values, "gateway_url", defaults.gateway_url),
                         ("ws", "wss")),
        dev_guild=_optional_whole(values, "dev_guild", minimum=1, maximum=2**63 - 1),
        log_level=_choice(values, "log_level", defaults.log_level, LOG_LEVELS, upper=True),
        log_file=None if log_file is None else _under(base, log_file),
        shard_count=shard_count,
        shard_ids=_shard_ids(values, shard_count),
    )


def _languages() -> tuple[str, ...]:
    """The languages busbot has a catalogue of (``bot/locale``)."""
    from bot.service.words.catalogue import LANGUAGES

    return LANGUAGES


def _prefix(values: Mapping[str, Any], default: str) -> str:
    prefix = _text(values, "prefix", default)
    if _PREFIX.fullmatch(prefix) is None:
        raise ConfigError(f"prefix must be one to four symbols then a word of letters or digits, "
                          f"like '!bus', not {prefix[:40]!r}")
    return prefix


def _whole(values: Mapping[str, Any], key: str, default: int, low: int, high: int,
           unit: str) -> int:
    value = values.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{key} must be a whole number of {unit} from {low} to {high:,}")
    return value


def _hours(values: Mapping[str, Any], key: str, default: float, zero: str) -> float:
    hours = _number(values, key, default)
    if not 0 <= hours <= _YEAR_HOURS:
        raise ConfigError(f"{key} must be 0 ({zero}) or a number of hours up to a year "
                          f"({_YEAR_HOURS:g})")
    return hours


def _choice(values: Mapping[str, Any], key: str, default: str, allowed: tuple[str, ...], *,
            upper: bool = False) -> str:
    value = _text(values, key, default)
    value = value.upper() if upper else value
    if value not in allowed:
        either = (" or ".join(map(repr, allowed)) if len(allowed) == 2
                  else "one of " + ", ".join(allowed))
        raise ConfigError(f"{key} must be {either}")
    return value


def _path(values: Mapping[str, Any], key: str, default: str) -> str:
    value = _text(values, key, default)
    if not value.strip() or len(value) > _MAX_PATH or not value.isprintable():
        raise ConfigError(f"{key} must be a file name of at most {_MAX_PATH} printable "
                          f"characters")
    return value


def _optional_path(values: Mapping[str, Any], key: str) -> str | None:
    return _path(values, key, "") if _optional_text(values, key) is not None else None


def _role(values: Mapping[str, Any]) -> str | None:
    role = _optional_text(values, "moderator_role")
    if role is not None and (len(role) > _MAX_ROLE or not role.isprintable()):
        raise ConfigError(f"moderator_role must be a role's name: at most {_MAX_ROLE} printable "
                          f"characters")
    return role


def _token(values: Mapping[str, Any]) -> str | None:
    token = _optional_text(values, "token")
    if token is not None and (len(token) > _MAX_TOKEN or not token.isascii()
                              or not token.isprintable() or " " in token):
        raise ConfigError(f"token must be the bot's token as Discord shows it: at most "
                          f"{_MAX_TOKEN} letters, digits and dots, without spaces")
    return token


def _url(key: str, value: str, schemes: tuple[str, ...]) -> str:
    scheme, _, rest = value.strip().partition("://")
    if (scheme.lower() not in schemes or not rest.strip("/") or len(value) > _MAX_URL
            or not value.strip().isprintable() or " " in value.strip()):
        raise ConfigError(f"{key} must be a {' or '.join(s + '://' for s in schemes)} address, "
                          f"not {value[:60]!r}")
    return value.strip()


def _optional_whole(values: Mapping[str, Any], key: str, *, minimum: int,
                    maximum: int) -> int | None:
    """A whole number, or 0 (TOML's way here of saying 'not set')."""
    value = values.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{key} must be a whole number (0 for not set)")
    if value == 0:
        return None
    if not minimum <= value <= maximum:
        raise ConfigError(f"{key} must be from {minimum} to {maximum:,} (or 0 for not set)")
    return value


def _shard_ids(values: Mapping[str, Any], shard_count: int | None) -> tuple[int, ...] | None:
    """The shards this process runs; they only mean something with a fixed ``shard_count``."""
    raw = values.get("shard_ids", [])
    if not isinstance(raw, list) or len(raw) > 10_000 or any(
        isinstance(i, bool) or not isinstance(i, int) for i in raw
    ):
        raise ConfigError("shard_ids must be a list of whole numbers, like [0, 1]")
    if not raw:
        return None
    if shard_count is None:
        raise ConfigError("shard_ids needs shard_count: the number of shards of the whole bot")
    wrong = [i for i in raw if not 0 <= i < shard_count]
    if wrong or len(set(raw)) != len(raw):
        raise ConfigError(f"shard_ids must be distinct numbers from 0 to {shard_count - 1}")
    return tuple(raw)


def _text(values: Mapping[str, Any], key: str, default: str) -> str:
    value = values.get(key, default)
    if not isinstance(value, str):
        raise ConfigError(f"{key} must be text in quotes")
    return value


def _optional_text(values: Mapping[str, Any], key: str) -> str | None:
    """TOML has no null, so an empty string is how the file says 'not set'."""
    value = _text(values, key, "")
    return value.strip() or None


def _number(values: Mapping[str, Any], key: str, default: float) -> float:
    value = values.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ConfigError(f"{key} must be a number (not nan or inf)")
    return float(value)


def _under(base: Path, value: str) -> str:
    if value == ":memory:":
        return value
    path = Path(value).expanduser()
    return str(path if path.is_absolute() else base / path)

