"""The SQLite file that holds every game: the store (``store.py``), the whole schema and its
versions with a record's row (``schema.py``), the tables of their own
(``outbox.py``, ``snapshots.py``, ``layouts.py``), with forgetting a member (``privacy.py``)."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be used at all; the message is one sentence saying why and what to do.
    The command line prints it and exits with status 2."""
