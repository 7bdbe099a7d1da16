"""The game service: (place, user, text) in; reply text, picture and mentions out.

Layers, each importing only those below it:

- the service on top (this folder): ``service.py`` (``GameService``, a small facade), the parts
  it is made of (``pipeline``, ``live_games``, ``budgets``, ``announcements``, ``ledger``,
  ``scheduler``, ``lookups``, ``exchange``, over ``core``), ``async_face.py`` (the face awaited),
  ``bots.py`` (the computer's players) and ``thinking.py`` (the worker processes they think on,
  shared in a fair turn);
- ``router/``: a message to a command (the registry, the reader, the chat filter, the route);
- ``verbs/``: every command, one module each (a family may share one);
- ``command/``: what a handler is given and gives back, its needs, asking first, playing moves;
- ``words/``: the sentences several commands share (moves played, whose turn, the log);
- ``drawing/``: pictures, the story and the page, drawn after the commit;
- ``store/``: SQLite: the store, the whole schema (``schema.py``), the side tables' rows;
- ``game/``: a stored game: records, payloads, the fold, the live game, seat policies,
  deadlines (it imports only the engine and the computer player).

What adapters may call is ``bot.api.GameFace``.
"""

from bot.api import Addressed
from bot.service.async_face import AsyncGameService
from bot.service.drawing.prepared import Prepared
from bot.service.service import GameService

__all__ = ["Addressed", "AsyncGameService", "GameService", "Prepared"]
