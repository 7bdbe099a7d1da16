"""The words the table reads: move reports, whose turn it is, status, log, help and rules.

Only text is built here; every function takes the game as it is and has no effect.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from itertools import groupby

from bot.service.game import deadlines, payloads
from bot.service.game.live_game import LiveGame, Played, build_options
from bot.service.game.records import GameRecord, GameStatus, Record
from bot.service.store.store import PictureMoment
from engine import CLOCK, EDITIONS, Game, Options
from engine.limits import MAX_AUTO_LINES

#: engine events that only repeat the move they follow
_ECHO_KINDS = frozenset(("choose", "pass"))
#: how many legal choices ``moves`` lists before summing up the rest
MAX_CHOICES = 40
#: how a reply marks a move the service made, by its reason
AUTO_TAGS = {
    "dropped": " (automatic: this player has left)",
    "single": " (automatic: the only legal choice)",
    "away": " (automatic: the player is away)",
    "plan": " (planned)",
    "timeout": " (automatic: time ran out)",
}


def when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def seat_label(record: GameRecord, name: str) -> str:
    seat = record.seat(name)
    if seat is None:
        return name
    if seat.dropped:
        return f"{seat.name} (left; the bot plays for them)"
    if seat.user_id is None:
        return f"{seat.name} (empty seat)"
    if not seat.agreed:
        return f"{seat.name} (offered to {seat.user_name}; not taken yet)"
    if seat.user_name and seat.user_name != seat.name:
        return f"{seat.name} (played by {seat.user_name})"
    return seat.name


def count_of(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1 bus``, ``3 buses``."""
    return f"{count} {word if abs(count) == 1 else many or word + 's'}"


def played_lines(played: list[Played]) -> list[str]:
    """One line per move, with the automatic steps that followed it indented below; past
    ``MAX_AUTO_LINES`` automatic moves the rest are only counted, so a long automatic stretch
    (every seat dropped) is one reply, not hundreds of messages."""
    out: list[str] = []
    shown_auto = hidden = 0
    for p in played:
        if p.auto is not None:
            if shown_auto >= MAX_AUTO_LINES:
                hidden += 1
                continue
            shown_auto += 1
        tag = AUTO_TAGS.get(p.auto or "", "")
        if p.auto is not None and p.auto.startswith("bot:"):
            tag = f" (computer player, {p.auto[4:]})"
        elif p.by is not None:
            tag = f" (by moderator {p.by})"
        echo = next((e.text for e in p.events if e.kind in _ECHO_KINDS and e.player == p.seat),
                    None)
        out.append(f"{p.seat}: {p.move}{tag}" if echo is None else f"{echo}{tag}")
        out.extend(f"  · {e.text}" for e in p.events if e.kind not in _ECHO_KINDS)
    if hidden:
        out.append(f"… and {hidden} more automatic move{'s' if hidden != 1 else ''} "
                   f"(`log` lists them, `status` shows the table).")
    return out


def next_line(live: LiveGame) -> str:
    """Whom the game waits for, in one line (or how it ended)."""
    status = live.status
    if status == GameStatus.LOBBY:
        n = len(live.record.seats)
        return f"Waiting for players: {n} seated (3 to 5 play)."
    if status == GameStatus.ABANDONED:
        return "This game was abandoned."
    game = live.game
    assert game is not None
    if status == GameStatus.OVER:
        return final_scores(game)
    decision = game.to_act()
    assert decision is not None
    paused = (f" The game is paused by {live.record.paused_by}."
              if status == GameStatus.PAUSED else "")
    seat = live.record.seat(decision.player)
    extra = ""
    if seat is not None and seat.user_id is None:
        extra = (f" Nobody sits in {seat.name}'s seat yet: a moderator can offer it with "
                 f"`replace {seat.name} with @user`.")
    elif seat is not None and not seat.agreed:
        extra = (f" {seat.name}'s seat is offered to {seat.user_name}, who takes it with "
                 f"`accept`.")
    return f"Next: {decision.text}.{extra}{paused}"


def where_things_stand(live: LiveGame, game_id: int) -> str:
    """Game N, who plays, how far it is, and whom it waits for: the line a returning player
    needs first."""
    record = live.record
    players = ", ".join(s.name for s in record.seats) or "nobody seated yet"
    played = (f"; {count_of(len(record.moves), 'move')} played, round {live.game.state.round}"
              if live.game is not None else "")
    state = {GameStatus.LOBBY: "being set up", GameStatus.ACTIVE: "under way"}.get(
        live.status, live.status)
    return (f"Game {game_id} here ({record.edition} edition; {players}) is {state}"
            f"{played}. {next_line(live)}")


