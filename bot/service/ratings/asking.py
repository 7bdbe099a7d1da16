"""What the ratings' commands share: the server a command is about, the member it names, and
who may change a server's ratings settings."""

from __future__ import annotations

import re

import sqlite_utils

from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.game.records import discord_user
from bot.service.ratings import tables, views
from bot.service.ratings.facts import member_key
from bot.service.words.catalogue import say
from engine.text import Msg

#: ``<@123>`` (a mention) or ``<@123> (Name)`` (a member the Discord adapter found).
_MENTION = re.compile(r"<@!?(\d{1,20})>(?:\s*\(([^()\n]{1,100})\))?")
#: the longest name looked for (a seat name is at most 32 characters; a mention fewer than 30)
MOST_NAME = 100

TOO_LONG = Msg("ratings.asking.too_long", "That is too long to be a member's name; mention them "
               "or give their name.")
SOMEONE = Msg("ratings.asking.someone", "that member")
NOT_HERE = Msg("ratings.asking.not_here", "The ratings are kept per server: ask in one of its "
               "channels.")
NOT_MODERATOR = Msg("ratings.asking.not_moderator", "Only the server's moderators (its managers, "
                    "members with the moderator role) can {doing}.")


def member_argument(w: Words, i: int) -> str | None:
    """The member named from word ``i`` on, as the commands read it: nothing (the author), one
    word (a name), a mention, or ``@`` and a name of several words; None for anything else,
    so that table talk such as "stats are wild today" is not taken for a command."""
    rest = w.rest(i).strip()
    if not rest or rest.startswith(("@", "<@")) or w.word(i + 1) is None:
        return rest[:MOST_NAME + 1]
    return None


def server(ctx: Context[LiveGame | None]) -> str:
    """The server the ratings of a command are about (a place without one counts as its own,
    as the console's does)."""
    return ctx.actor.server or ctx.place


def in_a_server(ctx: Context[LiveGame | None]) -> Outcome | None:
    """Refused in a direct message on Discord, where no server's ratings are at hand."""
    if ctx.actor.server is None and discord_user(ctx.actor.user_id):
        return refuse(NOT_HERE())
    return None


def may_set(ctx: Context[LiveGame | None], doing: str) -> Outcome | None:
    """Why the author may not change the server's ratings settings (None: they may): the
    server's moderators may; at the console, whoever sits at it."""
    refused = in_a_server(ctx)
    if refused is not None:
        return refused
    if ctx.server_moderator or ctx.actor.server is None:
        return None
    return refuse(NOT_MODERATOR(doing=doing))


def member_named(ctx: Context[LiveGame | None], text: str) -> tuple[str, str] | Outcome:
    """The member a command names (the author without a name) and what to call them: a mention
    gives the user id; a name is the member who last played under it here (at the console, a
    name is the user itself)."""
    refused = in_a_server(ctx)
    if refused is not None:
        return refused
    text = text.strip()
    if len(text) > MOST_NAME:
        return refuse(TOO_LONG())
    where = server(ctx)
    with ctx.store.lock:
        db = ctx.store.db
        if not text:
            key = member_key(ctx.actor.user_id)
            found = views.line(db, where, tables.ALL_TIME, key)
            return key, found.name if found is not None else ctx.actor.name
        mention = _MENTION.fullmatch(text)
        if mention is not None:
            key = mention.group(1)
            found = views.line(db, where, tables.ALL_TIME, key)
            if found is not None:
                return key, found.name.strip()
            return key, (mention.group(2) or say(SOMEONE())).strip()
        name = text.removeprefix("@").strip()
        key = views.find_member(db, where, name) or member_key(name)
        found = views.line(db, where, tables.ALL_TIME, key)
        return key, found.name if found is not None else name


def line_and_place(db: sqlite_utils.Database, where: str, scope: int, member: str
                   ) -> tuple[views.Line | None, tuple[int, int]]:
    """A member's line in a scope, with their place on its board (and the board's size)."""
    found = views.line(db, where, scope, member)
    return found, (views.place_of(db, where, scope, found) if found is not None else (0, 0))
