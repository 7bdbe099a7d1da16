"""The sentences several commands say: moves played (with the automatic ones), whose turn it
is, how a game ended, where things stand, counts and times, a moderator-only refusal, and the
acts between moves as the log and the page show them. A sentence one command alone says is
written in its module of ``verbs/`` (``status``, ``moves``, ``rules``, ``index``...).

Only text is built here; every function takes the game as it is and has no effect.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.game import deadlines, payloads
from bot.service.game.live_game import LiveGame, Played
from bot.service.game.records import GameStatus, Record
from bot.service.words.catalogue import LanguageName, Moment, Said, joined
from bot.service.words.moments import full
from bot.service.words.names import level_name
from engine import Game, ParseError
from engine.decisions import shortened
from engine.limits import MAX_AUTO_LINES
from engine.notation import MoveText, parse_move
from engine.text import Listing, Msg, Plural, Text

#: engine events that only repeat the move they follow
_ECHO_KINDS = frozenset(("choose", "pass"))
#: how many legal choices ``moves`` lists before summing up the rest
MAX_CHOICES = 40

# ---- counted words (``Plural``: one form for a count of one, the other for the rest) ------------
# (a passenger, a step and a street are counted by the engine's: ``engine.decisions``)
MOVES = Plural("count.moves", "{n} move", "{n} moves")
AUTOMATIC_MOVES = Plural("count.automatic_moves", "{n} automatic move", "{n} automatic moves")
LATER_MOVES = Plural("count.later_moves", "{n} later move", "{n} later moves")
CLOCK_STONES = Plural("count.clock_stones", "{n} clock stone", "{n} clock stones")
GAMES = Plural("count.games", "{n} game", "{n} games")
MORE_GAMES = Plural("count.more_games", "{n} more game", "{n} more games")
OPEN_GAMES = Plural("count.open_games", "{n} open game", "{n} open games")
RATED_GAMES = Plural("count.rated_games", "{n} rated game", "{n} rated games")
WINS = Plural("count.wins", "{n} win", "{n} wins")
TIMES = Plural("count.times", "{n} time", "{n} times")
PLAYERS = Plural("count.players", "{n} player", "{n} players")
POINTS = Plural("count.points", "{n} point", "{n} points")
BUSES = Plural("count.buses", "{n} bus", "{n} buses")
MARKERS = Plural("count.markers", "{n} marker", "{n} markers")
HOURS = Plural("count.hours", "{n} hour", "{n} hours")
MINUTES = Plural("count.minutes", "{n} minute", "{n} minutes")
HANDLED_MESSAGES = Plural("count.handled_messages", "{n} handled message",
                          "{n} handled messages")
OWED_POSTS = Plural("count.owed_posts", "{n} owed post", "{n} owed posts")

#: how a reply marks a move the service made, by its reason
AUTO_TAGS = {
    "dropped": Msg("played.auto.dropped", "(automatic: this player has left)"),
    "single": Msg("played.auto.single", "(automatic: the only legal choice)"),
    "away": Msg("played.auto.away", "(automatic: the player is away)"),
    "plan": Msg("played.auto.plan", "(planned)"),
    "timeout": Msg("played.auto.timeout", "(automatic: time ran out)"),
}
BY_COMPUTER = Msg("played.by_computer", "(computer player, {level})")
BY_MODERATOR = Msg("played.by_moderator", "(by moderator {name})")
PLAYED = Msg("played.move", "{seat}: {move}")
#: what came of a move, under it
EVENT = Msg("played.event", "  · {event}")
PLAYED_TAGGED = Msg("played.move_tagged", "{seat}: {move} {tag}")
ECHO_TAGGED = Msg("played.echo_tagged", "{echo} {tag}")
MORE_AUTOMATIC = Plural(
    "played.more_automatic",
    "… and {n} more automatic move (`log` lists them, `status` shows the table).",
    "… and {n} more automatic moves (`log` lists them, `status` shows the table).")

WAITING_FOR_PLAYERS = Msg("next.lobby", "Waiting for players: {n} seated (3 to 5 play).")
ABANDONED = Msg("next.abandoned", "This game was abandoned.")
NEXT = Msg("next.decision", "Next: {decision}.")
#: what follows a preview's moves ("After that, next: Cleo: ...")
AFTER_NEXT = Msg("next.after_decision", "After that, next: {decision}.")
AFTER_THAT = Msg("next.after_that", "After that: {line}")
PAUSED_BY = Msg("next.paused_by", "The game is paused by {name}.")
NOBODY_SITS = Msg("next.nobody_sits", "Nobody sits in {seat}'s seat yet: a moderator can offer "
                  "it with `replace {seat} with @user`.")
SEAT_OFFERED = Msg("next.seat_offered", "{seat}'s seat is offered to {user}, who takes it with "
                   "`accept`.")

NOBODY_SEATED = Msg("where.nobody_seated", "nobody seated yet")
BEING_SET_UP = Msg("where.being_set_up", "Game {game} here ({edition} edition; {players}) is "
                   "being set up. {next}")
UNDER_WAY = Msg("where.under_way", "Game {game} here ({edition} edition; {players}) is under "
                "way; {moves} played, round {round}. {next}")
STANDS = Msg("where.stands", "Game {game} here ({edition} edition; {players}) is {status}; "
             "{moves} played, round {round}. {next}")
STANDS_NOT_STARTED = Msg("where.stands_no_game", "Game {game} here ({edition} edition; "
                         "{players}) is {status}. {next}")
#: a game's status as ``where_things_stand`` says it
STATUS_WORDS = {
    GameStatus.PAUSED: Msg("status.paused", "paused"),
    GameStatus.OVER: Msg("status.over", "over"),
    GameStatus.ABANDONED: Msg("status.abandoned", "abandoned"),
    GameStatus.LOBBY: Msg("status.lobby", "lobby"),
    GameStatus.ACTIVE: Msg("status.active", "active"),
}

FINAL_SCORE = Msg("over.score", "{name} {score} ({carried} carried, {stones})")
GAME_OVER = Msg("over.final_scores", "The game is over: {winner} wins. Final scores: {scores}.")

ONLY_MODERATOR = Msg("refusal.only_moderator", "Only a moderator can {what}: the game's "
                     "creator, members with the moderator role, or the server's managers.")


def named(text: str) -> str:
    """A move as a record keeps it (its English notation), as a sentence names it: written
    in the reader's notation (``MoveText``), or as it is where it cannot be read."""
    try:
        return MoveText(parse_move(text))
    except ParseError:
        return text


