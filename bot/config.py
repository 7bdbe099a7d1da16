"""Settings shared by every front end: the Discord bot, the console table and the service.

They live in ``config.toml`` (start from ``config.example.toml``), which is never committed because
it may hold the bot token. The token can instead come from the ``DISCORD_TOKEN`` environment
variable, which wins over the file so that a deployment never has to write it to disk.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_PATH = "config.toml"
TOKEN_VARIABLE = "DISCORD_TOKEN"
#: Pre-drawn picture layers kept in memory unless ``picture_cache`` says otherwise.
PICTURE_CACHE = 8
#: How pictures are arranged, and the arrangements there are (``render.layout``).
PICTURE_LAYOUT = "landscape"
PICTURE_LAYOUTS = ("landscape", "portrait")


class ConfigError(Exception):
    """The configuration file cannot be used; the message says which setting and why."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything ``busbot`` reads from ``config.toml``; the defaults suit local play.

    ``reminder_hours`` of 0 turns reminders off. ``picture_dir`` of ``None`` keeps pictures in
    memory only. Relative paths in the file are taken relative to the file, so the bot finds its
    database wherever it is started from.
    """

    db_path: str = "busbot.db"
    prefix: str = "!bus"
    moderator_role: str | None = None
    reminder_hours: float = 0.0
    picture_dir: str | None = None
    render_workers: int = 2
    picture_cache: int = PICTURE_CACHE
    picture_layout: str = PICTURE_LAYOUT
    token: str | None = None

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
    return config


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None


def _from_mapping(values: Mapping[str, Any], base: Path) -> Config:
    known = {f.name for f in fields(Config)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(
            f"unknown setting {', '.join(unknown)}; known settings are {', '.join(sorted(known))}"
        )
    defaults = Config()
    db_path = _text(values, "db_path", defaults.db_path)
    picture_dir = _optional_text(values, "picture_dir")
    prefix = _text(values, "prefix", defaults.prefix)
    if not prefix.strip() or prefix != prefix.strip():
        raise ConfigError("prefix must be non-empty text without surrounding spaces, like '!bus'")
    reminder_hours = _number(values, "reminder_hours", defaults.reminder_hours)
    if reminder_hours < 0:
        raise ConfigError("reminder_hours must be 0 (off) or a positive number of hours")
    render_workers = values.get("render_workers", defaults.render_workers)
    if isinstance(render_workers, bool) or not isinstance(render_workers, int):
        raise ConfigError("render_workers must be a whole number")
    if render_workers < 1:
        raise ConfigError("render_workers must be at least 1")
    picture_cache = values.get("picture_cache", defaults.picture_cache)
    if isinstance(picture_cache, bool) or not isinstance(picture_cache, int) or picture_cache < 1:
        raise ConfigError("picture_cache must be a whole number of layers, at least 1")
    picture_layout = _text(values, "picture_layout", defaults.picture_layout)
    if picture_layout not in PICTURE_LAYOUTS:
        raise ConfigError(f"picture_layout must be {' or '.join(map(repr, PICTURE_LAYOUTS))}")
    return Config(
        db_path=_under(base, db_path),
        prefix=prefix,
        moderator_role=_optional_text(values, "moderator_role"),
        reminder_hours=reminder_hours,
        picture_dir=None if picture_dir is None else _under(base, picture_dir),
        render_workers=render_workers,
        picture_cache=picture_cache,
        picture_layout=picture_layout,
        token=_optional_text(values, "token"),
    )


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
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{key} must be a number")
    return float(value)


def _under(base: Path, value: str) -> str:
    if value == ":memory:":
        return value
    path = Path(value).expanduser()
    return str(path if path.is_absolute() else base / path)

