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
from bot.service.words.catalogue import Said, lines
from bot.service.words.replies import moderator_refusal
from engine.text import Listing, Msg

#: The word that forgets a choice.
DEFAULT = "default"
USAGE = Msg("layout.usage", "`layout` (what is chosen), `layout phone`, `layout portrait`, "
            "`layout landscape` or `layout default` (yours), `layout channel phone` and the like "
            "(moderators)")
WHAT = {
    "landscape": Msg("layout.what.landscape", "the city beside the cards, for a computer screen"),
    "portrait": Msg("layout.what.portrait", "the cards under the city, side by side, for a "
                    "tablet"),
    "phone": Msg("layout.what.phone", "the city as wide as the screen and the cards under it, "
                 "enlarged, for a phone"),
}
CHOOSE_CHANNEL = Msg("layout.doing.channel", "choose the channel's picture layout")
CHANNEL_CHOSEN = Msg("layout.channel_chosen", "Pictures posted here are now drawn in the {name} "
                     "layout ({what}).")
CHANNEL_DEFAULT = Msg("layout.channel_default", "Pictures posted here now follow the server's "
                      "layout.")
MINE_CHOSEN = Msg("layout.mine_chosen", "{name}, the pictures you ask for (`map`, `preview`) are "
                  "now drawn in the {layout} layout ({what}); `map landscape` and the like draw "
                  "one picture another way.")
MINE_DEFAULT = Msg("layout.mine_default", "{name}, the pictures you ask for now follow the "
                   "channel's layout.")
NOW = Msg("layout.now", "Your pictures: {mine}; pictures posted here: {here} (the server's choice "
          "is set in its config).")
AS_CHANNEL = Msg("layout.as_channel", "as the channel")
AS_SERVER = Msg("layout.as_server", "as the server")
LAYOUTS = Msg("layout.layouts", "Layouts: {layouts}.")
LAYOUT_IS = Msg("layout.layout_is", "`{name}`: {what}")
CHOOSE = Msg("layout.choose", "Choose with `layout phone` (or another), `layout default` to "
             "follow the channel; moderators: `layout channel phone`.")
HELP = Msg("layout.help", "`layout phone|portrait|landscape` (how your pictures are drawn)")
HELP_CHANNEL = Msg("layout.help_channel", "`layout channel phone|portrait|landscape|default` (how "
                   "pictures posted here are drawn)")

#: the line Discord shows under the command's ``/bus`` form
SLASH = Msg("layout.slash", "How the table's pictures are drawn for you (or this channel)")


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
            return refuse(moderator_refusal(CHOOSE_CHANNEL()))
        layouts.choose(ctx.store, layouts.PLACE, ctx.place, chosen)
        return Outcome(CHANNEL_CHOSEN(name=chosen, what=WHAT[chosen]()) if chosen
                       else CHANNEL_DEFAULT())
    layouts.choose(ctx.store, layouts.USER, ctx.actor.user_id, chosen)
    return Outcome(MINE_CHOSEN(name=ctx.actor.name, layout=chosen, what=WHAT[chosen]())
                   if chosen else MINE_DEFAULT(name=ctx.actor.name))


def _now(ctx: Context[LiveGame | None]) -> Said:
    """Which layout applies to whom here, and how to change it."""
    mine = layouts.chosen(ctx.store, layouts.USER, ctx.actor.user_id)
    here = layouts.for_place(ctx.store, ctx.place)
    return lines(
        NOW(mine=mine or AS_CHANNEL(), here=here or AS_SERVER()),
        LAYOUTS(layouts=Listing(tuple(LAYOUT_IS(name=name, what=what())
                                      for name, what in WHAT.items()), "; ")),
        CHOOSE())


ENTRY = Entry(
    "layout", ("layout",), USAGE(), read, {Layout: OpenRoute(layout)},
    help=((Section.LOOK, HELP()), (Section.MODERATORS, HELP_CHANNEL())),
    docs=((Who.ANYONE, "`layout [phone\\|portrait\\|landscape\\|default]`"),
          (Who.MODERATORS, "`layout channel phone\\|portrait\\|landscape\\|default`")),
    slash=Slash("layout", SLASH(),
                private=True),
    strict=True,
)