def final_scores(game: Game) -> str:
    parts = []
    for name in game.ranking():
        p = game.player(name)
        parts.append(f"{p.name} {p.score} ({p.carried} carried, "
                     f"{count_of(p.stones, 'clock stone')})")
    return f"The game is over: {game.winner} wins. Final scores: {'; '.join(parts)}."


def status_text(live: LiveGame, game_id: int, now: float | None = None) -> str:
    record = live.record
    lines = [f"Game {game_id} ({record.edition} edition): {live.status}."]
    options = ", ".join(f"{k}={v}" for k, v in record.options.items())
    if options:
        lines.append(f"Options: {options}.")
    lines.extend(waiting_lines(record))
    facts = deadlines.seat_facts(record, live.game, time.time() if now is None else now)
    game = live.game
    if game is None:
        seated = ", ".join(f"{s.name} ({s.colour})" for s in record.seats) or "nobody yet"
        lines.append(f"Seated: {seated}.")
        lines.append(f"Created by {record.creator_name}; a moderator types `start` to begin.")
        return "\n".join(lines)
    st = game.state
    lines.append(f"Round {st.round}, {st.phase}; clock on {CLOCK[st.clock]}, "
                 f"{count_of(st.clock_stones_left, 'clock stone')} and "
                 f"{count_of(st.passenger_supply, 'passenger')} left; "
                 f"{count_of(len(record.moves), 'move')} played.")
    for p in st.players:
        notes = "".join(f" ({fact})" for fact in facts.get(p.name, []))
        lines.append(f"  {seat_label(record, p.name)}{notes}, {p.colour}: "
                     f"{count_of(p.score, 'point')} ({p.carried} carried, "
                     f"{count_of(p.stones, 'clock stone')}), {count_of(p.buses, 'bus', 'buses')}, "
                     f"{count_of(p.markers, 'marker')} left")
    lines.append(next_line(live))
    return "\n".join(lines)


def waiting_lines(record: GameRecord) -> list[str]:
    """The game's deadline and policies, when a moderator set any."""
    if record.deadline is None and record.on_away == "wait":
        return []
    deadline = ("no deadline" if record.deadline is None else
                f"a deadline of {deadlines.hours(record.deadline)} per decision (then "
                f"`{record.on_timeout}`)")
    return [f"Waiting: {deadline}; players away: `{record.on_away}`."]


def choices_text(live: LiveGame, everything: bool = False) -> str:
    """The legal choices now: the first ``MAX_CHOICES`` on one line, or (``moves all``) every
    one on a line of its own, which a chat adapter splits over several messages."""
    game = live.game
    if game is None or live.status != GameStatus.ACTIVE:
        return f"No move can be made now: the game is {live.status}."
    decision = game.to_act()
    assert decision is not None
    legal = [str(m) for m in game.legal_moves()]
    if everything:
        return "\n".join([f"{decision.text}.", f"Every legal choice now ({len(legal)}):",
                          *(f"  · {m}" for m in legal)])
    shown = ", ".join(legal[:MAX_CHOICES])
    more = (f" and {len(legal) - MAX_CHOICES} more (`moves all` lists every one)"
            if len(legal) > MAX_CHOICES else "")
    return f"{decision.text}.\nLegal now ({len(legal)}): {shown}{more}."


def correction_slots(records: Sequence[Record]) -> dict[int, int]:
    """A correction's seq -> the seq of the first move in its place: where the log lists it
    (an act comes after the moves that were in the log before it)."""
    slot: dict[int, int] = {}
    for rec in records:
        if isinstance(correct := rec.payload, payloads.Correct):
            slot[rec.seq] = slot.get(correct.target, correct.target)
    return slot


def _players_then(records: list[Record]) -> dict[int, str | None]:
    """For each move record, the user who sat in its seat when it was made."""
    owner: dict[str, str | None] = {}
    then: dict[int, str | None] = {}
    for rec in records:
        seat = (rec.seat or "").casefold()
        match rec.payload:
            case payloads.Join(named=named, user_id=user_id):
                owner[seat] = user_id if named else rec.user_id
            case payloads.Replace(user_id=user_id, name=name):
                owner[seat] = user_id
                if name is not None:
                    owner[name.casefold()] = owner.pop(seat)
            case payloads.Move():
                then[rec.seq] = owner.get(seat)
    return then


