"""Who may run a game: the rule in one place, so every command asks the same question."""

from __future__ import annotations

from bot.api import Actor
from bot.records import GameRecord, same_user


def is_moderator(actor: Actor, game: GameRecord | None, moderator_role: str | None) -> bool:
    """The game's creator, a member with the configured role, or a server manager.

    Without a game (creating or importing one) only the role and manager rights count.
    """
    if actor.is_manager:
        return True
    if moderator_role and moderator_role.casefold() in {r.casefold() for r in actor.roles}:
        return True
    return game is not None and bool(game.creator_id) and same_user(actor.user_id,
                                                                    game.creator_id)


def moderator_refusal(what: str) -> str:
    return (f"Only a moderator can {what}: the game's creator, members with the moderator role, "
            f"or the server's managers. Nothing was changed.")
