"""What the Discord layer needs from the game service: its face, awaited.

The face is declared once, ``bot.api.GameFace`` (each method with its contract); the cogs talk to
its asynchronous form, ``bot.service.AsyncGameService``, made from that declaration. A bot that
keeps no games (``busbot sync``) holds ``runner.NoGames``, the same face over no games.
"""

from __future__ import annotations

from bot.service.async_face import AsyncGameService

#: the asynchronous face of the game service; none of its methods may block the event loop
GameBackend = AsyncGameService
