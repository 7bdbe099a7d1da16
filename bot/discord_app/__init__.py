"""busbot on Discord: a thin adapter that carries messages to the game service and back.

Layout, after discord.py's own: ``bot`` (the client and what it shares), ``cogs`` (one extension
per way in: messages, slash commands, reminders), ``incoming``/``outgoing`` (Discord events to
service values and back), ``splitting`` (Discord's length limit) and ``runner`` (start-up).
"""

from bot.discord_app.bot import INVITE_PERMISSIONS, BusBot, invite_url

__all__ = ["INVITE_PERMISSIONS", "BusBot", "invite_url"]
