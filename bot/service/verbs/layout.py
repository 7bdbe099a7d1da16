"""``layout``: how the table's pictures are arranged for you, or (moderators) for the channel.

``layout phone`` (or ``portrait``, ``landscape``) keeps your choice for every picture you ask
for (``map``, ``preview``), in any channel; ``layout channel phone`` makes it the layout of the
pictures posted here for everyone; ``default`` forgets a choice, so the next one up applies
(yours -> the channel's -> the server's ``picture_layout``). A command declared in one file: see
``bot/service/verbs/__init__.py``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, OpenRoute, Section, Slash, Who
from bot.service.command.words import Words
from bot.service.game.live_game import LiveGame
from bot.service.store import layouts
from bot.service.words.replies import moderator_refusal

#: The word that forgets a choice.
DEFAULT = "default"
USAGE = ("`layout` (what is chosen), " + ", ".join(
    f"`layout {name}`" for name in ("phone", "portrait", "landscape")) + f" or `layout {DEFAULT}`"
         " (yours), `layout channel phone` and the like (moderators)")
WHAT = {
    "landscape": "the city beside the cards, for a computer screen",
    "portrait": "the cards under the city, side by side, for a tablet",
    "phone": "the city as wide as the screen and the cards under it, enlarged, for a phone",
}


@dataclass(frozen=True, slots=True)
class Layout(Command):
    """``layout [channel] [NAME|default]``: show or choose (``layout`` None: show)."""

    layout: str | None = None
    channel: bool = False


def read(w: Words) -> Layout | None:
    at = 1
    channel = w.word(1) == "channel"
    if channel:
        at = 2
    name = w.word(at)
    if name is None:
        return None if channel else Layout()
    if name not in (*layouts.LAYOUT_NAMES, DEFAULT) or w.count_to(at + 2) != at + 1:
        return None
    return Layout(name, channel)


def layout(ctx: Context[LiveGame | None], cmd: Layout) -> Outcome:
    if cmd.layout is None:
        return Outcome(_now(ctx))
    chosen = None if cmd.layout == DEFAULT else cmd.layout
    if cmd.channel:
        if not ctx.moderator:
            return refuse(moderator_refusal("choose the channel's picture layout"))
        layouts.choose(ctx.store, layouts.PLACE, ctx.place, chosen)
        said = (f"Pictures posted here are now drawn in the {chosen} layout ({WHAT[chosen]})."
                if chosen else "Pictures posted here now follow the server's layout.")
        return Outcome(said)
    layouts.choose(ctx.store, layouts.USER, ctx.actor.user_id, chosen)
    said = (f"{ctx.actor.name}, the pictures you ask for (`map`, `preview`) are now drawn in "
            f"the {chosen} layout ({WHAT[chosen]}); `map landscape` and the like draw one "
            f"picture another way." if chosen else
            f"{ctx.actor.name}, the pictures you ask for now follow the channel's layout.")
    return Outcome(said)


def _now(ctx: Context[LiveGame | None]) -> str:
    """Which layout applies to whom here, and how to change it."""
    mine = layouts.chosen(ctx.store, layouts.USER, ctx.actor.user_id)
    here = layouts.for_place(ctx.store, ctx.place)
    return "\n".join((
        f"Your pictures: {mine or 'as the channel'}; pictures posted here: "
        f"{here or 'as the server'} (the server's choice is set in its config).",
        "Layouts: " + "; ".join(f"`{name}`: {what}" for name, what in WHAT.items()) + ".",
        f"Choose with `layout phone` (or another), `layout {DEFAULT}` to follow the channel; "
        f"moderators: `layout channel phone`.",
    ))


ENTRY = Entry(
    "layout", ("layout",), USAGE, read, {Layout: OpenRoute(layout)},
    help=((Section.LOOK, "`layout phone|portrait|landscape` (how your pictures are drawn)"),
          (Section.MODERATORS, "`layout channel phone|portrait|landscape|default` (how "
                               "pictures posted here are drawn)")),
    docs=((Who.ANYONE, "`layout [phone\\|portrait\\|landscape\\|default]`"),
          (Who.MODERATORS, "`layout channel phone\\|portrait\\|landscape\\|default`")),
    slash=Slash("layout", "How the table's pictures are drawn for you (or this channel)",
                private=True),
    strict=True,
)