def act_text(rec: Record) -> str:
    """A record other than a move, as the log shows it."""
    who = rec.user_name
    match rec.payload:
        case payloads.Start(order=order, seed=seed, order_by=order_by):
            how = {"random": f"seat order drawn at random (seed {seed})",
                   "moderator": "seat order given by the moderator",
                   "import": "imported"}.get(order_by, "")
            return f"{who} started the game: {', '.join(order)} ({how})"
        case payloads.Undo(targets=targets):
            return f"{who} took back {count_of(len(targets), 'move')}"
        case payloads.Redo(reverted=reverted) if reverted is not None:
            return f"{who} reversed the last correction (redo)"
        case payloads.Redo(restored=restored):
            return f"{who} put back {count_of(len(restored), 'move')} (redo)"
        case payloads.Replace(user_name=user_name, name=name):
            renamed = f" (named {name} from then on)" if name else ""
            return f"{who} gave {rec.seat}'s seat to {user_name}{renamed}"
        case payloads.Drop():
            return f"{who} dropped {rec.seat}: the bot plays for them from now on"
        case payloads.Import(source=source):
            return f"{who} imported this game ({source})"
        case payloads.Nudge():
            return f"{who} nudged {rec.seat or 'the table'}"
    return _waiting_act(rec) or f"{who}: {rec.kind}"


def _waiting_act(rec: Record) -> str | None:
    """A record about waiting (a setting, time away, a plan, a reminder), as the log shows it:
    a plan's steps are the player's own business and never shown."""
    seat = rec.seat
    match rec.payload:
        case payloads.Setting(name="deadline", value=value):
            took = deadlines.hours(value) if isinstance(value, float) else "off"
            return f"{rec.user_name} set the deadline to {took}"
        case payloads.Setting(name=name, value=value):
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            return f"{rec.user_name} set {name} to {shown}"
        case payloads.Away(until=until):
            return f"{seat} is away until {when(until)}"
        case payloads.Back():
            return f"{seat} is back"
        case payloads.Plan(steps=steps, broken=broken):
            if steps:
                return f"{seat} made a plan"
            return f"{seat}'s plan stopped" if broken else f"{seat}'s plan ended"
        case payloads.Remind(stages=stages):
            if "passed" in stages:
                return f"{seat}'s time ran out"
            return f"{seat} was reminded ({'halfway' if 'half' in stages else 'an hour left'})"
    return None


def rules_text(record: GameRecord | None) -> str:
    lines = [
        "**Bus** in short: each round players take turns placing action markers (at least two "
        "each, then they may pass), then the actions resolve in order: line expansion, buses, "
        "passengers, buildings, clock, Vrrooomm (deliver passengers to buildings of the clock's "
        "type), starting player. Each delivered passenger scores 1; each clock stone costs 1. "
        "The game ends when the last clock stone is taken, when at most one player has markers "
        "left, or when every lot is built.",
    ]
    if record is None:
        lines.append(f"No game is open here. Editions: {', '.join(EDITIONS)} (the default is "
                     f"{EDITIONS[0]}); `new game {EDITIONS[-1]}` picks one.")
    else:
        lines.append(f"This game: {record.edition} edition.")
        n = max(3, len(record.seats))
        try:
            opts: Options | None = build_options(record.edition, n, record.options)
        except ValueError:
            opts = None
        if opts is not None:
            lines.append(
                f"Components: {opts.markers} markers each, {opts.clock_stones} clock stones, "
                f"{opts.bus_limit} buses at most, {opts.passengers} passengers, building type "
                f"limit {opts.building_type_limit or 'none'}; first line on an empty street: "
                f"{'yes' if opts.first_line_on_empty_street else 'no'}; single choices played "
                f"automatically: {'yes' if opts.auto_single else 'no'}.")
    return "\n".join(lines)


def index_text(live: LiveGame, game_id: int, moments: list[PictureMoment]) -> str:
    """The game's index, like the first post of a forum thread: every picture posted, by round,
    as the move number it showed; ``map N`` draws that table again, which is how a player
    jumps to any update without scrolling the channel."""
    if not moments:
        return "No picture has been posted in this game yet."
    moves = live.record.moves
    lines = [f"Index of game {game_id}: the move number after which each picture was posted, "
             f"and when (UTC); `map N` shows that table again."]
    day = ""
    for round_number, group in groupby(moments, key=lambda m: m.round):
        entries = []
        for m in group:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(m.at))
            shown = stamp if stamp[:10] != day else stamp[11:]
            day = stamp[:10]
            stale = m.move_number > len(moves) or (
                m.move_number > 0 and moves[m.move_number - 1].seq > m.seq)
            note = f" ({m.caption})" if m.caption else ""
            mark = " (since taken back)" if stale else ""
            entries.append(f"{m.move_number} at {shown}{note}{mark}")
        title = "Setup" if round_number == 0 else f"Round {round_number}"
        lines.append(f"**{title}**: {', '.join(entries)}")
    return "\n".join(lines)


def moderator_refusal(what: str) -> str:
    return (f"Only a moderator can {what}: the game's creator, members with the moderator role, "
            f"or the server's managers.")
