"""``busbot run``: the Discord bot when there is a token, the console table when there is not.

Someone trying busbot for the first time has no token yet; rather than failing, they are told how
to get one and can play at once on the console, which runs the very same service.
"""

from __future__ import annotations

import sys

from bot.config import TOKEN_VARIABLE, Config, ConfigError, load_config

NO_TOKEN = f"""\
No Discord token found, so the bot cannot connect to Discord.

To run busbot on Discord:
  1. Create an application and its bot user at https://discord.com/developers/applications
     (docs/discord-setup.md walks through it, including the invite link).
  2. Give the bot's token to busbot, preferably through the environment:
       export {TOKEN_VARIABLE}=...your token...
     or as `token = "..."` in config.toml (never commit that file).
  3. Run `busbot run` again.

Meanwhile you can play locally with `busbot console`; starting the console table now.
"""


def run(config_path: str | None) -> int:
    """Start busbot as configured; returns the process exit status."""
    try:
        config = load_config(config_path)
    except ConfigError as error:
        print(f"busbot: {error}", file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return run_console(config)
    # Imported only now: the console path should not need discord.py at all.
    from bot.discord_app.runner import run_bot

    return run_bot(config)


def run_console(config: Config) -> int:
    from bot import console

    return console.main(config)

