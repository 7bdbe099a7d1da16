"""A stored game, as the service keeps it: its records (``records.py``: ``Record``, the fold
``GameRecord``, statuses), what each kind of record carries (``payloads.py``, one codec for all),
the live game and the draft a command changes (``live_game.py``), the moves the service makes
itself (``automatic.py``, ``seat_policy.py``) and what a deadline owes (``deadlines.py``).

It imports only the pure layers (``engine``, and ``ai`` for the computer's moves): no storage,
no command, no adapter.
"""
