"""What the Discord layer settles before a command reaches the service.

Two things only Discord knows, each declared as data by the command that needs it (its route's
``OnDiscord``, read here from the registry): whether the bot may post in the place a game is
opened or started in (``posts``: a game nobody can see the answers of is worse than none), and
who a member named in the command is (``member``: ``@user`` in ``replace NAME with @user``). A
plain-text ``@carol`` or ``carol`` is accepted only when it is exactly the name of one member of
the server; a real mention only when it is a member. The service then gets the mention with the
member's display name, so the seat never shows a raw ``<@id>``.
"""

from __future__ import annotations

import dataclasses
import re

import discord

from bot.api import Command
from bot.service.router import registry
from bot.service.router.chat import EVERY_LANGUAGE
from bot.service.router.reading import command_in
from bot.service.words.catalogue import Said
from engine.text import Listing, Msg, Plural, Text

#: The permissions a game's place needs (see it, post, attach the picture, quote a message),
#: each with its name as Discord's settings show it in the reader's language.
NEEDED = (
    ("view_channel", Msg("discord.permission.view_channel", "View Channel")),
    ("send_messages", Msg("discord.permission.send_messages", "Send Messages")),
    ("attach_files", Msg("discord.permission.attach_files", "Attach Files")),
    ("read_message_history", Msg("discord.permission.read_message_history",
                                 "Read Message History")),
)
IN_THREADS = ("send_messages_in_threads", Msg("discord.permission.send_messages_in_threads",
                                              "Send Messages in Threads"))
LACKING_IN_CHANNEL = Plural(
    "discord.guards.lacking_in_channel",
    "I cannot run a game here: I lack the {missing} permission in this channel. Ask a server "
    "manager to grant it, then try again.",
    "I cannot run a game here: I lack the {missing} permissions in this channel. Ask a server "
    "manager to grant them, then try again.")
LACKING_IN_THREAD = Plural(
    "discord.guards.lacking_in_thread",
    "I cannot run a game here: I lack the {missing} permission in this thread. Ask a server "
    "manager to grant it, then try again.",
    "I cannot run a game here: I lack the {missing} permissions in this thread. Ask a server "
    "manager to grant them, then try again.")
NOT_A_MEMBER = Msg("discord.guards.not_a_member", "{typed} is not a member of this server.")
NAME_THE_PLAYER = Msg("discord.guards.name_the_player",
                      "Name the new player: `replace NAME with @user`.")
NOBODY_CALLED = Msg("discord.guards.nobody_called", "Nobody on this server is called exactly "
                    "{name}; mention the new player (`@` and pick them from the list).")
SEVERAL_CALLED = Msg("discord.guards.several_called", "Several members are called {name}; "
                     "mention the one you mean.")

_MENTION = re.compile(r"<@!?(\d{15,22})>")


def opens_a_game(text: str) -> bool:
    """``new game`` or ``start`` (not the move ``start line ...``): a command that needs the
    bot to post where it is played, read by the service's own command reader: no pattern here
    may backtrack over a hostile message."""
    cmd = command_in(text, EVERY_LANGUAGE)  # in any language: the place is not looked up
    return cmd is not None and registry.on_discord(cmd).posts


def missing_permissions(permissions: discord.Permissions, *, in_thread: bool) -> list[Text]:
    """The names (as Discord's settings show them) of the permissions the bot lacks there."""
    needed = [*NEEDED, IN_THREADS] if in_thread else list(NEEDED)
    return [label() for name, label in needed if not getattr(permissions, name)]


def permission_refusal(permissions: discord.Permissions, *, in_thread: bool) -> Text | None:
    missing = missing_permissions(permissions, in_thread=in_thread)
    if not missing:
        return None
    said = LACKING_IN_THREAD if in_thread else LACKING_IN_CHANNEL
    return said(missing=Listing(tuple(missing), ", "), n=len(missing))


class Refused(Exception):
    """The command goes no further; ``said`` is the answer, for the author only (written in
    their language by the dispatcher)."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said


class UnknownMember(Refused):
    """The new player could not be found."""


async def checked(
    guild: discord.Guild | None,
    message: str | Command,
    permissions: discord.Permissions,
    *,
    in_thread: bool,
) -> str | Command:
    """The message to hand to the service (text as written, or a slash command's typed
    command), once what only Discord knows is settled.

    ``permissions`` are the bot's in the place. Raises ``Refused``: a game opened or started
    where the bot cannot post, or a written ``replace`` naming nobody on the server (a slash
    command's ``replace`` names its member already). A written ``replace`` comes back typed,
    with the member as ``<@id> (Display Name)``; any other message as it was.
    """
    cmd = command_in(message, EVERY_LANGUAGE) if isinstance(message, str) else message
    if cmd is None:
        return message
    settle = registry.on_discord(cmd)
    if settle.posts:
        refusal = permission_refusal(permissions, in_thread=in_thread)
        if refusal is not None:
            raise Refused(refusal)
    if (isinstance(message, str) and settle.member is not None and guild is not None
            and dataclasses.is_dataclass(cmd) and not isinstance(cmd, type)):
        member = await find_member(guild, str(getattr(cmd, settle.member)))
        named: Command = dataclasses.replace(cmd, **{settle.member: member_text(member)})
        return named
    return message


def member_text(member: discord.Member | discord.User) -> str:
    name = " ".join(member.display_name.replace("(", " ").replace(")", " ").split())
    return f"<@{member.id}> ({name or member.id})"


async def find_member(guild: discord.Guild, typed: str) -> discord.Member:
    mention = _MENTION.fullmatch(typed.strip())
    if mention is not None:
        user_id = int(mention[1])
        member = guild.get_member(user_id)
        if member is not None:
            return member
        try:
            return await guild.fetch_member(user_id)
        except discord.NotFound:
            raise UnknownMember(NOT_A_MEMBER(typed=typed.strip())) from None
    name = typed.strip().removeprefix("@").strip()
    if not name:
        raise UnknownMember(NAME_THE_PLAYER())
    found = await guild.query_members(query=name[:100], limit=100)
    exact = {m.id: m for m in found
             if name in (m.name, m.display_name, m.global_name, m.nick)}
    if len(exact) == 1:
        return next(iter(exact.values()))
    if not exact:
        raise UnknownMember(NOBODY_CALLED(name=repr(name)))
    raise UnknownMember(SEVERAL_CALLED(name=repr(name)))
