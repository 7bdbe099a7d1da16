"""Every command of the service, each declared whole in one module here (a family of commands
may share one: ``undo.py`` holds undo, undo NAME, undo last K, undo to N, redo and correct;
``lobby.py`` new game, join, colour, leave, start and accept; ``moderation.py`` as, drop,
pause, resume, abandon and nudge). Which module holds which command word is the table "Where
each command lives" in docs/game-service.md (``scripts/command_table.py`` writes it).

To add a command, write one module here (``index.py`` is a small worked example) holding:

1. its request: a frozen dataclass subclassing ``bot.api.Command`` (what a message asks for;
   the records it leaves are ``game/payloads.py``'s, named in the past tense);
2. its reader: ``(Words) -> YourCommand | None`` (``Words.word(i)``, ``Words.rest(i)``;
   ``command/words.py`` has ``only``, ``number``, ``read_moves``); None when the message does
   not fit: then it is read as moves, or answered with the usage line if the entry is
   ``strict``;
3. its handler: ``(GameContext, YourCommand) -> Outcome`` (change only ``ctx.draft()``; answer
   ``refuse(...)`` to change nothing), or ``(Context, YourCommand)`` with an ``OpenRoute`` when
   it needs no game; its words (each reply a module-level template, or an f-string here, never
   built from fragments elsewhere);
4. ``ENTRY = Entry(...)`` (or ``ENTRIES = (...)`` for a family), from ``command/forms.py``: its
   words, usage line, reader, and ``{YourCommand: Route(handler, needs, ...)}`` with the facts
   the rest of the bot reads from there, each in one place:

   - ``needs``: from ``command/needs.py`` (``moderator(...)``, ``status(...)``, ``playable``,
     ``seated(...)``...), checked in order before the handler;
   - ``cost=Cost((Budget.PICTURE,), "map")``: the budgets it draws on before any work (a
     picture, an animation, ``forget me``'s), or a function of the request;
   - ``confirm=AskFirst(above, size, question, typed)``: a big one asks for ``confirm`` first;
   - ``discord=OnDiscord(posts=True)`` or ``OnDiscord(member="user")``: what the Discord
     adapter settles first (the bot may post there; a named member is found);
   - ``resolve=...``: the request it stands for when that depends on who says it;

   then its ``help`` piece, its ``docs`` line, ``Slash(name, description)`` or
   ``NoSlash(reason)``, and ``rank`` (its place in ``help``; by default after the others).

The registry (``router/registry.py``) finds it; routes, ``help``, the command words, the budgets,
the Discord checks, the slash tree and the docs' tables follow. Run ``scripts/command_table.py``
to rewrite the tables in docs/game-service.md (``tests/test_service_registry.py`` fails until it
is). A ``Slash(...)`` form becomes ``/bus NAME [arguments]`` (its word and arguments, read as
typed) unless ``bot/discord_app/cogs/slash.py`` gives it typed arguments (its description is
still read from here). A command that records something new adds its kind's payload class to
``game/payloads.py`` and folds it in ``game/records.py``. Then write its tests. A module here
must not import the registry or the router (they import it); ``ctx.commands`` is the registry
as a handler may use it.
"""
