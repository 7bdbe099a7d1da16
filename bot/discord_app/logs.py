"""Logging for a bot that runs for months: a level, an optional rotating file, one line each.

discord.py logs a full traceback when it loses the gateway and reconnects; for an operator that
is routine, so those records are folded into one line with the reason. The token is never
logged: the settings hide it in their ``repr``, and nothing here formats it.
"""

from __future__ import annotations

import logging
import logging.handlers

from bot.config import Config

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_FILE_BYTES = 5_000_000
LOG_FILE_COUNT = 5
#: discord.py's loggers that report a lost connection with a traceback.
_RECONNECTING = ("discord.client", "discord.shard", "discord.gateway")


class OneLineReconnects(logging.Filter):
    """A reconnect with a traceback becomes one line naming the reason."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name in _RECONNECTING and record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            reason = " ".join(str(error).split()) or type(error).__name__
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {reason})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


#: ``extra`` for a record meant for the log file only (its sentence went to standard error as is).
FILE_ONLY = {"busbot_file_only": True}


class NotOnTheTerminal(logging.Filter):
    """Keeps ``FILE_ONLY`` records off standard error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(record, "busbot_file_only", False)


def configure_logging(config: Config) -> list[logging.Handler]:
    """Send busbot's and discord.py's logs to standard error and, if set, a rotating file."""
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if config.log_file:
        handlers.append(logging.handlers.RotatingFileHandler(
            config.log_file, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_COUNT,
            encoding="utf-8"))
    formatter = logging.Formatter(FORMAT)
    root = logging.getLogger()
    root.setLevel(config.log_level)
    for old in [h for h in root.handlers if getattr(h, "busbot", False)]:
        root.removeHandler(old)  # configured again (``busbot sync`` then ``run`` in one process)
        old.close()
    handlers[0].addFilter(NotOnTheTerminal())
    for handler in handlers:
        handler.setFormatter(formatter)
        handler.addFilter(OneLineReconnects())
        handler.busbot = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    return handlers


def one_line(error: BaseException) -> str:
    """An exception as one log line (Discord's error texts may span lines)."""
    return f"{type(error).__name__}: {' '.join(str(error).split())}"
