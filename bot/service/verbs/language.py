"""``language``: who reads which language (``store/languages.py`` says how each reader's
language is found).

- ``my language de`` (anyone): what you alone read (private replies, ``hint``, refusals,
  direct messages) is written in German, at every table; ``my language default`` forgets it
  (then your app's language on Discord, else each game's);
- ``language de`` (the game's moderators): this game's posts, pictures and page are written in
  German from now on, and its moves and commands read in German and English; where no game is
  open, it is the server's default (its moderators);
- ``language server de`` (the server's moderators): the default of the games made on the
  server from now on; ``default`` forgets it;
- ``language``: what is chosen, and the languages busbot has.

A language is named by its code or its name in any language busbot has (``de``, ``Deutsch``,
``German``). A command declared in one file: see ``bot/service/verbs/__init__.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.api import Command
from bot.service.command.context import Context, Outcome, refuse
from bot.service.command.forms import Entry, NoSlash, OpenRoute, Section, Who
from bot.service.command.words import Words
from bot.service.game import payloads
from bot.service.game.live_game import LiveGame
from bot.service.store import languages
from bot.service.words.catalogue import (
    LANGUAGES,
    LanguageName,
    Said,
    language_named,
    lines,
)
from bot.service.words.replies import moderator_refusal
from engine.text import Listing, Msg

#: The words that forget a choice, so the next one up applies.
DEFAULTS = ("default", "standard", "none", "off")
#: Whose choice a request is.
MINE, GAME, SERVER = "mine", "game", "server"

USAGE = Msg("language.usage", "`language` (what is chosen), `my language de` (yours), `language "
            "de` (moderators: this game's), `language server de` (the server's default); "
            "`default` instead of a language forgets the choice")
HELP = Msg("language.help", "`my language de|en|default` (the language of what you alone read)")
HELP_MODERATORS = Msg("language.help_moderators", "`language de|en` (this game's language: its "
                      "posts, pictures and page), `language server de|en|default` (the server's "
                      "default for new games)")
NOT_A_LANGUAGE = Msg("language.not_a_language", "busbot does not speak {typed}; it speaks "
                     "{known}.")
NOW_SHOWN = Msg("language.now", "You read {mine}; this game is written in {game}; this server's "
                "default: {server}. Busbot speaks {known}.")
NOW_SHOWN_NO_GAME = Msg("language.now_no_game", "You read {mine}; no game is open here; this "
                        "server's default: {server}. Busbot speaks {known}.")
YOURS_CHOSEN = Msg("language.yours_chosen", "your own choice")
YOURS_LIKE_THE_GAME = Msg("language.yours_like_the_game", "each game's language")
YOURS_LIKE_YOUR_APP = Msg("language.yours_like_your_app", "your app's language")
MINE_IS = Msg("language.mine_is", "{language} ({why})")
NO_SERVER_DEFAULT = Msg("language.no_server_default", "none ({language} for new games)")
CHOOSE = Msg("language.choose", "`my language de` chooses yours (`my language default` forgets "
             "it); a moderator's `language de` chooses this game's, `language server de` the "
             "server's default for new games.")
MINE_CHOSEN = Msg("language.mine_chosen", "{name}, what you alone read (private answers, `hint`, "
                  "refusals) is written in {language} from now on, at every table.")
MINE_FORGOTTEN = Msg("language.mine_forgotten", "{name}, you have no language of your own now: "
                     "you read each game's language (on Discord, your app's where you choose "
                     "nothing).")
GAME_CHOSEN = Msg("language.game_chosen", "This game is written in {language} from now on: its "
                  "posts, pictures and page. Moves and commands are read in {reading}.")
GAME_FOLLOWS = Msg("language.game_follows", "This game follows the server's default now: "
                   "{language}.")
SERVER_CHOSEN = Msg("language.server_chosen", "New games on this server are written in "
                    "{language} unless they choose another (`new game language=en`); games "
                    "already made keep theirs.")
SERVER_FORGOTTEN = Msg("language.server_forgotten", "This server has no default language now: "
                       "new games are written in {language} unless they choose another.")
NO_SERVER_HERE = Msg("language.no_server_here", "There is no server here: `language de` "
                     "chooses this game's language (once one is open), `my language de` "
                     "yours.")
CHOOSE_THE_GAMES = Msg("language.doing.game", "choose this game's language")
CHOOSE_THE_SERVERS = Msg("language.doing.server", "choose the server's default language")



@dataclass(frozen=True, slots=True)
class Language(Command):
    """``language [server] [LANG|default]``: ``language`` None shows what is chosen; ""
    forgets the choice of ``whose`` (the game's, or the server's)."""

    whose: str = GAME
    language: str | None = None
    #: the word the language was named by, quoted back when busbot does not speak it
    typed: str = ""


@dataclass(frozen=True, slots=True)
class MyLanguage(Command):
    """``my language [LANG|default]``: the member's own (None: show what is chosen)."""

    language: str | None = None
    typed: str = ""


def read(w: Words) -> Language | None:
    at, whose = 1, GAME
    if w.word(1) == "server":
        at, whose = 2, SERVER
    named = _named(w, at)
    if named is None:
        return Language(whose) if whose == GAME and w.count_to(at + 1) == at else None
    return Language(whose, *named)


def read_mine(w: Words) -> MyLanguage | None:
    if w.word(1) != "language":
        return None
    named = _named(w, 2)
    if named is None:
        return MyLanguage() if w.count_to(3) == 2 else None
    return MyLanguage(*named)


