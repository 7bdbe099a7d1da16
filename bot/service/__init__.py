"""The game service: (place, user, text) in; reply text, picture and mentions out.

``service`` (the entry point, ``GameService`` and its asynchronous face), ``commands`` (reading a
message: the tokenizer and the command table's words), ``routes`` (who may do what: each
command's handler and needs), the handlers (``lobby``, ``play``, ``moderation``, ``exchange``),
``replies`` (the words of every answer), ``live_game`` and ``records`` (a game as records and as
a position), ``storage`` (the SQLite file) and ``pictures`` (the renderer).
"""

from bot.api import Addressed
from bot.service.async_face import AsyncGameService
from bot.service.drawing.prepared import Prepared
from bot.service.service import GameService

__all__ = ["Addressed", "AsyncGameService", "GameService", "Prepared"]
