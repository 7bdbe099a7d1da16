"""Presses on busbot's buttons and menus, wherever and whenever their message was posted.

The components (``bot.discord_app.components``) are discord.py dynamic items: matched by their
custom id alone, so this cog only registers them (with the dispatcher that answers their
presses), and a press on a message posted before a restart still arrives.
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord_app.bot import BusBot
from bot.discord_app.components import ChoiceMenu, TableButton, answer_presses
from bot.discord_app.dispatch import Dispatcher


class Buttons(commands.Cog):
    def __init__(self, bot: BusBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        answer_presses(self.bot, Dispatcher(self.bot))
        self.bot.add_dynamic_items(TableButton, ChoiceMenu)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TableButton, ChoiceMenu)
        answer_presses(self.bot, None)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, BusBot):
        raise TypeError("the buttons cog needs a BusBot, which knows the game service")
    await bot.add_cog(Buttons(bot))