def when(at: float) -> str:
    """A time as a sentence names it: ``2026-12-02 14:00 UTC`` in English, in each other
    language as its locale writes dates and times (``Moment``)."""
    return Moment(at)


def played_lines(played: list[Played]) -> list[Said]:
    """One line per move, with the automatic steps that followed it indented below; past
    ``MAX_AUTO_LINES`` automatic moves the rest are only counted, so a long automatic stretch
    (every seat dropped) is one reply, not hundreds of messages."""
    out: list[Said] = []
    shown_auto = hidden = 0
    # never "and 1 more" or "and 2 more": those are shown
    most = len(shortened([p for p in played if p.auto is not None], MAX_AUTO_LINES)[0])
    for p in played:
        if p.auto is not None:
            if shown_auto >= most:
                hidden += 1
                continue
            shown_auto += 1
        tag: Text | None = AUTO_TAGS[p.auto]() if p.auto in AUTO_TAGS else None
        if p.auto is not None and p.auto.startswith("bot:"):
            tag = BY_COMPUTER(level=level_name(p.auto[4:]))
        elif p.by is not None:
            tag = BY_MODERATOR(name=p.by)
        echo = next((e.said for e in p.events if e.kind in _ECHO_KINDS and e.player == p.seat),
                    None)
        if echo is None:
            out.append(PLAYED(seat=p.seat, move=MoveText(p.move)) if tag is None
                       else PLAYED_TAGGED(seat=p.seat, move=MoveText(p.move), tag=tag))
        else:
            out.append(echo if tag is None else ECHO_TAGGED(echo=echo, tag=tag))
        out.extend(EVENT(event=e.said) for e in p.events if e.kind not in _ECHO_KINDS)
    if hidden:
        out.append(MORE_AUTOMATIC(n=hidden))
    return out


def next_line(live: LiveGame, *, after: bool = False) -> Said:
    """Whom the game waits for, in one line (or how it ended); ``after``: as what follows a
    preview's moves ("After that, next: ...")."""
    status = live.status
    if status == GameStatus.LOBBY:
        return _after(WAITING_FOR_PLAYERS(n=len(live.record.seats)), after)
    if status == GameStatus.ABANDONED:
        return _after(ABANDONED(), after)
    game = live.game
    assert game is not None
    if status == GameStatus.OVER:
        return _after(final_scores(game), after)
    decision = game.to_act()
    assert decision is not None
    paused = PAUSED_BY(name=live.record.paused_by or "") if status == GameStatus.PAUSED else None
    seat = live.record.seat(decision.player)
    extra = None
    if seat is not None and seat.user_id is None:
        extra = NOBODY_SITS(seat=seat.name)
    elif seat is not None and not seat.agreed:
        extra = SEAT_OFFERED(seat=seat.name, user=seat.user_name or "")
    return joined((AFTER_NEXT if after else NEXT)(decision=decision.said), extra, paused)


