"""Commands each declared in one file: every module here with an ``ENTRY`` is a command.

To add a command, write one module here (``index.py`` is a worked example) holding:

1. its value: a frozen dataclass subclassing ``commands.Command``;
2. its reader: ``(Words) -> YourCommand | None`` (``Words.word(i)``, ``Words.rest(i)``; None
   when the message does not fit, then it is read as moves, or answered with the usage line if
   the entry is ``strict``);
3. its handler: ``(GameContext, YourCommand) -> Outcome`` (change only ``ctx.draft()``; answer
   ``refuse(...)`` to change nothing), or ``(Context, YourCommand)`` with an ``OpenRoute`` when
   it needs no game;
4. ``ENTRY = Entry(...)``: its words, usage line, reader, ``{YourCommand: Route(handler,
   needs)}`` (needs from ``bot/service/needs.py``: ``moderator(...)``, ``status(...)``,
   ``playable``, ``seated(...)``...), its ``help`` piece, its ``docs`` line, and ``Slash(...)``
   or ``NoSlash(reason)``.

The registry (``bot/service/registry.py``) finds it; routes, ``help``, the command words, the
slash tree and the docs' table follow (run ``scripts/command_table.py`` to rewrite the table in
docs/game-service.md; ``tests/test_service_registry.py`` fails until it is). A ``Slash(...)``
form becomes ``/bus NAME [arguments]`` (its word and arguments, read as typed) unless
``bot/discord_app/cogs/slash.py`` gives it typed arguments. A command that records something new
adds its kind's payload class to ``bot/service/payloads.py`` and folds it in ``records.py``.
Then write its tests. A module here must not import the registry (it is imported by it).
"""
