"""The command registry: every command of the service, found in its own module and derived.

Each module of ``bot/service/verbs/`` declares its command (or its family of commands) whole:
``ENTRY`` (or ``ENTRIES``), the ``Entry`` of ``bot/service/command/forms.py``. The registry only
finds them and derives what the rest of the bot reads: the words a message is read by
(``BY_WORD``) and a near miss is compared with (``WORDS``), the other languages' names of the
commands (``PHRASES``, from each word list's ``[commands]``), what each request runs
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
from bot.service.command.words import Words
from bot.service.words.catalogue import Said, lines, say
from engine import words as word_lists
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
#: each entry by its name
NAMED: dict[str, Entry] = {e.name: e for e in ENTRIES}


class CommandWordsError(ValueError):
    """A language's word list names a command the registry does not have, or gives one
    phrase to two commands: one clear error at start-up, naming the file and the key."""


def english_head(key: str) -> str:
    """The English words a command name of another language stands for: ``key`` is an
    entry's name (its ``head``, else its first word) or one of an entry's words (itself:
    ``back`` of ``away``)."""
    entry = NAMED.get(key)
    if entry is not None and entry.words:
        return entry.head or entry.words[0]
    if key in BY_WORD:
        return key
    raise CommandWordsError(f"commands.{key}: names no command of the registry")


def _phrases(code: str) -> dict[tuple[str, ...], str]:
    """A language's names of the commands, as the words a message starts with (folded as the
    language reads them: ``rueckgaengig`` is ``rückgängig``) -> the English words each
    stands for."""
    found = word_lists.load(code)
    out: dict[tuple[str, ...], str] = {}
    for key, names in found.commands.items():
        english = english_head(key)
        for name in names:
            words = tuple(found.folded(name).split())
            if not words or out.setdefault(words, english) != english:
                raise CommandWordsError(f"{code}.toml: commands.{key}: {name!r} is also "
                                        f"{out.get(words)!r}")
    return out


#: each language's names of the commands but English's (whose are the entries' ``words``):
#: the folded words of each name -> the English words it stands for
PHRASES: dict[str, dict[tuple[str, ...], str]] = {
    code: _phrases(code) for code in word_lists.LANGUAGES if code != word_lists.ENGLISH}
#: how many words the longest name of each language has (how far a message is looked into)
_LONGEST: dict[str, int] = {code: max((len(k) for k in phrases), default=0)
                            for code, phrases in PHRASES.items()}


def in_english(words: Words, languages: tuple[str, ...]) -> Words | None:
    """The message with its first words, when they name a command in one of ``languages``
    (``neues Spiel splotter-2nd``), replaced by the English words they stand for (``new game
    splotter-2nd``), the rest as written, and the language that named it; None when they name
    none. Looks at no more words than the longest name has."""
    for code in languages:
        phrases = PHRASES.get(code)
        if not phrases:
            continue
        fold = word_lists.load(code)
        said = [fold.folded(word) for word in
                (words.word(i) for i in range(_LONGEST[code])) if word is not None]
        for k in range(len(said), 0, -1):
            english = phrases.get(tuple(said[:k]))
            if english is not None:
                return Words(f"{english} {words.rest(k)}".rstrip(), words.languages, code)
    return None


#: each language's first words of its names of the commands, folded
_FIRST: dict[str, frozenset[str]] = {code: frozenset(words[0] for words in phrases)
                                     for code, phrases in PHRASES.items()}


def may_start(word: str, languages: tuple[str, ...]) -> bool:
    """Whether ``word`` (lower case) is the first word of a command's name in one of
    ``languages`` (folded as each reads it)."""
    return any(word_lists.load(code).folded(word) in _FIRST[code]
               for code in languages if code in _FIRST)


def words_in(languages: tuple[str, ...]) -> tuple[str, ...]:
    """The command words a near miss is compared with at a table reading ``languages``:
    English's, and each other language's names (their first words, folded)."""
    extra = {phrase[0] for code in languages for phrase in PHRASES.get(code, {})}
    return tuple(sorted(set(WORDS) | extra))


#: the name of the command each request type is
NAME_OF: dict[type[Command], str] = {kind: e.name for e in ENTRIES for kind in e.routes}
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
#: the paragraph of ``help`` naming the commands in the reader's language (its word list's
#: ``[commands]``), where it has its own
IN_YOUR_LANGUAGE = Msg("help.in_your_language", "**In your language** (the English words work "
                       "too; what follows a command is written as in English): {pieces}.")
COMMAND_WORDS = Msg("help.command_words", "{words} (`{english}`)")


def cost_of(cmd: Command) -> Cost | None:
    """What ``cmd`` costs before any work (None: nothing), as its route declares."""
    route = ROUTES.get(type(cmd))
    cost = route.cost if route is not None else None
    return cost(cmd) if callable(cost) else cost


def on_discord(cmd: Command) -> OnDiscord:
    """What the Discord adapter settles before the service sees ``cmd``."""
    route = ROUTES.get(type(cmd))
    return route.discord if route is not None else OnDiscord()


def help_text(moderator: bool, language: str = word_lists.ENGLISH) -> Said:
    """``help``: a paragraph per ``Section``, each the pieces of the entries in it; for a
    reader of a language with its own command words, a paragraph naming them."""
    paragraphs: list[Said] = []
    for section in Section:
        pieces = tuple(piece for e in ENTRIES for s, piece in e.help if s is section)
        paragraphs.append(SECTION_LEADS[section](pieces=Listing(pieces, "; ")))
    own = _named_in(language)
    return lines(*paragraphs, IN_YOUR_LANGUAGE(pieces=own) if own.items else None,
                 YOU_MODERATE() if moderator else None)


def _named_in(language: str) -> Listing:
    """Each command's names in ``language`` (as its word list writes them), with the English
    words each stands for."""
    if language not in PHRASES:
        return Listing(())
    found = word_lists.load(language)
    return Listing(tuple(
        COMMAND_WORDS(words=Listing(tuple(f"`{name}`" for name in names), ", "),
                      english=english_head(key))
        for key, names in found.commands.items()), "; ")


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