def _after(line: Text, after: bool) -> Text:
    return AFTER_THAT(line=line) if after else line


def where_things_stand(live: LiveGame, game_id: int) -> Said:
    """Game N, who plays, how far it is, and whom it waits for: the line a returning player
    needs first."""
    record = live.record
    players: Said = ", ".join(s.name for s in record.seats) or NOBODY_SEATED()
    facts: dict[str, str | int | Text | Listing] = dict(
        game=game_id, edition=record.edition, players=players, next=next_line(live))
    if live.game is None:
        if live.status == GameStatus.LOBBY:
            return BEING_SET_UP(**facts)
        return STANDS_NOT_STARTED(status=STATUS_WORDS[live.status](), **facts)
    facts.update(moves=MOVES(n=len(record.moves)), round=live.game.state.round)
    if live.status == GameStatus.ACTIVE:
        return UNDER_WAY(**facts)
    return STANDS(status=STATUS_WORDS[live.status](), **facts)


def final_scores(game: Game) -> Text:
    parts: list[str | int | float | Text | Listing] = []
    for name in game.ranking():
        p = game.player(name)
        parts.append(FINAL_SCORE(name=p.name, score=p.score, carried=p.carried,
                                 stones=CLOCK_STONES(n=p.stones)))
    return GAME_OVER(winner=game.winner or "", scores=Listing(tuple(parts), "; "))


def correction_slots(records: Sequence[Record]) -> dict[int, int]:
    """A correction's seq -> the seq of the first move in its place: where the log lists it
    (an act comes after the moves that were in the log before it)."""
    slot: dict[int, int] = {}
    for rec in records:
        if isinstance(correct := rec.payload, payloads.Corrected):
            slot[rec.seq] = slot.get(correct.target, correct.target)
    return slot


def _players_then(records: list[Record]) -> dict[int, str | None]:
    """For each move record, the user who sat in its seat when it was made."""
    owner: dict[str, str | None] = {}
    then: dict[int, str | None] = {}
    for rec in records:
        seat = (rec.seat or "").casefold()
        match rec.payload:
            case payloads.Joined(named=named, user_id=user_id):
                owner[seat] = user_id if named else rec.user_id
            case payloads.Replaced(user_id=user_id, name=name):
                owner[seat] = user_id
                if name is not None:
                    owner[name.casefold()] = owner.pop(seat)
            case payloads.Moved():
                then[rec.seq] = owner.get(seat)
    return then


STARTED_RANDOM = Msg("act.started_random", "{who} started the game: {order} (seat order drawn "
                     "at random (seed {seed}))")
STARTED_BY_MODERATOR = Msg("act.started_by_moderator", "{who} started the game: {order} (seat "
                           "order given by the moderator)")
STARTED_IMPORTED = Msg("act.started_imported", "{who} started the game: {order} (imported)")
STARTED = Msg("act.started", "{who} started the game: {order} ()")
TOOK_BACK = Msg("act.took_back", "{who} took back {moves}")
REVERSED_CORRECTION = Msg("act.reversed_correction", "{who} reversed the last correction (redo)")
PUT_BACK = Msg("act.put_back", "{who} put back {moves} (redo)")
GAVE_SEAT = Msg("act.gave_seat", "{who} gave {seat}'s seat to {user}")
GAVE_SEAT_RENAMED = Msg("act.gave_seat_renamed", "{who} gave {seat}'s seat to {user} (named "
                        "{name} from then on)")
DROPPED = Msg("act.dropped", "{who} dropped {seat}: the bot plays for them from now on")
IMPORTED = Msg("act.imported", "{who} imported this game ({source})")
NUDGED = Msg("act.nudged", "{who} nudged {seat}")
NUDGED_TABLE = Msg("act.nudged_table", "{who} nudged the table")
#: where an imported game came from, as its record keeps it (English words stored since the
#: first imports) and as it is said
SOURCES = {
    "text log": Msg("act.source.text_log", "text log"),
    "JSON export": Msg("act.source.json_export", "JSON export"),
    "a file": Msg("act.source.file", "a file"),
}
OTHER_ACT = Msg("act.other", "{who}: {kind}")
SET_DEADLINE = Msg("act.set_deadline", "{who} set the deadline to {took}")
OFF = Msg("setting.off", "off")
ON = Msg("setting.on", "on")
SET_SETTING = Msg("act.set_setting", "{who} set {name} to {value}")
SET_LANGUAGE = Msg("act.set_language", "{who} chose {language} for this game")
LANGUAGE_AS_SERVER = Msg("act.language_as_server", "{who} let this game follow the server's "
                         "language")
