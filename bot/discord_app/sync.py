"""Publishing the slash commands only when they changed since they were last published.

Discord rate-limits command publishing and takes time to roll global changes out, so its own
guidance is not to publish on every start. The published tree's hash is kept per application and
scope (global, or one server) in the game database, in a table of its own; ``busbot sync``
publishes regardless. A failed publish is logged in one line and the bot carries on: text and
``!bus`` commands do not need slash commands.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import time

import aiohttp
import discord
from discord import app_commands

from bot.service.store import connect as store_connect
from bot.service.store import schema

log = logging.getLogger(__name__)

TABLE = "published_commands"


def scope_of(guild_id: int | None) -> str:
    return "global" if guild_id is None else f"guild {guild_id}"


async def tree_hash(tree: app_commands.CommandTree[discord.Client],
                    guild_id: int | None) -> str:
    """A fingerprint of exactly what ``tree.sync`` would send for that scope: with the tree's
    translator, its names and descriptions in every language (a new translation publishes
    again)."""
    guild = None if guild_id is None else discord.Object(guild_id)
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    payload = ([await command.get_translated_payload(tree, translator) for command in commands]
               if translator is not None else [command.to_dict(tree) for command in commands])
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class PublishedCommands:
    """The hashes last published, in the game database (one small table, opened briefly)."""

    def __init__(self, db_path: str) -> None:
        self.db_path = db_path

    def _connect(self) -> sqlite3.Connection:
        conn = store_connect(self.db_path, timeout=30.0)
        conn.execute(schema.PUBLISHED_COMMANDS)  # the table, as the schema declares it
        return conn

    def get(self, application: int, scope: str) -> str | None:
        conn = self._connect()
        try:
            row = conn.execute(
                f"SELECT hash FROM {TABLE} WHERE application = ? AND scope = ?",
                (application, scope),
            ).fetchone()
        finally:
            conn.close()
        return None if row is None else str(row[0])

    def put(self, application: int, scope: str, digest: str) -> None:
        conn = self._connect()
        try:
            with conn:
                conn.execute(
                    f"INSERT OR REPLACE INTO {TABLE} (application, scope, hash, at) "
                    "VALUES (?, ?, ?, ?)",
                    (application, scope, digest, time.time()),
                )
        finally:
            conn.close()


async def publish(
    tree: app_commands.CommandTree[discord.Client],
    application: int,
    published: PublishedCommands,
    *,
    guild_id: int | None,
    force: bool = False,
) -> bool | None:
    """Publish the tree for one scope when it changed (or ``force``).

    Returns True when published, False when it was already up to date, None when publishing
    failed (logged in one line).
    """
    scope = scope_of(guild_id)
    digest = await tree_hash(tree, guild_id)
    if not force and published.get(application, scope) == digest:
        log.info("slash commands (%s) unchanged since last published", scope)
        return False
    guild = None if guild_id is None else discord.Object(guild_id)
    try:
        synced = await tree.sync(guild=guild)
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError, KeyError, TypeError,
            ValueError) as error:  # refused, unreachable, or an answer not like Discord's
        log.error("publishing the slash commands (%s) failed, carrying on without: %s",
                  scope, _one_line(error))
        return None
    published.put(application, scope, digest)
    log.info("published %d slash command group(s) (%s)", len(synced), scope)
    return True


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__
