"""The command registry: every command of the service, found in its own module and derived.

Each module of ``bot/service/verbs/`` declares its command (or its family of commands) whole:
``ENTRY`` (or ``ENTRIES``), the ``Entry`` of ``bot/service/command/forms.py``. The registry only
finds them and derives what the rest of the bot reads: the words a message is read by
(``BY_WORD``) and a near miss is compared with (``WORDS``), what each request runs
(``ROUTES``) with its facts (``cost_of``, ``on_discord``), ``help``, the slash tree (``SLASH``)
and the command table of docs/game-service.md (``docs_table``, checked by a test).

Order: ``help`` and the docs list commands by their entry's ``rank``, then by module name, then
as each module declares them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from types import ModuleType

from bot.api import Command
from bot.service import verbs
from bot.service.command.forms import (
    Cost,
    Entry,
    OnDiscord,
    OpenRoute,
    Route,
    Section,
    Slash,
    Who,
)
from bot.service.words.catalogue import Said, lines, say
from engine.text import Listing, Msg


def _modules() -> Iterator[ModuleType]:
    """Every module of ``bot/service/verbs/``, by name."""
    for found in sorted(pkgutil.iter_modules(verbs.__path__), key=lambda m: m.name):
        yield importlib.import_module(f"{verbs.__name__}.{found.name}")


def _declared(module: ModuleType) -> tuple[Entry, ...]:
    """The entries a module declares: ``ENTRY``, or a family's ``ENTRIES``."""
    one = getattr(module, "ENTRY", None)
    many = getattr(module, "ENTRIES", ())
    return ((one,) if isinstance(one, Entry) else ()) + tuple(
        e for e in many if isinstance(e, Entry))


def _discovered() -> tuple[tuple[Entry, str], ...]:
    found = [(entry, module.__name__) for module in _modules() for entry in _declared(module)]
    return tuple(sorted(found, key=lambda pair: pair[0].rank))  # stable: module, declaration


#: every command, in the order of ``help`` and the docs, with the module declaring it
DECLARED: tuple[tuple[Entry, str], ...] = _discovered()
ENTRIES: tuple[Entry, ...] = tuple(entry for entry, _ in DECLARED)
#: the module declaring each command, by its entry's name
MODULES: dict[str, str] = {entry.name: module for entry, module in DECLARED}
#: the entry each first word names
BY_WORD: dict[str, Entry] = {word: e for e in ENTRIES for word in e.words}
#: every command word, for "did you mean" on a near miss
WORDS: tuple[str, ...] = tuple(sorted(BY_WORD))
#: what each request type runs
ROUTES: dict[type[Command], Route | OpenRoute] = {
    kind: route for e in ENTRIES for kind, route in e.routes.items()}
#: the ``/bus`` subcommands, in the registry's order (the Discord adapter adds only ``do``)
SLASH: tuple[Slash, ...] = tuple(e.slash for e in ENTRIES if isinstance(e.slash, Slash))
#: each ``/bus`` subcommand by its name (the slash cog reads its descriptions here)
SLASH_NAMED: dict[str, Slash] = {s.name: s for s in SLASH}
#: how a mistyped command is written, by its entry's name
USAGE: dict[str, Said] = {e.name: e.usage for e in ENTRIES}

#: the paragraphs of ``help``: each ``Section``'s lead, then its commands
SECTION_LEADS = {
    Section.LOBBY: Msg("help.section.lobby", "**Lobby**: {pieces}."),
    Section.PLAY: Msg("help.section.play", "**Play**: {pieces}."),
    Section.LOOK: Msg("help.section.look", "**Look**: {pieces}."),
    Section.MODERATORS: Msg("help.section.moderators", "**Moderators** (the game's creator, the "
                            "moderator role, server managers): {pieces}."),
}
YOU_MODERATE = Msg("help.you_moderate", "You are a moderator of this game.")


def cost_of(cmd: Command) -> Cost | None:
    """What ``cmd`` costs before any work (None: nothing), as its route declares."""
    route = ROUTES.get(type(cmd))
    cost = route.cost if route is not None else None
    return cost(cmd) if callable(cost) else cost


def on_discord(cmd: Command) -> OnDiscord:
    """What the Discord adapter settles before the service sees ``cmd``."""
    route = ROUTES.get(type(cmd))
    return route.discord if route is not None else OnDiscord()


def help_text(moderator: bool) -> Said:
    """``help``: a paragraph per ``Section``, each the pieces of the entries in it."""
    paragraphs: list[Said] = []
    for section in Section:
        pieces = tuple(piece for e in ENTRIES for s, piece in e.help if s is section)
        paragraphs.append(SECTION_LEADS[section](pieces=Listing(pieces, "; ")))
    return lines(*paragraphs, YOU_MODERATE() if moderator else None)


def docs_table() -> str:
    """The command table of docs/game-service.md (a test checks the docs hold it)."""
    rows = ["| who | command |", "| --- | --- |"]
    for who in Who:
        pieces = [piece for e in ENTRIES for w, piece in e.docs if w is who]
        rows.append(f"| {who} | {', '.join(pieces)} |")
    return "\n".join(rows)


def modules_table() -> str:
    """Where each command is declared: a line per module of ``bot/service/verbs/`` with the
    words of its commands (the map in docs/game-service.md, checked like the table)."""
    rows = ["| module | commands |", "| --- | --- |"]
    by_module: dict[str, list[str]] = {}
    for entry, module in sorted(DECLARED, key=lambda pair: pair[1]):
        named = [f"`{w}`" for w in entry.words] or [say(entry.usage)]
        by_module.setdefault(module, []).extend(named)
    for module, named in by_module.items():
        path = module.replace(".", "/") + ".py"
        rows.append(f"| `{path}` | {', '.join(named)} |")
    return "\n".join(rows)