AWAY_UNTIL = Msg("act.away_until", "{seat} is away until {until}")
IS_BACK = Msg("act.back", "{seat} is back")
MADE_PLAN = Msg("act.made_plan", "{seat} made a plan")
PLAN_STOPPED = Msg("act.plan_stopped", "{seat}'s plan stopped")
PLAN_ENDED = Msg("act.plan_ended", "{seat}'s plan ended")
TIME_RAN_OUT = Msg("act.time_ran_out", "{seat}'s time ran out")
REMINDED_HALFWAY = Msg("act.reminded_halfway", "{seat} was reminded (halfway)")
REMINDED_HOUR_LEFT = Msg("act.reminded_hour_left", "{seat} was reminded (an hour left)")
PING_HELD = Msg("act.ping_held", "{seat}'s ping waits for the end of their quiet hours")
PINGED_AFTER_QUIET = Msg("act.pinged_after_quiet", "{seat} was pinged as their quiet hours ended")


def act_text(rec: Record) -> Text:
    """A record other than a move, as the log shows it."""
    who = rec.user_name
    match rec.payload:
        case payloads.Started(order=order, seed=seed, order_by=order_by):
            listed = ", ".join(order)
            if order_by == "random":
                return STARTED_RANDOM(who=who, order=listed, seed=str(seed))
            if order_by == "moderator":
                return STARTED_BY_MODERATOR(who=who, order=listed)
            if order_by == "import":
                return STARTED_IMPORTED(who=who, order=listed)
            return STARTED(who=who, order=listed)
        case payloads.Undone(targets=targets):
            return TOOK_BACK(who=who, moves=MOVES(n=len(targets)))
        case payloads.Redone(reverted=reverted) if reverted is not None:
            return REVERSED_CORRECTION(who=who)
        case payloads.Redone(restored=restored):
            return PUT_BACK(who=who, moves=MOVES(n=len(restored)))
        case payloads.Replaced(user_name=user_name, name=name):
            if name:
                return GAVE_SEAT_RENAMED(who=who, seat=rec.seat or "", user=user_name,
                                         name=name)
            return GAVE_SEAT(who=who, seat=rec.seat or "", user=user_name)
        case payloads.Dropped():
            return DROPPED(who=who, seat=rec.seat or "")
        case payloads.Imported(source=source):
            return IMPORTED(who=who, source=source_words(source))
        case payloads.Nudged():
            return NUDGED(who=who, seat=rec.seat) if rec.seat else NUDGED_TABLE(who=who)
    return _waiting_act(rec) or OTHER_ACT(who=who, kind=rec.kind)


def source_words(source: str) -> Said:
    """An imported game's source as it is said (a stored source of no known words as it is)."""
    known = SOURCES.get(source)
    return known() if known is not None else source


def _waiting_act(rec: Record) -> Text | None:
    """A record about waiting (a setting, time away, a plan, a reminder), as the log shows it:
    a plan's steps are the player's own business and never shown."""
    seat = rec.seat or ""
    match rec.payload:
        case payloads.SettingChanged(name="deadline", value=value):
            took = deadlines.hours(value) if isinstance(value, float) else OFF()
            return SET_DEADLINE(who=rec.user_name, took=took)
        case payloads.SettingChanged(name="language", value=value):
            return (SET_LANGUAGE(who=rec.user_name, language=LanguageName(value))
                    if isinstance(value, str) else LANGUAGE_AS_SERVER(who=rec.user_name))
        case payloads.SettingChanged(name=name, value=value):
            shown: str | Text = ((ON() if value else OFF()) if isinstance(value, bool)
                                 else str(value))
            return SET_SETTING(who=rec.user_name, name=name, value=shown)
        case payloads.WentAway(until=until):
            return AWAY_UNTIL(seat=seat, until=full(until))
        case payloads.CameBack():
            return IS_BACK(seat=seat)
        case payloads.PlanChanged(steps=steps, broken=broken):
            if steps:
                return MADE_PLAN(seat=seat)
            return PLAN_STOPPED(seat=seat) if broken else PLAN_ENDED(seat=seat)
        case payloads.Reminded(stages=stages):
            if "passed" in stages:
                return TIME_RAN_OUT(seat=seat)
            if deadlines.WOKE in stages and not {"half", "hour"} & set(stages):
                return PINGED_AFTER_QUIET(seat=seat)
            if stages == (deadlines.HELD,):
                return PING_HELD(seat=seat)
            return (REMINDED_HALFWAY(seat=seat) if "half" in stages
                    else REMINDED_HOUR_LEFT(seat=seat))
    return None


def moderator_refusal(what: Said) -> Text:
    """Only a moderator can ``what`` (a ``Text`` naming the act, of the form "take back
    several moves")."""
    return ONLY_MODERATOR(what=what)
