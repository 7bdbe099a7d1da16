"""Where discord.py finds Discord: its REST base and its gateway, from the settings.

discord.py keeps both as class attributes (``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``)
rather than per client, so they are set for the life of one bot and put back afterwards. A
Discord-compatible server (self-hosted, or the wire tests' own) is reached by changing them;
the invite link is built from the same base so it points at the same place.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


@contextlib.contextmanager
def discord_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Send REST calls to ``api_base`` and open the gateway at ``gateway_url`` while inside."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