def _named(w: Words, at: int) -> tuple[str, str] | None:
    """The language word ``at`` names, alone at the end: its code ("" for default, "?" for
    no language busbot speaks) and the word as typed; None when there is none."""
    named = w.word(at)
    if named is None or w.count_to(at + 2) != at + 1:
        return None
    if named in DEFAULTS:
        return "", named
    return language_named(named) or "?", named


def mine(ctx: Context[LiveGame | None], cmd: MyLanguage) -> Outcome:
    return language(ctx, Language(MINE, cmd.language, cmd.typed))


def language(ctx: Context[LiveGame | None], cmd: Language) -> Outcome:
    if cmd.language is None:
        return Outcome(_now(ctx))
    if cmd.language == "?":
        return refuse(NOT_A_LANGUAGE(typed=cmd.typed[:20], known=_known()))
    chosen = cmd.language or None
    if cmd.whose == MINE:
        actor = ctx.actor
        languages.choose(ctx.store, languages.MEMBER, actor.user_id, chosen)
        # answered in the language they read from now on
        now = languages.for_member(ctx.store, actor.user_id, ctx.live.record if ctx.live
                                   else None, actor.server, ctx.default_language, actor.locale)
        if chosen is None:
            return Outcome(MINE_FORGOTTEN(name=actor.name), language=now)
        return Outcome(MINE_CHOSEN(name=actor.name, language=LanguageName(chosen)),
                       language=now)
    live = ctx.live
    if cmd.whose == GAME and live is not None and live.is_open:
        return _for_the_game(ctx.with_game(live), chosen)
    return _for_the_server(ctx, chosen)


def _for_the_game(ctx: Context[LiveGame], chosen: str | None) -> Outcome:
    if not ctx.moderator:
        return refuse(moderator_refusal(CHOOSE_THE_GAMES()))
    draft = ctx.draft()
    draft.add(payloads.SettingChanged("language", chosen))
    now = languages.for_game(ctx.store, draft.live.record, ctx.actor.server,
                             ctx.default_language)
    if chosen is None:
        return Outcome(GAME_FOLLOWS(language=LanguageName(now)), draft=draft)
    return Outcome(GAME_CHOSEN(language=LanguageName(now), reading=Listing(tuple(
        LanguageName(code) for code in languages.reading(now)))), draft=draft)


def _for_the_server(ctx: Context[LiveGame | None], chosen: str | None) -> Outcome:
    server = ctx.actor.server
    if server is None:
        return refuse(NO_SERVER_HERE())
    if not ctx.server_moderator:
        return refuse(moderator_refusal(CHOOSE_THE_SERVERS()))
    languages.choose(ctx.store, languages.SERVER, server, chosen)
    # answered as the asker reads from now on (the server's new default, unless their own)
    live, actor = ctx.live, ctx.actor
    now = languages.for_member(ctx.store, actor.user_id, live.record if live else None,
                               server, ctx.default_language, actor.locale)
    if chosen is None:
        return Outcome(SERVER_FORGOTTEN(language=LanguageName(
            languages.for_game(ctx.store, None, server, ctx.default_language))), language=now)
    return Outcome(SERVER_CHOSEN(language=LanguageName(chosen)), language=now)


def _now(ctx: Context[LiveGame | None]) -> Said:
    """Which language applies to whom here, and how to change it."""
    store, actor, live, default = ctx.store, ctx.actor, ctx.live, ctx.default_language
    record = live.record if live is not None and live.is_open else None
    own = languages.chosen(store, languages.MEMBER, actor.user_id)
    games = languages.for_game(store, record, actor.server, default)
    mine = languages.for_member(store, actor.user_id, record, actor.server, default,
                                actor.locale)
    why = (YOURS_CHOSEN() if own else YOURS_LIKE_YOUR_APP() if mine != games
           else YOURS_LIKE_THE_GAME())
    server = languages.chosen(store, languages.SERVER, actor.server)
    shown_server = (LanguageName(server) if server else NO_SERVER_DEFAULT(
        language=LanguageName(languages.for_game(store, None, actor.server, default))))
    mine_is = MINE_IS(language=LanguageName(mine), why=why)
    if record is None:
        said = NOW_SHOWN_NO_GAME(mine=mine_is, server=shown_server, known=_known())
    else:
        said = NOW_SHOWN(mine=mine_is, game=LanguageName(games), server=shown_server,
                         known=_known())
    return lines(said, CHOOSE())


def _known() -> Listing:
    return Listing(tuple(LanguageName(code) for code in LANGUAGES))


ENTRIES = (
    Entry("language", ("language",), USAGE(), read, {Language: OpenRoute(language)},
          strict=True, help=((Section.MODERATORS, HELP_MODERATORS()),),
          docs=((Who.MODERATORS, "`language de\\|en` (the game's), `language server "
                                 "de\\|en\\|default` (the server's default)"),),
          slash=NoSlash("chosen once in a while, and Discord allows 25 subcommands; reached "
                        "with `/bus do`")),
    Entry("my", ("my",), USAGE(), read_mine, {MyLanguage: OpenRoute(mine)},
          help=((Section.LOOK, HELP()),),
          docs=((Who.ANYONE, "`language`, `my language de\\|en\\|default`"),),
          slash=NoSlash("chosen once in a while; reached with `/bus do my language de`"),
          head="my language"),
)
