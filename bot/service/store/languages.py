"""Which language each reader reads: a game's, a member's own, a server's default.

- A game's public posts (its updates, its announcements, the reminders in its place) are
  written in the **game's** language: its ``language`` setting (a record of its log,
  ``GameRecord.language``: ``new game language=de``, a moderator's ``language de``, or the
  server's default when the game was made), else its server's default, else the configured
  default (``language`` in config.toml), else English.
- What one member alone reads or asked for (a refusal, a lookup such as ``status`` or ``help``,
  a preview, a direct message) is written in **that member's** language where they chose one
  (``my language de``), else in the language their app says they read (Discord's locale of a
  slash command or a press, ``Actor.locale``), else as the game's public posts are.
- A server's default (``scope = server``: ``language server de``) applies to the games made
  there after it was chosen, and to what is said where no game is.
- Moves and commands are read in the table's language and English (``reading``), whoever
  writes them.

The members' and servers' choices are a side table of the schema (``languages``,
``schema.py``), one row per choice; ``forget me`` deletes a member's. The commands that choose
are ``bot/service/verbs/language.py``.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils

from bot.service.game.records import GameRecord
from bot.service.store.store import Store
from bot.service.words.catalogue import DEFAULT_LANGUAGE, known_language
from engine import words as word_lists
from engine.notation import ENGLISH_ONLY, Languages
from engine.words import reading_languages

#: Whose choice a row is: one member's (by user id, everywhere), or one server's default.
MEMBER = "member"
SERVER = "server"


def chosen(store: Store, scope: str, owner: str | None) -> str | None:
    """The language ``owner`` (a user id, a server) chose, if busbot has it; else None."""
    if owner is None:
        return None
    with store.lock:
        try:
            row = store.db.execute("SELECT language FROM languages WHERE scope = ? AND "
                                   "owner = ?", [scope, owner]).fetchone()
        except sqlite3.OperationalError:  # no table (a reader of an older file): no choices
            return None
    return known_language(row[0]) if row else None


def choose(store: Store, scope: str, owner: str, language: str | None) -> None:
    """Keep ``owner``'s language (None: forget it, so the next one up applies)."""
    with store.transaction() as db:
        if language is None:
            db.execute("DELETE FROM languages WHERE scope = ? AND owner = ?", [scope, owner])
        else:
            db.execute("INSERT OR REPLACE INTO languages (scope, owner, language) "
                       "VALUES (?, ?, ?)", [scope, owner, language])


def for_game(store: Store, record: GameRecord | None, server: str | None,
             default: str = DEFAULT_LANGUAGE) -> str:
    """The language of the posts everyone in the game's place reads (``default``: the
    configured one, where neither the game nor its server chose)."""
    if record is not None and (lang := known_language(record.language)) is not None:
        return lang
    return chosen(store, SERVER, server) or known_language(default) or DEFAULT_LANGUAGE


def for_new_game(store: Store, server: str | None, default: str = DEFAULT_LANGUAGE
                 ) -> str | None:
    """The language a new game records when it names none: its server's default, else the
    configured one; None where nobody chose (English, and no record of it)."""
    configured = known_language(default)
    return chosen(store, SERVER, server) or (
        configured if configured not in (None, DEFAULT_LANGUAGE) else None)


def reading(language: str) -> Languages:
    """The languages a table in ``language`` reads moves and commands in: its own, then
    English (English alone for a language with a catalogue but no word list yet)."""
    return (reading_languages(language) if language in word_lists.LANGUAGES
            else ENGLISH_ONLY)


def every(first: str) -> Languages:
    """Every language busbot reads, ``first`` first: what a place with no open game reads
    (``neues Spiel`` starts a German game wherever it is written)."""
    return tuple(dict.fromkeys((*reading(first), *word_lists.LANGUAGES)))


def for_member(store: Store, user_id: str, record: GameRecord | None,
               server: str | None, default: str = DEFAULT_LANGUAGE,
               locale: str | None = None) -> str:
    """The language of what ``user_id`` alone reads or asked for: their own choice, else
    the language their app reads (``locale``, where busbot has it), else the game's."""
    return (chosen(store, MEMBER, user_id) or known_language(locale)
            or for_game(store, record, server, default))


def forget_user(db: sqlite_utils.Database, user_id: str) -> int:
    """Delete ``user_id``'s choice (``forget me``), inside the caller's transaction; how many
    rows went (0 or 1)."""
    try:
        cursor = db.execute("DELETE FROM languages WHERE scope = ? AND owner = ?",
                            [MEMBER, user_id])
    except sqlite3.OperationalError:  # no table: nobody ever chose
        return 0
    return max(0, cursor.rowcount)
