"""busbot on Discord: a thin adapter that carries messages to the game service and back.

Layout, after discord.py's own: ``bot`` (the client and what it shares), ``cogs`` (one extension
per way in: messages, slash commands, reminders), ``incoming``/``outgoing`` (Discord events to
service values and back), ``guards`` (what only Discord knows, settled before the service is
asked: permissions, members), ``splitting`` (Discord's length limit), ``sync`` (publishing the
slash commands when they changed), ``endpoints`` (where Discord is), ``logs`` and ``runner``
(running it as a service).
"""

from bot.discord_app.bot import INVITE_PERMISSIONS, BusBot, invite_url

__all__ = ["INVITE_PERMISSIONS", "BusBot", "invite_url"]
