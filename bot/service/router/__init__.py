"""From a message to what it runs: the registry of every command (``registry.py``, which finds
them in ``verbs/`` and derives the rest), the reading of a message (``reading.py``), the one
chat filter (``chat.py``: is an unprefixed message for the bot?) and the route (``route.py``:
what a command resolves to, its needs, its question, its handler).
"""
