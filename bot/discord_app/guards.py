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
from bot.service.router.reading import parse_command

#: The permissions a game's place needs: see it, post, attach the picture, quote a message.
NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
IN_THREADS = ("send_messages_in_threads", "Send Messages in Threads")

_MENTION = re.compile(r"<@!?(\d{15,22})>")


def opens_a_game(text: str) -> bool:
    """``new game`` or ``start`` (not the move ``start line ...``): a command that needs the
    bot to post where it is played, read by the service's own command reader: no pattern here
    may backtrack over a hostile message."""
    cmd = parse_command(text)
    return cmd is not None and registry.on_discord(cmd).posts


def missing_permissions(permissions: discord.Permissions, *, in_thread: bool) -> list[str]:
    """The names (as Discord's settings show them) of the permissions the bot lacks there."""
    needed = [*NEEDED, IN_THREADS] if in_thread else list(NEEDED)
    return [label for name, label in needed if not getattr(permissions, name)]


def permission_refusal(permissions: discord.Permissions, *, in_thread: bool) -> str | None:
    missing = missing_permissions(permissions, in_thread=in_thread)
    if not missing:
        return None
    where = "thread" if in_thread else "channel"
    return (f"I cannot run a game here: I lack the {', '.join(missing)} permission"
            f"{'s' if len(missing) > 1 else ''} in this {where}. Ask a server manager to grant "
            "it, then try again.")


class Refused(Exception):
    """The command goes no further; the message is the answer, for the author only."""


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
    cmd = parse_command(message) if isinstance(message, str) else message
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
            raise UnknownMember(f"{typed.strip()} is not a member of this server.") from None
    name = typed.strip().removeprefix("@").strip()
    if not name:
        raise UnknownMember("Name the new player: `replace NAME with @user`.")
    found = await guild.query_members(query=name[:100], limit=100)
    exact = {m.id: m for m in found
             if name in (m.name, m.display_name, m.global_name, m.nick)}
    if len(exact) == 1:
        return next(iter(exact.values()))
    if not exact:
        raise UnknownMember(f"Nobody on this server is called exactly {name!r}; mention the "
                            "new player (`@` and pick them from the list).")
    raise UnknownMember(f"Several members are called {name!r}; mention the one you mean.")
